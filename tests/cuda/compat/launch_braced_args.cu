// Braced lists as kernel arguments: each initializes the kernel's
// parameter as in an ordinary call (a struct, a vector type, a scalar,
// value-initialized with {}), for a kernel, an explicit specialization of
// a template kernel, a kernel pointer, and a launch inside a template.
#include <cstdio>

struct Pair {
    int a;
    float b;
};

__global__ void plain(int *out, Pair p, float2 v, int n)
{
    if (threadIdx.x == 0 && blockIdx.x == 0)
        out[0] = p.a * 1000 + (int)(p.b * 10) + (int)v.x * 7 + (int)v.y * 3 + n;
}

template <class T>
__global__ void typed(int *out, T t, int n)
{
    out[1] = (int)t + n;
}

template <class T>
static void launch_in_template(int *d)
{
    typed<T><<<1, 1>>>(d, {T(40)}, {2});
}

int main()
{
    int *d;
    int h[2];
    cudaMalloc(&d, sizeof h);

    plain<<<2, 32>>>(d, {3, 4.5f}, {1.0f, 2.0f}, {7});
    typed<long><<<1, 1>>>(d, {5}, {});
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("struct, vector, scalar: %d; template kernel: %d\n", h[0], h[1]);

    void (*f)(int *, Pair, float2, int) = plain;
    f<<<1, 1>>>(d, {}, {}, 1);
    launch_in_template<short>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("kernel pointer, value-initialized: %d; launch in a template: %d\n", h[0], h[1]);
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    cudaFree(d);
    return 0;
}
