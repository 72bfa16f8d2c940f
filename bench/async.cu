// bench/async.cu: the costs of split barriers and asynchronous copies, each
// against a baseline measured in the same run.  Not a test: it prints
// figures (docs/PERFORMANCE.md, "Asynchronous copies and barriers").
//
//   barrier   cuda::barrier arrive + wait in a 256-thread block, per thread
//             per phase; __syncthreads in the same loop as the baseline
//   pipeline  a 4-stage __pipeline_memcpy_async ring (16 bytes per thread
//             per step, wait_prior(3)) against the same loop copying
//             synchronously, per 16-byte element
//
// Run with SIMT_WORKERS=1 for per-thread costs on one core; all workers
// for throughput.  Builds with nvcc too (the same figures on a GPU).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <time.h>
#include <cuda/barrier>
#include <cuda_pipeline.h>

static double now()
{
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

#define THREADS 256
#define STAGES 4

__global__ void split_barrier(int reps, int *sink)
{
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    if (threadIdx.x == 0)
        init(&bar, blockDim.x);
    __syncthreads();
    int v = threadIdx.x;
    for (int r = 0; r < reps; r++) {
        cuda::barrier<cuda::thread_scope_block>::arrival_token t = bar.arrive();
        bar.wait(std::move(t));
    }
    if (v < 0)
        *sink = v;
}

__global__ void sync_barrier(int reps, int *sink)
{
    int v = threadIdx.x;
    for (int r = 0; r < reps; r++)
        __syncthreads();
    if (v < 0)
        *sink = v;
}

// Each thread streams `steps` 16-byte elements through a ring of STAGES
// shared-memory slots and folds them into a sum.
__global__ void ring_async(const int4 *in, int steps, int *out)
{
    __shared__ int4 ring[STAGES][THREADS];
    const int t = threadIdx.x;
    const int4 *src = in + (size_t)blockIdx.x * steps * THREADS;
    int acc = 0;
    for (int s = 0; s < STAGES - 1; s++) {
        if (s < steps)
            __pipeline_memcpy_async(&ring[s][t], &src[s * THREADS + t], sizeof(int4));
        __pipeline_commit();
    }
    for (int i = 0; i < steps; i++) {
        int next = i + STAGES - 1;
        if (next < steps)
            __pipeline_memcpy_async(&ring[next % STAGES][t], &src[next * THREADS + t], sizeof(int4));
        __pipeline_commit();
        __pipeline_wait_prior(STAGES - 1);
        int4 v = ring[i % STAGES][t];
        acc += v.x ^ v.y ^ v.z ^ v.w;
    }
    out[blockIdx.x * THREADS + t] = acc;
}

__global__ void ring_sync(const int4 *in, int steps, int *out)
{
    __shared__ int4 ring[STAGES][THREADS];
    const int t = threadIdx.x;
    const int4 *src = in + (size_t)blockIdx.x * steps * THREADS;
    int acc = 0;
    for (int i = 0; i < steps; i++) {
        ring[i % STAGES][t] = src[i * THREADS + t];
        int4 v = ring[i % STAGES][t];
        acc += v.x ^ v.y ^ v.z ^ v.w;
    }
    out[blockIdx.x * THREADS + t] = acc;
}

static double time_best(int reps, void (*run)(void *), void *arg)
{
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        double t0 = now();
        run(arg);
        cudaDeviceSynchronize();
        double t = now() - t0;
        if (t < best)
            best = t;
    }
    return best;
}

struct bar_args {
    int blocks, reps;
    int *sink;
};
static void run_split(void *p)
{
    bar_args *a = (bar_args *)p;
    split_barrier<<<a->blocks, THREADS>>>(a->reps, a->sink);
}
static void run_sync(void *p)
{
    bar_args *a = (bar_args *)p;
    sync_barrier<<<a->blocks, THREADS>>>(a->reps, a->sink);
}

struct ring_args {
    int blocks, steps;
    int4 *in;
    int *out;
};
static void run_ring_async(void *p)
{
    ring_args *a = (ring_args *)p;
    ring_async<<<a->blocks, THREADS>>>(a->in, a->steps, a->out);
}
static void run_ring_sync(void *p)
{
    ring_args *a = (ring_args *)p;
    ring_sync<<<a->blocks, THREADS>>>(a->in, a->steps, a->out);
}

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "all";
    int *sink;
    cudaMalloc(&sink, sizeof(int));
    if (!strcmp(what, "all") || !strcmp(what, "barrier")) {
        bar_args a = {8, 2000, sink};
        double split = time_best(5, run_split, &a), plain = time_best(5, run_sync, &a);
        double n = (double)a.blocks * a.reps * THREADS;
        printf("barrier: cuda::barrier arrive+wait %.3f ns per thread per phase, "
               "__syncthreads %.3f ns (256-thread blocks, %d blocks x %d phases; "
               "%.0f ns and %.0f ns per phase of the grid)\n",
               split / n * 1e9, plain / n * 1e9, a.blocks, a.reps, split / a.reps * 1e9,
               plain / a.reps * 1e9);
    }
    if (!strcmp(what, "all") || !strcmp(what, "pipeline")) {
        ring_args a = {64, 256, NULL, NULL};
        size_t elems = (size_t)a.blocks * a.steps * THREADS;
        cudaMalloc(&a.in, elems * sizeof(int4));
        cudaMalloc(&a.out, (size_t)a.blocks * THREADS * sizeof(int));
        cudaMemset(a.in, 1, elems * sizeof(int4));
        int h_async, h_sync;
        double as = time_best(5, run_ring_async, &a);
        cudaMemcpy(&h_async, a.out, sizeof(int), cudaMemcpyDeviceToHost);
        double sy = time_best(5, run_ring_sync, &a);
        cudaMemcpy(&h_sync, a.out, sizeof(int), cudaMemcpyDeviceToHost);
        printf("pipeline: 4-stage __pipeline_memcpy_async ring %.3f ns per 16-byte element, "
               "synchronous copy %.3f ns (%.2fx; %zu elements, results %s)\n",
               as / elems * 1e9, sy / elems * 1e9, as / sy, elems,
               h_async == h_sync ? "agree" : "DIFFER");
        cudaFree(a.in);
        cudaFree(a.out);
    }
    return 0;
}
