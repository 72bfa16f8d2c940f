// Planted bug: the host frees a device buffer twice;
// tests/cuda/sanitizer/double_free_ok.cu is the correct twin.
#include <cstdio>

__global__ void one(int *a)
{
    a[threadIdx.x] = 1;
}

int main()
{
    int *a, h[8];
    cudaMalloc(&a, sizeof h);
    one<<<1, 8>>>(a);
    cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);
    cudaFree(a);
    cudaError_t e = cudaFree(a); /* freed already */
    printf("%d %d\n", h[7], e != cudaSuccess);
    return 0;
}
