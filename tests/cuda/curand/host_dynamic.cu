// host_dynamic.cu: the DYNAMIC ordering of the host API's device
// generators, which cuRAND fits to the GPU it runs on.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <curand.h>
#include "common.h"

int main()
{
    const int types[] = {CURAND_RNG_PSEUDO_XORWOW, CURAND_RNG_PSEUDO_MRG32K3A, CURAND_RNG_PSEUDO_PHILOX4_32_10};
    const size_t N = 1 << 20;
    Buf<unsigned> u(N);
    Buf<float> f(N);
    for (int t : types) {
        curandGenerator_t g;
        curandCreateGenerator(&g, (curandRngType_t)t);
        curandStatus_t s = curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_DYNAMIC);
        printf("type %d: ordering %d\n", t, (int)s);
        curandSetPseudoRandomGeneratorSeed(g, 5);
        curandGenerate(g, u.d, N);
        unsigned *uh = u.get();
        printf("  generate: checksum %016llx at 0 %08x 1 %08x 4 %08x 4096 %08x\n", fnv(uh, N * 4), uh[0], uh[1],
               uh[4], uh[4096]);
        curandGenerateUniform(g, f.d, N);
        printf("  uniform: checksum %016llx\n", fnv(f.get(), N * 4));
        curandDestroyGenerator(g);
    }
    return 0;
}
