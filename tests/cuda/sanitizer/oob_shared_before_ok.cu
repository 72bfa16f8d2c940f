// The correct twin of tests/check/sanitizer/oob_shared_before.cu, which
// plants a bug: thread 0 reads the element before a __shared__ array.
#include <cstdio>

__global__ void diff(const int *in, int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    out[t] = t ? s[t] - s[t - 1] : s[0];
}

int main()
{
    int h[64], *in, *out;
    for (int i = 0; i < 64; i++)
        h[i] = i * i;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    diff<<<1, 64>>>(in, out);
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d\n", h[1], h[63]);
    return 0;
}
