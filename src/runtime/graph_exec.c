/*
 * graph_exec.c: executable graphs: instantiation, update, and launch.
 *
 * Instantiation copies the graph (the executable graph never sees later
 * changes to it), checks that it has no cycle, and flattens it: child
 * graphs are spliced in between an entry and an exit mark.  A launch turns
 * the flattened nodes into commands whose dependencies are the edges
 * (stream_enqueue_batch), after the stream's earlier work and the exec's
 * previous launch (an H200 never overlaps two launches of one exec).  An
 * executable graph has a lock, since a launch and a parameter update may
 * come from different threads.
 *
 * Results are what an H200 returned (CUDA 13): docs/gpu-facts/graphs.txt.
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/base.h"
#include "engine/gridsync.h"
#include "engine/kstate.h"
#include "engine/sync.h"
#include "runtime/devrt.h"
#include "runtime/graph.h"
#include "runtime/handle.h"
#include "runtime/memory.h"
#include "runtime/stream.h"
#include "trace/trace.h"

/* ---- instantiation ------------------------------------------------------------ */

/* An exec is referenced by its handle and by the conditional nodes of its
 * launches in flight, which read its flattened bodies when they run. */
struct CUgraphExec_st {
    pthread_mutex_t lock;
    atomic_int refs;
    unsigned long long flags;
    struct cmd *last;          /* exit of the previous launch */
    cudaGraph_t graph;         /* private copy of the instantiated graph */
    struct plan p;             /* graph, flattened */
    struct chandle **resets;   /* handles given their default at each launch */
    size_t nresets;
    /* Uploaded (cudaGraphUpload, the upload flag or a launch from the
     * host): device code may launch it if instantiated for that. */
    atomic_int uploaded;
};

/* Orders g's nodes so that every edge goes forward into *out (the
 * caller frees it): 0; 1 when g has a cycle; -1 when out of memory. */
static int topo_order(cudaGraph_t g, cudaGraphNode_t **out)
{
    cudaGraphNode_t *order = simt__zalloc(g->n, sizeof *order);
    *out = NULL;
    if (!order)
        return -1;
    size_t head = 0, tail = 0;
    for (size_t i = 0; i < g->n; i++) {
        g->nodes[i]->scratch = g->nodes[i]->nin;
        if (g->nodes[i]->nin == 0)
            order[tail++] = g->nodes[i];
    }
    while (head < tail) {
        cudaGraphNode_t n = order[head++];
        for (size_t j = 0; j < n->nout; j++)
            if (--n->out[j]->scratch == 0)
                order[tail++] = n->out[j];
    }
    if (tail != g->n) {
        free(order);
        return 1;
    }
    *out = order;
    return 0;
}

/* Whether g and its child graphs and bodies have no cycle: 1, 0 (a
 * cycle), or -1 when out of memory. */
static int acyclic(cudaGraph_t g)
{
    cudaGraphNode_t *order;
    int r = topo_order(g, &order);
    free(order);
    if (r != 0)
        return r < 0 ? -1 : 0;
    for (size_t i = 0; i < g->n; i++) {
        cudaGraphNode_t n = g->nodes[i];
        if (n->type == cudaGraphNodeTypeGraph && (r = acyclic(n->u.child)) != 1)
            return r;
        for (unsigned b = 0; n->type == cudaGraphNodeTypeConditional && b < n->u.cond.size; b++)
            if ((r = acyclic(n->u.cond.bodies[b])) != 1)
                return r;
    }
    return 1;
}

/* Appends a flattened node depending on deps[0..ndeps); returns its
 * index, or -1 when out of memory (x unchanged). */
static int emit(struct plan *x, cudaGraphNode_t gn, cudaGraphNode_t src, const int *deps,
                int ndeps)
{
    if (graph_grow((void **)&x->nodes, &x->cap, x->n + 1, sizeof *x->nodes) ||
        graph_grow((void **)&x->dep_start, &x->cap_start, x->n + 2, sizeof *x->dep_start) ||
        graph_grow((void **)&x->deps, &x->capdeps, x->ndeps + (size_t)ndeps, sizeof *x->deps))
        return -1;
    x->nodes[x->n] = (struct enode){.gn = gn, .src = src, .enabled = 1};
    x->dep_start[x->n] = (int)x->ndeps;
    if (ndeps) /* deps and x->deps may both be NULL then */
        memcpy(x->deps + x->ndeps, deps, (size_t)ndeps * sizeof *deps);
    x->ndeps += (size_t)ndeps;
    x->dep_start[x->n + 1] = (int)x->ndeps;
    return (int)x->n++;
}

/* Flattens g into x: nodes without dependencies in g depend on
 * entry[0..nentry).  Each node's scratch receives the index that its
 * dependents wait for. */
/* An H100 evaluates a conditional node after the nodes created before it
 * even where no edge says so (NVIDIA's graphConditionalNodes sample relies
 * on it: its kernel that sets the value is no dependency of the node).  So
 * g (the exec's private copy) gets those edges while it is flattened, each
 * only if it makes no cycle; *nadded says how many, listed in *added as
 * pairs (also when out of memory, which returns -1). */
static int order_conditionals(cudaGraph_t g, cudaGraphNode_t **added, size_t *nadded)
{
    size_t n = 0, cap = 0;
    *added = NULL;
    *nadded = 0;
    for (size_t i = 0; i < g->n; i++) {
        cudaGraphNode_t c = g->nodes[i];
        if (c->type != cudaGraphNodeTypeConditional)
            continue;
        for (size_t j = 0; j < i; j++) {
            cudaGraphNode_t e = g->nodes[j];
            if (graph_has_edge(e, c) || graph_reaches(c, e))
                continue;
            if (graph_grow((void **)added, &cap, 2 * n + 2, sizeof **added) || graph_edge_add(e, c))
                return -1;
            (*added)[2 * n] = e;
            (*added)[2 * n + 1] = c;
            *nadded = ++n;
        }
    }
    return 0;
}

int plan_flatten(struct plan *x, cudaGraph_t g, const int *entry, int nentry, int top)
{
    cudaGraphNode_t *added, *order = NULL;
    size_t nadded;
    int *deps = NULL, *sinks = NULL, rc = -1;
    size_t capd = 0;
    if (order_conditionals(g, &added, &nadded) != 0 || topo_order(g, &order) != 0)
        goto out; /* acyclic() saw no cycle: out of memory */
    for (size_t i = 0; i < g->n; i++) {
        cudaGraphNode_t n = order[i];
        const int *d = entry;
        int nd = nentry;
        if (n->nin) {
            if (graph_grow((void **)&deps, &capd, n->nin, sizeof *deps))
                goto out;
            for (size_t j = 0; j < n->nin; j++)
                deps[j] = (int)n->in[j]->scratch;
            d = deps;
            nd = (int)n->nin;
        }
        cudaGraphNode_t src = top ? n->origin : NULL;
        int at;
        if (n->type == cudaGraphNodeTypeConditional) {
            /* Its evaluation, then a mark that its dependents wait for
             * and that the evaluation makes wait for the chosen body. */
            int ev = emit(x, n, src, d, nd);
            if (ev < 0)
                goto out;
            struct cexec *ce = calloc(1, sizeof *ce);
            if (!ce)
                goto out;
            x->nodes[ev].cond = ce; /* plan_free releases it from here */
            ce->h = n->u.cond.h;
            ce->type = n->u.cond.type;
            ce->body = calloc(n->u.cond.size, sizeof *ce->body);
            if (!ce->body)
                goto out;
            ce->size = n->u.cond.size;
            for (unsigned b = 0; b < ce->size; b++) {
                if (graph_grow((void **)&ce->body[b].dep_start, &ce->body[b].cap_start, 1,
                               sizeof *ce->body[b].dep_start))
                    goto out;
                ce->body[b].dep_start[0] = 0;
                if (plan_flatten(&ce->body[b], n->u.cond.bodies[b], NULL, 0, 0))
                    goto out;
            }
            at = emit(x, NULL, NULL, &ev, 1);
        } else if (n->type != cudaGraphNodeTypeGraph) {
            at = emit(x, n, src, d, nd);
        } else {
            /* A child graph: between an entry and an exit mark. */
            int in = emit(x, NULL, src, d, nd);
            cudaGraph_t c = n->u.child;
            if (in < 0 || plan_flatten(x, c, &in, 1, 0) ||
                !(sinks = calloc(c->n + 1, sizeof *sinks)))
                goto out;
            int ns = 0;
            for (size_t j = 0; j < c->n; j++)
                if (c->nodes[j]->nout == 0)
                    sinks[ns++] = (int)c->nodes[j]->scratch;
            if (ns == 0)
                sinks[ns++] = in;
            at = emit(x, NULL, NULL, sinks, ns);
            free(sinks);
            sinks = NULL;
        }
        if (at < 0)
            goto out;
        n->scratch = (size_t)at;
    }
    rc = 0;
out:
    free(sinks);
    free(deps);
    free(order);
    for (size_t i = 0; i < nadded; i++)
        graph_edge_remove(added[2 * i], added[2 * i + 1]);
    free(added);
    return rc;
}

/* cudaGraphInstantiateFlagUpload is cudaGraphInstantiateWithParams' only
 * (an H100 refuses it with the device launch flag). */
static const unsigned long long instantiate_flags =
    cudaGraphInstantiateFlagAutoFreeOnLaunch | cudaGraphInstantiateFlagDeviceLaunch |
    cudaGraphInstantiateFlagUseNodePriority;

void plan_free(struct plan *p)
{
    for (size_t i = 0; i < p->n; i++) {
        struct cexec *ce = p->nodes[i].cond;
        if (!ce)
            continue;
        for (unsigned b = 0; b < ce->size; b++)
            plan_free(&ce->body[b]);
        free(ce->body);
        free(ce);
    }
    free(p->nodes);
    free(p->dep_start);
    free(p->deps);
}

static void exec_free(cudaGraphExec_t x)
{
    cmd_unref(x->last);
    plan_free(&x->p);
    graph_free(x->graph);
    for (size_t i = 0; i < x->nresets; i++)
        chandle_unref(x->resets[i]);
    free(x->resets);
    pthread_mutex_destroy(&x->lock);
    free(x);
}

void exec_ref(cudaGraphExec_t x)
{
    int was = atomic_fetch_add_explicit(&x->refs, 1, memory_order_relaxed);
    assert(was > 0);
    (void)was;
}

void exec_unref(cudaGraphExec_t x)
{
    if (atomic_fetch_sub_explicit(&x->refs, 1, memory_order_acq_rel) == 1)
        exec_free(x);
}

void exec_lock(cudaGraphExec_t x)
{
    pthread_mutex_lock(&x->lock);
}

void exec_unlock(cudaGraphExec_t x)
{
    pthread_mutex_unlock(&x->lock);
}

/* Collects the handles of g, its child graphs and bodies that take their
 * default value at each launch: 0, or -1 when out of memory. */
static int collect_resets(cudaGraphExec_t x, cudaGraph_t g, size_t *cap)
{
    for (size_t i = 0; i < g->nhandles; i++) {
        if (!(g->handles[i]->flags & cudaGraphCondAssignDefault))
            continue;
        if (graph_grow((void **)&x->resets, cap, x->nresets + 1, sizeof *x->resets))
            return -1;
        x->resets[x->nresets++] = chandle_ref(g->handles[i]);
    }
    for (size_t i = 0; i < g->n; i++) {
        cudaGraphNode_t n = g->nodes[i];
        if (n->type == cudaGraphNodeTypeGraph && collect_resets(x, n->u.child, cap))
            return -1;
        for (unsigned b = 0; n->type == cudaGraphNodeTypeConditional && b < n->u.cond.size; b++)
            if (collect_resets(x, n->u.cond.bodies[b], cap))
                return -1;
    }
    return 0;
}

static void run_resets(void *arg)
{
    cudaGraphExec_t x = arg;
    for (size_t i = 0; i < x->nresets; i++)
        atomic_store(&x->resets[i]->value, x->resets[i]->dflt);
    exec_unref(x);
}

/* What a graph launched from device code may hold (CUDA guide, "Device
 * Graph Requirements"): kernels, copies and sets, in child graphs too. */
static int device_launchable(cudaGraph_t g)
{
    for (size_t i = 0; i < g->n; i++) {
        cudaGraphNode_t n = g->nodes[i];
        if (n->type == cudaGraphNodeTypeGraph ? !device_launchable(n->u.child)
                                               : n->type != cudaGraphNodeTypeKernel &&
                                                     n->type != cudaGraphNodeTypeMemcpy &&
                                                     n->type != cudaGraphNodeTypeMemset &&
                                                     n->type != cudaGraphNodeTypeEmpty)
            return 0;
    }
    return 1;
}

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                          unsigned long long flags)
{
    API_ENTER();
    if (!pGraphExec || !graph_live(graph) || (flags & ~instantiate_flags))
        return api_return(cudaErrorInvalidValue);
    /* A device graph cannot free its allocations at launch, nor hold
     * what device code cannot run. */
    if ((flags & cudaGraphInstantiateFlagDeviceLaunch) &&
        ((flags & cudaGraphInstantiateFlagAutoFreeOnLaunch) || !device_launchable(graph)))
        return api_return(cudaErrorInvalidValue);
    int a = acyclic(graph);
    if (a != 1)
        return api_return(a ? cudaErrorMemoryAllocation : cudaErrorInvalidValue);
    cudaGraphExec_t x = calloc(1, sizeof *x);
    if (!x)
        return api_return(cudaErrorMemoryAllocation);
    pthread_mutex_init(&x->lock, NULL);
    atomic_init(&x->refs, 1);
    atomic_init(&x->uploaded, 0);
    x->flags = flags;
    x->graph = graph_clone(graph);
    if (!x->graph) {
        exec_free(x);
        return api_return(cudaErrorMemoryAllocation);
    }
    size_t capresets = 0;
    int fail = graph_grow((void **)&x->p.dep_start, &x->p.cap_start, 1, sizeof *x->p.dep_start) ||
               collect_resets(x, x->graph, &capresets);
    if (!fail) {
        x->p.dep_start[0] = 0;
        /* CUDA: a handle's default is assigned when the graph starts, so
         * in stream order: a first node that everything follows. */
        int first = x->nresets ? emit(&x->p, NULL, NULL, NULL, 0) : 0;
        fail = first < 0 || plan_flatten(&x->p, x->graph, x->nresets ? &first : NULL,
                                         x->nresets ? 1 : 0, 1);
    }
    if (fail || simt__handle_add(HANDLE_EXEC, HANDLE(x)) != 0) {
        exec_unref(x);
        return api_return(cudaErrorMemoryAllocation);
    }
    *pGraphExec = x;
    return cudaSuccess;
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                 unsigned long long flags)
{
    return cudaGraphInstantiateWithFlags(pGraphExec, graph, flags);
}

cudaError_t cudaGraphExecGetFlags(cudaGraphExec_t graphExec, unsigned long long *flags)
{
    API_ENTER();
    if (!exec_live(graphExec) || !flags)
        return api_return(cudaErrorInvalidValue);
    *flags = graphExec->flags;
    return cudaSuccess;
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec)
{
    API_ENTER();
    int live = simt__handle_remove(HANDLE_EXEC, HANDLE(graphExec)) == HANDLE_LIVE;
    /* Launches in flight own what they run (argument references, copies
     * of transfers) or reference the exec (conditional nodes). */
    if (live)
        exec_unref(graphExec);
    return live ? cudaSuccess : api_return(cudaErrorInvalidValue);
}

/* The flattened node made from top-level node `node`, or NULL. */
static struct enode *exec_find(cudaGraphExec_t x, cudaGraphNode_t node)
{
    for (size_t i = 0; node && i < x->p.n; i++)
        if (x->p.nodes[i].src == node && x->p.nodes[i].gn)
            return &x->p.nodes[i];
    return NULL;
}

cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaKernelNodeParams *pNodeParams)
{
    API_ENTER();
    if (!exec_live(hGraphExec))
        return api_return(cudaErrorInvalidValue);
    pthread_mutex_lock(&hGraphExec->lock);
    struct enode *en = exec_find(hGraphExec, node);
    cudaError_t e = cudaErrorInvalidValue;
    if (en && en->gn->type == cudaGraphNodeTypeKernel) {
        struct knode k;
        /* An H200 accepts another function here. */
        e = node_kernel_params(pNodeParams, &en->gn->u.k, &k);
        if (e == cudaSuccess)
            node_kernel_set(en->gn, &k);
    }
    pthread_mutex_unlock(&hGraphExec->lock);
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

/* Exec*SetParams of the other node types: finds the node, checks its
 * type, runs set(). */
static cudaError_t exec_set(cudaGraphExec_t x, cudaGraphNode_t node, enum cudaGraphNodeType t,
                            cudaError_t (*set)(cudaGraphNode_t n, const void *arg),
                            const void *arg)
{
    if (!exec_live(x))
        return api_return(cudaErrorInvalidValue);
    pthread_mutex_lock(&x->lock);
    struct enode *en = exec_find(x, node);
    cudaError_t e = cudaErrorInvalidValue;
    if (en && en->gn->type == t)
        e = set(en->gn, arg);
    pthread_mutex_unlock(&x->lock);
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

static cudaError_t set_copy3d(cudaGraphNode_t n, const void *arg)
{
    if (!arg)
        return cudaErrorInvalidValue;
    return node_copy_params(arg, NULL, NULL, 0, cudaMemcpyDefault, n);
}

struct copy1d {
    void *dst;
    const void *src;
    size_t count;
    enum cudaMemcpyKind kind;
};

static cudaError_t set_copy1d(cudaGraphNode_t n, const void *arg)
{
    const struct copy1d *c = arg;
    return node_copy_params(NULL, c->dst, c->src, c->count, c->kind, n);
}

static cudaError_t set_memset(cudaGraphNode_t n, const void *arg)
{
    return node_set_params(n, arg);
}

static cudaError_t set_host(cudaGraphNode_t n, const void *arg)
{
    const struct cudaHostNodeParams *p = arg;
    if (!p || !p->fn)
        return cudaErrorInvalidValue;
    n->u.host = *p;
    return cudaSuccess;
}

static cudaError_t set_event(cudaGraphNode_t n, const void *arg)
{
    if (!arg)
        return cudaErrorInvalidValue;
    n->u.event = (cudaEvent_t)(uintptr_t)arg;
    return cudaSuccess;
}

cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaMemcpy3DParms *pNodeParams)
{
    API_ENTER();
    return exec_set(hGraphExec, node, cudaGraphNodeTypeMemcpy, set_copy3d, pNodeParams);
}

cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                               void *dst, const void *src, size_t count,
                                               enum cudaMemcpyKind kind)
{
    API_ENTER();
    struct copy1d c = {dst, src, count, kind};
    return exec_set(hGraphExec, node, cudaGraphNodeTypeMemcpy, set_copy1d, &c);
}

cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaMemsetParams *pNodeParams)
{
    API_ENTER();
    return exec_set(hGraphExec, node, cudaGraphNodeTypeMemset, set_memset, pNodeParams);
}

cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                           const struct cudaHostNodeParams *pNodeParams)
{
    API_ENTER();
    return exec_set(hGraphExec, node, cudaGraphNodeTypeHost, set_host, pNodeParams);
}

cudaError_t cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t hGraphExec,
                                                 cudaGraphNode_t hNode, cudaEvent_t event)
{
    API_ENTER();
    return exec_set(hGraphExec, hNode, cudaGraphNodeTypeEventRecord, set_event, event);
}

cudaError_t cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                               cudaEvent_t event)
{
    API_ENTER();
    return exec_set(hGraphExec, hNode, cudaGraphNodeTypeWaitEvent, set_event, event);
}

/* CUDA runtime API: only kernel, memcpy and memset nodes can be
 * disabled. */
static int can_disable(const struct enode *en)
{
    enum cudaGraphNodeType t = en->gn->type;
    return t == cudaGraphNodeTypeKernel || t == cudaGraphNodeTypeMemcpy ||
           t == cudaGraphNodeTypeMemset;
}

cudaError_t cudaGraphNodeSetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                    unsigned int isEnabled)
{
    API_ENTER();
    if (!exec_live(hGraphExec))
        return api_return(cudaErrorInvalidValue);
    pthread_mutex_lock(&hGraphExec->lock);
    struct enode *en = exec_find(hGraphExec, hNode);
    int ok = en && can_disable(en);
    if (ok)
        en->enabled = isEnabled != 0;
    pthread_mutex_unlock(&hGraphExec->lock);
    return ok ? cudaSuccess : api_return(cudaErrorInvalidValue);
}

cudaError_t cudaGraphNodeGetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                    unsigned int *isEnabled)
{
    API_ENTER();
    if (!exec_live(hGraphExec) || !isEnabled)
        return api_return(cudaErrorInvalidValue);
    pthread_mutex_lock(&hGraphExec->lock);
    struct enode *en = exec_find(hGraphExec, hNode);
    int ok = en && can_disable(en);
    if (ok)
        *isEnabled = (unsigned)en->enabled;
    pthread_mutex_unlock(&hGraphExec->lock);
    return ok ? cudaSuccess : api_return(cudaErrorInvalidValue);
}

static int same_topology(cudaGraph_t a, cudaGraph_t b, enum cudaGraphExecUpdateResult *result,
                         cudaGraphNode_t *where);
static void update_params(cudaGraph_t a, cudaGraph_t b);

/* Exec*SetParams of a child graph node: the new graph must have the child's
 * topology; its parameters replace the child's (the flattened nodes are
 * the child's, so they see them). */
static cudaError_t exec_set_child(cudaGraphExec_t x, cudaGraphNode_t node, cudaGraph_t g)
{
    pthread_mutex_lock(&x->lock);
    cudaGraphNode_t n = NULL;
    for (size_t i = 0; i < x->graph->n && !n; i++)
        if (x->graph->nodes[i]->origin == node)
            n = x->graph->nodes[i];
    enum cudaGraphExecUpdateResult r;
    cudaGraphNode_t where = NULL;
    cudaError_t e = cudaErrorInvalidValue;
    if (n && n->type == cudaGraphNodeTypeGraph && g && same_topology(n->u.child, g, &r, &where)) {
        update_params(n->u.child, g);
        e = cudaSuccess;
    }
    pthread_mutex_unlock(&x->lock);
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

cudaError_t cudaGraphExecNodeSetParams(cudaGraphExec_t graphExec, cudaGraphNode_t node,
                                       struct cudaGraphNodeParams *p)
{
    API_ENTER();
    if (!exec_live(graphExec) || !node || !p || p->type != node->type)
        return api_return(cudaErrorInvalidValue);
    switch (p->type) {
    case cudaGraphNodeTypeKernel: {
        struct cudaKernelNodeParams k = node_kernel_v1(&p->kernel);
        return cudaGraphExecKernelNodeSetParams(graphExec, node, &k);
    }
    case cudaGraphNodeTypeMemcpy:
        if (p->memcpy.flags)
            return api_return(cudaErrorInvalidValue);
        return cudaGraphExecMemcpyNodeSetParams(graphExec, node, &p->memcpy.copyParams);
    case cudaGraphNodeTypeMemset: {
        struct cudaMemsetParams m = node_memset_v1(&p->memset);
        return cudaGraphExecMemsetNodeSetParams(graphExec, node, &m);
    }
    case cudaGraphNodeTypeHost: {
        struct cudaHostNodeParams h = {p->host.fn, p->host.userData};
        return cudaGraphExecHostNodeSetParams(graphExec, node, &h);
    }
    case cudaGraphNodeTypeGraph:
        return exec_set_child(graphExec, node, p->graph.graph);
    case cudaGraphNodeTypeWaitEvent:
        return cudaGraphExecEventWaitNodeSetEvent(graphExec, node, p->eventWait.event);
    case cudaGraphNodeTypeEventRecord:
        return cudaGraphExecEventRecordNodeSetEvent(graphExec, node, p->eventRecord.event);
    case cudaGraphNodeTypeEmpty:
        return cudaSuccess;
    default: /* allocations, frees and conditional nodes */
        return api_return(cudaErrorNotSupported);
    }
}

/* ---- update --------------------------------------------------------------------- */

/* Whether a and b have the same nodes (types, in creation order) and
 * edges, child graphs included.  Otherwise *result says how they differ
 * and *where is b's first node that differs (NULL when the node counts
 * do: an H200 names no node then). */
static int same_topology(cudaGraph_t a, cudaGraph_t b, enum cudaGraphExecUpdateResult *result,
                         cudaGraphNode_t *where)
{
    if (a->n != b->n) {
        *result = cudaGraphExecUpdateErrorTopologyChanged;
        return 0;
    }
    for (size_t i = 0; i < a->n; i++) {
        a->nodes[i]->scratch = i;
        b->nodes[i]->scratch = i;
    }
    for (size_t i = 0; i < a->n; i++) {
        cudaGraphNode_t x = a->nodes[i], y = b->nodes[i];
        int same = x->nin == y->nin && x->nout == y->nout;
        for (size_t j = 0; same && j < x->nin; j++) {
            size_t k = 0;
            while (k < y->nin && y->in[k]->scratch != x->in[j]->scratch)
                k++;
            same = k < y->nin;
        }
        if (!same) {
            *result = cudaGraphExecUpdateErrorTopologyChanged;
            *where = y;
            return 0;
        }
    }
    for (size_t i = 0; i < a->n; i++) {
        cudaGraphNode_t x = a->nodes[i], y = b->nodes[i];
        if (x->type != y->type) {
            *result = cudaGraphExecUpdateErrorNodeTypeChanged;
            *where = y;
            return 0;
        }
        if (x->type == cudaGraphNodeTypeGraph &&
            !same_topology(x->u.child, y->u.child, result, where)) {
            *where = y;
            return 0;
        }
        if (x->type == cudaGraphNodeTypeConditional) {
            if (x->u.cond.h != y->u.cond.h || x->u.cond.type != y->u.cond.type ||
                x->u.cond.size != y->u.cond.size) {
                *result = cudaGraphExecUpdateErrorParametersChanged;
                *where = y;
                return 0;
            }
            for (unsigned k = 0; k < x->u.cond.size; k++) {
                if (!same_topology(x->u.cond.bodies[k], y->u.cond.bodies[k], result, where)) {
                    *where = y;
                    return 0;
                }
            }
        }
    }
    return 1;
}

/* Copies b's parameters into a, which has the same topology. */
static void update_params(cudaGraph_t a, cudaGraph_t b)
{
    for (size_t i = 0; i < a->n; i++) {
        cudaGraphNode_t x = a->nodes[i], y = b->nodes[i];
        if (x->type == cudaGraphNodeTypeGraph) {
            update_params(x->u.child, y->u.child);
            continue;
        }
        if (x->type == cudaGraphNodeTypeConditional) {
            /* The flattened bodies point at these nodes: update in place. */
            for (unsigned k = 0; k < x->u.cond.size; k++)
                update_params(x->u.cond.bodies[k], y->u.cond.bodies[k]);
            continue;
        }
        if (x->type == cudaGraphNodeTypeMemAlloc)
            continue; /* the allocation keeps its address */
        graph_params_free(x);
        /* Child graphs, bodies and allocations were left out above: what
         * remains copies without allocating. */
        int e = graph_params_copy(x, y);
        assert(e == 0);
        (void)e;
    }
}

cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                                cudaGraphExecUpdateResultInfo *resultInfo)
{
    API_ENTER();
    if (!exec_live(hGraphExec) || !graph_live(hGraph))
        return api_return(cudaErrorInvalidValue);
    enum cudaGraphExecUpdateResult result = cudaGraphExecUpdateSuccess;
    cudaGraphNode_t where = NULL;
    pthread_mutex_lock(&hGraphExec->lock);
    int same = same_topology(hGraphExec->graph, hGraph, &result, &where);
    if (same)
        update_params(hGraphExec->graph, hGraph);
    pthread_mutex_unlock(&hGraphExec->lock);
    /* An H200 accepts a NULL resultInfo. */
    if (resultInfo) {
        resultInfo->result = result;
        resultInfo->errorNode = where;
        resultInfo->errorFromNode = NULL;
    }
    return same ? cudaSuccess : api_return(cudaErrorGraphExecUpdateFailure);
}

/* ---- launch ------------------------------------------------------------------- */

/* A command running kernel node n of x (as simt_launch builds one), or
 * NULL when out of memory. */
static struct cmd *kernel_cmd(cudaGraphExec_t x, const struct knode *k)
{
    struct kargs *a = k->a;
    struct simt_kernel_state *ks = kstate_of(a->k);
    if (!ks)
        return NULL;
    struct cmd *c = launch_grid_cmd(a->k, ks, &k->cfg, kargs_run, kargs_ref(a), kargs_release,
                                    NULL);
    if (!c)
        kargs_release(a);
    else if (x->flags & cudaGraphInstantiateFlagDeviceLaunch)
        c->grid->graph_exec = x; /* cudaGetCurrentGraphExec (devrt.c) */
    return c;
}

static void xfer_run_owned(void *arg)
{
    xfer_run(arg);
    free(arg);
}

static void host_run(void *arg)
{
    struct cudaHostNodeParams *p = arg;
    /* CUDA guide: device printf output is flushed before host work. */
    printf_flush();
    p->fn(p->userData);
    free(p);
}

static struct cmd *host_cmd(void (*fn)(void *), const void *data, size_t size)
{
    struct cmd *c = cmd_new(CMD_HOST);
    void *arg = malloc(size);
    if (!c || !arg) {
        cmd_unref(c);
        free(arg);
        return NULL;
    }
    c->fn = fn;
    c->arg = memcpy(arg, data, size);
    return c;
}

/* host_cmd's copy of the node's parameter is the command's to free.  The
 * command holds a reference on the allocation (node_cmd took it): the
 * executable graph may be destroyed while a launch is pending. */
static void gmem_run_alloc(void *arg)
{
    struct gmem *m = *(struct gmem **)arg;
    gmem_set_mapped(m, 1);
    gmem_unref(m);
    free(arg);
}

static void gmem_run_free(void *arg)
{
    (void)graph_mem_free(*(void **)arg);
    free(arg);
}

/* The command of flattened node en of x, or NULL when out of memory. */
static struct cmd *node_cmd(cudaGraphExec_t x, const struct enode *en)
{
    cudaGraphNode_t n = en->gn;
    if (!n || !en->enabled)
        return cmd_new(CMD_MARK);
    switch (n->type) {
    case cudaGraphNodeTypeKernel:
        return kernel_cmd(x, &n->u.k);
    case cudaGraphNodeTypeMemcpy:
        return host_cmd(xfer_run_owned, &n->u.copy.x, sizeof n->u.copy.x);
    case cudaGraphNodeTypeMemset:
        return host_cmd(xfer_run_owned, &n->u.set.x, sizeof n->u.set.x);
    case cudaGraphNodeTypeHost:
        return host_cmd(host_run, &n->u.host, sizeof n->u.host);
    case cudaGraphNodeTypeWaitEvent: {
        struct cmd *c = cmd_new(CMD_MARK);
        if (c)
            c->wait_for = event_cmd(n->u.event);
        return c;
    }
    case cudaGraphNodeTypeMemAlloc: {
        struct gmem *m = n->u.mem;
        struct cmd *c = host_cmd(gmem_run_alloc, &m, sizeof m);
        if (c)
            gmem_ref(m);
        return c;
    }
    case cudaGraphNodeTypeMemFree:
        return host_cmd(gmem_run_free, &n->u.free_ptr, sizeof n->u.free_ptr);
    default: /* empty and event record nodes */
        return cmd_new(CMD_MARK);
    }
}

/* Releases command c of flattened node en (plan_cmds made it), never
 * enqueued: what node_cmd, cond_cmd and the resets' command hold. */
static void cmd_discard(const struct enode *en, struct cmd *c)
{
    if (en->gn && en->gn->type == cudaGraphNodeTypeEventRecord)
        cmd_unref(c); /* plan_cmds' reference for the event */
    if (en->cond) {
        cond_cmd_discard(c);
        return;
    }
    if (c->kind == CMD_GRID) {
        struct kargs *a = c->grid->args;
        launch_grid_cmd_discard(c);
        kargs_release(a);
        return;
    }
    if (c->fn == run_resets)
        exec_unref(c->arg);
    else if (c->fn == gmem_run_alloc)
        gmem_unref(*(struct gmem **)c->arg);
    if (c->fn && c->fn != run_resets)
        free(c->arg);
    cmd_unref(c->wait_for);
    cmd_unref(c);
}

void plan_cmds_discard(const struct plan *p, struct cmd **cmds)
{
    for (size_t i = 0; i < p->n; i++)
        if (cmds[i])
            cmd_discard(&p->nodes[i], cmds[i]);
    free(cmds);
}

struct cmd **plan_cmds(cudaGraphExec_t x, const struct plan *p)
{
    struct cmd **cmds = simt__zalloc(p->n, sizeof *cmds);
    if (!cmds)
        return NULL;
    for (size_t i = 0; i < p->n; i++) {
        const struct enode *en = &p->nodes[i];
        if (p == &x->p && i == 0 && x->nresets) {
            if ((cmds[i] = cmd_new(CMD_HOST))) {
                cmds[i]->fn = run_resets;
                cmds[i]->arg = x;
                exec_ref(x);
            }
        } else if (en->cond) {
            /* Its exit mark comes next (plan_flatten). */
            cmds[i + 1] = node_cmd(x, &p->nodes[i + 1]);
            if (cmds[i + 1])
                cmds[i] = cond_cmd(x, en->cond, cmds[i + 1]);
        } else if (!cmds[i]) {
            cmds[i] = node_cmd(x, en);
        }
        if (!cmds[i]) {
            plan_cmds_discard(p, cmds);
            return NULL;
        }
        if (en->gn && en->gn->type == cudaGraphNodeTypeEventRecord)
            cmd_ref(cmds[i]); /* kept until the event gets it */
    }
    return cmds;
}

void plan_cmds_enqueued(const struct plan *p, struct cmd **cmds)
{
    /* CUDA: an event record node records the event when the graph is
     * launched, at its place in the graph. */
    for (size_t i = 0; i < p->n; i++) {
        if (p->nodes[i].gn && p->nodes[i].gn->type == cudaGraphNodeTypeEventRecord) {
            event_set_cmd(p->nodes[i].gn->u.event, cmds[i]);
            cmd_unref(cmds[i]);
        }
    }
    free(cmds);
}

/* Describes (or, forget: forgets) for the timeline the commands of x's
 * copy, memset, host and event nodes: as a stream's operations would be
 * (kernel nodes' grids describe themselves). */
static void trace_nodes(cudaGraphExec_t x, struct cmd **cmds, int forget)
{
    if (!trace__wanted)
        return;
    const struct plan *p = &x->p;
    for (size_t i = x->nresets ? 1 : 0; i < p->n; i++) {
        const struct enode *en = &p->nodes[i];
        cudaGraphNode_t n = en->gn;
        if (!n || !en->enabled || en->cond)
            continue;
        struct op op = {.kind = OP_MARK};
        switch (n->type) {
        case cudaGraphNodeTypeMemcpy: {
            struct mem_range d, s;
            mem_lookup(n->u.copy.x.dst, &d);
            mem_lookup(n->u.copy.x.src, &s);
            op.kind = OP_TRANSFER;
            op.u.transfer.x = n->u.copy.x;
            op.u.transfer.dt = (int)d.type;
            op.u.transfer.st = (int)s.type;
            break;
        }
        case cudaGraphNodeTypeMemset:
            op.kind = OP_TRANSFER;
            op.u.transfer.x = n->u.set.x;
            break;
        case cudaGraphNodeTypeHost:
            op.kind = OP_HOST;
            break;
        case cudaGraphNodeTypeEventRecord:
        case cudaGraphNodeTypeWaitEvent:
            op.kind = n->type == cudaGraphNodeTypeEventRecord ? OP_EVENT_RECORD : OP_EVENT_WAIT;
            op.u.event.e = n->u.event;
            break;
        default:
            continue;
        }
        if (forget)
            trace_forget(cmds[i]);
        else
            trace_describe(cmds[i], &op);
    }
}

/* The timeline's side of a graph launch (op.h): the flattened nodes'
 * commands as one batch of s, after the exec's previous launch where
 * after_last says so. */
static cudaError_t enqueue_batch(struct CUstream_st *s, struct op *op, int after_last)
{
    cudaGraphExec_t x = op->u.exec;
    pthread_mutex_lock(&x->lock);
    struct cmd **cmds = plan_cmds(x, &x->p);
    if (cmds)
        trace_nodes(x, cmds, 0);
    struct cmd *exit = cmds ? stream_enqueue_batch(s, cmds, (int)x->p.n, x->p.dep_start,
                                                   x->p.deps, after_last ? x->last : NULL)
                            : NULL;
    if (!exit) {
        if (cmds) {
            trace_nodes(x, cmds, 1);
            plan_cmds_discard(&x->p, cmds);
        }
        pthread_mutex_unlock(&x->lock);
        return cudaErrorMemoryAllocation;
    }
    plan_cmds_enqueued(&x->p, cmds);
    cmd_unref(x->last);
    x->last = exit;
    pthread_mutex_unlock(&x->lock);
    return cudaSuccess;
}

static cudaError_t enqueue_launch(struct CUstream_st *s, struct op *op)
{
    return enqueue_batch(s, op, 1);
}

/* A launch from device code: not after the exec's previous launch, which
 * may be the very launch whose kernel tail-launches the graph again
 * (cudaGetCurrentGraphExec); its grid completes only after its tail
 * launches, so the wait would never end. */
static cudaError_t enqueue_device_launch(struct CUstream_st *s, struct op *op)
{
    return enqueue_batch(s, op, 0);
}

cudaError_t graph_exec_device_check(cudaGraphExec_t x)
{
    if (!exec_live(x))
        return cudaErrorInvalidValue;
    /* An H100 faults launching from device code a graph not instantiated
     * for it: the grid fails, sticky. */
    if (!(x->flags & cudaGraphInstantiateFlagDeviceLaunch))
        engine_fail(cudaErrorIllegalAddress, NULL,
                    "instantiate it with cudaGraphInstantiateFlagDeviceLaunch (an H100 faults "
                    "here: cudaErrorIllegalAddress)",
                    "cudaGraphLaunch of a graph not instantiated for device launch");
    return atomic_load(&x->uploaded) ? cudaSuccess : cudaErrorInvalidValue;
}

cudaError_t graph_exec_enqueue(struct CUstream_st *s, cudaGraphExec_t x)
{
    struct op op = {.kind = OP_MARK, .enqueue = enqueue_device_launch, .u.exec = x};
    return trace_submit(s, &op);
}

cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream)
{
    API_ENTER();
    if (engine_in_kernel()) /* device graph launch (devrt.c) */
        return api_return(devrt_graph_launch(graphExec, stream));
    if (!exec_live(graphExec))
        return api_return(cudaErrorInvalidValue);
    atomic_store(&graphExec->uploaded, 1);
    struct CUstream_st *s = stream_resolve(stream);
    if (!s)
        return api_return(stream_error(stream));
    /* An H200 does not capture graph launches. */
    if (stream_is_capturing(s))
        return api_return(capture_forbid(s));
    /* Should s begin capturing meanwhile, an empty node is harmless. */
    struct op op = {.kind = OP_MARK, .enqueue = enqueue_launch, .u.exec = graphExec};
    cudaError_t e = op_submit(s, &op);
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream)
{
    API_ENTER();
    if (!exec_live(graphExec))
        return api_return(cudaErrorInvalidValue);
    if (!stream_resolve(stream))
        return api_return(stream_error(stream));
    atomic_store(&graphExec->uploaded, 1);
    return cudaSuccess; /* nothing to move: host and device share memory */
}
