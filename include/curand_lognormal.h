/*
 * curand_lognormal.h: log-normal floats and doubles (cuRAND device API,
 * "Distributions"): exp(mean + stddev n) for a normal n, the sum one fused
 * multiply-add as nvcc compiles it.  The single-value functions keep the
 * pair's second result in the state, as curand_normal does, under their
 * own flag value.
 */
#pragma GCC system_header
/* Outside the guard: see curand_uniform.h. */
#include "curand_kernel.h"
#ifndef SIMT_CURAND_LOGNORMAL_H
#define SIMT_CURAND_LOGNORMAL_H
#define CURAND_LOGNORMAL_H_

namespace simt__curand {
static inline float lognormal(float n, float mean, float stddev)
{
    return simt_expf(__builtin_fmaf(stddev, n, mean));
}
static inline double lognormal(double n, double mean, double stddev)
{
    return simt_exp(__builtin_fma(stddev, n, mean));
}
template <class S, class F> static inline float cached_lognormal(S *state, F pair, float mean, float stddev)
{
    if (state->boxmuller_flag != EXTRA_FLAG_LOG_NORMAL) {
        float2 v = pair(state);
        state->boxmuller_extra = lognormal(v.y, mean, stddev);
        state->boxmuller_flag = EXTRA_FLAG_LOG_NORMAL;
        return lognormal(v.x, mean, stddev);
    }
    state->boxmuller_flag = 0;
    return state->boxmuller_extra;
}
template <class S, class F> static inline double cached_lognormal_double(S *state, F pair, double mean, double stddev)
{
    if (state->boxmuller_flag_double != EXTRA_FLAG_LOG_NORMAL) {
        double2 v = pair(state);
        state->boxmuller_extra_double = lognormal(v.y, mean, stddev);
        state->boxmuller_flag_double = EXTRA_FLAG_LOG_NORMAL;
        return lognormal(v.x, mean, stddev);
    }
    state->boxmuller_flag_double = 0;
    return state->boxmuller_extra_double;
}
static inline float2 lognormal2(float2 v, float mean, float stddev)
{
    return make_float2(lognormal(v.x, mean, stddev), lognormal(v.y, mean, stddev));
}
static inline double2 lognormal2(double2 v, double mean, double stddev)
{
    return make_double2(lognormal(v.x, mean, stddev), lognormal(v.y, mean, stddev));
}
} // namespace simt__curand

static inline float curand_log_normal(curandStateXORWOW_t *state, float mean, float stddev)
{
    return simt__curand::cached_lognormal(state, simt__curand::box_muller_pair<curandStateXORWOW_t>, mean, stddev);
}
static inline float curand_log_normal(curandStatePhilox4_32_10_t *state, float mean, float stddev)
{
    return simt__curand::cached_lognormal(state, simt__curand::box_muller_pair<curandStatePhilox4_32_10_t>, mean,
                                          stddev);
}
static inline float curand_log_normal(curandStateMRG32k3a_t *state, float mean, float stddev)
{
    return simt__curand::cached_lognormal(state, simt__curand::box_muller_mrg, mean, stddev);
}
static inline float2 curand_log_normal2(curandStateXORWOW_t *state, float mean, float stddev)
{
    return simt__curand::lognormal2(simt__curand::box_muller_pair(state), mean, stddev);
}
static inline float2 curand_log_normal2(curandStatePhilox4_32_10_t *state, float mean, float stddev)
{
    return simt__curand::lognormal2(simt__curand::box_muller_pair(state), mean, stddev);
}
static inline float2 curand_log_normal2(curandStateMRG32k3a_t *state, float mean, float stddev)
{
    return simt__curand::lognormal2(simt__curand::box_muller_mrg(state), mean, stddev);
}
static inline float4 curand_log_normal4(curandStatePhilox4_32_10_t *state, float mean, float stddev)
{
    float4 v = simt__curand::box_muller4(state);
    using simt__curand::lognormal;
    return make_float4(lognormal(v.x, mean, stddev), lognormal(v.y, mean, stddev), lognormal(v.z, mean, stddev),
                       lognormal(v.w, mean, stddev));
}

static inline double curand_log_normal_double(curandStateXORWOW_t *state, double mean, double stddev)
{
    return simt__curand::cached_lognormal_double(state, simt__curand::box_muller_double_pair<curandStateXORWOW_t>,
                                                 mean, stddev);
}
static inline double curand_log_normal_double(curandStatePhilox4_32_10_t *state, double mean, double stddev)
{
    return simt__curand::cached_lognormal_double(state, simt__curand::box_muller2_double, mean, stddev);
}
static inline double curand_log_normal_double(curandStateMRG32k3a_t *state, double mean, double stddev)
{
    return simt__curand::cached_lognormal_double(state, simt__curand::box_muller_mrg_double, mean, stddev);
}
static inline double2 curand_log_normal2_double(curandStateXORWOW_t *state, double mean, double stddev)
{
    return simt__curand::lognormal2(simt__curand::box_muller_double_pair(state), mean, stddev);
}
static inline double2 curand_log_normal2_double(curandStatePhilox4_32_10_t *state, double mean, double stddev)
{
    return simt__curand::lognormal2(simt__curand::box_muller2_double(state), mean, stddev);
}
static inline double2 curand_log_normal2_double(curandStateMRG32k3a_t *state, double mean, double stddev)
{
    return simt__curand::lognormal2(simt__curand::box_muller_mrg_double(state), mean, stddev);
}
/* Not in cuRAND's documented API, but in its header. */
static inline double4 curand_log_normal4_double(curandStatePhilox4_32_10_t *state, double mean, double stddev)
{
    double2 a = simt__curand::lognormal2(simt__curand::box_muller2_double(state), mean, stddev);
    double2 b = simt__curand::lognormal2(simt__curand::box_muller2_double(state), mean, stddev);
    return make_double4(a.x, a.y, b.x, b.y);
}

#define SIMT__CURAND_LOGNORMAL_ICDF(S)                                                                   \
    static inline float curand_log_normal(S *state, float mean, float stddev)                           \
    {                                                                                                    \
        return simt__curand::lognormal(simt__curand::normal_icdf(curand(state)), mean, stddev);          \
    }                                                                                                    \
    static inline double curand_log_normal_double(S *state, double mean, double stddev)                 \
    {                                                                                                    \
        return simt__curand::lognormal(simt__curand::normal_icdf_double(curand(state)), mean, stddev);   \
    }
SIMT__CURAND_LOGNORMAL_ICDF(curandStateMtgp32_t)
SIMT__CURAND_LOGNORMAL_ICDF(curandStateSobol32_t)
SIMT__CURAND_LOGNORMAL_ICDF(curandStateScrambledSobol32_t)
SIMT__CURAND_LOGNORMAL_ICDF(curandStateSobol64_t)
SIMT__CURAND_LOGNORMAL_ICDF(curandStateScrambledSobol64_t)
#undef SIMT__CURAND_LOGNORMAL_ICDF

#endif /* SIMT_CURAND_LOGNORMAL_H */
