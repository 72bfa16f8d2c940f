// __pipeline_memcpy_async of 16 bytes to an address aligned to 8 only.
#include <cstdio>
#include <cuda_pipeline.h>
__global__ void k(const int *src)
{
    __shared__ alignas(16) int dst[16];
    __pipeline_memcpy_async(dst + 2, src, 16);
    __pipeline_commit();
    __pipeline_wait_prior(0);
}
int main()
{
    int *d;
    cudaMalloc(&d, 64);
    k<<<1, 1>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
