// The correct twin of tests/check/sanitizer/use_after_free_read.cu, which
// plants a bug: a kernel reads an input that the host freed before the
// launch.
#include <cstdio>

__global__ void copy(const int *in, int *out)
{
    out[threadIdx.x] = in[threadIdx.x] + 1;
}

int main()
{
    int h[32], *in, *out;
    for (int i = 0; i < 32; i++)
        h[i] = i;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    copy<<<1, 32>>>(in, out);
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    cudaFree(in);
    printf("%d\n", h[31]);
    return 0;
}
