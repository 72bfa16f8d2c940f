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

#include "device/mbarrier.h"
#include "simt/pipeline.h"

struct acopy {
    void *dst;
    const void *src;
    uint32_t n, fill;
};

struct athread {
    struct block *blk;            /* the block and generation it belongs to */
    unsigned gen;
    struct acopy *q;              /* copies in flight: q[head..len) */
    size_t head, len, cap;
    uint64_t done;                /* copies that have landed */
    uint64_t *batches;            /* ends of committed batches: [bhead..blen) */
    size_t bhead, blen, bcap;
};

static void oom(void) __attribute__((noreturn));
static void oom(void)
{
    fprintf(stderr, "simt: error: out of memory for asynchronous copies\n");
    abort();
}

/* The running thread's state, fresh for its block. */
static struct athread *state_of(struct worker *w, struct sthread *t)
{
    struct athread *a = t->async;
    if (!a) {
        a = calloc(1, sizeof *a);
        if (!a)
            oom();
        t->async = a;
    }
    if (a->blk != w->cur || a->gen != w->cur->gen) {
        a->blk = w->cur;
        a->gen = w->cur->gen;
        a->head = a->len = 0;
        a->bhead = a->blen = 0;
        a->done = 0;
    }
    return a;
}

static struct athread *current(const char *what)
{
    struct worker *w = engine_self();
    struct sthread *t = sched_current(w);
    if (!t) {
        fprintf(stderr, "simt: error: %s called outside a kernel — asynchronous copies exist "
                        "only in device code\n", what);
        abort();
    }
    return state_of(w, t);
}

static uint64_t issued(const struct athread *a)
{
    return a->done + (a->len - a->head);
}

static void push(struct athread *a, void *dst, const void *src, size_t n, size_t fill)
{
    if (a->len == a->cap) {
        if (a->head > a->cap / 2) {
            memmove(a->q, a->q + a->head, (a->len - a->head) * sizeof *a->q);
            a->len -= a->head;
            a->head = 0;
        } else {
            size_t cap = a->cap ? 2 * a->cap : 32;
            struct acopy *q = realloc(a->q, cap * sizeof *q);
            if (!q)
                oom();
            a->q = q;
            a->cap = cap;
        }
    }
    struct acopy *c = &a->q[a->len++];
    c->dst = dst;
    c->src = src;
    c->n = (uint32_t)n;
    c->fill = (uint32_t)fill;
}

static void complete_upto(struct athread *a, uint64_t seq)
{
    while (a->done < seq && a->head < a->len) {
        const struct acopy *c = &a->q[a->head++];
        memcpy(c->dst, c->src, c->n);
        if (c->fill)
            memset((char *)c->dst + c->n, 0, c->fill);
        a->done++;
    }
    if (a->head == a->len)
        a->head = a->len = 0;
    while (a->bhead < a->blen && a->batches[a->bhead] <= a->done)
        a->bhead++;
    if (a->bhead == a->blen)
        a->bhead = a->blen = 0;
}

void pipe_complete_upto(struct sthread *t, uint64_t seq)
{
    struct athread *a = t->async;
    /* Copies of a block that is over never land. */
    if (a && a->blk && a->gen == a->blk->gen)
        complete_upto(a, seq);
}

void simt_pipe_memcpy_async(void *dst, const void *src, size_t size_and_align, size_t zfill,
                            const char *file, unsigned line)
{
    struct worker *w = engine_self();
    if (size_and_align != 4 && size_and_align != 8 && size_and_align != 16)
        async_fail(file, line, "copy 4, 8 or 16 bytes at a time (CUDA guide 5.6.2.1)",
                   "__pipeline_memcpy_async: size_and_align is %zu", size_and_align);
    if (zfill > size_and_align)
        async_fail(file, line, "zero-fill at most size_and_align bytes (CUDA guide 5.6.2.1)",
                   "__pipeline_memcpy_async: zfill %zu is above size_and_align %zu", zfill,
                   size_and_align);
    if (!async_in_shared(w, dst))
        async_fail(file, line, "copy into __shared__ memory (CUDA guide 5.6.2.1)",
                   "__pipeline_memcpy_async: the destination %p is not in the block's shared "
                   "memory", dst);
    if ((uintptr_t)dst % size_and_align || (uintptr_t)src % size_and_align)
        async_fail(file, line,
                   "align both pointers to size_and_align (CUDA guide 5.6.2.1: size_and_align "
                   "must be the alignment of dst_shared and src_global)",
                   "__pipeline_memcpy_async: %s %p is not aligned to %zu bytes",
                   (uintptr_t)dst % size_and_align ? "the destination" : "the source",
                   (uintptr_t)dst % size_and_align ? dst : src, size_and_align);
    if (async_in_shared(w, src))
        async_fail(file, line, "copy from global memory (CUDA guide 5.6.2.1)",
                   "__pipeline_memcpy_async: the source %p is in shared memory", src);
    push(state_of(w, sched_current(w)), dst, src, size_and_align - zfill, zfill);
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
    if (a->blen == a->bcap) {
        if (a->bhead > a->bcap / 2) {
            memmove(a->batches, a->batches + a->bhead, (a->blen - a->bhead) * sizeof *a->batches);
            a->blen -= a->bhead;
            a->bhead = 0;
        } else {
            size_t cap = a->bcap ? 2 * a->bcap : 16;
            uint64_t *b = realloc(a->batches, cap * sizeof *b);
            if (!b)
                oom();
            a->batches = b;
            a->bcap = cap;
        }
    }
    a->batches[a->blen++] = issued(a);
}

void simt_pipe_wait_prior(size_t n)
{
    struct athread *a = current("__pipeline_wait_prior");
    if (n > 8)
        n = 8;
    size_t inflight = a->blen - a->bhead;
    if (inflight > n)
        complete_upto(a, a->batches[a->blen - 1 - n]);
}

void simt_pipe_arrive_on(uint64_t *bar, const char *file, unsigned line)
{
    struct worker *w = engine_self();
    struct sthread *t = sched_current(w);
    if (!t) {
        fprintf(stderr, "simt: error: __pipeline_arrive_on called outside a kernel at %s:%u\n",
                file, line);
        abort();
    }
    struct athread *a = state_of(w, t);
    mbar_arrive_on(bar, t, issued(a), file, line);
}

void simt_pipe_arrive_on_any(uint64_t *bar, const char *file, unsigned line)
{
    struct worker *w = engine_self();
    if (async_in_shared(w, bar)) {
        simt_pipe_arrive_on(bar, file, line);
        return;
    }
    struct athread *a = current("cuda::pipeline_producer_commit");
    complete_upto(a, issued(a));
}
