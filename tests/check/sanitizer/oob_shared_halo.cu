// Planted bug: a tile with a halo row loads the row below the tile into
// __shared__ memory that has no room for it;
// tests/cuda/sanitizer/oob_shared_halo_ok.cu is the correct twin.
#include <cstdio>

#define T 16
__global__ void blur(const float *in, float *out, int n)
{
    __shared__ float tile[T][T]; /* should be [T + 1][T] */
    int x = blockIdx.x * T + threadIdx.x, y = blockIdx.y * T + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = in[y * n + x];
    if (threadIdx.y == T - 1)
        tile[T][threadIdx.x] = y + 1 < n ? in[(y + 1) * n + x] : 0.0f;
    __syncthreads();
    out[y * n + x] = 0.5f * (tile[threadIdx.y][threadIdx.x] + tile[threadIdx.y + 1][threadIdx.x]);
}

int main()
{
    const int n = 32;
    static float h[n * n];
    for (int i = 0; i < n * n; i++)
        h[i] = (float)(i % 23);
    float *in, *out;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    blur<<<dim3(2, 2), dim3(T, T)>>>(in, out, n);
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n * n; i++)
        s += h[i] * (i % 3);
    printf("checksum %.1f\n", s);
    return 0;
}
