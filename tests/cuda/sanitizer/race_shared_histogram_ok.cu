// The correct twin of tests/check/sanitizer/race_shared_histogram.cu, which
// plants a bug: a __shared__ histogram incremented with ++ instead of
// atomicAdd.
#include <cstdio>

__global__ void hist(const unsigned char *in, int n, unsigned *out)
{
    __shared__ unsigned bins[16];
    if (threadIdx.x < 16)
        bins[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&bins[in[i] % 16], 1u);
    __syncthreads();
    if (threadIdx.x < 16)
        atomicAdd(&out[threadIdx.x], bins[threadIdx.x]);
}

int main()
{
    const int n = 4096;
    static unsigned char h[n];
    for (int i = 0; i < n; i++)
        h[i] = (unsigned char)(i * 7 + i / 16);
    unsigned char *in;
    unsigned *out, r[16];
    cudaMalloc(&in, n);
    cudaMalloc(&out, sizeof r);
    cudaMemcpy(in, h, n, cudaMemcpyHostToDevice);
    cudaMemset(out, 0, sizeof r);
    hist<<<4, 128>>>(in, n, out);
    cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 16; i++)
        printf("%u ", r[i]);
    printf("\n");
    return 0;
}
