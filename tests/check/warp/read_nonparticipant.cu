// A shuffle reads a lane that does not take part in it: undefined in CUDA,
// warned about (once per call site) and read as 0, as an H100 does.
#include <cstdio>
__global__ void k(int *out)
{
    if (threadIdx.x < 16)
        out[threadIdx.x] = __shfl_down_sync(0x0000ffff, (int)threadIdx.x, 4);
}
int main()
{
    int *d;
    cudaMalloc(&d, 32 * sizeof(int));
    k<<<1, 32>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
