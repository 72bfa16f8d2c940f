// Planted bug: the host frees a device buffer by a pointer into it rather
// than its start; tests/cuda/sanitizer/invalid_free_offset_ok.cu is the
// correct twin.
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
    cudaError_t e = cudaFree(half); /* should be cudaFree(a) */
    printf("%d %d\n", h[0], e != cudaSuccess);
    return 0;
}
