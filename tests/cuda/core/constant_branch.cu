// Barriers under branches on __constant__ memory: every thread of a block
// reads the same value there, so the branches are uniform and the kernels
// stay on the compiled tier (tests/driver/run.sh checks that).  The values
// change between launches (cudaMemcpyToSymbol), as a program that steps
// through frames changes its parameters.
#include <cstdio>
#include "fnv.h"

struct params {
    int frame;
    int rows;
    float scale;
};

__constant__ params p;
__constant__ int offsets[8];
__constant__ float *tables[4];

__global__ void step(const float *in, float *out)
{
    __shared__ float s[128];
    int t = threadIdx.x;
    float v = in[blockIdx.x * blockDim.x + t];
    if (p.frame != 0) {
        s[t] = v * p.scale;
        __syncthreads();
        v = s[(t + offsets[blockIdx.x & 7]) % blockDim.x];
        __syncthreads();
    }
    for (int r = 0; r < p.rows; r++) {
        s[t] = v;
        __syncthreads();
        v = v + s[blockDim.x - 1 - t] * 0.5f;
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + t] = v;
}

// A pointer held in constant memory, indexed by the block: the loads
// through it are ordinary global loads, the branch on its first element
// is the block's own.
__global__ void through_table(float *out)
{
    __shared__ float total;
    const float *tab = tables[blockIdx.x & 3];
    if (threadIdx.x == 0)
        total = 0;
    __syncthreads();
    if (p.rows > 1) {
        atomicAdd(&total, tab[threadIdx.x]);
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = total + (float)threadIdx.x;
}

int main()
{
    const int blocks = 12, threads = 128, n = blocks * threads;
    float *in, *out, *tab;
    cudaMallocManaged(&in, n * sizeof(float));
    cudaMallocManaged(&out, n * sizeof(float));
    cudaMallocManaged(&tab, 4 * threads * sizeof(float));
    for (int i = 0; i < n; i++)
        in[i] = (float)(i % 97) * 0.25f;
    for (int i = 0; i < 4 * threads; i++)
        tab[i] = (float)(i % 13);
    int offs[8] = {0, 1, 5, 17, 64, 100, 127, 3};
    cudaMemcpyToSymbol(offsets, offs, sizeof offs);
    float *ptrs[4] = {tab, tab + threads, tab + 2 * threads, tab + 3 * threads};
    cudaMemcpyToSymbol(tables, ptrs, sizeof ptrs);
    for (int frame = 0; frame < 3; frame++) {
        params h = {frame, frame + 1, 1.5f + (float)frame};
        cudaMemcpyToSymbol(p, &h, sizeof h);
        step<<<blocks, threads>>>(in, out);
        cudaDeviceSynchronize();
        printf("step frame %d: %08x out[0] %.4f out[%d] %.4f\n", frame, fnv(out, n * sizeof(float)), out[0], n - 1,
               out[n - 1]);
        through_table<<<blocks, threads>>>(out);
        cudaDeviceSynchronize();
        printf("table frame %d: %08x out[5] %.1f out[%d] %.1f\n", frame, fnv(out, n * sizeof(float)), out[5], n - 1,
               out[n - 1]);
    }
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
