// The "last block" pattern: each block writes a partial sum, fences, and
// the block that takes the last ticket sums the partials (CUDA guide,
// "Memory Fence Functions").
#include <cstdio>

__device__ unsigned int count = 0;

__global__ void sum(const float *in, int n, volatile float *partial, float *result)
{
    __shared__ float s[256];
    __shared__ bool isLast;
    int t = threadIdx.x;
    float v = 0;
    for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
        v += in[i];
    s[t] = v;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (t < stride)
            s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0) {
        partial[blockIdx.x] = s[0];
        __threadfence();
        unsigned int ticket = atomicInc(&count, gridDim.x);
        isLast = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (isLast && t == 0) {
        float total = 0;
        for (int b = 0; b < gridDim.x; b++)
            total += partial[b];
        *result = total;
        count = 0;
    }
}

int main()
{
    const int n = 1 << 18;
    float *h = new float[n];
    for (int i = 0; i < n; i++)
        h[i] = (float)(i % 16);
    float *in, *partial, *result;
    cudaMalloc(&in, n * sizeof(float));
    cudaMalloc(&partial, 64 * sizeof(float));
    cudaMalloc(&result, sizeof(float));
    cudaMemcpy(in, h, n * sizeof(float), cudaMemcpyHostToDevice);
    for (int rep = 0; rep < 3; rep++) {
        sum<<<64, 256>>>(in, n, partial, result);
        float r = 0;
        cudaMemcpy(&r, result, sizeof r, cudaMemcpyDeviceToHost);
        printf("run %d: %.1f\n", rep, r);
    }
    return 0;
}
