// Planted bugs: 2-D kernels that write and read one row more than a
// matrix has.  A --check=memory build tests each access once for a whole
// block of 32x8 threads where it can (src/compiler/kc_version.c): the
// blocks of the last row of blocks fail that test, their rows are tested
// one by one, and the last row's checked loop reports the write with its
// thread.  The correct twin: tests/cuda/sanitizer/oob_loops_ok.cu.
#include <cstdio>

__global__ void fill(float *m, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h)
        m[y * w + x] = 0.5f * x + y; /* h: m's rows at most */
}

__global__ void shift(const float *a, float *b, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h)
        b[y * w + x] = a[y * w + x] * 2; /* h: a's rows at most */
}

int main()
{
    const int w = 64, h = 16;
    float *a, *b, r[2];
    cudaMalloc(&a, w * h * sizeof(float));
    cudaMalloc(&b, w * (h + 1) * sizeof(float));
    fill<<<dim3(w / 32, h / 8), dim3(32, 8)>>>(a, w, h);
    shift<<<dim3(w / 32, h / 8), dim3(32, 8)>>>(a, b, w, h);
    cudaMemcpy(r, b + w + 3, sizeof r, cudaMemcpyDeviceToHost);
    printf("%g %g\n", r[0], r[1]);
    fill<<<dim3(w / 32, (h + 8) / 8), dim3(32, 8)>>>(a, w, h + 1);
    shift<<<dim3(w / 32, (h + 8) / 8), dim3(32, 8)>>>(a, b, w, h + 1);
    cudaDeviceSynchronize();
    return 0;
}
