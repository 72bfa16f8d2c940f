/*
 * gridsync.c: the grid barrier of cooperative launches and the workers'
 * inboxes.  Invariant: a block's fields are written only by the worker it
 * is resident on; other workers hand it over through the inbox.
 */
#include <stdlib.h>

#include "check/hooks.h"
#include "engine/gridsync.h"

int gridbar_create(struct grid *g)
{
    struct gridbar *gb = calloc(1, sizeof *gb);
    if (!gb)
        return -1;
    pthread_mutex_init(&gb->lock, NULL);
    gb->live_blocks = g->nblocks;
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

int gridbar_block_arrived(struct worker *w, struct block *b)
{
    struct gridbar *gb = b->grid->gridbar;
    pthread_mutex_lock(&gb->lock);
    if (++gb->arrived == gb->live_blocks) {
        struct block *list = complete_locked(gb);
        pthread_mutex_unlock(&gb->lock);
        post_all(list);
        barrier_release(w, b);
        return 1;
    }
    b->waits_outside = 1;
    b->gb_next = gb->waiting;
    gb->waiting = b;
    pthread_mutex_unlock(&gb->lock);
    return 0;
}

void gridbar_block_finished(struct grid *g)
{
    struct gridbar *gb = g->gridbar;
    struct block *list = NULL;
    pthread_mutex_lock(&gb->lock);
    gb->live_blocks--;
    if (gb->arrived && gb->arrived == gb->live_blocks)
        list = complete_locked(gb);
    pthread_mutex_unlock(&gb->lock);
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
