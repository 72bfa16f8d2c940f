// Planted bug: a kernel reads device memory that nothing wrote;
// tests/cuda/sanitizer/uninit_global_ok.cu is the correct twin.
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
    float *in, *out;
    cudaMalloc(&in, n * sizeof(float));
    cudaMalloc(&out, n * sizeof(float));
    scale<<<2, 128>>>(in, out, n); /* in was never written */
    cudaDeviceSynchronize();
    printf("scaled\n");
    return 0;
}
