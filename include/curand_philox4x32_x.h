/*
 * curand_philox4x32_x.h: the Philox4x32-10 counter-based generator
 * (Salmon, Moraes, Dror and Shaw, "Parallel random numbers: as easy as
 * 1, 2, 3", SC11) and cuRAND's state for it.
 *
 * The state is a 128-bit counter, a 64-bit key (the seed), the block of
 * four outputs for the current counter and the index of the next one to
 * return.  Invariant: output always holds Philox(ctr, key), so curand()
 * never computes a block it does not return from.
 */
#ifndef SIMT_CURAND_PHILOX4X32_X_H
#define SIMT_CURAND_PHILOX4X32_X_H
#define CURAND_PHILOX4X32_X__H_
#pragma GCC system_header

#include "vector_types.h"
#include "vector_functions.h"

#define PHILOX_W32_0 (0x9E3779B9)
#define PHILOX_W32_1 (0xBB67AE85)
#define PHILOX_M4x32_0 (0xD2511F53)
#define PHILOX_M4x32_1 (0xCD9E8D57)

struct curandStatePhilox4_32_10 {
    uint4 ctr;
    uint4 output;
    uint2 key;
    unsigned int STATE;
    int boxmuller_flag;
    int boxmuller_flag_double;
    float boxmuller_extra;
    double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

/* Adds n to the counter's low 64 bits with cuRAND's carry rule: a carry
 * out of the second word is detected by comparing it with the (carried)
 * high half of n, and a wrap of that high half loses its carry; the
 * results of the GPU are those of this rule. */
static inline void Philox_State_Incr(curandStatePhilox4_32_10_t *s, unsigned long long n)
{
    unsigned int lo = (unsigned int)n, hi = (unsigned int)(n >> 32);
    s->ctr.x += lo;
    if (s->ctr.x < lo)
        hi++;
    s->ctr.y += hi;
    if (hi <= s->ctr.y)
        return;
    if (++s->ctr.z)
        return;
    ++s->ctr.w;
}

/* Adds n to the counter's high 64 bits: subsequences are 2^66 values. */
static inline void Philox_State_Incr_hi(curandStatePhilox4_32_10_t *s, unsigned long long n)
{
    unsigned int lo = (unsigned int)n, hi = (unsigned int)(n >> 32);
    s->ctr.z += lo;
    if (s->ctr.z < lo)
        hi++;
    s->ctr.w += hi;
}

static inline void Philox_State_Incr(curandStatePhilox4_32_10_t *s)
{
    if (++s->ctr.x)
        return;
    if (++s->ctr.y)
        return;
    if (++s->ctr.z)
        return;
    ++s->ctr.w;
}

static inline uint4 simt__philox_round(uint4 c, uint2 k)
{
    unsigned long long p0 = (unsigned long long)PHILOX_M4x32_0 * c.x;
    unsigned long long p1 = (unsigned long long)PHILOX_M4x32_1 * c.z;
    uint4 r;
    r.x = (unsigned int)(p1 >> 32) ^ c.y ^ k.x;
    r.y = (unsigned int)p1;
    r.z = (unsigned int)(p0 >> 32) ^ c.w ^ k.y;
    r.w = (unsigned int)p0;
    return r;
}

/* Ten rounds, the key bumped by the Weyl constants between them. */
static inline uint4 curand_Philox4x32_10(uint4 c, uint2 k)
{
    for (int i = 0; i < 9; i++) {
        c = simt__philox_round(c, k);
        k.x += PHILOX_W32_0;
        k.y += PHILOX_W32_1;
    }
    return simt__philox_round(c, k);
}

#endif /* SIMT_CURAND_PHILOX4X32_X_H */
