// After four full-warp shuffles (a ring on the fiber tier), a lane the
// next shuffle's mask names returns instead of reaching it.
#include <cstdio>
__global__ void k(unsigned *out)
{
    unsigned v = threadIdx.x;
    for (int r = 0; r < 4; r++)
        v += __shfl_down_sync(0xffffffff, v, 1);
    if (threadIdx.x == 5)
        return;
    out[threadIdx.x] = __shfl_sync(0xffffffff, v, 0);
}
int main()
{
    unsigned *out;
    cudaMalloc(&out, 32 * sizeof(unsigned));
    k<<<1, 32>>>(out);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
