// Planted bug: a loop writes one element past a local array;
// tests/cuda/sanitizer/oob_local_write_ok.cu is the correct twin.
#include <cstdio>

__global__ void powers(int *out, int n)
{
    int p[8];
    p[0] = 1;
    for (int i = 1; i <= n; i++) /* n is 8: p[8] is past the end */
        p[i] = p[i - 1] * (threadIdx.x + 1);
    out[threadIdx.x] = p[n - 1];
}

int main()
{
    int h[4], *d;
    cudaMalloc(&d, sizeof h);
    powers<<<1, 4>>>(d, 8);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d %d %d\n", h[0], h[1], h[2], h[3]);
    return 0;
}
