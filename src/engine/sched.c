/*
 * sched.c: running a block's CUDA threads on one worker.
 *
 * The scheduler loop runs on whatever fiber is current.  It starts the
 * next unstarted thread as a plain call; when a thread blocks, the fiber it
 * runs on stays with it and a spare fiber takes the loop over.  Released
 * threads go on the ready list and resume in FIFO order when the running
 * thread blocks or exits, so a kernel with barriers costs one switch per
 * thread per barrier and a kernel without costs none.
 *
 * Invariant: a fiber is in exactly one place: running (w->current), idle
 * (w->idle, parked inside this loop), or holding a blocked/ready thread.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include "check/hooks.h"
#include "engine/engine.h"
#include "engine/shared.h"

static void fiber_main(void *arg);

/* A fiber whose stack must be reset once we have left it (see leave()). */
static SIMT_TLS struct fiber *reset_pending;

static void after_switch(struct worker *w)
{
    struct fiber *f = reset_pending;
    if (f) {
        reset_pending = NULL;
        fiber_reset(f, fiber_main, w);
        f->next = w->idle;
        w->idle = f;
    }
}

static void switch_to(struct worker *w, struct fiber *to)
{
    struct fiber *from = w->current;
    assert(from != to);
    w->current = to;
    if (to->thr)
        builtins_set_thread(to->thr->tid);
    hook_switch_begin(from, to);
    simt_fiber_switch(&from->sp, to->sp);
    hook_switch_end(from, 0);
    after_switch(w);
}

static void fiber_main(void *arg)
{
    struct worker *w = arg;
    hook_switch_end(w->current, 1);
    after_switch(w);
    sched_loop(w);
}

static struct fiber *spare_fiber(struct worker *w)
{
    struct fiber *f = w->idle;
    if (f) {
        w->idle = f->next;
        f->next = NULL;
        return f;
    }
    f = fiber_create(w->stack_size, fiber_main, w);
    if (!f) {
        fprintf(stderr, "simt: error: out of memory for a fiber stack of %zu bytes on worker %d"
                        " — lower SIMT_STACK_SIZE or the block size\n",
                w->stack_size, w->id);
        abort();
    }
    return f;
}

/* Leaves the current fiber for good: its stack is dropped. */
static void leave(struct worker *w) __attribute__((noreturn));
static void leave(struct worker *w)
{
    struct fiber *next = spare_fiber(w);
    reset_pending = w->current;
    switch_to(w, next);
    abort(); /* unreachable: the fiber was reset */
}

static void ready_push(struct worker *w, struct sthread *t)
{
    t->state = TS_READY;
    t->next = NULL;
    if (w->ready_tail)
        w->ready_tail->next = t;
    else
        w->ready = t;
    w->ready_tail = t;
}

static struct sthread *ready_pop(struct worker *w)
{
    struct sthread *t = w->ready;
    w->ready = t->next;
    if (!w->ready)
        w->ready_tail = NULL;
    t->next = NULL;
    t->state = TS_RUNNING;
    return t;
}

void sched_make_ready(struct worker *w, struct sthread *t)
{
    ready_push(w, t);
}

void sched_block_current(struct worker *w)
{
    struct fiber *self = w->current;
    struct fiber *next;
    self->thr->fiber = self;
    if (w->ready)
        next = ready_pop(w)->fiber;
    else
        next = spare_fiber(w);
    switch_to(w, next);
}

void sched_yield_current(struct worker *w)
{
    struct block *b = &w->block;
    struct sthread *t = w->current->thr;
    struct fiber *next;
    if (w->ready) {
        next = ready_pop(w)->fiber;
    } else if (b->next_thread < b->nthreads) {
        next = spare_fiber(w);
    } else {
        return;
    }
    t->fiber = w->current;
    ready_push(w, t);
    switch_to(w, next);
}

static void thread_exit(struct worker *w, struct block *b, struct sthread *t)
{
    t->state = TS_EXITED;
    w->current->thr = NULL;
    b->live--;
    barrier_thread_exited(w, b);
}

void sched_exit_current(struct worker *w)
{
    thread_exit(w, &w->block, w->current->thr);
    leave(w);
}

void sched_abort_block(struct worker *w)
{
    struct block *b = &w->block;
    for (unsigned i = 0; i < b->next_thread; i++) {
        struct sthread *t = &b->threads[i];
        if ((t->state == TS_BLOCKED || t->state == TS_READY) && t->fiber != w->current) {
            fiber_reset(t->fiber, fiber_main, w);
            t->fiber->next = w->idle;
            w->idle = t->fiber;
        }
        t->state = TS_EXITED;
    }
    w->ready = w->ready_tail = NULL;
    w->in_block = 0;
    shared_block_end(w);
    grid_block_done(b->grid, 1);
    leave(w);
}

static inline void run_next_thread(struct worker *w, struct block *b)
{
    unsigned i = b->next_thread++;
    struct sthread *t = &b->threads[i];
    t->tid = b->next_tid;
    t->linear = i;
    t->state = TS_RUNNING;
    if (++b->next_tid.x == b->grid->block_dim.x) {
        b->next_tid.x = 0;
        if (++b->next_tid.y == b->grid->block_dim.y) {
            b->next_tid.y = 0;
            b->next_tid.z++;
        }
    }
    w->current->thr = t;
    builtins_set_thread(t->tid);
    b->grid->fn(b->grid->args);
    thread_exit(w, b, t);
}

static void finish_block(struct worker *w)
{
    struct block *b = &w->block;
    w->in_block = 0;
    shared_block_end(w);
    grid_block_done(b->grid, 1);
}

void sched_loop(struct worker *w)
{
    for (;;) {
        if (w->in_block) {
            struct block *b = &w->block;
            if (b->next_thread < b->nthreads) {
                run_next_thread(w, b);
            } else if (w->ready) {
                struct sthread *t = ready_pop(w);
                struct fiber *self = w->current;
                self->thr = NULL;
                self->next = w->idle;
                w->idle = self;
                switch_to(w, t->fiber);
            } else if (b->live == 0) {
                finish_block(w);
            } else {
                barrier_deadlock(w, b);
            }
            continue;
        }
        engine_find_work(w);
    }
}
