/*
 * memory.h: the tracked allocator: every live allocation the runtime made
 * or registered (device, managed, pinned host, registered host ranges) and
 * every known __device__/__constant__ symbol.
 *
 * Invariant: allocations never overlap one another, nor do symbols; a
 * lookup finds the one range that contains an address in O(log n).
 */
#ifndef SIMT_RUNTIME_MEMORY_H
#define SIMT_RUNTIME_MEMORY_H

#include <stddef.h>
#include <stdio.h>

#include "cuda_runtime_api.h"

enum mem_type {
    MEM_NONE = 0,       /* not known to the runtime: pageable host memory */
    MEM_DEVICE,         /* cudaMalloc, cudaMallocPitch, cudaMalloc3D */
    MEM_MANAGED,        /* cudaMallocManaged */
    MEM_PINNED,         /* cudaMallocHost, cudaHostAlloc */
    MEM_REGISTERED,     /* cudaHostRegister */
    MEM_SYMBOL          /* a __device__ or __constant__ variable */
};

struct mem_range {
    char *start;
    size_t size;        /* bytes the program asked for */
    enum mem_type type;
    unsigned flags;     /* cudaHostAlloc/cudaHostRegister flags */
    int ordinal;        /* its device (a symbol: the current one) */
};

/* Finds the allocation (or else the symbol) containing p; returns 1 and
 * fills *out (if not NULL), or returns 0 with out->type = MEM_NONE. */
int mem_lookup(const void *p, struct mem_range *out);

/* Validates [p, p+n) as one side of a copy or set, as the CUDA runtime
 * does under unified addressing: a range that starts in a known
 * allocation must end inside it, and a range that must be device-visible
 * (want_device) must start in one (device, managed, pinned, registered or
 * symbol).  Returns cudaSuccess or cudaErrorInvalidValue; n == 0 is
 * always valid.  If type is not NULL it receives the range's type. */
cudaError_t mem_check_range(const void *p, size_t n, int want_device, enum mem_type *type);

/* cudaDeviceReset: frees every allocation and forgets every registration
 * (the program's pointers stop being live); symbols stay known.  d >= 0:
 * device d's reset among several devices, which frees what was made
 * while d was current, except the memory other modules own. */
void mem_reset(int d);

/* Bytes of the current device's memory (cudaMalloc and pitched) in use, and the most
 * the emulated device has (physical memory, as totalGlobalMem reports). */
size_t mem_device_bytes_in_use(void);
size_t mem_device_capacity(void);

/* Lists live allocations made by the runtime, with sizes and callers;
 * writes nothing when there are none.  Returns how many it listed. */
int mem_report_leaks(FILE *f);

/* ---- for memory pools and graphs (mempool.c, graph.c) ------------------- */

/* Allocates and tracks size > 0 bytes of device (MEM_DEVICE) or pinned
 * host (MEM_PINNED) memory, as cudaMalloc does, under the name `api`: the
 * current device's, or (_on) a given device's (a memory pool's). */
cudaError_t mem_alloc_tracked(void **out, size_t size, enum mem_type type, const char *api,
                              const void *caller);
cudaError_t mem_alloc_tracked_on(void **out, size_t size, enum mem_type type, const char *api,
                                 const void *caller, int device);
/* Frees what mem_alloc_tracked returned; cudaErrorInvalidValue when p does
 * not start a live allocation. */
cudaError_t mem_free_tracked(void *p, const char *by);
/* What the calls that free memory (cudaFree, cudaFreeHost,
 * cudaHostUnregister, cudaFreeArray, cudaFreeMipmappedArray) check
 * first: the capture (a potentially unsafe call), p (if_null for NULL),
 * then the device synchronized (CUDA runtime API, "API synchronization
 * behavior").  1 when the call goes on to free p, else 0 with *e what it
 * returns. */
int mem_free_enter(const void *p, cudaError_t if_null, cudaError_t *e);
/* Marks the allocation at p as held by a memory pool for reuse (pooled 1:
 * leak reports leave it out) or as the program's again (0). */
void mem_set_pooled(void *p, int pooled);
/* cudaFree of p (mempool.c): a pool forgets p if it handed it out;
 * cudaErrorInvalidValue when p is memory a pool holds after cudaFreeAsync. */
cudaError_t mempool_forget(void *p);

/* Makes a __device__/__constant__ variable known by address, so that the
 * C entry points taking `const void *symbol` accept it.  Registering a
 * range that overlaps a registered one replaces it. */
void simt_register_symbol(const void *addr, size_t size, const char *name);

/* The registered symbol starting exactly at addr: 1 and its size, or 0.
 * A symbol only known by its start is the rule for cudaGetSymbol*. */
int mem_symbol_find(const void *addr, size_t *size);
/* Symbols the C++ overloads in cuda_runtime.h pass (address and sizeof):
 * returns cudaErrorInvalidSymbol when addr lies strictly inside a
 * registered symbol; otherwise records the symbol if unknown (so that its
 * address works as a device pointer) and sets *size to its size. */
cudaError_t mem_symbol_note(const void *addr, size_t symsize, size_t *size);

#endif
