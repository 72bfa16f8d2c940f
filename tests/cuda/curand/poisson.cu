// poisson.cu: the device API's curand_poisson for XORWOW, Philox4x32-10
// and MRG32k3a over its three methods (Knuth's below lambda 64, rejection
// with the incomplete gamma function up to 4000, the normal approximation
// above), and curand_poisson4.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <curand_kernel.h>
#include "common.h"

const int T = 128, K = 32;
const double lambdas[] = {0.3, 4, 30, 63.99, 64, 150, 1000, 3999.5, 4000.5, 20000, 1e6};
const int L = sizeof lambdas / sizeof lambdas[0];

template <class S> __global__ void draws(double lambda, unsigned *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    S s;
    curand_init(31337, t, 0, &s);
    for (int i = 0; i < K; i++)
        out[t * K + i] = curand_poisson(&s, lambda);
}

__global__ void draws4(double lambda, uint4 *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    curandStatePhilox4_32_10_t s;
    curand_init(31337, t, 0, &s);
    for (int i = 0; i < K / 4; i++)
        out[t * K / 4 + i] = curand_poisson4(&s, lambda);
}

static void show(const char *name, double lambda, const unsigned *v, size_t n)
{
    unsigned long long sum = 0, sum2 = 0;
    for (size_t i = 0; i < n; i++) {
        sum += v[i];
        sum2 += (unsigned long long)v[i] * v[i];
    }
    printf("%s lambda %g: sum %llu sumsq %llu first %u %u %u %u %u %u\n", name, lambda, sum, sum2, v[0], v[1], v[2],
           v[3], v[K], v[K + 1]);
}

template <class S> static void run(const char *name)
{
    Buf<unsigned> o(T * K);
    for (int l = 0; l < L; l++) {
        draws<S><<<T / 32, 32>>>(lambdas[l], o.d);
        show(name, lambdas[l], o.get(), o.n);
    }
}

int main()
{
    run<curandStateXORWOW_t>("XORWOW");
    run<curandStatePhilox4_32_10_t>("Philox");
    run<curandStateMRG32k3a_t>("MRG32k3a");
    Buf<uint4> o(T * K / 4);
    for (int l = 0; l < L; l++) {
        draws4<<<T / 32, 32>>>(lambdas[l], o.d);
        show("Philox poisson4", lambdas[l], (const unsigned *)o.get(), o.n * 4);
    }
    return 0;
}
