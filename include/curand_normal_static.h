/*
 * curand_normal_static.h: the inverse normal distribution function of a
 * uniform value, for the quasirandom generators (a transform of each point
 * keeps its dimension).  The upper half is mirrored into the lower one, so
 * that the uniform value p is at most 1/2 and 2p keeps its precision:
 * normal = -sqrt(2) erfcinv(2p), negated for the mirrored half.
 */
#pragma GCC system_header
/* Outside the guard: see curand_uniform.h. */
#include "curand_kernel.h"
#ifndef SIMT_CURAND_NORMAL_STATIC_H
#define SIMT_CURAND_NORMAL_STATIC_H
#define CURAND_NORMAL_STATIC_H

namespace simt__curand {
static inline float normal_icdf(unsigned int x)
{
    float s = CURAND_SQRT2;
    if (x > 0x80000000u) {
        x = 0xffffffffu - x;
        s = -s;
    }
    float p = x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2.0f);
    return s * erfcinvf(2.0f * p);
}
static inline float normal_icdf(unsigned long long x) { return normal_icdf((unsigned int)(x >> 32)); }
static inline double normal_icdf_double(unsigned int x)
{
    double s = CURAND_SQRT2_DOUBLE;
    if (x > 0x80000000u) {
        x = 0xffffffffu - x;
        s = -s;
    }
    double p = x * CURAND_2POW32_INV_DOUBLE + (CURAND_2POW32_INV_DOUBLE / 2.0);
    return s * erfcinv(2.0 * p);
}
static inline double normal_icdf_double(unsigned long long x)
{
    double s = CURAND_SQRT2_DOUBLE;
    x >>= 11;
    if (x > 0x10000000000000ull) {
        x = 0x1fffffffffffffull - x;
        s = -s;
    }
    double p = x * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
    return s * erfcinv(2.0 * p);
}
} // namespace simt__curand

#endif /* SIMT_CURAND_NORMAL_STATIC_H */
