// A member of a coalesced group leaves before the group's shuffle.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;
__global__ void k(int *out)
{
    if (threadIdx.x % 4 == 0) {
        cg::coalesced_group g = cg::coalesced_threads();
        if (g.thread_rank() == 2)
            return;
        out[threadIdx.x] = g.shfl((int)threadIdx.x, 0);
    }
}
int main()
{
    int *d;
    cudaMalloc(&d, 32 * sizeof(int));
    k<<<1, 32>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
