// Lanes that name each other with different masks.
#include <cstdio>
__global__ void k(int *out)
{
    int v = threadIdx.x;
    unsigned mask = threadIdx.x < 16 ? 0xffffffffu : 0x0001ffffu;
    out[threadIdx.x] = __shfl_xor_sync(mask, v, 1);
}
int main()
{
    int *d;
    cudaMalloc(&d, 32 * sizeof(int));
    k<<<1, 32>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
