// A block of a cluster reads the shared memory of another block of its
// cluster after that block has exited (no cluster.sync() keeps it alive):
// undefined in CUDA; simt reports the access and the block.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

__global__ void __cluster_dims__(2, 1, 1) k(int *out)
{
    __shared__ int s[32];
    cg::cluster_group cluster = cg::this_cluster();
    s[threadIdx.x] = (int)(cluster.block_rank() * 100 + threadIdx.x);
    if (cluster.block_rank() == 1) {
        // Wait long enough for block 0 to finish.
        for (int i = 0; i < 1000; i++)
            __nanosleep(1000);
        int *other = cluster.map_shared_rank(s, 0);
        out[threadIdx.x] = other[threadIdx.x];
    }
}

int main()
{
    int *d;
    cudaMalloc(&d, 32 * sizeof(int));
    k<<<2, 32>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
