/*
 * parallel.c: host work split over the workers (engine_parallel).
 *
 * The caller and up to one helper task per other worker take items from
 * one counter until none is left; the caller then waits only for the
 * items others are running.  A helper that starts after the last item was
 * taken finds nothing and ends.  Nothing waits for a worker to become
 * free: with every worker busy (or one worker, the caller's own) the
 * caller runs every item itself, so a task of the engine may call it.
 *
 * Invariant: the job is freed by the last of the caller and its helpers
 * to let go of it (refs); the items' writes are seen by the caller once
 * done reaches n (release by each runner, acquire by the caller).
 */
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>

#include "base/base.h"
#include "engine/engine.h"

struct job {
    void (*fn)(void *arg, size_t i);
    void *arg;
    size_t n;
    atomic_size_t next; /* the next item to take */
    atomic_size_t done; /* items finished */
    atomic_int refs;    /* the caller and the helpers not over */
    struct helper {
        struct task task;
        struct job *job;
    } helpers[];
};

static void run_items(struct job *j)
{
    for (;;) {
        size_t i = atomic_fetch_add_explicit(&j->next, 1, memory_order_relaxed);
        if (i >= j->n)
            return;
        j->fn(j->arg, i);
        atomic_fetch_add_explicit(&j->done, 1, memory_order_release);
    }
}

static void job_unref(struct job *j)
{
    if (atomic_fetch_sub_explicit(&j->refs, 1, memory_order_acq_rel) == 1)
        free(j);
}

static void helper_run(struct task *t)
{
    struct job *j = ((struct helper *)t)->job; /* task is the first member */
    run_items(j);
    job_unref(j);
}

void engine_parallel(void (*fn)(void *arg, size_t i), void *arg, size_t n)
{
    int workers = engine_workers();
    /* Helpers beyond the items or the other workers would find nothing. */
    size_t want = n > 1 ? n - 1 : 0;
    if (want > (size_t)workers - (engine__self != NULL))
        want = (size_t)workers - (engine__self != NULL);
    struct job *j = want ? malloc(sizeof *j + want * sizeof j->helpers[0]) : NULL;
    if (!j) {
        for (size_t i = 0; i < n; i++)
            fn(arg, i);
        return;
    }
    j->fn = fn;
    j->arg = arg;
    j->n = n;
    atomic_init(&j->next, 0);
    atomic_init(&j->done, 0);
    atomic_init(&j->refs, (int)want + 1);
    for (size_t k = 0; k < want; k++) {
        j->helpers[k].task = (struct task){.run = helper_run};
        j->helpers[k].job = j;
        engine_submit_task(&j->helpers[k].task);
    }
    run_items(j);
    /* What is left runs on other threads, an item each at most. */
    while (atomic_load_explicit(&j->done, memory_order_acquire) < n)
        simt__relax();
    job_unref(j);
}
