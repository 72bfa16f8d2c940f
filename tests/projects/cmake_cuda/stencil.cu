#include "stencil.h"
#include "weights.h"

#include <cuda_runtime.h>

__global__ void stencil_kernel(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float left = i > 0 ? in[i - 1] : 0.0f;
    float right = i + 1 < n ? in[i + 1] : 0.0f;
    out[i] = weight(-1) * left + weight(0) * in[i] + weight(1) * right;
}

int run_stencil(const float *host_in, float *host_out, int n)
{
    float *in = nullptr, *out = nullptr;
    size_t bytes = n * sizeof(float);
    if (cudaMalloc(&in, bytes) != cudaSuccess || cudaMalloc(&out, bytes) != cudaSuccess)
        return 1;
    cudaMemcpy(in, host_in, bytes, cudaMemcpyHostToDevice);
    stencil_kernel<<<(n + 127) / 128, 128>>>(in, out, n);
    cudaError_t err = cudaGetLastError();
    cudaMemcpy(host_out, out, bytes, cudaMemcpyDeviceToHost);
    cudaFree(in);
    cudaFree(out);
    return err != cudaSuccess;
}
