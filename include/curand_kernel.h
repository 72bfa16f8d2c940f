/*
 * curand_kernel.h: the cuRAND device API (cuRAND Library, "Device API
 * Overview"): generator states, curand_init, curand and skip-ahead for
 * XORWOW, MRG32k3a, Philox4x32-10 and the Sobol' generators; the
 * distributions follow in curand_uniform.h ... curand_discrete2.h, which
 * this header includes at its end, as NVIDIA's does.
 *
 * Every function computes what the GPU computes, operation for operation:
 * the same integer recurrences, the same seeding scramble, the same float
 * and double expressions (with the fused multiply-adds nvcc forms from
 * them), and the GPU's math functions from simt/lang/math.hpp, called by their
 * simt_ names so that a host caller gets them too.  The state structures
 * have cuRAND's layout.
 *
 * Skip-ahead for XORWOW and MRG32k3a multiplies the state by powers of the
 * generator's one-step matrix; libsimt computes those powers once, at
 * first use (src/curand/skipahead.c).
 */
#ifndef SIMT_CURAND_KERNEL_H
#define SIMT_CURAND_KERNEL_H
#define CURAND_KERNEL_H_
#pragma GCC system_header

#ifndef __cplusplus
#error "curand_kernel.h is C++ (the cuRAND device API overloads its functions)"
#endif

#include "cuda_runtime.h"
#include "curand.h"
#include "curand_discrete.h"
#include "curand_globals.h"
#include "curand_mtgp32_kernel.h"
#include "curand_philox4x32_x.h"

extern "C" {
/* v <- M^(n * 2^log2_unit) v for XORWOW's xorshift words (log2_unit 0:
 * single steps, 67: subsequences). */
void simt_curand_xorwow_jump(unsigned int v[5], unsigned long long n, int log2_unit);
/* s1, s2 <- M1^k s1, M2^k s2 with k = n * 2^log2_unit (0: steps, 76:
 * subsequences, 127: sequences). */
void simt_curand_mrg_jump(unsigned int s1[3], unsigned int s2[3], unsigned long long n, int log2_unit);
}

/* ---- states ------------------------------------------------------------- */

/* The test generator: v counts up from seed * 3, subsequences 31337 apart. */
struct curandStateTest {
    unsigned int v;
};
typedef struct curandStateTest curandStateTest_t;

/* XORWOW (Marsaglia, "Xorshift RNGs", J. Stat. Software 8(14), 2003): five
 * xorshift words and a Weyl sequence d.  curand_normal keeps the second
 * value of each Box-Muller pair for the next call (the flags say which
 * transform made it). */
struct curandStateXORWOW {
    unsigned int d, v[5];
    int boxmuller_flag;
    int boxmuller_flag_double;
    float boxmuller_extra;
    double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

#define EXTRA_FLAG_NORMAL 0x00000001
#define EXTRA_FLAG_LOG_NORMAL 0x00000002

/* MRG32k3a (L'Ecuyer, "Good parameters and implementations for combined
 * multiple recursive random number generators", Oper. Res. 47(1), 1999). */
#define MRG32K3A_MOD1 4294967087.
#define MRG32K3A_MOD2 4294944443.
#define MRG32K3A_A12 1403580.
#define MRG32K3A_A13N 810728.
#define MRG32K3A_A21 527612.
#define MRG32K3A_A23N 1370589.
#define MRG32K3A_NORM (2.3283065498378288e-10)
#define MRG32K3A_BITS_NORM 1.000000048662

struct curandStateMRG32k3a {
    unsigned int s1[3];
    unsigned int s2[3];
    int boxmuller_flag;
    int boxmuller_flag_double;
    float boxmuller_extra;
    double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

/* Sobol' sequences in Gray-code order: x is the point for index i, c the
 * scramble constant (0 when not scrambled). */
struct curandStateSobol32 {
    unsigned int i, x, c;
    unsigned int direction_vectors[32];
};
typedef struct curandStateSobol32 curandStateSobol32_t;
struct curandStateScrambledSobol32 {
    unsigned int i, x, c;
    unsigned int direction_vectors[32];
};
typedef struct curandStateScrambledSobol32 curandStateScrambledSobol32_t;
struct curandStateSobol64 {
    unsigned long long i, x, c;
    unsigned long long direction_vectors[64];
};
typedef struct curandStateSobol64 curandStateSobol64_t;
struct curandStateScrambledSobol64 {
    unsigned long long i, x, c;
    unsigned long long direction_vectors[64];
};
typedef struct curandStateScrambledSobol64 curandStateScrambledSobol64_t;

/* ---- the test generator -------------------------------------------------- */

static inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                               curandStateTest_t *state)
{
    state->v = (unsigned int)(seed * 3) + (unsigned int)(subsequence * 31337) + (unsigned int)offset;
}
static inline unsigned int curand(curandStateTest_t *state) { return state->v++; }
static inline void skipahead(unsigned long long n, curandStateTest_t *state) { state->v += (unsigned int)n; }

/* ---- XORWOW ---------------------------------------------------------------- */

/* Subsequences are 2^67 values apart.  Each step adds 362437 to d, so a
 * skip of n adds 362437 n mod 2^32; a subsequence, a multiple of 2^32
 * steps, leaves d alone. */
static inline void skipahead(unsigned long long n, curandStateXORWOW_t *state)
{
    simt_curand_xorwow_jump(state->v, n, 0);
    state->d += 362437u * (unsigned int)n;
}
static inline void skipahead_sequence(unsigned long long n, curandStateXORWOW_t *state)
{
    simt_curand_xorwow_jump(state->v, n, 67);
}

/* The seed's halves are salted and multiplied into the published initial
 * words; seed 0 gives the original xorwow state. */
static inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                               curandStateXORWOW_t *state)
{
    unsigned int s0 = (unsigned int)seed ^ 0xaad26b49u;
    unsigned int s1 = (unsigned int)(seed >> 32) ^ 0xf7dcefddu;
    unsigned int t0 = 1099087573u * s0;
    unsigned int t1 = 2591861531u * s1;
    state->d = 6615241u + t1 + t0;
    state->v[0] = 123456789u + t0;
    state->v[1] = 362436069u ^ t0;
    state->v[2] = 521288629u + t1;
    state->v[3] = 88675123u ^ t1;
    state->v[4] = 5783321u + t0;
    if (subsequence)
        simt_curand_xorwow_jump(state->v, subsequence, 67);
    if (offset)
        skipahead(offset, state);
    state->boxmuller_flag = 0;
    state->boxmuller_flag_double = 0;
    state->boxmuller_extra = 0.f;
    state->boxmuller_extra_double = 0.;
}

static inline unsigned int curand(curandStateXORWOW_t *state)
{
    unsigned int t = state->v[0] ^ (state->v[0] >> 2);
    state->v[0] = state->v[1];
    state->v[1] = state->v[2];
    state->v[2] = state->v[3];
    state->v[3] = state->v[4];
    state->v[4] = (state->v[4] ^ (state->v[4] << 4)) ^ (t ^ (t << 1));
    state->d += 362437u;
    return state->v[4] + state->d;
}

/* ---- Philox4x32-10 ------------------------------------------------------------ */

static inline unsigned int curand(curandStatePhilox4_32_10_t *state)
{
    unsigned int r;
    switch (state->STATE++) {
    default: r = state->output.x; break;
    case 1: r = state->output.y; break;
    case 2: r = state->output.z; break;
    case 3: r = state->output.w; break;
    }
    if (state->STATE == 4) {
        Philox_State_Incr(state);
        state->output = curand_Philox4x32_10(state->ctr, state->key);
        state->STATE = 0;
    }
    return r;
}

/* The next four values; the block always advances, so STATE is kept. */
static inline uint4 curand4(curandStatePhilox4_32_10_t *state)
{
    uint4 old = state->output;
    Philox_State_Incr(state);
    state->output = curand_Philox4x32_10(state->ctr, state->key);
    uint4 n = state->output, r;
    switch (state->STATE) {
    case 1: r = make_uint4(old.y, old.z, old.w, n.x); break;
    case 2: r = make_uint4(old.z, old.w, n.x, n.y); break;
    case 3: r = make_uint4(old.w, n.x, n.y, n.z); break;
    default: r = old; break;
    }
    return r;
}

static inline void skipahead(unsigned long long n, curandStatePhilox4_32_10_t *state)
{
    state->STATE += (unsigned int)(n & 3);
    n /= 4;
    if (state->STATE > 3) {
        n += 1;
        state->STATE -= 4;
    }
    Philox_State_Incr(state, n);
    state->output = curand_Philox4x32_10(state->ctr, state->key);
}

/* Subsequences are 2^66 values: the counter's high half. */
static inline void skipahead_sequence(unsigned long long n, curandStatePhilox4_32_10_t *state)
{
    Philox_State_Incr_hi(state, n);
    state->output = curand_Philox4x32_10(state->ctr, state->key);
}

static inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                               curandStatePhilox4_32_10_t *state)
{
    state->ctr = make_uint4(0, 0, 0, 0);
    state->key.x = (unsigned int)seed;
    state->key.y = (unsigned int)(seed >> 32);
    state->STATE = 0;
    state->boxmuller_flag = 0;
    state->boxmuller_flag_double = 0;
    state->boxmuller_extra = 0.f;
    state->boxmuller_extra_double = 0.;
    skipahead_sequence(subsequence, state);
    skipahead(offset, state);
}

/* ---- MRG32k3a ------------------------------------------------------------------ */

namespace simt__curand {
static const unsigned int mrg_m1 = 4294967087u, mrg_m2 = 4294944443u;

/* The next value of the combined recurrence, in [1, m1].  Both components
 * are reduced exactly (2^32 is 209 mod m1 and 22853 mod m2), as the GPU's
 * integer code and its double-precision code both do. */
static inline double mrg_next(curandStateMRG32k3a_t *s)
{
    unsigned long long p1 = 1403580ull * s->s1[1] + 810728ull * (mrg_m1 - s->s1[0]);
    p1 = (p1 >> 32) * 209u + (p1 & 0xffffffffu);
    if (p1 >= mrg_m1)
        p1 -= mrg_m1;
    s->s1[0] = s->s1[1];
    s->s1[1] = s->s1[2];
    s->s1[2] = (unsigned int)p1;
    unsigned long long p2 = 527612ull * s->s2[2] + 1370589ull * (mrg_m2 - s->s2[0]);
    p2 = (p2 >> 32) * 22853u + (p2 & 0xffffffffu);
    p2 = (p2 >> 32) * 22853u + (p2 & 0xffffffffu);
    if (p2 >= mrg_m2)
        p2 -= mrg_m2;
    s->s2[0] = s->s2[1];
    s->s2[1] = s->s2[2];
    s->s2[2] = (unsigned int)p2;
    return p1 <= p2 ? (double)(p1 - p2 + mrg_m1) : (double)(p1 - p2);
}

/* (a * b) mod m for the seeding: exact, as the library's split
 * double-precision product is. */
static inline unsigned int mulmod(unsigned int a, unsigned int b, unsigned int m)
{
    return (unsigned int)((unsigned long long)a * b % m);
}

/* cvt.rzi.u32.f64: values past the range saturate. */
static inline unsigned int d2u_rz(double d)
{
    return d >= 4294967295.0 ? 0xffffffffu : d > 0 ? (unsigned int)d : 0u;
}
} // namespace simt__curand

/* The combined value in [1, m1] scaled to 32 bits: m1 itself, which the
 * scale takes past 2^32 - 1, saturates as the GPU's conversion does. */
static inline unsigned int curand(curandStateMRG32k3a_t *state)
{
    return simt__curand::d2u_rz(simt__curand::mrg_next(state) * MRG32K3A_BITS_NORM);
}

static inline void skipahead(unsigned long long n, curandStateMRG32k3a_t *state)
{
    simt_curand_mrg_jump(state->s1, state->s2, n, 0);
}
/* Subsequences are 2^76 values, valid below 2^51 (cuRAND's documentation);
 * from bit 51 on cuRAND's table holds zero matrices, which zero the state,
 * and libsimt does the same (src/curand/skipahead.c). */
static inline void skipahead_subsequence(unsigned long long n, curandStateMRG32k3a_t *state)
{
    simt_curand_mrg_jump(state->s1, state->s2, n, 76);
}
/* Sequences are 2^127 values. */
static inline void skipahead_sequence(unsigned long long n, curandStateMRG32k3a_t *state)
{
    simt_curand_mrg_jump(state->s1, state->s2, n, 127);
}

/* Seed 0 keeps the published initial state (12345 in every word). */
static inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                               curandStateMRG32k3a_t *state)
{
    using simt__curand::mulmod;
    for (int i = 0; i < 3; i++)
        state->s1[i] = state->s2[i] = 12345u;
    if (seed != 0ull) {
        unsigned int x1 = (unsigned int)seed ^ 0x55555555u;
        unsigned int x2 = (unsigned int)((seed >> 32) ^ 0xAAAAAAAAu);
        state->s1[0] = mulmod(x1, state->s1[0], simt__curand::mrg_m1);
        state->s1[1] = mulmod(x2, state->s1[1], simt__curand::mrg_m1);
        state->s1[2] = mulmod(x1, state->s1[2], simt__curand::mrg_m1);
        state->s2[0] = mulmod(x2, state->s2[0], simt__curand::mrg_m2);
        state->s2[1] = mulmod(x1, state->s2[1], simt__curand::mrg_m2);
        state->s2[2] = mulmod(x2, state->s2[2], simt__curand::mrg_m2);
    }
    if (subsequence)
        skipahead_subsequence(subsequence, state);
    if (offset)
        skipahead(offset, state);
    state->boxmuller_flag = 0;
    state->boxmuller_flag_double = 0;
    state->boxmuller_extra = 0.f;
    state->boxmuller_extra_double = 0.;
}

/* ---- Sobol' ------------------------------------------------------------------------ */

namespace simt__curand {
/* Point i + n: x is c xor the direction vectors of the Gray code's bits. */
template <class S, class U> static inline void sobol_skip(U n, S *state, int bits)
{
    state->x = state->c;
    state->i += n;
    U g = state->i ^ (state->i >> 1);
    for (int k = 0; k < bits; k++)
        if (g & ((U)1 << k))
            state->x ^= state->direction_vectors[k];
}
/* The bit that flips from point i to i + 1 (the lowest zero of i; the top
 * bit when there is none, as __ffs(~i) - 1 gives on the GPU). */
static inline int sobol_bit(unsigned int i) { return ~i ? __builtin_ctz(~i) : 31; }
static inline int sobol_bit(unsigned long long i) { return ~i ? __builtin_ctzll(~i) : 63; }
template <class S> static inline auto sobol_next(S *state) -> decltype(state->x)
{
    auto r = state->x;
    state->x ^= state->direction_vectors[sobol_bit(state->i)];
    state->i++;
    return r;
}
template <class S, class V, class U> static inline void sobol_init(const V *dirs, U scramble, U offset, S *state, int bits)
{
    state->i = 0;
    state->c = scramble;
    for (int k = 0; k < bits; k++)
        state->direction_vectors[k] = dirs[k];
    state->x = state->c;
    sobol_skip(offset, state, bits);
}
} // namespace simt__curand

static inline void skipahead(unsigned int n, curandStateSobol32_t *state) { simt__curand::sobol_skip(n, state, 32); }
static inline void skipahead(unsigned int n, curandStateScrambledSobol32_t *state)
{
    simt__curand::sobol_skip(n, state, 32);
}
static inline void skipahead(unsigned long long n, curandStateSobol64_t *state)
{
    simt__curand::sobol_skip(n, state, 64);
}
static inline void skipahead(unsigned long long n, curandStateScrambledSobol64_t *state)
{
    simt__curand::sobol_skip(n, state, 64);
}
static inline void curand_init(curandDirectionVectors32_t direction_vectors, unsigned int offset,
                               curandStateSobol32_t *state)
{
    simt__curand::sobol_init(direction_vectors, 0u, offset, state, 32);
}
static inline void curand_init(curandDirectionVectors32_t direction_vectors, unsigned int scramble_c,
                               unsigned int offset, curandStateScrambledSobol32_t *state)
{
    simt__curand::sobol_init(direction_vectors, scramble_c, offset, state, 32);
}
static inline void curand_init(curandDirectionVectors64_t direction_vectors, unsigned long long offset,
                               curandStateSobol64_t *state)
{
    simt__curand::sobol_init(direction_vectors, 0ull, offset, state, 64);
}
static inline void curand_init(curandDirectionVectors64_t direction_vectors, unsigned long long scramble_c,
                               unsigned long long offset, curandStateScrambledSobol64_t *state)
{
    simt__curand::sobol_init(direction_vectors, scramble_c, offset, state, 64);
}
static inline unsigned int curand(curandStateSobol32_t *state) { return simt__curand::sobol_next(state); }
static inline unsigned int curand(curandStateScrambledSobol32_t *state) { return simt__curand::sobol_next(state); }
static inline unsigned long long curand(curandStateSobol64_t *state) { return simt__curand::sobol_next(state); }
static inline unsigned long long curand(curandStateScrambledSobol64_t *state)
{
    return simt__curand::sobol_next(state);
}

#include "curand_uniform.h"
#include "curand_normal.h"
#include "curand_lognormal.h"
#include "curand_poisson.h"
#include "curand_discrete2.h"

#endif /* SIMT_CURAND_KERNEL_H */
