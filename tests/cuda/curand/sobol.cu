// sobol.cu: the device API's Sobol' generators (32 and 64 bits, plain and
// scrambled) with the program's own direction vectors: points in Gray-code
// order, offsets, skipahead, and the quasirandom distributions (uniform,
// inverse-CDF normal and log-normal, Poisson by inversion).
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <curand_kernel.h>
#include "common.h"

struct Dirs {
    unsigned v32[32];
    unsigned long long v64[64];
};

__global__ void points(const Dirs *d, unsigned *o32, unsigned long long *o64, int k)
{
    int t = threadIdx.x;
    unsigned off = t * 7u + (t == 5 ? 0x80000000u : 0u);
    curandStateSobol32_t a;
    curandStateScrambledSobol32_t b;
    curandStateSobol64_t c;
    curandStateScrambledSobol64_t e;
    curand_init((unsigned *)d->v32, off, &a);
    curand_init((unsigned *)d->v32, 0x9E3779B9u, off, &b);
    curand_init((unsigned long long *)d->v64, (unsigned long long)off << 20, &c);
    curand_init((unsigned long long *)d->v64, 0x9E3779B97F4A7C15ull, off, &e);
    for (int i = 0; i < k; i++) {
        o32[(2 * t) * k + i] = curand(&a);
        o32[(2 * t + 1) * k + i] = curand(&b);
        o64[(2 * t) * k + i] = curand(&c);
        o64[(2 * t + 1) * k + i] = curand(&e);
        if (i == k / 2) {
            skipahead(1000u + t, &a);
            skipahead(0xfffffff0u, &b);
            skipahead(1ull << 40, &c);
            skipahead(3ull, &e);
        }
    }
}

__global__ void dists(const Dirs *d, float *f, double *g, unsigned *p, int k)
{
    int t = threadIdx.x;
    curandStateSobol32_t a;
    curandStateScrambledSobol64_t e;
    curand_init((unsigned *)d->v32, t * 64u, &a);
    curand_init((unsigned long long *)d->v64, 12345ull, t * 64ull, &e);
    const double lambdas[] = {0.5, 5, 500.5, 999, 1000, 5000};
    for (int i = 0; i < k; i++) {
        float *fo = f + (t * k + i) * 6;
        double *go = g + (t * k + i) * 6;
        unsigned *po = p + (t * k + i) * 12;
        fo[0] = curand_uniform(&a);
        fo[1] = curand_normal(&a);
        fo[2] = curand_log_normal(&a, 0.5f, 0.25f);
        fo[3] = curand_uniform(&e);
        fo[4] = curand_normal(&e);
        fo[5] = curand_log_normal(&e, -1.0f, 0.5f);
        go[0] = curand_uniform_double(&a);
        go[1] = curand_normal_double(&a);
        go[2] = curand_log_normal_double(&a, 0.5, 0.25);
        go[3] = curand_uniform_double(&e);
        go[4] = curand_normal_double(&e);
        go[5] = curand_log_normal_double(&e, -1.0, 0.5);
        for (int l = 0; l < 6; l++) {
            po[l] = curand_poisson(&a, lambdas[l]);
            po[6 + l] = curand_poisson(&e, lambdas[l]);
        }
    }
}

int main()
{
    printf("sizeof curandStateSobol32_t %zu, curandStateSobol64_t %zu\n", sizeof(curandStateSobol32_t),
           sizeof(curandStateSobol64_t));
    for (int set = 0; set < 2; set++) {
        Dirs h;
        unsigned long long x = 0x243F6A8885A308D3ull;
        for (int i = 0; i < 64; i++) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            h.v64[i] = set ? x ^ (x >> 29) : 1ull << (63 - i);
            if (i < 32)
                h.v32[i] = set ? (unsigned)(x >> 32) : 1u << (31 - i);
        }
        Dirs *dd;
        CK(cudaMalloc(&dd, sizeof h));
        CK(cudaMemcpy(dd, &h, sizeof h, cudaMemcpyHostToDevice));
        const int T = 8, K = 10;
        Buf<unsigned> o32(2 * T * K);
        Buf<unsigned long long> o64(2 * T * K);
        points<<<1, T>>>(dd, o32.d, o64.d, K);
        unsigned *a = o32.get();
        unsigned long long *b = o64.get();
        for (int t = 0; t < T; t++) {
            printf("set %d thread %d sobol32:", set, t);
            for (int i = 0; i < K; i++)
                printf(" %08x", a[2 * t * K + i]);
            printf("\n  scrambled32:");
            for (int i = 0; i < K; i++)
                printf(" %08x", a[(2 * t + 1) * K + i]);
            printf("\n  sobol64:");
            for (int i = 0; i < K; i++)
                printf(" %016llx", b[2 * t * K + i]);
            printf("\n  scrambled64:");
            for (int i = 0; i < K; i++)
                printf(" %016llx", b[(2 * t + 1) * K + i]);
            printf("\n");
        }
        const int D = 6;
        Buf<float> f(T * D * 6);
        Buf<double> g(T * D * 6);
        Buf<unsigned> p(T * D * 12);
        dists<<<1, T>>>(dd, f.d, g.d, p.d, D);
        float *fh = f.get();
        double *gh = g.get();
        unsigned *ph = p.get();
        for (int i = 0; i < T * D; i++) {
            const float *fo = fh + 6 * i;
            const double *go = gh + 6 * i;
            const unsigned *po = ph + 12 * i;
            printf("set %d draw %2d: u %08x n %.2f ln %.3g | u %08x n %.2f ln %.3g\n", set, i, fbits(fo[0]), fo[1],
                   fo[2], fbits(fo[3]), fo[4], fo[5]);
            printf("  double: u %016llx n %.9f ln %.9f | u %016llx n %.9f ln %.9f\n", dbits(go[0]), go[1], go[2],
                   dbits(go[3]), go[4], go[5]);
            printf("  poisson:");
            for (int l = 0; l < 12; l++)
                printf(" %u", po[l]);
            printf("\n");
        }
        CK(cudaFree(dd));
    }
    return 0;
}
