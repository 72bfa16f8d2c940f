// A lane calls a shuffle with a mask that does not name it.
#include <cstdio>
__global__ void k(int *out)
{
    int v = threadIdx.x;
    unsigned mask = threadIdx.x == 5 ? 0xffffffdfu : 0xffffffffu;
    out[threadIdx.x] = __shfl_sync(mask, v, 0);
}
int main()
{
    int *d;
    cudaMalloc(&d, 32 * sizeof(int));
    k<<<1, 32>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
