// tiled_partition<64> of a block of 96 threads: the parent's size must be
// a multiple of the tile's (CUDA guide 5.6.3.3.1).
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;
__global__ void k(unsigned *out)
{
    cg::thread_block block = cg::this_thread_block();
    auto tile = cg::tiled_partition<64>(block);
    out[block.thread_rank()] = tile.meta_group_rank();
}
int main()
{
    unsigned *d;
    cudaMalloc(&d, 96 * sizeof(unsigned));
    k<<<1, 96>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
