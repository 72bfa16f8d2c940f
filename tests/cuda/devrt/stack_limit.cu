// cudaLimitStackSize: the default, how values set are rounded, what is
// refused, and that the value set stays.
#include <cstdio>

static void set(size_t want)
{
    cudaError_t e = cudaDeviceSetLimit(cudaLimitStackSize, want);
    size_t v = 0;
    cudaDeviceGetLimit(&v, cudaLimitStackSize);
    printf("set %zu: %s, stack %zu\n", want, cudaGetErrorName(e), v);
    cudaGetLastError();
}

__global__ void small(int *p) { p[threadIdx.x] = threadIdx.x; }

int main()
{
    size_t v = 0;
    cudaDeviceGetLimit(&v, cudaLimitStackSize);
    printf("default stack: %zu\n", v);
    set(1000);
    set(1001);
    set(1);
    set(0);
    set(4096);
    set(8192 + 3);
    set(65536);
    set(512 * 1024);
    set(1024 * 1024);
    set((size_t)1 << 30);
    set((size_t)1 << 40);
    set(2048);
    int *p;
    cudaMalloc(&p, 256 * sizeof(int));
    small<<<1, 256>>>(p);
    cudaDeviceSynchronize();
    cudaDeviceGetLimit(&v, cudaLimitStackSize);
    printf("after a small kernel: %zu\n", v);
    set(1024);
    cudaDeviceReset();
    cudaDeviceGetLimit(&v, cudaLimitStackSize);
    printf("after reset: %zu\n", v);
    return 0;
}
