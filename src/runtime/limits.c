/*
 * limits.c: cudaDeviceSetLimit / cudaDeviceGetLimit.
 *
 * Defaults and rounding are an H200's: the stack is 1 KiB per thread, the
 * printf FIFO ~8.25 MiB, the malloc heap 8 MiB; the heap and the FIFO
 * cannot go below 4 MiB and 512 KiB.  The stack limit also sizes the
 * fibers CUDA threads run on (with headroom for host code).  Once device
 * code has allocated from the malloc heap, its size is fixed until
 * cudaDeviceReset (an H100 refuses to change it then).
 */
#include <stdatomic.h>

#include "runtime/limits.h"
#include "runtime/runtime.h"

static atomic_size_t stack = 1024, heap = 8388608, fifo = 8650752, pending = 2048,
                     l2_fetch = 64, l2_persist = 0;
static atomic_bool heap_fixed;

size_t limits_stack_size(void) { return atomic_load(&stack); }
size_t limits_heap_size(void) { return atomic_load(&heap); }
size_t limits_printf_fifo(void) { return atomic_load(&fifo); }
size_t limits_pending_launches(void) { return atomic_load(&pending); }
void limits_heap_fix(void) { atomic_store(&heap_fixed, 1); }

void limits_reset(void)
{
    atomic_store(&stack, 1024);
    atomic_store(&heap, 8388608);
    atomic_store(&fifo, 8650752);
    atomic_store(&pending, 2048);
    atomic_store(&l2_fetch, 64);
    atomic_store(&l2_persist, 0);
    atomic_store(&heap_fixed, 0);
}

cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value)
{
    API_ENTER();
    switch (limit) {
    case cudaLimitStackSize: {
        /* An H100 (tests/cuda/devrt/stack_limit.cu) refuses 512 KiB and
         * more (its bound lies between that and 64 KiB: it depends on the
         * device memory), rounds up to 16 bytes, and reports a value as set
         * when it rounds to what is already in place (1000 then 1001 reads
         * back 1008, then 1001). */
        if (value >= 512 * 1024)
            return api_return(cudaErrorInvalidValue);
        size_t r = (value + 15) & ~(size_t)15, now = atomic_load(&stack);
        atomic_store(&stack, r == ((now + 15) & ~(size_t)15) ? value : r);
        return cudaSuccess;
    }
    case cudaLimitPrintfFifoSize:
        atomic_store(&fifo, value < 524288 ? 524288 : value);
        return cudaSuccess;
    case cudaLimitMallocHeapSize:
        if (atomic_load(&heap_fixed)) /* the heap is laid out */
            return api_return(cudaErrorInvalidValue);
        atomic_store(&heap, value < 4194304 ? 4194304 : value);
        return cudaSuccess;
    case cudaLimitDevRuntimePendingLaunchCount:
        atomic_store(&pending, value);
        return cudaSuccess;
    case cudaLimitMaxL2FetchGranularity:
        if (value > 128)
            return api_return(cudaErrorInvalidValue);
        atomic_store(&l2_fetch, value);
        return cudaSuccess;
    case cudaLimitPersistingL2CacheSize:
        atomic_store(&l2_persist, value);
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
    switch (limit) {
    case cudaLimitStackSize: *value = atomic_load(&stack); return cudaSuccess;
    case cudaLimitPrintfFifoSize: *value = atomic_load(&fifo); return cudaSuccess;
    case cudaLimitMallocHeapSize: *value = atomic_load(&heap); return cudaSuccess;
    case cudaLimitDevRuntimePendingLaunchCount: *value = atomic_load(&pending); return cudaSuccess;
    case cudaLimitMaxL2FetchGranularity: *value = atomic_load(&l2_fetch); return cudaSuccess;
    case cudaLimitPersistingL2CacheSize: *value = atomic_load(&l2_persist); return cudaSuccess;
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
