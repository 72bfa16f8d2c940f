// The correct twin of tests/check/sanitizer/race_shared_ww.cu: one thread
// writes the shared word; the checker must stay silent.
#include <cstdio>

__global__ void last_writer(int *out)
{
    __shared__ int winner;
    if (threadIdx.x == blockDim.x - 1)
        winner = threadIdx.x;
    __syncthreads();
    if (threadIdx.x == 0)
        *out = winner;
}

int main()
{
    int *d, h = 0;
    cudaMalloc(&d, sizeof(int));
    last_writer<<<1, 64>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("winner: %d\n", h);
    cudaFree(d);
    return 0;
}
