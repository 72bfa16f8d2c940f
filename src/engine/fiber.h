/*
 * fiber.h: execution contexts the engine switches between on one worker.
 *
 * A fiber is a stack plus a saved stack pointer.  Switching saves the
 * callee-saved registers on the current stack and restores them from the
 * target's (fiber_x86_64.S, fiber_aarch64.S).  Fibers never move between
 * OS threads.  Stacks are mmap'ed with a guard region below them, so an
 * overflow faults instead of corrupting a neighbour; the region is wide
 * (64 KiB) because one frame with a big local array can step over a single
 * guard page.  Past 16,384 stacks at once the next ones have none (the
 * process's mapping count bounds the guards: fiber.c).
 */

#define FIBER_GUARD_BYTES (64u * 1024u)
#ifndef SIMT_ENGINE_FIBER_H
#define SIMT_ENGINE_FIBER_H

#include <stddef.h>

struct sthread;

struct fiber {
    void *sp;                 /* saved stack pointer while switched out idle (one that
                               * holds a parked thread saves it in the thread's
                               * record: sched.c, switch_save) */
    char *stack_lo;           /* lowest usable byte (above the guard page) */
    size_t stack_size;        /* usable bytes */
    size_t color;             /* bytes left unused at the top (cache colouring) */
    unsigned char guarded;    /* a guard region lies below stack_lo (fiber.c) */
    struct fiber *next;       /* idle list link */
    struct sthread *thr;      /* CUDA thread it runs; NULL when idle */
    void *tsan_fiber;         /* ThreadSanitizer's handle, when built with it */
    void *asan_fake_stack;    /* AddressSanitizer's fake stack across a switch */
};

typedef void (*fiber_entry)(void *arg);

/* Allocates a fiber whose first switch-in calls entry(arg); entry never
 * returns.  NULL when out of memory. */
struct fiber *fiber_create(size_t stack_size, fiber_entry entry, void *arg);

/* Makes f start afresh at entry(arg) next time it is switched to, dropping
 * whatever was on its stack (an abandoned CUDA thread). */
void fiber_reset(struct fiber *f, fiber_entry entry, void *arg);

void fiber_destroy(struct fiber *f);

/* Saves the running context into *from_sp and resumes to_sp.  Returns when
 * something switches back to the saved context. */
void simt_fiber_switch(void **from_sp, void *to_sp);

/* The stack size fibers get: SIMT_STACK_SIZE, else the larger of 256 KiB
 * and the device's cudaLimitStackSize plus headroom for host code. */
size_t fiber_stack_size(void);

#endif /* SIMT_ENGINE_FIBER_H */
