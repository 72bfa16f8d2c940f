// grid.sync() in a grid launched with <<<>>>: its blocks need not be
// resident together, so a GPU's behaviour is undefined (it may hang).
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;
__global__ void k(int *out)
{
    cg::grid_group grid = cg::this_grid();
    out[grid.thread_rank()] = grid.is_valid();
    grid.sync();
}
int main()
{
    int *d;
    cudaMalloc(&d, 256 * sizeof(int));
    k<<<4, 64>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
