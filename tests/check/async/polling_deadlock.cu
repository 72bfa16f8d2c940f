// Threads poll __mbarrier_test_wait for a phase one arrival short: the
// loop would spin for ever on a GPU; simt reports it.
#include <cstdio>
#include <cuda_awbarrier_primitives.h>
__global__ void k()
{
    __shared__ __mbarrier_t bar;
    if (threadIdx.x == 0)
        __mbarrier_init(&bar, blockDim.x + 1);
    __syncthreads();
    __mbarrier_token_t t = __mbarrier_arrive(&bar);
    while (!__mbarrier_test_wait(&bar, t)) {
    }
}
int main()
{
    k<<<1, 8>>>();
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
