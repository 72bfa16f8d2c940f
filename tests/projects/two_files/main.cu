#include <cstdio>
#include "stencil.h"

int main()
{
    const int n = 1000;
    float h[n];
    for (int i = 0; i < n; i++)
        h[i] = (float)(i % 10);
    float *in, *out;
    cudaMalloc(&in, n * sizeof(float));
    cudaMalloc(&out, n * sizeof(float));
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    printf("stencil: %s\n", cudaGetErrorString(run_stencil(in, out, n, 0.5f)));
    scale_kernel<<<(n + 255) / 256, 256>>>(out, n, 2.0f);
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += h[i];
    printf("out[0] %.2f out[1] %.2f out[999] %.2f sum %.2f\n", h[0], h[1], h[999], sum);
    return 0;
}
