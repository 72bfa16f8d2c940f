// Kernels with __restrict__-qualified parameters used where a function
// pointer of the kernel's type is formed: a variable, a table, a template
// argument, and launches through each.
#include <cstdio>

__global__ void scale(float *__restrict__ out, const float *__restrict__ in, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] * s;
}

__global__ void shift(float *__restrict__ out, const float *__restrict__ in, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] + s;
}

template <class T>
__global__ void axpy(T *__restrict__ y, const T *__restrict__ x, T a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] += a * x[i];
}

typedef void (*kernel_t)(float *__restrict__, const float *__restrict__, float, int);

template <kernel_t K> void run(float *out, const float *in, float s, int n)
{
    K<<<(n + 63) / 64, 64>>>(out, in, s, n);
}

int main()
{
    const int n = 100;
    float *in, *out;
    cudaMallocManaged(&in, n * sizeof(float));
    cudaMallocManaged(&out, n * sizeof(float));
    for (int i = 0; i < n; i++)
        in[i] = (float)i;
    kernel_t k = scale;
    k<<<2, 64>>>(out, in, 2.0f, n);
    cudaDeviceSynchronize();
    printf("pointer: %g %g\n", out[1], out[99]);
    kernel_t table[2] = {scale, shift};
    for (int t = 0; t < 2; t++) {
        table[t]<<<2, 64>>>(out, in, 3.0f, n);
        cudaDeviceSynchronize();
        printf("table[%d]: %g %g\n", t, out[1], out[99]);
    }
    run<shift>(out, in, 0.5f, n);
    cudaDeviceSynchronize();
    printf("template: %g %g\n", out[1], out[99]);
    void (*p)(float *, const float *, float, int) = scale;
    p<<<2, 64>>>(out, in, -1.0f, n);
    cudaDeviceSynchronize();
    printf("unqualified pointer: %g %g\n", out[1], out[99]);
    void (*tp)(float *__restrict__, const float *__restrict__, float, int) = axpy<float>;
    tp<<<2, 64>>>(out, in, 1.0f, n);
    cudaDeviceSynchronize();
    printf("template kernel pointer: %g %g\n", out[1], out[99]);
    float a = 2.0f;
    int nn = n;
    void *args[] = {&out, &in, &a, &nn};
    printf("cudaLaunchKernel: %s\n",
           cudaGetErrorString(cudaLaunchKernel((const void *)axpy<float>, dim3(2), dim3(64), args, 0, 0)));
    cudaDeviceSynchronize();
    printf("after: %g %g\n", out[1], out[99]);
    int grid = 0, block = 0;
    printf("occupancy: %s\n",
           cudaGetErrorString(cudaOccupancyMaxPotentialBlockSize(&grid, &block, axpy<float>)));
    cudaFuncAttributes attr;
    printf("attributes: %s\n", cudaGetErrorString(cudaFuncGetAttributes(&attr, scale)));
    return 0;
}
