// Two __syncthreads on one line are two barriers: a barrier's identity is
// its call site, not its file and line.  Threads of one block waiting at
// both is undefined behaviour in CUDA; simt reports it.
#include <cstdio>

__global__ void diverge(int *out)
{
    if (threadIdx.x < 16) { __syncthreads(); out[threadIdx.x] = 1; } else { __syncthreads(); out[threadIdx.x] = 2; }
}

int main()
{
    int *out;
    cudaMalloc(&out, 32 * sizeof(int));
    diverge<<<1, 32>>>(out);
    printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
