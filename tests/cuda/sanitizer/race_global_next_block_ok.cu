// The correct twin of tests/check/sanitizer/race_global_next_block.cu, which
// plants a bug: each block updates its slice from the next block's slice,
// which that block overwrites in the same launch.
#include <cstdio>

__global__ void shift(int *a, const int *copy)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int next = (blockIdx.x + 1) % gridDim.x * blockDim.x + threadIdx.x;
    a[i] += copy[next];
}

int main()
{
    int h[512], *a, *copy;
    for (int i = 0; i < 512; i++)
        h[i] = i;
    cudaMalloc(&a, sizeof h);
    cudaMalloc(&copy, sizeof h);
    cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemcpy(copy, h, sizeof h, cudaMemcpyHostToDevice);
    shift<<<4, 128>>>(a, copy);
    cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d %d\n", h[0], h[200], h[511]);
    return 0;
}
