// tiled_partition of a grid_group seen as a thread_group: only blocks,
// tiles and coalesced groups can be partitioned.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;
__global__ void k(unsigned *out)
{
    cg::thread_group grid = cg::this_grid();
    cg::thread_group tile = cg::tiled_partition(grid, 8);
    out[threadIdx.x] = (unsigned)tile.size();
}
int main()
{
    unsigned *d;
    cudaMalloc(&d, 64 * sizeof(unsigned));
    k<<<1, 64>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
