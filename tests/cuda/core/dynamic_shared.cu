// Dynamic shared memory: several extern __shared__ declarations of
// different element types alias one arena; static and dynamic parts
// coexist; the opt-in above 48 KiB.
#include <cstdio>

extern __shared__ float file_scope_arena[];

__device__ void fill(int n)
{
    extern __shared__ int as_int[];
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        as_int[i] = i * 3;
}

__global__ void alias(int n, int *out)
{
    extern __shared__ char bytes[];
    __shared__ int total;
    if (threadIdx.x == 0)
        total = 0;
    fill(n);
    __syncthreads();
    int *as_int = reinterpret_cast<int *>(bytes);
    atomicAdd(&total, as_int[threadIdx.x]);
    __syncthreads();
    if (threadIdx.x == 0)
        out[blockIdx.x] = total + (int)bytes[4];
}

__global__ void floats(float *out)
{
    file_scope_arena[threadIdx.x] = threadIdx.x * 0.5f;
    __syncthreads();
    out[threadIdx.x] = file_scope_arena[blockDim.x - 1 - threadIdx.x];
}

__global__ void big(int n, int *out)
{
    extern __shared__ int s[];
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        s[i] = i;
    __syncthreads();
    if (threadIdx.x == 0) {
        long long sum = 0;
        for (int i = 0; i < n; i++)
            sum += s[i];
        out[0] = (int)(sum % 1000003);
    }
}

int main()
{
    int *out;
    float *fout;
    cudaMalloc(&out, 64 * sizeof(int));
    cudaMalloc(&fout, 64 * sizeof(float));
    alias<<<4, 64, 64 * sizeof(int)>>>(64, out);
    int h[4];
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    printf("alias: %d %d %d %d\n", h[0], h[1], h[2], h[3]);

    floats<<<1, 64, 64 * sizeof(float)>>>(fout);
    float hf[64];
    cudaMemcpy(hf, fout, sizeof hf, cudaMemcpyDeviceToHost);
    printf("floats: %.1f %.1f %.1f\n", hf[0], hf[1], hf[63]);

    int n = 100000 / sizeof(int);
    big<<<1, 256, n * sizeof(int)>>>(n, out);
    printf("no opt-in: %s\n", cudaGetErrorString(cudaGetLastError()));
    printf("opt-in: %s\n", cudaGetErrorString(cudaFuncSetAttribute(big, cudaFuncAttributeMaxDynamicSharedMemorySize, 100000)));
    big<<<1, 256, n * sizeof(int)>>>(n, out);
    printf("launch: %s\n", cudaGetErrorString(cudaGetLastError()));
    cudaMemcpy(h, out, sizeof(int), cudaMemcpyDeviceToHost);
    printf("big: %d\n", h[0]);
    big<<<1, 256, 100001>>>(n, out);
    printf("over the opt-in: %s\n", cudaGetErrorString(cudaGetLastError()));
    printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
