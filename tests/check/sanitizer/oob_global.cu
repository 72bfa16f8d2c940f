// Planted bug: the last thread writes one element past a cudaMalloc
// allocation; tests/cuda/sanitizer/oob_global_ok.cu is the correct twin.
#include <cstdio>

__global__ void fill(int *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= n) /* should be i < n */
        a[i] = i;
}

int main()
{
    const int n = 1000;
    int *d;
    cudaMalloc(&d, n * sizeof(int));
    fill<<<4, 256>>>(d, n);
    cudaDeviceSynchronize();
    printf("filled\n");
    cudaFree(d);
    return 0;
}
