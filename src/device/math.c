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

static float op_fadd(volatile float *a, volatile float *b, int mode) { WITH_SSE_MODE(float, mode, *a + *b); }
static float op_fmul(volatile float *a, volatile float *b, int mode) { WITH_SSE_MODE(float, mode, *a * *b); }
static float op_ffma(volatile float *a, volatile float *b, volatile float *c, int mode)
{
    WITH_MODE(float, mode, fmaf(*a, *b, *c));
}
static float op_fdiv(volatile float *a, volatile float *b, int mode) { WITH_SSE_MODE(float, mode, *a / *b); }
static float op_fsqrt(volatile float *a, int mode) { WITH_SSE_MODE(float, mode, sqrtf(*a)); }
static double op_dadd(volatile double *a, volatile double *b, int mode) { WITH_SSE_MODE(double, mode, *a + *b); }
static double op_dmul(volatile double *a, volatile double *b, int mode) { WITH_SSE_MODE(double, mode, *a * *b); }
static double op_dfma(volatile double *a, volatile double *b, volatile double *c, int mode)
{
    WITH_MODE(double, mode, fma(*a, *b, *c));
}
static double op_ddiv(volatile double *a, volatile double *b, int mode) { WITH_SSE_MODE(double, mode, *a / *b); }
static double op_dsqrt(volatile double *a, int mode) { WITH_SSE_MODE(double, mode, sqrt(*a)); }

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

float simt_ll2float_r(long long x, int mode)
{
    volatile long long v = x;
    WITH_SSE_MODE(float, mode, (float)v);
}
float simt_ull2float_r(unsigned long long x, int mode)
{
    volatile unsigned long long v = x;
    WITH_SSE_MODE(float, mode, (float)v);
}
double simt_ll2double_r(long long x, int mode)
{
    volatile long long v = x;
    WITH_SSE_MODE(double, mode, (double)v);
}
double simt_ull2double_r(unsigned long long x, int mode)
{
    volatile unsigned long long v = x;
    WITH_SSE_MODE(double, mode, (double)v);
}
static float op_d2f(volatile double *v, int mode) { WITH_SSE_MODE(float, mode, (float)*v); }
float simt_double2float_r(double x, int mode) { return op_d2f(&x, mode); }
