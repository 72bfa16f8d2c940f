// Several devices: the count, the current device per host thread, each
// device's properties and PCI bus id, and the calls' errors for a device
// that does not exist.  Run with two devices (SIMT_DEVICES=2).
#include <cstdio>
#include <cstring>
#include <thread>

static int other_thread_device = -1;

int main()
{
    int n = -1;
    printf("count %d %d\n", (int)cudaGetDeviceCount(&n), n);
    int d = -1;
    printf("get %d %d\n", (int)cudaGetDevice(&d), d);
    printf("set 1: %d\n", (int)cudaSetDevice(1));
    cudaGetDevice(&d);
    printf("now %d\n", d);
    printf("set %d: %d\n", n, (int)cudaSetDevice(n));
    printf("last error %d\n", (int)cudaGetLastError());
    cudaGetDevice(&d);
    printf("still %d\n", d);
    printf("set -1: %d\n", (int)cudaSetDevice(-1));
    cudaGetLastError();

    // The current device belongs to the calling host thread.
    std::thread t([] { cudaGetDevice(&other_thread_device); });
    t.join();
    printf("another thread starts on %d\n", other_thread_device);
    cudaGetDevice(&d);
    printf("this thread keeps %d\n", d);

    cudaDeviceProp p0, p1;
    printf("props %d %d\n", (int)cudaGetDeviceProperties(&p0, 0), (int)cudaGetDeviceProperties(&p1, 1));
    printf("props of %d: %d\n", n, (int)cudaGetDeviceProperties(&p0, n));
    cudaGetLastError();
    cudaGetDeviceProperties(&p0, 0);
    printf("same kind %d, bus ids differ %d, uuids differ %d\n",
           p0.major == p1.major && p0.minor == p1.minor && p0.multiProcessorCount == p1.multiProcessorCount,
           p0.pciBusID != p1.pciBusID || p0.pciDomainID != p1.pciDomainID,
           memcmp(p0.uuid.bytes, p1.uuid.bytes, 16) != 0);
    int bus0 = -1, bus1 = -1;
    cudaDeviceGetAttribute(&bus0, cudaDevAttrPciBusId, 0);
    cudaDeviceGetAttribute(&bus1, cudaDevAttrPciBusId, 1);
    printf("attribute bus ids match props %d %d\n", bus0 == p0.pciBusID, bus1 == p1.pciBusID);
    printf("attribute of %d: %d\n", n, (int)cudaDeviceGetAttribute(&bus0, cudaDevAttrPciBusId, n));
    cudaGetLastError();

    for (int i = 0; i < n; i++) {
        char id[32];
        int back = -1;
        cudaError_t e1 = cudaDeviceGetPCIBusId(id, sizeof id, i);
        cudaError_t e2 = cudaDeviceGetByPCIBusId(&back, id);
        printf("device %d: bus id %d, back %d -> %d\n", i, (int)e1, (int)e2, back);
    }
    char id[32];
    printf("bus id of %d: %d\n", n, (int)cudaDeviceGetPCIBusId(id, sizeof id, n));
    int back = -1;
    printf("unknown bus id: %d\n", (int)cudaDeviceGetByPCIBusId(&back, "0000:ff:1f.0"));
    cudaGetLastError();

    // Each device has its own flags.
    cudaSetDevice(0);
    cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync);
    unsigned f0 = 0, f1 = 0;
    cudaGetDeviceFlags(&f0);
    cudaSetDevice(1);
    cudaGetDeviceFlags(&f1);
    printf("flags 0: %#x 1: %#x\n", f0, f1);

    int valid[2] = {1, 0};
    printf("valid devices %d\n", (int)cudaSetValidDevices(valid, 2));
    int bad[1] = {n};
    printf("valid devices with %d: %d\n", n, (int)cudaSetValidDevices(bad, 1));
    cudaGetLastError();
    return 0;
}
