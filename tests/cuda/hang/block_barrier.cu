// Blocks that meet at a barrier of their own (an atomicAdd on a global
// counter, then a spin until every block has added), as Parboil's bfs
// does between its levels: CUDA does not promise that the blocks run at
// once, but a GPU runs a grid this small all at once, so it works there.
// simt runs as many blocks as it has workers; the blocks it has not
// started get threads of their own once the others stop making progress
// (src/engine/resident.c), and the second launch gets them at once.
#include <cstdio>

__device__ volatile int arrived = 0;

__global__ void phases(int *data, int *out, int round)
{
    unsigned b = blockIdx.x, n = gridDim.x, t = threadIdx.x;
    data[b * blockDim.x + t] = (int)((b + 1) * (t + 3 * round));
    __threadfence();
    __syncthreads();
    if (t == 0) {
        atomicAdd((int *)&arrived, 1);
        while (arrived < (int)n * round)
            ;
    }
    __syncthreads();
    /* the next block's row, reversed: written before that block arrived */
    unsigned nb = (b + 1) % n;
    out[b * blockDim.x + t] = ((volatile int *)data)[nb * blockDim.x + blockDim.x - 1 - t];
}

int main()
{
    const int blocks = 24, threads = 64, n = blocks * threads;
    int *data, *out, h[blocks * threads];
    cudaMalloc(&data, n * sizeof(int));
    cudaMalloc(&out, n * sizeof(int));
    for (int round = 1; round <= 2; round++) {
        cudaMemset(data, 0, n * sizeof(int));
        phases<<<blocks, threads>>>(data, out, round);
        cudaError_t e = cudaDeviceSynchronize();
        cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
        long long sum = 0;
        int zeros = 0;
        for (int i = 0; i < n; i++) {
            sum += (long long)h[i] * (i % 7 + 1);
            zeros += h[i] == 0;
        }
        printf("round %d: %s, sum %lld, unset %d\n", round, cudaGetErrorName(e), sum, zeros);
    }
    int a = 0;
    cudaMemcpyFromSymbol(&a, arrived, sizeof a);
    printf("arrived %d\n", a);
    return 0;
}
