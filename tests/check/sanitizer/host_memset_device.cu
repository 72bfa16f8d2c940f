// Planted bug: the host clears device memory with memset instead of
// cudaMemset; tests/cuda/sanitizer/host_memset_device_ok.cu is the correct
// twin.
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
    memset(a, 0, sizeof h); /* should be cudaMemset */
    add<<<1, 32>>>(a);
    cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d\n", h[0], h[31]);
    return 0;
}
