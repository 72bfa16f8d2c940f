// thread_block::sync on two different lines: arrivals at different
// barriers, which CUDA leaves undefined.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;
__global__ void k(int *out)
{
    cg::thread_block block = cg::this_thread_block();
    if (block.thread_rank() < 32)
        block.sync();
    else
        cg::sync(block);
    out[block.thread_rank()] = 1;
}
int main()
{
    int *d;
    cudaMalloc(&d, 64 * sizeof(int));
    k<<<1, 64>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
