// Lanes of one warp waiting, with the same mask, in different collectives.
#include <cstdio>
__global__ void k(unsigned *out)
{
    if (threadIdx.x % 2)
        out[threadIdx.x] = __ballot_sync(0xffffffff, 1);
    else
        out[threadIdx.x] = __shfl_sync(0xffffffff, 7u, 0);
}
int main()
{
    unsigned *d;
    cudaMalloc(&d, 32 * sizeof(unsigned));
    k<<<1, 32>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
