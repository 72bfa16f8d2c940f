// The correct twin of tests/check/sanitizer/oob_inner_loop.cu,
// oob_versioned.cu and oob_block_rows.cu: loops inside each thread's work
// that stop at the matrix's last element (exclusive and inclusive bounds,
// signed and unsigned), a matrix product whose k loop ends at n, and 2-D
// kernels over every row of a matrix whose size is not a multiple of the
// block's, with the last blocks' rows cut by the guard.  A --check=memory
// build tests these accesses once per loop or per block
// (src/compiler/kc_version.c); every test passes or falls back to the
// checked loop, and nothing is reported.
#include <cstdio>

__global__ void rowsum(const float *a, float *s, int n, int kmax)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < n) {
        float t = 0;
        for (int k = 0; k < kmax; k++)
            t += a[j * n + k];
        s[j] = t;
    }
}

__global__ void rowsum_to(const float *a, float *s, int n, unsigned klast)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < n) {
        float t = 0;
        for (unsigned k = 0; k <= klast; k++)
            t += a[j * n + k] * 2;
        s[j] = t;
    }
}

__global__ void mm(const float *a, const float *b, float *c, int n, int kmax)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < n && j < n) {
        float s = 0;
        for (int k = 0; k < kmax; k++)
            s += a[i * n + k] * b[k * n + j];
        c[i * n + j] = s;
    }
}

__global__ void fill(float *m, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h)
        m[y * w + x] = 0.5f * x + y;
}

__global__ void shift(const float *a, float *b, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h)
        b[y * w + x] = a[y * w + x] * 2;
}

static double sum(const float *d, int n)
{
    static float h[64 * 64];
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h[i] * (1 + i % 3);
    return s;
}

int main()
{
    const int n = 64;
    static float h[n * n];
    for (int i = 0; i < n * n; i++)
        h[i] = (float)(i % 7);
    float *a, *b, *c, *s;
    cudaMalloc(&a, sizeof h);
    cudaMalloc(&b, sizeof h);
    cudaMalloc(&c, sizeof h);
    cudaMalloc(&s, n * sizeof(float));
    cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemcpy(b, h, sizeof h, cudaMemcpyHostToDevice);

    rowsum<<<n / 32, 32>>>(a, s, n, n);
    printf("rowsum %g\n", sum(s, n));
    rowsum<<<3, 24>>>(a, s, n, n - 5);
    printf("rowsum short %g\n", sum(s, n));
    rowsum_to<<<n / 32, 32>>>(a, s, n, n - 1);
    printf("rowsum_to %g\n", sum(s, n));
    rowsum_to<<<1, 64>>>(a, s, n, 0);
    printf("rowsum_to one step %g\n", sum(s, n));

    mm<<<dim3(n / 32, n / 8), dim3(32, 8)>>>(a, b, c, n, n);
    printf("mm %g\n", sum(c, n * n));
    mm<<<dim3(3, 11), dim3(24, 6)>>>(a, b, c, n, n);
    printf("mm uneven blocks %g\n", sum(c, n * n));

    const int w = 40, rows = 21;
    fill<<<dim3((w + 31) / 32, (rows + 7) / 8), dim3(32, 8)>>>(a, w, rows);
    shift<<<dim3((w + 31) / 32, (rows + 7) / 8), dim3(32, 8)>>>(a, b, w, rows);
    printf("shift %g\n", sum(b, w * rows));
    shift<<<dim3(2, 2), dim3(16, 16)>>>(a, c, w, rows);
    printf("shift 16x16 %g\n", sum(c, w * rows));
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
