// The correct twin of tests/check/sanitizer/oob_global.cu: i < n.
#include <cstdio>

__global__ void fill(int *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = i;
}

int main()
{
    const int n = 1000;
    int *d, h[n];
    cudaMalloc(&d, n * sizeof(int));
    fill<<<4, 256>>>(d, n);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("filled: %d %d\n", h[0], h[n - 1]);
    cudaFree(d);
    return 0;
}
