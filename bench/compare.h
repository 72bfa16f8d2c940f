/* bench/compare.h: what bench/compare.sh's programs measure, shared by the
 * simt program (compare.cu), its OpenMP twin (compare_omp.c) and its HIP-CPU
 * twin (compare_hip.cpp), so the three do the same work.
 *
 * Each program is run as `PROGRAM BENCH THREADS` and prints one figure:
 *   saxpy    c = 1.5a + b over VEC_N floats, 256-thread blocks: ns per element
 *   barrier  exchange() (kernels.cuh), 1024-thread blocks, two barriers per
 *            round: ns per thread per barrier, the work between included
 *   shfl     warp_reduce() (kernels.cuh), a 5-step __shfl_down_sync
 *            reduction: ns per lane per reduction
 *   launch   empty launch + synchronize (OpenMP: an empty parallel region): us
 * Times are wall-clock times of the whole grid (best of BEST_OF), divided by
 * the work done: with more threads the figure should fall.  The launch
 * figure is the best of BEST_OF batches of LAUNCHES. */
#ifndef BENCH_COMPARE_H
#define BENCH_COMPARE_H

#include <time.h>

#define VEC_N (1 << 24)
#define BAR_BLOCKS 64
#define BAR_THREADS 1024
#define BAR_ROUNDS 25
#define SHFL_BLOCKS 256
#define SHFL_THREADS 256
#define SHFL_REPS 20
#define LAUNCHES 1000
#define BEST_OF 5

#define BAR_PER_RUN ((double)BAR_BLOCKS * BAR_THREADS * BAR_ROUNDS * 2)
#define SHFL_PER_RUN ((double)SHFL_BLOCKS * SHFL_THREADS * SHFL_REPS)

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

#endif
