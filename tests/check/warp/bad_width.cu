// A shuffle width that is not a power of two.
#include <cstdio>
__global__ void k(int *out, int width)
{
    out[threadIdx.x] = __shfl_down_sync(0xffffffff, (int)threadIdx.x, 1, width);
}
int main()
{
    int *d;
    cudaMalloc(&d, 32 * sizeof(int));
    k<<<1, 32>>>(d, 12);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
