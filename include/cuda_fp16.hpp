/*
 * cuda_fp16.hpp: __half and __half2 (CUDA Math API, "Half Precision
 * Intrinsics"), and the machinery that cuda_bf16.hpp shares.
 *
 * The GPU computes half and bfloat16 arithmetic correctly rounded (add.f16,
 * mul.f16, fma.rn.f16, ...), with subnormals and the canonical NaN 0x7fff.
 * Here every operation computes the exact result, or a result in double
 * whose rounding to 16 bits is the same (double has more than twice the
 * precision plus two bits, and a sum's lost part is carried as a sticky
 * nudge), then rounds once in the requested mode.  The math functions
 * (hexp, hsin, ...) round the double-precision result, which is what the
 * GPU's float-based code returns except where docs/COMPATIBILITY.md says.
 *
 * Both types are trivially copyable structs of 16 (32) bits, so warp
 * shuffles and atomics can move them as integers.
 */
#ifndef SIMT_CUDA_FP16_HPP
#define SIMT_CUDA_FP16_HPP

#include <string.h>
#include <stdint.h>
#include <math.h>
#include "vector_types.h"
#include "simt/lang/math.hpp"
#include <limits>

namespace simt_detail {

static inline double rsqrt_(double x) { return 1.0 / ::sqrt(x); }
static inline double rcp_(double x) { return 1.0 / x; }
static inline double exp10_(double x) { return ::exp10(x); }

/* A 16-bit binary format: MBITS stored mantissa bits, exponent bias BIAS. */
struct fmt16 {
    int mbits, bias;
};
static const fmt16 fmt_half = {10, 15};
static const fmt16 fmt_bf16 = {7, 127};

/* Rounds d to the format in mode (SIMT_RN/RZ/RU/RD); nudge, when not 0,
 * is the sign of a residual below d's last bit (d + nudge*tiny is exact). */
static inline unsigned short round16(double d, int mode, fmt16 f, int nudge = 0, bool nan_payload = false)
{
    unsigned long long x;
    memcpy(&x, &d, 8);
    unsigned short sign = (unsigned short)((x >> 48) & 0x8000u);
    unsigned long long ax = x & 0x7fffffffffffffffull;
    unsigned short expmask = (unsigned short)(((2 * f.bias + 1) << f.mbits));
    if (ax > 0x7ff0000000000000ull)
        return nan_payload ? (unsigned short)(sign | expmask | (1u << (f.mbits - 1)) | (unsigned short)((ax >> (52 - f.mbits)) & ((1u << f.mbits) - 1)))
                           : 0x7fff;
    if (ax == 0x7ff0000000000000ull)
        return sign | expmask;
    if (ax == 0 && nudge == 0)
        return sign;
    int e = (int)(ax >> 52) - 1023;
    unsigned long long mant = ax & 0xfffffffffffffull;
    if (ax >> 52)
        mant |= 1ull << 52;
    else
        e = -1022;
    int emin = 1 - f.bias;
    int shift = 52 - f.mbits + (e < emin ? emin - e : 0);
    if (shift > 60)
        shift = 60;
    unsigned long long q = mant >> shift, rem = mant & ((1ull << shift) - 1), halfway = 1ull << (shift - 1);
    /* The nudge only breaks ties and marks an exact-looking value inexact;
     * a negative residual on a value that is otherwise exact lowers it. */
    bool up;
    bool negres = nudge != 0 && ((nudge < 0) != (sign != 0));
    switch (mode) {
    case SIMT_RZ:
        up = false;
        if (rem == 0 && negres && q) { q--; rem = 1; }
        break;
    case SIMT_RU:
        if (!sign) up = rem != 0 || (nudge > 0);
        else { up = false; if (rem == 0 && nudge > 0 && q) { q--; rem = 1; } }
        break;
    case SIMT_RD:
        if (sign) up = rem != 0 || (nudge < 0);
        else { up = false; if (rem == 0 && nudge < 0 && q) { q--; rem = 1; } }
        break;
    default:
        up = rem > halfway || (rem == halfway && (nudge == 0 ? (q & 1) : !negres));
        break;
    }
    int E = e < emin ? emin : e;
    unsigned long long base = ((unsigned long long)(E + f.bias - 1) << f.mbits) + q + (up ? 1 : 0);
    if (base >= expmask) {
        bool toinf = mode == SIMT_RN || (mode == SIMT_RU && !sign) || (mode == SIMT_RD && sign);
        return sign | (toinf ? expmask : (unsigned short)(expmask - 1));
    }
    return sign | (unsigned short)base;
}
/* The exact value of a 16-bit pattern. */
static inline double widen16(unsigned short h, fmt16 f)
{
    unsigned int e = (h & 0x7fffu) >> f.mbits, m = h & ((1u << f.mbits) - 1);
    double v;
    if (e == (unsigned int)(2 * f.bias + 1))
        v = m ? NAN : INFINITY;
    else if (e == 0)
        v = ldexp((double)m, 1 - f.bias - f.mbits);
    else
        v = ldexp((double)(m | (1u << f.mbits)), (int)e - f.bias - f.mbits);
    return (h & 0x8000u) ? -v : v;
}
/* The sum a + b rounded to the format, exactly (TwoSum residual). */
static inline unsigned short sum16(double a, double b, int mode, fmt16 f)
{
    double s = a + b;
    if (!isfinite(s))
        return round16(s, mode, f);
    double bb = s - a;
    double err = (a - (s - bb)) + (b - bb);
    if (s == 0 && err == 0) {
        /* An exact zero: zeros of one sign keep it; otherwise +0, or -0
         * when rounding down (IEEE 754, 6.3). */
        bool same = a == 0 && b == 0 && signbit(a) == signbit(b);
        bool neg = same ? signbit(a) : mode == SIMT_RD;
        return neg ? 0x8000 : 0;
    }
    return round16(s, mode, f, err > 0 ? 1 : err < 0 ? -1 : 0);
}
static inline unsigned short fma16(double a, double b, double c, int mode, fmt16 f)
{
    double p = a * b; /* exact: at most 2 x 11 significant bits */
    return sum16(p, c, mode, f);
}
static inline unsigned short neg16(unsigned short h) { return h ^ 0x8000u; }
static inline bool isnan16(unsigned short h, fmt16 f)
{
    unsigned short em = (unsigned short)((2 * f.bias + 1) << f.mbits);
    return (h & 0x7fffu) > em;
}
static inline unsigned short sat16(unsigned short h, fmt16 f)
{
    double v = widen16(h, f);
    if (v != v || v <= 0)
        return 0;
    if (v >= 1)
        return round16(1.0, SIMT_RN, f);
    return h;
}
/* max.f16 / min.f16: a NaN operand yields the other; -0 < +0. */
static inline unsigned short max16(unsigned short a, unsigned short b, fmt16 f, bool nan)
{
    bool na = isnan16(a, f), nb = isnan16(b, f);
    if (na || nb)
        return (nan || (na && nb)) ? 0x7fff : na ? b : a;
    double x = widen16(a, f), y = widen16(b, f);
    if (x == y)
        return a & b; /* +0 unless both are -0 */
    return x > y ? a : b;
}
static inline unsigned short min16(unsigned short a, unsigned short b, fmt16 f, bool nan)
{
    bool na = isnan16(a, f), nb = isnan16(b, f);
    if (na || nb)
        return (nan || (na && nb)) ? 0x7fff : na ? b : a;
    double x = widen16(a, f), y = widen16(b, f);
    if (x == y)
        return a | b;
    return x < y ? a : b;
}
/* Conversions of 16-bit values to integers: PTX cvt.rXi saturating. */
template <class I> static inline I to_int16(double v, int mode, double lo, double hi, I nanv)
{
    if (v != v)
        return nanv;
    double r = mode == SIMT_RZ ? ::trunc(v) : mode == SIMT_RU ? ::ceil(v) : mode == SIMT_RD ? ::floor(v) : ::nearbyint(v);
    if (r <= lo)
        return std::numeric_limits<I>::min();
    if (r >= hi)
        return std::numeric_limits<I>::max();
    return (I)r;
}
/* An integer to the format: exact in long double, rounded once. */
static inline unsigned short from_int16(long double v, int mode, fmt16 f)
{
    double d = (double)v;
    long double err = v - (long double)d;
    return round16(d, mode, f, err > 0 ? 1 : err < 0 ? -1 : 0);
}

} /* namespace simt_detail */

/* ---- types --------------------------------------------------------------- */
typedef struct __half_raw { unsigned short x; } __half_raw;
typedef struct __half2_raw { unsigned short x, y; } __half2_raw;

struct __half;
static inline __half __float2half(float f);
static inline float __half2float(__half h);

/* The functions that __half and __nv_bfloat16 share, for the 16-bit type H,
 * its pair H2, its raw struct R and its format F. */
#define SIMT__H16_STRUCT(H, R, F) \
    struct __align__(2) H { \
        unsigned short __x; \
        H() = default; \
        constexpr H(const R &r) : __x(r.x) {} \
        H(float f) : __x(simt_detail::round16((double)f, SIMT_RN, F)) {} \
        H(double f) : __x(simt_detail::round16(f, SIMT_RN, F, 0, true)) {} \
        H(short v) : __x(simt_detail::from_int16(v, SIMT_RN, F)) {} \
        H(unsigned short v) : __x(simt_detail::from_int16(v, SIMT_RN, F)) {} \
        H(int v) : __x(simt_detail::from_int16(v, SIMT_RN, F)) {} \
        H(unsigned int v) : __x(simt_detail::from_int16(v, SIMT_RN, F)) {} \
        H(long v) : __x(simt_detail::from_int16(v, SIMT_RN, F)) {} \
        H(unsigned long v) : __x(simt_detail::from_int16(v, SIMT_RN, F)) {} \
        H(long long v) : __x(simt_detail::from_int16(v, SIMT_RN, F)) {} \
        H(unsigned long long v) : __x(simt_detail::from_int16(v, SIMT_RN, F)) {} \
        H &operator=(const R &r) { __x = r.x; return *this; } \
        H &operator=(float f) { return *this = H(f); } \
        H &operator=(double f) { return *this = H(f); } \
        H &operator=(short v) { return *this = H(v); } \
        H &operator=(unsigned short v) { return *this = H(v); } \
        H &operator=(int v) { return *this = H(v); } \
        H &operator=(unsigned int v) { return *this = H(v); } \
        H &operator=(long long v) { return *this = H(v); } \
        H &operator=(unsigned long long v) { return *this = H(v); } \
        volatile H &operator=(const R &r) volatile { __x = r.x; return *this; } \
        operator R() const { R r; r.x = __x; return r; } \
        operator R() const volatile { R r; r.x = __x; return r; } \
        operator float() const { return (float)simt_detail::widen16(__x, F); } \
        template <class I> I toi_(double lo, double hi) const \
        { return simt_detail::to_int16<I>(simt_detail::widen16(__x, F), SIMT_RZ, lo, hi, (I)0); } \
        operator signed char() const { return toi_<signed char>(-128.0, 127.0); } \
        operator unsigned char() const { return toi_<unsigned char>(0.0, 255.0); } \
        operator char() const { return (char)toi_<signed char>(-128.0, 127.0); } \
        operator short() const { return toi_<short>(-32768.0, 32767.0); } \
        operator unsigned short() const { return toi_<unsigned short>(0.0, 65535.0); } \
        operator int() const { return toi_<int>(-2147483648.0, 2147483647.0); } \
        operator unsigned int() const { return toi_<unsigned int>(0.0, 4294967295.0); } \
        operator long() const { return (long)simt_detail::to_int16<long long>(simt_detail::widen16(__x, F), SIMT_RZ, -9223372036854775808.0, 9223372036854775807.0, (long long)0x8000000000000000ull); } \
        operator unsigned long() const { return (unsigned long)simt_detail::to_int16<unsigned long long>(simt_detail::widen16(__x, F), SIMT_RZ, 0.0, 18446744073709551615.0, 0x8000000000000000ull); } \
        operator long long() const { return simt_detail::to_int16<long long>(simt_detail::widen16(__x, F), SIMT_RZ, -9223372036854775808.0, 9223372036854775807.0, (long long)0x8000000000000000ull); } \
        operator unsigned long long() const { return simt_detail::to_int16<unsigned long long>(simt_detail::widen16(__x, F), SIMT_RZ, 0.0, 18446744073709551615.0, 0x8000000000000000ull); } \
        constexpr operator bool() const { return (__x & 0x7fffu) != 0; } \
    };

#define SIMT__H16_PAIR(H, H2, R2) \
    struct __align__(4) H2 { \
        H x, y; \
        H2() = default; \
        constexpr H2(const H &a, const H &b) : x(a), y(b) {} \
        H2(const R2 &r) { x.__x = r.x; y.__x = r.y; } \
        H2 &operator=(const R2 &r) { x.__x = r.x; y.__x = r.y; return *this; } \
        operator R2() const { R2 r; r.x = x.__x; r.y = y.__x; return r; } \
    };

/* Arithmetic, comparisons, math and operators shared by both types. */
#define SIMT__H16_FUNCS(H, H2, F) \
    namespace simt_detail { \
    static inline H mk(unsigned short b, H *) { H h; h.__x = b; return h; } \
    static inline double w(H h) { return widen16(h.__x, F); } \
    } \
    static inline H __hadd(H a, H b) { return simt_detail::mk(simt_detail::sum16(simt_detail::w(a), simt_detail::w(b), SIMT_RN, F), (H *)0); } \
    static inline H __hsub(H a, H b) { return simt_detail::mk(simt_detail::sum16(simt_detail::w(a), -simt_detail::w(b), SIMT_RN, F), (H *)0); } \
    static inline H __hmul(H a, H b) { return simt_detail::mk(simt_detail::fma16(simt_detail::w(a), simt_detail::w(b), -0.0, SIMT_RN, F), (H *)0); } \
    static inline H __hfma(H a, H b, H c) { return simt_detail::mk(simt_detail::fma16(simt_detail::w(a), simt_detail::w(b), simt_detail::w(c), SIMT_RN, F), (H *)0); } \
    static inline H __hadd_rn(H a, H b) { return __hadd(a, b); } \
    static inline H __hsub_rn(H a, H b) { return __hsub(a, b); } \
    static inline H __hmul_rn(H a, H b) { return __hmul(a, b); } \
    static inline H __hdiv(H a, H b) { return simt_detail::mk(simt_detail::round16(simt_detail::w(a) / simt_detail::w(b), SIMT_RN, F), (H *)0); } \
    static inline H __hadd_sat(H a, H b) { return simt_detail::mk(simt_detail::sat16(__hadd(a, b).__x, F), (H *)0); } \
    static inline H __hsub_sat(H a, H b) { return simt_detail::mk(simt_detail::sat16(__hsub(a, b).__x, F), (H *)0); } \
    static inline H __hmul_sat(H a, H b) { return simt_detail::mk(simt_detail::sat16(__hmul(a, b).__x, F), (H *)0); } \
    static inline H __hfma_sat(H a, H b, H c) { return simt_detail::mk(simt_detail::sat16(__hfma(a, b, c).__x, F), (H *)0); } \
    static inline H __hfma_relu(H a, H b, H c) \
    { H r = __hfma(a, b, c); if (simt_detail::isnan16(r.__x, F)) return r; return (r.__x & 0x8000u) ? simt_detail::mk(0, (H *)0) : r; } \
    static inline H __hneg(H a) { return simt_detail::mk(simt_detail::isnan16(a.__x, F) ? 0x7fff : simt_detail::neg16(a.__x), (H *)0); } \
    static inline H __habs(H a) { return simt_detail::mk(simt_detail::isnan16(a.__x, F) ? 0x7fff : a.__x & 0x7fffu, (H *)0); } \
    static inline H __hmax(H a, H b) { return simt_detail::mk(simt_detail::max16(a.__x, b.__x, F, false), (H *)0); } \
    static inline H __hmin(H a, H b) { return simt_detail::mk(simt_detail::min16(a.__x, b.__x, F, false), (H *)0); } \
    static inline H __hmax_nan(H a, H b) { return simt_detail::mk(simt_detail::max16(a.__x, b.__x, F, true), (H *)0); } \
    static inline H __hmin_nan(H a, H b) { return simt_detail::mk(simt_detail::min16(a.__x, b.__x, F, true), (H *)0); } \
    static inline bool __heq(H a, H b) { return simt_detail::w(a) == simt_detail::w(b); } \
    static inline bool __hne(H a, H b) { double x = simt_detail::w(a), y = simt_detail::w(b); return x < y || x > y; } \
    static inline bool __hlt(H a, H b) { return simt_detail::w(a) < simt_detail::w(b); } \
    static inline bool __hle(H a, H b) { return simt_detail::w(a) <= simt_detail::w(b); } \
    static inline bool __hgt(H a, H b) { return simt_detail::w(a) > simt_detail::w(b); } \
    static inline bool __hge(H a, H b) { return simt_detail::w(a) >= simt_detail::w(b); } \
    static inline bool __hequ(H a, H b) { return !__hne(a, b); } \
    static inline bool __hneu(H a, H b) { return !__heq(a, b); } \
    static inline bool __hltu(H a, H b) { return !__hge(a, b); } \
    static inline bool __hleu(H a, H b) { return !__hgt(a, b); } \
    static inline bool __hgtu(H a, H b) { return !__hle(a, b); } \
    static inline bool __hgeu(H a, H b) { return !__hlt(a, b); } \
    static inline bool __hisnan(H a) { return simt_detail::isnan16(a.__x, F); } \
    static inline int __hisinf(H a) { double v = simt_detail::w(a); return v == INFINITY ? 1 : v == -INFINITY ? -1 : 0; } \
    namespace simt_detail { \
    static inline H m1(H a, double (*fn)(double)) { return mk(round16(fn(w(a)), SIMT_RN, F), (H *)0); } \
    } \
    static inline H hsqrt(H a) { return simt_detail::m1(a, ::sqrt); } \
    static inline H hrsqrt(H a) { return simt_detail::m1(a, simt_detail::rsqrt_); } \
    static inline H hrcp(H a) { return simt_detail::m1(a, simt_detail::rcp_); } \
    static inline H hexp(H a) { return simt_detail::m1(a, ::exp); } \
    static inline H hexp2(H a) { return simt_detail::m1(a, ::exp2); } \
    static inline H hexp10(H a) { return simt_detail::m1(a, simt_detail::exp10_); } \
    static inline H hlog(H a) { return simt_detail::m1(a, ::log); } \
    static inline H hlog2(H a) { return simt_detail::m1(a, ::log2); } \
    static inline H hlog10(H a) { return simt_detail::m1(a, ::log10); } \
    static inline H hsin(H a) { return simt_detail::m1(a, ::sin); } \
    static inline H hcos(H a) { return simt_detail::m1(a, ::cos); } \
    static inline H htanh(H a) { return simt_detail::m1(a, ::tanh); } \
    static inline H htanh_approx(H a) { return htanh(a); } \
    static inline H hceil(H a) { return simt_detail::m1(a, ::ceil); } \
    static inline H hfloor(H a) { return simt_detail::m1(a, ::floor); } \
    static inline H htrunc(H a) { return simt_detail::m1(a, ::trunc); } \
    static inline H hrint(H a) { return simt_detail::m1(a, ::nearbyint); } \
    /* pairs */ \
    static inline H2 __hadd2(H2 a, H2 b) { return H2(__hadd(a.x, b.x), __hadd(a.y, b.y)); } \
    static inline H2 __hsub2(H2 a, H2 b) { return H2(__hsub(a.x, b.x), __hsub(a.y, b.y)); } \
    static inline H2 __hmul2(H2 a, H2 b) { return H2(__hmul(a.x, b.x), __hmul(a.y, b.y)); } \
    static inline H2 __hadd2_rn(H2 a, H2 b) { return __hadd2(a, b); } \
    static inline H2 __hsub2_rn(H2 a, H2 b) { return __hsub2(a, b); } \
    static inline H2 __hmul2_rn(H2 a, H2 b) { return __hmul2(a, b); } \
    static inline H2 __h2div(H2 a, H2 b) { return H2(__hdiv(a.x, b.x), __hdiv(a.y, b.y)); } \
    static inline H2 __hfma2(H2 a, H2 b, H2 c) { return H2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)); } \
    static inline H2 __hadd2_sat(H2 a, H2 b) { return H2(__hadd_sat(a.x, b.x), __hadd_sat(a.y, b.y)); } \
    static inline H2 __hsub2_sat(H2 a, H2 b) { return H2(__hsub_sat(a.x, b.x), __hsub_sat(a.y, b.y)); } \
    static inline H2 __hmul2_sat(H2 a, H2 b) { return H2(__hmul_sat(a.x, b.x), __hmul_sat(a.y, b.y)); } \
    static inline H2 __hfma2_sat(H2 a, H2 b, H2 c) { return H2(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y)); } \
    static inline H2 __hfma2_relu(H2 a, H2 b, H2 c) { return H2(__hfma_relu(a.x, b.x, c.x), __hfma_relu(a.y, b.y, c.y)); } \
    static inline H2 __hneg2(H2 a) { return H2(__hneg(a.x), __hneg(a.y)); } \
    static inline H2 __habs2(H2 a) { return H2(__habs(a.x), __habs(a.y)); } \
    static inline H2 __hmax2(H2 a, H2 b) { return H2(__hmax(a.x, b.x), __hmax(a.y, b.y)); } \
    static inline H2 __hmin2(H2 a, H2 b) { return H2(__hmin(a.x, b.x), __hmin(a.y, b.y)); } \
    static inline H2 __hmax2_nan(H2 a, H2 b) { return H2(__hmax_nan(a.x, b.x), __hmax_nan(a.y, b.y)); } \
    static inline H2 __hmin2_nan(H2 a, H2 b) { return H2(__hmin_nan(a.x, b.x), __hmin_nan(a.y, b.y)); } \
    static inline H2 __hcmadd(H2 a, H2 b, H2 c) \
    { /* (a.x + i a.y)(b.x + i b.y) + c, each part two roundings as fma.rn.f16x2 twice */ \
      H re = __hfma(a.x, b.x, c.x), im = __hfma(a.x, b.y, c.y); \
      return H2(__hfma(__hneg(a.y), b.y, re), __hfma(a.y, b.x, im)); } \
    namespace simt_detail { \
    static inline H one(H *) { return mk(round16(1.0, SIMT_RN, F), (H *)0); } \
    static inline H zero(H *) { return mk(0, (H *)0); } \
    static inline H flag(bool b, H *) { return b ? one((H *)0) : zero((H *)0); } \
    } \
    static inline H2 __heq2(H2 a, H2 b) { return H2(simt_detail::flag(__heq(a.x, b.x), (H *)0), simt_detail::flag(__heq(a.y, b.y), (H *)0)); } \
    static inline H2 __hne2(H2 a, H2 b) { return H2(simt_detail::flag(__hne(a.x, b.x), (H *)0), simt_detail::flag(__hne(a.y, b.y), (H *)0)); } \
    static inline H2 __hlt2(H2 a, H2 b) { return H2(simt_detail::flag(__hlt(a.x, b.x), (H *)0), simt_detail::flag(__hlt(a.y, b.y), (H *)0)); } \
    static inline H2 __hle2(H2 a, H2 b) { return H2(simt_detail::flag(__hle(a.x, b.x), (H *)0), simt_detail::flag(__hle(a.y, b.y), (H *)0)); } \
    static inline H2 __hgt2(H2 a, H2 b) { return H2(simt_detail::flag(__hgt(a.x, b.x), (H *)0), simt_detail::flag(__hgt(a.y, b.y), (H *)0)); } \
    static inline H2 __hge2(H2 a, H2 b) { return H2(simt_detail::flag(__hge(a.x, b.x), (H *)0), simt_detail::flag(__hge(a.y, b.y), (H *)0)); } \
    static inline H2 __hequ2(H2 a, H2 b) { return H2(simt_detail::flag(__hequ(a.x, b.x), (H *)0), simt_detail::flag(__hequ(a.y, b.y), (H *)0)); } \
    static inline H2 __hneu2(H2 a, H2 b) { return H2(simt_detail::flag(__hneu(a.x, b.x), (H *)0), simt_detail::flag(__hneu(a.y, b.y), (H *)0)); } \
    static inline H2 __hltu2(H2 a, H2 b) { return H2(simt_detail::flag(__hltu(a.x, b.x), (H *)0), simt_detail::flag(__hltu(a.y, b.y), (H *)0)); } \
    static inline H2 __hleu2(H2 a, H2 b) { return H2(simt_detail::flag(__hleu(a.x, b.x), (H *)0), simt_detail::flag(__hleu(a.y, b.y), (H *)0)); } \
    static inline H2 __hgtu2(H2 a, H2 b) { return H2(simt_detail::flag(__hgtu(a.x, b.x), (H *)0), simt_detail::flag(__hgtu(a.y, b.y), (H *)0)); } \
    static inline H2 __hgeu2(H2 a, H2 b) { return H2(simt_detail::flag(__hgeu(a.x, b.x), (H *)0), simt_detail::flag(__hgeu(a.y, b.y), (H *)0)); } \
    static inline H2 __hisnan2(H2 a) { return H2(simt_detail::flag(__hisnan(a.x), (H *)0), simt_detail::flag(__hisnan(a.y), (H *)0)); } \
    static inline unsigned int simt__mask2(bool lo, bool hi, H2 *) { return (lo ? 0xffffu : 0u) | (hi ? 0xffff0000u : 0u); } \
    static inline unsigned int __heq2_mask(H2 a, H2 b) { return simt__mask2(__heq(a.x, b.x), __heq(a.y, b.y), (H2 *)0); } \
    static inline unsigned int __hne2_mask(H2 a, H2 b) { return simt__mask2(__hne(a.x, b.x), __hne(a.y, b.y), (H2 *)0); } \
    static inline unsigned int __hlt2_mask(H2 a, H2 b) { return simt__mask2(__hlt(a.x, b.x), __hlt(a.y, b.y), (H2 *)0); } \
    static inline unsigned int __hle2_mask(H2 a, H2 b) { return simt__mask2(__hle(a.x, b.x), __hle(a.y, b.y), (H2 *)0); } \
    static inline unsigned int __hgt2_mask(H2 a, H2 b) { return simt__mask2(__hgt(a.x, b.x), __hgt(a.y, b.y), (H2 *)0); } \
    static inline unsigned int __hge2_mask(H2 a, H2 b) { return simt__mask2(__hge(a.x, b.x), __hge(a.y, b.y), (H2 *)0); } \
    static inline unsigned int __hequ2_mask(H2 a, H2 b) { return simt__mask2(__hequ(a.x, b.x), __hequ(a.y, b.y), (H2 *)0); } \
    static inline unsigned int __hneu2_mask(H2 a, H2 b) { return simt__mask2(__hneu(a.x, b.x), __hneu(a.y, b.y), (H2 *)0); } \
    static inline unsigned int __hltu2_mask(H2 a, H2 b) { return simt__mask2(__hltu(a.x, b.x), __hltu(a.y, b.y), (H2 *)0); } \
    static inline unsigned int __hleu2_mask(H2 a, H2 b) { return simt__mask2(__hleu(a.x, b.x), __hleu(a.y, b.y), (H2 *)0); } \
    static inline unsigned int __hgtu2_mask(H2 a, H2 b) { return simt__mask2(__hgtu(a.x, b.x), __hgtu(a.y, b.y), (H2 *)0); } \
    static inline unsigned int __hgeu2_mask(H2 a, H2 b) { return simt__mask2(__hgeu(a.x, b.x), __hgeu(a.y, b.y), (H2 *)0); } \
    static inline bool __hbeq2(H2 a, H2 b) { return __heq(a.x, b.x) && __heq(a.y, b.y); } \
    static inline bool __hbne2(H2 a, H2 b) { return __hne(a.x, b.x) && __hne(a.y, b.y); } \
    static inline bool __hblt2(H2 a, H2 b) { return __hlt(a.x, b.x) && __hlt(a.y, b.y); } \
    static inline bool __hble2(H2 a, H2 b) { return __hle(a.x, b.x) && __hle(a.y, b.y); } \
    static inline bool __hbgt2(H2 a, H2 b) { return __hgt(a.x, b.x) && __hgt(a.y, b.y); } \
    static inline bool __hbge2(H2 a, H2 b) { return __hge(a.x, b.x) && __hge(a.y, b.y); } \
    static inline bool __hbequ2(H2 a, H2 b) { return __hequ(a.x, b.x) && __hequ(a.y, b.y); } \
    static inline bool __hbneu2(H2 a, H2 b) { return __hneu(a.x, b.x) && __hneu(a.y, b.y); } \
    static inline bool __hbltu2(H2 a, H2 b) { return __hltu(a.x, b.x) && __hltu(a.y, b.y); } \
    static inline bool __hbleu2(H2 a, H2 b) { return __hleu(a.x, b.x) && __hleu(a.y, b.y); } \
    static inline bool __hbgtu2(H2 a, H2 b) { return __hgtu(a.x, b.x) && __hgtu(a.y, b.y); } \
    static inline bool __hbgeu2(H2 a, H2 b) { return __hgeu(a.x, b.x) && __hgeu(a.y, b.y); } \
    static inline H2 h2sqrt(H2 a) { return H2(hsqrt(a.x), hsqrt(a.y)); } \
    static inline H2 h2rsqrt(H2 a) { return H2(hrsqrt(a.x), hrsqrt(a.y)); } \
    static inline H2 h2rcp(H2 a) { return H2(hrcp(a.x), hrcp(a.y)); } \
    static inline H2 h2exp(H2 a) { return H2(hexp(a.x), hexp(a.y)); } \
    static inline H2 h2exp2(H2 a) { return H2(hexp2(a.x), hexp2(a.y)); } \
    static inline H2 h2exp10(H2 a) { return H2(hexp10(a.x), hexp10(a.y)); } \
    static inline H2 h2log(H2 a) { return H2(hlog(a.x), hlog(a.y)); } \
    static inline H2 h2log2(H2 a) { return H2(hlog2(a.x), hlog2(a.y)); } \
    static inline H2 h2log10(H2 a) { return H2(hlog10(a.x), hlog10(a.y)); } \
    static inline H2 h2sin(H2 a) { return H2(hsin(a.x), hsin(a.y)); } \
    static inline H2 h2cos(H2 a) { return H2(hcos(a.x), hcos(a.y)); } \
    static inline H2 h2tanh(H2 a) { return H2(htanh(a.x), htanh(a.y)); } \
    static inline H2 h2tanh_approx(H2 a) { return H2(htanh(a.x), htanh(a.y)); } \
    static inline H2 h2ceil(H2 a) { return H2(hceil(a.x), hceil(a.y)); } \
    static inline H2 h2floor(H2 a) { return H2(hfloor(a.x), hfloor(a.y)); } \
    static inline H2 h2trunc(H2 a) { return H2(htrunc(a.x), htrunc(a.y)); } \
    static inline H2 h2rint(H2 a) { return H2(hrint(a.x), hrint(a.y)); } \
    /* C++ operators (CUDA's cuda_fp16.hpp / cuda_bf16.hpp) */ \
    static inline H operator+(const H &a, const H &b) { return __hadd(a, b); } \
    static inline H operator-(const H &a, const H &b) { return __hsub(a, b); } \
    static inline H operator*(const H &a, const H &b) { return __hmul(a, b); } \
    static inline H operator/(const H &a, const H &b) { return __hdiv(a, b); } \
    static inline H &operator+=(H &a, const H &b) { return a = __hadd(a, b); } \
    static inline H &operator-=(H &a, const H &b) { return a = __hsub(a, b); } \
    static inline H &operator*=(H &a, const H &b) { return a = __hmul(a, b); } \
    static inline H &operator/=(H &a, const H &b) { return a = __hdiv(a, b); } \
    static inline H &operator++(H &a) { return a = __hadd(a, simt_detail::one((H *)0)); } \
    static inline H &operator--(H &a) { return a = __hsub(a, simt_detail::one((H *)0)); } \
    static inline H operator++(H &a, int) { H r = a; ++a; return r; } \
    static inline H operator--(H &a, int) { H r = a; --a; return r; } \
    static inline H operator+(const H &a) { return a; } \
    static inline H operator-(const H &a) { return __hneg(a); } \
    static inline bool operator==(const H &a, const H &b) { return __heq(a, b); } \
    static inline bool operator!=(const H &a, const H &b) { return __hneu(a, b); } \
    static inline bool operator>(const H &a, const H &b) { return __hgt(a, b); } \
    static inline bool operator<(const H &a, const H &b) { return __hlt(a, b); } \
    static inline bool operator>=(const H &a, const H &b) { return __hge(a, b); } \
    static inline bool operator<=(const H &a, const H &b) { return __hle(a, b); } \
    static inline H2 operator+(const H2 &a, const H2 &b) { return __hadd2(a, b); } \
    static inline H2 operator-(const H2 &a, const H2 &b) { return __hsub2(a, b); } \
    static inline H2 operator*(const H2 &a, const H2 &b) { return __hmul2(a, b); } \
    static inline H2 operator/(const H2 &a, const H2 &b) { return __h2div(a, b); } \
    static inline H2 &operator+=(H2 &a, const H2 &b) { return a = __hadd2(a, b); } \
    static inline H2 &operator-=(H2 &a, const H2 &b) { return a = __hsub2(a, b); } \
    static inline H2 &operator*=(H2 &a, const H2 &b) { return a = __hmul2(a, b); } \
    static inline H2 &operator/=(H2 &a, const H2 &b) { return a = __h2div(a, b); } \
    static inline H2 &operator++(H2 &a) { H o = simt_detail::one((H *)0); return a = __hadd2(a, H2(o, o)); } \
    static inline H2 &operator--(H2 &a) { H o = simt_detail::one((H *)0); return a = __hsub2(a, H2(o, o)); } \
    static inline H2 operator++(H2 &a, int) { H2 r = a; ++a; return r; } \
    static inline H2 operator--(H2 &a, int) { H2 r = a; --a; return r; } \
    static inline H2 operator+(const H2 &a) { return a; } \
    static inline H2 operator-(const H2 &a) { return __hneg2(a); } \
    static inline bool operator==(const H2 &a, const H2 &b) { return __hbeq2(a, b); } \
    static inline bool operator!=(const H2 &a, const H2 &b) { return __hbneu2(a, b); } \
    static inline bool operator>(const H2 &a, const H2 &b) { return __hbgt2(a, b); } \
    static inline bool operator<(const H2 &a, const H2 &b) { return __hblt2(a, b); } \
    static inline bool operator>=(const H2 &a, const H2 &b) { return __hbge2(a, b); } \
    static inline bool operator<=(const H2 &a, const H2 &b) { return __hble2(a, b); } \
    /* atomics: a 16-bit element updated by a CAS on its aligned 32-bit word */ \
    namespace simt_detail { \
    template <class Op> static inline H atomic16(H *addr, Op op) \
    { \
        unsigned int *word = (unsigned int *)((uintptr_t)addr & ~(uintptr_t)3); \
        int sh = ((uintptr_t)addr & 2) ? 16 : 0; \
        unsigned int old = __atomic_load_n(word, __ATOMIC_RELAXED), nw; \
        H cur; \
        do { \
            cur.__x = (unsigned short)(old >> sh); \
            H next = op(cur); \
            nw = (old & ~(0xffffu << sh)) | ((unsigned int)next.__x << sh); \
        } while (!__atomic_compare_exchange_n(word, &old, nw, true, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)); \
        return cur; \
    } \
    template <class Op> static inline H2 atomic32(H2 *addr, Op op) \
    { \
        unsigned int *word = (unsigned int *)addr; \
        unsigned int old = __atomic_load_n(word, __ATOMIC_RELAXED), nw; \
        H2 cur; \
        do { \
            memcpy(&cur, &old, 4); \
            H2 next = op(cur); \
            memcpy(&nw, &next, 4); \
        } while (!__atomic_compare_exchange_n(word, &old, nw, true, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)); \
        return cur; \
    } \
    } \
    static inline H atomicAdd(H *a, H v) { return simt_detail::atomic16(a, [v](H x) { return __hadd(x, v); }); } \
    static inline H2 atomicAdd(H2 *a, H2 v) { return simt_detail::atomic32(a, [v](H2 x) { return __hadd2(x, v); }); } \
    static inline H atomicAdd_block(H *a, H v) { return atomicAdd(a, v); } \
    static inline H atomicAdd_system(H *a, H v) { return atomicAdd(a, v); } \
    static inline H2 atomicAdd_block(H2 *a, H2 v) { return atomicAdd(a, v); } \
    static inline H2 atomicAdd_system(H2 *a, H2 v) { return atomicAdd(a, v); } \
    static inline H atomicMax(H *a, H v) { return simt_detail::atomic16(a, [v](H x) { return __hmax(x, v); }); } \
    static inline H atomicMin(H *a, H v) { return simt_detail::atomic16(a, [v](H x) { return __hmin(x, v); }); } \
    static inline H atomicCAS(H *a, H cmp, H v) \
    { return simt_detail::atomic16(a, [cmp, v](H x) { return x.__x == cmp.__x ? v : x; }); } \
    static inline H atomicExch(H *a, H v) { return simt_detail::atomic16(a, [v](H) { return v; }); }

SIMT__H16_STRUCT(__half, __half_raw, simt_detail::fmt_half)
SIMT__H16_PAIR(__half, __half2, __half2_raw)
SIMT__H16_FUNCS(__half, __half2, simt_detail::fmt_half)
#ifndef CUDA_NO_HALF
/* The short names, as cuda_fp16.h gives them unless CUDA_NO_HALF. */
typedef __half half;
typedef __half2 half2;
#endif

/* ---- conversions and data movement (half-specific names) ------------------ */
#define SIMT__HF simt_detail::fmt_half
static inline __half simt__mkh(unsigned short b) { __half h; h.__x = b; return h; }
static inline __half __float2half(float f) { return simt__mkh(simt_detail::round16(f, SIMT_RN, SIMT__HF)); }
static inline __half __float2half_rn(float f) { return __float2half(f); }
static inline __half __float2half_rz(float f) { return simt__mkh(simt_detail::round16(f, SIMT_RZ, SIMT__HF)); }
static inline __half __float2half_ru(float f) { return simt__mkh(simt_detail::round16(f, SIMT_RU, SIMT__HF)); }
static inline __half __float2half_rd(float f) { return simt__mkh(simt_detail::round16(f, SIMT_RD, SIMT__HF)); }
/* cvt.rn.f16.f64 keeps a NaN's sign and leading payload bits. */
static inline __half __double2half(double d) { return simt__mkh(simt_detail::round16(d, SIMT_RN, SIMT__HF, 0, true)); }
static inline float __half2float(__half h) { return simt_detail::cnan((float)simt_detail::widen16(h.__x, SIMT__HF)); }
static inline float __low2float(__half2 h) { return __half2float(h.x); }
static inline float __high2float(__half2 h) { return __half2float(h.y); }
static inline __half2 __float2half2_rn(float f) { return __half2(__float2half(f), __float2half(f)); }
static inline __half2 __floats2half2_rn(float a, float b) { return __half2(__float2half(a), __float2half(b)); }
static inline __half2 __float22half2_rn(float2 f) { return __floats2half2_rn(f.x, f.y); }
static inline float2 __half22float2(__half2 h) { float2 r; r.x = __half2float(h.x); r.y = __half2float(h.y); return r; }
static inline __half __low2half(__half2 h) { return h.x; }
static inline __half __high2half(__half2 h) { return h.y; }
static inline __half2 __halves2half2(__half a, __half b) { return __half2(a, b); }
static inline __half2 __half2half2(__half a) { return __half2(a, a); }
static inline __half2 __low2half2(__half2 h) { return __half2(h.x, h.x); }
static inline __half2 __high2half2(__half2 h) { return __half2(h.y, h.y); }
static inline __half2 __lows2half2(__half2 a, __half2 b) { return __half2(a.x, b.x); }
static inline __half2 __highs2half2(__half2 a, __half2 b) { return __half2(a.y, b.y); }
static inline __half2 __lowhigh2highlow(__half2 h) { return __half2(h.y, h.x); }
static inline __half2 make_half2(__half a, __half b) { return __half2(a, b); }
static inline short __half_as_short(__half h) { return (short)h.__x; }
static inline unsigned short __half_as_ushort(__half h) { return h.__x; }
static inline __half __short_as_half(short s) { return simt__mkh((unsigned short)s); }
static inline __half __ushort_as_half(unsigned short s) { return simt__mkh(s); }

#define SIMT__H2I(T, name, lo, hi, nanv) \
    static inline T name##_rn(__half h) { return simt_detail::to_int16<T>(simt_detail::widen16(h.__x, SIMT__HF), SIMT_RN, lo, hi, nanv); } \
    static inline T name##_rz(__half h) { return simt_detail::to_int16<T>(simt_detail::widen16(h.__x, SIMT__HF), SIMT_RZ, lo, hi, nanv); } \
    static inline T name##_ru(__half h) { return simt_detail::to_int16<T>(simt_detail::widen16(h.__x, SIMT__HF), SIMT_RU, lo, hi, nanv); } \
    static inline T name##_rd(__half h) { return simt_detail::to_int16<T>(simt_detail::widen16(h.__x, SIMT__HF), SIMT_RD, lo, hi, nanv); }
SIMT__H2I(int, __half2int, -2147483648.0, 2147483647.0, 0)
SIMT__H2I(unsigned int, __half2uint, 0.0, 4294967295.0, 0u)
SIMT__H2I(short, __half2short, -32768.0, 32767.0, (short)0)
SIMT__H2I(unsigned short, __half2ushort, 0.0, 65535.0, (unsigned short)0)
SIMT__H2I(long long, __half2ll, -9223372036854775808.0, 9223372036854775807.0, (long long)0x8000000000000000ull)
SIMT__H2I(unsigned long long, __half2ull, 0.0, 18446744073709551615.0, 0x8000000000000000ull)
#undef SIMT__H2I
static inline signed char __half2char_rz(__half h) { return (signed char)h; }
static inline unsigned char __half2uchar_rz(__half h) { return (unsigned char)h; }
#define SIMT__I2H(T, name) \
    static inline __half name##_rn(T v) { return simt__mkh(simt_detail::from_int16((long double)v, SIMT_RN, SIMT__HF)); } \
    static inline __half name##_rz(T v) { return simt__mkh(simt_detail::from_int16((long double)v, SIMT_RZ, SIMT__HF)); } \
    static inline __half name##_ru(T v) { return simt__mkh(simt_detail::from_int16((long double)v, SIMT_RU, SIMT__HF)); } \
    static inline __half name##_rd(T v) { return simt__mkh(simt_detail::from_int16((long double)v, SIMT_RD, SIMT__HF)); }
SIMT__I2H(int, __int2half)
SIMT__I2H(unsigned int, __uint2half)
SIMT__I2H(short, __short2half)
SIMT__I2H(unsigned short, __ushort2half)
SIMT__I2H(long long, __ll2half)
SIMT__I2H(unsigned long long, __ull2half)
#undef SIMT__I2H
#undef SIMT__HF

#endif /* SIMT_CUDA_FP16_HPP */
