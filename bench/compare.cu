// bench/compare.cu: simt's side of bench/compare.sh (see compare.h for what
// each benchmark measures).  Run as `compare BENCH THREADS` with
// SIMT_WORKERS=THREADS; refuses to measure with another worker count.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "compare.h"
#include "kernels.cuh"

static float *a, *b, *c;

static double run(const char *what)
{
    double t0 = now();
    if (!strcmp(what, "saxpy"))
        scale_add<<<(VEC_N + 255) / 256, 256>>>(a, b, c, VEC_N);
    else if (!strcmp(what, "barrier"))
        exchange<<<BAR_BLOCKS, BAR_THREADS>>>(BAR_ROUNDS, c);
    else
        warp_reduce<<<SHFL_BLOCKS, SHFL_THREADS>>>(SHFL_REPS, c);
    cudaDeviceSynchronize();
    return now() - t0;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: compare saxpy|barrier|shfl|launch THREADS\n");
        return 2;
    }
    const char *what = argv[1];
    int workers = 0;
    cudaDeviceGetAttribute(&workers, cudaDevAttrMultiProcessorCount, 0);
    if (workers != atoi(argv[2])) {
        fprintf(stderr, "compare: %d workers, not %s (set SIMT_WORKERS)\n", workers, argv[2]);
        return 1;
    }
    if (!strcmp(what, "launch")) {
        for (int i = 0; i < LAUNCHES; i++) {
            empty<<<1, 1>>>();
            cudaDeviceSynchronize();
        }
        double best = 1e30;
        for (int r = 0; r < BEST_OF; r++) {
            double t0 = now();
            for (int i = 0; i < LAUNCHES; i++) {
                empty<<<1, 1>>>();
                cudaDeviceSynchronize();
            }
            double t = now() - t0;
            best = t < best ? t : best;
        }
        printf("%.3f\n", best / LAUNCHES * 1e6);
        return 0;
    }
    cudaMallocManaged(&a, VEC_N * sizeof(float));
    cudaMallocManaged(&b, VEC_N * sizeof(float));
    cudaMallocManaged(&c, VEC_N * sizeof(float));
    for (int i = 0; i < VEC_N; i++) {
        a[i] = i;
        b[i] = 1;
        c[i] = 0;
    }
    double per = !strcmp(what, "saxpy") ? VEC_N : !strcmp(what, "barrier") ? BAR_PER_RUN
               : !strcmp(what, "shfl") ? SHFL_PER_RUN : 0;
    if (per == 0) {
        fprintf(stderr, "compare: unknown benchmark %s\n", what);
        return 2;
    }
    run(what);
    double best = 1e30;
    for (int r = 0; r < BEST_OF; r++) {
        double t = run(what);
        best = t < best ? t : best;
    }
    if (cudaGetLastError() != cudaSuccess)
        return 1;
    printf("%.3f\n", best / per * 1e9);
    return 0;
}
