// A failed device assert: CUDA's message on stderr, cudaErrorAssert from
// the next synchronization, sticky afterwards (cudaGetLastError clears
// only the thread's last error).
#include <cassert>
#include <cstdio>

__global__ void check(int bad, int *count)
{
    assert(threadIdx.x != bad);
    atomicAdd(count, 1);
}

int main()
{
    int *count;
    cudaMalloc(&count, sizeof(int));
    cudaMemset(count, 0, sizeof(int));
    check<<<2, 4>>>(2, count);
    printf("launch: %s\n", cudaGetErrorName(cudaGetLastError()));
    printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    printf("last: %s\n", cudaGetErrorName(cudaGetLastError()));
    printf("last again: %s\n", cudaGetErrorName(cudaGetLastError()));
    int *p;
    printf("malloc: %s\n", cudaGetErrorName(cudaMalloc(&p, 4)));
    printf("launch after: %s\n", (check<<<1, 1>>>(5, count), cudaGetErrorName(cudaGetLastError())));
    printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
