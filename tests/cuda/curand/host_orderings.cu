// host_orderings.cu: the host API's orderings other than the default:
// BEST, LEGACY (MRG32k3a's differs from its default) and SEEDED (XORWOW
// only), for 32-bit values, doubles and normal pairs, and continued calls.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <curand.h>
#include "common.h"

int main()
{
    const int types[] = {CURAND_RNG_PSEUDO_XORWOW, CURAND_RNG_PSEUDO_MRG32K3A, CURAND_RNG_PSEUDO_PHILOX4_32_10};
    const int orders[] = {CURAND_ORDERING_PSEUDO_BEST, CURAND_ORDERING_PSEUDO_LEGACY, CURAND_ORDERING_PSEUDO_SEEDED};
    const size_t N = 300000;
    Buf<unsigned> u(N);
    Buf<double> d(N);
    Buf<float> f(N);
    for (int t : types)
        for (int o : orders) {
            curandGenerator_t g;
            curandCreateGenerator(&g, (curandRngType_t)t);
            curandStatus_t s = curandSetGeneratorOrdering(g, (curandOrdering_t)o);
            printf("type %d ordering %d: %d\n", t, o, (int)s);
            if (s == CURAND_STATUS_SUCCESS) {
                curandSetPseudoRandomGeneratorSeed(g, 2718);
                curandGenerate(g, u.d, 1000);
                curandGenerate(g, u.d, N);
                unsigned *uh = u.get();
                printf("  generate: checksum %016llx at 0 %08x 5000 %08x 100000 %08x\n", fnv(uh, N * 4), uh[0],
                       uh[5000], uh[100000]);
                curandGenerateUniformDouble(g, d.d, N);
                double *dh = d.get();
                printf("  uniform double: checksum %016llx at 0 %016llx\n", fnv(dh, N * 8), dbits(dh[0]));
                curandSetGeneratorOffset(g, 3);
                curandGenerateNormal(g, f.d, 10000, 0, 1);
                float *fh = f.get();
                printf("  normal:");
                for (int i = 0; i < 10000; i += 1250)
                    printf(" %.3f", fh[i]);
                printf("\n");
            }
            curandDestroyGenerator(g);
        }
    return 0;
}
