// __pipeline_memcpy_async into global memory: dst_shared must point to
// shared memory (CUDA guide 5.6.2.1).
#include <cstdio>
#include <cuda_pipeline.h>
__global__ void k(int *dst, const int *src)
{
    __pipeline_memcpy_async(dst, src, 4);
    __pipeline_commit();
    __pipeline_wait_prior(0);
}
int main()
{
    int *d;
    cudaMalloc(&d, 64);
    k<<<1, 1>>>(d, d + 4);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
