/*
 * curand_globals.h: the constants cuRAND's transforms are written with.
 * Programs use some of them (CURAND_2POW32_INV); the values are the
 * library's, so that expressions built from them round as they do on a GPU.
 */
#ifndef SIMT_CURAND_GLOBALS_H
#define SIMT_CURAND_GLOBALS_H
#define CURAND_GLOBALS_H
#pragma GCC system_header

#define MAX_XOR_N (5)
#define SKIPAHEAD_BLOCKSIZE (4)
#define SKIPAHEAD_MASK ((1 << SKIPAHEAD_BLOCKSIZE) - 1)
#define CURAND_2POW32 (4294967296.f)
#define CURAND_2POW32_DOUBLE (4294967296.)
#define CURAND_2POW32_INV (2.3283064e-10f)
#define CURAND_2POW32_INV_DOUBLE (2.3283064365386963e-10)
#define CURAND_2POW53_INV_DOUBLE (1.1102230246251565e-16)
#define CURAND_2POW32_INV_2PI (2.3283064e-10f * 6.2831855f)
#define CURAND_2PI (6.2831855f)
#define CURAND_2POW53_INV_2PI_DOUBLE (1.1102230246251565e-16 * 6.2831853071795860)
#define CURAND_PI_DOUBLE (3.1415926535897932)
#define CURAND_2PI_DOUBLE (6.2831853071795860)
#define CURAND_SQRT2 (-1.4142135f)
#define CURAND_SQRT2_DOUBLE (-1.4142135623730951)
#define MAX_LAMBDA 400000
#define MIN_GAUSS_LAMBDA 2000

struct normal_args_st {
    float mean;
    float stddev;
};
typedef struct normal_args_st normal_args_t;
struct normal_args_double_st {
    double mean;
    double stddev;
};
typedef struct normal_args_double_st normal_args_double_t;

#endif /* SIMT_CURAND_GLOBALS_H */
