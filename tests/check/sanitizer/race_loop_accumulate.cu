// Planted bug: every thread of a block adds its share of a row into the
// row's one sum, in a loop, with plain loads and stores (racecheck makes a
// loop's check of an address the loop does not change once: the first one
// must still meet the other threads');
// tests/cuda/sanitizer/race_loop_accumulate_ok.cu is the correct twin.
#include <cstdio>

__global__ void row_sums(const int *a, int *sum, int n)
{
    int row = blockIdx.x;
    for (int j = threadIdx.x; j < n; j += blockDim.x)
        sum[row] += a[row * n + j]; /* should add a partial sum atomically */
}

int main()
{
    const int rows = 4, n = 512;
    int *h = new int[rows * n], *a, *sum, hs[rows];
    for (int i = 0; i < rows * n; i++)
        h[i] = (i * 13) % 31;
    cudaMalloc(&a, rows * n * sizeof(int));
    cudaMalloc(&sum, rows * sizeof(int));
    cudaMemcpy(a, h, rows * n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(sum, 0, rows * sizeof(int));
    row_sums<<<rows, 128>>>(a, sum, n);
    cudaMemcpy(hs, sum, sizeof hs, cudaMemcpyDeviceToHost);
    printf("ran: %d\n", hs[0] >= 0);
    delete[] h;
    return 0;
}
