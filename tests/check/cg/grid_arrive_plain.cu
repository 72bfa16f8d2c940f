// grid_group::barrier_arrive in a grid launched with <<<>>>.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;
__global__ void k()
{
    cg::grid_group grid = cg::this_grid();
    auto token = grid.barrier_arrive();
    grid.barrier_wait(std::move(token));
}
int main()
{
    k<<<2, 32>>>();
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
