/*
 * ring.h: rings, the scheduler's fast path for threads that meet again and
 * again (sched.c keeps the rest).
 *
 * A block whose threads all wait at one __syncthreads after another, or a
 * warp whose lanes all meet in one collective after another, parks and
 * resumes every thread at every meeting; in a ring it skips the lists.
 * When the running thread completes a generation that every thread of the
 * range [first, first + n) took part in, sched_ring_start puts the range
 * in a ring of that kind (RING_BLOCK or RING_WARP, engine.h; site where
 * they met) and returns 1, unless something else may need the worker's
 * lists (clusters, cooperative grids, schedule exploration, checking: 0,
 * and the caller wakes them).  The others then count as released, and
 * run before threads outside the range that were ready already (the
 * order of ready threads is the scheduler's to choose).  In the ring a
 * thread that arrives and is not the last calls sched_ring_park, which
 * switches to the next thread of the range (on x86-64 a block's barrier
 * does it in fiber_x86_64.S's simt_syncthreads, by the offsets of
 * ring_asm.h); the last completes the generation, counts it in
 * ring_passed and goes on.  Every other way to park, wake, exit or look at
 * the threads' states first writes the ring back into the lists and
 * records (sched_ring_flush: the scheduler calls it itself, a primitive
 * for an arrival its ring cannot take).
 *
 * Invariants while b->ring is set: b is the worker's running block (and
 * b->owner the worker), the running thread is b->ring_run, no thread of
 * the range is on the worker's ready list or a wait list, so each one's
 * list link (next) names the one after it in the ring, every one holds
 * its fiber, and sched__ring_block is b if the ring is a block's, else
 * NULL.
 */
#ifndef SIMT_ENGINE_RING_H
#define SIMT_ENGINE_RING_H

#include <assert.h>
#include <stddef.h>

#include "check/hooks.h"
#include "engine/engine.h"
#include "engine/fiber.h"
#include "engine/ring_asm.h"

/* fiber_x86_64.S's __syncthreads walks the records by these offsets. */
#if defined(__x86_64__)
#define RING_ASM_IS(a, b) _Static_assert((a) == (b), #a " is " #b " (ring_asm.h)")
RING_ASM_IS(RING_ASM_BLOCK, RING_BLOCK);
RING_ASM_IS(RING_ASM_B_OWNER, offsetof(struct block, owner));
RING_ASM_IS(RING_ASM_T_NEXT, offsetof(struct sthread, next));
RING_ASM_IS(RING_ASM_W_CURRENT, offsetof(struct worker, current));
RING_ASM_IS(RING_ASM_B_NTHREADS, offsetof(struct block, nthreads));
RING_ASM_IS(RING_ASM_B_ARRIVED, offsetof(struct block, bar_arrived));
RING_ASM_IS(RING_ASM_B_SITE, offsetof(struct block, bar_site));
RING_ASM_IS(RING_ASM_B_RING, offsetof(struct block, ring));
RING_ASM_IS(RING_ASM_B_RUN, offsetof(struct block, ring_run));
RING_ASM_IS(RING_ASM_B_FIRST, offsetof(struct block, ring_first));
RING_ASM_IS(RING_ASM_B_END, offsetof(struct block, ring_end));
RING_ASM_IS(RING_ASM_T_SP, offsetof(struct sthread, sp));
RING_ASM_IS(RING_ASM_T_FIBER, offsetof(struct sthread, fiber));
RING_ASM_IS(RING_ASM_T_TID, offsetof(struct sthread, tid));
RING_ASM_IS(RING_ASM_T_SIZE, sizeof(struct sthread));
RING_ASM_IS(RING_ASM_RUN_EVENTS, offsetof(simt_run, events));
RING_ASM_IS(sizeof(uint3), 12);
#undef RING_ASM_IS
#endif

int sched_ring_start(struct worker *w, struct block *b, unsigned kind, struct sthread *first,
                     unsigned n, struct sthread *running, const char *site);
void sched_ring_flush(struct worker *w, struct block *b);

/* sched.c's: a fiber left for good, to be reset by whichever runs next. */
extern SIMT_TLS struct fiber *sched__reset_pending;
/* The running block while its ring is a block's (RING_BLOCK), else NULL:
 * fiber_x86_64.S's __syncthreads looks here first. */
extern SIMT_TLS struct block *sched__ring_block;
void sched_after_switch(struct worker *w);

/* t, the running thread, has arrived and the generation is not complete:
 * the next thread of the range resumes (it was released by the generation
 * before, as every thread after t was).  The line of the stack the switch
 * pops first of the thread after that comes in meanwhile, and the one
 * above it, which the returns from the barrier read.  Inline, so that an
 * arrival is one call from the kernel down to the switch. */
static inline __attribute__((always_inline)) void sched_ring_park(struct worker *w,
                                                                  struct block *b,
                                                                  struct sthread *t)
{
    struct sthread *first = b->ring_first, *end = b->ring_end;
    struct sthread *next = t + 1 == end ? first : t + 1;
    struct sthread *after = next + 1 == end ? first : next + 1;
    assert(b->ring && b->ring_run == t && w->current->thr == t && t->next == next);
    const char *sp = after->sp;
    __builtin_prefetch(sp);
    __builtin_prefetch(sp + 64);
    b->ring_run = next;
    struct fiber *self = w->current, *to = next->fiber;
    assert(to->thr == next);
    w->current = to;
    simt__run.events++;
    builtins_set_thread(next->tid);
    hook_switch_begin(self, to);
    simt_fiber_switch(&t->sp, next->sp);
    hook_switch_end(self, 0);
    if (__builtin_expect(sched__reset_pending != NULL, 0))
        sched_after_switch(w);
}

#endif /* SIMT_ENGINE_RING_H */
