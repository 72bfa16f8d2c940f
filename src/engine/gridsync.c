/*
 * gridsync.c: the grid barrier of cooperative launches and the workers'
 * inboxes.  Invariant: a block's fields are written only by the worker it
 * is resident on; other workers hand it over through the inbox.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "check/hooks.h"
#include "engine/gridsync.h"
#include "engine/watchdog.h"

int gridbar_create(struct grid *g)
{
    struct gridbar *gb = calloc(1, sizeof *gb);
    if (!gb)
        return -1;
    pthread_mutex_init(&gb->lock, NULL);
    gb->live_blocks = g->nblocks;
    gb->exited_syncs = ULLONG_MAX;
    g->gridbar = gb;
    return 0;
}

void gridbar_destroy(struct grid *g)
{
    if (g->gridbar) {
        pthread_mutex_destroy(&g->gridbar->lock);
        free(g->gridbar);
        g->gridbar = NULL;
    }
}

/* Called with gb->lock held when every live block has arrived: hands the
 * waiting blocks to their owners (after the lock is dropped). */
static struct block *complete_locked(struct gridbar *gb)
{
    struct block *list = gb->waiting;
    gb->waiting = NULL;
    gb->arrived = 0;
    if (hook_checking())
        check_grid_sync();
    return list;
}

static void post_all(struct block *list)
{
    while (list) {
        struct block *next = list->gb_next;
        engine_post_block(list);
        list = next;
    }
}

/* synccheck: a block exited without reaching a grid.sync() other blocks
 * reach.  A GPU's grid barrier counts every block of the grid, so the
 * others wait forever; simt's goes on without it, reported once per
 * kernel. */
static void exited_before(const struct grid *g, uint3 idx) __attribute__((noinline, cold));
static void exited_before(const struct grid *g, uint3 idx)
{
    if (!report_first((uint64_t)(uintptr_t)g->name, 0x4753u))
        return;
    report_lock();
    fprintf(stderr,
            "simt: error: grid.sync() not reached by every block in kernel %s: block (%u,%u,%u) "
            "exited without reaching a grid.sync() that other blocks reach — every block of a "
            "cooperative grid must reach each grid.sync() (CUDA guide, Grid Synchronization); "
            "on a GPU the others wait for it forever\n",
            g->name ? g->name : "?", idx.x, idx.y, idx.z);
    fflush(stderr);
    report_count();
    report_unlock();
}

static inline int checks_sync(void)
{
    return hook_checking() && (simt__check_on & CHECK_SYNC);
}

int gridbar_block_arrived(struct worker *w, struct block *b)
{
    struct gridbar *gb = b->grid->gridbar;
    pthread_mutex_lock(&gb->lock);
    b->grid_syncs++;
    if (checks_sync() && gb->exited_syncs < b->grid_syncs) {
        uint3 idx = gb->exited_idx;
        pthread_mutex_unlock(&gb->lock);
        exited_before(b->grid, idx);
        pthread_mutex_lock(&gb->lock);
    }
    if (++gb->arrived == gb->live_blocks) {
        struct block *list = complete_locked(gb);
        pthread_mutex_unlock(&gb->lock);
        post_all(list);
        watchdog_progress(w);
        barrier_release(w, b);
        return 1;
    }
    b->waits_outside = 1;
    b->gb_next = gb->waiting;
    gb->waiting = b;
    pthread_mutex_unlock(&gb->lock);
    return 0;
}

void gridbar_block_finished(struct grid *g, const struct block *b)
{
    struct gridbar *gb = g->gridbar;
    struct block *list = NULL;
    int missed = 0;
    pthread_mutex_lock(&gb->lock);
    if (b && b->grid_syncs < gb->exited_syncs) {
        gb->exited_syncs = b->grid_syncs;
        gb->exited_idx = b->idx;
    }
    /* Blocks wait at a grid.sync() b never reached. */
    missed = b && gb->arrived && checks_sync() && !atomic_load(&g->error);
    gb->live_blocks--;
    if (gb->arrived && gb->arrived == gb->live_blocks)
        list = complete_locked(gb);
    pthread_mutex_unlock(&gb->lock);
    if (missed)
        exited_before(g, b->idx);
    post_all(list);
}

/* ---- inboxes ------------------------------------------------------------------ */

void engine_post_block(struct block *b)
{
    struct worker *o = b->owner;
    pthread_mutex_lock(&o->inbox_lock);
    b->gb_next = o->inbox;
    /* The owner peeks at its inbox without the lock. */
    __atomic_store_n(&o->inbox, b, __ATOMIC_RELEASE);
    if (o->inbox_sleeping)
        pthread_cond_signal(&o->inbox_cv);
    pthread_mutex_unlock(&o->inbox_lock);
}

static void take(struct worker *w, struct block *list)
{
    while (list) {
        struct block *b = list;
        list = b->gb_next;
        b->waits_outside = 0;
        if (atomic_load(&b->grid->error)) {
            /* The grid failed while b waited: b ends too.  Aborting leaves
             * the current fiber, so the rest of the list goes back first. */
            if (list) {
                pthread_mutex_lock(&w->inbox_lock);
                struct block *tail = list;
                while (tail->gb_next)
                    tail = tail->gb_next;
                tail->gb_next = w->inbox;
                __atomic_store_n(&w->inbox, list, __ATOMIC_RELEASE);
                pthread_mutex_unlock(&w->inbox_lock);
            }
            sched_enter_block(w, b);
            sched_abort_block(w);
        }
        watchdog_progress(w);
        barrier_release(w, b);
    }
}

void engine_drain_inbox(struct worker *w)
{
    if (!__atomic_load_n(&w->inbox, __ATOMIC_ACQUIRE))
        return;
    pthread_mutex_lock(&w->inbox_lock);
    struct block *list = w->inbox;
    __atomic_store_n(&w->inbox, NULL, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&w->inbox_lock);
    take(w, list);
}

void engine_wait_inbox(struct worker *w)
{
    pthread_mutex_lock(&w->inbox_lock);
    while (!w->inbox) {
        w->inbox_sleeping = 1;
        pthread_cond_wait(&w->inbox_cv, &w->inbox_lock);
        w->inbox_sleeping = 0;
    }
    struct block *list = w->inbox;
    __atomic_store_n(&w->inbox, NULL, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&w->inbox_lock);
    take(w, list);
}
