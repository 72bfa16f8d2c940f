/*
 * devheap.c: malloc, free, cudaMalloc and cudaFree in device code (CUDA
 * guide 5.6.4.2.2): they take from the device malloc heap, so what device
 * code holds at once is limited to cudaLimitMallocHeapSize, and memory one
 * side allocated is not the other side's to free.  Once device code has
 * used the heap its size is fixed (limits_heap_fix), as on a GPU.
 *
 * The heap's memory is ordinary tracked device memory (copies and checks
 * know it); this module counts it and remembers which allocations are the
 * heap's.  Key invariant: `used` is the sum of the sizes in `sizes`.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "base/hmap.h"
#include "engine/sync.h"
#include "runtime/devrt.h"
#include "runtime/limits.h"
#include "runtime/memory.h"
#include "simt/core/device.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct hmap sizes;      /* address -> size charged */
static size_t used;
static atomic_size_t count;    /* entries in sizes: the host's free skips the lock at 0 */

/* What an allocation of n bytes takes from the heap: whole 16-byte units. */
static size_t charge(size_t n)
{
    return (n + 15) & ~(size_t)15;
}

cudaError_t devheap_malloc(void **out, size_t size, const void *caller)
{
    if (!out)
        return cudaErrorInvalidValue;
    *out = NULL;
    if (size == 0) /* an H100 */
        return cudaErrorInvalidValue;
    size_t c = charge(size);
    limits_heap_fix();
    pthread_mutex_lock(&lock);
    cudaError_t e = cudaErrorMemoryAllocation;
    if (c >= size && c <= limits_heap_size() - used && simt__hmap_reserve(&sizes, sizes.n + 1) == 0)
        e = mem_alloc_tracked(out, size, MEM_DEVICE, "cudaMalloc (device heap)", caller);
    if (e == cudaSuccess) {
        simt__hmap_put(&sizes, (uintptr_t)*out, c);
        used += c;
        atomic_fetch_add_explicit(&count, 1, memory_order_relaxed);
    }
    pthread_mutex_unlock(&lock);
    return e;
}

int devheap_owns(const void *p)
{
    if (!p || atomic_load_explicit(&count, memory_order_relaxed) == 0)
        return 0;
    pthread_mutex_lock(&lock);
    int r = simt__hmap_find(&sizes, (uintptr_t)p) != NULL;
    pthread_mutex_unlock(&lock);
    return r;
}

int devheap_free(void *p, cudaError_t *e)
{
    pthread_mutex_lock(&lock);
    uintptr_t *c = p ? simt__hmap_find(&sizes, (uintptr_t)p) : NULL;
    int mine = c != NULL;
    if (mine) {
        used -= *c;
        simt__hmap_del(&sizes, (uintptr_t)p);
        atomic_fetch_sub_explicit(&count, 1, memory_order_relaxed);
        *e = mem_free_tracked(p, "cudaFree (device heap)");
    }
    pthread_mutex_unlock(&lock);
    return mine;
}

void devheap_reset(void)
{
    pthread_mutex_lock(&lock);
    simt__hmap_free(&sizes);
    used = 0;
    atomic_store_explicit(&count, 0, memory_order_relaxed);
    pthread_mutex_unlock(&lock);
}

/* Device code's malloc and free (simtcc renames the calls: rw_names.c).
 * Host code gets the C library's. */
void *simt_malloc(size_t size)
{
    if (!engine_in_kernel())
        return malloc(size);
    void *p = NULL;
    /* malloc(0) is a pointer free takes on an H100 (cudaMalloc of 0 bytes
     * is cudaErrorInvalidValue). */
    return devheap_malloc(&p, size ? size : 1, __builtin_return_address(0)) == cudaSuccess ? p : NULL;
}

void simt_free(void *p)
{
    if (!engine_in_kernel()) {
        free(p);
        return;
    }
    cudaError_t e;
    (void)devheap_free(p, &e); /* memory not the heap's: undefined on a GPU, nothing here */
}
