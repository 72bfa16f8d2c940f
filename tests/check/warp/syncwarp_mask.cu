// __syncwarp with a mask that leaves the calling lane out.
#include <cstdio>
__global__ void k(int *out)
{
    out[threadIdx.x] = threadIdx.x;
    __syncwarp(threadIdx.x < 16 ? 0x0000ffffu : 0x0000ffffu);
}
int main()
{
    int *d;
    cudaMalloc(&d, 32 * sizeof(int));
    k<<<1, 32>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
