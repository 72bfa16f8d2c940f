/*
 * pipeline.c: each CUDA thread's asynchronous copies (CUDA guide 5.6.2,
 * "Pipeline Primitives Interface"; PTX cp.async with commit groups).
 *
 * A thread's copies queue in issue order, numbered from zero; a commit
 * closes a batch (it records the number of the next copy).  Waiting for a
 * batch performs every copy up to its end; __pipeline_arrive_on hands the
 * copies issued so far to a barrier, which performs them when its phase's
 * arrivals are in.  Nothing lands before: reading a destination, or
 * writing a source, before the wait is the race the guide describes, and
 * the program sees it.
 *
 * Invariant: copies [done, done + queued) are in flight, in order;
 * batches holds the end numbers of committed batches still in flight.
 * The state belongs to one block generation and is reset when the thread
 * record first serves a new block.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/base.h"
#include "check/hooks.h"
#include "device/mbarrier.h"
#include "simt/core/pipeline.h"

struct acopy {
    void *dst;
    const void *src;
    uint32_t n, fill;
};

/* Rings that start inline and move to the heap when they outgrow it: a
 * software pipeline keeps a few copies and batches in flight. */
#define INLINE_COPIES 8
#define INLINE_BATCHES 8

struct athread {
    struct engine_stamp st;       /* the block it belongs to */
    uint32_t qhead, qlen, qmask;  /* copies in flight: q[(qhead + i) & qmask], i < qlen */
    uint32_t bhead, blen, bmask;  /* ends of committed batches in flight */
    uint64_t done;                /* copies that have landed */
    struct acopy *q;
    uint64_t *batches;
    struct acopy q_inline[INLINE_COPIES];
    uint64_t batches_inline[INLINE_BATCHES];
};

static void oom(void) __attribute__((noreturn));
static void oom(void)
{
    simt__oom("asynchronous copies");
}

/* The states of a block record's threads, side by side (a pipeline loop
 * walks them all in turn), made the first time one of them copies and
 * kept with the record; a state's stamp tells the blocks a record serves
 * apart.  Per OS thread, which runs a block from start to end. */
struct record_states {
    const struct block *rec;
    struct athread *v;
};

static SIMT_TLS struct record_states *records, last;
static SIMT_TLS size_t nrecords, cap_records;

static struct athread *states_of(const struct block *rec) __attribute__((noinline));
static struct athread *states_of(const struct block *rec)
{
    for (size_t i = 0; i < nrecords; i++) {
        if (records[i].rec == rec) {
            last = records[i];
            return last.v;
        }
    }
    if (VEC_RESERVE(records, cap_records, nrecords + 1) != 0)
        oom();
    struct athread *v = calloc(1024, sizeof *v);
    if (!v)
        oom();
    for (unsigned i = 0; i < 1024; i++) {
        v[i].q = v[i].q_inline;
        v[i].qmask = INLINE_COPIES - 1;
        v[i].batches = v[i].batches_inline;
        v[i].bmask = INLINE_BATCHES - 1;
    }
    records[nrecords].rec = rec;
    records[nrecords].v = v;
    last = records[nrecords++];
    return v;
}

/* The state of thread idx of the running block (stamp s), fresh for it. */
static inline struct athread *state_of(struct engine_stamp s, unsigned idx)
{
    struct athread *a = &(SIMT_LIKELY(last.rec == s.blk) ? last.v : states_of(s.blk))[idx];
    if (SIMT_UNLIKELY(a->st.blk != s.blk || a->st.gen != s.gen)) {
        a->st = s;
        a->qhead = a->qlen = 0;
        a->bhead = a->blen = 0;
        a->done = 0;
    }
    return a;
}

static void outside(const char *what) __attribute__((noreturn, noinline, cold));
static void outside(const char *what)
{
    fprintf(stderr, "simt: error: %s called outside a kernel — asynchronous copies exist only "
                    "in device code\n", what);
    abort();
}

/* The running CUDA thread's state.  Copies schedule nothing, so this finds
 * the thread from threadIdx. */
static inline struct athread *current(const char *what)
{
    struct engine_stamp s = engine_stamp_now();
    if (SIMT_UNLIKELY(!s.blk))
        outside(what);
    return state_of(s, engine_thread_index());
}

static inline uint64_t issued(const struct athread *a)
{
    return a->done + a->qlen;
}

/* Doubles a ring of count entries of size bytes, moving it to the heap. */
static void *grow(void *ring, const void *inline_ring, uint32_t head, uint32_t len,
                  uint32_t *mask, size_t size)
{
    uint32_t cap = *mask + 1;
    char *n = malloc((size_t)cap * 2 * size);
    if (!n)
        oom();
    for (uint32_t i = 0; i < len; i++)
        memcpy(n + i * size, (char *)ring + ((head + i) & *mask) * size, size);
    if (ring != inline_ring)
        free(ring);
    *mask = cap * 2 - 1;
    return n;
}

static inline void push(struct athread *a, void *dst, const void *src, size_t n, size_t fill)
{
    if (SIMT_UNLIKELY(a->qlen > a->qmask)) {
        a->q = grow(a->q, a->q_inline, a->qhead, a->qlen, &a->qmask, sizeof *a->q);
        a->qhead = 0;
    }
    struct acopy *c = &a->q[(a->qhead + a->qlen++) & a->qmask];
    c->dst = dst;
    c->src = src;
    c->n = (uint32_t)n;
    c->fill = (uint32_t)fill;
}

static inline void land(const struct acopy *c)
{
    switch (c->n) { /* the primitives' sizes, copied inline */
    case 4: memcpy(c->dst, c->src, 4); break;
    case 8: memcpy(c->dst, c->src, 8); break;
    case 16: memcpy(c->dst, c->src, 16); break;
    default: memcpy(c->dst, c->src, c->n); break;
    }
    if (c->fill)
        memset((char *)c->dst + c->n, 0, c->fill);
    if (hook_checking())
        check_written(c->dst, (size_t)c->n + c->fill);
}

static void complete_upto(struct athread *a, uint64_t seq)
{
    while (a->done < seq && a->qlen) {
        land(&a->q[a->qhead & a->qmask]);
        a->qhead++;
        a->qlen--;
        a->done++;
    }
    while (a->blen && a->batches[a->bhead & a->bmask] <= a->done) {
        a->bhead++;
        a->blen--;
    }
}

void pipe_complete_upto(struct athread *a, uint64_t seq)
{
    /* Copies of a block that is over never land. */
    if (a && engine_stamp_current(a->st))
        complete_upto(a, seq);
}

/* __pipeline_memcpy_async's requirements (CUDA guide 5.6.2.1), reported. */
static void bad_copy(void *dst, const void *src, size_t size_and_align, size_t zfill,
                     const char *file, unsigned line) __attribute__((noreturn, noinline, cold));
static void bad_copy(void *dst, const void *src, size_t size_and_align, size_t zfill,
                     const char *file, unsigned line)
{
    if (size_and_align != 4 && size_and_align != 8 && size_and_align != 16)
        engine_misuse(file, line, "copy 4, 8 or 16 bytes at a time (CUDA guide 5.6.2.1)",
                      "__pipeline_memcpy_async: size_and_align is %zu", size_and_align);
    if (zfill > size_and_align)
        engine_misuse(file, line, "zero-fill at most size_and_align bytes (CUDA guide 5.6.2.1)",
                      "__pipeline_memcpy_async: zfill %zu is above size_and_align %zu", zfill,
                      size_and_align);
    if (!engine_in_shared(dst))
        engine_misuse(file, line, "copy into __shared__ memory (CUDA guide 5.6.2.1)",
                      "__pipeline_memcpy_async: the destination %p is not in the block's shared "
                      "memory", dst);
    if ((uintptr_t)dst % size_and_align || (uintptr_t)src % size_and_align)
        engine_misuse(file, line,
                      "align both pointers to size_and_align (CUDA guide 5.6.2.1: size_and_align "
                      "must be the alignment of dst_shared and src_global)",
                      "__pipeline_memcpy_async: %s %p is not aligned to %zu bytes",
                      (uintptr_t)dst % size_and_align ? "the destination" : "the source",
                      (uintptr_t)dst % size_and_align ? dst : src, size_and_align);
    engine_misuse(file, line, "copy from global memory (CUDA guide 5.6.2.1)",
                  "__pipeline_memcpy_async: the source %p is in shared memory", src);
}

void simt_pipe_memcpy_async(void *dst, const void *src, size_t size_and_align, size_t zfill,
                            const char *file, unsigned line)
{
    struct athread *a = current("__pipeline_memcpy_async");
    if (SIMT_UNLIKELY((size_and_align != 4 && size_and_align != 8 && size_and_align != 16) ||
                      zfill > size_and_align || !engine_in_shared(dst) ||
                      engine_in_shared(src) || ((uintptr_t)dst | (uintptr_t)src) % size_and_align))
        bad_copy(dst, src, size_and_align, zfill, file, line);
    push(a, dst, src, size_and_align - zfill, zfill);
}

void simt_pipe_copy(void *dst, const void *src, size_t n, size_t fill)
{
    struct athread *a = current("cuda::memcpy_async");
    /* One queue entry holds at most 4 GiB. */
    while (n > UINT32_MAX) {
        push(a, dst, src, UINT32_MAX, 0);
        dst = (char *)dst + UINT32_MAX;
        src = (const char *)src + UINT32_MAX;
        n -= UINT32_MAX;
    }
    push(a, dst, src, n, fill);
}

void simt_pipe_commit(void)
{
    struct athread *a = current("__pipeline_commit");
    if (SIMT_UNLIKELY(a->blen > a->bmask)) {
        a->batches = grow(a->batches, a->batches_inline, a->bhead, a->blen, &a->bmask,
                          sizeof *a->batches);
        a->bhead = 0;
    }
    a->batches[(a->bhead + a->blen++) & a->bmask] = issued(a);
}

void simt_pipe_wait_prior(size_t n)
{
    struct athread *a = current("__pipeline_wait_prior");
    if (n > 8)
        n = 8;
    if (a->blen > n)
        complete_upto(a, a->batches[(a->bhead + a->blen - 1 - n) & a->bmask]);
}

void simt_pipe_arrive_on(uint64_t *bar, const char *file, unsigned line)
{
    if (!engine_thread()) {
        fprintf(stderr, "simt: error: __pipeline_arrive_on called outside a kernel at %s:%u\n",
                file, line);
        abort();
    }
    struct athread *a = current("__pipeline_arrive_on");
    mbar_arrive_on(bar, a, issued(a), file, line);
}

void simt_pipe_arrive_on_any(uint64_t *bar, const char *file, unsigned line)
{
    if (engine_in_shared(bar)) {
        simt_pipe_arrive_on(bar, file, line);
        return;
    }
    struct athread *a = current("cuda::pipeline_producer_commit");
    complete_upto(a, issued(a));
}
