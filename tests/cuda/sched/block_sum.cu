// Blocks that combine their results with atomics give the same answer in
// any block order (run under SIMT_SCHEDULE=reverse); each block's threads
// hand values through shared memory and warp shuffles.
#include <cstdio>
__global__ void sum(const int *in, unsigned long long *total)
{
    __shared__ int part[8];
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    for (int d = 16; d > 0; d /= 2)
        v += __shfl_down_sync(0xffffffff, v, d);
    if (threadIdx.x % 32 == 0)
        part[threadIdx.x / 32] = v;
    __syncthreads();
    if (threadIdx.x == 0) {
        int s = 0;
        for (int i = 0; i < (int)blockDim.x / 32; i++)
            s += part[i];
        atomicAdd(total, (unsigned long long)s);
    }
}
int main()
{
    const int blocks = 37, threads = 256, n = blocks * threads;
    int *h = new int[n], *in;
    for (int i = 0; i < n; i++)
        h[i] = (i * 2654435761u) % 1000;
    unsigned long long *total, r = 0;
    cudaMalloc(&in, n * sizeof(int));
    cudaMalloc(&total, sizeof r);
    cudaMemcpy(in, h, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(total, 0, sizeof r);
    sum<<<blocks, threads>>>(in, total);
    cudaMemcpy(&r, total, sizeof r, cudaMemcpyDeviceToHost);
    printf("total %llu\n", r);
    delete[] h;
    return 0;
}
