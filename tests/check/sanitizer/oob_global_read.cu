// Planted bug: a stencil reads one element past the end of its cudaMalloc
// input; tests/cuda/sanitizer/oob_global_read_ok.cu is the correct twin.
#include <cstdio>

__global__ void diff(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i + 1] - in[i]; /* i + 1 == n for the last thread */
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
