// Guards that reach the compiler as chains: "a && b && c && d" split into a
// branch and a select, "if (i >= n) return;" followed by another return,
// guards on threadIdx.y around a walk of rows, and an unsigned index that
// wraps for some blocks (those must still run every thread that passes).
// Grids whose sizes are not multiples of their blocks.
#include <cstdio>
#include "fnv.h"

// Jacobi's five-point stencil on the interior of an n x m grid
__global__ void interior(int n, int m, const float *a, float *b)
{
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if ((i >= 1) && (i < (n - 1)) && (j >= 1) && (j < (m - 1)))
        b[i * m + j] = 0.2f * (a[i * m + j] + a[i * m + j - 1] + a[i * m + j + 1] + a[(i + 1) * m + j] +
                               a[(i - 1) * m + j]);
}

// two returns, then the work
__global__ void two_returns(int n, int m, const int *a, int *b)
{
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= n)
        return;
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= m)
        return;
    b[i * m + j] = a[i * m + j] * 3 + i - j;
}

// doitgen's shape: each thread walks s, both guards on the thread's indices
__global__ void walk_rows(int nq, int np, const float *A, const float *C4, float *sum)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    int q = blockIdx.y * blockDim.y + threadIdx.y;
    if ((p < np) && (q < nq)) {
        sum[q * np + p] = 0;
        for (int s = 0; s < np; s++)
            sum[q * np + p] += A[q * np + s] * C4[s * np + p];
    }
}

// an unsigned index that wraps past 2^32 within the grid
__global__ void wrapping(unsigned base, unsigned lo, unsigned hi, int rows, unsigned *out)
{
    unsigned r = blockIdx.y * blockDim.y + threadIdx.y;
    unsigned u = base + blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= 1 && r < (unsigned)rows && u >= lo && u < hi)
        out[r * 1024 + (u - lo) % 1024] += u ^ r;
}

int main()
{
    const int n = 203, m = 301, nq = 37, np = 45;
    float *a, *b, *A, *C4, *sum;
    int *ia, *ib;
    unsigned *w;
    cudaMallocManaged(&a, n * m * sizeof(float));
    cudaMallocManaged(&b, n * m * sizeof(float));
    cudaMallocManaged(&ia, n * m * sizeof(int));
    cudaMallocManaged(&ib, n * m * sizeof(int));
    cudaMallocManaged(&A, nq * np * sizeof(float));
    cudaMallocManaged(&C4, np * np * sizeof(float));
    cudaMallocManaged(&sum, nq * np * sizeof(float));
    cudaMallocManaged(&w, 20 * 1024 * sizeof(unsigned));
    for (int i = 0; i < n * m; i++) {
        a[i] = (float)((i * 7919) % 101) / 8;
        b[i] = -1;
        ia[i] = (int)((i * 2654435761u) >> 20);
        ib[i] = -1;
    }
    for (int i = 0; i < nq * np; i++)
        A[i] = (float)(i % 13) / 4;
    for (int i = 0; i < np * np; i++)
        C4[i] = (float)(i % 7) / 2;
    for (int i = 0; i < 20 * 1024; i++)
        w[i] = 0;

    interior<<<dim3((m + 31) / 32, (n + 7) / 8), dim3(32, 8)>>>(n, m, a, b);
    cudaDeviceSynchronize();
    printf("interior    %08x b[%d]=%g\n", fnv(b, n * m * sizeof(float)), m + 1, b[m + 1]);
    interior<<<dim3((m + 63) / 64, (n + 3) / 4), dim3(64, 4)>>>(n, m, b, a);
    cudaDeviceSynchronize();
    printf("interior    %08x a[%d]=%g\n", fnv(a, n * m * sizeof(float)), 2 * m + 2, a[2 * m + 2]);
    two_returns<<<dim3((m + 31) / 32, (n + 15) / 16), dim3(32, 16)>>>(n, m, ia, ib);
    cudaDeviceSynchronize();
    printf("two_returns %08x\n", fnv(ib, n * m * sizeof(int)));
    walk_rows<<<dim3((np + 31) / 32, (nq + 7) / 8), dim3(32, 8)>>>(nq, np, A, C4, sum);
    cudaDeviceSynchronize();
    printf("walk_rows   %08x sum[%d]=%g\n", fnv(sum, nq * np * sizeof(float)), nq * np - 1, sum[nq * np - 1]);
    // Threads 0..255 of x sit below 2^32, the rest wrap to 0, 1, ...
    wrapping<<<dim3(8, 3), dim3(64, 8)>>>(0xffffff00u, 0xffffff80u, 0xffffffffu, 20, w);
    wrapping<<<dim3(8, 3), dim3(64, 8)>>>(0xffffff00u, 2u, 200u, 20, w);
    cudaDeviceSynchronize();
    printf("wrapping    %08x w[1024]=%u\n", fnv(w, 20 * 1024 * sizeof(unsigned)), w[1024]);
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
