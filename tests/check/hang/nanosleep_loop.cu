// A loop that backs off with __nanosleep, waiting for a flag nobody sets:
// stopped where it yields to the engine.
#include <cstdio>
__global__ void backoff(volatile int *flag)
{
    while (*flag == 0)
        __nanosleep(100);
}
int main()
{
    int *flag;
    cudaMalloc(&flag, sizeof(int));
    cudaMemset(flag, 0, sizeof(int));
    backoff<<<4, 32>>>(flag);
    printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
