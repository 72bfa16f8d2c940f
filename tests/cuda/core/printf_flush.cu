// Device printf output appears where CUDA flushes it: at launches,
// synchronizations and blocking copies, never in the middle of host
// output; and a line never interleaves with another thread's.
#include <cstdio>

__global__ void hello(int base)
{
    printf("thread %d of block %d says %d\n", threadIdx.x, blockIdx.x, base + threadIdx.x);
}

__global__ void counts(void)
{
    int a = printf("no arguments\n");
    int b = printf("%d %s %f\n", 1, "two", 3.0);
    printf("printf returned %d and %d\n", a, b);
}

int main()
{
    printf("host: before\n");
    hello<<<1, 4>>>(10);
    printf("host: after the launch\n");
    hello<<<1, 2>>>(100);
    printf("host: after the second launch\n");
    cudaDeviceSynchronize();
    printf("host: after synchronize\n");
    hello<<<1, 3>>>(1000);
    int *d, h;
    cudaMalloc(&d, sizeof(int));
    cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost);
    printf("host: after a blocking copy\n");
    counts<<<1, 1>>>();
    cudaStream_t s;
    cudaStreamCreate(&s);
    hello<<<1, 1>>>(5000);
    cudaStreamSynchronize(0);
    printf("host: after stream synchronize\n");
    hello<<<1, 1>>>(7000);
    cudaEvent_t e;
    cudaEventCreate(&e);
    cudaEventRecord(e);
    cudaEventSynchronize(e);
    printf("host: after event synchronize\n");
    hello<<<1, 1>>>(9000);
    cudaDeviceReset();
    printf("host: after reset\n");
    hello<<<1, 1>>>(11000);
    printf("host: exit without synchronizing\n");
    return 0;
}
