// The correct twin of tests/check/sanitizer/race_loop_accumulate.cu, which
// plants a bug: every thread of a block adds its share of a row into the
// row's sum with plain loads and stores.  Here each thread sums its share
// in a loop into its own slot, and one atomicAdd a thread adds it.
#include <cstdio>

__global__ void row_sums(const int *a, int *part, int *sum, int n)
{
    int row = blockIdx.x, t = row * blockDim.x + threadIdx.x;
    part[t] = 0;
    for (int j = threadIdx.x; j < n; j += blockDim.x)
        part[t] += a[row * n + j];
    atomicAdd(&sum[row], part[t]);
}

int main()
{
    const int rows = 4, n = 512, threads = 128;
    int *h = new int[rows * n], *a, *part, *sum, hs[rows];
    for (int i = 0; i < rows * n; i++)
        h[i] = (i * 13) % 31;
    cudaMalloc(&a, rows * n * sizeof(int));
    cudaMalloc(&part, rows * threads * sizeof(int));
    cudaMalloc(&sum, rows * sizeof(int));
    cudaMemcpy(a, h, rows * n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(sum, 0, rows * sizeof(int));
    row_sums<<<rows, threads>>>(a, part, sum, n);
    cudaMemcpy(hs, sum, sizeof hs, cudaMemcpyDeviceToHost);
    for (int r = 0; r < rows; r++)
        printf("row %d: %d\n", r, hs[r]);
    delete[] h;
    return 0;
}
