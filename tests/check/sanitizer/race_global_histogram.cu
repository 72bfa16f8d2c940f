// Planted bug: a global histogram incremented with ++ by threads of every
// block; tests/cuda/sanitizer/race_global_histogram_ok.cu is the correct
// twin.
#include <cstdio>

__global__ void hist(const int *in, int n, int *bins)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        bins[in[i] % 8] += 1; /* should be atomicAdd(&bins[in[i] % 8], 1) */
}

int main()
{
    const int n = 1024;
    static int h[n];
    for (int i = 0; i < n; i++)
        h[i] = i * 3 + i / 7;
    int *in, *bins, r[8];
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&bins, sizeof r);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemset(bins, 0, sizeof r);
    hist<<<8, 128>>>(in, n, bins);
    cudaMemcpy(r, bins, sizeof r, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 8; i++)
        printf("%d ", r[i]);
    printf("\n");
    return 0;
}
