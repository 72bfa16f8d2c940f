/*
 * grid.c: a grid's life: block numbering, completion, failure.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "base/spare.h"
#include "engine/engine.h"
#include "engine/gridsync.h"

/* A launch makes a grid and its completion frees it.  A grid is aligned
 * to cache lines (its claim counters), and aligned_alloc took glibc's
 * memalign path each time: a larger chunk cut to the alignment and its
 * ends freed again, about 850 instructions a launch (callgrind, a loop of
 * launches and synchronizes of two small blocks), a fifth of the host
 * thread's part of it.  A few freed grids wait here for the next
 * launches.
 *
 * A thread first keeps one freed grid of its own (base/spare.h). */
#define GRID_CACHE 16
static struct {
    pthread_mutex_t lock;
    struct grid *head;
    unsigned n;
} cache = {PTHREAD_MUTEX_INITIALIZER, NULL, 0};

struct grid *grid_alloc(void)
{
    struct grid *g = simt__spare_take(SPARE_GRID);
    if (!g) {
        pthread_mutex_lock(&cache.lock);
        g = cache.head;
        if (g) {
            cache.head = g->next;
            cache.n--;
        }
        pthread_mutex_unlock(&cache.lock);
        if (!g && !(g = aligned_alloc(_Alignof(struct grid), sizeof *g)))
            return NULL;
    }
    memset(g, 0, sizeof *g);
    return g;
}

void grid_free(struct grid *g)
{
    free(g->parts);
    if (simt__spare_put(SPARE_GRID, g))
        return;
    pthread_mutex_lock(&cache.lock);
    int keep = cache.n < GRID_CACHE;
    if (keep) {
        g->next = cache.head;
        cache.head = g;
        cache.n++;
    }
    pthread_mutex_unlock(&cache.lock);
    if (!keep)
        free(g);
}

/* Only a holder of a reference takes another. */
void grid_ref(struct grid *g)
{
    int was = atomic_fetch_add_explicit(&g->refs, 1, memory_order_relaxed);
    assert(was > 0);
    (void)was;
}

void grid_unref(struct grid *g)
{
    int was = atomic_fetch_sub_explicit(&g->refs, 1, memory_order_acq_rel);
    assert(was > 0);
    if (was == 1)
        grid_free(g);
}

void grid_block_index(const struct grid *g, unsigned long long i, uint3 *idx)
{
    unsigned long long gx = g->grid_dim.x, gy = g->grid_dim.y;
    assert(i < g->nblocks);
    if (gx == g->nblocks) {
        /* A one-dimensional grid: no division (two per block otherwise). */
        idx->x = (unsigned)i;
        idx->y = idx->z = 0;
        return;
    }
    idx->x = (unsigned)(i % gx);
    idx->y = (unsigned)((i / gx) % gy);
    idx->z = (unsigned)(i / (gx * gy));
}

void grid_block_done(struct grid *g, unsigned long long n)
{
    /* engine.h: blocks_done reaches the number of block records (the
     * blocks, or the parts of split ones), once.  Read before the add:
     * after it, the thread that adds the last may free g. */
    unsigned long long all = g->nunits * g->unit_blocks;
    unsigned long long done = atomic_fetch_add_explicit(&g->blocks_done, n, memory_order_acq_rel) + n;
    assert(done <= all);
    if (done == all) {
        if (g->split > 1)
            engine_split_done(g);
        g->on_done(g);
        grid_unref(g);
    }
}

void grid_fail(struct grid *g, int err)
{
    assert(err != 0);
    int none = 0;
    atomic_compare_exchange_strong(&g->error, &none, err);
    unsigned long long n = atomic_exchange(&g->next_block, g->nunits);
    if (g->parts) {
        /* next_block says nothing of the parts: count what each had left. */
        unsigned long long left = 0;
        for (unsigned p = 0; p < g->nparts; p++) {
            unsigned long long at = atomic_exchange(&g->parts[p].next, g->parts[p].end);
            left += at < g->parts[p].end ? g->parts[p].end - at : 0;
        }
        n = g->nunits - left;
    }
    /* Blocks waiting at grid.sync would wait for ever: their owners abort
     * them as they take them back. */
    if (g->gridbar) {
        pthread_mutex_lock(&g->gridbar->lock);
        struct block *list = g->gridbar->waiting;
        g->gridbar->waiting = NULL;
        pthread_mutex_unlock(&g->gridbar->lock);
        while (list) {
            struct block *next = list->gb_next;
            engine_post_block(list);
            list = next;
        }
    }
    if (n < g->nunits)
        grid_block_done(g, (g->nunits - n) * g->unit_blocks);
}

void grid_fail_deferred(struct grid *g, int err)
{
    int none = 0;
    atomic_compare_exchange_strong(&g->deferred_error, &none, err);
}

int grid_result(struct grid *g)
{
    int e = atomic_load(&g->error);
    return e ? e : atomic_load(&g->deferred_error);
}
