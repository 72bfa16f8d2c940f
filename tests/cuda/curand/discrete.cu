// discrete.cu: curandCreatePoissonDistribution's tables (a square
// histogram, or the normal approximation's parameters for large lambda),
// curand_discrete and curand_discrete4 drawing from them, and the
// function's error codes.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <curand.h>
#include <curand_kernel.h>
#include "common.h"

const int T = 128, K = 32;

template <class S> __global__ void draws(curandDiscreteDistribution_t d, unsigned *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    S s;
    curand_init(4242, t, 0, &s);
    for (int i = 0; i < K; i++)
        out[t * K + i] = curand_discrete(&s, d);
}

__global__ void draws4(curandDiscreteDistribution_t d, uint4 *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    curandStatePhilox4_32_10_t s;
    curand_init(4242, t, 0, &s);
    for (int i = 0; i < K / 4; i++)
        out[t * K / 4 + i] = curand_discrete4(&s, d);
}

static void show(const char *name, const unsigned *v, size_t n)
{
    unsigned long long sum = 0, sum2 = 0;
    for (size_t i = 0; i < n; i++) {
        sum += v[i];
        sum2 += (unsigned long long)v[i] * v[i];
    }
    printf("  %s: sum %llu sumsq %llu first %u %u %u %u\n", name, sum, sum2, v[0], v[1], v[2], v[K]);
}

int main()
{
    const double lambdas[] = {0.5, 5, 20.25, 100, 1500, 1999.5, 2000, 2000.5, 50000, 400000};
    for (double lambda : lambdas) {
        curandDiscreteDistribution_t d;
        curandStatus_t st = curandCreatePoissonDistribution(lambda, &d);
        printf("lambda %g: status %d\n", lambda, (int)st);
        if (st != CURAND_STATUS_SUCCESS)
            continue;
        curandDiscreteDistribution_st h;
        CK(cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost));
        printf("  method %d mean %.6f stddev %.6f\n", (int)h.method, h.mean, h.stddev);
        if (h.method == CURAND_M2) {
            curandDistributionM2Shift_st m2;
            CK(cudaMemcpy(&m2, h.M2, sizeof m2, cudaMemcpyDeviceToHost));
            curandHistogramM2_st hist;
            CK(cudaMemcpy(&hist, m2.histogram, sizeof hist, cudaMemcpyDeviceToHost));
            double *V = (double *)malloc(m2.length * sizeof(double));
            unsigned *Kj = (unsigned *)malloc(m2.length * sizeof(unsigned));
            CK(cudaMemcpy(V, hist.V, m2.length * sizeof(double), cudaMemcpyDeviceToHost));
            CK(cudaMemcpy(Kj, hist.K, m2.length * sizeof(unsigned), cudaMemcpyDeviceToHost));
            printf("  histogram: shift %u length %u K checksum %016llx\n", m2.shift, m2.length,
                   fnv(Kj, m2.length * sizeof(unsigned)));
            for (unsigned j = 0; j < m2.length; j += m2.length / 7 + 1)
                printf("    column %u: V %.6f K %u\n", j, V[j] * m2.length - j, Kj[j]);
            free(V);
            free(Kj);
        }
        Buf<unsigned> o(T * K);
        draws<curandStateXORWOW_t><<<T / 32, 32>>>(d, o.d);
        show("XORWOW", o.get(), o.n);
        draws<curandStatePhilox4_32_10_t><<<T / 32, 32>>>(d, o.d);
        show("Philox", o.get(), o.n);
        draws<curandStateMRG32k3a_t><<<T / 32, 32>>>(d, o.d);
        show("MRG32k3a", o.get(), o.n);
        draws4<<<T / 32, 32>>>(d, (uint4 *)o.d);
        show("Philox discrete4", o.get(), o.n);
        printf("  destroy: %d\n", (int)curandDestroyDistribution(d));
    }
    curandDiscreteDistribution_t d;
    printf("lambda 0: %d\n", (int)curandCreatePoissonDistribution(0, &d));
    printf("lambda -1: %d\n", (int)curandCreatePoissonDistribution(-1, &d));
    printf("lambda 400001: %d\n", (int)curandCreatePoissonDistribution(400001, &d));
    printf("lambda 1, no pointer: %d\n", (int)curandCreatePoissonDistribution(1, NULL));
    printf("destroy NULL: %d\n", (int)curandDestroyDistribution(NULL));
    return 0;
}
