// Planted bug: each thread reads its element and writes its neighbour's,
// which the neighbour reads in the same launch: a race inside one row of
// threads of a compiled x loop, between two accesses of one line.
// tests/cuda/sanitizer/race_row_ok.cu is the correct twin.
#include <cstdio>

__global__ void carry(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n)
        x[i + 1] = x[i] + 1.0f; /* should read a copy made before the launch */
}

int main()
{
    float *x, h = 0;
    cudaMalloc(&x, 1024 * sizeof(float));
    cudaMemset(x, 0, 1024 * sizeof(float));
    carry<<<4, 256>>>(x, 1024);
    cudaMemcpy(&h, x + 1023, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d\n", h >= 1.0f);
    return 0;
}
