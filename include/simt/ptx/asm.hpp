/*
 * simt/ptx/asm.hpp: what simtcc translates inline PTX into (src/driver/
 * ptx.h).  Each PTX instruction of an asm statement in device code becomes
 * a call of one of these functions, with the PTX ISA's meaning: integer
 * widths and signedness from the type suffix, .hi/.lo/.wide products,
 * carries, saturation, rounding modes (through simt's fenv-based helpers
 * of simt/lang/intrinsics.hpp), .ftz flushing subnormals as the GPU does, the
 * approximate functions modelled as simt/lang/math.hpp models the GPU's special
 * function unit, warp collectives through the core's (so masks and
 * diagnostics are __shfl_sync's), atomics as the CUDA atomics are.
 *
 * Registers: an asm operand is a local of the type its constraint names
 * ("r": unsigned int, "l": unsigned long long, "h": unsigned short, "f":
 * float, "d": double); PTX .reg registers likewise by size.  rd<T>(reg)
 * reads a register as instruction type T (its low bits when the register
 * is wider), wr<T>(reg, v) writes one (sign- or zero-extended as T is
 * signed when the register is wider), as PTX's relaxed type rules say.
 * Immediates are read by value.
 *
 * This file holds the operands, integer and bit instructions, comparisons
 * and special registers; simt/ptx/fp.hpp the floating-point instructions
 * and conversions; simt/ptx/mem.hpp memory, synchronization, warps and the
 * video instructions.
 */
#ifndef SIMT_PTX_ASM_HPP
#define SIMT_PTX_ASM_HPP
#pragma GCC system_header

#include <stdint.h>
#include <string.h>
#include <type_traits>

#include "../../simt.h"
#include "../core/device.h"

namespace simt_ptx {

typedef unsigned char u8;
typedef signed char s8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef long long s64;

/* .f16 and .bf16 values: their bits. */
struct f16 {
    u16 bits;
};
struct bf16 {
    u16 bits;
};

/* Immediates: an integer (two's complement, 64 bits), a 0f literal (an
 * f32 bit pattern), a 0d or decimal literal (an f64 bit pattern). */
struct imm {
    unsigned long long v;
};
struct imm_f32 {
    u32 v;
};
struct imm_f64 {
    u64 v;
};

template <class T, class S> static inline T bits_as(const S &s)
{
    static_assert(sizeof(T) == sizeof(S), "bit casts keep the size");
    T t;
    memcpy(&t, &s, sizeof t);
    return t;
}

/* ---- operands ---------------------------------------------------------------- */

template <class T, class R> static inline T rd(const R &r)
{
    if constexpr (sizeof(R) == sizeof(T)) {
        return bits_as<T>(r);
    } else {
        /* A wider register: its low bits; a narrower one: zero-extended. */
        T t;
        memset(&t, 0, sizeof t);
        memcpy(&t, &r, sizeof(T) < sizeof(R) ? sizeof(T) : sizeof(R));
        return t;
    }
}

template <class T> static inline T rd(imm i)
{
    if constexpr (std::is_floating_point<T>::value)
        return (T)(long long)i.v;
    else if constexpr (std::is_arithmetic<T>::value)
        return (T)i.v;
    else
        return rd<T>((u16)i.v);
}

template <class T> static inline T rd(imm_f32 i)
{
    if constexpr (std::is_same<T, double>::value)
        return (double)bits_as<float>(i.v);
    else if constexpr (sizeof(T) == 4)
        return bits_as<T>(i.v);
    else
        return (T)bits_as<float>(i.v);
}

template <class T> static inline T rd(imm_f64 i)
{
    if constexpr (std::is_same<T, float>::value)
        return (float)bits_as<double>(i.v);
    else if constexpr (sizeof(T) == 8)
        return bits_as<T>(i.v);
    else
        return (T)bits_as<double>(i.v);
}

template <class T, class R> static inline void wr(R &r, const T &v)
{
    if constexpr (sizeof(R) == sizeof(T)) {
        r = bits_as<R>(v);
    } else if constexpr (sizeof(R) > sizeof(T) && std::is_integral<T>::value) {
        typedef typename std::conditional<std::is_signed<T>::value, long long,
                                          unsigned long long>::type W;
        unsigned long long x = (unsigned long long)(W)v;
        memcpy(&r, &x, sizeof(R));
    } else {
        R t;
        memset(&t, 0, sizeof t);
        memcpy(&t, &v, sizeof(T) < sizeof(R) ? sizeof(T) : sizeof(R));
        r = t;
    }
}

/* An asm input's value in its register: pointers by address, numbers by
 * value, other objects of the register's size by their bits. */
template <class R, class V> static inline R in(const V &v)
{
    typedef typename std::decay<V>::type D;
    if constexpr (std::is_pointer<D>::value || std::is_null_pointer<D>::value) {
        return (R)(uintptr_t)(D)v;
    } else if constexpr (std::is_enum<D>::value) {
        return (R)(typename std::underlying_type<D>::type)v;
    } else if constexpr (std::is_arithmetic<D>::value) {
        return static_cast<R>(v);
    } else {
        static_assert(sizeof(D) == sizeof(R) && std::is_trivially_copyable<D>::value,
                      "an inline PTX operand must be a number, a pointer or an object of its "
                      "register's size");
        return bits_as<R>(v);
    }
}

/* An asm output's write-back from its register. */
template <class L, class R> static inline void out(L &l, const R &r)
{
    typedef typename std::remove_cv<L>::type D;
    if constexpr (std::is_pointer<D>::value) {
        l = (D)(uintptr_t)r;
    } else if constexpr (std::is_enum<D>::value || std::is_arithmetic<D>::value) {
        l = static_cast<D>(r);
    } else {
        static_assert(sizeof(D) == sizeof(R) && std::is_trivially_copyable<D>::value,
                      "an inline PTX output must be a number, a pointer or an object of its "
                      "register's size");
        D d = bits_as<D>(r);
        l = d;
    }
}

/* mov.b64 d, {a, b}: the first element is the least significant. */
template <class T, class E, class... Es> static inline T pack(Es... es)
{
    E parts[] = {es...};
    static_assert(sizeof parts == sizeof(T), "the parts fill the value");
    T t;
    memcpy(&t, parts, sizeof t);
    return t;
}

template <class E, class T> static inline E part(const T &v, int k)
{
    E e;
    memcpy(&e, (const char *)&v + k * sizeof(E), sizeof e);
    return e;
}

/* ---- integers ------------------------------------------------------------------ */

template <class T> using uns = typename std::make_unsigned<T>::type;
template <class T> static constexpr int width_of() { return (int)sizeof(T) * 8; }

/* Arithmetic in T's width, wrapping: in unsigned long long or __int128, so
 * that no narrow type promotes to int and overflows. */
template <class T> static inline T wrap(unsigned long long v) { return (T)(uns<T>)v; }

template <class T> static inline T iadd(T a, T b)
{
    return wrap<T>((unsigned long long)a + (unsigned long long)b);
}
template <class T> static inline T isub(T a, T b)
{
    return wrap<T>((unsigned long long)a - (unsigned long long)b);
}
template <class T> static inline int iadd_sat(int a, int b)
{
    long long s = (long long)a + b;
    return s > 2147483647 ? 2147483647 : s < -2147483647 - 1 ? -2147483647 - 1 : (int)s;
}
template <class T> static inline int isub_sat(int a, int b)
{
    long long s = (long long)a - b;
    return s > 2147483647 ? 2147483647 : s < -2147483647 - 1 ? -2147483647 - 1 : (int)s;
}

/* add.cc, addc: the carry flag is CC.CF; sub.cc, subc: it is the borrow
 * (subc computes a - (b + CF)). */
template <class T, bool CI, bool CO> static inline T addc(T a, T b, u32 &cc)
{
    typedef uns<T> U;
    U x = (U)a, s = x + (U)b;
    u32 c = s < x;
    if (CI) {
        U s2 = s + (U)cc;
        c |= s2 < s;
        s = s2;
    }
    if (CO)
        cc = c;
    return (T)s;
}
template <class T, bool CI, bool CO> static inline T subc(T a, T b, u32 &cc)
{
    typedef uns<T> U;
    U x = (U)a, y = (U)b, d = x - y;
    u32 borrow = x < y;
    if (CI) {
        borrow |= d < (U)cc;
        d = d - (U)cc;
    }
    if (CO)
        cc = borrow;
    return (T)d;
}

/* The type of twice T's width, and its unsigned form. */
template <class T> struct wider;
template <> struct wider<unsigned short> { typedef unsigned int type, utype; };
template <> struct wider<short> { typedef int type; typedef unsigned int utype; };
template <> struct wider<unsigned int> { typedef unsigned long long type, utype; };
template <> struct wider<int> { typedef long long type; typedef unsigned long long utype; };
template <> struct wider<unsigned long long> { typedef unsigned __int128 type, utype; };
template <> struct wider<long long> { typedef __int128 type; typedef unsigned __int128 utype; };

template <class T> static inline typename wider<T>::type wide_mul(T a, T b)
{
    typedef typename wider<T>::type W;
    typedef typename wider<T>::utype UW;
    return (W)((UW)(W)a * (UW)(W)b);
}
template <class T> static inline T mul_lo(T a, T b) { return (T)wide_mul(a, b); }
template <class T> static inline T mul_hi(T a, T b) { return (T)(wide_mul(a, b) >> width_of<T>()); }
template <class T> static inline typename wider<T>::type mul_wide(T a, T b) { return wide_mul(a, b); }
template <class T> static inline T mad_lo(T a, T b, T c) { return iadd<T>(mul_lo(a, b), c); }
template <class T> static inline T mad_hi(T a, T b, T c) { return iadd<T>(mul_hi(a, b), c); }
template <class T> static inline typename wider<T>::type mad_wide(T a, T b, typename wider<T>::type c)
{
    typedef typename wider<T>::type W;
    typedef typename wider<T>::utype UW;
    return (W)((UW)wide_mul(a, b) + (UW)c);
}
/* mad.hi.sat.s32: the high half plus c, saturated.  An H100 saturates
 * as if it compared the sum rounded to f32 with the int range: a sum at
 * most 128 below INT_MIN wraps (-1 + INT_MIN gives INT_MAX), as measured;
 * simt gives the GPU's result. */
template <class T> static inline int mad_hi_sat(int a, int b, int c)
{
    long long s = (long long)mul_hi(a, b) + c;
    if (s > 2147483647)
        return 2147483647;
    if ((float)s < -2147483648.0f)
        return -2147483647 - 1;
    return (int)(u32)s;
}
/* mad.cc, madc: (a * b).lo or .hi plus c, with carries as add.cc's. */
template <class T, int HI, bool CI, bool CO> static inline T madc(T a, T b, T c, u32 &cc)
{
    return addc<T, CI, CO>(HI ? mul_hi(a, b) : mul_lo(a, b), c, cc);
}

/* mul24, mad24: the low 24 bits of each operand (sign-extended for
 * .s32); .hi is bits 47..16 of the 48-bit product. */
template <class T> static inline long long low24(T a)
{
    if (std::is_signed<T>::value)
        return (long long)((int)((u32)a << 8) >> 8);
    return (long long)((u32)a & 0xffffffu);
}
template <class T, int HI> static inline T mul24(T a, T b)
{
    long long p = low24(a) * low24(b);
    return (T)(u32)(HI ? (unsigned long long)p >> 16 : (unsigned long long)p);
}
template <class T, int HI, int SAT> static inline T mad24(T a, T b, T c)
{
    if (SAT) {
        long long s = (long long)(int)mul24<T, HI>(a, b) + (long long)(int)c;
        return (T)(s > 2147483647 ? 2147483647 : s < -2147483647 - 1 ? -2147483647 - 1 : s);
    }
    return iadd<T>(mul24<T, HI>(a, b), c);
}

template <class T> static inline T sad(T a, T b, T c)
{
    uns<T> d = a < b ? (uns<T>)((uns<T>)b - (uns<T>)a) : (uns<T>)((uns<T>)a - (uns<T>)b);
    return iadd<T>((T)d, c);
}

/* Division by zero gives what a GPU gives (it has no divider: the
 * compiler's routine runs): all ones, or for 64-bit signed division of a
 * negative number -1 and of others 0xffffffff; INT_MIN / -1 is INT_MIN. */
template <class T> static inline T div0()
{
    return (T)~(uns<T>)0;
}
template <class T> static inline T idiv(T a, T b)
{
    if (b == 0) {
        if (sizeof(T) == 8 && std::is_signed<T>::value)
            return a < 0 ? (T)-1 : (T)0xffffffffll;
        return div0<T>();
    }
    if (std::is_signed<T>::value && b == (T)-1)
        return wrap<T>(0 - (unsigned long long)a);
    return (T)(a / b);
}
template <class T> static inline T irem(T a, T b)
{
    if (b == 0) {
        if (sizeof(T) == 8 && std::is_signed<T>::value)
            return a < 0 ? (T)-1 : (T)0xffffffffll;
        return div0<T>();
    }
    if (std::is_signed<T>::value && b == (T)-1)
        return 0;
    return (T)(a % b);
}

template <class T> static inline T iabs(T a) { return a < 0 ? wrap<T>(0 - (unsigned long long)a) : a; }
template <class T> static inline T ineg(T a) { return wrap<T>(0 - (unsigned long long)a); }
template <class T, int RELU> static inline T imin(T a, T b)
{
    T r = a < b ? a : b;
    return RELU && r < 0 ? 0 : r;
}
template <class T, int RELU> static inline T imax(T a, T b)
{
    T r = a > b ? a : b;
    return RELU && r < 0 ? 0 : r;
}

/* ---- bits ---------------------------------------------------------------------- */

template <class T> static inline u32 popc(T a)
{
    return (u32)__builtin_popcountll((unsigned long long)(uns<T>)a);
}
template <class T> static inline u32 clz(T a)
{
    unsigned long long x = (unsigned long long)(uns<T>)a;
    return x ? (u32)__builtin_clzll(x) - (64 - width_of<T>()) : (u32)width_of<T>();
}
/* bfind: the position of the most significant non-sign bit, 0xffffffff
 * if none; .shiftamt gives the left shift that would make it the msb. */
template <class T, int SHIFT> static inline u32 bfind(T a)
{
    const int msb = width_of<T>() - 1;
    unsigned long long x = (unsigned long long)(uns<T>)a;
    if (std::is_signed<T>::value && a < 0)
        x = ~x & (msb == 63 ? ~0ull : 0xffffffffull);
    if (!x)
        return 0xffffffffu;
    u32 d = (u32)(63 - __builtin_clzll(x));
    return SHIFT ? (u32)msb - d : d;
}
template <class T> static inline T brev(T a)
{
    unsigned long long x = (unsigned long long)(uns<T>)a, r = 0;
    for (int i = 0; i < width_of<T>(); i++)
        r |= ((x >> i) & 1) << (width_of<T>() - 1 - i);
    return (T)r;
}
/* bfe: len bits from pos, zero- or sign-extended; pos and len are the
 * low 8 bits of b and c (PTX ISA).  The 64-bit forms run as sequences of
 * 32-bit instructions and read more, as measured on an H100: bfe.u64 takes
 * len whole, bfe.s64 pos and len whole (a pos of 256 or more is past the
 * end, a len of 256 or more takes every bit from pos). */
template <class T> static inline T bfe(T a, u32 b, u32 c)
{
    const u32 msb = (u32)width_of<T>() - 1;
    u32 pos = b & 0xff, len = c & 0xff;
    if (sizeof(T) == 8) {
        len = c < 64 ? c : 64;
        if (std::is_signed<T>::value)
            pos = b < 255 ? b : 255;
    }
    unsigned long long x = (unsigned long long)(uns<T>)a, d = 0;
    int sbit = 0;
    if (std::is_signed<T>::value && len != 0) {
        u32 top = pos + len - 1 < msb ? pos + len - 1 : msb;
        sbit = (int)((x >> top) & 1);
    }
    for (u32 i = 0; i <= msb; i++) {
        unsigned long long bit = (i < len && pos + i <= msb) ? (x >> (pos + i)) & 1 : (unsigned long long)sbit;
        d |= bit << i;
    }
    return (T)d;
}
/* bfi: inserts len bits of f into b at pos; pos and len are the low 8
 * bits of c and e, except that bfi.b64 takes len whole on an H100. */
template <class T> static inline T bfi(T f, T b, u32 c, u32 e)
{
    const u32 msb = (u32)width_of<T>() - 1;
    u32 pos = c & 0xff, len = sizeof(T) == 8 ? (e < 64 ? e : 64) : e & 0xff;
    unsigned long long x = (unsigned long long)(uns<T>)f, d = (unsigned long long)(uns<T>)b;
    for (u32 i = 0; i < len && pos + i <= msb; i++)
        d = (d & ~(1ull << (pos + i))) | (((x >> i) & 1) << (pos + i));
    return (T)d;
}
/* prmt: mode 0 is the generic form (a 4-bit selector per byte, bit 3
 * replicating the byte's sign), 1..6 f4e, b4e, rc8, ecl, ecr, rc16. */
template <int MODE> static inline u32 prmt(u32 a, u32 b, u32 c)
{
    static const unsigned char modes[6][4][4] = {
        {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}}, /* f4e */
        {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}}, /* b4e */
        {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}}, /* rc8 */
        {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}}, /* ecl */
        {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}}, /* ecr */
        {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}}, /* rc16 */
    };
    unsigned long long v = ((unsigned long long)b << 32) | a;
    u32 d = 0;
    for (int n = 0; n < 4; n++) {
        u32 byte;
        if (MODE == 0) {
            u32 sel = (c >> (4 * n)) & 0xf;
            byte = (u32)(v >> (8 * (sel & 7))) & 0xff;
            if (sel & 8)
                byte = byte & 0x80 ? 0xff : 0;
        } else {
            byte = (u32)(v >> (8 * modes[MODE - 1][c & 3][n])) & 0xff;
        }
        d |= byte << (8 * n);
    }
    return d;
}
/* lop3: bit i of immLut is the result for a, b, c bits (i>>2, i>>1, i)&1. */
static inline u32 lop3(u32 a, u32 b, u32 c, u32 lut)
{
    u32 d = 0;
    for (int k = 0; k < 8; k++)
        if ((lut >> k) & 1)
            d |= (k & 4 ? a : ~a) & (k & 2 ? b : ~b) & (k & 1 ? c : ~c);
    return d;
}
/* shf: a funnel shift of b:a; .wrap takes the count mod 32, .clamp
 * clamps it to 32. */
template <int LEFT, int CLAMP> static inline u32 shf(u32 a, u32 b, u32 c)
{
    u32 n = CLAMP ? (c < 32 ? c : 32) : c & 31;
    unsigned long long v = ((unsigned long long)b << 32) | a;
    return LEFT ? (u32)((v << n) >> 32) : (u32)(v >> n);
}
/* shl, shr: counts of the width or more clamp (0, or the sign). */
template <class T> static inline T shl(T a, u32 n)
{
    return n >= (u32)width_of<T>() ? (T)0 : (T)((unsigned long long)(uns<T>)a << n);
}
template <class T> static inline T shr(T a, u32 n)
{
    if (std::is_signed<T>::value) {
        long long x = (long long)a;
        return (T)(x >> (n >= (u32)width_of<T>() ? width_of<T>() - 1 : n));
    }
    return n >= (u32)width_of<T>() ? (T)0 : (T)((unsigned long long)(uns<T>)a >> n);
}

/* dp4a: c plus the dot product of the bytes of a and b; dp2a: of the
 * half-words of a and two bytes of b (.lo bytes 0-1, .hi 2-3). */
template <int SA, int SB> static inline u32 dp4a(u32 a, u32 b, u32 c)
{
    u32 d = c;
    for (int i = 0; i < 4; i++) {
        int va = SA ? (int)(s8)(a >> 8 * i) : (int)(u8)(a >> 8 * i);
        int vb = SB ? (int)(s8)(b >> 8 * i) : (int)(u8)(b >> 8 * i);
        d += (u32)(va * vb);
    }
    return d;
}
template <int SA, int SB, int HI> static inline u32 dp2a(u32 a, u32 b, u32 c)
{
    u32 d = c;
    for (int i = 0; i < 2; i++) {
        int va = SA ? (int)(short)(a >> 16 * i) : (int)(u16)(a >> 16 * i);
        int k = 2 * HI + i;
        int vb = SB ? (int)(s8)(b >> 8 * k) : (int)(u8)(b >> 8 * k);
        d += (u32)(va * vb);
    }
    return d;
}

/* ---- comparisons and selection ---------------------------------------------------- */

static inline float flush(float x)
{
    return __builtin_fabsf(x) < 1.17549435e-38f ? __builtin_copysignf(0.0f, x) : x;
}
static inline double flush(double x) { return x; }

/* setp's operators, in ptx.h's order: eq ne lt le gt ge lo ls hi hs equ
 * neu ltu leu gtu geu num nan.  Ordered float comparisons (ne included)
 * are false with a NaN, the u forms true. */
template <class T, int CMP, int FTZ> static inline bool cmp(T a, T b)
{
    if constexpr (std::is_floating_point<T>::value) {
        if (FTZ) {
            a = flush(a);
            b = flush(b);
        }
        bool un = a != a || b != b;
        switch (CMP) {
        case 0: return !un && a == b;
        case 1: return !un && a != b;
        case 2: return a < b;
        case 3: return a <= b;
        case 4: return a > b;
        case 5: return a >= b;
        case 10: return un || a == b;
        case 11: return un || a != b;
        case 12: return un || a < b;
        case 13: return un || a <= b;
        case 14: return un || a > b;
        case 15: return un || a >= b;
        case 16: return !un;
        default: return un;
        }
    } else {
        typedef uns<T> U;
        switch (CMP) {
        case 0: return a == b;
        case 1: return a != b;
        case 2: return a < b;
        case 3: return a <= b;
        case 4: return a > b;
        case 5: return a >= b;
        case 6: return (U)a < (U)b;
        case 7: return (U)a <= (U)b;
        case 8: return (U)a > (U)b;
        default: return (U)a >= (U)b;
        }
    }
}
/* set: 0xffffffff for integer destinations, 1.0f for .f32 (PTX ISA);
 * but an H100 gives set.gtu.f32.f32 the bits 0x00000001 (and set.ge.and
 * 1.0f): for the unordered comparisons of .f32 values (CMP 10 to 15,
 * ptx.h's order) simt gives the GPU's result. */
template <class D, class S, int CMP> static inline D set_value(bool t)
{
    if constexpr (std::is_floating_point<D>::value && std::is_same<S, float>::value &&
                  CMP >= 10 && CMP <= 15)
        return t ? bits_as<D>(1u) : (D)0;
    else if constexpr (std::is_floating_point<D>::value)
        return t ? (D)1 : (D)0;
    else
        return t ? (D)-1 : (D)0;
}
/* slct: a when c >= 0 (-0.0 included, NaN not). */
template <class C, int FTZ> static inline bool slct_first(C c)
{
    if constexpr (std::is_floating_point<C>::value)
        return (FTZ ? flush(c) : c) >= 0;
    else
        return c >= 0;
}

/* ---- special registers --------------------------------------------------------------- */

static inline u32 linear_tid()
{
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
static inline u32 sr_tid_x() { return threadIdx.x; }
static inline u32 sr_tid_y() { return threadIdx.y; }
static inline u32 sr_tid_z() { return threadIdx.z; }
static inline u32 sr_ntid_x() { return blockDim.x; }
static inline u32 sr_ntid_y() { return blockDim.y; }
static inline u32 sr_ntid_z() { return blockDim.z; }
static inline u32 sr_ctaid_x() { return blockIdx.x; }
static inline u32 sr_ctaid_y() { return blockIdx.y; }
static inline u32 sr_ctaid_z() { return blockIdx.z; }
static inline u32 sr_nctaid_x() { return gridDim.x; }
static inline u32 sr_nctaid_y() { return gridDim.y; }
static inline u32 sr_nctaid_z() { return gridDim.z; }
static inline u32 sr_laneid() { return linear_tid() & 31; }
/* %warpid: a warp's number in its block (on a GPU, its slot on the SM;
 * both are unique among the block's warps).  %nwarpid: the warps an SM
 * holds, as maxThreadsPerMultiProcessor / 32 says. */
static inline u32 sr_warpid() { return linear_tid() >> 5; }
static inline u32 sr_nwarpid() { return 64; }
/* %smid: the worker running the block; %nsmid: the workers
 * (multiProcessorCount). */
static inline u32 sr_smid() { return simt_smid(); }
static inline u32 sr_nsmid() { return simt_nsmid(); }
static inline u32 sr_lanemask_eq() { return 1u << sr_laneid(); }
static inline u32 sr_lanemask_lt() { return (1u << sr_laneid()) - 1; }
static inline u32 sr_lanemask_le() { return (u32)((2ull << sr_laneid()) - 1); }
static inline u32 sr_lanemask_ge() { return ~sr_lanemask_lt(); }
static inline u32 sr_lanemask_gt() { return ~sr_lanemask_le(); }
/* %clock is clock()'s counter in a kernel, %clock64 clock64()'s. */
static inline u32 sr_clock() { return (u32)simt_clock64(); }
static inline u32 sr_clock_hi() { return (u32)((u64)simt_clock64() >> 32); }
static inline u64 sr_clock64() { return (u64)simt_clock64(); }
static inline u64 sr_globaltimer() { return simt_globaltimer(); }
static inline u32 sr_globaltimer_lo() { return (u32)simt_globaltimer(); }
static inline u32 sr_globaltimer_hi() { return (u32)(simt_globaltimer() >> 32); }

} /* namespace simt_ptx */

#include "fp.hpp"
#include "mem.hpp"

#endif /* SIMT_PTX_ASM_HPP */
