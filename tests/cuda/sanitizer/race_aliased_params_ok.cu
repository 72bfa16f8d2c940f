// The correct twin of tests/check/sanitizer/race_aliased_params.cu, which
// plants a bug: a kernel that reads `in` and writes `out` launched with
// both pointing into one allocation.  Here they are two allocations.
#include <cstdio>

__global__ void shift(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] + 1;
}

int main()
{
    const int n = 256;
    int h[n + 1], *in, *out;
    for (int i = 0; i <= n; i++)
        h[i] = (i * 29) % 97;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemcpy(out, h, sizeof h, cudaMemcpyHostToDevice);
    shift<<<2, 128>>>(in + 1, out, n);
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    long s = 0;
    for (int i = 0; i < n; i++)
        s += (long)h[i] * (i % 7);
    printf("checksum %ld\n", s);
    return 0;
}
