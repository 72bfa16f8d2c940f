// The correct twin of tests/check/sanitizer/use_after_free_write.cu, which
// plants a bug: a kernel writes its output into a buffer that the host freed
// before the launch.
#include <cstdio>

__global__ void square(const int *in, int *out)
{
    out[threadIdx.x] = in[threadIdx.x] * in[threadIdx.x];
}

int main()
{
    int h[32], *in, *out;
    for (int i = 0; i < 32; i++)
        h[i] = i;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    square<<<1, 32>>>(in, out);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    cudaFree(out);
    printf("%s %d\n", e == cudaSuccess ? "done" : "failed", h[31]);
    return 0;
}
