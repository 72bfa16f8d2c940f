// A lane the mask names returns before reaching the collective.
#include <cstdio>
__global__ void k(int *out)
{
    if (threadIdx.x == 20)
        return;
    out[threadIdx.x] = __reduce_add_sync(0xffffffff, threadIdx.x);
}
int main()
{
    int *d;
    cudaMalloc(&d, 32 * sizeof(int));
    k<<<1, 32>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
