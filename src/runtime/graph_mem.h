/*
 * graph_mem.h: graph-owned device memory (graph_mem.c), as graphs and the
 * memory calls (cudaFree, cudaFreeAsync) see it.
 *
 * Invariant: an allocation is referenced by every graph and executable
 * graph holding its node; its address stays the graph's while any holds
 * it, mapped (usable) only between the launch that allocates it and the
 * free.
 */
#ifndef SIMT_RUNTIME_GRAPH_MEM_H
#define SIMT_RUNTIME_GRAPH_MEM_H

#include <stdatomic.h>
#include <stddef.h>

/* Graph-owned device memory (memory allocation nodes). */
struct gmem {
    atomic_int refs;
    void *ptr;
    size_t size;
    atomic_int mapped;         /* allocated by a launch and not yet freed */
    struct gmem *next;         /* all graph allocations (graph.c) */
};

/* cudaFree and cudaFreeAsync of ptr: if a graph allocation holds it, frees
 * it (its address stays the graph's, for the next launch) and returns
 * cudaSuccess, or cudaErrorInvalidValue if it was not allocated; returns -1
 * if no graph allocation holds ptr. */
int graph_mem_free(void *ptr);
/* Whether a graph allocation holds ptr. */
int graph_mem_owns(const void *ptr);

struct gmem *gmem_ref(struct gmem *m);
void gmem_unref(struct gmem *m);
/* Counts a new allocation (cudaDeviceGetGraphMemAttribute). */
void gmem_register(struct gmem *m);
/* A launch allocated (on) or freed (off) m. */
void gmem_set_mapped(struct gmem *m, int on);

#endif
