// Planted bug: a __device__ counter incremented without an atomic;
// tests/cuda/sanitizer/race_device_var_ok.cu is the correct twin.
#include <cstdio>

__device__ int hits;

__global__ void hit()
{
    hits++;
}

int main()
{
    hit<<<2, 32>>>();
    int h = 0;
    cudaMemcpyFromSymbol(&h, hits, sizeof h);
    printf("hit: %d\n", h > 0);
    return 0;
}
