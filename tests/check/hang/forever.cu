// Every thread of every block counts for ever: all the blocks running
// when the kernel times out are reported (two workers, and the host
// thread that waits runs blocks too).  The loop waits for no other
// thread, so the kernel runs on the compiled tier (asked for, as the
// fiber tier's CI pass would not), and the report says so.
#include <cstdio>
__global__ void count(volatile unsigned *n)
{
    for (;;)
        n[blockIdx.x * blockDim.x + threadIdx.x]++;
}
int main()
{
    unsigned *n;
    cudaMalloc(&n, 4 * 32 * sizeof(unsigned));
    count<<<4, 32>>>(n);
    printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    printf("again: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
