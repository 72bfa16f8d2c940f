// The ways a program names and launches kernels: templates (explicit and
// deduced), namespaces, static and extern "C" kernels, launches produced
// by macros, 2/3/4-argument configurations, function pointers and
// cudaLaunchKernel.
#include <cstdio>

template <typename T, int N>
__global__ void scale(T *x, T f)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N)
        x[i] = x[i] * f + (T)N;
}

template <typename T>
__global__ void fill(T *x, T v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = v;
}

namespace outer {
namespace inner {
__global__ void add_one(int *x) { x[threadIdx.x] += 1; }
}
}

static __global__ void twice(int *x) { x[threadIdx.x] *= 2; }
extern "C" __global__ void minus_three(int *x) { x[threadIdx.x] -= 3; }

__global__ void defaults(int *x, int a = 7) { x[threadIdx.x] += a; }

#define LAUNCH(k, n, ...) k<<<1, n>>>(__VA_ARGS__)

int main()
{
    const int n = 64;
    float *f;
    int *x;
    cudaMalloc(&f, n * sizeof(float));
    cudaMalloc(&x, n * sizeof(int));
    fill<<<2, 32>>>(f, 1.5f, n);
    scale<float, 64><<<dim3(2), dim3(32), 0>>>(f, 2.0f);
    float hf[n];
    cudaMemcpy(hf, f, sizeof hf, cudaMemcpyDeviceToHost);
    printf("template: %.1f %.1f\n", hf[0], hf[63]);

    fill<int><<<1, n, 0, 0>>>(x, 10, n);
    outer::inner::add_one<<<1, n>>>(x);
    ::outer::inner::add_one<<<1, n>>>(x);
    LAUNCH(twice, n, x);
    LAUNCH(minus_three, n, x);
    defaults<<<1, n>>>(x);
    defaults<<<1, n>>>(x, 100);
    void (*fp)(int *) = twice;
    fp<<<1, n>>>(x);
    (*fp)<<<1, n>>>(x);
    int v = 1;
    void *args[] = {&x};
    cudaLaunchKernel((const void *)minus_three, dim3(1), dim3(n), args, 0, 0);
    void *args2[] = {&x, &v};
    cudaLaunchKernel((const void *)defaults, dim3(1), dim3(n), args2, 0, 0);
    int hx[n];
    cudaMemcpy(hx, x, sizeof hx, cudaMemcpyDeviceToHost);
    printf("forms: %d %d\n", hx[0], hx[n - 1]);
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
