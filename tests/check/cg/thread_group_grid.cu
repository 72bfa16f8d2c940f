// A thread_group made from a grid_group: CUDA's thread_group keeps the
// grid's workspace pointer where its type belongs, so on a GPU (H200, CUDA
// 13) its size() is 0 and its sync() does not synchronize the grid.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;
__global__ void k(int *flag)
{
    cg::thread_group g = cg::this_grid();
    if (blockIdx.x == 0 && threadIdx.x == 0)
        *flag = 1;
    g.sync();
}
int main()
{
    int *d;
    cudaMalloc(&d, sizeof(int));
    void *args[] = {&d};
    cudaLaunchCooperativeKernel((void *)k, 2, 32, args, 0, 0);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
