// An arrival on a barrier after __mbarrier_inval.
#include <cstdio>
#include <cuda_awbarrier_primitives.h>
__global__ void k()
{
    __shared__ __mbarrier_t bar;
    if (threadIdx.x == 0)
        __mbarrier_init(&bar, 2);
    __syncthreads();
    __mbarrier_token_t t = __mbarrier_arrive(&bar);
    while (!__mbarrier_test_wait(&bar, t)) {
    }
    __syncthreads();
    if (threadIdx.x == 0)
        __mbarrier_inval(&bar);
    __syncthreads();
    if (threadIdx.x == 1)
        (void)__mbarrier_arrive(&bar);
}
int main()
{
    k<<<1, 2>>>();
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
