// One thread of the block never arrives: the others wait for a phase that
// cannot complete.
#include <cstdio>
#include <cuda/barrier>
__global__ void k()
{
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    if (threadIdx.x == 0)
        init(&bar, blockDim.x);
    __syncthreads();
    if (threadIdx.x == 5)
        return;
    bar.arrive_and_wait();
}
int main()
{
    k<<<1, 32>>>();
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
