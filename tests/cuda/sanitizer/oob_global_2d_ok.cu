// The correct twin of tests/check/sanitizer/oob_global_2d.cu, which plants a
// bug: a 2-D kernel indexes rows by the row length plus one, running off the
// end of the matrix.
#include <cstdio>

__global__ void fill(int *m, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h)
        m[y * w + x] = x + y;
}

int main()
{
    const int w = 32, h = 32;
    int *m, r[w * h];
    cudaMalloc(&m, sizeof r);
    cudaMemset(m, 0, sizeof r);
    fill<<<dim3(2, 2), dim3(16, 16)>>>(m, w, h);
    cudaMemcpy(r, m, sizeof r, cudaMemcpyDeviceToHost);
    printf("%d %d\n", r[33], r[w * h - 1]);
    return 0;
}
