// Blocks of 32x8 threads launched for a 1-D index: the rows of a block
// differ only in threadIdx.y, which some kernels never read.  Whatever
// reads it, counts the threads, or prints must still see every row.
#include <cstdio>

#define N 1000
#define BX 32
#define BY 8

// A column walk (PolyBench's atax, second kernel): rows write the same
// element with the same value.
__global__ void colsum(int n, const float *a, const float *x, float *y)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < n) {
        y[j] = 0;
        for (int i = 0; i < n; i++)
            y[j] += a[i * n + j] * x[i];
    }
}

// A row walk with the same shape.
__global__ void rowsum(int n, const float *a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float s = 0;
        for (int j = 0; j < n; j++)
            s += a[i * n + j] * x[j];
        y[i] = s;
    }
}

// Every thread counts itself.
__global__ void count(int *c)
{
    atomicAdd(c, 1);
}

// The rows tell themselves apart.
__global__ void per_row(int *out)
{
    out[(blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x] = threadIdx.y + 1;
}

// The first thread of each row of the first block prints the same line.
__global__ void say(void)
{
    if (blockIdx.x == 0 && threadIdx.x == 0)
        printf("a row of block 0\n");
}

int main(void)
{
    float *a, *x, *y, *z;
    int *c, *out;
    cudaMallocManaged(&a, sizeof(float) * N * N);
    cudaMallocManaged(&x, sizeof(float) * N);
    cudaMallocManaged(&y, sizeof(float) * N);
    cudaMallocManaged(&z, sizeof(float) * N);
    cudaMallocManaged(&c, sizeof(int));
    int blocks = (N + BX - 1) / BX;
    cudaMallocManaged(&out, sizeof(int) * blocks * BX * BY);
    for (int i = 0; i < N * N; i++)
        a[i] = (float)((i * 7) % 13) * 0.25f;
    for (int i = 0; i < N; i++)
        x[i] = (float)(i % 5) - 2.0f;
    *c = 0;
    dim3 block(BX, BY);
    colsum<<<blocks, block>>>(N, a, x, y);
    rowsum<<<blocks, block>>>(N, a, x, z);
    count<<<blocks, block>>>(c);
    per_row<<<blocks, block>>>(out);
    cudaDeviceSynchronize();
    say<<<2, block>>>();
    cudaDeviceSynchronize();
    double sy = 0, sz = 0;
    for (int i = 0; i < N; i++) {
        sy += y[i] * (double)(i % 7 + 1);
        sz += z[i] * (double)(i % 7 + 1);
    }
    long long rows = 0;
    for (int i = 0; i < blocks * BX * BY; i++)
        rows += out[i];
    printf("colsum %.2f y[0] %.2f y[%d] %.2f\n", sy, y[0], N - 1, y[N - 1]);
    printf("rowsum %.2f z[0] %.2f z[%d] %.2f\n", sz, z[0], N - 1, z[N - 1]);
    printf("count %d of %d\n", *c, blocks * BX * BY);
    printf("per_row %lld\n", rows);
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
