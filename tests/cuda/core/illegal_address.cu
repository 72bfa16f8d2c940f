// A kernel that writes through a null pointer: the process survives, the
// context returns cudaErrorIllegalAddress from then on.
#include <cstdio>

__global__ void writer(int *p)
{
    if (threadIdx.x == 1)
        *p = 1;
}

int main()
{
    writer<<<1, 8>>>(nullptr);
    printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    printf("peek: %s\n", cudaGetErrorName(cudaPeekAtLastError()));
    int h = 0, *d = nullptr;
    printf("malloc: %s\n", cudaGetErrorName(cudaMalloc(&d, 4)));
    printf("memcpy: %s\n", cudaGetErrorName(cudaMemcpy(&h, d, 4, cudaMemcpyDeviceToHost)));
    printf("reset: %s\n", cudaGetErrorName(cudaDeviceReset()));
    printf("still alive\n");
    return 0;
}
