// The correct twin of tests/check/sanitizer/race_global_atomic_plain.cu,
// which plants a bug: one thread stores to a counter with a plain store
// while the others add to it with atomicAdd.
#include <cstdio>

__global__ void count(int *c)
{
    if (threadIdx.x == 0)
        atomicAdd(c, 0);
    else
        atomicAdd(c, 1);
}

int main()
{
    int *c, r = 0;
    cudaMalloc(&c, sizeof r);
    cudaMemset(c, 0, sizeof r);
    count<<<1, 64>>>(c);
    cudaMemcpy(&r, c, sizeof r, cudaMemcpyDeviceToHost);
    printf("count %d\n", r >= 0);
    return 0;
}
