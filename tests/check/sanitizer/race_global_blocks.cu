// Planted bug: every block stores its index into the same global word (a
// write/write race between blocks); tests/cuda/sanitizer/race_global_blocks_ok.cu
// is the correct twin.
#include <cstdio>

__global__ void mark(int *flag)
{
    if (threadIdx.x == 0)
        *flag = blockIdx.x + 1;
}

int main()
{
    int *d, h = 0;
    cudaMalloc(&d, sizeof(int));
    cudaMemset(d, 0, sizeof(int));
    mark<<<8, 32>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("set: %d\n", h > 0);
    return 0;
}
