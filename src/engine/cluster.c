/*
 * cluster.c: the cluster barrier and distributed shared memory.
 */
#include <stdarg.h>
#include <stdio.h>
#include <sys/mman.h>

#include "check/hooks.h"
#include "engine/cluster.h"
#include "engine/sync.h"
#include "simt/core/device.h"
#include "simt/core/groups.h"

static void fail(struct worker *w, const char *site, const char *fmt, ...)
    __attribute__((noreturn, noinline, cold, format(printf, 3, 4)));
static void fail(struct worker *w, const char *site, const char *fmt, ...)
{
    char what[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    (void)w;
    engine_fail(cudaErrorLaunchFailure, site, NULL, "%s", what);
}

/* The running block's cluster, or a diagnosis. */
static struct cluster *current(struct worker *w, const char *site, const char *what)
{
    if (!w || !w->cur) {
        fprintf(stderr, "simt: error: %s outside a kernel at %s\n", what, site);
        return NULL;
    }
    return w->cur->cluster;
}

static void complete_phase(struct worker *w, struct cluster *c)
{
    (void)w;
    c->arrived = 0;
    c->phase++;
    engine_wake_all(&c->waiters);
    hook_barrier_release(c);
}

unsigned simt_cluster_arrive(const char *site)
{
    struct worker *w = engine_self();
    struct cluster *c = current(w, site, "cluster barrier_arrive");
    if (!c)
        return 0; /* a block is a cluster of one: its wait is the block barrier */
    struct sthread *t = sched_current(w);
    hook_barrier_arrive(c, site);
    sched_count_sync(w->cur, t);
    unsigned phase = c->phase;
    if (++c->arrived == c->live)
        complete_phase(w, c);
    return phase;
}

void simt_cluster_wait(const char *site, unsigned token)
{
    struct worker *w = engine_self();
    struct cluster *c = current(w, site, "cluster barrier_wait");
    if (!c) {
        if (w && w->cur)
            simt_syncthreads(site);
        return;
    }
    if (token != c->phase && token + 1 != c->phase)
        fail(w, site, "cluster barrier_wait with a token of phase %u while the barrier is in phase "
                      "%u — wait with the token of this thread's last barrier_arrive", token,
             c->phase);
    if (c->phase != token)
        return;
    engine_park(sched_current(w), &c->waiters, site, 0);
}

void simt_cluster_sync(const char *site)
{
    simt_cluster_wait(site, simt_cluster_arrive(site));
}

void cluster_thread_exited(struct worker *w, struct block *b)
{
    struct cluster *c = b->cluster;
    c->live--;
    if (c->arrived && c->arrived == c->live)
        complete_phase(w, c);
}

int cluster_block_finished(struct worker *w, struct block *b)
{
    struct cluster *c = b->cluster;
    (void)w;
    if (++c->finished < c->nblocks) {
        /* Others may still (wrongly) read it: make that fault. */
        mprotect(b->arena, b->arena_cap, PROT_NONE);
        return 0;
    }
    for (unsigned r = 0; r < c->nblocks; r++)
        if (c->blocks[r] != b)
            mprotect(c->blocks[r]->arena, c->blocks[r]->arena_cap, PROT_READ | PROT_WRITE);
    return 1;
}

int cluster_describe_address(struct worker *w, const void *addr, char *buf, size_t len)
{
    struct block *b = w ? w->cur : NULL;
    struct cluster *c = b ? b->cluster : NULL;
    if (!c)
        return 0;
    const char *a = addr;
    for (unsigned r = 0; r < c->nblocks; r++) {
        struct block *o = c->blocks[r];
        if (o != b && a >= o->arena && a < o->arena + o->arena_cap && o->live == 0) {
            snprintf(buf, len,
                     "address %p is in the shared memory of block %u of the cluster, which has "
                     "exited — synchronize the cluster before a block exits while others still "
                     "use its shared memory", addr, r);
            return 1;
        }
    }
    return 0;
}

/* ---- distributed shared memory ------------------------------------------------ */

void *simt_cluster_map_shared_rank(void *addr, unsigned rank, const char *site)
{
    struct worker *w = engine_self();
    if (!w || !w->cur)
        return addr;
    struct block *b = w->cur;
    struct cluster *c = b->cluster;
    size_t off = (size_t)((char *)addr - b->arena);
    if ((char *)addr < b->arena || off >= b->arena_cap)
        fail(w, site, "map_shared_rank of %p, which is not in this block's shared memory", addr);
    unsigned n = c ? c->nblocks : 1;
    if (rank >= n)
        fail(w, site, "map_shared_rank to rank %u of a cluster of %u blocks", rank, n);
    return c ? c->blocks[rank]->arena + off : addr;
}

unsigned simt_cluster_query_shared_rank(const void *addr, const char *site)
{
    struct worker *w = engine_self();
    if (!w || !w->cur)
        return 0;
    struct block *b = w->cur;
    struct cluster *c = b->cluster;
    const char *a = addr;
    if (!c)
        return 0;
    for (unsigned r = 0; r < c->nblocks; r++) {
        struct block *o = c->blocks[r];
        if (a >= o->arena && a < o->arena + o->arena_cap)
            return r;
    }
    fail(w, site, "query_shared_rank of %p, which is not in the cluster's shared memory", addr);
}

unsigned simt_cluster_block_rank(void)
{
    struct worker *w = engine_self();
    return w && w->cur ? w->cur->rank : 0;
}

unsigned simt_cluster_num_blocks(void)
{
    struct worker *w = engine_self();
    return w && w->cur && w->cur->cluster ? w->cur->cluster->nblocks : 1;
}

void simt_cluster_dim(unsigned dim[3])
{
    struct worker *w = engine_self();
    const struct grid *g = w && w->cur ? w->cur->grid : NULL;
    for (int d = 0; d < 3; d++)
        dim[d] = g ? g->cluster_dim[d] : 1;
}

void simt_cluster_index(unsigned idx[3])
{
    struct worker *w = engine_self();
    const struct block *b = w ? w->cur : NULL;
    if (!b) {
        idx[0] = idx[1] = idx[2] = 0;
        return;
    }
    idx[0] = b->idx.x / b->grid->cluster_dim[0];
    idx[1] = b->idx.y / b->grid->cluster_dim[1];
    idx[2] = b->idx.z / b->grid->cluster_dim[2];
}

int simt_launch_is_cluster(void)
{
    struct worker *w = engine_self();
    return w && w->cur && w->cur->cluster;
}
