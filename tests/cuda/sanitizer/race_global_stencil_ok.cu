// The correct twin of tests/check/sanitizer/race_global_stencil.cu, which
// plants a bug: an in-place stencil on global memory: each thread overwrites
// the element its neighbours read.
#include <cstdio>

__global__ void smooth(int *a, int *b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < n - 1)
        b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
}

int main()
{
    const int n = 256;
    int h[n], *a, *b;
    for (int i = 0; i < n; i++)
        h[i] = (i * 37) % 101;
    cudaMalloc(&a, sizeof h);
    cudaMalloc(&b, sizeof h);
    cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemcpy(b, h, sizeof h, cudaMemcpyHostToDevice);
    smooth<<<2, 128>>>(a, b, n);
    cudaMemcpy(h, b, sizeof h, cudaMemcpyDeviceToHost);
    long s = 0;
    for (int i = 0; i < n; i++)
        s += (long)h[i] * (i % 5);
    printf("checksum %ld\n", s);
    return 0;
}
