// The correct twin of tests/check/sanitizer/oob_global_before.cu, which
// plants a bug: the first thread reads the element before its cudaMalloc
// allocation.
#include <cstdio>

__global__ void diff(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = i ? in[i] - in[i - 1] : in[0];
}

int main()
{
    const int n = 128;
    int h[n], *pad, *in, *out;
    for (int i = 0; i < n; i++)
        h[i] = i * 3;
    cudaMalloc(&pad, 1024);
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof h);
    cudaMemset(pad, 0, 1024);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    diff<<<1, n>>>(in, out, n);
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d\n", h[1], h[127]);
    return 0;
}
