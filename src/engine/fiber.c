/*
 * fiber.c: fiber stacks and their initial frames.
 *
 * Invariant: a fiber's saved sp always points at a frame that
 * simt_fiber_switch can pop: six callee-saved registers then a resume
 * address (x86-64), or the 176-byte register block (AArch64).
 */
#include "engine/fiber.h"

#include <assert.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "check/hooks.h"
#include "runtime/limits.h"

void simt_fiber_trampoline(void);

/* Range of the per-fiber offsets that spread stack tops over cache sets. */
#define STACK_COLORS (128u * 1024u)

static size_t page_size(void)
{
    static size_t ps;
    if (!ps)
        ps = (size_t)sysconf(_SC_PAGESIZE);
    return ps;
}

size_t fiber_stack_size(void)
{
    static size_t fixed;
    if (!fixed) {
        const char *e = getenv("SIMT_STACK_SIZE");
        if (e && *e) {
            char *end;
            unsigned long long v = strtoull(e, &end, 0);
            if (*end == 'k' || *end == 'K')
                v <<= 10;
            else if (*end == 'm' || *end == 'M')
                v <<= 20;
            fixed = v < 16384 ? 16384 : (size_t)v;
        } else {
            fixed = (size_t)-1;
        }
    }
    size_t want = fixed;
    if (want == (size_t)-1) {
        /* CUDA's limit counts only the kernel's own frames; host code
         * (printf, libm) needs room of its own. */
        want = limits_stack_size_max() + 128 * 1024;
        if (want < 256 * 1024)
            want = 256 * 1024;
    }
    /* The colour offset comes off the top, also of a SIMT_STACK_SIZE
     * stack (below 128 KiB a thread's first frame fell under the stack). */
    want += STACK_COLORS;
    size_t ps = page_size();
    return (want + ps - 1) & ~(ps - 1);
}

/* Where a fiber's stack starts, below the top of its mapping.  Every
 * mapping is page-aligned and the stacks are equally spaced, so without
 * an offset the live tops of a thousand parked threads would all fall in
 * the same cache sets and evict each other; the offset (65 cache lines per
 * fiber, modulo 128 KiB, the span of one way of a 1 MiB 8-way L2) spreads
 * them over every set. */
static size_t stack_color(void)
{
    static unsigned long next;
    unsigned long n = __atomic_fetch_add(&next, 1, __ATOMIC_RELAXED);
    return (size_t)((n * 4160) % STACK_COLORS);
}

static void init_frame(struct fiber *f, fiber_entry entry, void *arg)
{
    uintptr_t top = (uintptr_t)(f->stack_lo + f->stack_size - f->color) & ~(uintptr_t)15;
    uintptr_t *sp = (uintptr_t *)top;
#if defined(__x86_64__)
    *--sp = 0;                                   /* keeps the entry 16-aligned */
    *--sp = (uintptr_t)simt_fiber_trampoline;    /* popped, then jumped to */
    *--sp = 0;                                   /* rbp */
    *--sp = 0;                                   /* rbx */
    *--sp = (uintptr_t)arg;                      /* r12 */
    *--sp = (uintptr_t)entry;                    /* r13 */
    *--sp = 0;                                   /* r14 */
    *--sp = 0;                                   /* r15 */
#elif defined(__aarch64__)
    sp -= 22;
    memset(sp, 0, 22 * sizeof *sp);
    sp[0] = (uintptr_t)arg;                      /* x19 */
    sp[1] = (uintptr_t)entry;                    /* x20 */
    sp[11] = (uintptr_t)simt_fiber_trampoline;   /* x30 */
#else
#error "simt's engine supports x86-64 and AArch64"
#endif
    /* The frame lies within the stack, above the guard page. */
    assert((char *)sp > f->stack_lo && (uintptr_t)sp % 16 == 0);
    f->sp = sp;
}

/* A guard splits a stack's mapping in two, and a process may hold only so
 * many (vm.max_map_count, 65530 by default), which a cooperative grid
 * filling 16 workers (32,768 threads, each parked on its own stack at
 * grid.sync) would spend, leaving none for anything else.  Past
 * MAX_GUARDED guarded stacks the next ones go without: unguarded stacks
 * merge into one mapping. */
#define MAX_GUARDED 16384u
static unsigned nguarded;

static int guard_one(void)
{
    if (__atomic_fetch_add(&nguarded, 1, __ATOMIC_RELAXED) < MAX_GUARDED)
        return 1;
    __atomic_fetch_sub(&nguarded, 1, __ATOMIC_RELAXED);
    static int warned;
    if (!__atomic_exchange_n(&warned, 1, __ATOMIC_RELAXED))
        fprintf(stderr, "simt: warning: more than %u CUDA threads wait at once: the stacks of "
                        "the others have no guard page, so a thread that overflows its stack "
                        "there is not reported (the process's mapping count, vm.max_map_count, "
                        "bounds the guards)\n", MAX_GUARDED);
    return 0;
}

struct fiber *fiber_create(size_t stack_size, fiber_entry entry, void *arg)
{
    assert(entry && stack_size > STACK_COLORS && stack_size % page_size() == 0);
    size_t guard = FIBER_GUARD_BYTES;
    size_t total = stack_size + guard;
    char *base = mmap(NULL, total, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (base == MAP_FAILED)
        return NULL;
    int guarded = guard_one();
    if (guarded && mprotect(base, guard, PROT_NONE) != 0) {
        __atomic_fetch_sub(&nguarded, 1, __ATOMIC_RELAXED);
        munmap(base, total);
        return NULL;
    }
    struct fiber *f = calloc(1, sizeof *f);
    if (!f) {
        munmap(base, total);
        return NULL;
    }
    f->stack_lo = base + guard;
    f->stack_size = stack_size;
    f->guarded = (unsigned char)guarded;
    f->color = stack_color();
    init_frame(f, entry, arg);
    hook_fiber_create(f);
    return f;
}

void fiber_reset(struct fiber *f, fiber_entry entry, void *arg)
{
    f->thr = NULL;
    init_frame(f, entry, arg);
    hook_fiber_reset(f);
}

void fiber_destroy(struct fiber *f)
{
    if (!f)
        return;
    hook_fiber_destroy(f);
    if (f->guarded)
        __atomic_fetch_sub(&nguarded, 1, __ATOMIC_RELAXED);
    munmap(f->stack_lo - FIBER_GUARD_BYTES, f->stack_size + FIBER_GUARD_BYTES);
    free(f);
}
