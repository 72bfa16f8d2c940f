// After four full-warp shuffles (a ring on the fiber tier), half the warp
// waits in a full-warp shuffle and the other half at __syncthreads:
// neither can finish.  Diagnosed, never a hang.
#include <cstdio>
__global__ void k(unsigned *out)
{
    unsigned v = threadIdx.x;
    for (int r = 0; r < 4; r++)
        v += __shfl_down_sync(0xffffffff, v, 1);
    if (threadIdx.x < 16)
        out[threadIdx.x] = __shfl_sync(0xffffffff, v, 0);
    else
        __syncthreads();
}
int main()
{
    unsigned *out;
    cudaMalloc(&out, 32 * sizeof(unsigned));
    k<<<1, 32>>>(out);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
