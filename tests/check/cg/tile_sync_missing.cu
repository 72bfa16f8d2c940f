// One thread of a 64-thread tile never reaches the tile's sync.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;
__global__ void k(int *out)
{
    cg::thread_block block = cg::this_thread_block();
    auto tile = cg::tiled_partition<64>(block);
    out[block.thread_rank()] = 1;
    if (tile.thread_rank() == 40)
        return;
    tile.sync();
    out[block.thread_rank()] = 2;
}
int main()
{
    int *d;
    cudaMalloc(&d, 128 * sizeof(int));
    k<<<1, 128>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
