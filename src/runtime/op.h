/*
 * op.h: the one road of an asynchronous operation.
 *
 * Every asynchronous call (a launch, a transfer, a host function, an
 * event record or wait, a pool allocation or free) describes its work
 * once, as an operation record, and submits it through op_submit, which
 * routes it: into the capturing stream's graph as a node (capture.c,
 * graph building), or onto the stream timeline through the record's own
 * enqueue.  The modules that make operations never call graph building.
 *
 * A kernel's launch configuration is one struct, shared by the record,
 * by kernel nodes (graph.h, struct knode) and by the grid made from
 * either (launch_grid_new).
 */
#ifndef SIMT_RUNTIME_OP_H
#define SIMT_RUNTIME_OP_H

#include <stddef.h>

#include "runtime/runtime.h"

/* A kernel launch's shape, validated as a launch validates it. */
struct launch_config {
    dim3 grid, block;
    size_t shmem;              /* dynamic shared memory, bytes */
    unsigned cluster[3];       /* blocks per cluster (1,1,1: none) */
    int cooperative;
};

/* Rows of bytes in slices, or a fill of 1-, 2- or 4-byte elements: a
 * transfer as copy.c describes it, for streams and graph nodes alike. */
struct xfer {
    char *dst;
    const char *src;        /* NULL for a set */
    unsigned value;         /* a set: the element value */
    unsigned elem;          /* a set: element size in bytes (0 means 1) */
    size_t width, height, depth; /* width in bytes */
    size_t dpitch, spitch;  /* bytes between rows */
    size_t dslice, sslice;  /* bytes between slices */
    enum cudaMemcpyKind kind; /* a copy: the kind it was asked with */
};

enum op_kind {
    OP_KERNEL,                 /* captured as a kernel node */
    OP_TRANSFER,               /* a memcpy node, or a memset node (no src) */
    OP_HOST,                   /* a host node */
    OP_EVENT_RECORD,           /* an event record node (external records) */
    OP_EVENT_WAIT,             /* an event wait node (external waits) */
    OP_ALLOC,                  /* a memory allocation node */
    OP_FREE,                   /* a memory free node */
    OP_MARK                    /* an empty node: a point of stream order */
};

struct CUstream_st;

struct op {
    enum op_kind kind;
    /* Runs the operation in stream order on s, which does not capture;
     * NULL: nothing to run outside a capture. */
    cudaError_t (*enqueue)(struct CUstream_st *s, struct op *op);
    union {
        struct {
            simt_kernel *k;
            struct simt_kernel_state *ks;
            struct launch_config cfg;
            simt_thread_fn fn;
            void *args;
            void (*release)(void *args);
            const simt_launch_attrs *attrs;
            cudaStream_t handle;       /* as the caller named the stream */
        } kernel;
        struct {
            struct xfer x;
            int sync;                  /* a blocking call */
            int dt, st;                /* enum mem_type of dst and src */
        } transfer;
        struct {
            cudaStreamCallback_t cb;   /* cudaStreamAddCallback, else NULL */
            cudaHostFn_t fn;
            void *user;
            cudaStream_t handle;
        } host;
        struct {
            cudaEvent_t e;
            struct cmd *after;         /* a wait: the recording waited for */
        } event;
        struct {
            size_t size;
            void **out;
            struct CUmemPoolHandle_st *pool; /* NULL: the current pool */
            const void *caller;
        } alloc;
        void *free_ptr;
        cudaGraphExec_t exec;          /* a graph launch (captured: empty) */
    } u;
};

/* Submits op on stream s.  When s captures, op becomes a node of its
 * capture's graph (a kernel's arguments then belong to the node);
 * otherwise op->enqueue runs it.  Returns the capture's error (as
 * capture_op: an implicit dependency of the legacy stream, an invalidated
 * capture), the node's, or enqueue's; on error a kernel's arguments are
 * still the caller's. */
cudaError_t op_submit(struct CUstream_st *s, struct op *op);

#endif
