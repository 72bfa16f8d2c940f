// Planted bug: a tile transposed through __shared__ memory with no
// __syncthreads between the writes and the transposed reads;
// tests/cuda/sanitizer/race_shared_transpose_ok.cu is the correct twin.
#include <cstdio>

#define T 16
__global__ void transpose(const float *in, float *out, int n)
{
    __shared__ float tile[T][T + 1];
    int x = blockIdx.x * T + threadIdx.x, y = blockIdx.y * T + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = in[y * n + x];
    /* missing: __syncthreads(); */
    x = blockIdx.y * T + threadIdx.x;
    y = blockIdx.x * T + threadIdx.y;
    out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

int main()
{
    const int n = 64;
    static float h[n * n];
    for (int i = 0; i < n * n; i++)
        h[i] = (float)(i % 97);
    float *in, *out;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    transpose<<<dim3(n / T, n / T), dim3(T, T)>>>(in, out, n);
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    double sum = 0;
    for (int i = 0; i < n * n; i++)
        sum += h[i] * (i % 7);
    printf("checksum %.0f\n", sum);
    return 0;
}
