// The correct twin of tests/check/sanitizer/race_counter.cu: atomicAdd.
#include <cstdio>

__global__ void count(int *n)
{
    atomicAdd(n, 1);
}

int main()
{
    int *d, h = 0;
    cudaMalloc(&d, sizeof(int));
    cudaMemset(d, 0, sizeof(int));
    count<<<4, 64>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("counted: %d\n", h);
    return 0;
}
