// A lane of a 16-thread tile leaves before the tile's reduction.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
namespace cg = cooperative_groups;
__global__ void k(int *out)
{
    cg::thread_block block = cg::this_thread_block();
    auto tile = cg::tiled_partition<16>(block);
    if (tile.thread_rank() == 3)
        return;
    out[block.thread_rank()] = cg::reduce(tile, (int)block.thread_rank(), cg::plus<int>());
}
int main()
{
    int *d;
    cudaMalloc(&d, 32 * sizeof(int));
    k<<<1, 32>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
