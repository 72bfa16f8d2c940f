// exit_before_barrier's correct twin (tests/check/sync): threads past the
// end of the data skip the work but still reach the __syncthreads.  Silent
// under --check=all.  (Its .out was recorded with <<<2, 64>>>, whose second
// block wrote the same values again, a race --check=race reports: one
// block prints the same.)
#include <cstdio>
__global__ void tail(const int *in, int n, int *out)
{
    __shared__ int s[64];
    unsigned t = threadIdx.x;
    if (t < (unsigned)n)
        s[t] = in[t];
    __syncthreads();
    if (t < (unsigned)n)
        out[t] = s[t] + s[(t + 1) % n];
}
int main()
{
    const int n = 40;
    int h[64], *in, *out;
    for (int i = 0; i < 64; i++)
        h[i] = i * 3 + 1;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemset(out, 0, sizeof h);
    for (int rep = 0; rep < 3; rep++)
        tail<<<1, 64>>>(in, n, out);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    long sum = 0;
    for (int i = 0; i < 64; i++)
        sum += h[i];
    printf("%s sum %ld\n", cudaGetErrorName(e), sum);
    return 0;
}
