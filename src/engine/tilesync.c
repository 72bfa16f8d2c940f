/*
 * tilesync.c: barriers among a contiguous range of a block's threads
 * (cooperative_groups::thread_block_tile<N>::sync() for N of 64 to 512,
 * and other partitions of a block wider than a warp).
 *
 * Up to 16 ranges of one block may be synchronizing at once; each is a
 * rendezvous of its threads (exited members never arrive: that deadlock is
 * diagnosed by the engine).
 */
#include <stdio.h>

#include "check/hooks.h"
#include "engine/diag.h"
#include "engine/engine.h"
#include "simt/core/groups.h"

struct tilebar {
    unsigned first, count;    /* thread range; count 0: slot free */
    unsigned arrived;
    const struct block *blk;  /* the block (record and generation) it belongs to */
    unsigned gen;
    const char *site;
    struct sthread *waiters, *tail;
};

#define TILEBARS 16

static SIMT_TLS struct tilebar bars[TILEBARS];

void simt_range_sync(const char *site, unsigned first, unsigned count)
{
    struct worker *w = engine_self();
    struct sthread *t = sched_current(w);
    if (!t || count <= 1)
        return;
    struct block *b = w->cur;
    unsigned id = (unsigned)(t - b->threads);
    struct tilebar *free_slot = NULL, *bar = NULL;
    for (int i = 0; i < TILEBARS; i++) {
        struct tilebar *s = &bars[i];
        int live = s->count && s->blk == b && s->gen == b->gen;
        if (live && s->first == first && s->count == count) {
            bar = s;
            break;
        }
        if (!live && !free_slot)
            free_slot = s;
    }
    if (!bar) {
        if (!free_slot || id < first || id >= first + count || first + count > b->nthreads) {
            char msg[600];
            uint3 tid = simt__thread_idx;
            snprintf(msg, sizeof msg,
                     "simt: error: group sync of threads %u-%u in kernel %s block (%u,%u,%u) "
                     "thread (%u,%u,%u) at %s: %s\n",
                     first, first + count - 1, b->grid->name, b->idx.x, b->idx.y, b->idx.z, tid.x,
                     tid.y, tid.z, site,
                     free_slot ? "the calling thread or the range is outside the block — a group "
                                 "synchronizes its own members"
                               : "more than 16 groups of one block synchronizing at once");
            diag_grid_failure(b->grid, cudaErrorLaunchFailure, msg);
            sched_abort_block(w);
        }
        bar = free_slot;
        bar->first = first;
        bar->count = count;
        bar->arrived = 0;
        bar->blk = b;
        bar->gen = b->gen;
        bar->site = site;
        bar->waiters = bar->tail = NULL;
    }
    hook_barrier_arrive(bar, site);
    sched_count_sync(b, t);
    if (++bar->arrived == count) {
        struct sthread *x = bar->waiters;
        bar->count = 0;
        while (x) {
            struct sthread *next = x->next;
            sched_make_ready(w, x);
            x = next;
        }
        hook_barrier_release(bar);
        return;
    }
    t->state = TS_BLOCKED;
    t->wait_site = site;
    t->next = NULL;
    if (bar->tail)
        bar->tail->next = t;
    else
        bar->waiters = t;
    bar->tail = t;
    sched_block_current(w, t);
}
