// Half a warp waits in a full-warp shuffle while the other half waits at
// __syncthreads: neither can finish.  Diagnosed, never a hang.
#include <cstdio>
__global__ void k(int *out)
{
    if (threadIdx.x < 16)
        out[threadIdx.x] = __shfl_sync(0xffffffff, (int)threadIdx.x, 0);
    else
        __syncthreads();
}
int main()
{
    int *d;
    cudaMalloc(&d, 32 * sizeof(int));
    k<<<1, 32>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
