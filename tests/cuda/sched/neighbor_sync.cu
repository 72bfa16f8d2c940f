// neighbor's correct twin (tests/check/sched): a __syncthreads between the
// write and the neighbour's read makes the result the same in every order
// (run under SIMT_SCHEDULE=random:1).
#include <cstdio>
__global__ void neighbor(int *bad, int *sum)
{
    __shared__ int s[64];
    unsigned t = threadIdx.x;
    s[t] = -1;
    __syncthreads();
    s[t] = (int)(t * 7 + blockIdx.x);
    __syncthreads();
    int v = t > 0 ? s[t - 1] : s[63];
    int want = t > 0 ? (int)((t - 1) * 7 + blockIdx.x) : (int)(63 * 7 + blockIdx.x);
    if (v != want)
        atomicAdd(bad, 1);
    atomicAdd(sum, v);
}
int main()
{
    int *bad, *sum;
    cudaMallocManaged(&bad, sizeof(int));
    cudaMallocManaged(&sum, sizeof(int));
    *bad = 0;
    *sum = 0;
    neighbor<<<4, 64>>>(bad, sum);
    cudaDeviceSynchronize();
    printf("stale reads: %d, sum %d\n", *bad, *sum);
    return 0;
}
