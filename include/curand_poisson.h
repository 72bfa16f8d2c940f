/*
 * curand_poisson.h: Poisson-distributed unsigned ints (cuRAND device API,
 * "Distributions").
 *
 * Pseudorandom generators choose by lambda: below 64, Knuth's product of
 * uniforms against e^lambda; above 4000, the normal approximation
 * sqrt(lambda) n + lambda rounded; between, rejection from an approximate
 * inverse of the regularized incomplete gamma function, computed with the
 * special function unit's approximations (ex2, lg2, rcp, rsqrt: simt's
 * models of them).  Quasirandom generators invert the distribution of one
 * uniform value (below lambda 1000) or use the normal approximation, so
 * that each point keeps its dimension.
 */
#pragma GCC system_header
/* Outside the guard: see curand_uniform.h. */
#include "curand_kernel.h"
#ifndef SIMT_CURAND_POISSON_H
#define SIMT_CURAND_POISSON_H
#define CURAND_POISSON_H_

namespace simt__curand {
/* The special function unit, with the flushing of the .ftz forms.  The
 * library scales the exponent and the logarithm by double constants, so
 * those products round twice: to double, then to float. */
static inline float sfu_rsqrt(float a) { return simt_detail::ftz(simt_detail::rsqrt(simt_detail::ftz(a))); }
static inline float sfu_rcp(float a) { return simt_detail::rcp_ftz(a); }
static inline float sfu_exp(float a) { return simt_detail::ex2_ftz((float)(a * 1.4426950408889634074)); }
static inline float sfu_log(float a) { return (float)(simt_detail::lg2_ftz(a) * 0.69314718055994530942); }

/* The parameters of the incomplete gamma approximation for shape a. */
static inline void gamma_params(float a, float *alpha, float *beta)
{
    *alpha = __builtin_fmaf(1.43248035075540910f, sfu_rsqrt(a - 0.12400979329415655f), 0.00025361074907033f);
    *beta = __builtin_fmaf(0.21096734870196546f, sfu_rsqrt(a - 1.97381164089999420f), 0.94201734077887530f);
}
/* Regularized lower incomplete gamma P(a, x), approximately. */
static inline float pgammainc(float a, float x)
{
    float alpha, beta;
    gamma_params(a, &alpha, &beta);
    float t = __builtin_fmaf(a - x, alpha, -beta);
    t = 1.0f + sfu_exp(t);
    return sfu_rcp(t * t);
}
/* Its inverse in x for P = y. */
static inline float pgammaincinv(float a, float y)
{
    float alpha, beta;
    gamma_params(a, &alpha, &beta);
    float t = sfu_log(sfu_rsqrt(y) - 1.0f);
    t = beta + t;
    return __builtin_fmaf(-sfu_rcp(alpha), t, a);
}
/* log((a - 1)!) for integer a: a table to 8, Stirling's series beyond
 * (Hart et al., "Computer Approximations", 1968, approximation 5404). */
static inline double lgamma_integer(int a)
{
    static const double table[9] = {0.0,
                                    0.0,
                                    0.6931471805599453094,
                                    1.791759469228055001,
                                    3.178053830347945620,
                                    4.787491742782045994,
                                    6.579251212010100995,
                                    8.525161361065414300,
                                    10.60460290274525023};
    double fa = __builtin_fabs((double)(float)a);
    if (a > 8) {
        double s = 1.0 / fa;
        double t = s * s;
        double sum = -0.1633436431e-2;
        sum = __builtin_fma(sum, t, 0.83645878922e-3);
        sum = __builtin_fma(sum, t, -0.5951896861197e-3);
        sum = __builtin_fma(sum, t, 0.793650576493454e-3);
        sum = __builtin_fma(sum, t, -0.277777777735865004e-2);
        sum = __builtin_fma(sum, t, 0.833333333333331018375e-1);
        sum = __builtin_fma(sum, s, 0.918938533204672);
        /* (fa - 0.5) log(fa) / 2 - fa + sum: the product feeds two fused
         * multiply-adds (ptxas fuses it, measured in the SASS). */
        double h = 0.5 * simt_log(fa), g = fa - 0.5;
        return __builtin_fma(g, h, -fa) + __builtin_fma(g, h, sum);
    }
    /* The GPU indexes its table with |a| - 1, also for a <= 0 (a shape the
     * rejection loop reaches only from a negative inverse, at most once in
     * about 10^8 draws); outside the table it reads other memory, here 0. */
    int i = (int)fa - 1;
    return i >= 0 && i < 9 ? table[i] : 0.0;
}

template <class S> static inline unsigned int poisson_knuth(S *state, float lambda)
{
    unsigned int k = 0;
    float p = simt_expf(lambda);
    do {
        k++;
        p *= curand_uniform(state);
    } while (p > 1.0f);
    return k - 1;
}

/* Rejection against the approximate distribution's histogram, scaled by
 * 1.3; returns the accepted value (an integer in float). */
template <class S> static inline float poisson_gammainc_value(S *state, float lambda, float logl)
{
    for (;;) {
        float y = curand_uniform(state);
        float x = __builtin_floorf(pgammaincinv(lambda, y));
        float z = curand_uniform(state);
        float v = (pgammainc(lambda, x + 1.0f) - pgammainc(lambda, x)) * 1.3f;
        z = z * v;
        float e = __builtin_fmaf(x, logl, -lambda) - (float)lgamma_integer((int)(1.0f + x));
        float t = sfu_exp(e);
        if ((z < t) && (v >= 1e-20))
            return x;
    }
}
template <class S> static inline unsigned int poisson_gammainc(S *state, float lambda)
{
    return d2u_rz(poisson_gammainc_value(state, lambda, sfu_log(lambda)));
}

/* (unsigned int)(sqrt(lambda) n + lambda + 0.5), rounding to nearest. */
static inline unsigned int poisson_normal(double n, double lambda)
{
    return d2u_rz(__builtin_fma(simt_sqrt(lambda), n, lambda) + 0.5);
}

template <class S> static inline unsigned int poisson_pseudo(S *state, double lambda)
{
    if (lambda < 64)
        return poisson_knuth(state, (float)lambda);
    if (lambda > 4000)
        return poisson_normal(curand_normal_double(state), lambda);
    return poisson_gammainc(state, (float)lambda);
}

/* A uniform in (0, 1): the inversion below never ends at u = 1. */
static inline double uniform_excluding_one(unsigned int x)
{
    return x * CURAND_2POW32_INV_DOUBLE + (CURAND_2POW32_INV_DOUBLE / 2.0);
}
static inline double uniform_excluding_one(unsigned long long x)
{
    return (x >> 11) * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 4.0);
}
/* Inversion by sequential search (Fishman, "Discrete-Event Simulation",
 * 2001), the probabilities scaled by e^500 per step of 500 in lambda so
 * that e^-lambda does not underflow. */
template <class T> static inline unsigned int poisson_itr(T x, double lambda)
{
    double L, p = 1.0, q = 1.0;
    unsigned int k = 0;
    int pow = 0;
    double u = uniform_excluding_one(x);
    do {
        if (lambda > (double)(pow + 500.0))
            L = simt_exp(-500.0);
        else
            L = simt_exp((double)(pow - lambda));
        p *= L;
        q *= L;
        pow += 500;
        while (u > q) {
            k++;
            p *= (lambda / (double)k);
            q += p;
        }
    } while ((double)pow < lambda);
    return k;
}
template <class T> static inline unsigned int poisson_quasi(T x, double lambda)
{
    if (lambda < 1000)
        return poisson_itr(x, lambda);
    return poisson_normal(normal_icdf_double(x), lambda);
}
} // namespace simt__curand

static inline unsigned int curand_poisson(curandStateXORWOW_t *state, double lambda)
{
    return simt__curand::poisson_pseudo(state, lambda);
}
static inline unsigned int curand_poisson(curandStatePhilox4_32_10_t *state, double lambda)
{
    return simt__curand::poisson_pseudo(state, lambda);
}
static inline unsigned int curand_poisson(curandStateMRG32k3a_t *state, double lambda)
{
    return simt__curand::poisson_pseudo(state, lambda);
}
/* Four values; each of the rejection methods finishes one value before
 * drawing for the next. */
static inline uint4 curand_poisson4(curandStatePhilox4_32_10_t *state, double lambda)
{
    using namespace simt__curand;
    if (lambda < 64) {
        float l = (float)lambda;
        unsigned int a = poisson_knuth(state, l), b = poisson_knuth(state, l);
        unsigned int c = poisson_knuth(state, l), d = poisson_knuth(state, l);
        return make_uint4(a, b, c, d);
    }
    if (lambda > 4000) {
        double4 n = curand_normal4_double(state);
        return make_uint4(poisson_normal(n.x, lambda), poisson_normal(n.y, lambda), poisson_normal(n.z, lambda),
                          poisson_normal(n.w, lambda));
    }
    float l = (float)lambda, logl = sfu_log(l);
    float a = poisson_gammainc_value(state, l, logl), b = poisson_gammainc_value(state, l, logl);
    float c = poisson_gammainc_value(state, l, logl), d = poisson_gammainc_value(state, l, logl);
    return make_uint4(d2u_rz(a), d2u_rz(b), d2u_rz(c), d2u_rz(d));
}
static inline unsigned int curand_poisson(curandStateMtgp32_t *state, double lambda)
{
    return simt__curand::poisson_quasi(curand(state), lambda);
}
static inline unsigned int curand_poisson(curandStateSobol32_t *state, double lambda)
{
    return simt__curand::poisson_quasi(curand(state), lambda);
}
static inline unsigned int curand_poisson(curandStateScrambledSobol32_t *state, double lambda)
{
    return simt__curand::poisson_quasi(curand(state), lambda);
}
static inline unsigned int curand_poisson(curandStateSobol64_t *state, double lambda)
{
    return simt__curand::poisson_quasi(curand(state), lambda);
}
static inline unsigned int curand_poisson(curandStateScrambledSobol64_t *state, double lambda)
{
    return simt__curand::poisson_quasi(curand(state), lambda);
}

#endif /* SIMT_CURAND_POISSON_H */
