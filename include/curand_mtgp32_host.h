/*
 * curand_mtgp32_host.h: MTGP32's host functions (cuRAND device API,
 * "MTGP32 generator"): curandMakeMTGP32Constants lays parameter sets out
 * for the device, curandMakeMTGP32KernelState seeds one state per set,
 * and the seeding functions they build on (Saito and Matsumoto's, as
 * cuRAND computes them).
 *
 * cuRAND's own table of 200 parameter sets, mtgp32dc_params_fast_11213,
 * is not provided (docs/COMPATIBILITY.md): a program passes parameter
 * sets of its own.  Naming the table is a compile-time error that says so
 * (curand_mtgp32dc_p_11213.h).
 */
#ifndef SIMT_CURAND_MTGP32_HOST_H
#define SIMT_CURAND_MTGP32_HOST_H
#define CURAND_MTGP32_HOST_H
#pragma GCC system_header

#include <stdlib.h>
#include <string.h>

#include "cuda_runtime.h"
#include "curand.h"
#include "curand_mtgp32.h"
#include "curand_mtgp32dc_p_11213.h"

namespace simt__curand {
static inline unsigned int mtgp32_mix1(unsigned int x) { return (x ^ (x >> 27)) * 1664525u; }
static inline unsigned int mtgp32_mix2(unsigned int x) { return (x ^ (x >> 27)) * 1566083941u; }
/* The words the seeding starts from: a byte of the parameter set's hidden
 * seed in every byte, then the set's hidden seed itself. */
static inline int mtgp32_fill(unsigned int state[], const mtgp32_params_fast_t *para, unsigned int *hidden)
{
    int size = para->mexp / 32 + 1;
    unsigned int h = para->tbl[4] ^ (para->tbl[8] << 16), b = h;
    b += b >> 16;
    b += b >> 8;
    memset(state, (int)(b & 0xff), sizeof(unsigned int) * (size_t)size);
    *hidden = h;
    return size;
}
/* Seeding from a sequence of words (Matsumoto and Nishimura's
 * init_by_array scheme, with MTGP's lag for the state's size). */
static inline void mtgp32_seed_array(unsigned int state[], const mtgp32_params_fast_t *para,
                                     const unsigned int *words, const unsigned char *bytes, int length)
{
    unsigned int hidden;
    int size = mtgp32_fill(state, para, &hidden);
    int lag = size >= 623 ? 11 : size >= 68 ? 7 : size >= 39 ? 5 : 3;
    int mid = (size - lag) / 2;
    state[0] = hidden;
    int count = length + 1 > size ? length + 1 : size;
    unsigned int r = mtgp32_mix1(state[0] ^ state[mid] ^ state[size - 1]);
    state[mid] += r;
    r += (unsigned int)length;
    state[(mid + lag) % size] += r;
    state[0] = r;
    count--;
    int i = 1, j = 0;
    for (; j < count; j++) {
        r = mtgp32_mix1(state[i] ^ state[(i + mid) % size] ^ state[(i + size - 1) % size]);
        state[(i + mid) % size] += r;
        r += (unsigned int)i;
        if (j < length)
            r += words ? words[j] : bytes[j];
        state[(i + mid + lag) % size] += r;
        state[i] = r;
        i = (i + 1) % size;
    }
    for (j = 0; j < size; j++) {
        r = mtgp32_mix2(state[i] + state[(i + mid) % size] + state[(i + size - 1) % size]);
        state[(i + mid) % size] ^= r;
        r -= (unsigned int)i;
        state[(i + mid + lag) % size] ^= r;
        state[i] = r;
        i = (i + 1) % size;
    }
    if (state[size - 1] == 0)
        state[size - 1] = 0x4d544750; /* "MTGP": never an all-zero state */
}
} // namespace simt__curand

/* Seeds state from one word (Knuth's multiplier, as Mersenne Twisters do). */
static inline void mtgp32_init_state(unsigned int state[], const mtgp32_params_fast_t *para, unsigned int seed)
{
    unsigned int hidden;
    int size = simt__curand::mtgp32_fill(state, para, &hidden);
    state[0] = seed;
    state[1] = hidden;
    for (int i = 1; i < size; i++)
        state[i] ^= 1812433253u * (state[i - 1] ^ (state[i - 1] >> 30)) + (unsigned int)i;
}

static inline int mtgp32_init_by_array(unsigned int state[], const mtgp32_params_fast_t *para, unsigned int *array,
                                       int length)
{
    simt__curand::mtgp32_seed_array(state, para, array, NULL, length);
    return 0;
}

static inline int mtgp32_init_by_str(unsigned int state[], const mtgp32_params_fast_t *para, unsigned char *array)
{
    simt__curand::mtgp32_seed_array(state, para, NULL, array, (int)strlen((const char *)array));
    return 0;
}

/* The first CURAND_NUM_MTGP32_PARAMS sets of params, laid out in p (device
 * memory); the mask is the first set's. */
static inline curandStatus_t curandMakeMTGP32Constants(const mtgp32_params_fast_t params[], mtgp32_kernel_params_t *p)
{
    mtgp32_kernel_params_t *h = (mtgp32_kernel_params_t *)malloc(sizeof *h);
    if (!h)
        return CURAND_STATUS_ALLOCATION_FAILED;
    h->mask[0] = params[0].mask;
    for (int i = 0; i < CURAND_NUM_MTGP32_PARAMS; i++) {
        h->pos_tbl[i] = (unsigned int)params[i].pos;
        h->sh1_tbl[i] = (unsigned int)params[i].sh1;
        h->sh2_tbl[i] = (unsigned int)params[i].sh2;
        memcpy(h->param_tbl[i], params[i].tbl, sizeof h->param_tbl[i]);
        memcpy(h->temper_tbl[i], params[i].tmp_tbl, sizeof h->temper_tbl[i]);
        memcpy(h->single_temper_tbl[i], params[i].flt_tmp_tbl, sizeof h->single_temper_tbl[i]);
    }
    curandStatus_t st = cudaMemcpy(p, h, sizeof *h, cudaMemcpyHostToDevice) == cudaSuccess
                            ? CURAND_STATUS_SUCCESS
                            : CURAND_STATUS_INITIALIZATION_FAILED;
    free(h);
    return st;
}

/* n states in s (device memory), state i with parameter set i of k and
 * seed (seed folded to 32 bits) + i + 1. */
static inline curandStatus_t curandMakeMTGP32KernelState(curandStateMtgp32_t *s, mtgp32_params_fast_t params[],
                                                         mtgp32_kernel_params_t *k, int n, unsigned long long seed)
{
    /* Zeroed: the seeding fills the first MTGPDC_N words of each ring and
     * leaves the rest as the allocation had them (cuRAND: malloc's bytes),
     * which a block whose slots leave gaps reads; zeros keep such a run
     * reproducible. */
    curandStateMtgp32_t *h = (curandStateMtgp32_t *)calloc((size_t)(n > 0 ? n : 1), sizeof *h);
    if (!h)
        return CURAND_STATUS_ALLOCATION_FAILED;
    seed ^= seed >> 32;
    for (int i = 0; i < n; i++) {
        mtgp32_init_state(h[i].s, &params[i], (unsigned int)seed + (unsigned int)i + 1);
        h[i].offset = 0;
        h[i].pIdx = i;
        h[i].k = k;
    }
    curandStatus_t st = cudaMemcpy(s, h, sizeof *h * (size_t)n, cudaMemcpyHostToDevice) == cudaSuccess
                            ? CURAND_STATUS_SUCCESS
                            : CURAND_STATUS_INITIALIZATION_FAILED;
    free(h);
    return st;
}

#endif /* SIMT_CURAND_MTGP32_HOST_H */
