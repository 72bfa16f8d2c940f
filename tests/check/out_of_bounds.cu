// A kernel writing past the end of its allocation, far enough to leave
// mapped memory: reported with kernel, block, thread and allocation, and
// the context fails with cudaErrorIllegalAddress (sticky).
#include <cstdio>

__global__ void writer(int *p, long long far)
{
    if (blockIdx.x == 1 && threadIdx.x == 5)
        p[far] = 1;
}

int main()
{
    int *d;
    cudaMalloc(&d, 64);
    writer<<<2, 8>>>(d, 1LL << 40);
    printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    printf("then: %s\n", cudaGetErrorName(cudaMalloc(&d, 64)));
    return 0;
}
