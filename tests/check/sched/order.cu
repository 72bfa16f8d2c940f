// Records the order blocks and a block's threads start in, which CUDA
// leaves open: SIMT_SCHEDULE changes it, reproducibly.
#include <cstdio>
__device__ unsigned nblocks, nthreads;
__global__ void record(int *blocks, int *threads)
{
    if (threadIdx.x == 0)
        blocks[atomicAdd(&nblocks, 1u)] = blockIdx.x;
    if (blockIdx.x == 0)
        threads[atomicAdd(&nthreads, 1u)] = threadIdx.x;
}
int main()
{
    int *b, *t;
    cudaMallocManaged(&b, 8 * sizeof(int));
    cudaMallocManaged(&t, 8 * sizeof(int));
    record<<<8, 8>>>(b, t);
    cudaDeviceSynchronize();
    fprintf(stderr, "blocks:");
    for (int i = 0; i < 8; i++)
        fprintf(stderr, " %d", b[i]);
    fprintf(stderr, "\nthreads:");
    for (int i = 0; i < 8; i++)
        fprintf(stderr, " %d", t[i]);
    fprintf(stderr, "\n");
    return 0;
}
