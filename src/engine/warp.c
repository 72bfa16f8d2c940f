/*
 * warp.c: warp collectives as rendezvous of the lanes they name.
 *
 * The last lane to arrive computes every lane's result, as the hardware
 * does in one instruction, stores each waiting lane's in its thread record
 * and makes them ready; it goes on with its own result without a switch.
 * Results follow PTX's shfl.sync/vote.sync/match.sync/redux.sync
 * definitions (PTX ISA, "Parallel Synchronization and Communication
 * Instructions"); what they leave undefined is reported.  One undefined
 * case is only warned about: a shuffle reading a lane outside its mask.
 * NVIDIA's own reduction sample does it (its last warp's tree reads lanes
 * that sit out) and passes on a GPU because an H100 returns 0 for such a
 * lane; simt returns 0 too.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/base.h"
#include "check/hooks.h"
#include "engine/ring.h"
#include "engine/sync.h"
#include "engine/warp.h"
#include "engine/watchdog.h"

static const char *const op_names[] = {
    "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync",
    "__ballot_sync", "__any_sync", "__all_sync",
    "__match_any_sync", "__match_all_sync",
    "__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync",
    "__reduce_min_sync", "__reduce_max_sync",
    "__reduce_and_sync", "__reduce_or_sync", "__reduce_xor_sync",
    "__syncwarp",
};

void warp_block_begin(struct block *b, struct warp *warps)
{
    b->warps = warps;
    b->warp_pending = 0;
    b->amask_waiters = 0;
    b->warps_ready = 0;
}

/* The block's warps are set up at its first collective or __activemask,
 * not as it starts: most blocks (all those the compiled tier runs) never
 * use them, and a block of 1024 threads has 32. */
static inline void warps_ready(struct block *b)
{
    if (__builtin_expect(b->warps_ready, 1))
        return;
    unsigned nwarps = (b->nthreads + 31) / 32;
    for (unsigned i = 0; i < nwarps; i++) {
        unsigned n = b->nthreads - i * 32;
        b->warps[i].lanes = n >= 32 ? 0xffffffffu : (1u << n) - 1;
        b->warps[i].ncoll = 0;
        b->warps[i].amask_waiting = 0;
    }
    b->warps_ready = 1;
}

/* ---- diagnostics ----------------------------------------------------------- */

static void fail(struct worker *w, unsigned wi, const char *site, const char *fmt, ...)
    __attribute__((noreturn, noinline, cold, format(printf, 4, 5)));
static void fail(struct worker *w, unsigned wi, const char *site, const char *fmt, ...)
{
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    (void)w;
    struct engine_failure f = {cudaErrorLaunchFailure, what, WHO_WARP, NULL, wi, site, NULL};
    engine_fail_with(&f);
}

/* Warns once per call site (the first few sites; later ones stay quiet). */
static void warn_once(struct worker *w, unsigned wi, const char *site, const char *advice,
                      const char *fmt, ...) __attribute__((noinline, cold, format(printf, 5, 6)));
static void warn_once(struct worker *w, unsigned wi, const char *site, const char *advice,
                      const char *fmt, ...)
{
    static const char *_Atomic warned[16];
    for (size_t k = 0; k < sizeof warned / sizeof warned[0]; k++) {
        const char *seen = NULL;
        if (atomic_compare_exchange_strong(&warned[k], &seen, site))
            break;
        if (seen == site)
            return;
        if (k + 1 == sizeof warned / sizeof warned[0])
            return;
    }
    char what[512], tail[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(tail, sizeof tail, " — %s", advice);
    (void)w;
    struct engine_failure f = {0, what, WHO_WARP, NULL, wi, site, tail};
    engine_warn_with(&f);
}

/* "lanes 3, 5-7" */
static const char *lane_list(unsigned m, char *buf, size_t len)
{
    size_t o = 0;
    buf[0] = 0;
    for (int i = 0; i < 32 && o + 12 < len; i++) {
        if (!(m >> i & 1))
            continue;
        int j = i;
        while (j + 1 < 32 && (m >> (j + 1) & 1))
            j++;
        o += (size_t)snprintf(buf + o, len - o, "%s%d", o ? ", " : "", i);
        if (j > i)
            o += (size_t)snprintf(buf + o, len - o, "-%d", j);
        i = j;
    }
    return buf;
}

/* ---- lane states ----------------------------------------------------------- */

/* Lanes of warp wi among `among` that have exited.  A lane that started
 * and holds no fiber is either the running one or gone. */
static unsigned exited_lanes(const struct block *b, unsigned wi, unsigned running, unsigned among)
{
    const struct warp *wp = &b->warps[wi];
    unsigned base = wi * 32, m = 0;
    unsigned started = b->next_thread <= base        ? 0
                     : b->next_thread - base >= 32 ? ~0u
                                                   : (1u << (b->next_thread - base)) - 1;
    if (b->order) { /* schedule exploration: threads start out of index order */
        started = 0;
        for (unsigned l = 0; l < 32; l++)
            if ((wp->lanes >> l & 1) && sched_started(b, base + l))
                started |= 1u << l;
    }
    unsigned cand = wp->lanes & started & among;
    if (running - base < 32)
        cand &= ~(1u << (running - base));
    for (; cand; cand &= cand - 1) {
        unsigned l = (unsigned)__builtin_ctz(cand);
        if (!sched_is_parked(b, &b->threads[base + l]))
            m |= 1u << l;
    }
    return m;
}

/* Every lane of the warp is blocked or gone: nothing more will arrive at
 * an __activemask of this warp. */
static int converged(const struct block *b, unsigned wi)
{
    const struct warp *wp = &b->warps[wi];
    for (unsigned l = 0; l < 32; l++) {
        unsigned id = wi * 32 + l;
        if (!(wp->lanes >> l & 1))
            continue;
        if (!sched_started(b, id))
            return 0;
        const struct sthread *t = &b->threads[id];
        if (sched_is_parked(b, t) && t->state == TS_READY)
            return 0;
    }
    return 1;
}

/* Whether site a ("file:line") comes before site b in the same file.  A
 * branch's body lies before its reconvergence point in the source. */
static int site_before(const char *a, const char *b)
{
    const char *ca = strrchr(a, ':'), *cb = strrchr(b, ':');
    if (!ca || !cb || ca - a != cb - b || strncmp(a, b, (size_t)(ca - a)) != 0)
        return 0;
    return strtol(ca + 1, NULL, 10) < strtol(cb + 1, NULL, 10);
}

/* The warp has converged: releases the __activemask waiters of one call
 * site with the lanes that wait there.  Of several sites, the lanes that
 * passed the fewest synchronization points go first: on a GPU they are the
 * ones the others would have waited for at the branch's reconvergence
 * point (ties: the site earlier in the same file, the branch's body, then
 * the site of the lowest lane).  The others wait on; released lanes block
 * or exit again and the next site follows.  `self`, a waiter still
 * running, gets its result returned rather than queued. */
static unsigned release_activemask(struct worker *w, struct block *b, unsigned wi, unsigned self)
{
    struct warp *wp = &b->warps[wi];
    unsigned waiting = wp->amask_waiting, best = 0, best_syncs = ~0u;
    const char *best_site = NULL;
    while (waiting) {
        int first = __builtin_ctz(waiting);
        const char *site = wp->amask_site[first];
        unsigned group = 0, syncs = ~0u;
        for (unsigned l = (unsigned)first; l < 32; l++) {
            if ((waiting >> l & 1) &&
                (wp->amask_site[l] == site || strcmp(wp->amask_site[l], site) == 0)) {
                group |= 1u << l;
                unsigned s = b->threads[wi * 32 + l].syncs;
                syncs = s < syncs ? s : syncs;
            }
        }
        waiting &= ~group;
        if (syncs < best_syncs || (syncs == best_syncs && site_before(site, best_site))) {
            best = group;
            best_syncs = syncs;
            best_site = site;
        }
    }
    unsigned mine = 0;
    for (unsigned l = 0; l < 32; l++) {
        if (!(best >> l & 1))
            continue;
        unsigned id = wi * 32 + l;
        if (id == self) {
            mine = best;
            continue;
        }
        b->threads[id].coll_result = best;
        engine_wake(&b->threads[id]);
    }
    wp->amask_waiting &= ~best;
    b->warp_pending -= simt__popcount32(best);
    b->amask_waiters -= simt__popcount32(best);
    return mine;
}

/* ---- results ----------------------------------------------------------------- */

/* The lane lane reads from, per shfl.sync: c packs the sub-warp mask and
 * the clamp lane as __shfl_*_sync build it from width. */
static unsigned shfl_source(int op, unsigned lane, int b, int width)
{
    unsigned segmask = (unsigned)(32 - width);
    unsigned cval = op == SIMT_SHFL_UP ? 0 : 31;
    unsigned maxl = (lane & segmask) | (cval & ~segmask);
    unsigned minl = lane & segmask;
    unsigned bb = (unsigned)b & 31;
    unsigned j;
    int ok;
    switch (op) {
    case SIMT_SHFL_UP:
        j = lane - bb;
        ok = (int)j >= (int)maxl;
        break;
    case SIMT_SHFL_DOWN:
        j = lane + bb;
        ok = j <= maxl;
        break;
    case SIMT_SHFL_XOR:
        j = lane ^ bb;
        ok = j <= maxl;
        break;
    default:
        j = minl | (bb & ~segmask);
        ok = j <= maxl;
        break;
    }
    return ok ? j : lane;
}

static uint64_t reduce(int op, const struct warp *wp, const struct wcoll *c)
{
    uint32_t acc = op == SIMT_REDUCE_AND ? 0xffffffffu : 0;
    int first = 1;
    for (unsigned l = 0; l < 32; l++) {
        if (!(c->mask >> l & 1))
            continue;
        uint32_t v = (uint32_t)wp->in[l];
        switch (op) {
        case SIMT_REDUCE_ADD: acc += v; break;
        case SIMT_REDUCE_AND: acc &= v; break;
        case SIMT_REDUCE_OR: acc |= v; break;
        case SIMT_REDUCE_XOR: acc ^= v; break;
        case SIMT_REDUCE_MIN: acc = first || (int32_t)v < (int32_t)acc ? v : acc; break;
        case SIMT_REDUCE_MAX: acc = first || (int32_t)v > (int32_t)acc ? v : acc; break;
        case SIMT_REDUCE_UMIN: acc = first || v < acc ? v : acc; break;
        case SIMT_REDUCE_UMAX: acc = first || v > acc ? v : acc; break;
        }
        first = 0;
    }
    return acc;
}

/* The lane a full-width shuffle of every lane reads for lane l (offset
 * or lane bb): shfl_source with width 32, op a constant where inlined. */
static inline __attribute__((always_inline)) unsigned full_source(int op, unsigned l, unsigned bb)
{
    switch (op) {
    case SIMT_SHFL_UP:
        return l >= bb ? l - bb : l;
    case SIMT_SHFL_DOWN:
        return l + bb <= 31 ? l + bb : l;
    case SIMT_SHFL_XOR:
        return l ^ bb;
    default:
        return bb;
    }
}

/* Every lane's result of a shuffle in which all 32 take part with width
 * 32 (no lane reads outside the mask), each waiting lane's in its record. */
static inline __attribute__((always_inline)) uint64_t full_shfl(int op, const struct warp *wp,
                                                                struct sthread *lanes, unsigned me)
{
    uint64_t mine = 0;
    for (unsigned l = 0; l < 32; l++) {
        uint64_t v = wp->in[full_source(op, l, (unsigned)wp->arg[l] & 31)];
        if (l == me)
            mine = v;
        else
            lanes[l].coll_result = v;
    }
    return mine;
}

/* A shuffle's results, each waiting lane's in its record; returns the
 * caller's. */
static uint64_t complete_shfl(struct worker *w, struct block *b, unsigned wi,
                              const struct wcoll *c, unsigned me)
{
    const struct warp *wp = &b->warps[wi];
    struct sthread *lanes = &b->threads[wi * 32];
    const unsigned m = c->mask;
    uint64_t mine = 0;
    if (m == 0xffffffffu && c->width == 32) {
        switch (c->op) {
        case SIMT_SHFL_UP: mine = full_shfl(SIMT_SHFL_UP, wp, lanes, me); break;
        case SIMT_SHFL_DOWN: mine = full_shfl(SIMT_SHFL_DOWN, wp, lanes, me); break;
        case SIMT_SHFL_XOR: mine = full_shfl(SIMT_SHFL_XOR, wp, lanes, me); break;
        default: mine = full_shfl(SIMT_SHFL_IDX, wp, lanes, me); break;
        }
        return mine;
    }
    for (unsigned rest = m; rest; rest &= rest - 1) {
        unsigned l = (unsigned)__builtin_ctz(rest);
        unsigned j = shfl_source(c->op, l, wp->arg[l], c->width);
        uint64_t v = wp->in[j];
        if (__builtin_expect(!(m >> j & 1), 0)) {
            char buf[64];
            warn_once(w, wi, c->site,
                      "CUDA leaves the value undefined and simt returns 0, as an H100 "
                      "does; read only lanes that take part (reported once per call site)",
                      "%s: lane %u reads lane %u, which is not in the mask 0x%08x (lanes %s)",
                      op_names[c->op], l, j, m, lane_list(m, buf, sizeof buf));
            v = 0;
        }
        if (l == me)
            mine = v;
        else
            lanes[l].coll_result = v;
    }
    return mine;
}

/* Computes every lane's result; returns the caller's. */
static uint64_t complete(struct worker *w, struct block *b, unsigned wi, struct wcoll *c,
                         unsigned me, int *pred)
{
    if (c->op <= SIMT_SHFL_XOR) {
        if (pred)
            *pred = 0;
        return complete_shfl(w, b, wi, c, me);
    }
    const struct warp *wp = &b->warps[wi];
    uint64_t res[32];
    int preds[32] = {0};
    unsigned m = c->mask;
    switch (c->op) {
    case SIMT_VOTE_BALLOT:
    case SIMT_VOTE_ANY:
    case SIMT_VOTE_ALL: {
        unsigned ballot = 0;
        for (unsigned l = 0; l < 32; l++)
            if ((m >> l & 1) && wp->in[l])
                ballot |= 1u << l;
        uint64_t r = c->op == SIMT_VOTE_BALLOT ? ballot
                   : c->op == SIMT_VOTE_ANY   ? ballot != 0
                                               : ballot == m;
        for (unsigned l = 0; l < 32; l++)
            res[l] = r;
        break;
    }
    case SIMT_MATCH_ANY:
        for (unsigned l = 0; l < 32; l++) {
            if (!(m >> l & 1))
                continue;
            unsigned same = 0;
            for (unsigned k = 0; k < 32; k++)
                if ((m >> k & 1) && wp->in[k] == wp->in[l])
                    same |= 1u << k;
            res[l] = same;
        }
        break;
    case SIMT_MATCH_ALL: {
        int all = 1;
        uint64_t v0 = wp->in[__builtin_ctz(m)];
        for (unsigned l = 0; l < 32; l++)
            if ((m >> l & 1) && wp->in[l] != v0)
                all = 0;
        for (unsigned l = 0; l < 32; l++) {
            res[l] = all ? m : 0;
            preds[l] = all;
        }
        break;
    }
    case SIMT_WARP_SYNC:
        memset(res, 0, sizeof res);
        break;
    default: {
        uint64_t r = reduce(c->op, wp, c);
        for (unsigned l = 0; l < 32; l++)
            res[l] = r;
        break;
    }
    }
    struct sthread *lanes = &b->threads[wi * 32];
    for (unsigned rest = m & ~(1u << me); rest; rest &= rest - 1) {
        unsigned l = (unsigned)__builtin_ctz(rest);
        lanes[l].coll_result = res[l];
        lanes[l].coll_pred = preds[l];
    }
    if (pred)
        *pred = preds[me];
    return res[me];
}

/* ---- the rendezvous -------------------------------------------------------- */

/* The checks of a collective's arguments and of the lanes already waiting,
 * off the hot path: each failure reports and abandons the block. */
static void check_args(struct worker *w, struct block *b, const char *site, int op,
                       unsigned mask, int width, unsigned wi, unsigned lane)
    __attribute__((noinline, cold));
static void check_args(struct worker *w, struct block *b, const char *site, int op,
                       unsigned mask, int width, unsigned wi, unsigned lane)
{
    const struct warp *wp = &b->warps[wi];
    char l1[160];
    if (!(mask >> lane & 1))
        fail(w, wi, site, "%s: lane %u calls it with mask 0x%08x, which does not name it — a "
                          "lane must be in its own mask", op_names[op], lane, mask);
    if (width < 1 || width > 32 || (width & (width - 1)))
        fail(w, wi, site, "%s: width %d — the width must be a power of two from 1 to 32",
             op_names[op], width);
    if (mask & ~wp->lanes)
        fail(w, wi, site, "%s: mask 0x%08x names %s, which this warp does not have (the block has "
                          "%u threads) — name only lanes that exist", op_names[op], mask,
             lane_list(mask & ~wp->lanes, l1, sizeof l1), b->nthreads);
}

static void mismatch(struct worker *w, const char *site, int op, unsigned mask, unsigned wi,
                     unsigned lane, const struct wcoll *p) __attribute__((noreturn, noinline, cold));
static void mismatch(struct worker *w, const char *site, int op, unsigned mask, unsigned wi,
                     unsigned lane, const struct wcoll *p)
{
    char l1[160];
    if (p->mask == mask)
        fail(w, wi, site, "lanes of one warp wait in different collectives: %s waits in "
                          "%s at %s, lane %u calls %s with the same mask 0x%08x",
             lane_list(p->arrived, l1, sizeof l1), op_names[p->op], p->site, lane,
             op_names[op], mask);
    fail(w, wi, site, "%s: lanes name each other with different masks: %s wait with mask "
                      "0x%08x (%s at %s), lane %u calls with mask 0x%08x",
         op_names[op], lane_list(p->arrived, l1, sizeof l1), p->mask, op_names[p->op],
         p->site, lane, mask);
}

static void exited_in_mask(struct worker *w, const char *site, int op, unsigned mask,
                           unsigned wi, unsigned gone) __attribute__((noreturn, noinline, cold));
static void exited_in_mask(struct worker *w, const char *site, int op, unsigned mask,
                           unsigned wi, unsigned gone)
{
    char l1[160];
    fail(w, wi, site, "%s: mask 0x%08x names %s, which exited — every lane a mask names "
                      "must reach the same collective", op_names[op], mask,
         lane_list(gone, l1, sizeof l1));
}

/* A collective the warp has not in flight: the next slot, none arrived. */
static inline __attribute__((always_inline)) struct wcoll *open_coll(struct block *b,
                                                                     struct warp *wp,
                                                                     const char *site, int op,
                                                                     unsigned mask,
                                                                     unsigned size, int width)
{
    /* Every slot holds a waiting lane, and the caller waits in none. */
    assert(wp->ncoll < WARP_MAX_COLL);
    struct wcoll *c = &wp->coll[wp->ncoll++];
    c->mask = mask;
    c->arrived = 0;
    c->op = (unsigned char)op;
    c->width = (unsigned char)width;
    c->size = (unsigned char)size;
    c->site = site;
    b->warp_pending++;
    return c;
}

static int same_coll(const struct wcoll *p, int op, int width)
{
    return p->op == op && (op > SIMT_SHFL_XOR || p->width == width);
}

static uint64_t collective_slow(const char *site, int op, unsigned mask, uint64_t value,
                                unsigned size, int arg, int width, int *pred)
    __attribute__((noinline));

/* An arrival in the warp's ring (ring.h): all 32 lanes meet in one
 * collective after another, so the first to arrive opens it and the last
 * completes it without waking anyone. */
static inline __attribute__((always_inline)) uint64_t ring_collective(struct worker *w,
                                                                      struct block *b,
                                                                      const char *site, int op,
                                                                      unsigned mask,
                                                                      uint64_t value,
                                                                      unsigned size, int arg,
                                                                      int width, int *pred)
{
    struct sthread *t = b->ring_run;
    unsigned lane = (unsigned)(t - b->ring_first);
    struct warp *wp = &b->warps[b->ring_warp];
    struct wcoll *c = &wp->coll[0];
    unsigned arrived = 1u << lane;
    if (wp->ncoll)
        arrived |= c->arrived;
    else
        open_coll(b, wp, site, op, mask, size, width);
    wp->in[lane] = value;
    wp->arg[lane] = arg;
    c->arrived = arrived;
    if (arrived == mask) {
        uint64_t r = complete(w, b, b->ring_warp, c, lane, pred);
        wp->ncoll = 0;
        b->warp_pending--;
        b->ring_passed++;
        b->ring_prev_site = site;
        /* The ring's lanes met: progress (watchdog.h). */
        watchdog_progress(w);
        return r;
    }
    sched_ring_park(w, b, t);
    if (pred)
        *pred = t->coll_pred;
    return t->coll_result;
}

/* A lane that arrives at the collective its warp has in flight, not the
 * last and named by the mask, having parked before (it holds its fiber):
 * its value is noted and it parks.  Everything else, first and last
 * arrivals and every check, in collective_slow.  (The first arrival
 * checked the mask and width this one matches.) */
static inline __attribute__((always_inline)) uint64_t collective(const char *site, int op,
                                                                 unsigned mask, uint64_t value,
                                                                 unsigned size, int arg,
                                                                 int width, int *pred)
{
    struct worker *w = engine__self;
    struct block *b = w ? w->cur : NULL;
    if (b && b->ring == RING_WARP && mask == 0xffffffffu && (unsigned)(width - 1) <= 31u &&
        !(width & (width - 1))) {
        const struct warp *wp = &b->warps[b->ring_warp];
        if (wp->ncoll == 0 || (wp->coll[0].mask == mask && same_coll(&wp->coll[0], op, width)))
            return ring_collective(w, b, site, op, mask, value, size, arg, width, pred);
    }
    struct sthread *t = b ? w->current->thr : NULL;
    if (t && b->warps_ready) {
        unsigned id = (unsigned)(t - b->threads), lane = id % 32;
        struct warp *wp = &b->warps[id / 32];
        struct wcoll *c = &wp->coll[0];
        unsigned arrived = c->arrived | 1u << lane;
        if (wp->ncoll == 1 && c->mask == mask && same_coll(c, op, width) &&
            (mask >> lane & 1) && arrived != mask) {
            sched_sync_counts(b);
            wp->in[lane] = value;
            wp->arg[lane] = arg;
            c->arrived = arrived;
            sched_count_sync(b, t);
            engine_park_unkeyed(t, NULL, site);
            if (pred)
                *pred = t->coll_pred;
            return t->coll_result;
        }
    }
    return collective_slow(site, op, mask, value, size, arg, width, pred);
}

static uint64_t collective_slow(const char *site, int op, unsigned mask, uint64_t value,
                                unsigned size, int arg, int width, int *pred)
{
    struct worker *w = engine_self();
    struct sthread *t = sched_current(w);
    if (!t) {
        fprintf(stderr, "simt: error: %s called outside a kernel at %s — warp functions exist "
                        "only in device code\n", op_names[op], site);
        return value;
    }
    struct block *b = w->cur;
    if (b->ring)
        sched_ring_flush(w, b); /* another collective, mask or barrier than its ring's */
    warps_ready(b);
    unsigned id = (unsigned)(t - b->threads), wi = id / 32, lane = id % 32;
    struct warp *wp = &b->warps[wi];
    if (__builtin_expect(!(mask >> lane & 1) || (unsigned)(width - 1) > 31u ||
                         (width & (width - 1)) || (mask & ~wp->lanes), 0))
        check_args(w, b, site, op, mask, width, wi, lane);
    struct wcoll *c = NULL;
    if (wp->ncoll == 1 && wp->coll[0].mask == mask && same_coll(&wp->coll[0], op, width)) {
        /* The usual case: the warp's one collective in flight, this one. */
        c = &wp->coll[0];
    } else {
        for (unsigned i = 0; i < wp->ncoll; i++) {
            struct wcoll *p = &wp->coll[i];
            if (p->mask == mask) {
                if (!same_coll(p, op, width))
                    mismatch(w, site, op, mask, wi, lane, p);
                c = p;
                break;
            }
            if ((p->arrived & mask) && (p->mask >> lane & 1))
                mismatch(w, site, op, mask, wi, lane, p);
        }
    }
    if (!c) {
        /* Lanes that exit later are caught as they exit; none has exited
         * while the block has all its threads. */
        unsigned gone = b->live == b->nthreads ? 0 : exited_lanes(b, wi, id, mask);
        if (gone)
            exited_in_mask(w, site, op, mask, wi, gone);
        c = open_coll(b, wp, site, op, mask, size, width);
    }
    wp->in[lane] = value;
    wp->arg[lane] = arg;
    c->arrived |= 1u << lane;
    sched_count_sync(b, t);
    if (c->arrived == c->mask) {
        if (hook_checking())
            check_warp_sync(b, wi, mask);
        uint64_t r = complete(w, b, wi, c, lane, pred);
        /* Free the slot (keeping the others packed). */
        struct wcoll *last = &wp->coll[--wp->ncoll];
        if (c != last)
            *c = *last;
        b->warp_pending--;
        /* The waiting lanes resume in lane order, or in the warp's ring
         * when all 32 took part (ring.h). */
        struct sthread *lanes = &b->threads[wi * 32];
        b->ring_warp = wi;
        if (mask != 0xffffffffu || b->amask_waiters ||
            !sched_ring_start(w, b, RING_WARP, lanes, 32, t, site))
            engine_wake_lanes(lanes, mask & ~(1u << lane));
        return r;
    }
    engine_park_unkeyed(t, NULL, site);
    if (pred)
        *pred = t->coll_pred;
    return t->coll_result;
}

void warp_thread_blocked(struct worker *w, struct block *b, unsigned id)
{
    unsigned wi = id / 32;
    if (b->warps[wi].amask_waiting && converged(b, wi))
        release_activemask(w, b, wi, (unsigned)-1);
}

void warp_thread_exited(struct worker *w, struct block *b, unsigned id)
{
    unsigned wi = id / 32, lane = id % 32;
    struct warp *wp = &b->warps[wi];
    char l1[160];
    for (unsigned i = 0; i < wp->ncoll; i++) {
        struct wcoll *c = &wp->coll[i];
        if ((c->mask >> lane & 1) && !(c->arrived >> lane & 1))
            fail(w, wi, c->site, "%s: lane %u exited while %s wait for it (mask 0x%08x) — every "
                                 "lane a mask names must reach the collective",
                 op_names[c->op], lane, lane_list(c->arrived, l1, sizeof l1), c->mask);
    }
    if (wp->amask_waiting && converged(b, wi))
        release_activemask(w, b, wi, (unsigned)-1);
}

/* ---- the API ------------------------------------------------------------------ */

/* x86-64: simt_shfl is fiber_x86_64.S's, which calls this and returns by
 * jmp (why there). */
#if defined(__x86_64__)
unsigned long long simt__shfl_body(const char *site, int op, unsigned mask,
                                   unsigned long long value, unsigned size, int b, int width)
    __attribute__((visibility("hidden")));
unsigned long long simt__shfl_body(const char *site, int op, unsigned mask,
                                   unsigned long long value, unsigned size, int b, int width)
#else
unsigned long long simt_shfl(const char *site, int op, unsigned mask, unsigned long long value,
                             unsigned size, int b, int width)
#endif
{
    return collective(site, op, mask, value, size, b, width, NULL);
}

unsigned simt_vote(const char *site, int op, unsigned mask, int predicate)
{
    return (unsigned)collective(site, op, mask, predicate != 0, 4, 0, 32, NULL);
}

unsigned simt_match(const char *site, int op, unsigned mask, unsigned long long value,
                    unsigned size, int *pred)
{
    int p = 0;
    unsigned r = (unsigned)collective(site, op, mask, value, size, 0, 32, &p);
    if (op == SIMT_MATCH_ALL && pred)
        *pred = p;
    return r;
}

unsigned simt_reduce(const char *site, int op, unsigned mask, unsigned value)
{
    return (unsigned)collective(site, op, mask, value, 4, 0, 32, NULL);
}

void simt_syncwarp(const char *site, unsigned mask)
{
    collective(site, SIMT_WARP_SYNC, mask, 0, 0, 0, 32, NULL);
}

unsigned simt_activemask(const char *site)
{
    struct worker *w = engine_self();
    struct sthread *t = sched_current(w);
    if (!t)
        return 0;
    struct block *b = w->cur;
    if (b->ring)
        sched_ring_flush(w, b);
    warps_ready(b);
    unsigned id = (unsigned)(t - b->threads), wi = id / 32, lane = id % 32;
    struct warp *wp = &b->warps[wi];
    wp->amask_waiting |= 1u << lane;
    wp->amask_site[lane] = site;
    b->warp_pending++;
    b->amask_waiters++;
    sched_count_sync(b, t);
    /* The running lane is neither ready nor unstarted: it counts as
     * blocked for the convergence test. */
    if (converged(b, wi)) {
        unsigned mine = release_activemask(w, b, wi, id);
        if (mine)
            return mine;
    }
    engine_park(t, NULL, site, 0);
    return (unsigned)t->coll_result;
}

/* The lanes of the warp that still run meet here, as at an __activemask
 * whose answer nobody reads: what they do next (one volatile access
 * each) they do as a converged warp, before any goes further.  Outside a
 * kernel (a host call of the device function) __activemask returns at
 * once. */
void simt_warp_lockstep(const char *site)
{
    (void)simt_activemask(site);
}

