/*
 * sync.h: the engine's seam, through which synchronization primitives
 * park, wake and fail CUDA threads.
 *
 * The primitives (the block barrier, warp collectives, clusters, tile and
 * grid sync in src/engine/; mbarriers, pipelines, atomic waits and
 * cooperative groups in src/device/) keep their own state (arrival
 * counts, phases, results) and lists of the threads that wait on them
 * (struct waitq).  They never write a thread's scheduling state, nor read
 * or write the fields of a worker or block: what they need to know is
 * asked here.  Three events, one function each:
 *
 *   park  engine_park: the running thread waits, on a list or on none
 *         (its waker finds it another way, as a warp finds its lanes),
 *         until something wakes it; it returns once the thread resumes.
 *   wake  engine_wake (one thread), engine_wake_all (a list, in order),
 *         engine_wake_if (the threads of a list a predicate picks): the
 *         threads become ready and resume, in the order they were woken,
 *         when the running thread parks or ends.  All three pass each
 *         thread through one step of the scheduler (sched.c, woken()).
 *   fail  engine_fail_with: prints the one diagnostic shape, "simt: error:
 *         WHAT in kernel K block (x,y,z) thread (x,y,z) at SITE...", fails
 *         the grid and abandons the block; engine_fail and engine_misuse
 *         are its common forms.
 *
 * A race detector's happens-before edges (waker to woken) and a schedule
 * explorer's choices attach at these three, once for every primitive.
 *
 * Polling (engine_poll_*) is for threads that wait on memory other
 * threads change without a wake (a barrier outside shared memory, an
 * atomic wait on global memory): the scheduler decides who runs between
 * two looks.
 *
 * Invariants: a parked thread is on one list at most, and only its own
 * worker's; every function here runs on the worker of the threads it
 * names.  A list may outlive the block of the threads on it when that
 * block is abandoned after a failure: engine_wake_if drops such threads,
 * the others must not be given them (a primitive's state belongs to one
 * block and is dropped with it).
 */
#ifndef SIMT_ENGINE_SYNC_H
#define SIMT_ENGINE_SYNC_H

#include <stdint.h>

#include "engine/engine.h"

/* ---- park and wake ---------------------------------------------------------- */

/* The running CUDA thread, NULL outside a kernel: engine_thread()
 * (engine.h). */

/* engine_park's second half, in sched.c: t leaves the CPU. */
void sched_park(struct worker *w, struct sthread *t, const char *site);

static inline void waitq_push(struct waitq *q, struct sthread *t)
{
    if (q->stack) {
        t->next = q->head;
        q->head = t;
        if (!q->tail)
            q->tail = t;
    } else {
        t->next = NULL;
        if (q->tail)
            q->tail->next = t;
        else
            q->head = t;
        q->tail = t;
    }
}

/* Parks the running thread t on q (NULL: on no list) at site (a
 * "file:line" that lives as long as the program, shown if the wait
 * deadlocks) and runs other threads; returns once t was woken and runs
 * again.  key is the primitive's note about this wait (the address it
 * waits for, a kind of wait), for engine_wake_if's predicate.  Inline:
 * the list is the caller's (a block barrier parks a thousand threads a
 * round); sched_park does the rest. */
static inline void engine_park(struct sthread *t, struct waitq *q, const char *site,
                               uintptr_t key)
{
    if (q)
        waitq_push(q, t);
    t->wait_key = key;
    sched_park(engine__self, t, site);
}

/* engine_park for a list that engine_wake_if never looks at, so that no
 * key need be written (the key lies on the record's second cache line,
 * which a block barrier's park then leaves alone). */
static inline void engine_park_unkeyed(struct sthread *t, struct waitq *q, const char *site)
{
    if (q)
        waitq_push(q, t);
    sched_park(engine__self, t, site);
}

/* Makes t, parked on no list (or taken off one by the caller), ready. */
void engine_wake(struct sthread *t);

/* Makes every thread of q ready, in list order; q is left empty. */
void engine_wake_all(struct waitq *q);

/* engine_wake_all for a q that holds every thread of threads[0..n) but
 * running (a full block's barrier: all wait but the last to arrive). */
void engine_wake_all_but(struct waitq *q, struct sthread *threads, unsigned n,
                         const struct sthread *running);

/* Makes lanes[i] ready for every bit i of mask, in index order: the
 * lanes of a warp a collective parked on no list. */
void engine_wake_lanes(struct sthread *lanes, unsigned mask);

/* Makes the threads of q whose key pick(key, arg) accepts ready, in list
 * order, at most max of them, and takes them off q; drops threads of
 * abandoned blocks on the way.  Returns how many it woke. */
unsigned engine_wake_if(struct waitq *q, int (*pick)(uintptr_t key, const void *arg),
                        const void *arg, unsigned max);

/* Appends t, parked on no list, to q without waking it: a waker that
 * hands each thread its own result gathers them in order and then wakes
 * the list. */
static inline void waitq_add(struct waitq *q, struct sthread *t)
{
    if (q->tail)
        q->tail->next = t;
    else
        q->head = t;
    q->tail = t;
}

static inline int waitq_empty(const struct waitq *q)
{
    return q->head == NULL;
}

/* Counts a synchronization point the running thread t passes (see
 * sched_count_sync). */
static inline void engine_count_sync(struct sthread *t)
{
    sched_count_sync(engine__self->cur, t);
}

/* ---- polling ----------------------------------------------------------------- */

/* A poll loop of the running thread begins: 1 if the caller is a CUDA
 * thread (then counted among the worker's pollers), 0 otherwise.  Pass the
 * result to engine_poll_end when the loop is over. */
int engine_poll_begin(void);
/* One round of a poll that found nothing: the block's other threads run
 * first (a poller among several steps aside, parked at site, while
 * threads remain to start); with none to run the OS thread backs off,
 * longer as *spins grows. */
void engine_poll_pause(unsigned *spins, const char *site);
void engine_poll_end(int counted);
/* Whether a thread not started yet, or a ready one, could run on this
 * worker (the running thread aside). */
int engine_unstarted(void);
int engine_has_ready(void);
static inline int engine_others_runnable(void)
{
    return engine_has_ready() || engine_unstarted();
}
/* Lets other threads of the worker run before the running one goes on
 * (unstarted threads first); returns at once outside a kernel or when
 * nothing else can run. */
void engine_yield(void);
/* Futile polls: how many times in a row the running thread t saw the
 * same state (seen) of obj with nothing of its block's barriers passed
 * meanwhile; a new obj or state starts the count at 1. */
unsigned engine_poll_repeats(struct sthread *t, const void *obj, uint64_t seen);
/* Starts t's count afresh (it waited: something happened). */
static inline void engine_poll_forget(struct sthread *t)
{
    t->poll_obj = NULL;
    t->poll_count = 0;
}

/* ---- fail --------------------------------------------------------------------- */

/* Whom a failure names after "in kernel K block (x,y,z)". */
enum engine_who { WHO_THREAD, WHO_BLOCK, WHO_WARP };

/* A failure of the running block, reported as
 *   simt: error: WHAT in kernel K block (x,y,z)[ WHO][ at SITE]TAIL
 * where WHO is "thread (x,y,z)" (tid, or the running thread's), "warp N"
 * or nothing; a NULL site or tail is left out. */
struct engine_failure {
    int err;                      /* cudaError_t the grid fails with */
    const char *what;
    enum engine_who who;
    const uint3 *tid;             /* WHO_THREAD: NULL for the running thread */
    unsigned warp;                /* WHO_WARP */
    const char *site;
    const char *tail;             /* appended as it is: " — what to do" */
};

/* Prints f (whole, never interleaved with another report), fails the
 * grid with f->err and abandons the running block. */
void engine_fail_with(const struct engine_failure *f) __attribute__((noreturn));
/* The same shape as a warning: printed, nothing fails. */
void engine_warn_with(const struct engine_failure *f);
/* An error that a GPU runs through (a checking build's finding): printed
 * and counted for the checker's summary; nothing fails. */
void engine_report_with(const struct engine_failure *f);
/* The running thread's misuse: "WHAT in kernel ... thread (..) at SITE —
 * TODO" (no " — TODO" when todo is NULL), failing the grid with err.
 * Outside a kernel: "simt: error: WHAT at SITE — TODO", and the process
 * aborts. */
void engine_fail(int err, const char *site, const char *todo, const char *what, ...)
    __attribute__((noreturn, format(printf, 4, 5)));
/* engine_fail with cudaErrorLaunchFailure at "file:line": the device
 * API's misuse reports (simt_cg_misuse is this function). */
void engine_misuse(const char *file, unsigned line, const char *todo, const char *what, ...)
    __attribute__((noreturn, format(printf, 4, 5)));
/* The grid fails with err once it is done; it keeps running (a device
 * assert). */
void engine_fail_deferred(int err);
/* Ends the running thread without returning (a failed device assert). */
void engine_exit(void) __attribute__((noreturn));

/* ---- what a primitive may ask ------------------------------------------------ */

/* Whether a kernel's thread runs on this OS thread. */
static inline int engine_in_kernel(void)
{
    return engine__self && engine__self->cur;
}

/* The running block's grid, NULL outside a kernel (a launch from a
 * kernel names its parent grid). */
static inline struct grid *engine_current_grid(void)
{
    return engine_in_kernel() ? engine__self->cur->grid : NULL;
}

/* Whether p lies in the running block's shared memory. */
static inline int engine_in_shared(const void *p)
{
    const struct worker *w = engine__self;
    if (!w || !w->cur)
        return 0;
    return (uintptr_t)p - (uintptr_t)w->cur->arena < w->cur->arena_cap;
}

/* The running thread's linear index in its block (from threadIdx). */
static inline unsigned engine_thread_index(void)
{
    const uint3 t = simt__thread_idx;
    const dim3 bd = simt__block_dim;
    return t.x + bd.x * (t.y + bd.y * t.z);
}

/* Which block a primitive's state belongs to.  Block records are reused
 * (a primitive may key its state by the record, blk); the generation
 * tells the blocks a record served apart. */
struct engine_stamp {
    const struct block *blk;
    unsigned gen;
};

/* The running block's stamp; blk is NULL outside a kernel. */
static inline struct engine_stamp engine_stamp_now(void)
{
    const struct worker *w = engine__self;
    struct engine_stamp s = {NULL, 0};
    if (w && w->cur) {
        s.blk = w->cur;
        s.gen = w->cur->gen;
    }
    return s;
}

/* Whether s is the running block's. */
static inline int engine_stamp_running(struct engine_stamp s)
{
    const struct block *b = engine__self->cur;
    return s.blk == b && s.gen == b->gen;
}

/* Whether the record of s has not served another block since. */
static inline int engine_stamp_current(struct engine_stamp s)
{
    return s.blk && s.blk->gen == s.gen;
}

/* Whether the block of s is still resident on this worker (not over). */
int engine_stamp_resident(struct engine_stamp s);

/* The id of the worker this OS thread is (the SM id kernels see), 0 on
 * host threads. */
static inline int engine_worker_id(void)
{
    return engine__self ? engine__self->id : 0;
}

#endif /* SIMT_ENGINE_SYNC_H */
