// __mbarrier_init on a barrier in global memory: bar must point to
// __shared__ memory (CUDA guide 5.6.1).
#include <cstdio>
#include <cuda_awbarrier_primitives.h>
__global__ void k(__mbarrier_t *bar)
{
    __mbarrier_init(bar, 1);
    (void)__mbarrier_arrive(bar);
}
int main()
{
    __mbarrier_t *d;
    cudaMalloc(&d, sizeof *d);
    k<<<1, 1>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
