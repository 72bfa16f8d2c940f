// Planted bug: one cub::BlockReduce TempStorage used by two reductions
// with no __syncthreads between them (CUB's documentation asks for one):
// the second reduction's writes race with the first's reads.  The
// accesses are in CUB's headers, inlined into the kernel; the report
// names the user's lines that called them (in either order: fiber tier).
// The correct twin is tests/cuda/cub/block_collectives.cu's reduce_kernel
// (the same reductions with __syncthreads() between them), which CI runs
// built with --check=all.
#include <cstdio>
#include <cub/cub.cuh>

struct MaxOp {
    __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};

__global__ void sum_and_max(const int *in, int *out)
{
    typedef cub::BlockReduce<int, 128> Reduce;
    __shared__ typename Reduce::TempStorage tmp;
    int v = in[blockIdx.x * 128 + threadIdx.x];
    int sum = Reduce(tmp).Sum(v);
    int max = Reduce(tmp).Reduce(v, MaxOp()); /* needs a __syncthreads() before it */
    if (threadIdx.x == 0) {
        out[2 * blockIdx.x] = sum;
        out[2 * blockIdx.x + 1] = max;
    }
}

int main()
{
    int h[256], *in, *out;
    for (int i = 0; i < 256; i++)
        h[i] = i % 37;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, 4 * sizeof(int));
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    sum_and_max<<<2, 128>>>(in, out);
    cudaMemcpy(h, out, 4 * sizeof(int), cudaMemcpyDeviceToHost);
    printf("%d\n", h[0] > 0);
    return 0;
}
