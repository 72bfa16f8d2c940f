// The correct twin of tests/check/sanitizer/oob_global_read.cu, which plants
// a bug: a stencil reads one element past the end of its cudaMalloc input.
#include <cstdio>

__global__ void diff(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1)
        out[i] = in[i + 1] - in[i];
}

int main()
{
    const int n = 256;
    float h[n], *in, *out;
    for (int i = 0; i < n; i++)
        h[i] = (float)(i * i % 17);
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    diff<<<2, 128>>>(in, out, n);
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    printf("%.1f %.1f\n", h[0], h[100]);
    return 0;
}
