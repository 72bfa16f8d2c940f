// Planted bug: a matrix product whose k loop runs one step too far,
// reading the row after b's end.  A --check=memory build runs each x loop
// unchecked where one test before it finds every thread's access clean
// (src/compiler/kc_version.c): here the last k step's test fails, and the
// checked loop reports the read with its thread and line.
// The correct twin: tests/cuda/sanitizer/oob_loops_ok.cu.
#include <cstdio>

__global__ void mm(const float *a, const float *b, float *c, int n, int kmax)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < n && j < n) {
        float s = 0;
        for (int k = 0; k < kmax; k++)
            s += a[i * n + k] * b[k * n + j]; /* k < n */
        c[i * n + j] = s;
    }
}

int main()
{
    const int n = 64;
    static float h[n * n];
    for (int i = 0; i < n * n; i++)
        h[i] = (float)(i % 7);
    float *a, *b, *c;
    cudaMalloc(&a, sizeof h);
    cudaMalloc(&b, sizeof h);
    cudaMalloc(&c, sizeof h);
    cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemcpy(b, h, sizeof h, cudaMemcpyHostToDevice);
    mm<<<dim3(n / 32, n / 8), dim3(32, 8)>>>(a, b, c, n, n);
    cudaMemcpy(h, c, sizeof h, cudaMemcpyDeviceToHost);
    printf("%g %g\n", h[0], h[n * n - 1]);
    mm<<<1, dim3(32, 8)>>>(a, b, c, n, n + 1);
    cudaDeviceSynchronize();
    return 0;
}
