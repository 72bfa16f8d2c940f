/*
 * hooks.h: the one place where checking tools plug into the engine.
 *
 * Every fiber creation, switch and synchronization point of the engine
 * calls one of these.  In a normal build they are empty inline functions
 * and cost nothing; built with AddressSanitizer they tell it about stack
 * switches, built with ThreadSanitizer they make each fiber a TSan fiber.
 * simt's own checker (simtcc --check, src/check/check.h) is called from
 * the engine and the runtime behind hook_checking(), below.
 */
#ifndef SIMT_CHECK_HOOKS_H
#define SIMT_CHECK_HOOKS_H

#include <stddef.h>
#include "engine/fiber.h"
#include "check/check.h"

#if defined(__SANITIZE_ADDRESS__)
#define SIMT_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SIMT_ASAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define SIMT_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SIMT_TSAN 1
#endif
#endif

#ifdef SIMT_ASAN
void __sanitizer_start_switch_fiber(void **fake_stack_save, const void *bottom, size_t size);
void __sanitizer_finish_switch_fiber(void *fake_stack_save, const void **bottom_old,
                                     size_t *size_old);
void __asan_unpoison_memory_region(void const volatile *addr, size_t size);
#endif
#ifdef SIMT_TSAN
void *__tsan_get_current_fiber(void);
void *__tsan_create_fiber(unsigned flags);
void __tsan_destroy_fiber(void *fiber);
void __tsan_switch_to_fiber(void *fiber, unsigned flags);
#endif

/* The OS thread's own context, adopted as a fiber without a stack of ours. */
static inline void hook_fiber_adopt(struct fiber *f)
{
#ifdef SIMT_TSAN
    f->tsan_fiber = __tsan_get_current_fiber();
#else
    (void)f;
#endif
}

static inline void hook_fiber_create(struct fiber *f)
{
#ifdef SIMT_TSAN
    f->tsan_fiber = __tsan_create_fiber(0);
#else
    (void)f;
#endif
}

static inline void hook_fiber_reset(struct fiber *f)
{
#ifdef SIMT_ASAN
    __asan_unpoison_memory_region(f->stack_lo, f->stack_size);
#else
    (void)f;
#endif
}

static inline void hook_fiber_destroy(struct fiber *f)
{
#ifdef SIMT_TSAN
    if (f->tsan_fiber)
        __tsan_destroy_fiber(f->tsan_fiber);
#else
    (void)f;
#endif
}

/* Right before simt_fiber_switch(from -> to). */
static inline void hook_switch_begin(struct fiber *from, struct fiber *to)
{
#ifdef SIMT_ASAN
    __sanitizer_start_switch_fiber(&from->asan_fake_stack, to->stack_lo, to->stack_size);
#endif
#ifdef SIMT_TSAN
    __tsan_switch_to_fiber(to->tsan_fiber, 0);
#endif
    (void)from;
    (void)to;
}

/* First thing a context does once switched (back) to; fresh marks a
 * fiber's very first run. */
static inline void hook_switch_end(struct fiber *self, int fresh)
{
#ifdef SIMT_ASAN
    __sanitizer_finish_switch_fiber(fresh ? NULL : self->asan_fake_stack, NULL, NULL);
#endif
    (void)self;
    (void)fresh;
}

/* Synchronization points of CUDA threads (barriers, collectives): where a
 * race detector orders memory and a randomizing scheduler may reorder. */
static inline void hook_barrier_arrive(const void *barrier, const char *site)
{
    (void)barrier;
    (void)site;
}

static inline void hook_barrier_release(const void *barrier)
{
    (void)barrier;
}

/* ---- checking builds (simtcc --check; src/check/check.h) ---------------- */

/* Whether this run checks: set once, by libsimt-check.a's start-up, in
 * checking builds only.  The runtime's and engine's calls into the checker
 * sit behind it, at points that are rare (allocations, block starts, shared
 * variables' first use, copies) or on the fiber tier only (collectives). */
static inline int hook_checking(void)
{
    return __builtin_expect(__atomic_load_n(&simt__check_on, __ATOMIC_RELAXED) != 0, 0);
}

#endif /* SIMT_CHECK_HOOKS_H */
