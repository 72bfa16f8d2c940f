// Threads that walk columns: loops whose every step reads or writes the
// element of its thread's column in the next row, under the guards kernels
// put around them ("if (j < n)", "if (i >= n) return;", "x < w && y < h"),
// with values carried from step to step in registers and in memory,
// branches inside the step, nested walks and early exits.
#include <cstdio>
#include "fnv.h"

__global__ void colsum(int rows, int cols, const float *a, float *out)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < cols) {
        out[j] = 0;
        for (int i = 0; i < rows; i++)
            out[j] += a[i * cols + j] * (float)(i % 3 + 1);
    }
}

__global__ void colsum_reg(int rows, int cols, const float *a, float *out)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= cols)
        return;
    float s = 0, m = -1e30f;
    for (int i = 0; i < rows; i++) {
        float v = a[i * cols + j];
        s += v;
        if (v > m) // a branch inside the step
            m = v;
    }
    out[j] = s + 1000 * m;
}

// naive matrix product: B walked down its columns, A along its rows
__global__ void matmul(int n, const float *A, const float *B, float *C)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < n && col < n) {
        float acc = 0;
        for (int k = 0; k < n; k++)
            acc += A[row * n + k] * B[k * n + col];
        C[row * n + col] = acc;
    }
}

// nested walks and a uniform early exit
__global__ void nested(int rows, int cols, const int *a, int *out, int stop)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < cols) {
        int h = 17;
        for (int r = 0; r < 3; r++) {
            for (int i = 0; i < rows; i++) {
                if (i == stop)
                    break;
                h = h * 31 + a[i * cols + j] + r;
            }
            out[r * cols + j] = h;
        }
    }
}

// no guard at all: every thread walks
__global__ void unguarded(int rows, int cols, const int *a, int *out)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int x = j;
    for (int i = 0; i < rows; i++)
        x ^= a[i * cols + j] << (i & 7);
    out[j] = x;
}

int main()
{
    const int rows = 300, cols = 1000, n = 96;
    float *a, *out, *A, *B, *C;
    int *ia, *iout;
    cudaMallocManaged(&a, rows * cols * sizeof(float));
    cudaMallocManaged(&out, cols * sizeof(float));
    cudaMallocManaged(&ia, rows * 1024 * sizeof(int));
    cudaMallocManaged(&iout, 3 * 1024 * sizeof(int));
    cudaMallocManaged(&A, n * n * sizeof(float));
    cudaMallocManaged(&B, n * n * sizeof(float));
    cudaMallocManaged(&C, n * n * sizeof(float));
    for (int i = 0; i < rows * cols; i++)
        a[i] = (float)((i * 7919) % 101) / 8;
    for (int i = 0; i < rows * 1024; i++)
        ia[i] = (i * 2654435761u) >> 20;
    for (int i = 0; i < n * n; i++) {
        A[i] = (float)(i % 13) / 4;
        B[i] = (float)(i % 7) / 2;
    }

    colsum<<<(cols + 127) / 128, 128>>>(rows, cols, a, out);
    cudaDeviceSynchronize();
    printf("colsum     %08x out[0]=%g out[%d]=%g\n", fnv(out, cols * sizeof(float)), out[0], cols - 1, out[cols - 1]);

    colsum_reg<<<(cols + 63) / 64, 64>>>(rows, cols, a, out);
    cudaDeviceSynchronize();
    printf("colsum_reg %08x out[5]=%g\n", fnv(out, cols * sizeof(float)), out[5]);

    matmul<<<dim3((n + 15) / 16, (n + 7) / 8), dim3(16, 8)>>>(n, A, B, C);
    cudaDeviceSynchronize();
    printf("matmul     %08x C[0]=%g C[%d]=%g\n", fnv(C, n * n * sizeof(float)), C[0], n * n - 1, C[n * n - 1]);

    for (int stop = 0; stop <= rows; stop += 150) {
        nested<<<(cols + 255) / 256, 256>>>(rows, cols, ia, iout, stop);
        cudaDeviceSynchronize();
        printf("nested     stop=%d %08x\n", stop, fnv(iout, 3 * cols * sizeof(int)));
    }

    unguarded<<<1024 / 128, 128>>>(rows, 1024, ia, iout);
    cudaDeviceSynchronize();
    printf("unguarded  %08x\n", fnv(iout, 1024 * sizeof(int)));
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
