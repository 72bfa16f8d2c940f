// The correct twin of tests/check/sanitizer/invalid_free_offset.cu, which
// plants a bug: the host frees a device buffer by a pointer into it rather
// than its start.
#include <cstdio>

__global__ void one(int *a)
{
    a[threadIdx.x] = 2;
}

int main()
{
    int *a, h[8];
    cudaMalloc(&a, 16 * sizeof(int));
    int *half = a + 8;
    one<<<1, 8>>>(half);
    cudaMemcpy(h, half, sizeof h, cudaMemcpyDeviceToHost);
    cudaError_t e = cudaFree(a);
    printf("%d %d\n", h[0], e == cudaSuccess);
    return 0;
}
