// The correct twin of tests/check/sanitizer/uninit_shared.cu: every
// thread fills its element before any reads.
#include <cstdio>

__global__ void spread(int *out)
{
    __shared__ int vals[64];
    unsigned t = threadIdx.x;
    vals[t] = (int)t;
    __syncthreads();
    out[t] = vals[63 - t];
}

int main()
{
    int *d, h[64];
    cudaMalloc(&d, 64 * sizeof(int));
    spread<<<1, 64>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("spread: %d %d\n", h[0], h[63]);
    return 0;
}
