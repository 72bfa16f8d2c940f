// host_errors.cu: the host API's status codes: version queries, invalid
// generator types, orderings per generator, lengths the Box-Muller
// transform cannot fill, 64-bit generation from 32-bit generators, lambda
// out of range, calls without a generator, and an earlier launch error
// (cuRAND neither reports nor clears it).
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <curand.h>
#include <math.h>
#include "common.h"

__global__ void nothing() {}

static void calls(curandGenerator_t g, bool host)
{
    for (int o : {100, 101, 102, 103, 104, 105, 200, 201, 0})
        printf("  ordering(%d) = %d\n", o, (int)curandSetGeneratorOrdering(g, (curandOrdering_t)o));
    printf("  seed = %d, offset = %d, dimensions = %d, seeds = %d, stream = %d\n",
           (int)curandSetPseudoRandomGeneratorSeed(g, 5), (int)curandSetGeneratorOffset(g, 0),
           (int)curandSetQuasiRandomGeneratorDimensions(g, 1), (int)curandGenerateSeeds(g),
           (int)curandSetStream(g, 0));
    void *p;
    if (host)
        p = malloc(1 << 12);
    else
        CK(cudaMalloc(&p, 1 << 12));
    unsigned *u = (unsigned *)p;
    float *f = (float *)p;
    double *d = (double *)p;
    printf("  generate: 0 -> %d, 5 -> %d; long long -> %d\n", (int)curandGenerate(g, u, 0),
           (int)curandGenerate(g, u, 5), (int)curandGenerateLongLong(g, (unsigned long long *)p, 6));
    printf("  uniform 5 -> %d, double 5 -> %d\n", (int)curandGenerateUniform(g, f, 5),
           (int)curandGenerateUniformDouble(g, d, 5));
    printf("  normal: 0 -> %d, 3 -> %d, 6 -> %d, stddev -1 -> %d, stddev 0 -> %d\n",
           (int)curandGenerateNormal(g, f, 0, 0, 1), (int)curandGenerateNormal(g, f, 3, 0, 1),
           (int)curandGenerateNormal(g, f, 6, 0, 1), (int)curandGenerateNormal(g, f, 6, 0, -1),
           (int)curandGenerateNormal(g, f, 6, 0, 0));
    printf("  normal double: 3 -> %d, 6 -> %d\n", (int)curandGenerateNormalDouble(g, d, 3, 0, 1),
           (int)curandGenerateNormalDouble(g, d, 6, 0, 1));
    printf("  log-normal: 5 -> %d, 6 -> %d; double 7 -> %d, 8 -> %d\n",
           (int)curandGenerateLogNormal(g, f, 5, 0, 1), (int)curandGenerateLogNormal(g, f, 6, 0, 1),
           (int)curandGenerateLogNormalDouble(g, d, 7, 0, 1), (int)curandGenerateLogNormalDouble(g, d, 8, 0, 1));
    printf("  poisson:");
    for (double l : {0.0, -1.0, 1e-300, 0.5, 400000.0, 400001.0, 1e9, (double)INFINITY})
        printf(" %g -> %d", l, (int)curandGeneratePoisson(g, u, 6, l));
    printf("; 5 values -> %d\n", (int)curandGeneratePoisson(g, u, 5, 3));
    if (!host) {
        nothing<<<1, 2048>>>();
        curandStatus_t s = curandGenerate(g, u, 8);
        cudaError_t e = cudaGetLastError();
        printf("  after a failed launch: generate = %d, then cudaGetLastError = %d\n", (int)s, (int)e);
        CK(cudaDeviceSynchronize());
        CK(cudaFree(p));
    } else {
        free(p);
    }
}

int main()
{
    int v = 0;
    curandStatus_t s = curandGetVersion(&v);
    printf("version %d -> %d\n", (int)s, v);
    for (int t = 0; t < 3; t++) {
        int x = -1;
        s = curandGetProperty((libraryPropertyType)t, &x);
        printf("property %d: %d -> %d\n", t, (int)s, x);
    }
    int x = -1;
    printf("property 7: %d\n", (int)curandGetProperty((libraryPropertyType)7, &x));
    curandGenerator_t g;
    for (int t : {99, 102, 122, 999})
        printf("create(%d) = %d, host: %d\n", t, (int)curandCreateGenerator(&g, (curandRngType_t)t),
               (int)curandCreateGeneratorHost(&g, (curandRngType_t)t));
    for (int host = 0; host < 2; host++)
        for (int t : {100, 101, 121, 161}) {
            s = host ? curandCreateGeneratorHost(&g, (curandRngType_t)t)
                     : curandCreateGenerator(&g, (curandRngType_t)t);
            printf("%s generator %d: create = %d\n", host ? "host" : "device", t, (int)s);
            calls(g, host);
            printf("  destroy = %d\n", (int)curandDestroyGenerator(g));
        }
    g = NULL;
    printf("no generator: destroy %d, seed %d, offset %d, ordering %d, stream %d, dimensions %d\n",
           (int)curandDestroyGenerator(g), (int)curandSetPseudoRandomGeneratorSeed(g, 1),
           (int)curandSetGeneratorOffset(g, 1), (int)curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_DEFAULT),
           (int)curandSetStream(g, 0), (int)curandSetQuasiRandomGeneratorDimensions(g, 1));
    float *f;
    CK(cudaMalloc(&f, 64));
    printf("no generator: generate %d, uniform %d, normal %d, poisson %d\n",
           (int)curandGenerate(g, (unsigned *)f, 4), (int)curandGenerateUniform(g, f, 4),
           (int)curandGenerateNormal(g, f, 4, 0, 1), (int)curandGeneratePoisson(g, (unsigned *)f, 4, 2));
    CK(cudaFree(f));
    return 0;
}
