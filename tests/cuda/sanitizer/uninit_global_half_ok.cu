// The correct twin of tests/check/sanitizer/uninit_global_half.cu, which
// plants a bug: the host initializes only the first half of a buffer that
// the kernel reads whole.
#include <cstdio>

__global__ void sum(const int *a, int n, int *out)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += a[i];
    *out = s;
}

int main()
{
    const int n = 64;
    int h[n], *a, *out, r;
    for (int i = 0; i < n; i++)
        h[i] = i;
    cudaMalloc(&a, sizeof h);
    cudaMalloc(&out, sizeof r);
    cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
    sum<<<1, 1>>>(a, n, out);
    cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
    printf("sum %d\n", r);
    return 0;
}
