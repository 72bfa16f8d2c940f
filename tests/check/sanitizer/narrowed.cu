// SIMT_CHECK narrows a checking build at run time: this shared-memory race
// (every thread writes one word) goes unreported under SIMT_CHECK=memory,
// and the program exits with its own status.
#include <cstdio>

__global__ void store(int *out)
{
    __shared__ int word;
    word = threadIdx.x;
    __syncthreads();
    if (threadIdx.x == 0)
        *out = word >= 0;
}

int main()
{
    int *d, h = 0;
    cudaMalloc(&d, sizeof(int));
    store<<<1, 32>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d\n", h);
    return 0;
}
