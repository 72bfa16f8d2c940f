// Planted bug: thread 0 sets a shared flag that every thread of its block
// tests with no barrier in between, and the branch on it holds barriers.
// A racecheck build reports the race (and keeps each thread's own reading
// of the flag); tests/cuda/core/shared_flag_loop.cu is the correct twin,
// with the barrier before the flag is read.
#include <cstdio>

__global__ void step(float *x, int rounds)
{
    __shared__ int go;
    __shared__ float s[128];
    if (threadIdx.x == 0)
        go = rounds > 0;
    if (go) { /* should follow a __syncthreads() */
        s[threadIdx.x] = x[blockIdx.x * blockDim.x + threadIdx.x];
        __syncthreads();
        x[blockIdx.x * blockDim.x + threadIdx.x] = s[127 - threadIdx.x];
        __syncthreads();
    }
}

int main()
{
    float *x;
    cudaMalloc(&x, 4 * 128 * sizeof(float));
    cudaMemset(x, 0, 4 * 128 * sizeof(float));
    step<<<1, 128>>>(x, 1); /* one block: the report names it */
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
