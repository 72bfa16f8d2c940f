/*
 * graph.h: CUDA graphs: nodes with their parameters, edges, executable
 * graphs; and the transfers (copies and sets) that copy.c describes and
 * graph nodes and streams both run.
 *
 * Invariants: a graph's nodes are listed in creation order, and every
 * edge appears twice, in the source's `out` and the target's `in`; the
 * arguments of a kernel node are shared (reference-counted) by the node,
 * its clones, executable graphs and the grids running them, and never
 * change once made.
 */
#ifndef SIMT_RUNTIME_GRAPH_H
#define SIMT_RUNTIME_GRAPH_H

#include <stdatomic.h>
#include <stddef.h>

#include "runtime/runtime.h"

/* ---- transfers (copy.c) -------------------------------------------------- */

/* Rows of bytes in slices, or a fill of 1-, 2- or 4-byte elements. */
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

void xfer_run(void *x);
/* The validated transfer of a memcpy node (cudaGraphAddMemcpyNode*): the
 * rules of the asynchronous calls, and count 0 is invalid. */
cudaError_t copy_describe_3d(const struct cudaMemcpy3DParms *p, struct xfer *x);
cudaError_t copy_describe_1d(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                             struct xfer *x);
cudaError_t copy_describe_set(const struct cudaMemsetParams *p, struct xfer *x);

/* ---- nodes ------------------------------------------------------------------ */

/* A kernel's arguments, as a launch packed them. */
struct kargs {
    atomic_int refs;
    simt_kernel *k;            /* may be NULL (C API launches) */
    simt_thread_fn fn;         /* runs one CUDA thread over args */
    void *args;
    void (*release)(void *args);
};

struct kargs *kargs_new(simt_kernel *k, simt_thread_fn fn, void *args, void (*release)(void *));
void kargs_unref(struct kargs *a);

/* Launch attributes set on a kernel node (cudaGraphKernelNodeSetAttribute)
 * beyond the cluster shape and the cooperative flag, which the launch
 * uses: hints kept to be read back. */
struct knode_attrs {
    struct cudaAccessPolicyWindow apw;
    int priority, msd, sched_pref, dev_updatable;
    unsigned carveout;
    unsigned char msd_default, msd_remote_flip; /* memSyncDomainMap ^ {0, 1} */
    unsigned cluster_set[3];   /* the cluster dimension as set, 0: never set */
};

struct knode {
    struct kargs *a;
    dim3 grid, block;
    size_t shmem;
    unsigned cluster[3];       /* blocks per cluster (1,1,1: none) */
    int cooperative;
    struct knode_attrs at;
};

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

/* A conditional handle (cudaGraphConditionalHandleCreate); the handle value
 * is its address, so that a kernel can set it without a lookup.  Shared by
 * the graph that made it, its clones, its executable graphs and the
 * conditional nodes naming it. */
struct chandle {
    atomic_int refs;
    atomic_uint value;         /* what the next evaluation reads */
    unsigned dflt, flags;      /* cudaGraphCondAssignDefault: reset per launch */
};

struct chandle *chandle_ref(struct chandle *h);
void chandle_unref(struct chandle *h);

struct CUgraphNode_st {
    cudaGraph_t graph;
    enum cudaGraphNodeType type;
    unsigned id;               /* creation number in its graph */
    cudaGraphNode_t *in, *out; /* dependencies, dependents */
    size_t nin, capin, nout, capout;
    cudaGraphNode_t origin;    /* the node it was cloned from */
    size_t scratch;            /* graph algorithms' marks */
    union {
        struct knode k;
        struct {
            struct xfer x;
            struct cudaMemcpy3DParms p;   /* as given or as captured */
        } copy;
        struct {
            struct xfer x;
            struct cudaMemsetParams p;
        } set;
        struct cudaHostNodeParams host;
        cudaGraph_t child;             /* owned */
        cudaEvent_t event;
        struct gmem *mem;              /* alloc (owned reference) */
        void *free_ptr;                /* free */
        struct {
            struct chandle *h;         /* referenced */
            enum cudaGraphConditionalNodeType type;
            unsigned size;
            cudaGraph_t *bodies;       /* size graphs, owned */
        } cond;
    } u;
};

struct CUgraph_st {
    cudaGraphNode_t *nodes;    /* creation order */
    size_t n, cap;
    unsigned id;               /* for cudaGraphDebugDotPrint */
    unsigned next_node;
    struct chandle **handles;  /* made on this graph (referenced) */
    size_t nhandles, caphandles;
    int is_body;               /* a conditional node's body */
};

/* A new graph; NULL when out of memory. */
cudaGraph_t graph_new(void);
void graph_free(cudaGraph_t g);
/* Appends an unlinked node of type t; NULL when out of memory. */
cudaGraphNode_t graph_node_new(cudaGraph_t g, enum cudaGraphNodeType t);
/* Removes n from its graph with its edges and parameters. */
void graph_node_free(cudaGraphNode_t n);
/* Adds the edge from -> to (both in one graph, not present yet); 0 or -1
 * when out of memory. */
int graph_edge_add(cudaGraphNode_t from, cudaGraphNode_t to);
/* Whether a is b or one of b's ancestors. */
int graph_reaches(cudaGraphNode_t a, cudaGraphNode_t b);
/* Deep copy of src (child graphs and kernel arguments shared by
 * reference); NULL when out of memory. */
cudaGraph_t graph_clone(cudaGraph_t src);
/* Makes n (a new kernel node) run fn over args in a grid of the given
 * shape, clusters (cluster[3]) and cooperation, as simt_launch_ex
 * validated them; takes over args and release. */
void graph_kernel_fill(cudaGraphNode_t n, simt_kernel *k, dim3 grid, dim3 block, size_t shmem,
                       const unsigned cluster[3], int cooperative, simt_thread_fn fn, void *args,
                       void (*release)(void *));
/* Makes n (a new memcpy or memset node) run x. */
void graph_xfer_fill(cudaGraphNode_t n, const struct xfer *x);
/* Makes n (a new memory allocation node) own size bytes of device memory,
 * which stay allocated as long as a graph or executable graph holds the
 * node; *ptr receives them. */
cudaError_t graph_memalloc_fill(cudaGraphNode_t n, size_t size, void **ptr);

/* ---- conditional nodes (graph_cond.c) ------------------------------------ */

/* A flattened graph: nodes in an order where dependencies come first, each
 * with the indices of the nodes it waits for. */
struct cexec;
struct enode {
    cudaGraphNode_t gn;        /* in the exec's private graph; NULL: a join mark */
    cudaGraphNode_t src;       /* the top-level node it was instantiated from */
    int enabled;
    struct cexec *cond;        /* a conditional node's evaluation, else NULL */
};

struct plan {
    struct enode *nodes;
    size_t n, cap;
    int *dep_start;            /* n + 1 entries, into deps */
    size_t cap_start;
    int *deps;                 /* indices into nodes */
    size_t ndeps, capdeps;
};

/* A conditional node of an executable graph: its handle and its bodies,
 * flattened. */
struct cexec {
    struct chandle *h;
    enum cudaGraphConditionalNodeType type;
    unsigned size;
    struct plan *body;         /* size plans */
};

/* Flattens g into p (graph.c): nodes without dependencies in g depend on
 * entry[0..nentry); top: g is the exec's own graph. */
void plan_flatten(struct plan *p, cudaGraph_t g, const int *entry, int nentry, int top);
void plan_free(struct plan *p);
/* The commands of p's nodes in x, unlinked; event record commands are
 * referenced once more until plan_cmds_enqueued. */
struct cmd **plan_cmds(cudaGraphExec_t x, const struct plan *p);
void plan_cmds_enqueued(const struct plan *p, struct cmd **cmds);
void exec_ref(cudaGraphExec_t x);
void exec_unref(cudaGraphExec_t x);
void exec_lock(cudaGraphExec_t x);
void exec_unlock(cudaGraphExec_t x);

/* The evaluation command of conditional node ce whose dependents wait for
 * `exit` (graph_cond.c). */
struct cmd *cond_cmd(cudaGraphExec_t x, const struct cexec *ce, struct cmd *exit);
/* Conditional node parameters: validation and creation of the bodies
 * (cudaGraphAddNode), copy and release. */
cudaError_t cond_fill(cudaGraphNode_t n, struct cudaConditionalNodeParams *p);
void cond_copy(cudaGraphNode_t c, cudaGraphNode_t n);
void cond_free(cudaGraphNode_t n);

#endif
