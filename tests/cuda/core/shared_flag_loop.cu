// Barriers under branches and loops decided by memory every thread reads
// at one address: a flag thread 0 sets in shared memory before a barrier
// (an iteration until convergence), a count in global memory indexed by
// the block, and the last-block pattern of a grid-wide sum (an atomic
// ticket, __threadfence, a shared flag).  Every thread reads the same
// value there, so the kernels stay on the compiled tier
// (tests/driver/run.sh checks that).
#include <cstdio>
#include "fnv.h"

#define THREADS 128

// Halves every element until the block's mean falls under the cutoff; the
// number of rounds differs by block.
__global__ void converge(float *data, const float *cutoffs, int *rounds)
{
    __shared__ float buf[THREADS];
    __shared__ int done;
    float *row = data + blockIdx.x * THREADS;
    if (threadIdx.x == 0)
        done = 0;
    __syncthreads();
    int it = 0;
    while (!done && it < 100) {
        row[threadIdx.x] *= 0.5f;
        buf[threadIdx.x] = row[threadIdx.x];
        __syncthreads();
        for (int s = THREADS / 2; s > 0; s /= 2) {
            if (threadIdx.x < s)
                buf[threadIdx.x] += buf[threadIdx.x + s];
            __syncthreads();
        }
        if (threadIdx.x == 0 && buf[0] / THREADS < cutoffs[blockIdx.x])
            done = 1;
        __syncthreads();
        it++;
    }
    if (threadIdx.x == 0)
        rounds[blockIdx.x] = it;
}

// A block-indexed count in global memory decides whether the block works
// and how many passes it makes.
__global__ void passes(const int *counts, int *out)
{
    __shared__ int s[THREADS];
    int v = threadIdx.x + blockIdx.x;
    if (counts[blockIdx.x] > 0) {
        for (int p = 0; p < counts[blockIdx.x]; p++) {
            s[threadIdx.x] = v;
            __syncthreads();
            v += s[(threadIdx.x + 1) % THREADS];
            __syncthreads();
        }
    }
    out[blockIdx.x * THREADS + threadIdx.x] = v;
}

__device__ unsigned int ticket;

// Each block sums its part; the last block to finish sums the partial
// sums.
__global__ void grid_sum(const int *in, int *partial, int *total)
{
    __shared__ int buf[THREADS];
    __shared__ bool last;
    buf[threadIdx.x] = in[blockIdx.x * THREADS + threadIdx.x];
    __syncthreads();
    for (int s = THREADS / 2; s > 0; s /= 2) {
        if (threadIdx.x < s)
            buf[threadIdx.x] += buf[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        partial[blockIdx.x] = buf[0];
        __threadfence();
        last = atomicInc(&ticket, gridDim.x) == gridDim.x - 1;
    }
    __syncthreads();
    if (last) {
        int sum = 0;
        for (int b = threadIdx.x; b < (int)gridDim.x; b += THREADS)
            sum += ((volatile int *)partial)[b];
        buf[threadIdx.x] = sum;
        __syncthreads();
        for (int s = THREADS / 2; s > 0; s /= 2) {
            if (threadIdx.x < s)
                buf[threadIdx.x] += buf[threadIdx.x + s];
            __syncthreads();
        }
        if (threadIdx.x == 0)
            *total = buf[0];
    }
}

int main()
{
    const int blocks = 24, n = blocks * THREADS;
    float *data, *cutoffs;
    int *rounds, *counts, *out, *in, *partial, *total;
    cudaMallocManaged(&data, n * sizeof(float));
    cudaMallocManaged(&cutoffs, blocks * sizeof(float));
    cudaMallocManaged(&rounds, blocks * sizeof(int));
    cudaMallocManaged(&counts, blocks * sizeof(int));
    cudaMallocManaged(&out, n * sizeof(int));
    cudaMallocManaged(&in, n * sizeof(int));
    cudaMallocManaged(&partial, blocks * sizeof(int));
    cudaMallocManaged(&total, sizeof(int));
    for (int i = 0; i < n; i++) {
        data[i] = (float)(i % 61 + 1);
        in[i] = i % 1000 - 300;
    }
    for (int b = 0; b < blocks; b++) {
        cutoffs[b] = (float)(1 << (b % 6)) * 0.25f;
        counts[b] = b % 5 - 1;
    }
    converge<<<blocks, THREADS>>>(data, cutoffs, rounds);
    cudaDeviceSynchronize();
    printf("converge: rounds");
    for (int b = 0; b < blocks; b++)
        printf(" %d", rounds[b]);
    printf("\nconverge: data %08x\n", fnv(data, n * sizeof(float)));
    passes<<<blocks, THREADS>>>(counts, out);
    cudaDeviceSynchronize();
    printf("passes: %08x out[0] %d out[%d] %d\n", fnv(out, n * sizeof(int)), out[0], n - 1, out[n - 1]);
    for (int rep = 0; rep < 3; rep++) {
        unsigned zero = 0;
        cudaMemcpyToSymbol(ticket, &zero, sizeof zero);
        *total = -1;
        grid_sum<<<blocks, THREADS>>>(in, partial, total);
        cudaDeviceSynchronize();
        printf("grid_sum %d: total %d partial[0] %d partial[%d] %d\n", rep, *total, partial[0], blocks - 1,
               partial[blocks - 1]);
    }
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
