// Each device's limits: set on one device, read on both, kept across the
// other device's reset and restored by the device's own reset; a kernel
// that allocates from the device heap on device 1 fixes device 1's heap
// size only.  Run with two devices (SIMT_DEVICES=2).
#include <cstdio>

__global__ void grab(int **out)
{
    *out = (int *)malloc(64);
    if (*out)
        **out = 7;
}

static void show(const char *when)
{
    size_t s0, s1, f0, f1;
    cudaSetDevice(0);
    cudaDeviceGetLimit(&s0, cudaLimitStackSize);
    cudaDeviceGetLimit(&f0, cudaLimitPrintfFifoSize);
    cudaSetDevice(1);
    cudaDeviceGetLimit(&s1, cudaLimitStackSize);
    cudaDeviceGetLimit(&f1, cudaLimitPrintfFifoSize);
    printf("%s: stack %zu %zu, printf fifo %zu %zu\n", when, s0, s1, f0, f1);
}

int main()
{
    show("defaults");
    cudaSetDevice(1);
    printf("set stack on 1: %d\n", (int)cudaDeviceSetLimit(cudaLimitStackSize, 4096));
    printf("set fifo on 1: %d\n", (int)cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 1 << 22));
    show("after setting device 1");
    cudaSetDevice(0);
    cudaDeviceReset();
    show("after resetting device 0");
    cudaSetDevice(1);
    cudaDeviceReset();
    show("after resetting device 1");

    // The heap of device 1 is in use: its size no longer changes there.
    int **slot;
    cudaMallocManaged(&slot, sizeof(int *));
    grab<<<1, 1>>>(slot);
    cudaDeviceSynchronize();
    printf("device 1 kernel got memory: %d\n", *slot != nullptr);
    printf("heap on 1 after use: %d\n", (int)cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 24));
    cudaGetLastError();
    cudaSetDevice(0);
    printf("heap on 0: %d\n", (int)cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 24));
    size_t h;
    cudaDeviceGetLimit(&h, cudaLimitMallocHeapSize);
    printf("heap on 0 now %zu\n", h);
    cudaSetDevice(1);
    cudaFree(slot);
    printf("last error %d\n", (int)cudaGetLastError());
    return 0;
}
