// The dynamic tiled_partition makes tiles of at most 32 threads (CUDA
// guide 5.6.3.3.1); a GPU traps.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;
__global__ void k(unsigned *out)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_group tile = cg::tiled_partition(block, 64);
    out[block.thread_rank()] = (unsigned)tile.size();
}
int main()
{
    unsigned *d;
    cudaMalloc(&d, 128 * sizeof(unsigned));
    k<<<1, 128>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
