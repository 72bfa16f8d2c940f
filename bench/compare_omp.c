/* bench/compare_omp.c: the OpenMP twin of bench/compare.cu, gcc -O2
 * -fopenmp: the same work written as loops, THREADS OpenMP threads.
 *   saxpy    one parallel loop over the elements
 *   barrier  blocks in parallel; each round of exchange() is two loops over
 *            the block's threads, the barriers being the loop boundaries (the
 *            form a compiler that splits kernels at barriers gives)
 *   shfl     warps in parallel; each shuffle step a loop over 32-lane arrays
 *   launch   an empty parallel region */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"

static float *a, *b, *c;
static volatile float sink;

static void saxpy(void)
{
#pragma omp parallel for schedule(static)
    for (int i = 0; i < VEC_N; i++)
        c[i] = a[i] * 1.5f + b[i];
}

static void barrier(void)
{
#pragma omp parallel for schedule(static)
    for (int blk = 0; blk < BAR_BLOCKS; blk++) {
        float s[BAR_THREADS], v[BAR_THREADS];
        for (int t = 0; t < BAR_THREADS; t++)
            v[t] = t;
        for (int r = 0; r < BAR_ROUNDS; r++) {
            for (int t = 0; t < BAR_THREADS; t++)
                s[t] = v[t];
            for (int t = 0; t < BAR_THREADS; t++)
                v[t] = v[t] * 0.5f + s[(t + 1) % BAR_THREADS];
        }
        memcpy(c + blk * BAR_THREADS, v, sizeof v);
    }
}

static void shfl(void)
{
    const int warps = SHFL_BLOCKS * SHFL_THREADS / 32, per_block = SHFL_THREADS / 32;
#pragma omp parallel for schedule(static)
    for (int w = 0; w < warps; w++) {
        float v[32], down[32];
        for (int l = 0; l < 32; l++)
            v[l] = w % per_block * 32 + l;
        for (int r = 0; r < SHFL_REPS; r++)
            for (int off = 16; off > 0; off /= 2) {
                /* CUDA guide, __shfl_down_sync: a lane whose source is past
                 * the warp's end keeps its own value */
                for (int l = 0; l < 32; l++)
                    down[l] = l + off < 32 ? v[l + off] : v[l];
                for (int l = 0; l < 32; l++)
                    v[l] += down[l];
            }
        if (w % per_block == 0)
            c[w / per_block] = v[0];
    }
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: compare_omp saxpy|barrier|shfl|launch THREADS\n");
        return 2;
    }
    const char *what = argv[1];
    omp_set_num_threads(atoi(argv[2]));
    if (!strcmp(what, "launch")) {
        /* gcc drops a parallel region with nothing in it */
        for (int i = 0; i < LAUNCHES; i++) {
#pragma omp parallel
            __asm__ __volatile__("");
        }
        double best = 1e30;
        for (int r = 0; r < BEST_OF; r++) {
            double t0 = now();
            for (int i = 0; i < LAUNCHES; i++) {
#pragma omp parallel
                __asm__ __volatile__("");
            }
            double t = now() - t0;
            best = t < best ? t : best;
        }
        printf("%.3f\n", best / LAUNCHES * 1e6);
        return 0;
    }
    void (*f)(void) = !strcmp(what, "saxpy") ? saxpy : !strcmp(what, "barrier") ? barrier
                    : !strcmp(what, "shfl") ? shfl : 0;
    double per = f == saxpy ? VEC_N : f == barrier ? BAR_PER_RUN : SHFL_PER_RUN;
    if (!f) {
        fprintf(stderr, "compare_omp: unknown benchmark %s\n", what);
        return 2;
    }
    a = malloc(VEC_N * sizeof(float));
    b = malloc(VEC_N * sizeof(float));
    c = malloc(VEC_N * sizeof(float));
    if (!a || !b || !c)
        return 1;
    for (int i = 0; i < VEC_N; i++) {
        a[i] = i;
        b[i] = 1;
        c[i] = 0;
    }
    f();
    double best = 1e30;
    for (int r = 0; r < BEST_OF; r++) {
        double t0 = now();
        f();
        double t = now() - t0;
        best = t < best ? t : best;
    }
    sink = c[0] + c[VEC_N - 1];
    printf("%.3f\n", best / per * 1e9);
    return 0;
}
