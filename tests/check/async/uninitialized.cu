// An arrival on a barrier nobody initialized ("Initialization of *bar must
// happen before this call", CUDA guide 5.6.1).
#include <cstdio>
#include <cuda_awbarrier_primitives.h>
__global__ void k()
{
    __shared__ __mbarrier_t bar;
    (void)__mbarrier_arrive(&bar);
}
int main()
{
    k<<<1, 1>>>();
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
