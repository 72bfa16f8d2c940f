/*
 * simt/ptx/fp.hpp: inline PTX's floating-point instructions and cvt (see
 * simt/ptx/asm.hpp).
 *
 * Results are the GPU's: a NaN result is the canonical NaN; .rn/.rz/.rm/
 * .rp arithmetic is correctly rounded in that mode (the core's fenv-based
 * helpers); .ftz flushes subnormal inputs and results to a zero of the
 * same sign; .sat clamps to [0, 1] with NaN giving +0; float-to-integer
 * conversions saturate.  The .approx instructions are the special function
 * unit, modelled as simt/lang/math.hpp models it for the intrinsics that use it
 * (__sinf, __expf, ...).  Conversions to .f16 and .bf16 round once, from
 * the exact value.
 */
#ifndef SIMT_PTX_FP_HPP
#define SIMT_PTX_FP_HPP
#pragma GCC system_header

#include <limits>

#include "../lang/intrinsics.hpp"
#include "../lang/math.hpp"

namespace simt_ptx {

static inline float canon(float r) { return simt__fnan(r); }
static inline double canon(double r) { return simt__dnan(r); }
template <class T> static inline T flush_if(T x, int ftz) { return ftz ? flush(x) : x; }
template <class T> static inline T sat01(T r)
{
    return r != r ? (T)0 : r <= 0 ? (T)0 : r > 1 ? (T)1 : r;
}
/* What every arithmetic result goes through: canonical NaN, .ftz, .sat. */
template <class T, int FTZ, int SAT> static inline T result(T r)
{
    r = canon(r);
    if (FTZ)
        r = flush(r);
    return SAT ? sat01(r) : r;
}

/* M: 0 .rn, 1 .rz, 2 .rp, 3 .rm (SIMT_RN, SIMT_RZ, SIMT_RU, SIMT_RD). */
static inline float add_m(float a, float b, int m) { return m ? simt_fadd_r(a, b, m) : a + b; }
static inline double add_m(double a, double b, int m) { return m ? simt_dadd_r(a, b, m) : a + b; }
static inline float mul_m(float a, float b, int m) { return m ? simt_fmul_r(a, b, m) : a * b; }
static inline double mul_m(double a, double b, int m) { return m ? simt_dmul_r(a, b, m) : a * b; }
static inline float fma_m(float a, float b, float c, int m)
{
    return m ? simt_fma_r(a, b, c, m) : __builtin_fmaf(a, b, c);
}
static inline double fma_m(double a, double b, double c, int m)
{
    return m ? simt_dfma_r(a, b, c, m) : __builtin_fma(a, b, c);
}
static inline float div_m(float a, float b, int m) { return m ? simt_fdiv_r(a, b, m) : a / b; }
static inline double div_m(double a, double b, int m) { return m ? simt_ddiv_r(a, b, m) : a / b; }
static inline float sqrt_m(float a, int m) { return m ? simt_fsqrt_r(a, m) : __builtin_sqrtf(a); }
static inline double sqrt_m(double a, int m) { return m ? simt_dsqrt_r(a, m) : __builtin_sqrt(a); }

/* A NaN operand of an .f64 instruction comes out as it went in, quieted
 * (the first one when several are, but the second of add and min/max);
 * .f32 instructions give the canonical NaN (measured on an H100).
 * Returns whether *r was set. */
static inline bool nan_in(float *, float, float = 0, float = 0) { return false; }
static inline double quiet(double x) { return bits_as<double>(bits_as<u64>(x) | 0x0008000000000000ull); }
static inline bool nan_in(double *r, double a, double b = 0, double c = 0)
{
    if (a != a || b != b || c != c) {
        *r = quiet(a != a ? a : b != b ? b : c);
        return true;
    }
    return false;
}

template <class T, int M, int FTZ, int SAT> static inline T fadd(T a, T b)
{
    T r;
    if (nan_in(&r, b, a))
        return r;
    return result<T, FTZ, SAT>(add_m(flush_if(a, FTZ), flush_if(b, FTZ), M));
}
template <class T, int M, int FTZ, int SAT> static inline T fsub(T a, T b)
{
    T r;
    if (nan_in(&r, a, b))
        return r;
    return result<T, FTZ, SAT>(add_m(flush_if(a, FTZ), -flush_if(b, FTZ), M));
}
template <class T, int M, int FTZ, int SAT> static inline T fmul(T a, T b)
{
    T r;
    if (nan_in(&r, a, b))
        return r;
    return result<T, FTZ, SAT>(mul_m(flush_if(a, FTZ), flush_if(b, FTZ), M));
}
template <class T, int M, int FTZ, int SAT> static inline T ffma(T a, T b, T c)
{
    T r;
    if (nan_in(&r, a, b, c))
        return r;
    return result<T, FTZ, SAT>(fma_m(flush_if(a, FTZ), flush_if(b, FTZ), flush_if(c, FTZ), M));
}
template <class T, int M, int FTZ> static inline T fdiv(T a, T b)
{
    T r;
    if (nan_in(&r, a, b))
        return r;
    return result<T, FTZ, 0>(div_m(flush_if(a, FTZ), flush_if(b, FTZ), M));
}
template <class T, int M, int FTZ> static inline T frcp(T a)
{
    T r;
    if (nan_in(&r, a))
        return r;
    return result<T, FTZ, 0>(div_m((T)1, flush_if(a, FTZ), M));
}
template <class T, int M, int FTZ> static inline T fsqrt(T a)
{
    T r;
    if (nan_in(&r, a))
        return r;
    return result<T, FTZ, 0>(sqrt_m(flush_if(a, FTZ), M));
}
/* div.full.f32: a full-range division within 2 ulp; modelled by the
 * correctly rounded quotient. */
template <int FTZ> static inline float div_full(float a, float b)
{
    return result<float, FTZ, 0>(flush_if(a, FTZ) / flush_if(b, FTZ));
}
template <int FTZ> static inline float div_approx(float a, float b)
{
    return result<float, FTZ, 0>(simt_detail::div_approx(flush_if(a, FTZ), flush_if(b, FTZ)));
}
template <int FTZ> static inline float rcp_approx(float a)
{
    return FTZ ? simt_detail::rcp_ftz(a) : canon((float)(1.0 / (double)a));
}
template <int FTZ> static inline float sqrt_approx(float a)
{
    return result<float, FTZ, 0>(__builtin_sqrtf(flush_if(a, FTZ)));
}
template <int FTZ> static inline float rsqrt_approx(float a)
{
    return result<float, FTZ, 0>(simt_detail::rsqrt(flush_if(a, FTZ)));
}
template <int FTZ> static inline float sin_approx(float a)
{
    return result<float, FTZ, 0>(simt_detail::sin_approx(flush_if(a, FTZ)));
}
template <int FTZ> static inline float cos_approx(float a)
{
    return result<float, FTZ, 0>(simt_detail::cos_approx(flush_if(a, FTZ)));
}
/* lg2.approx of a power of two below 1 is its exponent less an ulp in
 * magnitude on an H100 (lg2(0.25) is -1.9999999); simt/lang/math.hpp's model
 * gives the rest. */
template <int FTZ> static inline float lg2_approx(float a)
{
    float x = flush_if(a, FTZ), r = FTZ ? simt_detail::lg2_ftz(a) : simt_detail::lg2(a);
    u32 u = bits_as<u32>(x);
    if (x > 0 && x < 1 && (u & 0x7fffff) == 0 && (u >> 23) != 0)
        return __builtin_nextafterf(r, 0.0f);
    return r;
}
template <int FTZ> static inline float ex2_approx(float a)
{
    return FTZ ? simt_detail::ex2_ftz(a) : simt_detail::ex2(a);
}

/* abs, neg: the sign bit; a NaN is the canonical one for .f32, itself,
 * quieted, for .f64 (measured on an H100). */
static inline float with_sign(float mag, float sgn) { return __builtin_copysignf(mag, sgn); }
static inline double with_sign(double mag, double sgn) { return __builtin_copysign(mag, sgn); }
static inline float nan_of(float) { return canon(0.0f / 0.0f); }
static inline double nan_of(double x) { return quiet(x); }
template <class T, int FTZ> static inline T fpabs(T a)
{
    return a != a ? nan_of(a) : with_sign(flush_if(a, FTZ), (T)1);
}
template <class T, int FTZ> static inline T fpneg(T a)
{
    return a != a ? nan_of(a) : -flush_if(a, FTZ);
}
/* min, max: a NaN operand gives the other one, two give the canonical
 * NaN (.NaN: any does); -0.0 is below +0.0. */
template <class T, int MAX, int FTZ, int NANP> static inline T minmax(T a, T b)
{
    a = flush_if(a, FTZ);
    b = flush_if(b, FTZ);
    bool na = a != a, nb = b != b;
    if (std::is_same<T, double>::value && na && nb)
        return nan_of(b);
    if ((na && nb) || (NANP && (na || nb)))
        return canon(a + b);
    if (na)
        return b;
    if (nb)
        return a;
    if (a == b)
        return __builtin_signbit(a) == (MAX != 0) ? b : a;
    return (a < b) != (MAX != 0) ? a : b;
}
template <class T, int FTZ, int NANP> static inline T fpmin(T a, T b)
{
    return minmax<T, 0, FTZ, NANP>(a, b);
}
template <class T, int FTZ, int NANP> static inline T fpmax(T a, T b)
{
    return minmax<T, 1, FTZ, NANP>(a, b);
}

/* testp: finite, infinite, number, notanumber, normal, subnormal.  A
 * zero is .normal on an H100: finite and not subnormal. */
template <class T, int OP> static inline bool testp(T a)
{
    switch (OP) {
    case 0: return __builtin_isfinite(a);
    case 1: return __builtin_isinf(a);
    case 2: return !__builtin_isnan(a);
    case 3: return __builtin_isnan(a);
    case 4: return __builtin_isfinite(a) && __builtin_fpclassify(0, 0, 0, 1, 0, a) != 1;
    default: return __builtin_fpclassify(0, 0, 0, 1, 0, a) == 1;
    }
}
/* copysign d, a, b: b's magnitude with a's sign. */
template <class T> static inline T fcopysign(T a, T b)
{
    return with_sign(b, a);
}

/* ---- conversions ------------------------------------------------------------------ */

template <class T> struct is_half : std::false_type {};
template <> struct is_half<f16> : std::true_type {};
template <> struct is_half<bf16> : std::true_type {};
template <class T> static constexpr bool is_float_v = std::is_floating_point<T>::value || is_half<T>::value;

/* The exact value of a floating-point operand. */
static inline double to_double(f16 h)
{
    u32 s = h.bits >> 15, e = (h.bits >> 10) & 31, m = h.bits & 1023;
    double v;
    if (e == 31) /* keeps a NaN's payload, as a widening conversion does */
        return (double)bits_as<float>((s << 31) | 0x7f800000u | (m << 13));
    if (e == 0)
        v = __builtin_ldexp((double)m, -24);
    else
        v = __builtin_ldexp((double)(1024 + m), (int)e - 25);
    return s ? -v : v;
}
static inline double to_double(bf16 h) { return (double)bits_as<float>((u32)h.bits << 16); }
static inline double to_double(float x) { return (double)x; }
static inline double to_double(double x) { return x; }

/* An integer as a double rounded to odd: exact below 2^53, and otherwise
 * close enough that rounding it to 24 bits or fewer rounds the integer
 * once. */
static inline double odd_double(unsigned long long u, bool neg)
{
    double d;
    if (u < (1ull << 53)) {
        d = (double)u;
    } else {
        int shift = 64 - __builtin_clzll(u) - 53;
        unsigned long long top = u >> shift;
        if (u & ((1ull << shift) - 1))
            top |= 1;
        d = __builtin_ldexp((double)top, shift);
    }
    return neg ? -d : d;
}

/* Rounds x to a binary format with P significand bits and E exponent
 * bits (f16: 11, 5; bf16: 8, 8) in mode M (0 rn, 1 rz, 2 rp, 3 rm, 4
 * rna); its bits.  NaN gives the format's canonical NaN. */
template <int P, int E> static inline u16 round_small(double x, int m, int relu, int satf)
{
    const int bias = (1 << (E - 1)) - 1, emin = 1 - bias;
    const u32 inf = (u32)((1 << E) - 1) << (P - 1), maxf = inf - 1;
    if (x != x)
        return (u16)(inf | (1u << (P - 2)) | ((1u << (P - 2)) - 1)); /* 0x7fff */
    if (relu && !(x > 0))
        x = 0;
    u32 s = __builtin_signbit(x) ? (1u << (P - 1 + E)) : 0;
    double a = __builtin_fabs(x);
    if (a == 0)
        return (u16)s;
    bool up_dir = s ? m == 3 : m == 2; /* rounding away from zero this sign's way */
    if (__builtin_isinf(a))
        return (u16)(s | (satf ? maxf : inf));
    int ex;
    __builtin_frexp(a, &ex);
    int e = ex - 1 < emin ? emin : ex - 1;
    double q = __builtin_ldexp(1.0, e - (P - 1)); /* the unit in the last place */
    double scaled = a / q, n = __builtin_floor(scaled), frac = scaled - n;
    bool inc = false;
    switch (m) {
    case 0: inc = frac > 0.5 || (frac == 0.5 && __builtin_fmod(n, 2.0) != 0); break;
    case 4: inc = frac >= 0.5; break;
    case 1: break;
    default: inc = frac > 0 && up_dir; break;
    }
    unsigned long long mant = (unsigned long long)n + inc;
    /* Below the normal range the field is the mantissa itself; above it,
     * the exponent field plus the mantissa, a carry moving the exponent. */
    unsigned long long bits = e == emin && mant < (1ull << (P - 1))
                                  ? mant
                                  : ((unsigned long long)(e + bias) << (P - 1)) + mant -
                                        (1ull << (P - 1));
    if (bits >= inf) {
        bool to_inf = !satf && (m == 0 || m == 4 || up_dir);
        return (u16)(s | (to_inf ? inf : maxf));
    }
    return (u16)(s | bits);
}

template <class H> static inline H to_half(double x, int m, int relu, int satf)
{
    H h;
    if constexpr (std::is_same<H, f16>::value)
        h.bits = round_small<11, 5>(x, m, relu, satf);
    else
        h.bits = round_small<8, 8>(x, m, relu, satf);
    return h;
}

/* A NaN from .f64 to .f16 or .bf16 keeps its sign and leading payload
 * bits, quieted (measured on an H100); from .f32 it is the canonical
 * 0x7fff. */
template <class H> static inline H nan_from_f64(double x)
{
    u64 u = bits_as<u64>(x);
    H h;
    if constexpr (std::is_same<H, f16>::value)
        h.bits = (u16)(((u >> 48) & 0x8000) | 0x7e00 | ((u >> 42) & 0x3ff));
    else
        h.bits = (u16)(((u >> 48) & 0x8000) | 0x7fc0 | ((u >> 45) & 0x7f));
    return h;
}

/* Float to integer: rounded in mode M (integer rounding; none means
 * toward zero), saturated; NaN gives 0, or the sign-bit pattern for 64-bit
 * destinations and for every destination from .f64. */
template <class D, class S> static inline D float_to_int(double x, int m)
{
    if (x != x) {
        if (sizeof(D) == 8 || std::is_same<S, double>::value)
            return (D)(1ull << (sizeof(D) * 8 - 1));
        return 0;
    }
    switch (m) {
    case 0: x = __builtin_nearbyint(x); break;
    case 2: x = __builtin_ceil(x); break;
    case 3: x = __builtin_floor(x); break;
    default: x = __builtin_trunc(x); break;
    }
    const double lo = (double)std::numeric_limits<D>::min(), hi = (double)std::numeric_limits<D>::max();
    if (x <= lo)
        return std::numeric_limits<D>::min();
    if (x >= hi)
        return std::numeric_limits<D>::max();
    return (D)x;
}

static inline double round_integral(double x, int m)
{
    switch (m) {
    case 0: return __builtin_nearbyint(x);
    case 2: return __builtin_ceil(x);
    case 3: return __builtin_floor(x);
    default: return __builtin_trunc(x);
    }
}

/* cvt: MODE is the rounding (-1 none, 0 rn, 1 rz, 2 rp, 3 rm, 4 rna),
 * INTRND set when it is an integer rounding (.rni ...). */
template <class D, class S, int MODE, int INTRND, int FTZ, int SAT, int RELU, int SATF>
static inline D cvt(S a)
{
    const int m = MODE < 0 ? 0 : MODE;
    if constexpr (!is_float_v<D> && !is_float_v<S>) {
        /* integer to integer: truncated, or saturated to D's range */
        __int128 v = (__int128)a;
        if (SAT) {
            __int128 lo = (__int128)std::numeric_limits<D>::min(), hi = (__int128)std::numeric_limits<D>::max();
            v = v < lo ? lo : v > hi ? hi : v;
        }
        return (D)(uns<D>)(unsigned __int128)v;
    } else if constexpr (!is_float_v<D>) {
        S s = a;
        if constexpr (std::is_same<S, float>::value)
            s = flush_if(s, FTZ);
        return float_to_int<D, S>(to_double(s), MODE < 0 ? 1 : m);
    } else if constexpr (!is_float_v<S>) {
        /* integer to floating point */
        if constexpr (std::is_same<D, double>::value) {
            double r;
            if (sizeof(S) < 8 || m == 0)
                r = (double)a;
            else if (std::is_signed<S>::value)
                r = simt_ll2double_r((long long)a, m);
            else
                r = simt_ull2double_r((unsigned long long)a, m);
            return SAT ? sat01(r) : r;
        } else if constexpr (std::is_same<D, float>::value) {
            float r;
            if (m == 0)
                r = (float)a;
            else if (std::is_signed<S>::value || sizeof(S) < 8)
                r = simt_ll2float_r((long long)a, m);
            else
                r = simt_ull2float_r((unsigned long long)a, m);
            return SAT ? sat01(r) : r;
        } else {
            bool neg = std::is_signed<S>::value && a < 0;
            unsigned long long u = neg ? 0 - (unsigned long long)(long long)a : (unsigned long long)a;
            return to_half<D>(odd_double(u, neg), m, RELU, SATF);
        }
    } else {
        /* floating point to floating point.  NaNs, as an H100 converts
         * them: .f16 to .f32, .ftz and rounding .f32 to .f32 give the
         * canonical NaN; .f64 to .f32 and to .f16, rounding .f64 to an
         * integral value and widening keep the sign and payload, quieted. */
        S s = a;
        if constexpr (std::is_same<S, float>::value)
            s = flush_if(s, FTZ);
        double x = to_double(s);
        if (x != x) {
            if constexpr (is_half<D>::value && std::is_same<S, double>::value)
                return nan_from_f64<D>(x);
            if constexpr (std::is_same<D, float>::value && !std::is_same<S, double>::value)
                if (FTZ || INTRND || std::is_same<S, f16>::value)
                    return SAT ? 0.0f : canon(0.0f / 0.0f);
            if constexpr (std::is_same<D, double>::value && std::is_same<S, float>::value)
                if (FTZ)
                    return SAT ? 0.0 : (double)bits_as<float>(0x7fffffffu);
            if constexpr (std::is_same<D, double>::value)
                return SAT ? 0.0 : quiet(x);
        }
        if (INTRND && x == x)
            x = round_integral(x, m);
        if constexpr (is_half<D>::value) {
            return to_half<D>(x, MODE == 4 ? 4 : m, RELU, SATF);
        } else {
            D r;
            if constexpr (std::is_same<D, float>::value)
                r = m == 0 || x != x ? (float)x : simt_double2float_r(x, m);
            else
                r = x;
            if constexpr (std::is_same<D, float>::value)
                r = flush_if(r, FTZ);
            return SAT ? sat01(r) : r;
        }
    }
}

/* cvt.rn.f16x2.f32 d, a, b: a converted into the upper half. */
template <class H, int MODE, int RELU, int SATF> static inline u32 cvt_x2(float a, float b)
{
    return ((u32)to_half<H>(a, MODE, RELU, SATF).bits << 16) | to_half<H>(b, MODE, RELU, SATF).bits;
}

} /* namespace simt_ptx */

#endif /* SIMT_PTX_FP_HPP */
