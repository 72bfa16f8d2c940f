// Planted bug: tiles loaded into one __shared__ buffer without the barrier
// after their use: the next tile's load overwrites what slower threads still
// read; tests/cuda/sanitizer/race_shared_double_buffer_ok.cu is the correct
// twin.
#include <cstdio>

#define TILE 64
__global__ void dot(const int *a, const int *b, int n, int *out)
{
    __shared__ int sa[TILE], sb[TILE];
    int t = threadIdx.x, acc = 0;
    for (int base = 0; base < n; base += TILE) {
        sa[t] = a[base + t];
        sb[t] = b[base + t];
        __syncthreads();
        acc += sa[t] * sb[(t + 1) % TILE];
        /* missing: __syncthreads(); */
    }
    atomicAdd(out, acc);
}

int main()
{
    const int n = 512;
    static int ha[n], hb[n];
    for (int i = 0; i < n; i++) {
        ha[i] = i % 9;
        hb[i] = i % 4 + 1;
    }
    int *a, *b, *out, r;
    cudaMalloc(&a, sizeof ha);
    cudaMalloc(&b, sizeof hb);
    cudaMalloc(&out, sizeof r);
    cudaMemcpy(a, ha, sizeof ha, cudaMemcpyHostToDevice);
    cudaMemcpy(b, hb, sizeof hb, cudaMemcpyHostToDevice);
    cudaMemset(out, 0, sizeof r);
    dot<<<1, TILE>>>(a, b, n, out);
    cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
    printf("dot %d\n", r);
    return 0;
}
