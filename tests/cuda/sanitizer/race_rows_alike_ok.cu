// The correct twin of tests/check/sanitizer/race_rows_alike.cu: kernels
// that read threadIdx.x only, launched with one row a block (no race), and
// with 32x8 blocks that read every row but write from one, as they may.
// None races; checksums of what they computed.
#include <cstdio>

__global__ void accumulate(float *y, const float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        for (int j = 0; j < n; j++)
            y[i] += a[j * n + i];
}

__global__ void store(float *y, const float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = 2.0f * x[i];
}

__global__ void sum_rows(float *y, const float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0;
    if (i < n)
        for (int j = 0; j < n; j++)
            s += a[j * n + i];
    if (i < n && threadIdx.y == 0)
        y[i] = s;
}

int main()
{
    const int n = 256;
    float *a, *x, *y, *ha = new float[n * n], hx[n], hy[n];
    for (int k = 0; k < n * n; k++)
        ha[k] = (float)(k % 7);
    for (int k = 0; k < n; k++)
        hx[k] = (float)(k % 5);
    cudaMalloc(&a, n * n * sizeof(float));
    cudaMalloc(&x, n * sizeof(float));
    cudaMalloc(&y, n * sizeof(float));
    cudaMemcpy(a, ha, n * n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(x, hx, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemset(y, 0, n * sizeof(float));
    accumulate<<<n / 32, dim3(32, 1)>>>(y, a, n);
    cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
    double s = 0;
    for (int k = 0; k < n; k++)
        s += hy[k] * (k + 1);
    printf("accumulate: %.1f\n", s);
    store<<<n / 32, dim3(32, 1, 1)>>>(y, x, n);
    cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
    s = 0;
    for (int k = 0; k < n; k++)
        s += hy[k] * (k + 1);
    printf("store: %.1f\n", s);
    sum_rows<<<n / 32, dim3(32, 8)>>>(y, a, n);
    cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
    s = 0;
    for (int k = 0; k < n; k++)
        s += hy[k] * (k + 1);
    printf("sum_rows: %.1f\n", s);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    delete[] ha;
    return 0;
}
