// Threads past the end of the data return before the __syncthreads the
// others wait at.  CUDA C++ leaves a __syncthreads that some threads never
// reach undefined; PTX's barrier waits only for threads that have not
// exited.  On an H100 (26 Nov 2026) it does not hang and prints
// "cudaSuccess sum 4760", as simt does; compute-sanitizer --tool synccheck
// reports 0 errors there.  --check=sync reports it, once per barrier, and
// the kernel goes on.
#include <cstdio>
__global__ void tail(const int *in, int n, int *out)
{
    __shared__ int s[64];
    unsigned t = threadIdx.x;
    if (t >= (unsigned)n)
        return;
    s[t] = in[t];
    __syncthreads();
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
        tail<<<2, 64>>>(in, n, out);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    long sum = 0;
    for (int i = 0; i < 64; i++)
        sum += h[i];
    printf("%s sum %ld\n", cudaGetErrorName(e), sum);
    return 0;
}
