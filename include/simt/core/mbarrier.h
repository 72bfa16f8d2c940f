/*
 * simt/core/mbarrier.h: split-phase barriers of the core (C API).  CUDA's names
 * (__mbarrier_*, cuda::barrier, cuda::ptx::mbarrier_*) are header layers
 * over these functions.
 *
 * A barrier is one 64-bit word in the program's memory (__mbarrier_t).
 * In the running block's shared memory the word is a handle: the state
 * (phase, pending and expected counts, transaction count, waiters, the
 * asynchronous copies that complete the phase) lives in the worker, and a
 * waiting thread blocks its fiber, so a barrier that can never complete
 * is reported as a deadlock.  Anywhere else (cuda::barrier of device or
 * system scope, cuda::std::barrier) the word holds the state itself and
 * waiters poll it.
 *
 * Tokens: bits 63..32 the phase the arrival belongs to, bit 31 set, bits
 * 30..20 a tag of the barrier's address, bits 19..0 the pending count
 * before the arrival (CUDA guide: "an arrival token associated with the
 * barrier state immediately prior to the decrement").
 *
 * file/line name the caller for diagnostics (C macros pass __FILE__ and
 * __LINE__, C++ layers __builtin_FILE() and __builtin_LINE()).
 */
#ifndef SIMT_MBARRIER_H
#define SIMT_MBARRIER_H
#pragma GCC system_header

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* CUDA's __mbarrier_maximum_count() (cuda_awbarrier_helpers.h: 2^14 - 1). */
#define SIMT_MBAR_PRIMITIVE_MAX 16383u
/* cuda::barrier<thread_scope_block>::max() in shared memory: 2^20 - 1. */
#define SIMT_MBAR_NATIVE_MAX 1048575u
/* The most arrivals a barrier outside shared memory can expect here. */
#define SIMT_MBAR_WORD_MAX 2097151u

/* How the caller names the barrier in diagnostics, and which rules apply. */
enum simt_mbar_api {
    SIMT_MBAR_PRIM,    /* __mbarrier_*: shared memory only */
    SIMT_MBAR_CXX,     /* cuda::barrier, cuda::std::barrier: any memory */
    SIMT_MBAR_NATIVE,  /* cuda::device::barrier_*_tx, cuda::ptx: shared memory only */
};

typedef void (*simt_completion_fn)(void *ctx);

/* Sets the expected arrival count of the current and next phase; phase 0
 * begins.  max: the API's limit (a larger count is diagnosed).  completion,
 * if not NULL, runs once per phase, in the thread completing it, before any
 * waiter is released. */
void simt_mbar_init(uint64_t *bar, uint32_t count, uint32_t max, simt_completion_fn completion,
                    void *ctx, int api, const char *file, unsigned line);
void simt_mbar_inval(uint64_t *bar, int api, const char *file, unsigned line);

/* Arrives count times (drop: and lowers the expected count of the next
 * phases by count), adding tx to the transaction count first.  Returns the
 * token.  completion: as given to init (barriers outside shared memory keep
 * no room for it). */
uint64_t simt_mbar_arrive(uint64_t *bar, uint32_t count, int drop, uint32_t tx,
                          simt_completion_fn completion, void *ctx, int api, const char *file,
                          unsigned line);
void simt_mbar_expect_tx(uint64_t *bar, uint32_t tx, int api, const char *file, unsigned line);

/* Whether the token's phase (or the phase of that parity) has completed.
 * A false answer is a scheduling point: the other threads of the block run
 * first, and the answer is false only if they could not complete it. */
int simt_mbar_test_wait(uint64_t *bar, uint64_t token, int api, const char *file, unsigned line);
int simt_mbar_test_wait_parity(uint64_t *bar, unsigned parity, int api, const char *file,
                               unsigned line);
/* As test_wait, but the thread may be suspended until the phase completes;
 * ns is the caller's time limit (ignored in shared memory: a thread there
 * waits for as long as other threads can still complete the phase). */
int simt_mbar_try_wait(uint64_t *bar, uint64_t token, uint64_t ns, int api, const char *file,
                       unsigned line);
int simt_mbar_try_wait_parity(uint64_t *bar, unsigned parity, uint64_t ns, int api,
                              const char *file, unsigned line);
/* Blocks until the phase completes. */
void simt_mbar_wait(uint64_t *bar, uint64_t token, int api, const char *file, unsigned line);
void simt_mbar_wait_parity(uint64_t *bar, unsigned parity, int api, const char *file,
                           unsigned line);

/* An asynchronous copy of n bytes (then fill zero bytes) that completes
 * with the barrier's current phase: the data lands when the phase's
 * arrivals are all in, just before it completes.  tx: the copy counts n +
 * fill bytes against the transaction count (memcpy_async_tx, bulk
 * copies).  A barrier outside shared memory copies at once. */
void simt_mbar_copy(uint64_t *bar, void *dst, const void *src, size_t n, size_t fill, int tx,
                    int api, const char *file, unsigned line);

/* C++ [atomics.wait] for a word of size bytes (1, 2, 4 or 8): returns once
 * its bits differ from old.  In shared memory the thread blocks until a
 * notify names the address; elsewhere it polls. */
void simt_atomic_wait(const volatile void *addr, uint64_t old, unsigned size, const char *file,
                      unsigned line);
void simt_atomic_notify(const volatile void *addr, int all);

/* Reports a precondition a header layer checked: "simt: error: WHAT in
 * kernel .. at FILE:LINE — TODO"; the grid fails. */
void simt_async_misuse(const char *what, const char *todo, const char *file, unsigned line)
    __attribute__((noreturn));

/* Diagnostics of cuda::std::latch and counting_semaphore misuse. */
void simt_latch_misuse(ptrdiff_t left, ptrdiff_t update, const char *file, unsigned line)
    __attribute__((noreturn));
void simt_semaphore_misuse(ptrdiff_t old, ptrdiff_t update, ptrdiff_t max, const char *file,
                           unsigned line) __attribute__((noreturn));

/* "file:line" as a string that lives as long as the program. */
const char *simt_site(const char *file, unsigned line);

/* Whether p is in the running block's shared memory. */
int simt_is_shared(const void *p);

static inline uint32_t simt_mbar_token_pending_count(uint64_t token)
{
    return (uint32_t)(token & 0xfffffu);
}

#ifdef __cplusplus
}
#endif

#endif /* SIMT_MBARRIER_H */
