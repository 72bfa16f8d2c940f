/*
 * simt/core/device.h: device-side primitives of the core, usable from C and C++:
 * barriers, fences, trap and assert, printf, clocks.
 *
 * Call sites pass SIMT_SITE ("file.cu:LINE"), so diagnostics name the
 * user's line without debug information; the string's address also
 * identifies the site cheaply (e.g. to tell two __syncthreads apart).
 */
#ifndef SIMT_DEVICE_H
#define SIMT_DEVICE_H
#pragma GCC system_header

#include <stdarg.h>
#include <stddef.h>
#include "../../simt.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SIMT__STR2(x) #x
#define SIMT__STR(x) SIMT__STR2(x)
#define SIMT_SITE (__FILE__ ":" SIMT__STR(__LINE__))

void simt_syncthreads(const char *site);
int simt_syncthreads_count(int predicate, const char *site);
int simt_syncthreads_and(int predicate, const char *site);
int simt_syncthreads_or(int predicate, const char *site);

/* The calling CUDA thread ends; the grid fails with cudaErrorLaunchFailure. */
__attribute__((noreturn)) void simt_trap(const char *site);
void simt_brkpt(const char *site);

/* In a kernel: CUDA's message, the thread ends, the grid fails with
 * cudaErrorAssert once it is done.  On the host: the C library's assert. */
__attribute__((noreturn)) void simt__assert_fail(const char *expr, const char *file,
                                                 unsigned line, const char *func);

/* In a kernel, output goes to the device printf buffer, flushed where CUDA
 * flushes it (launches, synchronizations, blocking copies, reset); on the
 * host it is plain printf.  A kernel line never interleaves with another. */
int simt_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int simt_vprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* In a kernel, malloc and free take from the device malloc heap
 * (cudaLimitMallocHeapSize; NULL when it is full), as cudaMalloc in device
 * code does; free of memory not the heap's does nothing there.  On the
 * host they are the C library's. */
void *simt_malloc(size_t size);
void simt_free(void *p);

long long simt_clock64(void);
unsigned long long simt_globaltimer(void);
/* A scheduling point: other threads of the block may run meanwhile. */
void simt_nanosleep(unsigned int ns);
/* A round of a loop that waits for another thread (simt-kc puts the calls). */
void simt_spin(unsigned *spins, const char *site);
/* PTX's %smid and %nsmid: the worker running the calling thread's block
 * (0 on the host) and the number of workers (multiProcessorCount). */
unsigned int simt_smid(void);
unsigned int simt_nsmid(void);

/* A barrier's identity is its call site: each call has a string object of
 * its own, so two __syncthreads on one line are two barriers (the engine
 * compares sites by address). */
#define SIMT_BARRIER_SITE \
    (__extension__({ static const char simt__bar_site[] = SIMT_SITE; simt__bar_site; }))
#define __syncthreads() simt_syncthreads(SIMT_BARRIER_SITE)
#define __syncthreads_count(p) simt_syncthreads_count((p), SIMT_BARRIER_SITE)
#define __syncthreads_and(p) simt_syncthreads_and((p), SIMT_BARRIER_SITE)
#define __syncthreads_or(p) simt_syncthreads_or((p), SIMT_BARRIER_SITE)
#define __trap() simt_trap(SIMT_SITE)
#define __brkpt() simt_brkpt(SIMT_SITE)

static inline void __threadfence_block(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline void __threadfence(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline void __threadfence_system(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline long long clock64(void) { return simt_clock64(); }
static inline void __nanosleep(unsigned int ns) { simt_nanosleep(ns); }

#ifdef __cplusplus
}
#endif

#endif /* SIMT_DEVICE_H */
