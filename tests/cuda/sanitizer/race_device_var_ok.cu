// The correct twin of tests/check/sanitizer/race_device_var.cu: atomicAdd
// on the __device__ counter.
#include <cstdio>

__device__ int hits;

__global__ void hit()
{
    atomicAdd(&hits, 1);
}

int main()
{
    hit<<<2, 32>>>();
    int h = 0;
    cudaMemcpyFromSymbol(&h, hits, sizeof h);
    printf("hits: %d\n", h);
    return 0;
}
