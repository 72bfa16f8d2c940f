/*
 * devrt.c: the device runtime's streams and launch rules (devrt.h).
 *
 * A grid's device runtime state is made at the first use its threads make
 * of it (most grids launch nothing): the NULL streams of its blocks and
 * its tail queue.  Streams the runtime makes for device code are created
 * non-blocking (the legacy stream's barrier does not exist on the device)
 * and destroyed at once after use: a destroyed stream goes once its work
 * is done.
 *
 * Key invariants: a grid's tail launches start only when its holds reach
 * 0, one at a time (each holds the grid while it runs); every grid a kernel
 * launched counts in `pending` from its launch until it begins.
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "base/base.h"
#include "base/hmap.h"
#include "engine/engine.h"
#include "engine/sync.h"
#include "runtime/devrt.h"
#include "runtime/graph.h"
#include "runtime/limits.h"
#include "runtime/op.h"
#include "runtime/stream.h"
#include "trace/trace.h"

struct tail {
    struct cmd *c;             /* a grid's command (referenced), or NULL */
    cudaGraphExec_t x;         /* else a device graph (referenced), or NULL */
    struct op op;              /* else a copy or set (op.enqueue set) */
    cudaStream_t s;            /* a stream of its own, made at the launch */
};

/* What stream_resolve gives device code for cudaStreamTailLaunch: no
 * stream, a mark that devrt_submit queues the operation as a tail
 * launch. */
static struct CUstream_st tail_mark;

struct devrt {
    pthread_mutex_t lock;
    struct hmap nulls;         /* block index + 1 -> the block's NULL stream */
    struct hmap per_thread;    /* thread index in the grid + 1 -> its cudaStreamPerThread */
    cudaStream_t ff;           /* copies and sets fire-and-forget, or NULL */
    struct tail *tails;        /* in launch order */
    size_t ntails, captails, next_tail;
};

/* Grids launched from device code that have not begun. */
static atomic_size_t pending;

int devrt_named(cudaStream_t h)
{
    return (h == cudaStreamTailLaunch || h == cudaStreamFireAndForget ||
            h == cudaStreamGraphTailLaunch || h == cudaStreamGraphFireAndForget ||
            h == cudaStreamGraphFireAndForgetAsSibling) &&
           engine_in_kernel();
}

static struct devrt *state_of(struct grid *g)
{
    struct devrt *d = atomic_load_explicit(&g->devrt, memory_order_acquire);
    if (d)
        return d;
    struct devrt *mine = calloc(1, sizeof *mine);
    if (!mine)
        return NULL;
    pthread_mutex_init(&mine->lock, NULL);
    void *none = NULL;
    if (atomic_compare_exchange_strong(&g->devrt, &none, (void *)mine))
        return mine;
    pthread_mutex_destroy(&mine->lock);
    free(mine);
    return none;
}

/* g is complete: its blocks' streams go (their work is done). */
static void streams_free(struct hmap *m)
{
    for (size_t i = 0; i < m->cap; i++)
        if (m->keys[i])
            cudaStreamDestroy((cudaStream_t)m->vals[i]);
    simt__hmap_free(m);
}

static void state_free(struct devrt *d)
{
    streams_free(&d->nulls);
    streams_free(&d->per_thread);
    if (d->ff)
        cudaStreamDestroy(d->ff);
    assert(d->next_tail == d->ntails);
    free(d->tails);
    pthread_mutex_destroy(&d->lock);
    free(d);
}

static cudaStream_t new_stream(void)
{
    cudaStream_t s = NULL;
    return cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) == cudaSuccess ? s : NULL;
}

/* The stream of m's key (made at its first use), or NULL. */
static cudaStream_t keyed_stream(struct devrt *d, struct hmap *m, uintptr_t key)
{
    pthread_mutex_lock(&d->lock);
    uintptr_t *v = simt__hmap_find(m, key);
    cudaStream_t s = v ? (cudaStream_t)*v : NULL;
    if (!s && (s = new_stream()) && simt__hmap_put(m, key, (uintptr_t)s) != 0) {
        cudaStreamDestroy(s);
        s = NULL;
    }
    pthread_mutex_unlock(&d->lock);
    return s;
}

static unsigned long long block_linear(void)
{
    return ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
}

struct CUstream_st *devrt_block_stream(void)
{
    struct grid *g = engine_current_grid();
    struct devrt *d = g ? state_of(g) : NULL;
    return d ? keyed_stream(d, &d->nulls, (uintptr_t)block_linear() + 1) : NULL;
}

struct CUstream_st *devrt_thread_stream(void)
{
    struct grid *g = engine_current_grid();
    if (!g) /* tested on its own: gcc 13 took g for possibly NULL below */
        return NULL;
    struct devrt *d = state_of(g);
    if (!d)
        return NULL;
    unsigned long long t = block_linear() * g->nthreads +
                           (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    return keyed_stream(d, &d->per_thread, (uintptr_t)t + 1);
}

struct CUstream_st *devrt_ff_stream(void)
{
    struct grid *g = engine_current_grid();
    struct devrt *d = g ? state_of(g) : NULL;
    if (!d)
        return NULL;
    pthread_mutex_lock(&d->lock);
    if (!d->ff)
        d->ff = new_stream();
    cudaStream_t s = d->ff;
    pthread_mutex_unlock(&d->lock);
    return s;
}

/* cudaLimitDevRuntimePendingLaunchCount: one more launch waiting to begin. */
static cudaError_t reserve_pending(void)
{
    size_t limit = limits_pending_launches();
    size_t n = atomic_load_explicit(&pending, memory_order_relaxed);
    do {
        if (n >= limit)
            return cudaErrorLaunchPendingCountExceeded;
    } while (!atomic_compare_exchange_weak(&pending, &n, n + 1));
    return cudaSuccess;
}

void devrt_started(struct grid *g)
{
    (void)g;
    atomic_fetch_sub_explicit(&pending, 1, memory_order_relaxed);
}

/* g waits for one more thing. */
static void hold(struct grid *g)
{
    grid_ref(g);
    atomic_fetch_add_explicit(&g->holds, 1, memory_order_relaxed);
}

/* A tail launch waits in its parent's queue, holding the parent (not
 * counted in its holds) until it completes; 0, or -1 out of memory. */
static int queue_tail(struct devrt *d, struct grid *parent, struct cmd *c, cudaGraphExec_t x,
                      const struct op *op, cudaStream_t s)
{
    pthread_mutex_lock(&d->lock);
    int r = VEC_RESERVE(d->tails, d->captails, d->ntails + 1);
    if (r == 0) {
        grid_ref(parent);
        struct tail *t = &d->tails[d->ntails++];
        *t = (struct tail){.c = c, .x = x, .s = s};
        if (c) {
            c->grid->parent = parent;
            cmd_ref(c);
        } else if (x) {
            exec_ref(x);
        } else {
            t->op = *op;
        }
    }
    pthread_mutex_unlock(&d->lock);
    return r;
}

cudaError_t devrt_launch(struct grid *parent, struct cmd *c, cudaStream_t h)
{
    if (h == cudaStreamGraphTailLaunch || h == cudaStreamGraphFireAndForget ||
        h == cudaStreamGraphFireAndForgetAsSibling)
        return cudaErrorInvalidValue; /* graphs' streams, not kernels' */
    cudaError_t e = reserve_pending();
    if (e != cudaSuccess)
        return e;
    struct CUstream_st *s = NULL;
    cudaStream_t own = NULL; /* a stream of this launch's own */
    if (h == cudaStreamTailLaunch || h == cudaStreamFireAndForget)
        s = own = new_stream();
    else if (!(s = stream_resolve(h)))
        e = stream_error(h);
    else if (h != NULL && h != cudaStreamLegacy && h != cudaStreamPerThread && !s->device)
        s = NULL, e = cudaErrorInvalidValue; /* an H100: a stream of the host's */
    if (h == cudaStreamTailLaunch && s) {
        struct devrt *d = state_of(parent);
        if (d && queue_tail(d, parent, c, NULL, NULL, own) == 0)
            return cudaSuccess;
        s = NULL;
    }
    if (!s) {
        if (own)
            cudaStreamDestroy(own);
        atomic_fetch_sub_explicit(&pending, 1, memory_order_relaxed);
        return e != cudaSuccess ? e : cudaErrorMemoryAllocation;
    }
    hold(parent);
    c->grid->parent = parent;
    stream_enqueue(s, c, NULL);
    if (own)
        cudaStreamDestroy(own);
    return cudaSuccess;
}

static void release_task(void *arg)
{
    struct grid *g = arg;
    devrt_release_hold(g);
    grid_unref(g);
}

/* g completes only after the work queued in s so far: a command behind
 * it lets g go (with take, g is held here; else the caller holds it).
 * 0, or -1 when out of memory. */
static int hold_until(struct grid *g, struct CUstream_st *s, int take)
{
    struct cmd *c = cmd_new(CMD_HOST);
    if (!c)
        return -1;
    if (take)
        hold(g);
    c->fn = release_task;
    c->arg = g;
    stream_enqueue(s, c, NULL);
    cmd_unref(c);
    return 0;
}

struct CUstream_st *devrt_tail_mark(void)
{
    return &tail_mark;
}

cudaError_t devrt_submit(struct CUstream_st *s, struct op *op)
{
    if (op->kind == OP_KERNEL)
        return trace_submit(s, op); /* enqueue_grid: devrt_launch */
    struct grid *g = engine_current_grid();
    if (s == &tail_mark) {
        /* A copy or set into the tail launch stream: in order with the
         * grid's tail launches. */
        if (op->kind != OP_TRANSFER || !g)
            return cudaErrorInvalidValue;
        struct devrt *d = state_of(g);
        cudaStream_t own = new_stream();
        if (d && own && queue_tail(d, g, NULL, NULL, op, own) == 0)
            return cudaSuccess;
        if (own)
            cudaStreamDestroy(own);
        return cudaErrorMemoryAllocation;
    }
    cudaError_t e = trace_submit(s, op);
    if (e != cudaSuccess || !g)
        return e;
    return hold_until(g, s, 1) == 0 ? cudaSuccess : cudaErrorMemoryAllocation;
}

/* Whether g is a kernel node's grid (its arguments are a graph's). */
static int in_graph(const struct grid *g)
{
    return g->release == kargs_release;
}

cudaError_t devrt_graph_launch(cudaGraphExec_t x, cudaStream_t h)
{
    struct grid *g = engine_current_grid();
    cudaError_t e = graph_exec_device_check(x);
    if (e != cudaSuccess)
        return e;
    if (h != cudaStreamGraphTailLaunch && h != cudaStreamGraphFireAndForget &&
        h != cudaStreamGraphFireAndForgetAsSibling)
        return cudaErrorInvalidValue;
    if (!g)
        return cudaErrorInvalidValue;
    /* Device graphs are launched from graphs: an H100 ends the calling
     * thread of any other kernel, with no error (tests/cuda/devrt/
     * device_graph_rules: its store after the call never lands). */
    if (!in_graph(g))
        engine_exit();
    cudaStream_t own = new_stream();
    if (!own)
        return cudaErrorMemoryAllocation;
    if (h == cudaStreamGraphTailLaunch) {
        struct devrt *d = state_of(g);
        if (d && queue_tail(d, g, NULL, x, NULL, own) == 0)
            return cudaSuccess;
        cudaStreamDestroy(own);
        return cudaErrorMemoryAllocation;
    }
    /* Fire and forget (as a sibling too): at once, the launching grid
     * complete only after it. */
    e = graph_exec_enqueue(own, x);
    if (e == cudaSuccess && hold_until(g, own, 1) != 0)
        e = cudaErrorMemoryAllocation;
    cudaStreamDestroy(own);
    return e;
}

void devrt_release_hold(struct grid *g)
{
    if (atomic_fetch_sub_explicit(&g->holds, 1, memory_order_acq_rel) != 1)
        return;
    struct devrt *d = atomic_load_explicit(&g->devrt, memory_order_acquire);
    if (d) {
        /* Its blocks and all they launched are done: the next tail launch
         * begins, and holds the grid until it is complete. */
        struct tail t = {.c = NULL};
        pthread_mutex_lock(&d->lock);
        if (d->next_tail < d->ntails)
            t = d->tails[d->next_tail++];
        pthread_mutex_unlock(&d->lock);
        if (t.c) {
            atomic_fetch_add_explicit(&g->holds, 1, memory_order_relaxed);
            stream_enqueue(t.s, t.c, NULL);
            cudaStreamDestroy(t.s);
            cmd_unref(t.c);
            return; /* the tail grid's reference to g passes to its completion */
        }
        if (t.x || t.op.enqueue) {
            /* The queue's reference to g passes to the graph's or the
             * operation's end. */
            atomic_fetch_add_explicit(&g->holds, 1, memory_order_relaxed);
            cudaError_t e = t.x ? graph_exec_enqueue(t.s, t.x) : trace_submit(t.s, &t.op);
            if (e != cudaSuccess || hold_until(g, t.s, 0) != 0)
                release_task(g); /* out of memory: the work is dropped */
            cudaStreamDestroy(t.s);
            if (t.x)
                exec_unref(t.x);
            return;
        }
        atomic_store_explicit(&g->devrt, NULL, memory_order_relaxed);
        state_free(d);
    }
    struct grid *parent = g->parent;
    cmd_complete(g->owner, grid_result(g));
    if (parent) {
        devrt_release_hold(parent);
        grid_unref(parent);
    }
}

cudaGraphExec_t cudaGetCurrentGraphExec(void)
{
    struct grid *g = engine_current_grid();
    return g ? (cudaGraphExec_t)g->graph_exec : NULL;
}
