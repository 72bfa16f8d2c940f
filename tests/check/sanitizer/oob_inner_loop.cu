// Planted bugs: loops inside each thread's work that run one step too far,
// the last thread reading past the matrix's end.  A --check=memory build
// tests such a loop's accesses once for all the x loop's threads and all
// the inner loop's steps (src/compiler/kc_version.c); the first launches
// are correct and must stay silent, the last two report the read.
// The correct twin: tests/cuda/sanitizer/oob_loops_ok.cu.
#include <cstdio>

__global__ void rowsum(const float *a, float *s, int n, int kmax)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < n) {
        float t = 0;
        for (int k = 0; k < kmax; k++)
            t += a[j * n + k]; /* kmax <= n */
        s[j] = t;
    }
}

__global__ void rowsum_to(const float *a, float *s, int n, unsigned klast)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < n) {
        float t = 0;
        for (unsigned k = 0; k <= klast; k++)
            t += a[j * n + k] * 2; /* klast < n */
        s[j] = t;
    }
}

int main()
{
    const int n = 64;
    static float h[n * n];
    for (int i = 0; i < n * n; i++)
        h[i] = (float)(i % 5);
    float *a, *s;
    cudaMalloc(&a, sizeof h);
    cudaMalloc(&s, n * sizeof(float));
    cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
    rowsum<<<n / 32, 32>>>(a, s, n, n);
    rowsum_to<<<n / 32, 32>>>(a, s, n, n - 1);
    cudaMemcpy(h, s, n * sizeof(float), cudaMemcpyDeviceToHost);
    printf("%g %g\n", h[0], h[n - 1]);
    rowsum<<<n / 32, 32>>>(a, s, n, n + 1);
    rowsum_to<<<n / 32, 32>>>(a, s, n, n);
    cudaDeviceSynchronize();
    return 0;
}
