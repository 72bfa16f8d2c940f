/*
 * curand_mtgp32.h: the MTGP32 generator's types and sizes (cuRAND device
 * API, "MTGP32 generator"): Saito and Matsumoto's Mersenne Twister for
 * Graphic Processors, period 2^11213 - 1, one state shared by the threads
 * of a block (at most 256 of them), each block's state with its own
 * parameter set.
 *
 * mtgp32_params_fast_t is one parameter set as the host holds it;
 * mtgp32_kernel_params_t is up to 200 of them laid out for the device
 * (curandMakeMTGP32Constants, curand_mtgp32_host.h, fills it), and a
 * curandStateMtgp32_t names its set by pIdx.  The layouts are cuRAND's.
 */
#ifndef SIMT_CURAND_MTGP32_H
#define SIMT_CURAND_MTGP32_H
#define CURAND_MTGP32_H
#pragma GCC system_header

#define MTGPDC_MEXP 11213
#define MTGPDC_N 351 /* 32-bit words of state the recurrence uses */
#define MTGPDC_FLOOR_2P 256
#define MTGPDC_CEIL_2P 512
#define MTGPDC_PARAM_TABLE mtgp32dc_params_fast_11213
#define MTGP32_STATE_SIZE 1024 /* the state's ring, a power of two */
#define MTGP32_STATE_MASK 1023
#define CURAND_NUM_MTGP32_PARAMS 200
#define MEXP 11213
#define THREAD_NUM MTGPDC_FLOOR_2P
#define LARGE_SIZE (THREAD_NUM * 3)
#define TBL_SIZE 16

struct mtgp32_params_fast {
    int mexp;                      /* the Mersenne exponent */
    int pos;                       /* where the recurrence picks its third word */
    int sh1, sh2;                  /* its two shifts */
    unsigned int tbl[16];          /* the recurrence's matrix, by four bits */
    unsigned int tmp_tbl[16];      /* tempering's */
    unsigned int flt_tmp_tbl[16];  /* tempering's, for floats in [1, 2) */
    unsigned int mask;             /* the state's first word's bits in use */
    unsigned char poly_sha1[21];   /* names the characteristic polynomial */
};
typedef struct mtgp32_params_fast mtgp32_params_fast_t;

struct mtgp32_kernel_params {
    unsigned int pos_tbl[CURAND_NUM_MTGP32_PARAMS];
    unsigned int param_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
    unsigned int temper_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
    unsigned int single_temper_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
    unsigned int sh1_tbl[CURAND_NUM_MTGP32_PARAMS];
    unsigned int sh2_tbl[CURAND_NUM_MTGP32_PARAMS];
    unsigned int mask[1];
};
typedef struct mtgp32_kernel_params mtgp32_kernel_params_t;

struct curandStateMtgp32 {
    unsigned int s[MTGP32_STATE_SIZE];
    int offset;                    /* the ring's start */
    int pIdx;                      /* the parameter set in k */
    mtgp32_kernel_params_t *k;
};
typedef struct curandStateMtgp32 curandStateMtgp32_t;

#endif /* SIMT_CURAND_MTGP32_H */
