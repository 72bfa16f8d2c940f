// Planted bug: a kernel writes its output into a buffer that the host freed
// before the launch; tests/cuda/sanitizer/use_after_free_write_ok.cu is the
// correct twin.
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
    cudaFree(out); /* a buffer freed too early */
    square<<<1, 32>>>(in, out);
    cudaError_t e = cudaDeviceSynchronize();
    printf("%s\n", e == cudaSuccess ? "done" : "failed");
    return 0;
}
