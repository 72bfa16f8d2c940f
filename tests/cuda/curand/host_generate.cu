// host_generate.cu: the host API's device generators (XORWOW, MRG32k3a,
// Philox4x32-10) in their default ordering: every distribution, the layout
// of results across the generator's threads (checked at indices past
// their first rounds), seeds, offsets, and calls that continue one
// another, also across distributions.
// Bits and uniform values print as bit patterns; normal and log-normal
// values, which pass through the GPU's special function unit, print
// rounded (docs/COMPATIBILITY.md).
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <curand.h>
#include "common.h"

static void check(curandStatus_t s, int line)
{
    if (s != CURAND_STATUS_SUCCESS) {
        printf("curand status %d at line %d\n", (int)s, line);
        exit(1);
    }
}
#define CR(x) check((x), __LINE__)

static void fstats(const char *what, const float *v, size_t n, const char *fmt)
{
    double s = 0, s2 = 0;
    for (size_t i = 0; i < n; i++) {
        s += v[i];
        s2 += (double)v[i] * v[i];
    }
    printf("  %s: mean %.4f var %.4f, values", what, s / n, s2 / n - (s / n) * (s / n));
    const size_t at[] = {0, 1, 2, 3, 4097, 262145, n - 1};
    for (size_t i : at)
        printf(fmt, v[i]);
    printf("\n");
}

static void dstats(const char *what, const double *v, size_t n)
{
    double s = 0;
    for (size_t i = 0; i < n; i++)
        s += v[i];
    printf("  %s: mean %.6f, values", what, s / n);
    const size_t at[] = {0, 1, 4097, 262145, n - 1};
    for (size_t i : at)
        printf(" %.9f", v[i]);
    printf("\n");
}

static void run(curandRngType_t type, const char *name)
{
    printf("%s\n", name);
    curandGenerator_t g;
    CR(curandCreateGenerator(&g, type));
    CR(curandSetPseudoRandomGeneratorSeed(g, 1234));
    const size_t N = 1000004;
    Buf<unsigned> u(N);
    Buf<float> f(N);
    Buf<double> d(N / 2);

    CR(curandGenerate(g, u.d, N - 1));
    unsigned *uh = u.get();
    printf("  generate: checksum %016llx, at 0 %08x 1 %08x 4096 %08x 81920 %08x 262144 %08x last %08x\n",
           fnv(uh, (N - 1) * 4), uh[0], uh[1], uh[4096], uh[81920], uh[262144], uh[N - 2]);
    CR(curandGenerateUniform(g, f.d, N - 3));
    float *fh = f.get();
    printf("  uniform (continuing): checksum %016llx, at 0 %08x last %08x\n", fnv(fh, (N - 3) * 4), fbits(fh[0]),
           fbits(fh[N - 4]));
    CR(curandSetGeneratorOffset(g, 0));
    CR(curandGenerateUniformDouble(g, d.d, N / 2 - 1));
    double *dh = d.get();
    printf("  uniform double: checksum %016llx, at 0 %016llx 4097 %016llx last %016llx\n", fnv(dh, (N / 2 - 1) * 8),
           dbits(dh[0]), dbits(dh[4097]), dbits(dh[N / 2 - 2]));

    CR(curandSetGeneratorOffset(g, 0));
    CR(curandGenerateNormal(g, f.d, N, 1.0f, 2.0f));
    fstats("normal(1, 2)", f.get(), N, " %.3f");
    CR(curandGenerateNormalDouble(g, d.d, N / 2, -1.0, 0.5));
    dstats("normal double(-1, 0.5) (continuing)", d.get(), N / 2);
    CR(curandSetGeneratorOffset(g, 0));
    CR(curandGenerateLogNormal(g, f.d, N, 0.5f, 1.25f));
    fstats("log-normal(0.5, 1.25)", f.get(), N, " %.3g");
    CR(curandGenerateLogNormalDouble(g, d.d, N / 2, 0.5, 0.25));
    dstats("log-normal double(0.5, 0.25) (continuing)", d.get(), N / 2);

    const double lambdas[] = {0.5, 5, 100, 1500, 1999.5, 2000, 2500, 50000};
    for (double l : lambdas) {
        CR(curandSetGeneratorOffset(g, 0));
        size_t n = l < 2000 ? 300000 : 1000;
        CR(curandGeneratePoisson(g, u.d, n, l));
        uh = u.get();
        unsigned long long s = 0;
        for (size_t i = 0; i < n; i++)
            s += uh[i];
        printf("  poisson %g: sum %llu, values %u %u %u %u\n", l, s, uh[0], uh[1], uh[n / 2], uh[n - 1]);
    }

    // One call or several: the same values.
    CR(curandSetGeneratorOffset(g, 0));
    CR(curandGenerate(g, u.d, 300000));
    unsigned long long whole = fnv(u.get(), 300000 * 4);
    CR(curandSetGeneratorOffset(g, 0));
    CR(curandGenerate(g, u.d, 777));
    CR(curandGenerate(g, u.d + 777, 100000));
    CR(curandGenerate(g, u.d + 100777, 199223));
    printf("  in three calls: %s\n", fnv(u.get(), 300000 * 4) == whole ? "same" : "different");

    // Calls of different distributions after one another.
    CR(curandSetGeneratorOffset(g, 0));
    CR(curandGenerateNormal(g, f.d, 4000, 0, 1));
    CR(curandGenerateUniformDouble(g, d.d, 3000));
    CR(curandGenerate(g, u.d, 20000));
    uh = u.get();
    printf("  after normal and uniform double: checksum %016llx, at 0 %08x 4096 %08x 12288 %08x\n",
           fnv(uh, 20000 * 4), uh[0], uh[4096], uh[12288]);

    const unsigned long long offsets[] = {1, 4099, 262147, (1ull << 40) + 12345};
    for (unsigned long long o : offsets) {
        CR(curandSetGeneratorOffset(g, o));
        CR(curandGenerate(g, u.d, 300000));
        uh = u.get();
        printf("  offset %llu: checksum %016llx, first %08x %08x\n", o, fnv(uh, 300000 * 4), uh[0], uh[1]);
    }
    const unsigned long long seeds[] = {0, 1, 0xfedcba9876543210ull};
    for (unsigned long long sd : seeds) {
        CR(curandSetPseudoRandomGeneratorSeed(g, sd));
        CR(curandGenerate(g, u.d, 100000));
        uh = u.get();
        printf("  seed %llx: checksum %016llx, first %08x %08x\n", sd, fnv(uh, 100000 * 4), uh[0], uh[1]);
    }
    CR(curandDestroyGenerator(g));
}

int main()
{
    run(CURAND_RNG_PSEUDO_DEFAULT, "default (XORWOW)");
    run(CURAND_RNG_PSEUDO_MRG32K3A, "MRG32k3a");
    run(CURAND_RNG_PSEUDO_PHILOX4_32_10, "Philox4_32_10");
    return 0;
}
