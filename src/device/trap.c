/*
 * trap.c: __trap, __brkpt, device assert, clocks, __nanosleep and the
 * SM id registers.
 */
/* __assert_fail, which <assert.h> declares only without NDEBUG (the
 * release build defines it). */
#undef NDEBUG
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "engine/sync.h"
#include "simt/core/device.h"

void simt_trap(const char *site)
{
    if (!engine_thread()) {
        fprintf(stderr, "simt: error: __trap() outside a kernel at %s\n", site);
        abort();
    }
    engine_fail(cudaErrorLaunchFailure, site, "the grid fails with cudaErrorLaunchFailure",
                "__trap()");
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
    if (!engine_thread()) {
        __assert_fail(expr, file, line, func);
    }
    uint3 bid = simt__block_idx, tid = simt__thread_idx;
    /* CUDA's own message; the thread ends, the grid runs to its end and
     * then fails with cudaErrorAssert. */
    char spelled[512];
    nvcc_spelling(func, spelled, sizeof spelled);
    fprintf(stderr, "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\n",
            file, line, spelled, bid.x, bid.y, bid.z, tid.x, tid.y, tid.z, expr);
    engine_fail_deferred(cudaErrorAssert);
    engine_exit();
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
    if (engine_in_kernel())
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
    if (engine_thread()) {
        /* Another thread of the block may be what this one waits for. */
        engine_yield();
        return;
    }
    struct timespec ts = {0, (long)ns};
    nanosleep(&ts, NULL);
}

unsigned int simt_smid(void)
{
    return (unsigned int)engine_worker_id();
}

unsigned int simt_nsmid(void)
{
    return (unsigned int)engine_workers();
}
