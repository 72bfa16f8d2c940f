// Planted bug: a kernel reads memory after cudaFree;
// tests/cuda/sanitizer/use_after_free_ok.cu is the correct twin.
#include <cstdio>

__global__ void sum(const int *a, int *out, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += a[i];
    *out = s;
}

int main()
{
    const int n = 16;
    int h[n], *a, *out, r = 0;
    for (int i = 0; i < n; i++)
        h[i] = i;
    cudaMalloc(&a, sizeof h);
    cudaMalloc(&out, sizeof(int));
    cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
    cudaFree(a);
    sum<<<1, 1>>>(a, out, n);
    cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
    printf("done\n");
    return 0;
}
