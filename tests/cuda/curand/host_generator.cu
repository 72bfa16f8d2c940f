// host_generator.cu: generators made by curandCreateGeneratorHost, which
// compute on the CPU into host memory: the same layouts and integer
// results as the device generators, with the library's CPU arithmetic for
// the transforms.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <curand.h>
#include "common.h"

#define CR(x)                                                                     \
    do {                                                                          \
        curandStatus_t s_ = (x);                                                  \
        if (s_ != CURAND_STATUS_SUCCESS) {                                        \
            printf("curand status %d at line %d\n", (int)s_, __LINE__);           \
            exit(1);                                                              \
        }                                                                         \
    } while (0)

static void run(curandRngType_t type, const char *name)
{
    printf("%s\n", name);
    curandGenerator_t g;
    CR(curandCreateGeneratorHost(&g, type));
    CR(curandSetPseudoRandomGeneratorSeed(g, 99));
    const size_t N = 300000;
    unsigned *u = (unsigned *)malloc(N * 4);
    float *f = (float *)malloc(N * 4);
    double *d = (double *)malloc(N * 8);
    CR(curandGenerate(g, u, N));
    printf("  generate: checksum %016llx, at 0 %08x 4096 %08x 262144 %08x\n", fnv(u, N * 4), u[0], u[4096],
           u[262144]);
    CR(curandGenerateUniform(g, f, N));
    printf("  uniform: checksum %016llx\n", fnv(f, N * 4));
    CR(curandGenerateUniformDouble(g, d, N));
    printf("  uniform double: checksum %016llx\n", fnv(d, N * 8));
    CR(curandSetGeneratorOffset(g, 5));
    CR(curandGenerateNormal(g, f, 1000, 0.0f, 1.0f));
    CR(curandGenerateNormalDouble(g, d, 1000, 0.0, 1.0));
    printf("  normal:");
    for (int i = 0; i < 1000; i += 125)
        printf(" %.5f", f[i]);
    printf("\n  normal double:");
    for (int i = 0; i < 1000; i += 125)
        printf(" %.9f", d[i]);
    CR(curandGenerateLogNormal(g, f, 1000, 0.5f, 0.5f));
    CR(curandGenerateLogNormalDouble(g, d, 1000, 0.5, 0.5));
    printf("\n  log-normal:");
    for (int i = 0; i < 1000; i += 125)
        printf(" %.5g", f[i]);
    printf("\n  log-normal double:");
    for (int i = 0; i < 1000; i += 125)
        printf(" %.9g", d[i]);
    printf("\n");
    for (double l : {3.5, 700.0, 1999.0, 3000.0}) {
        CR(curandGeneratePoisson(g, u, 1000, l));
        unsigned long long s = 0;
        for (int i = 0; i < 1000; i++)
            s += u[i];
        printf("  poisson %g: sum %llu first %u %u\n", l, s, u[0], u[1]);
    }
    CR(curandDestroyGenerator(g));
    free(u);
    free(f);
    free(d);
}

int main()
{
    run(CURAND_RNG_PSEUDO_XORWOW, "XORWOW");
    run(CURAND_RNG_PSEUDO_MRG32K3A, "MRG32k3a");
    run(CURAND_RNG_PSEUDO_PHILOX4_32_10, "Philox4_32_10");
    return 0;
}
