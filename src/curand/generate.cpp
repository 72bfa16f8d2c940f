/*
 * generate.cpp: the host API's results, element by element, as cuRAND's
 * generation kernels lay them out (measured on an H100: see
 * docs/COMPATIBILITY.md, cuRAND).
 *
 * XORWOW and MRG32k3a run T threads, thread t on subsequence t; the
 * layout's slot g belongs to thread g mod T, its round g / T.  A fresh
 * thread starts at its first round at or after the offset o; a kept one
 * continues where the last call left it (generate.h); either draws its
 * values in order, one slot after another, a slot being one element, or
 * one pair for the Box-Muller distributions.
 * Philox runs 65536 threads that each own four consecutive slots per
 * round, and computes every block of four values from its counter.
 *
 * Generators made by curandCreateGenerator compute as the device API does
 * on a GPU (curand_kernel.h); host generators (curandCreateGeneratorHost)
 * compute as the library's CPU code does: the same formulas in the C
 * library's float and double arithmetic, without fused multiply-adds.
 */
#include <math.h>

#include <curand_kernel.h>

extern "C" {
#include "curand/generate.h"
#include "curand/poisson.h"
}

namespace {

/* ---- arithmetic: the GPU's, or the host library's ------------------------ */

struct gpu_math {
    static float2 box_muller(unsigned int x, unsigned int y) { return simt__curand::box_muller(x, y); }
    static double2 box_muller_double(unsigned int x0, unsigned int x1, unsigned int y0, unsigned int y1)
    {
        return simt__curand::box_muller_double(x0, x1, y0, y1);
    }
    static float2 box_muller_mrg(curandStateMRG32k3a_t *s) { return simt__curand::box_muller_mrg(s); }
    static double2 box_muller_mrg_double(curandStateMRG32k3a_t *s) { return simt__curand::box_muller_mrg_double(s); }
    static float scale(float n, float mean, float stddev) { return __builtin_fmaf(n, stddev, mean); }
    static double scale(double n, double mean, double stddev) { return __builtin_fma(n, stddev, mean); }
    static float lognormal(float n, float mean, float stddev) { return simt__curand::lognormal(n, mean, stddev); }
    static double lognormal(double n, double mean, double stddev)
    {
        return simt__curand::lognormal(n, mean, stddev);
    }
    static unsigned int poisson(float n, double lambda) { return simt__curand::poisson_normal(n, lambda); }
};

/* The library's CPU code: the same formulas with the C library's logf,
 * sinf, cosf, expf and their double versions, rounding every product
 * (this file is compiled with -ffp-contract=off). */
struct host_math {
    static float2 polar(float u, float v)
    {
        float s = sqrtf(-2.0f * logf(u));
        return make_float2(sinf(v) * s, cosf(v) * s);
    }
    static double2 polar(double u, double v)
    {
        double s = sqrt(-2.0 * log(u));
        return make_double2(sin(v * CURAND_PI_DOUBLE) * s, cos(v * CURAND_PI_DOUBLE) * s);
    }
    static float2 box_muller(unsigned int x, unsigned int y)
    {
        float u = x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2);
        return polar(u, y * CURAND_2POW32_INV_2PI + (CURAND_2POW32_INV_2PI / 2));
    }
    static double2 box_muller_double(unsigned int x0, unsigned int x1, unsigned int y0, unsigned int y1)
    {
        unsigned long long zx = (unsigned long long)x0 ^ ((unsigned long long)x1 << (53 - 32));
        double u = zx * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
        unsigned long long zy = (unsigned long long)y0 ^ ((unsigned long long)y1 << (53 - 32));
        double v = zy * (CURAND_2POW53_INV_DOUBLE * 2.0) + CURAND_2POW53_INV_DOUBLE;
        return polar(u, v);
    }
    static float2 box_muller_mrg(curandStateMRG32k3a_t *s)
    {
        float x = curand_uniform(s);
        float y = curand_uniform(s) * CURAND_2PI;
        return polar(x, y);
    }
    static double2 box_muller_mrg_double(curandStateMRG32k3a_t *s)
    {
        double x = curand_uniform_double(s);
        double y = curand_uniform_double(s) * 2.0;
        return polar(x, y);
    }
    static float scale(float n, float mean, float stddev) { return n * stddev + mean; }
    static double scale(double n, double mean, double stddev) { return n * stddev + mean; }
    static float lognormal(float n, float mean, float stddev) { return expf(mean + stddev * n); }
    static double lognormal(double n, double mean, double stddev) { return exp(mean + stddev * n); }
    static unsigned int poisson(float n, double lambda) { return (unsigned int)(sqrt(lambda) * n + lambda + 0.5); }
};

/* ---- layouts ------------------------------------------------------------------ */

/* Threads of each layout.  DYNAMIC is the layout cuRAND fits to the GPU;
 * these are the H100's (132 multiprocessors). */
enum {
    XORWOW_THREADS = 4096,
    XORWOW_DYNAMIC_THREADS = 2816,
    MRG_THREADS = 81920,
    MRG_LEGACY_THREADS = 4096,
    MRG_DYNAMIC_THREADS = 270336,
    PHILOX_THREADS = 65536,
    PHILOX_DYNAMIC_THREADS = 67584
};
/* Threads per part: a part writes whole cache lines of most outputs. */
enum { SEQ_PART = 64, PHILOX_PART = 16 };
/* SEEDED XORWOW seeds thread t with seed + t * this, on subsequence 0. */
static const unsigned long long SEEDED_STEP = 3133713ull;

static bool pairs(const curand_job *j)
{
    return j->dist == CURAND_JOB_NORMAL || j->dist == CURAND_JOB_NORMAL_DOUBLE || j->dist == CURAND_JOB_LOGNORMAL ||
           j->dist == CURAND_JOB_LOGNORMAL_DOUBLE;
}

static unsigned long long slots(const curand_job *j)
{
    if (j->rng != CURAND_RNG_PSEUDO_PHILOX4_32_10 && pairs(j))
        return (j->n + 1) / 2;
    return j->n;
}

static unsigned layout_threads(int rng, int ordering)
{
    bool dynamic = ordering == CURAND_ORDERING_PSEUDO_DYNAMIC;
    switch (rng) {
    case CURAND_RNG_PSEUDO_MRG32K3A:
        return ordering == CURAND_ORDERING_PSEUDO_LEGACY ? MRG_LEGACY_THREADS
               : dynamic                                 ? MRG_DYNAMIC_THREADS
                                                         : MRG_THREADS;
    case CURAND_RNG_PSEUDO_PHILOX4_32_10:
        return dynamic ? PHILOX_DYNAMIC_THREADS : PHILOX_THREADS;
    default:
        return dynamic ? XORWOW_DYNAMIC_THREADS : XORWOW_THREADS;
    }
}

static unsigned threads(const curand_job *j) { return layout_threads(j->rng, j->ordering); }

/* ---- writing elements ------------------------------------------------------------- */

template <class M> struct out {
    const curand_job *j;
    void put(size_t e, unsigned int v) const { ((unsigned int *)j->out)[e] = v; }
    void put(size_t e, float v) const { ((float *)j->out)[e] = v; }
    void put(size_t e, double v) const { ((double *)j->out)[e] = v; }
    /* A pair of normals for slot k: elements 2k and 2k + 1 (the second
     * only when the call asked for it). */
    template <class V2> void pair(size_t k, V2 v) const
    {
        bool two = 2 * k + 1 < j->n;
        if (j->dist == CURAND_JOB_LOGNORMAL || j->dist == CURAND_JOB_LOGNORMAL_DOUBLE) {
            put(2 * k, M::lognormal(v.x, (decltype(v.x))j->mean, (decltype(v.x))j->stddev));
            if (two)
                put(2 * k + 1, M::lognormal(v.y, (decltype(v.x))j->mean, (decltype(v.x))j->stddev));
        } else {
            put(2 * k, M::scale(v.x, (decltype(v.x))j->mean, (decltype(v.x))j->stddev));
            if (two)
                put(2 * k + 1, M::scale(v.y, (decltype(v.x))j->mean, (decltype(v.x))j->stddev));
        }
    }
    /* One element of a pair (Philox lays pairs out as elements). */
    template <class V2> void half(size_t e, V2 v, bool second) const
    {
        auto x = second ? v.y : v.x;
        if (j->dist == CURAND_JOB_LOGNORMAL || j->dist == CURAND_JOB_LOGNORMAL_DOUBLE)
            put(e, M::lognormal(x, (decltype(x))j->mean, (decltype(x))j->stddev));
        else
            put(e, M::scale(x, (decltype(x))j->mean, (decltype(x))j->stddev));
    }
};

/* ---- XORWOW and MRG32k3a: a state per thread, drawn in order ------------------------- */

/* curand_normal's caching, with M's arithmetic: a pair's first value now,
 * its second at the next call. */
template <class S, class F> static float cached_normal(S *s, F pair)
{
    if (s->boxmuller_flag != EXTRA_FLAG_NORMAL) {
        float2 v = pair(s);
        s->boxmuller_extra = v.y;
        s->boxmuller_flag = EXTRA_FLAG_NORMAL;
        return v.x;
    }
    s->boxmuller_flag = 0;
    return s->boxmuller_extra;
}

template <class M> static float2 pair_xorwow(curandStateXORWOW_t *s)
{
    unsigned int x = curand(s), y = curand(s);
    return M::box_muller(x, y);
}

/* A Poisson value: the histogram takes one 32-bit value, the normal
 * approximation (lambda > 2000) one curand_normal. */
template <class M, class S, class F> static unsigned int poisson(const curand_job *j, S *s, F pair)
{
    if (j->poisson->normal)
        return M::poisson(cached_normal(s, pair), j->lambda);
    return curand_poisson_value(j->poisson, curand(s));
}

template <class M> static void slot_xorwow(const out<M> &o, curandStateXORWOW_t *s, size_t k)
{
    const curand_job *j = o.j;
    switch (j->dist) {
    case CURAND_JOB_BITS: o.put(k, curand(s)); break;
    case CURAND_JOB_UNIFORM: o.put(k, simt__curand::uniform(curand(s))); break;
    case CURAND_JOB_UNIFORM_DOUBLE: {
        unsigned int x = curand(s), y = curand(s);
        o.put(k, simt__curand::uniform_double_hq(x, y));
        break;
    }
    case CURAND_JOB_NORMAL:
    case CURAND_JOB_LOGNORMAL: {
        unsigned int x = curand(s), y = curand(s);
        o.pair(k, M::box_muller(x, y));
        break;
    }
    case CURAND_JOB_NORMAL_DOUBLE:
    case CURAND_JOB_LOGNORMAL_DOUBLE: {
        unsigned int x0 = curand(s), x1 = curand(s), y0 = curand(s), y1 = curand(s);
        o.pair(k, M::box_muller_double(x0, x1, y0, y1));
        break;
    }
    case CURAND_JOB_POISSON: o.put(k, poisson<M>(j, s, pair_xorwow<M>)); break;
    }
}

template <class M> static void slot_mrg(const out<M> &o, curandStateMRG32k3a_t *s, size_t k)
{
    const curand_job *j = o.j;
    switch (j->dist) {
    case CURAND_JOB_BITS: o.put(k, curand(s)); break;
    case CURAND_JOB_UNIFORM: o.put(k, curand_uniform(s)); break;
    case CURAND_JOB_UNIFORM_DOUBLE: o.put(k, curand_uniform_double(s)); break;
    case CURAND_JOB_NORMAL:
    case CURAND_JOB_LOGNORMAL: o.pair(k, M::box_muller_mrg(s)); break;
    case CURAND_JOB_NORMAL_DOUBLE:
    case CURAND_JOB_LOGNORMAL_DOUBLE: o.pair(k, M::box_muller_mrg_double(s)); break;
    case CURAND_JOB_POISSON: o.put(k, poisson<M>(j, s, M::box_muller_mrg)); break;
    }
}

/* Thread t's state for a job: the kept one, or a fresh one at the first
 * round at or after the job's offset (its seed and subsequence per the
 * ordering). */
template <class S> static S *thread_state(const curand_job *j, unsigned long long t, unsigned long long T)
{
    S *s = (S *)j->states + t;
    if (j->fresh) {
        unsigned long long o = j->offset, round = o / T + (t < o % T ? 1 : 0);
        if (j->ordering == CURAND_ORDERING_PSEUDO_SEEDED)
            curand_init(j->seed + t * SEEDED_STEP, 0, round, s);
        else
            curand_init(j->seed, t, round, s);
    }
    return s;
}

template <class M> static void run_sequential(const curand_job *j, unsigned part)
{
    const unsigned long long T = threads(j), o = j->offset, end = o + slots(j);
    out<M> w = {j};
    for (unsigned long long t = (unsigned long long)part * SEQ_PART; t < T && t < (part + 1ull) * SEQ_PART; t++) {
        /* The thread's first slot at or after o. */
        unsigned long long g = (o / T + (t < o % T ? 1 : 0)) * T + t;
        if (j->rng == CURAND_RNG_PSEUDO_MRG32K3A) {
            curandStateMRG32k3a_t *s = thread_state<curandStateMRG32k3a_t>(j, t, T);
            for (; g < end; g += T)
                slot_mrg(w, s, g - o);
        } else {
            curandStateXORWOW_t *s = thread_state<curandStateXORWOW_t>(j, t, T);
            for (; g < end; g += T)
                slot_xorwow(w, s, g - o);
        }
    }
}

/* ---- Philox4x32-10: blocks of four values from the counter --------------------------- */

/* Values 4c .. 4c + 3 of subsequence t. */
static uint4 philox_block(unsigned long long seed, unsigned long long t, unsigned long long c)
{
    uint4 ctr = make_uint4((unsigned int)c, (unsigned int)(c >> 32), (unsigned int)t, (unsigned int)(t >> 32));
    return curand_Philox4x32_10(ctr, make_uint2((unsigned int)seed, (unsigned int)(seed >> 32)));
}

/* Where thread t's values for this call start.  A thread starts at the
 * block of its first round in the call, skips the slots before its first
 * one, and draws w values per slot from there: for w = 1 that is every
 * slot's own position, for the doubles (w = 2) it is not (measured). */
struct philox_thread {
    unsigned long long t, r0;
    int i0;
};

/* Value index, in thread t's subsequence, of the first value of slot i of
 * round r when each slot takes w values. */
static unsigned long long philox_value(const philox_thread &p, unsigned long long r, int i, int w)
{
    return 4 * p.r0 + (unsigned long long)w * (4 * (r - p.r0) + i);
}

/* Values v .. v + 3, v a multiple of 2, of subsequence t. */
static void philox_values(unsigned long long seed, unsigned long long t, unsigned long long v, unsigned int out[4])
{
    uint4 a = philox_block(seed, t, v / 4);
    if (v % 4 == 0) {
        out[0] = a.x, out[1] = a.y, out[2] = a.z, out[3] = a.w;
        return;
    }
    uint4 b = philox_block(seed, t, v / 4 + 1);
    out[0] = a.z, out[1] = a.w, out[2] = b.x, out[3] = b.y;
}

/* Slot i (0..3) of round r of thread p.t, as element e. */
template <class M> static void slot_philox(const out<M> &o, const philox_thread &p, unsigned long long r, int i,
                                           size_t e)
{
    const curand_job *j = o.j;
    unsigned long long seed = j->seed, t = p.t;
    unsigned int v[4];
    switch (j->dist) {
    case CURAND_JOB_BITS:
    case CURAND_JOB_UNIFORM:
    case CURAND_JOB_POISSON: {
        uint4 b = philox_block(seed, t, r);
        unsigned int x = i == 0 ? b.x : i == 1 ? b.y : i == 2 ? b.z : b.w;
        if (j->dist == CURAND_JOB_BITS)
            o.put(e, x);
        else if (j->dist == CURAND_JOB_UNIFORM)
            o.put(e, simt__curand::uniform(x));
        else if (!j->poisson->normal)
            o.put(e, curand_poisson_value(j->poisson, x));
        else {
            float2 n = (i & 2) ? M::box_muller(b.z, b.w) : M::box_muller(b.x, b.y);
            o.put(e, M::poisson((i & 1) ? n.y : n.x, j->lambda));
        }
        break;
    }
    case CURAND_JOB_UNIFORM_DOUBLE:
        philox_values(seed, t, philox_value(p, r, i, 2), v);
        o.put(e, simt__curand::uniform_double_hq(v[0], v[1]));
        break;
    case CURAND_JOB_NORMAL:
    case CURAND_JOB_LOGNORMAL: {
        uint4 b = philox_block(seed, t, r);
        o.half(e, (i & 2) ? M::box_muller(b.z, b.w) : M::box_muller(b.x, b.y), i & 1);
        break;
    }
    case CURAND_JOB_NORMAL_DOUBLE:
    case CURAND_JOB_LOGNORMAL_DOUBLE:
        philox_values(seed, t, philox_value(p, r, i & 2, 2), v);
        o.half(e, M::box_muller_double(v[0], v[1], v[2], v[3]), i & 1);
        break;
    }
}

template <class M> static void run_philox(const curand_job *j, unsigned part)
{
    const unsigned long long T = threads(j), o = j->offset, end = o + slots(j);
    const unsigned long long ra = o / 4 / T, ta = o / 4 % T;
    out<M> w = {j};
    unsigned long long t0 = (unsigned long long)part * PHILOX_PART;
    philox_thread p[PHILOX_PART];
    for (unsigned k = 0; k < PHILOX_PART; k++) {
        unsigned long long t = t0 + k;
        p[k] = philox_thread{t, t < ta ? ra + 1 : ra, t == ta ? (int)(o % 4) : 0};
    }
    /* Rounds in order, the part's threads within a round: consecutive
     * elements. */
    for (unsigned long long r = ra; 4 * (r * T + t0) < end; r++)
        for (unsigned k = 0; k < PHILOX_PART && t0 + k < T; k++)
            for (int i = 0; i < 4; i++) {
                unsigned long long g = 4 * (r * T + t0 + k) + i;
                if (g >= o && g < end)
                    slot_philox(w, p[k], r, i, g - o);
            }
}

} // namespace

extern "C" unsigned curand_job_parts(const curand_job *j)
{
    unsigned part = j->rng == CURAND_RNG_PSEUDO_PHILOX4_32_10 ? PHILOX_PART : SEQ_PART;
    return (threads(j) + part - 1) / part;
}

extern "C" unsigned long long curand_job_slots(const curand_job *j) { return slots(j); }

extern "C" size_t curand_job_state_bytes(int rng, int ordering)
{
    size_t n = layout_threads(rng, ordering);
    switch (rng) {
    case CURAND_RNG_PSEUDO_XORWOW: return n * sizeof(curandStateXORWOW_t);
    case CURAND_RNG_PSEUDO_MRG32K3A: return n * sizeof(curandStateMRG32k3a_t);
    default: return 0;
    }
}

extern "C" void curand_job_run(const curand_job *j, unsigned part)
{
    if (j->rng == CURAND_RNG_PSEUDO_PHILOX4_32_10) {
        if (j->host)
            run_philox<host_math>(j, part);
        else
            run_philox<gpu_math>(j, part);
    } else {
        if (j->host)
            run_sequential<host_math>(j, part);
        else
            run_sequential<gpu_math>(j, part);
    }
}
