/*
 * trace_cmd.c: the runtime's commands as the recorder sees them (the
 * hooks of trace.h): a described command waits in `pending`, keyed by its
 * address, until it is done.
 *
 * Invariant: an entry of `pending` belongs to a live command: it is made
 * when the command is described (or, for a grid, starts) and removed when
 * the command is done; cudaProfilerStop empties the table, since the
 * commands then in flight are not timed to their end.
 */
#include "trace/record.h"
#include "trace/trace.h"

#include <stdlib.h>
#include <string.h>

#include "base/base.h"
#include "base/hmap.h"
#include "runtime/handle.h"
#include "runtime/memory.h"
#include "runtime/op.h"
#include "runtime/stream.h"

static struct hmap pending = HMAP_INIT; /* struct cmd * -> struct rec * */

static int stream_track(const struct CUstream_st *s)
{
    if (!s)
        return trace_thread_track_locked();
    return trace_stream_track_locked(s, s->id, s->legacy || s->per_thread);
}

/* c's record, waiting for c to start and end, or NULL.  rec_lock held. */
static struct rec *pending_locked(const struct cmd *c)
{
    uintptr_t *v = simt__hmap_find(&pending, (uintptr_t)c);
    return v ? (struct rec *)*v : NULL;
}

/* The time now; then rec_lock is taken and *r is c's pending record,
 * or NULL. */
static long long lock_pending(const struct cmd *c, struct rec **r)
{
    long long now = trace_clock();
    pthread_mutex_lock(&rec_lock);
    *r = pending_locked(c);
    return now;
}

/* A record for c, waiting for c to start and end; NULL when out of
 * memory.  rec_lock held. */
static struct rec *describe_locked(const struct cmd *c, int kind)
{
    struct rec *had = pending_locked(c), *r = had ? had : malloc(sizeof *r);
    if (!r)
        return NULL;
    memset(r, 0, sizeof *r);
    r->kind = (unsigned char)kind;
    r->track = stream_track(c->stream);
    r->ran_on = -1;
    r->t0 = -1;
    if (!had && simt__hmap_put(&pending, (uintptr_t)c, (uintptr_t)r) != 0) {
        free(r);
        return NULL;
    }
    return r;
}

static int drop(uintptr_t val, void *arg)
{
    (void)arg;
    free((void *)val);
    return 0;
}

void trace_pending_reset_locked(void)
{
    simt__hmap_filter(&pending, drop, NULL);
}

static int is_device(int type)
{
    return type == MEM_DEVICE || type == MEM_MANAGED || type == MEM_SYMBOL;
}

/* A copy's kind as the summaries name it; cudaMemcpyDefault from where
 * the pointers are. */
static int copy_kind(const struct op *op)
{
    int kind = op->u.transfer.x.kind;
    if (kind == cudaMemcpyDefault) {
        int d = is_device(op->u.transfer.dt), s = is_device(op->u.transfer.st);
        return d ? (s ? COPY_DTOD : COPY_HTOD) : (s ? COPY_DTOH : COPY_HTOH);
    }
    switch (kind) {
    case cudaMemcpyHostToDevice:
        return COPY_HTOD;
    case cudaMemcpyDeviceToHost:
        return COPY_DTOH;
    case cudaMemcpyHostToHost:
        return COPY_HTOH;
    default:
        return COPY_DTOD;
    }
}

/* What the operation this thread submits does, until its first command
 * joins the timeline. */
struct desc {
    int kind;                  /* enum rec_kind, -1: nothing to describe */
    int sub;
    unsigned long long bytes, id;
};
static SIMT_TLS struct desc submitting = {-1, 0, 0, 0};

/* An operation's description.  Event records and waits are marks that
 * carry a live event (a graph launch's mark carries its executable graph
 * in the same place). */
static struct desc describe_op(const struct op *op)
{
    struct desc d = {-1, 0, 0, 0};
    switch (op->kind) {
    case OP_TRANSFER: {
        const struct xfer *x = &op->u.transfer.x;
        d.kind = x->src ? REC_COPY : REC_MEMSET;
        d.sub = x->src ? copy_kind(op) : 0;
        d.bytes = (unsigned long long)x->width * (x->height ? x->height : 1) *
                  (x->depth ? x->depth : 1);
        break;
    }
    case OP_HOST:
        d.kind = REC_HOST_FN;
        break;
    case OP_EVENT_RECORD:
    case OP_EVENT_WAIT:
    case OP_MARK:
        if (simt__handle_check(HANDLE_EVENT, HANDLE(op->u.event.e)) != HANDLE_LIVE)
            break;
        d.kind = op->kind == OP_EVENT_WAIT || (op->kind == OP_MARK && op->u.event.after)
                     ? REC_EVENT_WAIT
                     : REC_EVENT_RECORD;
        d.id = (unsigned long long)(uintptr_t)op->u.event.e;
        break;
    default: /* kernels: their grids describe them */
        break;
    }
    return d;
}

/* Commands this thread described before they were enqueued
 * (trace__describe): their records wait for a stream (trace__track). */
static SIMT_TLS int unplaced;

/* c's pending record, as d describes it; placed on c's stream's track, or
 * (unplaced) on none yet. */
static void describe_desc(const struct cmd *c, struct desc d, int placed)
{
    pthread_mutex_lock(&rec_lock);
    struct rec *r = describe_locked(c, d.kind);
    if (r) {
        r->sub = (unsigned char)d.sub;
        r->bytes = d.bytes;
        r->id = d.id;
        if (!placed) {
            r->track = -1;
            unplaced++;
        }
    }
    pthread_mutex_unlock(&rec_lock);
}

/* c, described before it had a stream, now has one. */
static void place(const struct cmd *c)
{
    pthread_mutex_lock(&rec_lock);
    struct rec *r = pending_locked(c);
    if (r && r->track < 0) {
        r->track = stream_track(c->stream);
        unplaced--;
    }
    pthread_mutex_unlock(&rec_lock);
}

cudaError_t trace__submit(struct CUstream_st *s, struct op *op)
{
    submitting = describe_op(op);
    cudaError_t e = op->enqueue(s, op);
    submitting.kind = -1;
    return e;
}

void trace__track(const struct cmd *c)
{
    struct desc d = submitting;
    if (d.kind < 0) {
        if (unplaced)
            place(c);
        return;
    }
    submitting.kind = -1;
    describe_desc(c, d, 1);
}

void trace__describe(const struct cmd *c, const struct op *op)
{
    struct desc d = describe_op(op);
    if (d.kind >= 0)
        describe_desc(c, d, 0);
}

void trace__forget(const struct cmd *c)
{
    pthread_mutex_lock(&rec_lock);
    struct rec *r = pending_locked(c);
    if (r) {
        if (r->track < 0)
            unplaced--;
        simt__hmap_del(&pending, (uintptr_t)c);
        free(r);
    }
    pthread_mutex_unlock(&rec_lock);
}

/* The entry's record is a REC_GRAPH of sub 1 whose id is the exit: its
 * end starts the exit's. */
void trace__graph(const struct cmd *entry, const struct cmd *exit, size_t nodes)
{
    pthread_mutex_lock(&rec_lock);
    struct rec *r = describe_locked(exit, REC_GRAPH), *e = describe_locked(entry, REC_GRAPH);
    if (r) {
        r->bytes = nodes;
        r->track = -1;
        unplaced++;
    }
    if (e) {
        e->sub = 1;
        e->id = (unsigned long long)(uintptr_t)exit;
        e->track = -1;
        unplaced++;
    }
    pthread_mutex_unlock(&rec_lock);
}

void trace__cmd_end(const struct cmd *c)
{
    struct rec *r;
    long long now = lock_pending(c, &r);
    if (r && r->kind == REC_GRAPH && r->sub == 1) {
        /* A graph's entry: its launch starts now. */
        simt__hmap_del(&pending, (uintptr_t)c);
        struct rec *g = pending_locked((const struct cmd *)(uintptr_t)r->id);
        if (g)
            g->t0 = now;
        pthread_mutex_unlock(&rec_lock);
        free(r);
        return;
    }
    if (r) {
        simt__hmap_del(&pending, (uintptr_t)c);
        if (r->track < 0) { /* never placed on a stream: nowhere to show it */
            pthread_mutex_unlock(&rec_lock);
            free(r);
            return;
        }
        r->t1 = now;
        if (r->t0 < 0 || r->t0 > now)
            r->t0 = now;
    }
    pthread_mutex_unlock(&rec_lock);
    if (r) {
        trace_add(r);
        free(r);
    }
}

void trace__cmd_start(const struct cmd *c)
{
    struct rec *r;
    long long now = lock_pending(c, &r);
    if (!r && c->kind == CMD_GRID && c->grid) {
        const struct grid *g = c->grid;
        r = describe_locked(c, REC_KERNEL);
        if (r) {
            r->name = trace_intern_locked(g->name ? g->name : "kernel");
            r->grid[0] = g->grid_dim.x, r->grid[1] = g->grid_dim.y, r->grid[2] = g->grid_dim.z;
            r->block[0] = g->block_dim.x, r->block[1] = g->block_dim.y, r->block[2] = g->block_dim.z;
            r->shmem = g->dyn_shmem;
            r->sub = g->block != NULL;
        }
    }
    if (r && r->t0 < 0)
        r->t0 = now;
    if (r && c->kind == CMD_HOST)
        r->ran_on = trace_thread_track_locked();
    pthread_mutex_unlock(&rec_lock);
}
