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

#include "base/base.h"
#include "runtime/copy.h"
#include "runtime/graph_mem.h"
#include "runtime/handle.h"
#include "runtime/op.h"
#include "runtime/runtime.h"
#include "runtime/stream.h"

/* ---- nodes ------------------------------------------------------------------ */

/* A kernel's arguments, as a launch packed them. */
struct kargs {
    atomic_int refs;
    simt_kernel *k;            /* may be NULL (C API launches) */
    simt_thread_fn fn;         /* runs one CUDA thread over args */
    void *args;
    void (*release)(void *args);
};

/* NULL when out of memory (args not taken). */
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
    struct launch_config cfg;
    struct knode_attrs at;
};

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

/* Whether g is a live graph (every graph graph_new makes is registered
 * until graph_free) and x a live executable graph. */
static inline int graph_live(cudaGraph_t g)
{
    return simt__handle_check(HANDLE_GRAPH, HANDLE(g)) == HANDLE_LIVE;
}
static inline int exec_live(cudaGraphExec_t x)
{
    return simt__handle_check(HANDLE_EXEC, HANDLE(x)) == HANDLE_LIVE;
}

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
/* Makes n, a new node of the type op_submit chose for op, perform op (a
 * captured operation): a kernel node takes over the arguments; a memory
 * allocation node owns its memory as long as a graph or executable graph
 * holds the node, and *op->u.alloc.out receives it. */
cudaError_t graph_node_fill(cudaGraphNode_t n, const struct op *op);

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

/* Flattens g into p (graph_exec.c): nodes without dependencies in g
 * depend on entry[0..nentry); top: g is the exec's own graph.  0, or -1
 * when out of memory (p then holds what plan_free releases). */
int plan_flatten(struct plan *p, cudaGraph_t g, const int *entry, int nentry, int top);
void plan_free(struct plan *p);
/* The commands of p's nodes in x, unlinked; event record commands are
 * referenced once more until plan_cmds_enqueued.  NULL when out of
 * memory, with nothing made left behind. */
struct cmd **plan_cmds(cudaGraphExec_t x, const struct plan *p);
void plan_cmds_enqueued(const struct plan *p, struct cmd **cmds);
/* Releases plan_cmds' commands when they are not enqueued after all. */
void plan_cmds_discard(const struct plan *p, struct cmd **cmds);
void exec_ref(cudaGraphExec_t x);
void exec_unref(cudaGraphExec_t x);
/* Device graph launch (devrt.c): whether device code may launch x
 * (instantiated for device launch, then uploaded; a graph not
 * instantiated for it fails the running grid), and x's launch as one
 * operation of s, not ordered after x's previous launch (a kernel may
 * launch its own graph again). */
cudaError_t graph_exec_device_check(cudaGraphExec_t x);
cudaError_t graph_exec_enqueue(struct CUstream_st *s, cudaGraphExec_t x);
void exec_lock(cudaGraphExec_t x);
void exec_unlock(cudaGraphExec_t x);

/* The evaluation command of conditional node ce whose dependents wait for
 * `exit` (graph_cond.c); NULL when out of memory.  cond_cmd_discard
 * releases one never enqueued. */
struct cmd *cond_cmd(cudaGraphExec_t x, const struct cexec *ce, struct cmd *exit);
void cond_cmd_discard(struct cmd *c);
/* Conditional node parameters: validation and creation of the bodies
 * (cudaGraphAddNode), copy and release. */
cudaError_t cond_fill(cudaGraphNode_t n, struct cudaConditionalNodeParams *p);
/* Copies n's conditional parameters into c: 0, or -1 when out of memory,
 * c then holding what cond_free releases. */
int cond_copy(cudaGraphNode_t c, cudaGraphNode_t n);
void cond_free(cudaGraphNode_t n);

/* ---- shared by the graph modules (graph.c, graph_node.c, graph_exec.c,
 * graph_mem.c) ------------------------------------------------------------- */

/* simt__grow for the graphs' arrays (4 elements first). */
static inline int graph_grow(void **v, size_t *cap, size_t need, size_t elem)
{
    return simt__grow(v, cap, need, elem, 4);
}

/* Kernel arguments (graph.c). */
struct kargs *kargs_ref(struct kargs *a);
void kargs_release(void *p);
void kargs_run(void *p);

/* Graphs and edges (graph.c). */
void graph_edge_remove(cudaGraphNode_t from, cudaGraphNode_t to);
int graph_has_edge(cudaGraphNode_t from, cudaGraphNode_t to);
/* Whether edge data asks for plain edges only (what simt supports). */
int graph_default_edges(const cudaGraphEdgeData *d, size_t n);
/* Copies n's parameters into c (a node of the same type), taking
 * references to what they share: 0, or -1 when out of memory, c then
 * holding what graph_params_free releases. */
int graph_params_copy(cudaGraphNode_t c, cudaGraphNode_t n);
void graph_params_free(cudaGraphNode_t n);

/* Node parameters (graph_node.c). */
int graph_has_node(cudaGraph_t g, cudaGraphNode_t n);
cudaError_t node_copy_params(const struct cudaMemcpy3DParms *p, void *dst, const void *src,
                             size_t count, enum cudaMemcpyKind kind, cudaGraphNode_t n);
cudaError_t node_kernel_params(const struct cudaKernelNodeParams *p, const struct knode *keep,
                               struct knode *out);
void node_kernel_set(cudaGraphNode_t n, const struct knode *k);
struct cudaKernelNodeParams node_kernel_v1(const struct cudaKernelNodeParamsV2 *k);
struct cudaMemsetParams node_memset_v1(const struct cudaMemsetParamsV2 *m);
cudaError_t node_set_params(cudaGraphNode_t n, const struct cudaMemsetParams *p);

#endif
