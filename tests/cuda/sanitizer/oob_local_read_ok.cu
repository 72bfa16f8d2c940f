// The correct twin of tests/check/sanitizer/oob_local_read.cu, which plants
// a bug: a kernel reads a local array with an index one past its end.
#include <cstdio>

__global__ void pick(const int *sel, int *out)
{
    int v[4] = {10, 20, 30, 40};
    int k = sel[threadIdx.x];
    out[threadIdx.x] = v[k % 4];
}

int main()
{
    int s[4] = {0, 1, 3, 4}, h[4], *sel, *out;
    cudaMalloc(&sel, sizeof s);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(sel, s, sizeof s, cudaMemcpyHostToDevice);
    pick<<<1, 4>>>(sel, out);
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d %d\n", h[0], h[1], h[2]);
    return 0;
}
