// In tiles wider than 32 threads every thread must shuffle from the same
// rank (CUDA guide 5.6.3.1.4).
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;
__global__ void k(int *out)
{
    cg::thread_block block = cg::this_thread_block();
    auto tile = cg::tiled_partition<128>(block);
    out[block.thread_rank()] = tile.shfl((int)block.thread_rank(), tile.thread_rank() % 2);
}
int main()
{
    int *d;
    cudaMalloc(&d, 128 * sizeof(int));
    k<<<1, 128>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
