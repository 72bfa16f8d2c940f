// Threads of one block waiting at two different __syncthreads: undefined
// behaviour in CUDA (a GPU happens to match the arrivals up); simt reports
// both sites and fails the launch instead of working by luck.
#include <cstdio>

__global__ void diverge(int *out)
{
    if (threadIdx.x < 16) {
        __syncthreads();
        out[threadIdx.x] = 1;
    } else {
        __syncthreads();
        out[threadIdx.x] = 2;
    }
}

int main()
{
    int *out;
    cudaMalloc(&out, 32 * sizeof(int));
    diverge<<<1, 32>>>(out);
    printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
