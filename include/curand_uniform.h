/*
 * curand_uniform.h: uniform floats in (0, 1] and doubles in (0, 1] (cuRAND
 * device API, "Distributions").
 *
 * A 32-bit value x becomes x 2^-32 + 2^-33 in float (x rounded to float
 * first, so the largest values give 1.0f) and x 2^-32 + 2^-32 in double.
 * The high-quality double of XORWOW and Philox joins two values into 53
 * bits: (x ^ (y << 21)) 2^-53 + 2^-54.  MRG32k3a scales its combined value
 * by its own constant instead.  Every product here is exact, so these
 * results do not depend on fused multiply-adds.
 */
#pragma GCC system_header
/* Outside the guard: a program that includes this header first gets
 * curand_kernel.h, which includes this one at its end, where the body
 * below is read, after the states it needs. */
#include "curand_kernel.h"
#ifndef SIMT_CURAND_UNIFORM_H
#define SIMT_CURAND_UNIFORM_H
#define CURAND_UNIFORM_H_

namespace simt__curand {
static inline float uniform(unsigned int x) { return x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2.0f); }
static inline float uniform(unsigned long long x)
{
    return (unsigned int)(x >> 32) * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2.0f);
}
static inline double uniform_double(unsigned int x) { return x * CURAND_2POW32_INV_DOUBLE + CURAND_2POW32_INV_DOUBLE; }
static inline double uniform_double(unsigned long long x)
{
    return (x >> 11) * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
}
static inline double uniform_double_hq(unsigned int x, unsigned int y)
{
    unsigned long long z = (unsigned long long)x ^ ((unsigned long long)y << (53 - 32));
    return z * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
}
} // namespace simt__curand

static inline float curand_uniform(curandStateTest_t *state) { return simt__curand::uniform(curand(state)); }
static inline double curand_uniform_double(curandStateTest_t *state)
{
    return simt__curand::uniform_double(curand(state));
}

static inline float curand_uniform(curandStateXORWOW_t *state) { return simt__curand::uniform(curand(state)); }
static inline double curand_uniform_double(curandStateXORWOW_t *state)
{
    unsigned int x = curand(state);
    unsigned int y = curand(state);
    return simt__curand::uniform_double_hq(x, y);
}

static inline float curand_uniform(curandStateMRG32k3a_t *state)
{
    return (float)(simt__curand::mrg_next(state) * MRG32K3A_NORM);
}
static inline double curand_uniform_double(curandStateMRG32k3a_t *state)
{
    return simt__curand::mrg_next(state) * MRG32K3A_NORM;
}

static inline float curand_uniform(curandStatePhilox4_32_10_t *state) { return simt__curand::uniform(curand(state)); }
static inline float4 curand_uniform4(curandStatePhilox4_32_10_t *state)
{
    uint4 x = curand4(state);
    return make_float4(simt__curand::uniform(x.x), simt__curand::uniform(x.y), simt__curand::uniform(x.z),
                       simt__curand::uniform(x.w));
}
/* One 32-bit value per double (the 53-bit join is curand_uniform2_double's). */
static inline double curand_uniform_double(curandStatePhilox4_32_10_t *state)
{
    return simt__curand::uniform_double(curand(state));
}
static inline double2 curand_uniform2_double(curandStatePhilox4_32_10_t *state)
{
    uint4 x = curand4(state);
    return make_double2(simt__curand::uniform_double_hq(x.x, x.y), simt__curand::uniform_double_hq(x.z, x.w));
}
/* Not in cuRAND's documented API, but in its header. */
static inline double4 curand_uniform4_double(curandStatePhilox4_32_10_t *state)
{
    uint4 x = curand4(state);
    uint4 y = curand4(state);
    return make_double4(simt__curand::uniform_double_hq(x.x, x.y), simt__curand::uniform_double_hq(x.z, x.w),
                        simt__curand::uniform_double_hq(y.x, y.y), simt__curand::uniform_double_hq(y.z, y.w));
}

static inline float curand_uniform(curandStateMtgp32_t *state) { return simt__curand::uniform(curand(state)); }
static inline double curand_uniform_double(curandStateMtgp32_t *state)
{
    return simt__curand::uniform_double(curand(state));
}
static inline float curand_uniform(curandStateSobol32_t *state) { return simt__curand::uniform(curand(state)); }
static inline double curand_uniform_double(curandStateSobol32_t *state)
{
    return simt__curand::uniform_double(curand(state));
}
static inline float curand_uniform(curandStateScrambledSobol32_t *state)
{
    return simt__curand::uniform(curand(state));
}
static inline double curand_uniform_double(curandStateScrambledSobol32_t *state)
{
    return simt__curand::uniform_double(curand(state));
}
static inline float curand_uniform(curandStateSobol64_t *state) { return simt__curand::uniform(curand(state)); }
static inline double curand_uniform_double(curandStateSobol64_t *state)
{
    return simt__curand::uniform_double(curand(state));
}
static inline float curand_uniform(curandStateScrambledSobol64_t *state)
{
    return simt__curand::uniform(curand(state));
}
static inline double curand_uniform_double(curandStateScrambledSobol64_t *state)
{
    return simt__curand::uniform_double(curand(state));
}

#endif /* SIMT_CURAND_UNIFORM_H */
