// Grids of fewer blocks than a CPU has cores, whose threads never wait
// for one another: each thread's result must not depend on which part of
// its block ran where.  Block sizes that are and are not multiples of 32.
#include <cstdio>

__global__ void triangle(int n, const float *a, float *out)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < n) {
        float s = 0;
        for (int k = j; k < n; k++)
            s += a[k] * (float)(k - j + 1);
        out[j] = s;
    }
}

__global__ void coords(unsigned *out)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    out[t] = blockIdx.x * 1000u + threadIdx.x * 3u + gridDim.x + blockDim.x;
}

__global__ void count(int *c)
{
    atomicAdd(&c[blockIdx.x], (int)threadIdx.x + 1);
}

int main(void)
{
    const int n = 700;
    float *a, *out;
    unsigned *co;
    int *c;
    cudaMallocManaged(&a, n * sizeof(float));
    cudaMallocManaged(&out, n * sizeof(float));
    cudaMallocManaged(&co, 3 * 224 * sizeof(unsigned));
    cudaMallocManaged(&c, 3 * sizeof(int));
    for (int i = 0; i < n; i++)
        a[i] = (float)(i % 9) * 0.5f - 1.0f;
    for (int i = 0; i < 3; i++)
        c[i] = 0;
    triangle<<<1, 700 < 1024 ? 704 : 1024>>>(n, a, out);
    coords<<<3, 224>>>(co);
    count<<<3, 96>>>(c);
    cudaDeviceSynchronize();
    double s = 0;
    for (int i = 0; i < n; i++)
        s += out[i] * (double)(i % 11 + 1);
    unsigned long long h = 0;
    for (int i = 0; i < 3 * 224; i++)
        h = h * 31 + co[i];
    printf("triangle %.2f out[0] %.2f out[%d] %.2f\n", s, out[0], n - 1, out[n - 1]);
    printf("coords %llu\n", h);
    printf("count %d %d %d\n", c[0], c[1], c[2]);
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
