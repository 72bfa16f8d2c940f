// Planted bug: odd blocks write a table that every block reads in the same
// launch (a block-uniform branch around a row's write).
// tests/cuda/sanitizer/race_row_ok.cu is the correct twin.
#include <cstdio>

__global__ void table(float *t, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (blockIdx.x % 2 == 1)
        t[threadIdx.x] = (float)blockIdx.x; /* should be written by a launch before */
    out[i] = t[threadIdx.x];
}

int main()
{
    float *t, *out, h = 0;
    cudaMalloc(&t, 64 * sizeof(float));
    cudaMalloc(&out, 256 * sizeof(float));
    cudaMemset(t, 0, 64 * sizeof(float));
    table<<<4, 64>>>(t, out);
    cudaMemcpy(&h, out, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d\n", h >= 0.0f);
    return 0;
}
