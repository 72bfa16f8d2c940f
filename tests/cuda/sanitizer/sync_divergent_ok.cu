// The correct twin of tests/check/sanitizer/sync_divergent.cu, which plants
// a bug: the two sides of a branch each call __syncthreads: the block's
// threads wait at different barriers.
#include <cstdio>

__global__ void split(int *a)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    if (t % 2) {
        s[t] = a[t] * 2;
    } else {
        s[t] = a[t] + 1;
    }
    __syncthreads();
    a[t] = s[63 - t];
}

int main()
{
    int h[64], *a;
    for (int i = 0; i < 64; i++)
        h[i] = i;
    cudaMalloc(&a, sizeof h);
    cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
    split<<<1, 64>>>(a);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);
    printf("%s %d %d\n", e == cudaSuccess ? "ok" : "failed", h[0], h[63]);
    return 0;
}
