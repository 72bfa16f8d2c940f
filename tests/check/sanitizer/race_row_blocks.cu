// Planted bug: every block writes the same 128 elements (indexed by
// threadIdx.x alone, a block's index forgotten): a race between blocks
// whose accesses are a compiled x loop's, each at an address affine in
// threadIdx.x; the report names both accesses' line.
// tests/cuda/sanitizer/race_row_ok.cu is the correct twin.
#include <cstdio>

__global__ void fill(int *a)
{
    a[threadIdx.x] = blockIdx.x; /* should be a[blockIdx.x * blockDim.x + threadIdx.x] */
}

int main()
{
    int *a, h[128];
    cudaMalloc(&a, 512 * sizeof(int));
    fill<<<4, 128>>>(a);
    cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d\n", h[0] >= 0 && h[0] < 4);
    return 0;
}
