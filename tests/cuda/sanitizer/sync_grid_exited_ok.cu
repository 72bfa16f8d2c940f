// The correct twin of tests/check/sanitizer/sync_grid_exited.cu, which
// plants a bug: in a cooperative launch, blocks with no work return before
// grid.sync(), which every block must reach.
#include <cstdio>

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void twice(int *a, int *sum, int n)
{
    cg::grid_group g = cg::this_grid();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(sum, a[i]);
    g.sync();
    if (i < n)
        a[i] = *sum;
}

int main()
{
    const int n = 100;
    int h[n], *a, *sum;
    for (int i = 0; i < n; i++)
        h[i] = 1;
    cudaMalloc(&a, sizeof h);
    cudaMalloc(&sum, sizeof(int));
    cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemset(sum, 0, sizeof(int));
    int nn = n;
    void *args[] = {&a, &sum, &nn};
    cudaError_t e = cudaLaunchCooperativeKernel((void *)twice, 4, 64, args, 0, 0);
    cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);
    printf("%s %d %d\n", cudaGetErrorName(e), h[0], h[99]);
    return 0;
}
