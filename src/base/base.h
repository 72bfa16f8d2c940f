/*
 * base.h: the base layer every module of the core uses: growable arrays,
 * the out-of-memory policy, the clock and the spin-wait relax.
 *
 * Out of memory: a runtime call that cannot allocate returns
 * cudaErrorMemoryAllocation and leaves every object as it was; helpers
 * here report failure (-1 or NULL) and never abort, so the caller can.
 */
#ifndef SIMT_BASE_BASE_H
#define SIMT_BASE_BASE_H

#include <stddef.h>
#include <time.h>

/* Makes room for `need` elements of `elem` bytes in *v, whose capacity is
 * *cap elements: doubles the capacity (from `first`) until it suffices.
 * Returns 0, or -1 when out of memory (*v and *cap unchanged). */
int simt__grow(void **v, size_t *cap, size_t need, size_t elem, size_t first);

/* simt__grow for an array v with a size_t capacity field cap. */
#define VEC_RESERVE(v, cap, need) \
    simt__grow((void **)&(v), &(cap), (need), sizeof *(v), 4)

/* The out-of-memory exit of the internal paths that cannot yet report
 * failure to an API call (which returns cudaErrorMemoryAllocation):
 * "simt: error: out of memory in <where>", then abort. */
__attribute__((noreturn)) void simt__oom(const char *where);

/* calloc that also succeeds for n == 0; NULL when out of memory. */
void *simt__zalloc(size_t n, size_t size);

/* The bits set in x.  __builtin_popcount calls libgcc's __popcountdi2
 * where the target has no popcnt (baseline x86-64), which made every
 * program load libgcc_s for these few lines (0.1 ms of a start). */
static inline unsigned simt__popcount32(unsigned x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (x * 0x01010101u) >> 24;
}

/* CLOCK_MONOTONIC in nanoseconds. */
static inline long long simt__now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* One step of a spin wait: tells the core it spins (x86 pause, Arm
 * yield), so that a sibling hyperthread runs and the loop costs less. */
static inline void simt__relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

#endif
