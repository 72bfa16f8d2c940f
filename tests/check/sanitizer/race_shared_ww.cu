// Planted bug: every thread writes the same __shared__ word before the
// barrier (a write/write race); tests/cuda/sanitizer/race_shared_ww_ok.cu
// is the correct twin.
#include <cstdio>

__global__ void last_writer(int *out)
{
    __shared__ int winner;
    winner = threadIdx.x;
    __syncthreads();
    if (threadIdx.x == 0)
        *out = winner >= 0;
}

int main()
{
    int *d, h = 0;
    cudaMalloc(&d, sizeof(int));
    last_writer<<<1, 64>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("winner valid: %d\n", h);
    cudaFree(d);
    return 0;
}
