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
