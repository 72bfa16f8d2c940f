/*
 * graph_mem.c: graph-owned device memory (memory allocation and free
 * nodes): allocations that stay a graph's between launches, their
 * accounting (cudaDeviceGetGraphMemAttribute), and frees of them through
 * cudaFree and cudaFreeAsync.
 */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/base.h"
#include "engine/gridsync.h"
#include "engine/kstate.h"
#include "runtime/graph.h"
#include "runtime/handle.h"
#include "runtime/memory.h"
#include "runtime/stream.h"

/* ---- graph memory ---------------------------------------------------------- */

struct gmem *gmem_ref(struct gmem *m)
{
    if (m)
        atomic_fetch_add_explicit(&m->refs, 1, memory_order_relaxed);
    return m;
}

/* CUDA: a graph allocation has one address for the graph's life; each
 * launch allocates it there again and a free node, cudaFree or
 * cudaFreeAsync frees it.  The memory stays allocated to the graph
 * throughout; `mapped` tells the two states apart. */
static struct {
    pthread_mutex_t lock;
    struct gmem *all;
    size_t reserved, reserved_high;
} GM = {.lock = PTHREAD_MUTEX_INITIALIZER};

void gmem_register(struct gmem *m)
{
    pthread_mutex_lock(&GM.lock);
    m->next = GM.all;
    GM.all = m;
    GM.reserved += m->size;
    if (GM.reserved > GM.reserved_high)
        GM.reserved_high = GM.reserved;
    pthread_mutex_unlock(&GM.lock);
}

void gmem_set_mapped(struct gmem *m, int on)
{
    atomic_store(&m->mapped, on);
}

int graph_mem_free(void *ptr)
{
    struct gmem *m;
    pthread_mutex_lock(&GM.lock);
    for (m = GM.all; m && m->ptr != ptr; m = m->next)
        ;
    pthread_mutex_unlock(&GM.lock);
    if (!m)
        return -1;
    if (!atomic_load(&m->mapped))
        return cudaErrorInvalidValue;
    gmem_set_mapped(m, 0);
    return cudaSuccess;
}

int graph_mem_owns(const void *ptr)
{
    struct gmem *m;
    pthread_mutex_lock(&GM.lock);
    for (m = GM.all; m && m->ptr != ptr; m = m->next)
        ;
    pthread_mutex_unlock(&GM.lock);
    return m != NULL;
}

void gmem_unref(struct gmem *m)
{
    if (m && atomic_fetch_sub_explicit(&m->refs, 1, memory_order_acq_rel) == 1) {
        gmem_set_mapped(m, 0);
        pthread_mutex_lock(&GM.lock);
        for (struct gmem **p = &GM.all; *p; p = &(*p)->next) {
            if (*p == m) {
                *p = m->next;
                break;
            }
        }
        GM.reserved -= m->size;
        pthread_mutex_unlock(&GM.lock);
        mem_free_tracked(m->ptr, "cudaGraphDestroy");
        free(m);
    }
}

/* What both attribute calls check first. */
static cudaError_t attr_args(int device, const void *value)
{
    if (!device_valid(device))
        return cudaErrorInvalidDevice;
    return value ? cudaSuccess : cudaErrorInvalidValue;
}

cudaError_t cudaDeviceGetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr,
                                           void *value)
{
    API_ENTER();
    cudaError_t e = attr_args(device, value);
    if (e != cudaSuccess)
        return api_return(e);
    pthread_mutex_lock(&GM.lock);
    unsigned long long v;
    switch (attr) {
    /* Memory a graph's allocation freed stays the graph's (an H100), so
     * what is used is what the graphs hold. */
    case cudaGraphMemAttrUsedMemCurrent: v = GM.reserved; break;
    case cudaGraphMemAttrUsedMemHigh: v = GM.reserved_high; break;
    case cudaGraphMemAttrReservedMemCurrent: v = GM.reserved; break;
    case cudaGraphMemAttrReservedMemHigh: v = GM.reserved_high; break;
    default: e = cudaErrorInvalidValue; v = 0; break;
    }
    pthread_mutex_unlock(&GM.lock);
    if (e == cudaSuccess)
        *(unsigned long long *)value = v;
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

cudaError_t cudaDeviceSetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr,
                                           void *value)
{
    API_ENTER();
    /* Only the high watermarks can be set, and only to 0 (a reset). */
    cudaError_t e = attr_args(device, value);
    if (e == cudaSuccess && *(unsigned long long *)value != 0)
        e = cudaErrorInvalidValue;
    if (e != cudaSuccess)
        return api_return(e);
    pthread_mutex_lock(&GM.lock);
    if (attr == cudaGraphMemAttrUsedMemHigh || attr == cudaGraphMemAttrReservedMemHigh)
        GM.reserved_high = GM.reserved;
    else
        e = cudaErrorInvalidValue;
    pthread_mutex_unlock(&GM.lock);
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

cudaError_t cudaDeviceGraphMemTrim(int device)
{
    /* Memory of graphs that exist stays theirs; nothing else is cached. */
    API_ENTER();
    return device == 0 ? cudaSuccess : api_return(cudaErrorInvalidDevice);
}
