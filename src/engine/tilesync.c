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
#include "engine/sync.h"
#include "simt/core/groups.h"

struct tilebar {
    unsigned first, count;    /* thread range; count 0: slot free */
    unsigned arrived;
    const struct block *blk;  /* the block (record and generation) it belongs to */
    unsigned gen;
    const char *site;
    struct waitq waiters;
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
            char what[80];
            snprintf(what, sizeof what, "group sync of threads %u-%u", first, first + count - 1);
            struct engine_failure f = {
                cudaErrorLaunchFailure, what, WHO_THREAD, NULL, 0, site,
                free_slot ? ": the calling thread or the range is outside the block — a group "
                            "synchronizes its own members"
                          : ": more than 16 groups of one block synchronizing at once"};
            engine_fail_with(&f);
        }
        bar = free_slot;
        bar->first = first;
        bar->count = count;
        bar->arrived = 0;
        bar->blk = b;
        bar->gen = b->gen;
        bar->site = site;
        bar->waiters = (struct waitq){0};
    }
    hook_barrier_arrive(bar, site);
    sched_count_sync(b, t);
    if (++bar->arrived == count) {
        if (hook_checking())
            check_group_sync(b, first, count);
        bar->count = 0;
        engine_wake_all(&bar->waiters);
        hook_barrier_release(bar);
        return;
    }
    engine_park(t, &bar->waiters, site, 0);
}
