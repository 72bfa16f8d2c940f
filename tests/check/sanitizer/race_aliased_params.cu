// Planted bug: a kernel that reads `in` and writes `out` is launched with
// both pointing into one allocation, one element apart, so each thread
// overwrites the element the thread before it reads (racecheck must not
// take `in` for memory the launch never writes);
// tests/cuda/sanitizer/race_aliased_params_ok.cu is the correct twin.
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
    int h[n + 1], *buf;
    for (int i = 0; i <= n; i++)
        h[i] = (i * 29) % 97;
    cudaMalloc(&buf, sizeof h);
    cudaMemcpy(buf, h, sizeof h, cudaMemcpyHostToDevice);
    shift<<<2, 128>>>(buf + 1, buf, n); /* should write another buffer */
    cudaMemcpy(h, buf, sizeof h, cudaMemcpyDeviceToHost);
    long s = 0;
    for (int i = 0; i < n; i++)
        s += (long)h[i] * (i % 7);
    printf("checksum %ld\n", s);
    return 0;
}
