// Planted bug: a counter incremented without an atomic by every thread;
// tests/cuda/sanitizer/race_counter_ok.cu is the correct twin.
#include <cstdio>

__global__ void count(int *n)
{
    *n = *n + 1;
}

int main()
{
    int *d, h = 0;
    cudaMalloc(&d, sizeof(int));
    cudaMemset(d, 0, sizeof(int));
    count<<<4, 64>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("counted: %d\n", h > 0);
    return 0;
}
