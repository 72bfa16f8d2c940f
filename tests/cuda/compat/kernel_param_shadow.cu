// A kernel parameter may have the kernel's own name: inside the body the
// name is the parameter's (scale below multiplies by its argument), and
// the kernel is still launched by name from outside.  Kernels in a named
// namespace, a nested one declared as A::B, an unnamed one and a template.
#include <cstdio>

__global__ void scale(float *x, float scale)
{
    x[threadIdx.x] *= scale;
}

namespace outer {
__global__ void offset(float *x, float offset)
{
    x[threadIdx.x] += offset;
}
}

namespace outer::inner {
__global__ void square(float *x, int square)
{
    if (square)
        x[threadIdx.x] *= x[threadIdx.x];
}
}

namespace {
__global__ void negate(float *x, bool negate)
{
    if (negate)
        x[threadIdx.x] = -x[threadIdx.x];
}
}

template <typename T>
__global__ void add(T *x, T add)
{
    x[threadIdx.x] += add;
}

int main()
{
    const int n = 32;
    float *x;
    cudaMallocManaged(&x, n * sizeof(float));
    for (int i = 0; i < n; i++)
        x[i] = i;
    scale<<<1, n>>>(x, 2.0f);
    outer::offset<<<1, n>>>(x, 1.0f);
    outer::inner::square<<<1, n>>>(x, 1);
    negate<<<1, n>>>(x, true);
    add<float><<<1, n>>>(x, 0.5f);
    cudaError_t e = cudaDeviceSynchronize();
    printf("sync: %s\n", cudaGetErrorName(e));
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += x[i];
    printf("x[0] %g x[1] %g x[31] %g sum %g\n", x[0], x[1], x[31], sum);
    cudaFree(x);
    return 0;
}
