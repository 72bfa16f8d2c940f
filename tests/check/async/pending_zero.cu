// Every thread drops out in phase 0, so phase 1 expects no arrival; an
// arrival then finds a pending count of zero (CUDA guide 5.6.1: "Pending
// count must not be zero").
#include <cstdio>
#include <cuda_awbarrier_primitives.h>
__global__ void k()
{
    __shared__ __mbarrier_t bar;
    if (threadIdx.x == 0)
        __mbarrier_init(&bar, 4);
    __syncthreads();
    __mbarrier_token_t t = __mbarrier_arrive_and_drop(&bar);
    while (!__mbarrier_test_wait(&bar, t)) {
    }
    if (threadIdx.x == 2)
        (void)__mbarrier_arrive(&bar);
}
int main()
{
    k<<<1, 4>>>();
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
