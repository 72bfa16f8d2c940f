// The correct twin of tests/check/sanitizer/race_global_blocks.cu: each
// block writes its own word, and an atomic takes the maximum.
#include <cstdio>

__global__ void mark(int *flags, int *top)
{
    if (threadIdx.x == 0) {
        flags[blockIdx.x] = blockIdx.x + 1;
        atomicMax(top, blockIdx.x + 1);
    }
}

int main()
{
    int *flags, *top, h[8], t = 0;
    cudaMalloc(&flags, sizeof h);
    cudaMalloc(&top, sizeof(int));
    cudaMemset(top, 0, sizeof(int));
    mark<<<8, 32>>>(flags, top);
    cudaMemcpy(h, flags, sizeof h, cudaMemcpyDeviceToHost);
    cudaMemcpy(&t, top, sizeof t, cudaMemcpyDeviceToHost);
    printf("flags: %d %d %d, top %d\n", h[0], h[3], h[7], t);
    return 0;
}
