/*
 * curand_discrete2.h: values of a discrete distribution made by
 * curandCreatePoissonDistribution (cuRAND device API, "Distributions").
 *
 * A square histogram takes one 32-bit value: u = x 2^-32 + 2^-32 picks
 * column j = floor(length u), which yields shift + j when u < V[j] and
 * shift + K[j] otherwise.  Distributions too wide for a histogram hold the
 * normal approximation's mean and deviation instead.
 */
#pragma GCC system_header
/* Outside the guard: see curand_uniform.h. */
#include "curand_kernel.h"
#ifndef SIMT_CURAND_DISCRETE2_H
#define SIMT_CURAND_DISCRETE2_H
#define CURAND_DISCRETE_H_

namespace simt__curand {
template <class T> static inline unsigned int histogram_value(T x, curandDistributionM2Shift_t m2)
{
    double u = uniform_double(x);
    int j = (int)__builtin_floor(m2->length * u);
    if (u < m2->histogram->V[j])
        return m2->shift + j;
    return m2->shift + m2->histogram->K[j];
}
static inline unsigned int discrete_normal(double n, curandDiscreteDistribution_t d)
{
    return d2u_rz(__builtin_fma(d->stddev, n, d->mean) + 0.5);
}
template <class S> static inline unsigned int discrete(S *state, curandDiscreteDistribution_t d)
{
    if (d->method == CURAND_M2)
        return histogram_value(curand(state), d->M2);
    return discrete_normal(curand_normal_double(state), d);
}
} // namespace simt__curand

static inline unsigned int curand_discrete(curandStateXORWOW_t *state, curandDiscreteDistribution_t d)
{
    return simt__curand::discrete(state, d);
}
static inline unsigned int curand_discrete(curandStatePhilox4_32_10_t *state, curandDiscreteDistribution_t d)
{
    return simt__curand::discrete(state, d);
}
static inline unsigned int curand_discrete(curandStateMRG32k3a_t *state, curandDiscreteDistribution_t d)
{
    return simt__curand::discrete(state, d);
}
static inline unsigned int curand_discrete(curandStateMtgp32_t *state, curandDiscreteDistribution_t d)
{
    return simt__curand::discrete(state, d);
}
static inline unsigned int curand_discrete(curandStateSobol32_t *state, curandDiscreteDistribution_t d)
{
    return simt__curand::discrete(state, d);
}
static inline unsigned int curand_discrete(curandStateScrambledSobol32_t *state, curandDiscreteDistribution_t d)
{
    return simt__curand::discrete(state, d);
}
static inline unsigned int curand_discrete(curandStateSobol64_t *state, curandDiscreteDistribution_t d)
{
    return simt__curand::discrete(state, d);
}
static inline unsigned int curand_discrete(curandStateScrambledSobol64_t *state, curandDiscreteDistribution_t d)
{
    return simt__curand::discrete(state, d);
}
static inline uint4 curand_discrete4(curandStatePhilox4_32_10_t *state, curandDiscreteDistribution_t d)
{
    using namespace simt__curand;
    if (d->method == CURAND_M2) {
        uint4 x = curand4(state);
        return make_uint4(histogram_value(x.x, d->M2), histogram_value(x.y, d->M2), histogram_value(x.z, d->M2),
                          histogram_value(x.w, d->M2));
    }
    double4 n = curand_normal4_double(state);
    return make_uint4(discrete_normal(n.x, d), discrete_normal(n.y, d), discrete_normal(n.z, d),
                      discrete_normal(n.w, d));
}

#endif /* SIMT_CURAND_DISCRETE2_H */
