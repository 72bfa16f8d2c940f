// Planted bug: blocks of 32x8 and 32x1x4 threads launched for a 1-D index
// that reads threadIdx.x only (the shape of PolyBench's atax and mvt), so
// every row of a block updates the same elements: a race between rows.
// A racecheck build runs two rows of such a block, which show it; the
// report names both accesses' line, once per kernel.
// tests/cuda/sanitizer/race_rows_alike_ok.cu is the correct twin.
#include <cstdio>

__global__ void accumulate(float *y, const float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        for (int j = 0; j < n; j++)
            y[i] += a[j * n + i]; /* every row of the block adds its own sum */
}

__global__ void store(float *y, const float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = 2.0f * x[i]; /* every z row writes the same element */
}

int main()
{
    const int n = 256;
    float *a, *x, *y, h = 0;
    cudaMalloc(&a, n * n * sizeof(float));
    cudaMalloc(&x, n * sizeof(float));
    cudaMalloc(&y, n * sizeof(float));
    cudaMemset(a, 0, n * n * sizeof(float));
    cudaMemset(x, 0, n * sizeof(float));
    cudaMemset(y, 0, n * sizeof(float));
    accumulate<<<n / 32, dim3(32, 8)>>>(y, a, n); /* should be dim3(32, 1) */
    store<<<n / 32, dim3(32, 1, 4)>>>(y, x, n);   /* should be dim3(32, 1, 1) */
    cudaMemcpy(&h, y, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d\n", h == 0.0f);
    return 0;
}
