// A kernel on device 0 reads device 1's memory before peer access is
// enabled (a GPU faults with cudaErrorIllegalAddress); simt's memcheck
// reports it with the devices and what to call.  Then with peer access
// enabled the same kernel is silent.
#include <cstdio>

__global__ void copy(int *dst, const int *src, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        dst[i] = src[i];
}

int main()
{
    const int n = 256;
    int *on1, *on0;
    cudaSetDevice(1);
    cudaMalloc(&on1, n * sizeof(int));
    cudaMemset(on1, 0, n * sizeof(int));
    cudaDeviceSynchronize();
    cudaSetDevice(0);
    cudaMalloc(&on0, n * sizeof(int));
    copy<<<1, n>>>(on0, on1, n);
    cudaDeviceSynchronize();
    cudaDeviceEnablePeerAccess(1, 0);
    copy<<<1, n>>>(on0, on1, n);
    printf("%d\n", (int)cudaDeviceSynchronize());
    return 0;
}
