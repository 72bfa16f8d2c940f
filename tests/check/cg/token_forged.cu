// A cluster barrier_wait with a token that no barrier_arrive returned.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;
__global__ void __cluster_dims__(2, 1, 1) k()
{
    cg::cluster_group cluster = cg::this_cluster();
    cluster.barrier_wait(cg::cluster_group::arrival_token{});
}
int main()
{
    k<<<2, 32>>>();
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
