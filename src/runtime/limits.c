/*
 * limits.c: cudaDeviceSetLimit / cudaDeviceGetLimit.
 *
 * Defaults and rounding are an H200's: the stack is 1 KiB per thread, the
 * printf FIFO ~8.25 MiB, the malloc heap 8 MiB; the heap and the FIFO
 * cannot go below 4 MiB and 512 KiB.  The stack limit also sizes the
 * fibers CUDA threads run on (with headroom for host code).  Once device
 * code has allocated from the malloc heap, its size is fixed until
 * cudaDeviceReset (an H100 refuses to change it then).  Each device has
 * its own; the fibers are sized for the largest stack limit of any.
 */
#include <stdatomic.h>

#include "runtime/limits.h"
#include "runtime/runtime.h"

/* One device's limits (each device has its own, as each GPU's context). */
struct limits {
    atomic_size_t stack, heap, fifo, pending, l2_fetch, l2_persist;
    atomic_bool heap_fixed;
};

/* An H200's defaults. */
#define STACK 1024
#define HEAP 8388608
#define FIFO 8650752
#define PENDING 2048
#define L2_FETCH 64
#define DEFAULTS {STACK, HEAP, FIFO, PENDING, L2_FETCH, 0, 0}

static struct limits L[DEVICE_MAX] = {[0 ... DEVICE_MAX - 1] = DEFAULTS};

static void set_defaults(struct limits *l)
{
    atomic_store(&l->stack, STACK);
    atomic_store(&l->heap, HEAP);
    atomic_store(&l->fifo, FIFO);
    atomic_store(&l->pending, PENDING);
    atomic_store(&l->l2_fetch, L2_FETCH);
    atomic_store(&l->l2_persist, 0);
    atomic_store(&l->heap_fixed, 0);
}

/* The current device's limits. */
static struct limits *cur(void)
{
    return &L[device_current()];
}

size_t limits_stack_size(void) { return atomic_load(&cur()->stack); }
size_t limits_heap_size(void) { return atomic_load(&cur()->heap); }
size_t limits_printf_fifo(void) { return atomic_load(&cur()->fifo); }
size_t limits_pending_launches(void) { return atomic_load(&cur()->pending); }
void limits_heap_fix(void) { atomic_store(&cur()->heap_fixed, 1); }

size_t limits_stack_size_max(void)
{
    size_t m = 0;
    for (int d = 0; d < device_count(); d++)
        if (atomic_load(&L[d].stack) > m)
            m = atomic_load(&L[d].stack);
    return m;
}

void limits_reset(int d)
{
    for (int i = 0; i < DEVICE_MAX; i++)
        if (d < 0 || i == d)
            set_defaults(&L[i]);
}

cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value)
{
    API_ENTER();
    struct limits *l = cur();
    switch (limit) {
    case cudaLimitStackSize: {
        /* An H100 (tests/cuda/devrt/stack_limit.cu) refuses 512 KiB and
         * more (its bound lies between that and 64 KiB: it depends on the
         * device memory), rounds up to 16 bytes, and reports a value as set
         * when it rounds to what is already in place (1000 then 1001 reads
         * back 1008, then 1001). */
        if (value >= 512 * 1024)
            return api_return(cudaErrorInvalidValue);
        size_t r = (value + 15) & ~(size_t)15, now = atomic_load(&l->stack);
        atomic_store(&l->stack, r == ((now + 15) & ~(size_t)15) ? value : r);
        return cudaSuccess;
    }
    case cudaLimitPrintfFifoSize:
        atomic_store(&l->fifo, value < 524288 ? 524288 : value);
        return cudaSuccess;
    case cudaLimitMallocHeapSize:
        if (atomic_load(&l->heap_fixed)) /* the heap is laid out */
            return api_return(cudaErrorInvalidValue);
        atomic_store(&l->heap, value < 4194304 ? 4194304 : value);
        return cudaSuccess;
    case cudaLimitDevRuntimePendingLaunchCount:
        atomic_store(&l->pending, value);
        return cudaSuccess;
    case cudaLimitMaxL2FetchGranularity:
        if (value > 128)
            return api_return(cudaErrorInvalidValue);
        atomic_store(&l->l2_fetch, value);
        return cudaSuccess;
    case cudaLimitPersistingL2CacheSize:
        atomic_store(&l->l2_persist, value);
        return cudaSuccess;
    case cudaLimitDevRuntimeSyncDepth:
        return api_return(cudaErrorUnsupportedLimit);
    default:
        return api_return(cudaErrorInvalidValue);
    }
}

cudaError_t cudaDeviceGetLimit(size_t *value, enum cudaLimit limit)
{
    API_ENTER();
    if (!value)
        return api_return(cudaErrorInvalidValue);
    struct limits *l = cur();
    switch (limit) {
    case cudaLimitStackSize: *value = atomic_load(&l->stack); return cudaSuccess;
    case cudaLimitPrintfFifoSize: *value = atomic_load(&l->fifo); return cudaSuccess;
    case cudaLimitMallocHeapSize: *value = atomic_load(&l->heap); return cudaSuccess;
    case cudaLimitDevRuntimePendingLaunchCount: *value = atomic_load(&l->pending); return cudaSuccess;
    case cudaLimitMaxL2FetchGranularity: *value = atomic_load(&l->l2_fetch); return cudaSuccess;
    case cudaLimitPersistingL2CacheSize: *value = atomic_load(&l->l2_persist); return cudaSuccess;
    case cudaLimitDevRuntimeSyncDepth: return api_return(cudaErrorUnsupportedLimit);
    default: return api_return(cudaErrorInvalidValue);
    }
}

cudaError_t cudaThreadSetLimit(enum cudaLimit limit, size_t value)
{
    return cudaDeviceSetLimit(limit, value);
}

cudaError_t cudaThreadGetLimit(size_t *value, enum cudaLimit limit)
{
    return cudaDeviceGetLimit(value, limit);
}
