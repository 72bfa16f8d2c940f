// __mbarrier_init on a barrier in global memory: bar must point to
// __shared__ memory (CUDA guide 5.6.1).
#include <cstdio>
#include <cuda_awbarrier_primitives.h>
__device__ __mbarrier_t bar;
__global__ void k()
{
    __mbarrier_init(&bar, 1);
    (void)__mbarrier_arrive(&bar);
}
int main()
{
    k<<<1, 1>>>();
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
