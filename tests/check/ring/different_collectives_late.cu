// A warp's lanes meet in four full-warp shuffles (the fiber tier runs them
// in a ring by then), then half of them call another collective with the
// same mask: reported, as when it happens at the first.
#include <cstdio>
__global__ void k(unsigned *out)
{
    unsigned v = threadIdx.x;
    for (int r = 0; r < 4; r++)
        v += __shfl_down_sync(0xffffffff, v, 1);
    if (threadIdx.x < 16)
        v = __shfl_xor_sync(0xffffffff, v, 1);
    else
        v = __ballot_sync(0xffffffff, v & 1);
    out[threadIdx.x] = v;
}
int main()
{
    unsigned *out;
    cudaMalloc(&out, 32 * sizeof(unsigned));
    k<<<1, 32>>>(out);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
