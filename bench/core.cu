// bench/core.cu: the core engine's costs, each against a baseline measured
// in the same run on the same machine.  Not a test: it prints figures.
//
//   thread   per-thread cost of a barrier-free kernel over 2^24 threads,
//            one worker, minus a plain C loop doing the same work
//   barrier  __syncthreads cost per thread per barrier, 1024-thread blocks
//   launch   empty-kernel launch + cudaDeviceSynchronize latency
//   step     a solver's step: cudaMemcpy in, a two-block kernel whose first
//            thread of each block computes, cudaMemcpy out (Rodinia's
//            myocyte), against the same arithmetic in a plain loop
//   vecadd   vector add of 2^26 floats, all workers, against an OpenMP loop
//            on the same cores
//   copy     cudaMemcpy of 64 MiB host to device, device to host and
//            device to device, and a cudaMemset, all workers, against a
//            memcpy and a memset of the same bytes on one thread and an
//            OpenMP loop of memcpy slices on the same cores
//   shfl     a full-warp __shfl_down_sync reduction (5 steps), per lane per
//            collective
//   queue    126 launches of one plane of a 128^3 stencil (64 blocks each)
//            queued on the default stream and synchronized once, against
//            one launch of all 126 planes (gridDim.z) and against each
//            plane launched and synchronized: what a grid's turn in a
//            stream costs
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <omp.h>
#include <time.h>

#include "kernels.cuh"

static double now()
{
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

__attribute__((noinline)) static void loop(const float *a, const float *b, float *c, int n)
{
    for (int i = 0; i < n; i++)
        c[i] = a[i] * 1.5f + b[i];
}

static double best_of(int reps, double (*f)(void *), void *arg)
{
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        double t = f(arg);
        if (t < best)
            best = t;
    }
    return best;
}

struct vec {
    float *a, *b, *c;
    int n;
};

static double run_kernel(void *p)
{
    vec *v = (vec *)p;
    double t0 = now();
    scale_add<<<(v->n + 255) / 256, 256>>>(v->a, v->b, v->c, v->n);
    cudaDeviceSynchronize();
    return now() - t0;
}

static double run_loop(void *p)
{
    vec *v = (vec *)p;
    double t0 = now();
    loop(v->a, v->b, v->c, v->n);
    return now() - t0;
}

static double run_omp(void *p)
{
    vec *v = (vec *)p;
    double t0 = now();
#pragma omp parallel for schedule(static)
    for (int i = 0; i < v->n; i++)
        v->c[i] = v->a[i] * 1.5f + v->b[i];
    return now() - t0;
}

static vec make_vec(int n)
{
    vec v;
    v.n = n;
    cudaMallocManaged(&v.a, n * sizeof(float));
    cudaMallocManaged(&v.b, n * sizeof(float));
    cudaMallocManaged(&v.c, n * sizeof(float));
    for (int i = 0; i < n; i++) {
        v.a[i] = i;
        v.b[i] = 1;
        v.c[i] = 0;
    }
    return v;
}

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "all";
    int all = !strcmp(what, "all");
    int sms = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    printf("workers: %d\n", sms);
    if (all || !strcmp(what, "thread")) {
        vec v = make_vec(1 << 24);
        double k = best_of(5, run_kernel, &v), l = best_of(5, run_loop, &v);
        double per_k = k / v.n * 1e9 * sms, per_l = l / v.n * 1e9;
        printf("thread: kernel %.2f ns/thread (x %d workers), loop %.2f ns/element, overhead "
               "%.2f ns/thread (target <= 3)\n", per_k, sms, per_l, per_k - per_l);
    }
    if (all || !strcmp(what, "barrier")) {
        int *sink;
        cudaMalloc(&sink, 4);
        const int blocks = 64, reps = 50;
        barriers<<<blocks, 1024>>>(reps, sink);
        cudaDeviceSynchronize();
        double best = 1e30, base = 1e30;
        for (int r = 0; r < 3; r++) {
            double t0 = now();
            barriers<<<blocks, 1024>>>(reps, sink);
            cudaDeviceSynchronize();
            double t1 = now();
            no_barriers<<<blocks, 1024>>>(reps, sink);
            cudaDeviceSynchronize();
            double t2 = now();
            best = t1 - t0 < best ? t1 - t0 : best;
            base = t2 - t1 < base ? t2 - t1 : base;
        }
        double per = (best - base) / (blocks * 1024.0 * reps) * 1e9 * sms;
        printf("barrier: %.2f ns per thread per __syncthreads (1024-thread blocks; target <= 5)\n",
               per);
    }
    if (all || !strcmp(what, "launch")) {
        for (int i = 0; i < 1000; i++) {
            empty<<<1, 1>>>();
            cudaDeviceSynchronize();
        }
        const int n = 20000;
        double t0 = now();
        for (int i = 0; i < n; i++) {
            empty<<<1, 1>>>();
            cudaDeviceSynchronize();
        }
        printf("launch: %.2f us per empty launch + synchronize (target <= 5)\n",
               (now() - t0) / n * 1e6);
    }
    if (all || !strcmp(what, "step")) {
        float *d, h[64] = {0};
        cudaMalloc(&d, sizeof h);
        const int n = 20000, work = 200;
        double best = 1e9;
        for (int round = 0; round < 3; round++) {
            double t0 = now();
            for (int i = 0; i < n; i++) {
                cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
                serial_steps<<<2, 32>>>(d, work);
                cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
            }
            double t = (now() - t0) / n;
            best = t < best ? t : best;
        }
        volatile float sink = 0;
        double t0 = now();
        for (int i = 0; i < n; i++)
            for (int b = 0; b < 2; b++) {
                float s = h[b];
                for (int j = 0; j < work; j++)
                    s = s * 0.999f + 0.5f;
                sink = s;
            }
        double loop = (now() - t0) / n;
        printf("step: %.2f us per copy in + <<<2, 32>>> + copy out; the arithmetic alone %.2f us\n",
               best * 1e6, loop * 1e6);
        cudaFree(d);
    }
    if (all || !strcmp(what, "queue")) {
        const int n = 128, planes = n - 2;
        const size_t bytes = (size_t)n * n * n * sizeof(float);
        float *in, *out;
        cudaMalloc(&in, bytes);
        cudaMalloc(&out, bytes);
        cudaMemset(in, 0, bytes);
        cudaMemset(out, 0, bytes);
        dim3 block(32, 8), grid(n / 32, n / 8), all_planes(n / 32, n / 8, planes);
        double queued = 1e9, one = 1e9, synced = 1e9;
        for (int round = 0; round < 10; round++) {
            double t0 = now();
            for (int z = 1; z <= planes; z++)
                plane<<<grid, block>>>(in, out, n, z);
            cudaDeviceSynchronize();
            double t1 = now();
            plane<<<all_planes, block>>>(in, out, n, 1);
            cudaDeviceSynchronize();
            double t2 = now();
            for (int z = 1; z <= planes; z++) {
                plane<<<grid, block>>>(in, out, n, z);
                cudaDeviceSynchronize();
            }
            double t3 = now();
            queued = t1 - t0 < queued ? t1 - t0 : queued;
            one = t2 - t1 < one ? t2 - t1 : one;
            synced = t3 - t2 < synced ? t3 - t2 : synced;
        }
        printf("queue: %.2f us per plane queued, %.2f launched and synchronized, %.2f in one "
               "grid: %.2f us a grid's turn in the stream\n",
               queued / planes * 1e6, synced / planes * 1e6, one / planes * 1e6,
               (queued - one) / planes * 1e6);
        cudaFree(in);
        cudaFree(out);
    }
    if (all || !strcmp(what, "copy")) {
        const size_t bytes = (size_t)64 << 20;
        char *h = (char *)malloc(bytes), *h2 = (char *)malloc(bytes), *d, *d2;
        cudaMalloc(&d, bytes);
        cudaMalloc(&d2, bytes);
        memset(h, 1, bytes);
        memset(h2, 2, bytes);
        cudaMemset(d, 3, bytes);
        cudaMemset(d2, 4, bytes);
        const char *name[] = {"host to device", "device to host", "device to device", "memset"};
        double best[4] = {1e9, 1e9, 1e9, 1e9}, mc = 1e9, ms = 1e9, om = 1e9;
        for (int round = 0; round < 5; round++) {
            for (int k = 0; k < 4; k++) {
                double t0 = now();
                if (k == 0)
                    cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice);
                else if (k == 1)
                    cudaMemcpy(h2, d, bytes, cudaMemcpyDeviceToHost);
                else if (k == 2)
                    cudaMemcpy(d2, d, bytes, cudaMemcpyDeviceToDevice);
                else
                    cudaMemset(d2, round, bytes);
                cudaDeviceSynchronize();
                double t = now() - t0;
                best[k] = t < best[k] ? t : best[k];
            }
            double t0 = now();
            memcpy(h2, h, bytes);
            double t = now() - t0;
            mc = t < mc ? t : mc;
            t0 = now();
            memset(h2, round, bytes);
            t = now() - t0;
            ms = t < ms ? t : ms;
            t0 = now();
#pragma omp parallel for
            for (long i = 0; i < 64; i++)
                memcpy(h2 + (i << 20), h + (i << 20), (size_t)1 << 20);
            t = now() - t0;
            om = t < om ? t : om;
        }
        for (int k = 0; k < 4; k++)
            printf("copy: %-16s %6.2f GB/s (one-thread %s %6.2f GB/s, ratio %.2f; OpenMP memcpy %6.2f "
                   "GB/s)\n",
                   name[k], bytes / best[k] / 1e9, k == 3 ? "memset" : "memcpy",
                   bytes / (k == 3 ? ms : mc) / 1e9, (k == 3 ? ms : mc) / best[k], bytes / om / 1e9);
        cudaFree(d);
        cudaFree(d2);
        free(h);
        free(h2);
    }
    if (all || !strcmp(what, "vecadd")) {
        vec v = make_vec(1 << 26);
        double k = best_of(5, run_kernel, &v), o = best_of(5, run_omp, &v);
        printf("vecadd: kernel %.2f ms, OpenMP (%d threads) %.2f ms, ratio %.2f (target <= 1.2)\n",
               k * 1e3, omp_get_max_threads(), o * 1e3, k / o);
    }
    if (all || !strcmp(what, "shfl")) {
        float *out;
        cudaMalloc(&out, 4096 * sizeof(float));
        const int blocks = 256, reps = 40;
        warp_reduce<<<blocks, 256>>>(reps, out);
        cudaDeviceSynchronize();
        double best = 1e30;
        for (int r = 0; r < 3; r++) {
            double t0 = now();
            warp_reduce<<<blocks, 256>>>(reps, out);
            cudaDeviceSynchronize();
            double t = now() - t0;
            best = t < best ? t : best;
        }
        double per = best / (blocks * 256.0 * reps * 5) * 1e9 * sms;
        printf("shfl: %.2f ns per lane per collective (5-step __shfl_down_sync reduction; "
               "target <= 10)\n", per);
    }
    return 0;
}
