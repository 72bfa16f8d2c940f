/*
 * streamrace.c: races between transfers in unordered streams (see
 * streamrace.h).
 *
 * Every command linked while checking gets a vector clock; transfers also
 * leave their footprint in a window of the last WINDOW of them.  A new
 * transfer is compared with the window: an entry its clock does not
 * cover (neither stream order, nor an event, nor a host wait put it
 * before) whose footprint overlaps, one of the two writing, is a race.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/check.h"
#include "check/hooks.h"
#include "engine/sync.h"
#include "runtime/memory.h"
#include "runtime/streamrace.h"

#define SLOTS 64
#define WINDOW 256

struct race_clock {
    unsigned long long t[SLOTS];
};

/* A transfer's footprint: depth slices of height rows of width bytes. */
struct fp {
    uintptr_t base;
    size_t width, pitch, height, slice, depth;
};

struct race_info {
    struct race_clock vc;
    uint32_t key;             /* the checker's name for it (below), or 0 */
};

struct entry {
    unsigned slot;
    unsigned long long seq;
    unsigned long long stream;
    int is_set;
    struct fp w, r;           /* r.width 0: reads nothing the device sees */
};

static struct {
    /* Under the timeline lock. */
    unsigned long long seq[SLOTS];
    struct race_clock all;    /* join of every command's clock */
    struct race_clock scratch;
    struct entry window[WINDOW];
    unsigned nwindow, next;
    /* The host's clock, under its own lock (joins happen outside the
     * timeline lock); read under both. */
    pthread_mutex_t host_lock;
    struct race_clock host;
} R = {.host_lock = PTHREAD_MUTEX_INITIALIZER};

/* The footprint the calling thread's next command carries. */
static SIMT_TLS struct {
    int set;
    int is_set;
    struct fp w, r;
} pending;

static int on(void)
{
    return hook_checking() && (simt__check_on & CHECK_RACE);
}

static void join(struct race_clock *a, const struct race_clock *b)
{
    for (int i = 0; i < SLOTS; i++)
        if (b->t[i] > a->t[i])
            a->t[i] = b->t[i];
}

static struct fp footprint(const void *p, const struct xfer *x, size_t pitch, size_t slice)
{
    struct fp f = {(uintptr_t)p, x->width, pitch, x->height, slice, x->depth};
    if (f.height <= 1 && f.depth <= 1)
        f.pitch = f.slice = 0;
    return f;
}

void streamrace_note(const struct xfer *x, int dst_known, int src_known)
{
    if (!on())
        return;
    memset(&pending, 0, sizeof pending);
    pending.set = 1;
    pending.is_set = x->src == NULL;
    if (dst_known)
        pending.w = footprint(x->dst, x, x->dpitch, x->dslice);
    if (src_known && x->src)
        pending.r = footprint(x->src, x, x->spitch, x->sslice);
}

struct race_clock *streamrace_begin(void)
{
    pthread_mutex_lock(&R.host_lock);
    R.scratch = R.host;
    pthread_mutex_unlock(&R.host_lock);
    return &R.scratch;
}

void streamrace_after(struct race_clock *vc, const struct cmd *before)
{
    if (!before)
        return;
    if (before->race)
        join(vc, &before->race->vc);
    else
        join(vc, &R.all); /* made before checking: after everything */
}

/* ---- footprints ------------------------------------------------------------------ */

/* Whether some row of b overlaps [s, e). */
static int hits(const struct fp *b, uintptr_t s, uintptr_t e)
{
    if (b->depth > 4096)
        return 0; /* too big to decide cheaply: not proved */
    for (size_t z = 0; z < b->depth; z++) {
        uintptr_t bz = b->base + z * b->slice;
        if (b->height <= 1 || b->pitch == 0) {
            if (bz < e && bz + b->width > s)
                return 1;
            continue;
        }
        if (e <= bz)
            continue;
        size_t ymax = (e - 1 - bz) / b->pitch;
        size_t ymin = s < bz + b->width ? 0 : (s - b->width - bz) / b->pitch + 1;
        if (ymax > b->height - 1)
            ymax = b->height - 1;
        if (ymin <= ymax)
            return 1;
    }
    return 0;
}

static int overlap(const struct fp *a, const struct fp *b)
{
    if (!a->width || !b->width || !a->height || !b->height || !a->depth || !b->depth)
        return 0;
    if (a->height * a->depth > 65536)
        return 0;
    for (size_t z = 0; z < a->depth; z++)
        for (size_t y = 0; y < a->height; y++) {
            uintptr_t s = a->base + z * a->slice + y * a->pitch;
            if (hits(b, s, s + a->width))
                return 1;
        }
    return 0;
}

/* A stream as reports name it. */
static void stream_name(char *buf, size_t len, unsigned long long stream)
{
    if (stream == 1)
        snprintf(buf, len, "the default stream");
    else
        snprintf(buf, len, "stream %llu", stream);
}

/* ---- commands the checker's records name ----------------------------------------- */

/* A kernel launched from the host, or a transfer, gets a key: the
 * checker's shadow records carry it as their launch (check.c), and a
 * record of another command is ordered before the running access when
 * the running command's clock covers the other's entry.  The last RING
 * commands are known; older keys, and keys of grids launched by device
 * code (ordered by their parents, not by clocks), count as ordered: races
 * are missed, never invented. */
#define KEY_LIMIT 0x7fffffu
#define RING 4096

struct known {
    _Atomic uint32_t key;     /* 0 while rewritten */
    unsigned slot;
    unsigned long long t;     /* the command's own entry: t[slot] */
    unsigned long long stream;
    int kind;                 /* 0 a kernel, 1 a memset, 2 a copy */
    const char *name;
    dim3 grid, block;
    struct race_clock vc;
};

static struct known K[RING];
static uint32_t next_key;     /* under the timeline lock */
static SIMT_TLS uint32_t running;

static uint32_t remember(struct cmd *c, unsigned slot, const struct race_clock *vc, int kind)
{
    next_key = next_key % KEY_LIMIT + 1;
    uint32_t key = next_key;
    struct known *k = &K[key % RING];
    atomic_store_explicit(&k->key, 0, memory_order_relaxed);
    atomic_thread_fence(memory_order_release);
    k->slot = slot;
    k->t = vc->t[slot];
    k->stream = c->stream ? c->stream->id : 0;
    k->kind = kind;
    k->name = kind == 0 ? c->grid->name : NULL;
    if (kind == 0) {
        k->grid = c->grid->grid_dim;
        k->block = c->grid->block_dim;
    }
    k->vc = *vc;
    atomic_store_explicit(&k->key, key, memory_order_release);
    return key;
}

int streamrace_ordered(uint32_t before, uint32_t after)
{
    if (!before || !after || before == after || before > KEY_LIMIT || after > KEY_LIMIT)
        return 1;
    const struct known *a = &K[before % RING], *b = &K[after % RING];
    if (atomic_load_explicit(&a->key, memory_order_acquire) != before ||
        atomic_load_explicit(&b->key, memory_order_acquire) != after)
        return 1;
    unsigned slot = a->slot;
    unsigned long long t = a->t, seen = b->vc.t[slot % SLOTS];
    atomic_thread_fence(memory_order_acquire);
    if (atomic_load_explicit(&a->key, memory_order_relaxed) != before ||
        atomic_load_explicit(&b->key, memory_order_relaxed) != after)
        return 1;
    return seen >= t;
}

int streamrace_describe(uint32_t key, uint32_t tid, char *buf, size_t len)
{
    const struct known *k = &K[key % RING];
    if (!key || key > KEY_LIMIT || atomic_load_explicit(&k->key, memory_order_acquire) != key)
        return 0;
    char st[64];
    stream_name(st, sizeof st, k->stream);
    if (k->kind != 0) {
        snprintf(buf, len, "a %s in %s", k->kind == 1 ? "memset" : "copy", st);
        return 1;
    }
    unsigned n = k->block.x * k->block.y * k->block.z, blk = n ? tid / n : 0, t = n ? tid % n : 0;
    snprintf(buf, len, "thread (%u,%u,%u) in block (%u,%u,%u) of kernel %s in %s",
             t % k->block.x, t / k->block.x % k->block.y, t / (k->block.x * k->block.y),
             blk % k->grid.x, blk / k->grid.x % k->grid.y, blk / (k->grid.x * k->grid.y),
             k->name ? k->name : "?", st);
    return 1;
}

void streamrace_unname(struct cmd *c)
{
    if (c->race)
        c->race->key = 0;
    if (c->kind == CMD_GRID && c->grid)
        c->grid->race_key = 0;
}

uint32_t streamrace_running(void)
{
    return running;
}

void streamrace_run(const struct cmd *c, void (*fn)(void *), void *arg)
{
    if (!c->race) {
        fn(arg);
        return;
    }
    running = c->race->key;
    fn(arg);
    running = 0;
}

/* ---- reports -------------------------------------------------------------------------- */

static void describe(char *buf, size_t len, const char *what, const struct fp *f,
                     unsigned long long stream)
{
    size_t bytes = f->width * f->height * f->depth;
    struct mem_range m;
    char in[160] = "";
    if (mem_lookup((const void *)f->base, &m))
        snprintf(in, sizeof in, " (offset %zu of a %zu-byte allocation at %p)",
                 (size_t)(f->base - (uintptr_t)m.start), m.size, (void *)m.start);
    char st[64];
    stream_name(st, sizeof st, stream);
    snprintf(buf, len, "%s %zu bytes at %p%s in %s", what, bytes, (void *)f->base, in, st);
}

static void report(const struct entry *old, const struct entry *new, const struct fp *a,
                   const struct fp *b, const char *a_what, const char *b_what)
{
    struct mem_range m;
    uintptr_t key = mem_lookup((const void *)a->base, &m) ? (uintptr_t)m.start : a->base;
    if (!report_first(key ^ (old->stream << 40) ^ (new->stream << 20),
                      0x5352u ^ (uint64_t)(uintptr_t)a_what ^ ((uint64_t)(uintptr_t)b_what << 1)))
        return;
    char one[400], two[400];
    describe(one, sizeof one, a_what, a, old->stream);
    describe(two, sizeof two, b_what, b, new->stream);
    report_lock();
    fprintf(stderr,
            "simt: error: stream race: %s, then %s, with nothing ordering them (no stream order, "
            "event or host synchronization between the two) — record an event after the first "
            "and make the second's stream wait for it (cudaStreamWaitEvent), or synchronize\n",
            one, two);
    fflush(stderr);
    report_count();
    report_unlock();
}

static const char *writer(const struct entry *e)
{
    return e->is_set ? "a memset writing" : "a copy writing";
}

static void compare(const struct entry *old, const struct entry *new)
{
    if (overlap(&old->w, &new->w))
        report(old, new, &old->w, &new->w, writer(old), writer(new));
    else if (overlap(&old->w, &new->r))
        report(old, new, &old->w, &new->r, writer(old), "a copy reading");
    else if (overlap(&old->r, &new->w))
        report(old, new, &old->r, &new->w, "a copy reading", writer(new));
}

void streamrace_linked(struct cmd *c, struct CUstream_st *s, struct race_clock *vc)
{
    if (!on()) {
        pending.set = 0;
        return;
    }
    unsigned slot = (unsigned)(s->id % SLOTS);
    vc->t[slot] = ++R.seq[slot];
    join(&R.all, vc);
    struct race_info *info = malloc(sizeof *info);
    if (info) {
        info->vc = *vc;
        info->key = 0;
        c->race = info;
        /* What device code launches (a grid, a graph instantiated for
         * device launch) is ordered by the launching grid, which its clock
         * does not tell: such grids stay unnamed. */
        if (c->kind == CMD_GRID && c->grid && !c->grid->parent && !c->grid->graph_exec &&
            !engine_in_kernel())
            c->grid->race_key = info->key = remember(c, slot, vc, 0);
        else if (pending.set)
            info->key = remember(c, slot, vc, pending.is_set ? 1 : 2);
    }
    if (!pending.set)
        return;
    pending.set = 0;
    struct entry e = {slot, vc->t[slot], s->id, pending.is_set, pending.w, pending.r};
    for (unsigned i = 0; i < R.nwindow; i++) {
        const struct entry *o = &R.window[i];
        if (vc->t[o->slot] < o->seq)
            compare(o, &e);
    }
    R.window[R.next] = e;
    R.next = (R.next + 1) % WINDOW;
    if (R.nwindow < WINDOW)
        R.nwindow++;
}

void streamrace_free(struct cmd *c)
{
    free(c->race);
    c->race = NULL;
}

void streamrace_host_waited(const struct cmd *c)
{
    if (!on())
        return;
    pthread_mutex_lock(&R.host_lock);
    if (c->race)
        join(&R.host, &c->race->vc);
    pthread_mutex_unlock(&R.host_lock);
}

void streamrace_host_waited_all(void)
{
    if (!on())
        return;
    /* R.all is the timeline's; a torn read only joins less (a clock entry
     * only grows), which hides a race at most. */
    struct race_clock all;
    memcpy(&all, &R.all, sizeof all);
    pthread_mutex_lock(&R.host_lock);
    join(&R.host, &all);
    pthread_mutex_unlock(&R.host_lock);
}
