// bench/compare_hip.cpp: the HIP-CPU twin of bench/compare.cu: the same
// kernels (kernels.cuh) launched with hipLaunchKernelGGL and run by HIP-CPU,
// a header-only HIP runtime whose grids run on the C++17 parallel algorithms
// (TBB).  Built by bench/compare.sh when it is given HIP-CPU's include
// directory: g++ -std=c++17 -O2 ... -ltbb.  THREADS caps TBB's threads.
#include <hip/hip_runtime.h>
#include <tbb/global_control.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

// HIP has no mask argument: its shuffles act on the whole wavefront.
#define __shfl_down_sync(mask, v, off) __shfl_down(v, off)
#include "compare.h"
#include "kernels.cuh"

static float *a, *b, *c;

static double run(const char *what)
{
    double t0 = now();
    if (!strcmp(what, "saxpy"))
        hipLaunchKernelGGL(scale_add, dim3((VEC_N + 255) / 256), dim3(256), 0, 0, a, b, c, VEC_N);
    else if (!strcmp(what, "barrier"))
        hipLaunchKernelGGL(exchange, dim3(BAR_BLOCKS), dim3(BAR_THREADS), 0, 0, BAR_ROUNDS, c);
    else
        hipLaunchKernelGGL(warp_reduce, dim3(SHFL_BLOCKS), dim3(SHFL_THREADS), 0, 0, SHFL_REPS, c);
    hipDeviceSynchronize();
    return now() - t0;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: compare_hip saxpy|barrier|shfl|launch THREADS\n");
        return 2;
    }
    const char *what = argv[1];
    tbb::global_control threads(tbb::global_control::max_allowed_parallelism, atoi(argv[2]));
    if (!strcmp(what, "launch")) {
        for (int i = 0; i < LAUNCHES; i++) {
            hipLaunchKernelGGL(empty, dim3(1), dim3(1), 0, 0);
            hipDeviceSynchronize();
        }
        double best = 1e30;
        for (int r = 0; r < BEST_OF; r++) {
            double t0 = now();
            for (int i = 0; i < LAUNCHES; i++) {
                hipLaunchKernelGGL(empty, dim3(1), dim3(1), 0, 0);
                hipDeviceSynchronize();
            }
            double t = now() - t0;
            best = t < best ? t : best;
        }
        printf("%.3f\n", best / LAUNCHES * 1e6);
        return 0;
    }
    double per = !strcmp(what, "saxpy") ? VEC_N : !strcmp(what, "barrier") ? BAR_PER_RUN
               : !strcmp(what, "shfl") ? SHFL_PER_RUN : 0;
    if (per == 0) {
        fprintf(stderr, "compare_hip: unknown benchmark %s\n", what);
        return 2;
    }
    hipMallocManaged(&a, VEC_N * sizeof(float));
    hipMallocManaged(&b, VEC_N * sizeof(float));
    hipMallocManaged(&c, VEC_N * sizeof(float));
    for (int i = 0; i < VEC_N; i++) {
        a[i] = i;
        b[i] = 1;
        c[i] = 0;
    }
    run(what);
    double best = 1e30;
    for (int r = 0; r < BEST_OF; r++) {
        double t = run(what);
        best = t < best ? t : best;
    }
    printf("%.3f\n", best / per * 1e9);
    return 0;
}
