// Each thread reads what the thread before it wrote, with no __syncthreads
// between the write and the read: a race CUDA leaves undefined.  Threads
// that run in index order (simt's default) read the value by luck; another
// order shows the bug.
#include <cstdio>
__global__ void neighbor(int *bad)
{
    __shared__ int s[64];
    unsigned t = threadIdx.x;
    s[t] = -1;
    __syncthreads();
    s[t] = (int)t;
    int v = t > 0 ? s[t - 1] : 0; // missing __syncthreads before this read
    if (t > 0 && v != (int)t - 1)
        atomicAdd(bad, 1);
}
int main()
{
    int *bad;
    cudaMallocManaged(&bad, sizeof(int));
    *bad = 0;
    neighbor<<<1, 64>>>(bad);
    cudaDeviceSynchronize();
    fprintf(stderr, "stale reads: %d\n", *bad);
    return 0;
}
