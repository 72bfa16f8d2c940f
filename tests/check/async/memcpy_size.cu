// __pipeline_memcpy_async with a size other than 4, 8 or 16.
#include <cstdio>
#include <cuda_pipeline.h>
__global__ void k(const int *src, int n)
{
    __shared__ alignas(16) int dst[16];
    __pipeline_memcpy_async(dst, src, n);
    __pipeline_commit();
    __pipeline_wait_prior(0);
}
int main()
{
    int *d;
    cudaMalloc(&d, 64);
    k<<<1, 1>>>(d, 12);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
