// Planted bug: one thread stores to a counter with a plain store while the
// others add to it with atomicAdd;
// tests/cuda/sanitizer/race_global_atomic_plain_ok.cu is the correct twin.
#include <cstdio>

__global__ void count(int *c)
{
    if (threadIdx.x == 0)
        *c = 0; /* should be done before the launch */
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
