/*
 * math.c: the rounding-mode arithmetic and conversions of the CUDA Math API
 * (__fadd_rz, __dmul_ru, __ll2float_rd, ...), out of line.
 *
 * Each operation runs once under the requested rounding mode of the host's
 * floating-point unit, which implements IEEE 754 exactly as the GPU does:
 * the result is the GPU's bit for bit.  The operands go through volatile
 * objects so that the compiler can neither fold the operation at compile
 * time nor move it out of the window where the mode is set.  The worker
 * threads otherwise always run in round-to-nearest.
 */
#include <fenv.h>
#include <math.h>

#include "simt/core/device.h"

float simt_fadd_r(float a, float b, int mode);
float simt_fmul_r(float a, float b, int mode);
float simt_fma_r(float a, float b, float c, int mode);
float simt_fdiv_r(float a, float b, int mode);
float simt_fsqrt_r(float a, int mode);
double simt_dadd_r(double a, double b, int mode);
double simt_dmul_r(double a, double b, int mode);
double simt_dfma_r(double a, double b, double c, int mode);
double simt_ddiv_r(double a, double b, int mode);
double simt_dsqrt_r(double a, int mode);
float simt_ll2float_r(long long x, int mode);
float simt_ull2float_r(unsigned long long x, int mode);
double simt_ll2double_r(long long x, int mode);
double simt_ull2double_r(unsigned long long x, int mode);
float simt_double2float_r(double x, int mode);

/* SIMT_RN, SIMT_RZ, SIMT_RU, SIMT_RD of simt/lang/intrinsics.hpp, in order. */
static const int modes[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};

/* GPU arithmetic returns the canonical NaN, whatever the operands' NaNs. */
static float fnan(float r) { return r != r ? __builtin_nanf("0x3fffff") : r; }
static double dnan(double r) { return r != r ? -__builtin_nan("") : r; }

#define WITH_MODE(T, mode, expr) \
    do { \
        fesetround(modes[(mode) & 3]); \
        volatile T r_ = (expr); \
        fesetround(FE_TONEAREST); \
        return r_; \
    } while (0)

#if defined(__x86_64__)
/* Additions, products, quotients, square roots and conversions are SSE
 * instructions, which round as MXCSR's bits 13-14 say: setting those alone
 * costs a fraction of fesetround (which sets the x87 unit too).  fma stays
 * on fesetround: without an FMA unit the C library computes it in software
 * and reads the rounding mode from the x87 control word.  The memory
 * clobbers keep the volatile operand loads and result store between the
 * two ldmxcsr. */
static const unsigned rc_bits[4] = {0x0000u, 0x6000u, 0x4000u, 0x2000u};
#define WITH_SSE_MODE(T, mode, expr) \
    do { \
        unsigned old_, new_; \
        __asm__ volatile("stmxcsr %0" : "=m"(old_) : : "memory"); \
        new_ = (old_ & ~0x6000u) | rc_bits[(mode) & 3]; \
        __asm__ volatile("ldmxcsr %0" : : "m"(new_) : "memory"); \
        volatile T r_ = (expr); \
        __asm__ volatile("ldmxcsr %0" : : "m"(old_) : "memory"); \
        return r_; \
    } while (0)
#else
#define WITH_SSE_MODE WITH_MODE
#endif

/* The operations in a rounding mode, written once for float (op_f...)
 * and double (op_d...); fma stays on WITH_MODE (above). */
#define MODE_OPS(T, p, fma_fn, sqrt_fn)                                                          \
    static T op_##p##add(volatile T *a, volatile T *b, int mode)                                 \
    {                                                                                            \
        WITH_SSE_MODE(T, mode, *a + *b);                                                         \
    }                                                                                            \
    static T op_##p##mul(volatile T *a, volatile T *b, int mode)                                 \
    {                                                                                            \
        WITH_SSE_MODE(T, mode, *a * *b);                                                         \
    }                                                                                            \
    static T op_##p##fma(volatile T *a, volatile T *b, volatile T *c, int mode)                  \
    {                                                                                            \
        WITH_MODE(T, mode, fma_fn(*a, *b, *c));                                                  \
    }                                                                                            \
    static T op_##p##div(volatile T *a, volatile T *b, int mode)                                 \
    {                                                                                            \
        WITH_SSE_MODE(T, mode, *a / *b);                                                         \
    }                                                                                            \
    static T op_##p##sqrt(volatile T *a, int mode) { WITH_SSE_MODE(T, mode, sqrt_fn(*a)); }
MODE_OPS(float, f, fmaf, sqrtf)
MODE_OPS(double, d, fma, sqrt)

float simt_fadd_r(float a, float b, int mode) { return fnan(op_fadd(&a, &b, mode)); }
float simt_fmul_r(float a, float b, int mode) { return fnan(op_fmul(&a, &b, mode)); }
float simt_fma_r(float a, float b, float c, int mode) { return fnan(op_ffma(&a, &b, &c, mode)); }
float simt_fdiv_r(float a, float b, int mode) { return fnan(op_fdiv(&a, &b, mode)); }
float simt_fsqrt_r(float a, int mode) { return fnan(op_fsqrt(&a, mode)); }
double simt_dadd_r(double a, double b, int mode) { return dnan(op_dadd(&a, &b, mode)); }
double simt_dmul_r(double a, double b, int mode) { return dnan(op_dmul(&a, &b, mode)); }
double simt_dfma_r(double a, double b, double c, int mode) { return dnan(op_dfma(&a, &b, &c, mode)); }
double simt_ddiv_r(double a, double b, int mode) { return dnan(op_ddiv(&a, &b, mode)); }
double simt_dsqrt_r(double a, int mode) { return dnan(op_dsqrt(&a, mode)); }

/* 64-bit integers to floating point in a rounding mode; the volatile
 * copy keeps the conversion inside the mode's scope. */
#define CONVERT_R(name, to, from)                                                              \
    to name(from x, int mode)                                                                  \
    {                                                                                          \
        volatile from v = x;                                                                   \
        WITH_SSE_MODE(to, mode, (to)v);                                                        \
    }
CONVERT_R(simt_ll2float_r, float, long long)
CONVERT_R(simt_ull2float_r, float, unsigned long long)
CONVERT_R(simt_ll2double_r, double, long long)
CONVERT_R(simt_ull2double_r, double, unsigned long long)
static float op_d2f(volatile double *v, int mode) { WITH_SSE_MODE(float, mode, (float)*v); }
float simt_double2float_r(double x, int mode) { return op_d2f(&x, mode); }
