/*
 * curand_normal.h: standard normal floats and doubles (cuRAND device API,
 * "Distributions").
 *
 * Pseudorandom generators use the Box-Muller transform: radius
 * sqrt(-2 log u) from one uniform, angle from another, two results per
 * pair.  curand_normal returns the first and keeps the second in the state
 * for the next call (boxmuller_flag/extra; curand_log_normal shares them
 * with its own flag value, so mixing the two starts a new pair).  In float
 * the angle is y 2^-32 2pi + 2^-33 2pi (one fused multiply-add, as nvcc
 * compiles it) and its sine and cosine come from __sincosf; in double the
 * angle is in half turns, for sincospi.  Quasirandom generators use the
 * inverse normal distribution function (curand_normal_static.h).
 */
#pragma GCC system_header
/* Outside the guard: see curand_uniform.h. */
#include "curand_kernel.h"
#ifndef SIMT_CURAND_NORMAL_H
#define SIMT_CURAND_NORMAL_H
#define CURAND_NORMAL_H_

#include "curand_normal_static.h"

namespace simt__curand {
static inline float2 box_muller(unsigned int x, unsigned int y)
{
    float u = x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2);
    float v = __builtin_fmaf((float)y, CURAND_2POW32_INV_2PI, CURAND_2POW32_INV_2PI / 2);
    float s = simt_sqrtf(-2.0f * simt_logf(u));
    float2 r;
    simt___sincosf(v, &r.x, &r.y);
    r.x *= s;
    r.y *= s;
    return r;
}
/* MRG32k3a's float pair: its own uniforms, the angle a float product. */
static inline float2 box_muller_mrg(curandStateMRG32k3a_t *state)
{
    float x = curand_uniform(state);
    float y = curand_uniform(state) * CURAND_2PI;
    float s = simt_sqrtf(-2.0f * simt_logf(x));
    float2 r;
    simt___sincosf(y, &r.x, &r.y);
    r.x *= s;
    r.y *= s;
    return r;
}
static inline double2 sincos_scaled(double u, double v)
{
    double s = simt_sqrt(-2.0 * simt_log(u));
    double2 r;
    sincospi(v, &r.x, &r.y);
    r.x *= s;
    r.y *= s;
    return r;
}
static inline double2 box_muller_double(unsigned int x0, unsigned int x1, unsigned int y0, unsigned int y1)
{
    unsigned long long zx = (unsigned long long)x0 ^ ((unsigned long long)x1 << (53 - 32));
    double u = zx * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
    unsigned long long zy = (unsigned long long)y0 ^ ((unsigned long long)y1 << (53 - 32));
    double v = zy * (CURAND_2POW53_INV_DOUBLE * 2.0) + CURAND_2POW53_INV_DOUBLE;
    return sincos_scaled(u, v);
}
static inline double2 box_muller_mrg_double(curandStateMRG32k3a_t *state)
{
    double x = curand_uniform_double(state);
    double y = curand_uniform_double(state) * 2.0;
    return sincos_scaled(x, y);
}
template <class S> static inline float2 box_muller_pair(S *state)
{
    unsigned int x = curand(state);
    unsigned int y = curand(state);
    return box_muller(x, y);
}
template <class S> static inline double2 box_muller_double_pair(S *state)
{
    unsigned int x0 = curand(state);
    unsigned int x1 = curand(state);
    unsigned int y0 = curand(state);
    unsigned int y1 = curand(state);
    return box_muller_double(x0, x1, y0, y1);
}
static inline float4 box_muller4(curandStatePhilox4_32_10_t *state)
{
    uint4 x = curand4(state);
    float2 a = box_muller(x.x, x.y), b = box_muller(x.z, x.w);
    return make_float4(a.x, a.y, b.x, b.y);
}
static inline double2 box_muller2_double(curandStatePhilox4_32_10_t *state)
{
    uint4 x = curand4(state);
    return box_muller_double(x.x, x.y, x.z, x.w);
}

/* One value of a pair, the other kept in the state for the next call. */
template <class S, class F> static inline float cached_normal(S *state, F pair)
{
    if (state->boxmuller_flag != EXTRA_FLAG_NORMAL) {
        float2 v = pair(state);
        state->boxmuller_extra = v.y;
        state->boxmuller_flag = EXTRA_FLAG_NORMAL;
        return v.x;
    }
    state->boxmuller_flag = 0;
    return state->boxmuller_extra;
}
template <class S, class F> static inline double cached_normal_double(S *state, F pair)
{
    if (state->boxmuller_flag_double != EXTRA_FLAG_NORMAL) {
        double2 v = pair(state);
        state->boxmuller_extra_double = v.y;
        state->boxmuller_flag_double = EXTRA_FLAG_NORMAL;
        return v.x;
    }
    state->boxmuller_flag_double = 0;
    return state->boxmuller_extra_double;
}
} // namespace simt__curand

static inline float curand_normal(curandStateXORWOW_t *state)
{
    return simt__curand::cached_normal(state, simt__curand::box_muller_pair<curandStateXORWOW_t>);
}
static inline float curand_normal(curandStatePhilox4_32_10_t *state)
{
    return simt__curand::cached_normal(state, simt__curand::box_muller_pair<curandStatePhilox4_32_10_t>);
}
static inline float curand_normal(curandStateMRG32k3a_t *state)
{
    return simt__curand::cached_normal(state, simt__curand::box_muller_mrg);
}
static inline float2 curand_normal2(curandStateXORWOW_t *state) { return simt__curand::box_muller_pair(state); }
static inline float2 curand_normal2(curandStatePhilox4_32_10_t *state) { return simt__curand::box_muller_pair(state); }
static inline float4 curand_normal4(curandStatePhilox4_32_10_t *state) { return simt__curand::box_muller4(state); }
static inline float2 curand_normal2(curandStateMRG32k3a_t *state) { return simt__curand::box_muller_mrg(state); }

static inline double curand_normal_double(curandStateXORWOW_t *state)
{
    return simt__curand::cached_normal_double(state, simt__curand::box_muller_double_pair<curandStateXORWOW_t>);
}
/* Philox draws its four values with one curand4. */
static inline double curand_normal_double(curandStatePhilox4_32_10_t *state)
{
    return simt__curand::cached_normal_double(state, simt__curand::box_muller2_double);
}
static inline double curand_normal_double(curandStateMRG32k3a_t *state)
{
    return simt__curand::cached_normal_double(state, simt__curand::box_muller_mrg_double);
}
static inline double2 curand_normal2_double(curandStateXORWOW_t *state)
{
    return simt__curand::box_muller_double_pair(state);
}
static inline double2 curand_normal2_double(curandStatePhilox4_32_10_t *state)
{
    return simt__curand::box_muller2_double(state);
}
static inline double2 curand_normal2_double(curandStateMRG32k3a_t *state)
{
    return simt__curand::box_muller_mrg_double(state);
}
/* Not in cuRAND's documented API, but in its header. */
static inline double4 curand_normal4_double(curandStatePhilox4_32_10_t *state)
{
    double2 a = simt__curand::box_muller2_double(state);
    double2 b = simt__curand::box_muller2_double(state);
    return make_double4(a.x, a.y, b.x, b.y);
}

static inline float curand_normal(curandStateMtgp32_t *state) { return simt__curand::normal_icdf(curand(state)); }
static inline double curand_normal_double(curandStateMtgp32_t *state)
{
    return simt__curand::normal_icdf_double(curand(state));
}
static inline float curand_normal(curandStateSobol32_t *state) { return simt__curand::normal_icdf(curand(state)); }
static inline float curand_normal(curandStateScrambledSobol32_t *state)
{
    return simt__curand::normal_icdf(curand(state));
}
static inline float curand_normal(curandStateSobol64_t *state) { return simt__curand::normal_icdf(curand(state)); }
static inline float curand_normal(curandStateScrambledSobol64_t *state)
{
    return simt__curand::normal_icdf(curand(state));
}
static inline double curand_normal_double(curandStateSobol32_t *state)
{
    return simt__curand::normal_icdf_double(curand(state));
}
static inline double curand_normal_double(curandStateScrambledSobol32_t *state)
{
    return simt__curand::normal_icdf_double(curand(state));
}
static inline double curand_normal_double(curandStateSobol64_t *state)
{
    return simt__curand::normal_icdf_double(curand(state));
}
static inline double curand_normal_double(curandStateScrambledSobol64_t *state)
{
    return simt__curand::normal_icdf_double(curand(state));
}

#endif /* SIMT_CURAND_NORMAL_H */
