// The correct twin of tests/check/sanitizer/uninit_global.cu: the input
// is set before the kernel reads it.
#include <cstdio>

__global__ void scale(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = 2.0f * in[i];
}

int main()
{
    const int n = 256;
    float *in, *out, h[n];
    cudaMalloc(&in, n * sizeof(float));
    cudaMalloc(&out, n * sizeof(float));
    cudaMemset(in, 0, n * sizeof(float));
    scale<<<2, 128>>>(in, out, n);
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    printf("scaled: %g %g\n", h[0], h[n - 1]);
    return 0;
}
