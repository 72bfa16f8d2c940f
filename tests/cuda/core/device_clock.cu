// device_clock.cu: clock() and clock64() in kernels count the device's
// cycles: a spin loop sized from cudaDevAttrClockRate (as NVIDIA's
// simpleHyperQ and clock samples size theirs) ends after about the time
// it asks for, clock() wraps as a 32-bit counter, clock64() never goes
// back, and the host's clock() is still C's.  Prints only comparisons.
#include <cstdio>
#include <ctime>

__global__ void spin(long long cycles, long long *out)
{
    long long s64 = clock64();
    unsigned start = (unsigned)clock();
    clock_t offset = 0;
    while (offset < cycles)
        offset = (clock_t)((unsigned)clock() - start);
    long long e64 = clock64();
    out[0] = offset >= cycles;
    out[1] = e64 - s64 >= cycles;
    out[2] = clock() >= 0;
    out[3] = clock64() >= e64;
}

int main()
{
    int khz = 0;
    cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, 0);
    long long *d, h[4];
    cudaMalloc(&d, sizeof h);
    cudaEvent_t a, b;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    clock_t host0 = clock();
    // 20 ms of device cycles
    cudaEventRecord(a);
    spin<<<1, 1>>>(20LL * khz, d);
    cudaEventRecord(b);
    cudaError_t e = cudaEventSynchronize(b);
    float ms = 0;
    cudaEventElapsedTime(&ms, a, b);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%s: clock %lld clock64 %lld nonnegative %lld monotonic %lld\n", cudaGetErrorName(e),
           h[0], h[1], h[2], h[3]);
    printf("took at least 10 ms: %d, under 2 s: %d\n", ms >= 10.0f, ms < 2000.0f);
    printf("host clock() runs: %d\n", clock() >= host0);
    return 0;
}
