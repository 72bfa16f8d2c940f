/*
 * cuComplex.h: single- and double-precision complex numbers as CUDA's
 * header names them (cuFloatComplex is float2, cuDoubleComplex double2),
 * usable on both sides.  Division and absolute value scale their operands
 * first, as the GPU's header does, so that intermediate products neither
 * overflow nor underflow where the result is representable.
 */
#ifndef SIMT_CUCOMPLEX_H
#define SIMT_CUCOMPLEX_H
#pragma GCC system_header

#include <math.h>
#include "vector_types.h"
#include "vector_functions.h"

#ifdef __cplusplus
extern "C" {
#endif

/* a * b + c as device code computes it: nvcc contracts the expressions of
 * this header into fused multiply-adds (the first product fused, an H100's
 * bits); host code keeps them apart, as the host compiler does. */
#if defined(__SIMT_CU__) && defined(__cplusplus)
static inline float simt__cmaf(float a, float b, float c)
{
    return gridDim.x != 0 ? __builtin_fmaf(a, b, c) : a * b + c;
}
static inline double simt__cma(double a, double b, double c)
{
    return gridDim.x != 0 ? __builtin_fma(a, b, c) : a * b + c;
}
#else
static inline float simt__cmaf(float a, float b, float c) { return a * b + c; }
static inline double simt__cma(double a, double b, double c) { return a * b + c; }
#endif

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

static inline float cuCrealf(cuFloatComplex x) { return x.x; }
static inline float cuCimagf(cuFloatComplex x) { return x.y; }
static inline cuFloatComplex make_cuFloatComplex(float r, float i) { return make_float2(r, i); }
static inline cuFloatComplex cuConjf(cuFloatComplex x) { return make_float2(x.x, -x.y); }
static inline cuFloatComplex cuCaddf(cuFloatComplex x, cuFloatComplex y)
{
    return make_float2(x.x + y.x, x.y + y.y);
}
static inline cuFloatComplex cuCsubf(cuFloatComplex x, cuFloatComplex y)
{
    return make_float2(x.x - y.x, x.y - y.y);
}
static inline cuFloatComplex cuCmulf(cuFloatComplex x, cuFloatComplex y)
{
    return make_float2(simt__cmaf(x.x, y.x, -(x.y * y.y)), simt__cmaf(x.x, y.y, x.y * y.x));
}
static inline cuFloatComplex cuCdivf(cuFloatComplex x, cuFloatComplex y)
{
    float s = fabsf(y.x) + fabsf(y.y), inv = 1.0f / s;
    float ar = x.x * inv, ai = x.y * inv, br = y.x * inv, bi = y.y * inv;
    inv = 1.0f / simt__cmaf(br, br, bi * bi);
    return make_float2(simt__cmaf(ar, br, ai * bi) * inv, simt__cmaf(ai, br, -(ar * bi)) * inv);
}
static inline float cuCabsf(cuFloatComplex x)
{
    float a = fabsf(x.x), b = fabsf(x.y);
    float v = a > b ? a : b, w = a > b ? b : a, t = w / v;
    t = v * sqrtf(simt__cmaf(t, t, 1.0f));
    if (v == 0.0f || v > 3.402823466e38f || w > 3.402823466e38f)
        t = v + w;
    return t;
}

static inline double cuCreal(cuDoubleComplex x) { return x.x; }
static inline double cuCimag(cuDoubleComplex x) { return x.y; }
static inline cuDoubleComplex make_cuDoubleComplex(double r, double i) { return make_double2(r, i); }
static inline cuDoubleComplex cuConj(cuDoubleComplex x) { return make_double2(x.x, -x.y); }
static inline cuDoubleComplex cuCadd(cuDoubleComplex x, cuDoubleComplex y)
{
    return make_double2(x.x + y.x, x.y + y.y);
}
static inline cuDoubleComplex cuCsub(cuDoubleComplex x, cuDoubleComplex y)
{
    return make_double2(x.x - y.x, x.y - y.y);
}
static inline cuDoubleComplex cuCmul(cuDoubleComplex x, cuDoubleComplex y)
{
    return make_double2(simt__cma(x.x, y.x, -(x.y * y.y)), simt__cma(x.x, y.y, x.y * y.x));
}
static inline cuDoubleComplex cuCdiv(cuDoubleComplex x, cuDoubleComplex y)
{
    double s = fabs(y.x) + fabs(y.y), inv = 1.0 / s;
    double ar = x.x * inv, ai = x.y * inv, br = y.x * inv, bi = y.y * inv;
    inv = 1.0 / simt__cma(br, br, bi * bi);
    return make_double2(simt__cma(ar, br, ai * bi) * inv, simt__cma(ai, br, -(ar * bi)) * inv);
}
static inline double cuCabs(cuDoubleComplex x)
{
    double a = fabs(x.x), b = fabs(x.y);
    double v = a > b ? a : b, w = a > b ? b : a, t = w / v;
    t = v * sqrt(simt__cma(t, t, 1.0));
    if (v == 0.0 || v > 1.79769313486231570e308 || w > 1.79769313486231570e308)
        t = v + w;
    return t;
}

static inline cuComplex make_cuComplex(float x, float y) { return make_cuFloatComplex(x, y); }
static inline cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c)
{
    return make_cuDoubleComplex((double)c.x, (double)c.y);
}
static inline cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c)
{
    return make_cuFloatComplex((float)c.x, (float)c.y);
}
/* x * y + d, each real product fused into d's part in turn. */
static inline cuComplex cuCfmaf(cuComplex x, cuComplex y, cuComplex d)
{
    float re = simt__cmaf(x.x, y.x, d.x), im = simt__cmaf(x.x, y.y, d.y);
    re = simt__cmaf(-x.y, y.y, re);
    im = simt__cmaf(x.y, y.x, im);
    return make_cuComplex(re, im);
}
static inline cuDoubleComplex cuCfma(cuDoubleComplex x, cuDoubleComplex y, cuDoubleComplex d)
{
    double re = simt__cma(x.x, y.x, d.x), im = simt__cma(x.x, y.y, d.y);
    re = simt__cma(-x.y, y.y, re);
    im = simt__cma(x.y, y.x, im);
    return make_cuDoubleComplex(re, im);
}

#ifdef __cplusplus
}
#endif

#endif /* SIMT_CUCOMPLEX_H */
