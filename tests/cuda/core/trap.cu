// __trap() fails the launch with cudaErrorLaunchFailure, sticky.
#include <cstdio>

__global__ void trapper()
{
    if (threadIdx.x == 3)
        __trap();
}

int main()
{
    trapper<<<1, 8>>>();
    printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    printf("last: %s\n", cudaGetErrorName(cudaGetLastError()));
    printf("synchronize again: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    int *p;
    printf("malloc: %s\n", cudaGetErrorName(cudaMalloc(&p, 4)));
    return 0;
}
