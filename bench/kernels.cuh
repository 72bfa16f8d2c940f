// bench/kernels.cuh: the kernels the core benchmarks time, shared by
// bench/core.cu, bench/compare.cu (simt) and bench/compare_hip.cpp (HIP-CPU,
// which defines __shfl_down_sync as its __shfl_down before including this).
// Plain CUDA, no launch syntax: each program launches them its own way.
#ifndef BENCH_KERNELS_CUH
#define BENCH_KERNELS_CUH

__global__ void scale_add(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] * 1.5f + b[i];
}

__global__ void empty() {}

// One thread of each block computes (a sequential stage of a solver).
__global__ void serial_steps(float *a, int n)
{
    if (threadIdx.x == 0) {
        float s = a[blockIdx.x];
        for (int i = 0; i < n; i++)
            s = s * 0.999f + 0.5f;
        a[blockIdx.x] = s;
    }
}

__global__ void barriers(int reps, int *sink)
{
    int v = threadIdx.x;
    for (int r = 0; r < reps; r++)
        __syncthreads();
    if (v < 0)
        *sink = v;
}

__global__ void no_barriers(int reps, int *sink)
{
    int v = threadIdx.x;
    if (v < 0)
        *sink = v + reps;
}

// Two barriers per round with a little work between them: every thread
// publishes its value in shared memory, then reads its neighbour's.  Unlike
// barriers() it has a loop twin (two loops over the block's threads per
// round), so compare.cu can set it against one.  blockDim.x <= 1024.
__global__ void exchange(int reps, float *out)
{
    __shared__ float s[1024];
    int t = threadIdx.x;
    float v = t;
    for (int r = 0; r < reps; r++) {
        s[t] = v;
        __syncthreads();
        v = v * 0.5f + s[(t + 1) % blockDim.x];
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + t] = v;
}

__global__ void warp_reduce(int reps, float *out)
{
    float v = threadIdx.x;
    for (int r = 0; r < reps; r++)
        for (int off = 16; off > 0; off /= 2)
            v += __shfl_down_sync(0xffffffff, v, off);
    if (threadIdx.x == 0)
        out[blockIdx.x] = v;
}

// One plane (z = blockIdx.z + first) of a 7-point average over an n^3 volume,
// blocks of 32 x 8 (PolyBench convolution-3d launches one plane at a time).
__global__ void plane(const float *in, float *out, int n, int first)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z + first;
    if (x < 1 || y < 1 || z < 1 || x >= n - 1 || y >= n - 1 || z >= n - 1)
        return;
    size_t i = ((size_t)z * n + y) * n + x, s = (size_t)n * n;
    out[i] = (in[i] + in[i - 1] + in[i + 1] + in[i - n] + in[i + n] + in[i - s] + in[i + s]) *
             (1.0f / 7);
}

#endif
