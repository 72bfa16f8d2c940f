/*
 * trap.c: __trap, __brkpt, device assert, clocks, __nanosleep and the
 * SM id registers.
 */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "engine/diag.h"
#include "engine/engine.h"
#include "simt/core/device.h"

void simt_trap(const char *site)
{
    struct worker *w = engine_self();
    if (!sched_current(w)) {
        fprintf(stderr, "simt: error: __trap() outside a kernel at %s\n", site);
        abort();
    }
    struct block *b = w->cur;
    uint3 tid = simt__thread_idx;
    char msg[512];
    snprintf(msg, sizeof msg,
             "simt: error: __trap() in kernel %s block (%u,%u,%u) thread (%u,%u,%u) at %s — the "
             "grid fails with cudaErrorLaunchFailure\n",
             b->grid->name, b->idx.x, b->idx.y, b->idx.z, tid.x, tid.y, tid.z, site);
    diag_grid_failure(b->grid, cudaErrorLaunchFailure, msg);
    sched_abort_block(w);
}

void simt_brkpt(const char *site)
{
    /* Without a debugger attached a GPU breakpoint ends the kernel. */
    simt_trap(site);
}

/* The function as nvcc's front end spells it: g++ writes "int*", nvcc
 * "int *" (CUDA prints it in the assert message). */
static void nvcc_spelling(const char *func, char *out, size_t len)
{
    size_t o = 0;
    for (const char *p = func; *p && o + 2 < len; p++) {
        if ((*p == '*' || *p == '&') && p > func && p[-1] != ' ' && p[-1] != '*' &&
            p[-1] != '&' && p[-1] != '(')
            out[o++] = ' ';
        out[o++] = *p;
    }
    out[o] = 0;
}

void simt__assert_fail(const char *expr, const char *file, unsigned line, const char *func)
{
    struct worker *w = engine_self();
    if (!sched_current(w)) {
        __assert_fail(expr, file, line, func);
    }
    struct block *b = w->cur;
    uint3 tid = simt__thread_idx;
    /* CUDA's own message; the thread ends, the grid runs to its end and
     * then fails with cudaErrorAssert. */
    char spelled[512];
    nvcc_spelling(func, spelled, sizeof spelled);
    fprintf(stderr, "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\n",
            file, line, spelled, b->idx.x, b->idx.y, b->idx.z, tid.x, tid.y, tid.z, expr);
    grid_fail_deferred(b->grid, cudaErrorAssert);
    sched_exit_current(w);
}

long long simt_clock64(void)
{
#if defined(__x86_64__)
    return (long long)__builtin_ia32_rdtsc();
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
#endif
}

/* CUDA's device clock() and C's clock() share one name, and kernels call
 * it unqualified: this definition takes the place of the C library's.  In
 * a kernel it is the device's 32-bit cycle counter (the clock64() count,
 * wrapping as a GPU's %clock does), so spin loops sized from clockRate
 * take the time they take on a GPU; elsewhere it is C's clock(), the
 * process's CPU time in CLOCKS_PER_SEC units. */
clock_t clock(void)
{
    struct worker *w = engine_self();
    if (w && w->cur)
        return (clock_t)(uint32_t)simt_clock64();
    struct timespec ts;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
        return (clock_t)-1;
    return (clock_t)ts.tv_sec * CLOCKS_PER_SEC +
           (clock_t)(ts.tv_nsec / (1000000000L / CLOCKS_PER_SEC));
}

unsigned long long simt_globaltimer(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (unsigned long long)ts.tv_sec * 1000000000ULL + (unsigned long long)ts.tv_nsec;
}

void simt_nanosleep(unsigned int ns)
{
    struct worker *w = engine_self();
    if (sched_current(w)) {
        /* Another thread of the block may be what this one waits for. */
        sched_yield_current(w);
        return;
    }
    struct timespec ts = {0, (long)ns};
    nanosleep(&ts, NULL);
}

unsigned int simt_smid(void)
{
    struct worker *w = engine_self();
    return w ? (unsigned int)w->id : 0;
}

unsigned int simt_nsmid(void)
{
    return (unsigned int)engine_workers();
}
