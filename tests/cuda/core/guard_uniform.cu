// Kernels whose first part is guarded ("if (t < n)") and whose launch
// arguments, read before the guard, are used again after a barrier: the
// guarded part may run for no thread of a block at all (n <= the block's
// first index), and the values read before it must still reach the code
// after the barrier.
#include <cstdio>
#include "fnv.h"

__global__ void through_global(const int *in, int n, int *out, int *mid)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < (unsigned)n)
        mid[t] = in[t] * 3;
    __syncthreads();
    if (t < (unsigned)n)
        out[t] = mid[t] + (int)t;
    else
        out[t] = -1;
}

__global__ void through_shared(const int *in, int n, int scale, int *out)
{
    __shared__ int s[128];
    __shared__ int total;
    unsigned t = threadIdx.x;
    if (t == 0)
        total = 0;
    __syncthreads();
    if (t < (unsigned)n) {
        s[t] = in[blockIdx.x * blockDim.x + t];
        atomicAdd(&total, s[t]);
    }
    __syncthreads();
    out[blockIdx.x * blockDim.x + t] = (t < (unsigned)n ? s[t] : 0) * scale + total;
}

// Guards on two dimensions ("x < w && y < h"), the bounds and the bias
// read before them and used after the barrier.
__global__ void box(const float *in, int w, int h, float bias, float *out)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h)
        out[y * 64 + x] = in[y * 64 + x] + bias;
    __syncthreads();
    if (x < w && y < h)
        out[y * 64 + x] += bias * (float)(w + h);
}

int main()
{
    const int N = 512;
    int hi[N], ho[N];
    float hf[N], hg[N];
    for (int i = 0; i < N; i++) {
        hi[i] = (i * 37) % 101 - 50;
        hf[i] = (float)((i * 13) % 29) * 0.25f;
    }
    int *in, *out, *mid;
    float *fin, *fout;
    cudaMalloc(&in, sizeof hi);
    cudaMalloc(&out, sizeof hi);
    cudaMalloc(&mid, sizeof hi);
    cudaMalloc(&fin, sizeof hf);
    cudaMalloc(&fout, sizeof hf);
    cudaMemcpy(in, hi, sizeof hi, cudaMemcpyHostToDevice);
    cudaMemcpy(fin, hf, sizeof hf, cudaMemcpyHostToDevice);
    // n below, inside and above the blocks' ranges; 0 runs no guarded part
    const int ns[] = {0, 1, 63, 64, 100, 200, 512};
    for (int k = 0; k < 7; k++) {
        int n = ns[k];
        cudaMemset(out, 0, sizeof hi);
        cudaMemset(mid, 0, sizeof hi);
        through_global<<<N / 64, 64>>>(in, n, out, mid);
        cudaMemcpy(ho, out, sizeof ho, cudaMemcpyDeviceToHost);
        unsigned a = fnv(ho, sizeof ho);
        int m = n < 128 ? n : 128;
        through_shared<<<N / 128, 128>>>(in, m, 5, out);
        cudaMemcpy(ho, out, sizeof ho, cudaMemcpyDeviceToHost);
        unsigned b = fnv(ho, sizeof ho);
        long sb = 0;
        for (int i = 0; i < N; i++)
            sb += ho[i];
        cudaMemset(fout, 0, sizeof hf);
        box<<<dim3(2, 2), dim3(32, 4)>>>(fin, n % 65, n % 9, 0.5f, fout);
        cudaMemcpy(hg, fout, sizeof hg, cudaMemcpyDeviceToHost);
        double sf = 0;
        for (int i = 0; i < N; i++)
            sf += hg[i];
        printf("n %3d: global %08x shared %08x sum %ld box %.2f\n", n, a, b, sb, sf);
    }
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
