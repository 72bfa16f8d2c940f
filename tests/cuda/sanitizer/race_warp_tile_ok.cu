// The correct twin of tests/check/sanitizer/race_warp_tile.cu, which plants
// a bug: lanes of a cooperative-groups tile exchange values through
// __shared__ memory without tile.sync().
#include <cstdio>

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void rotate(const int *in, int *out)
{
    __shared__ int s[64];
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    int t = threadIdx.x;
    s[t] = in[t] * 3;
    tile.sync();
    int base = t - tile.thread_rank();
    out[t] = s[base + (tile.thread_rank() + 1) % 32];
}

int main()
{
    int h[64], *in, *out;
    for (int i = 0; i < 64; i++)
        h[i] = i;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    rotate<<<1, 64>>>(in, out);
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d %d\n", h[0], h[31], h[63]);
    return 0;
}
