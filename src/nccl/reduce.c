/*
 * reduce.c: NCCL's reductions (reduce.h).
 *
 * The native types reduce in their own arithmetic, integers wrapping as a
 * GPU's do (through their unsigned forms: no undefined overflow here).
 * The 16- and 8-bit floating types reduce in float, rounded back to the
 * type after every step (to nearest, ties to even), as a GPU's half and
 * bfloat16 additions round; the 8-bit types saturate to their largest
 * finite value, as CUDA's conversions with __NV_SATFINITE do.
 */
#include "nccl/reduce.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "nccl.h"

size_t red_type_size(int type)
{
    switch (type) {
    case ncclInt8: case ncclUint8: case ncclFloat8e4m3: case ncclFloat8e5m2: return 1;
    case ncclFloat16: case ncclBfloat16: return 2;
    case ncclInt32: case ncclUint32: case ncclFloat32: return 4;
    case ncclInt64: case ncclUint64: case ncclFloat64: return 8;
    }
    return 0;
}

/* ---- small floating types ----------------------------------------------------- */

/* A binary floating format of ebits exponent and mbits fraction bits. */
struct fmt {
    int ebits, mbits;
    int ieee;  /* all-ones exponent: infinities and NaNs; else (e4m3) only NaN, at all ones */
};

static const struct fmt F16 = {5, 10, 1}, BF16 = {8, 7, 1}, E4M3 = {4, 3, 0}, E5M2 = {5, 2, 1};

static double largest(const struct fmt *f)
{
    int bias = (1 << (f->ebits - 1)) - 1;
    int emax = (1 << f->ebits) - 1 - bias - (f->ieee ? 1 : 0);
    /* e4m3: the all-ones exponent holds finite values except all-ones. */
    double frac = f->ieee ? 2.0 - ldexp(1.0, -f->mbits) : 2.0 - ldexp(1.0, 1 - f->mbits);
    return ldexp(frac, emax);
}

static float decode(const struct fmt *f, uint32_t bits)
{
    int bias = (1 << (f->ebits - 1)) - 1;
    uint32_t mmask = (1u << f->mbits) - 1, emask = (1u << f->ebits) - 1;
    uint32_t m = bits & mmask, e = (bits >> f->mbits) & emask;
    int neg = (bits >> (f->ebits + f->mbits)) & 1;
    double v;
    if (f->ieee && e == emask)
        v = m ? NAN : INFINITY;
    else if (!f->ieee && e == emask && m == mmask)
        v = NAN;
    else if (e == 0)
        v = ldexp((double)m, 1 - bias - f->mbits);
    else
        v = ldexp(1.0 + ldexp((double)m, -f->mbits), (int)e - bias);
    return (float)(neg ? -v : v);
}

static uint32_t encode(const struct fmt *f, float x)
{
    int bias = (1 << (f->ebits - 1)) - 1;
    uint32_t emask = (1u << f->ebits) - 1, mmask = (1u << f->mbits) - 1;
    uint32_t sign = signbit(x) ? 1u << (f->ebits + f->mbits) : 0;
    if (isnan(x))
        return sign | (emask << f->mbits) | (f->ieee ? 1u << (f->mbits - 1) : mmask);
    double a = fabs((double)x);
    double top = largest(f);
    int saturate = f->ebits + f->mbits == 7; /* the 8-bit types */
    if (isinf(x) && f->ieee && !saturate)
        return sign | (emask << f->mbits);
    /* Round to the format's quantum at a's binade (or the subnormals'). */
    int ex;
    frexp(a, &ex);
    int lead = ex - 1 < 1 - bias ? 1 - bias : ex - 1;
    double q = ldexp(nearbyint(ldexp(a, f->mbits - lead)), lead - f->mbits);
    if (q > top || isinf(x)) {
        if (saturate || !f->ieee)
            q = top;
        else
            return sign | (emask << f->mbits);
    }
    if (q == 0)
        return sign;
    frexp(q, &ex);
    if (ex - 1 < 1 - bias)
        return sign | (uint32_t)ldexp(q, bias - 1 + f->mbits);
    uint32_t m = (uint32_t)ldexp(ldexp(q, -(ex - 1)) - 1.0, f->mbits) & mmask;
    return sign | ((uint32_t)(ex - 1 + bias) << f->mbits) | m;
}

static const struct fmt *small_fmt(int type)
{
    switch (type) {
    case ncclFloat16: return &F16;
    case ncclBfloat16: return &BF16;
    case ncclFloat8e4m3: return &E4M3;
    case ncclFloat8e5m2: return &E5M2;
    }
    return NULL;
}

static float load_small(const struct fmt *f, const void *p, size_t i)
{
    return f->ebits + f->mbits == 7 ? decode(f, ((const uint8_t *)p)[i])
                                    : decode(f, ((const uint16_t *)p)[i]);
}

static float round_small(const struct fmt *f, float x)
{
    return decode(f, encode(f, x));
}

static float op_float(enum red_op op, float a, float b)
{
    switch (op) {
    case RED_PROD: return a * b;
    case RED_MAX: return fmaxf(a, b);
    case RED_MIN: return fminf(a, b);
    default: return a + b;
    }
}

/* The factor input r is multiplied by before a sum (1 if none). */
static float small_factor(const struct fmt *f, enum red_op op, int n, const void *const *scalar,
                          int r)
{
    if (op == RED_AVG)
        return round_small(f, 1.0f / (float)n);
    return op == RED_PREMULSUM ? load_small(f, scalar[r], 0) : 1.0f;
}

static void reduce_small(void *out, const void *const *in, int n, size_t count, int type,
                         enum red_op op, const void *const *scalar)
{
    const struct fmt *f = small_fmt(type);
    int scaled = op == RED_AVG || op == RED_PREMULSUM;
    for (size_t i = 0; i < count; i++) {
        float acc = load_small(f, in[0], i);
        if (scaled)
            acc = round_small(f, acc * small_factor(f, op, n, scalar, 0));
        for (int r = 1; r < n; r++) {
            float x = load_small(f, in[r], i);
            if (scaled)
                x = round_small(f, x * small_factor(f, op, n, scalar, r));
            acc = round_small(f, op_float(op, acc, x));
        }
        uint32_t b = encode(f, acc);
        if (f->ebits + f->mbits == 7)
            ((uint8_t *)out)[i] = (uint8_t)b;
        else
            ((uint16_t *)out)[i] = (uint16_t)b;
    }
}

/* ---- native types ---------------------------------------------------------- */

/* T the type, U its arithmetic (unsigned for integers), FLOATING 1 for
 * float and double (whose average scales first). */
#define NATIVE(name, T, U, FLOATING)                                                              \
    static void name(void *outv, const void *const *in, int n, size_t count, enum red_op op,     \
                     const void *const *scalar)                                                   \
    {                                                                                             \
        T *out = outv;                                                                            \
        int scaled = op == RED_PREMULSUM || (FLOATING && op == RED_AVG);                         \
        U mul = op == RED_PREMULSUM ? (U) * (const T *)scalar[0]                                  \
                : scaled            ? (U)((T)1 / (T)n)                                            \
                                    : (U)1;                                                       \
        const T *a = in[0];                                                                       \
        for (size_t i = 0; i < count; i++)                                                        \
            out[i] = scaled ? (T)((U)a[i] * mul) : a[i];                                          \
        for (int r = 1; r < n; r++) {                                                             \
            const T *b = in[r];                                                                   \
            if (op == RED_PREMULSUM)                                                              \
                mul = (U) * (const T *)scalar[r];                                                 \
            switch (op) {                                                                         \
            case RED_PROD:                                                                        \
                for (size_t i = 0; i < count; i++)                                                \
                    out[i] = (T)((U)out[i] * (U)b[i]);                                            \
                break;                                                                            \
            case RED_MAX:                                                                         \
                for (size_t i = 0; i < count; i++)                                                \
                    out[i] = b[i] > out[i] || out[i] != out[i] ? b[i] : out[i];                   \
                break;                                                                            \
            case RED_MIN:                                                                         \
                for (size_t i = 0; i < count; i++)                                                \
                    out[i] = b[i] < out[i] || out[i] != out[i] ? b[i] : out[i];                   \
                break;                                                                            \
            default:                                                                              \
                for (size_t i = 0; i < count; i++)                                                \
                    out[i] = (T)((U)out[i] + (scaled ? (U)b[i] * mul : (U)b[i]));                 \
                break;                                                                            \
            }                                                                                     \
        }                                                                                         \
        if (!FLOATING && op == RED_AVG)                                                           \
            for (size_t i = 0; i < count; i++)                                                    \
                out[i] = (T)(out[i] / (T)n);                                                      \
    }

NATIVE(red_i8, int8_t, uint8_t, 0)
NATIVE(red_u8, uint8_t, uint8_t, 0)
NATIVE(red_i32, int32_t, uint32_t, 0)
NATIVE(red_u32, uint32_t, uint32_t, 0)
NATIVE(red_i64, int64_t, uint64_t, 0)
NATIVE(red_u64, uint64_t, uint64_t, 0)
NATIVE(red_f32, float, float, 1)
NATIVE(red_f64, double, double, 1)

void red_apply(void *out, const void *const *in, int n, size_t count, int type, enum red_op op,
               const void *const *scalar)
{
    switch (type) {
    case ncclInt8: red_i8(out, in, n, count, op, scalar); break;
    case ncclUint8: red_u8(out, in, n, count, op, scalar); break;
    case ncclInt32: red_i32(out, in, n, count, op, scalar); break;
    case ncclUint32: red_u32(out, in, n, count, op, scalar); break;
    case ncclInt64: red_i64(out, in, n, count, op, scalar); break;
    case ncclUint64: red_u64(out, in, n, count, op, scalar); break;
    case ncclFloat32: red_f32(out, in, n, count, op, scalar); break;
    case ncclFloat64: red_f64(out, in, n, count, op, scalar); break;
    default: reduce_small(out, in, n, count, type, op, scalar); break;
    }
}
