// What the multi-device calls answer on a machine with one device: peer
// queries of the device with itself, P2P attributes, PCI bus ids, the
// device of a stream and of an allocation, and the errors for device 1.
#include <cstdio>

int main()
{
    int n = -1;
    cudaGetDeviceCount(&n);
    printf("count %d\n", n);
    int can = -1;
    printf("can access itself %d", (int)cudaDeviceCanAccessPeer(&can, 0, 0));
    printf(" -> %d\n", can);
    printf("can access device 1 %d\n", (int)cudaDeviceCanAccessPeer(&can, 0, 1));
    cudaGetLastError();
    int v = -1;
    printf("p2p attribute with itself %d\n",
           (int)cudaDeviceGetP2PAttribute(&v, cudaDevP2PAttrAccessSupported, 0, 0));
    cudaGetLastError();
    printf("p2p attribute with device 1 %d\n",
           (int)cudaDeviceGetP2PAttribute(&v, cudaDevP2PAttrAccessSupported, 0, 1));
    cudaGetLastError();
    printf("enable peer access to itself %d\n", (int)cudaDeviceEnablePeerAccess(0, 0));
    cudaGetLastError();
    printf("disable peer access to itself %d\n", (int)cudaDeviceDisablePeerAccess(0));
    cudaGetLastError();
    char id[32] = "";
    int back = -1;
    printf("bus id %d", (int)cudaDeviceGetPCIBusId(id, sizeof id, 0));
    printf(", back %d", (int)cudaDeviceGetByPCIBusId(&back, id));
    printf(" -> %d\n", back);
    printf("unknown bus id %d\n", (int)cudaDeviceGetByPCIBusId(&back, "0000:ff:1f.0"));
    cudaGetLastError();
    printf("malformed bus id %d\n", (int)cudaDeviceGetByPCIBusId(&back, "not a bus id"));
    cudaGetLastError();
    cudaStream_t s;
    cudaStreamCreate(&s);
    int d = -1;
    printf("stream device %d", (int)cudaStreamGetDevice(s, &d));
    printf(" -> %d\n", d);
    printf("default stream device %d", (int)cudaStreamGetDevice(0, &d));
    printf(" -> %d\n", d);
    int *p;
    cudaMalloc(&p, 64);
    cudaPointerAttributes a;
    cudaPointerGetAttributes(&a, p);
    printf("allocation on device %d\n", a.device);
    cudaPointerGetAttributes(&a, &n);
    printf("host variable on device %d\n", a.device);
    printf("peer copy to device 1 %d\n", (int)cudaMemcpyPeer(p, 1, p, 0, 16));
    cudaGetLastError();
    printf("peer copy within device 0 %d\n", (int)cudaMemcpyPeer(p, 0, p + 8, 0, 16));
    cudaMemcpy3DPeerParms q = {};
    q.srcPtr = make_cudaPitchedPtr(p, 64, 16, 1);
    q.dstPtr = make_cudaPitchedPtr(p, 64, 16, 1);
    q.extent = make_cudaExtent(16, 1, 1);
    q.dstDevice = 1;
    printf("3D peer copy to device 1 %d\n", (int)cudaMemcpy3DPeer(&q));
    cudaGetLastError();
    q.dstDevice = 0;
    q.srcPos = make_cudaPos(32, 0, 0);
    printf("3D peer copy within device 0 %d\n", (int)cudaMemcpy3DPeer(&q));
    unsigned f = 0;
    cudaGetDeviceFlags(&f);
    printf("flags %#x\n", f);
    cudaStreamDestroy(s);
    cudaFree(p);
    printf("last %d\n", (int)cudaGetLastError());
    return 0;
}
