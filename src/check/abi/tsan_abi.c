/*
 * tsan_abi.c: libsimt-check.a, the entry points that clang's
 * ThreadSanitizer instrumentation calls (-fsanitize=thread), implemented
 * by simt's checker instead of clang's runtime (src/check/check.h says
 * why).  simtcc --check links it before libsimt.
 *
 * Each access is filtered here, inline, by address: only the device arena
 * and the running block's shared memory reach simt__check_access; the
 * rest (host memory, stacks, the runtime's own state) costs a call and
 * two compares.  Atomics are carried out here (sequentially consistent,
 * which is at least what any order asked for) and passed on as atomic
 * accesses.
 *
 * Built a second time with SIMT_CHECK_INLINE, as bitcode
 * (lib/simt-check-inline.bc): the plain accesses' entry points alone,
 * always inlined, which simtcc links into each instrumented module and
 * optimizes with it, so that the common access costs no call.  Their slow
 * path (simt__check_access_here) then finds the access's site from its own
 * return address, which lies in the program's code.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "simt.h"
#include "check/check.h"
#include "engine/shared.h"

/* What the build asked for: include/simt/check_build.h, compiled into
 * each checked .cu file. */
extern unsigned simt__check_build_mask __attribute__((weak));
extern int simt__check_build_exitcode __attribute__((weak));

#ifdef SIMT_CHECK_INLINE
#define PC NULL /* __builtin_return_address would keep it from inlining */
#define ENTRY_ATTR __attribute__((always_inline))
#define SLOW(a, n, kind) simt__check_access_here(a, n, kind)
#else
#define PC __builtin_return_address(0)
#define ENTRY_ATTR
#define SLOW(a, n, kind) simt__check_access(a, n, kind, PC)
#endif

/* Without racecheck, a kernel's aligned access of 4 or 8 bytes to device
 * memory that is addressable and written (or is being written) needs
 * nothing but its meta bytes: checked here, without a call.  Racecheck
 * turns it off (simt__check_fast_span and simt__check_shared_meta are 0
 * then).  The kernel test comes last: host code reaching device memory
 * is rare. */
static inline __attribute__((always_inline)) int memory_only_fast(uint8_t *meta, uintptr_t off,
                                                                  uintptr_t a, size_t n,
                                                                  unsigned kind)
{
    if ((a & (n - 1)) || (n != 4 && n != 8))
        return 0;
    uint8_t *m = meta + (off >> 2);
    unsigned cells = (unsigned)n / 4, v0 = m[0], v1 = cells == 2 ? m[1] : 0xff;
    if ((kind & (ACC_WRITE | ACC_RMW)) == ACC_WRITE) {
        if ((v0 & 0x0f) != 0x0f || (v1 & 0x0f) != 0x0f || !gridDim.x)
            return 0;
        if ((v0 & v1) != 0xff) {
            m[0] = 0xff;
            if (cells == 2)
                m[1] = 0xff;
        }
        return 1;
    }
    return v0 == 0xff && v1 == 0xff && gridDim.x;
}

static inline __attribute__((always_inline)) void acc(const volatile void *p, size_t n,
                                                      unsigned kind, const void *pc)
{
    uintptr_t a = (uintptr_t)p;
    if (a - simt__check_dev_lo < simt__check_fast_span &&
        memory_only_fast(simt__check_dev_meta, a - simt__check_dev_lo, a, n, kind))
        return;
    uintptr_t soff = a - (uintptr_t)simt__arena.dynamic_base;
    uint8_t *smeta = simt__check_shared_meta;
    if (soff < SHARED_ARENA_BYTES - 8 && smeta && memory_only_fast(smeta, soff, a, n, kind))
        return;
    if (__builtin_expect(a - simt__check_dev_lo < simt__check_dev_span ||
                             a - (uintptr_t)simt__arena.dynamic_base < SHARED_ARENA_BYTES ||
                             a - simt__check_sym_lo < simt__check_sym_span,
                         0))
        SLOW(a, n, kind);
    (void)pc;
}

#ifdef SIMT_CHECK_INLINE
/* An alignment check simt-kc made a call (ubsan_abi.c has the other
 * definition): the branch again, after the transformation. */
void __ubsan_handle_type_mismatch_v1(void *d, uintptr_t p);
void simt__ubsan_mismatch_if(int failed, void *d, uintptr_t p);
ENTRY_ATTR void simt__ubsan_mismatch_if(int failed, void *d, uintptr_t p)
{
    if (__builtin_expect(failed, 0))
        __ubsan_handle_type_mismatch_v1(d, p);
}
#endif

#ifndef SIMT_CHECK_INLINE
void __tsan_init(void);
void __tsan_init(void)
{
    simt__check_enable(&simt__check_build_mask ? simt__check_build_mask : CHECK_ALL,
                       &simt__check_build_exitcode ? simt__check_build_exitcode : 1);
}
#endif

/* Each entry point declared, for -Wmissing-prototypes, and defined. */
#define ENTRY(NAME, N, KIND)           \
    void NAME(void *p);                \
    ENTRY_ATTR void NAME(void *p) { acc(p, N, KIND, PC); }
#define ACCESS(N)                                                \
    ENTRY(__tsan_read##N, N, ACC_READ | ACC_ALIGNED)             \
    ENTRY(__tsan_write##N, N, ACC_WRITE | ACC_ALIGNED)           \
    ENTRY(__tsan_unaligned_read##N, N, ACC_READ)                 \
    ENTRY(__tsan_unaligned_write##N, N, ACC_WRITE)               \
    ENTRY(__tsan_volatile_read##N, N, ACC_READ | ACC_ALIGNED)    \
    ENTRY(__tsan_volatile_write##N, N, ACC_WRITE | ACC_ALIGNED)  \
    ENTRY(__tsan_unaligned_volatile_read##N, N, ACC_READ)        \
    ENTRY(__tsan_unaligned_volatile_write##N, N, ACC_WRITE)      \
    ENTRY(__tsan_read_write##N, N, ACC_WRITE | ACC_RMW | ACC_ALIGNED) \
    ENTRY(__tsan_unaligned_read_write##N, N, ACC_WRITE | ACC_RMW)
ACCESS(1)
ACCESS(2)
ACCESS(4)
ACCESS(8)
ACCESS(16)
#undef ACCESS
#undef ENTRY

/* A read of a launch parameter that the kernel never writes, through a
 * pointer in another allocation than every parameter it writes (apart;
 * src/compiler/kc_readonly.c): no thread of the launch can race with it,
 * so one read record of the launch per cell is all the shadow needs, for
 * other commands' accesses to meet.  Where the cell's read record is the
 * launch's already (and, with memcheck or initcheck, its bytes are
 * addressable and written), there is nothing to do; else
 * simt__check_ro_read records it (check.c). */
static inline __attribute__((always_inline)) int ro_fast(uintptr_t a, size_t n)
{
    uintptr_t off = a - simt__check_dev_lo;
    uint32_t launch = simt__check_ro_launch;
    if (n < 4 || (n & 3) || (a & 3) || off >= simt__check_ro_span || !launch)
        return 0;
    const struct cell *c = simt__check_dev_cells + (off >> 2);
    const uint8_t *m = simt__check_dev_meta + (off >> 2);
    for (size_t i = 0; i < n / 4; i++)
        if (c[i].r.launch != launch || c[i].r.bytes != 0xf || (simt__check_ro_meta && m[i] != 0xff))
            return 0;
    return 1;
}

#define RO_ENTRY(NAME, N, KIND)                            \
    void simt__ro##NAME(int apart, void *p);               \
    ENTRY_ATTR void simt__ro##NAME(int apart, void *p)     \
    {                                                      \
        if (!apart)                                        \
            acc(p, N, KIND, PC);                           \
        else if (!ro_fast((uintptr_t)p, N))                \
            simt__check_ro_read((uintptr_t)p, N, KIND, PC); \
    }
#define RO_ACCESS(N)                                                  \
    RO_ENTRY(__tsan_read##N, N, ACC_READ | ACC_ALIGNED)               \
    RO_ENTRY(__tsan_unaligned_read##N, N, ACC_READ)                   \
    RO_ENTRY(__tsan_volatile_read##N, N, ACC_READ | ACC_ALIGNED)      \
    RO_ENTRY(__tsan_unaligned_volatile_read##N, N, ACC_READ)
RO_ACCESS(1)
RO_ACCESS(2)
RO_ACCESS(4)
RO_ACCESS(8)
RO_ACCESS(16)
#undef RO_ACCESS
#undef RO_ENTRY

#ifdef SIMT_CHECK_INLINE
/* An access of an x loop that simt-kc versioned (src/compiler/kc_version.c):
 * checked unless the loop's test before it found every thread's access
 * clean. */
#define UNLESS(NAME)                               \
    void simt__unless##NAME(int clean, void *p);   \
    ENTRY_ATTR void simt__unless##NAME(int clean, void *p) \
    {                                              \
        if (!clean)                                \
            NAME(p);                               \
    }
#define UNLESS_ALL(N)                  \
    UNLESS(__tsan_read##N)             \
    UNLESS(__tsan_write##N)            \
    UNLESS(__tsan_unaligned_read##N)   \
    UNLESS(__tsan_unaligned_write##N)  \
    UNLESS(__tsan_read_write##N)       \
    UNLESS(__tsan_unaligned_read_write##N)
UNLESS_ALL(4)
UNLESS_ALL(8)
#undef UNLESS_ALL
#undef UNLESS

/* The x loops' tests (src/compiler/kc_version.c), given the addresses of
 * an access of n bytes by the loop's first thread, the one after it and
 * the last, steps apart: whether every thread's access takes acc's fast
 * path and changes nothing there (aligned, addressable and written
 * device memory).  The addresses must be the affine sequence the three
 * stand for, all inside the site's cached run (the second thread's too,
 * which bounds the step); else simt__check_span_fill looks. */
static inline __attribute__((always_inline)) int span1(uintptr_t a0, uintptr_t a1, uintptr_t alast,
                                                       uint64_t steps, uint64_t mask, uintptr_t *lo,
                                                       uintptr_t *hi)
{
    uintptr_t s = a1 - a0, l = a0 < alast ? a0 : alast, h = a0 < alast ? alast : a0;
    uintptr_t a1c = steps ? a1 : a0;
    if (((a0 | s) & mask) || alast - a0 != s * steps)
        return 0;
    *lo = a1c < l ? a1c : l;
    *hi = a1c > h ? a1c : h;
    return 1;
}

static inline __attribute__((always_inline)) int span_cached(uintptr_t *site, uintptr_t lo, uintptr_t hi,
                                                             uintptr_t a0, uint64_t n)
{
    hi += n;
    if (lo >= site[0] && hi <= site[1] && site[2] == __atomic_load_n(&simt__check_free_gen, __ATOMIC_RELAXED))
        return 1;
    return simt__check_span_fill(site, lo, hi, a0, n);
}

int simt__check_span_test(uintptr_t *site, uintptr_t a0, uintptr_t a1, uintptr_t alast, uint64_t steps,
                          uint64_t n);
ENTRY_ATTR int simt__check_span_test(uintptr_t *site, uintptr_t a0, uintptr_t a1, uintptr_t alast,
                                     uint64_t steps, uint64_t n)
{
    uintptr_t lo, hi;
    return span1(a0, a1, alast, steps, n - 1, &lo, &hi) && gridDim.x && span_cached(site, lo, hi, a0, n);
}

/* An alignment check's verdicts over the loop: every address a multiple
 * of mask + 1. */
int simt__check_span_aligned(uintptr_t a0, uintptr_t a1, uintptr_t alast, uint64_t steps, uint64_t mask);
ENTRY_ATTR int simt__check_span_aligned(uintptr_t a0, uintptr_t a1, uintptr_t alast, uint64_t steps,
                                        uint64_t mask)
{
    uintptr_t lo, hi;
    return span1(a0, a1, alast, steps, mask, &lo, &hi);
}

/* The same tests for an access in a loop nested in the x loop, whose
 * address is affine in x and in the inner loop's index k: given it at
 * (first x, first k), (second x, first k), (last x, first k), (first x,
 * second k), (first x, last k) and (last x, last k).  Its addresses lie
 * between the four corners' (an affine function's extremes over a box);
 * the steps must agree along both edges and across to the far corner,
 * which catches a wrap of the address's one extension anywhere in the
 * box.  The site, its runs and simt__check_span_fill are the 1-D test's. */
static inline int span2(uintptr_t a00, uintptr_t a10, uintptr_t al0, uint64_t xsteps, uintptr_t a01,
                        uintptr_t a0l, uintptr_t all, uint64_t ksteps, uint64_t mask, uintptr_t *lo,
                        uintptr_t *hi)
{
    uintptr_t sx = xsteps ? a10 - a00 : 0, sk = ksteps ? a01 - a00 : 0;
    if (((a00 | sx | sk) & mask) || al0 - a00 != sx * xsteps || a0l - a00 != sk * ksteps ||
        all - al0 != sk * ksteps)
        return 0;
    uintptr_t c[4] = {a00, al0, a0l, all}, l = a00, h = a00;
    for (int i = 1; i < 4; i++) {
        l = c[i] < l ? c[i] : l;
        h = c[i] > h ? c[i] : h;
    }
    *lo = l;
    *hi = h;
    return 1;
}

int simt__check_span_test2(uintptr_t *site, uintptr_t a00, uintptr_t a10, uintptr_t al0, uint64_t xsteps,
                           uintptr_t a01, uintptr_t a0l, uintptr_t all, uint64_t ksteps, uint64_t n);
ENTRY_ATTR int simt__check_span_test2(uintptr_t *site, uintptr_t a00, uintptr_t a10, uintptr_t al0,
                                      uint64_t xsteps, uintptr_t a01, uintptr_t a0l, uintptr_t all,
                                      uint64_t ksteps, uint64_t n)
{
    uintptr_t lo, hi;
    return span2(a00, a10, al0, xsteps, a01, a0l, all, ksteps, n - 1, &lo, &hi) && gridDim.x &&
           span_cached(site, lo, hi, a00, n);
}

int simt__check_span_aligned2(uintptr_t a00, uintptr_t a10, uintptr_t al0, uint64_t xsteps, uintptr_t a01,
                              uintptr_t a0l, uintptr_t all, uint64_t ksteps, uint64_t mask);
ENTRY_ATTR int simt__check_span_aligned2(uintptr_t a00, uintptr_t a10, uintptr_t al0, uint64_t xsteps,
                                         uintptr_t a01, uintptr_t a0l, uintptr_t all, uint64_t ksteps,
                                         uint64_t mask)
{
    uintptr_t lo, hi;
    return span2(a00, a10, al0, xsteps, a01, a0l, all, ksteps, mask, &lo, &hi);
}

/* Whether the 32-bit words at the addresses are all 0 (an alignment
 * check's verdicts an earlier segment stored per thread). */
int simt__check_span_zero32(uintptr_t a0, uintptr_t a1, uintptr_t alast, uint64_t steps);
ENTRY_ATTR int simt__check_span_zero32(uintptr_t a0, uintptr_t a1, uintptr_t alast, uint64_t steps)
{
    uintptr_t s = a1 - a0;
    if (steps > 4096 || alast - a0 != s * steps || ((a0 | s) & 3) || (s && s != 4 && s != (uintptr_t)-4))
        return 0;
    uint32_t any = 0;
    for (uint64_t i = 0; i <= steps; i++)
        any |= *(const uint32_t *)(a0 + i * s);
    return !any;
}

/* threadIdx stored for the checks' calls, which read it: only where the
 * checks run. */
void simt__unless_tid(int clean, unsigned *tid, unsigned x, unsigned y, unsigned z);
ENTRY_ATTR void simt__unless_tid(int clean, unsigned *tid, unsigned x, unsigned y, unsigned z)
{
    if (!clean) {
        tid[0] = x;
        tid[1] = y;
        tid[2] = z;
    }
}
#endif

void __tsan_read_range(void *p, size_t n);
ENTRY_ATTR void __tsan_read_range(void *p, size_t n) { acc(p, n, ACC_READ, PC); }
void __tsan_write_range(void *p, size_t n);
ENTRY_ATTR void __tsan_write_range(void *p, size_t n) { acc(p, n, ACC_WRITE, PC); }

#ifndef SIMT_CHECK_INLINE

void __tsan_func_entry(void *pc);
void __tsan_func_entry(void *pc) { (void)pc; }
void __tsan_func_exit(void);
void __tsan_func_exit(void) {}

void __tsan_vptr_update(void **vptr, void *val);
void __tsan_vptr_update(void **vptr, void *val) { (void)vptr; (void)val; }
void __tsan_vptr_read(void **vptr);
void __tsan_vptr_read(void **vptr) { (void)vptr; }

void *__tsan_memcpy(void *d, const void *s, size_t n);
void *__tsan_memcpy(void *d, const void *s, size_t n)
{
    acc(s, n, ACC_READ | ACC_RANGE, PC);
    acc(d, n, ACC_WRITE | ACC_RANGE, PC);
    return memcpy(d, s, n);
}
void *__tsan_memmove(void *d, const void *s, size_t n);
void *__tsan_memmove(void *d, const void *s, size_t n)
{
    acc(s, n, ACC_READ | ACC_RANGE, PC);
    acc(d, n, ACC_WRITE | ACC_RANGE, PC);
    return memmove(d, s, n);
}
void *__tsan_memset(void *d, int c, size_t n);
void *__tsan_memset(void *d, int c, size_t n)
{
    acc(d, n, ACC_WRITE | ACC_RANGE, PC);
    return memset(d, c, n);
}

/* ---- the x loops' tests (src/compiler/kc_version.c) --------------------- */

/* Meta bytes from i on that are 0xff, up to stop: the first that is not. */
static uintptr_t run_end(const uint8_t *m, uintptr_t i, uintptr_t stop)
{
    while (i < stop && (i & 7) && m[i] == 0xff)
        i++;
    for (uint64_t w; i + 8 <= stop && (memcpy(&w, m + i, 8), w == ~(uint64_t)0);)
        i += 8;
    while (i < stop && m[i] == 0xff)
        i++;
    return i;
}

/* The same backwards from i (exclusive) down to stop: the run's start. */
static uintptr_t run_start(const uint8_t *m, uintptr_t i, uintptr_t stop)
{
    while (i > stop && (i & 7) && m[i - 1] == 0xff)
        i--;
    for (uint64_t w; i >= stop + 8 && (memcpy(&w, m + i - 8, 8), w == ~(uint64_t)0);)
        i -= 8;
    while (i > stop && m[i - 1] == 0xff)
        i--;
    return i;
}

/* A site's first run missed (simt__check_span_test): whether [lo, hi)
 * (which holds a1 + n) is addressable and written device memory.  A site
 * keeps CHECK_SITE_RUNS runs per worker, the last used first ({lo, hi,
 * the cudaFree count it was found at} each; a block's rows of threads
 * take turns at an access, each in a run of its own where the kernel
 * writes what it reads): another of them may hold it; else the clean run
 * around it, found up to CLEAN_REACH meta bytes on either side and joined
 * with the first run where they touch, becomes the first.  A run, once
 * clean, stays so until the next cudaFree (device memory's addresses are
 * never reused). */
enum { CLEAN_REACH = 16384 };
int simt__check_span_fill(uintptr_t *site, uintptr_t lo, uintptr_t hi, uintptr_t a1, uint64_t n)
{
    uintptr_t dl = simt__check_dev_lo, fs = simt__check_fast_span;
    if (!fs || (n != 4 && n != 8) || lo - dl >= fs || hi - dl > fs || a1 < lo || a1 + n > hi)
        return 0;
    unsigned long gen = __atomic_load_n(&simt__check_free_gen, __ATOMIC_ACQUIRE);
    uintptr_t run[3];
    for (int i = 1; i < CHECK_SITE_RUNS; i++)
        if (lo >= site[3 * i] && hi <= site[3 * i + 1] && site[3 * i + 2] == gen) {
            memcpy(run, site + 3 * i, sizeof run);
            memmove(site + 3, site, 3 * (size_t)i * sizeof *site);
            memcpy(site, run, sizeof run);
            return 1;
        }
    const uint8_t *m = simt__check_dev_meta;
    uintptr_t b = (lo - dl) >> 2, e = (hi - dl + 3) >> 2, span_m = fs >> 2;
    if (run_end(m, b, e) != e)
        return 0;
    /* Joined with the first run where they touch or where the gap between
     * them is clean (an access that walks a written array). */
    int join = site[2] == gen && site[0] < site[1] && site[0] <= hi + 4 * CLEAN_REACH &&
               site[1] + 4 * CLEAN_REACH >= lo;
    if (join && site[1] < lo)
        join = run_end(m, (site[1] - dl) >> 2, b) == b;
    else if (join && site[0] > hi)
        join = run_start(m, (site[0] - dl) >> 2, e) == e;
    if (join) {
        uintptr_t ob = (site[0] - dl) >> 2, oe = (site[1] - dl) >> 2;
        b = ob < b ? ob : b;
        e = oe > e ? oe : e;
    } else {
        memmove(site + 3, site, 3 * (CHECK_SITE_RUNS - 1) * sizeof *site);
    }
    e = run_end(m, e, e + CLEAN_REACH < span_m ? e + CLEAN_REACH : span_m);
    b = run_start(m, b, b > CLEAN_REACH ? b - CLEAN_REACH : 0);
    site[0] = dl + 4 * b;
    site[1] = dl + 4 * e;
    site[2] = gen;
    return 1;
}

/* ---- atomics ------------------------------------------------------------ */

#define SC __ATOMIC_SEQ_CST
#define RMW(N, T, NAME, BUILTIN)                                                            \
    T __tsan_atomic##N##_##NAME(volatile T *a, T v, int mo);                                \
    T __tsan_atomic##N##_##NAME(volatile T *a, T v, int mo)                                 \
    {                                                                                       \
        (void)mo;                                                                           \
        acc(a, N / 8, ACC_WRITE | ACC_ATOMIC, PC);                                          \
        simt__check_atomic((uintptr_t)a, 0);                                                \
        return BUILTIN(a, v, SC);                                                           \
    }
#define ATOMICS(N, T)                                                                       \
    T __tsan_atomic##N##_load(const volatile T *a, int mo);                                 \
    T __tsan_atomic##N##_load(const volatile T *a, int mo)                                  \
    {                                                                                       \
        (void)mo;                                                                           \
        acc(a, N / 8, ACC_READ | ACC_ATOMIC, PC);                                           \
        simt__check_atomic((uintptr_t)a, 1);                                                \
        return __atomic_load_n(a, SC);                                                      \
    }                                                                                       \
    void __tsan_atomic##N##_store(volatile T *a, T v, int mo);                              \
    void __tsan_atomic##N##_store(volatile T *a, T v, int mo)                               \
    {                                                                                       \
        (void)mo;                                                                           \
        acc(a, N / 8, ACC_WRITE | ACC_ATOMIC, PC);                                          \
        simt__check_atomic((uintptr_t)a, 0);                                                \
        __atomic_store_n(a, v, SC);                                                         \
    }                                                                                       \
    RMW(N, T, exchange, __atomic_exchange_n)                                                \
    RMW(N, T, fetch_add, __atomic_fetch_add)                                                \
    RMW(N, T, fetch_sub, __atomic_fetch_sub)                                                \
    RMW(N, T, fetch_and, __atomic_fetch_and)                                                \
    RMW(N, T, fetch_or, __atomic_fetch_or)                                                  \
    RMW(N, T, fetch_xor, __atomic_fetch_xor)                                                \
    RMW(N, T, fetch_nand, __atomic_fetch_nand)                                              \
    int __tsan_atomic##N##_compare_exchange_strong(volatile T *a, T *c, T v, int mo,        \
                                                   int fmo);                                \
    int __tsan_atomic##N##_compare_exchange_strong(volatile T *a, T *c, T v, int mo,        \
                                                   int fmo)                                 \
    {                                                                                       \
        (void)mo;                                                                           \
        (void)fmo;                                                                          \
        acc(a, N / 8, ACC_WRITE | ACC_ATOMIC, PC);                                          \
        simt__check_atomic((uintptr_t)a, 0);                                                \
        return __atomic_compare_exchange_n(a, c, v, 0, SC, SC);                             \
    }                                                                                       \
    int __tsan_atomic##N##_compare_exchange_weak(volatile T *a, T *c, T v, int mo,          \
                                                 int fmo);                                  \
    int __tsan_atomic##N##_compare_exchange_weak(volatile T *a, T *c, T v, int mo,          \
                                                 int fmo)                                   \
    {                                                                                       \
        (void)mo;                                                                           \
        (void)fmo;                                                                          \
        acc(a, N / 8, ACC_WRITE | ACC_ATOMIC, PC);                                          \
        simt__check_atomic((uintptr_t)a, 0);                                                \
        return __atomic_compare_exchange_n(a, c, v, 0, SC, SC);                             \
    }                                                                                       \
    T __tsan_atomic##N##_compare_exchange_val(volatile T *a, T c, T v, int mo, int fmo);    \
    T __tsan_atomic##N##_compare_exchange_val(volatile T *a, T c, T v, int mo, int fmo)     \
    {                                                                                       \
        (void)mo;                                                                           \
        (void)fmo;                                                                          \
        acc(a, N / 8, ACC_WRITE | ACC_ATOMIC, PC);                                          \
        simt__check_atomic((uintptr_t)a, 0);                                                \
        __atomic_compare_exchange_n(a, &c, v, 0, SC, SC);                                   \
        return c;                                                                           \
    }
ATOMICS(8, uint8_t)
ATOMICS(16, uint16_t)
ATOMICS(32, uint32_t)
ATOMICS(64, uint64_t)

void __tsan_atomic_thread_fence(int mo);
void __tsan_atomic_thread_fence(int mo)
{
    (void)mo;
    simt__check_fence();
    __atomic_thread_fence(SC);
}
void __tsan_atomic_signal_fence(int mo);
void __tsan_atomic_signal_fence(int mo)
{
    (void)mo;
    __atomic_signal_fence(SC);
}
#endif
