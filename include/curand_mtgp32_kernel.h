/*
 * curand_mtgp32_kernel.h: MTGP32's device functions (cuRAND device API,
 * "MTGP32 generator").  The threads of a block draw from one state
 * together: each call gives every thread one value, thread t's from the
 * state's words t, t + 1 and t + pos past the ring's start, writes the
 * new word MTGPDC_N past them, and then the block moves the start on by
 * its size between two barriers.  So every thread of the block must make
 * the call, and a block has at most 256 threads (more overwrite words
 * others still read: a race the checker reports, as on a GPU it corrupts
 * the sequence).
 *
 * The thread's index, and curand_mtgp32_single's use of the ring, are
 * cuRAND's as it computes them (not threadIdx's linear index for a block
 * of more than one dimension), so that the values are the GPU's.
 */
#ifndef SIMT_CURAND_MTGP32_KERNEL_H
#define SIMT_CURAND_MTGP32_KERNEL_H
#define CURAND_MTGP32_KERNEL_H
#pragma GCC system_header

#include <string.h>

#include "cuda_runtime.h"
#include "curand.h"
#include "curand_mtgp32.h"

namespace simt__curand {
/* The recurrence: the next word from words i, i + 1 and i + pos. */
static inline unsigned int mtgp32_next(const mtgp32_kernel_params_t *k, int set, unsigned int x1,
                                       unsigned int x2, unsigned int y)
{
    unsigned int x = (x1 & k->mask[0]) ^ x2;
    x ^= x << k->sh1_tbl[set];
    y = x ^ (y >> k->sh2_tbl[set]);
    return y ^ k->param_tbl[set][y & 0x0f];
}
/* Tempering's table index from word i + pos - 1. */
static inline unsigned int mtgp32_fold(unsigned int t)
{
    t ^= t >> 16;
    t ^= t >> 8;
    return t & 0x0f;
}
/* One value for the thread at slot t of a block that takes n values;
 * write: where the new word goes (its ring position, or t itself for
 * the single-precision forms); leader: the thread that moves the start. */
static inline unsigned int mtgp32_draw(curandStateMtgp32_t *state, unsigned int t, unsigned int n,
                                       unsigned int write, int leader, int single)
{
    const mtgp32_kernel_params_t *k = state->k;
    int set = state->pIdx;
    unsigned int at = t + (unsigned int)state->offset, pos = k->pos_tbl[set];
    unsigned int r = mtgp32_next(k, set, state->s[at & MTGP32_STATE_MASK], state->s[(at + 1) & MTGP32_STATE_MASK],
                                 state->s[(at + pos) & MTGP32_STATE_MASK]);
    state->s[write] = r;
    unsigned int i = mtgp32_fold(state->s[(at + pos - 1) & MTGP32_STATE_MASK]);
    unsigned int o = single ? (r >> 9) ^ k->single_temper_tbl[set][i] : r ^ k->temper_tbl[set][i];
    __syncthreads();
    if (leader)
        state->offset = (int)(((unsigned int)state->offset + n) & MTGP32_STATE_MASK);
    __syncthreads();
    return o;
}
} // namespace simt__curand

/* One 32-bit value per thread of the block (all of them call it). */
static inline unsigned int curand(curandStateMtgp32_t *state)
{
    unsigned int n = blockDim.x * blockDim.y * blockDim.z;
    unsigned int t = blockDim.z * blockDim.y * threadIdx.z + blockDim.x * threadIdx.y + threadIdx.x;
    unsigned int w = (t + (unsigned int)state->offset + MTGPDC_N) & MTGP32_STATE_MASK;
    return simt__curand::mtgp32_draw(state, t, n, w, t == 0, 0);
}

/* The value of slot index of n, for blocks that give the state only
 * some of their threads (each slot below n called by one thread). */
static inline unsigned int curand_mtgp32_specific(curandStateMtgp32_t *state, unsigned char index, unsigned char n)
{
    unsigned int w = (index + (unsigned int)state->offset + MTGPDC_N) & MTGP32_STATE_MASK;
    return simt__curand::mtgp32_draw(state, index, n, w, index == 0, 0);
}

/* A float in [1, 2), its mantissa from one value. */
static inline float curand_mtgp32_single(curandStateMtgp32_t *state)
{
    unsigned int t = blockDim.z * blockDim.y;
    unsigned int n = t * blockDim.x;
    t += threadIdx.x;
    unsigned int u = simt__curand::mtgp32_draw(state, t, n, t, threadIdx.x == 0, 1);
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static inline float curand_mtgp32_single_specific(curandStateMtgp32_t *state, unsigned char index, unsigned char n)
{
    unsigned int u = simt__curand::mtgp32_draw(state, index, n, index, threadIdx.x == 0, 1);
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

#endif /* SIMT_CURAND_MTGP32_KERNEL_H */
