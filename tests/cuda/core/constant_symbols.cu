// Symbol copies to and from __constant__ and __device__ memory, with
// offsets, and the errors for copies that overrun a symbol.
#include <cstdio>

__constant__ float coeffs[16];
__constant__ int table[8];
__device__ int counter;
__device__ float results[16];

__global__ void apply(float x)
{
    int t = threadIdx.x;
    results[t] = coeffs[t] * x + table[t % 8];
    if (t == 0)
        counter += 5;
}

int main()
{
    float h[16];
    for (int i = 0; i < 16; i++)
        h[i] = i * 0.5f;
    int tab[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    printf("%s\n", cudaGetErrorString(cudaMemcpyToSymbol(coeffs, h, sizeof h)));
    printf("%s\n", cudaGetErrorString(cudaMemcpyToSymbol(table, tab, 4 * sizeof(int))));
    printf("%s\n", cudaGetErrorString(cudaMemcpyToSymbol(table, tab + 4, 4 * sizeof(int), 4 * sizeof(int))));
    int zero = 10;
    cudaMemcpyToSymbol(counter, &zero, sizeof zero);
    apply<<<1, 16>>>(2.0f);
    apply<<<1, 16>>>(2.0f);
    float out[16];
    int c = 0;
    printf("%s\n", cudaGetErrorString(cudaMemcpyFromSymbol(out, results, sizeof out)));
    cudaMemcpyFromSymbol(&c, counter, sizeof c);
    printf("results: %.2f %.2f %.2f, counter %d\n", out[0], out[7], out[15], c);
    float tail[4];
    cudaMemcpyFromSymbol(tail, results, sizeof tail, 12 * sizeof(float));
    printf("tail: %.2f %.2f\n", tail[0], tail[3]);
    printf("overrun: %s\n", cudaGetErrorString(cudaMemcpyToSymbol(table, tab, 8 * sizeof(int), 4)));
    printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
    size_t size = 0;
    cudaGetSymbolSize(&size, coeffs);
    void *addr = 0;
    cudaGetSymbolAddress(&addr, results);
    float first = -1;
    cudaMemcpy(&first, addr, sizeof first, cudaMemcpyDeviceToHost);
    printf("size %zu, through the address: %.2f\n", size, first);
    return 0;
}
