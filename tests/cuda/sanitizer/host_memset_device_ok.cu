// The correct twin of tests/check/sanitizer/host_memset_device.cu, which
// plants a bug: the host clears device memory with memset instead of
// cudaMemset.
#include <cstdio>

#include <cstring>
__global__ void add(int *a)
{
    a[threadIdx.x] += threadIdx.x;
}

int main()
{
    int *a, h[32];
    cudaMalloc(&a, sizeof h);
    cudaMemset(a, 0, sizeof h);
    add<<<1, 32>>>(a);
    cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d\n", h[0], h[31]);
    return 0;
}
