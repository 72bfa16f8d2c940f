/*
 * graph.c: CUDA graphs (CUDA guide, "CUDA Graphs"): graphs and nodes,
 * kernel arguments shared by nodes, edges and the structure queries,
 * cloning, and cudaGraphDebugDotPrint.  Node parameters and the calls
 * that add nodes are graph_node.c's; instantiation, update and launch
 * graph_exec.c's; graph-owned memory graph_mem.c's.
 *
 * A graph is a list of nodes in creation order with edges kept on both
 * ends.  Graphs are not thread-safe, as in CUDA: a program must not change
 * one graph from two threads at once.
 *
 * Results are what an H200 returned (CUDA 13): docs/gpu-facts/graphs.txt.
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

/* ---- kernel arguments --------------------------------------------------------- */

struct kargs *kargs_new(simt_kernel *k, simt_thread_fn fn, void *args, void (*release)(void *))
{
    struct kargs *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    atomic_init(&a->refs, 1);
    a->k = k;
    a->fn = fn;
    a->args = args;
    a->release = release;
    return a;
}

struct kargs *kargs_ref(struct kargs *a)
{
    if (a) {
        int was = atomic_fetch_add_explicit(&a->refs, 1, memory_order_relaxed);
        assert(was > 0);
        (void)was;
    }
    return a;
}

void kargs_unref(struct kargs *a)
{
    if (a && atomic_fetch_sub_explicit(&a->refs, 1, memory_order_acq_rel) == 1) {
        if (a->release)
            a->release(a->args);
        free(a);
    }
}

/* One CUDA thread of a graph's kernel. */
void kargs_run(void *p)
{
    struct kargs *a = p;
    a->fn(a->args);
}

void kargs_release(void *p)
{
    kargs_unref(p);
}


/* ---- graphs and nodes ---------------------------------------------------------- */

static atomic_uint graph_ids = 1;

cudaGraph_t graph_new(void)
{
    cudaGraph_t g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    if (simt__handle_add(HANDLE_GRAPH, HANDLE(g)) != 0) {
        free(g);
        return NULL;
    }
    g->id = atomic_fetch_add(&graph_ids, 1);
    return g;
}

cudaGraphNode_t graph_node_new(cudaGraph_t g, enum cudaGraphNodeType t)
{
    if (graph_grow((void **)&g->nodes, &g->cap, g->n + 1, sizeof *g->nodes))
        return NULL;
    cudaGraphNode_t n = calloc(1, sizeof *n);
    if (!n)
        return NULL;
    n->graph = g;
    n->type = t;
    n->id = g->next_node++;
    g->nodes[g->n++] = n;
    return n;
}

/* Drops what n's parameters own. */
void graph_params_free(cudaGraphNode_t n)
{
    switch (n->type) {
    case cudaGraphNodeTypeKernel:
        kargs_unref(n->u.k.a);
        break;
    case cudaGraphNodeTypeGraph:
        graph_free(n->u.child);
        break;
    case cudaGraphNodeTypeMemAlloc:
        gmem_unref(n->u.mem);
        break;
    case cudaGraphNodeTypeConditional:
        cond_free(n);
        break;
    default:
        break;
    }
}

static void remove_from(cudaGraphNode_t *v, size_t *n, cudaGraphNode_t x)
{
    for (size_t i = 0; i < *n; i++) {
        if (v[i] == x) {
            memmove(&v[i], &v[i + 1], (*n - i - 1) * sizeof *v);
            (*n)--;
            return;
        }
    }
}

void graph_node_free(cudaGraphNode_t n)
{
    cudaGraph_t g = n->graph;
    for (size_t i = 0; i < n->nin; i++)
        remove_from(n->in[i]->out, &n->in[i]->nout, n);
    for (size_t i = 0; i < n->nout; i++)
        remove_from(n->out[i]->in, &n->out[i]->nin, n);
    remove_from(g->nodes, &g->n, n);
    graph_params_free(n);
    free(n->in);
    free(n->out);
    free(n);
}

void graph_free(cudaGraph_t g)
{
    if (!g)
        return;
    simt__handle_remove(HANDLE_GRAPH, HANDLE(g));
    for (size_t i = 0; i < g->n; i++) {
        cudaGraphNode_t n = g->nodes[i];
        graph_params_free(n);
        free(n->in);
        free(n->out);
        free(n);
    }
    for (size_t i = 0; i < g->nhandles; i++)
        chandle_unref(g->handles[i]);
    free(g->handles);
    free(g->nodes);
    free(g);
}

int graph_has_edge(cudaGraphNode_t from, cudaGraphNode_t to)
{
    for (size_t i = 0; i < from->nout; i++)
        if (from->out[i] == to)
            return 1;
    return 0;
}

int graph_edge_add(cudaGraphNode_t from, cudaGraphNode_t to)
{
    /* graph.h: edges join two nodes of one graph, once each. */
    assert(from != to && from->graph == to->graph && !graph_has_edge(from, to));
    if (graph_grow((void **)&from->out, &from->capout, from->nout + 1, sizeof *from->out) ||
        graph_grow((void **)&to->in, &to->capin, to->nin + 1, sizeof *to->in))
        return -1;
    from->out[from->nout++] = to;
    to->in[to->nin++] = from;
    return 0;
}

void graph_edge_remove(cudaGraphNode_t from, cudaGraphNode_t to)
{
    remove_from(from->out, &from->nout, to);
    remove_from(to->in, &to->nin, from);
}

/* graph_reaches without memory: marks the ancestors of b pass by pass
 * (of the scratch marks of b's graph, b's alone is set). */
static int reaches_slowly(cudaGraphNode_t a, cudaGraphNode_t b)
{
    cudaGraph_t g = b->graph;
    for (int changed = 1; changed;) {
        changed = 0;
        for (size_t i = 0; i < g->n; i++) {
            cudaGraphNode_t n = g->nodes[i];
            for (size_t j = 0; n->scratch && j < n->nin; j++) {
                if (n->in[j] == a)
                    return 1;
                if (!n->in[j]->scratch)
                    changed = n->in[j]->scratch = 1;
            }
        }
    }
    return 0;
}

int graph_reaches(cudaGraphNode_t a, cudaGraphNode_t b)
{
    if (a == b)
        return 1;
    /* Depth-first search from b against the edges; the graph is small
     * and a visited set keeps diamonds linear. */
    cudaGraph_t g = b->graph;
    for (size_t i = 0; i < g->n; i++)
        g->nodes[i]->scratch = 0;
    b->scratch = 1;
    /* Each node is pushed once at most. */
    cudaGraphNode_t *stack = simt__zalloc(g->n + 1, sizeof *stack);
    if (!stack)
        return reaches_slowly(a, b);
    size_t top = 0;
    stack[top++] = b;
    int found = 0;
    while (top && !found) {
        cudaGraphNode_t n = stack[--top];
        for (size_t i = 0; i < n->nin && !found; i++) {
            cudaGraphNode_t p = n->in[i];
            if (p == a) {
                found = 1;
            } else if (!p->scratch) {
                p->scratch = 1;
                stack[top++] = p;
            }
        }
    }
    free(stack);
    return found;
}

int graph_params_copy(cudaGraphNode_t c, cudaGraphNode_t n)
{
    c->u = n->u;
    switch (n->type) {
    case cudaGraphNodeTypeKernel:
        kargs_ref(c->u.k.a);
        return 0;
    case cudaGraphNodeTypeGraph:
        c->u.child = graph_clone(n->u.child);
        return c->u.child ? 0 : -1;
    case cudaGraphNodeTypeMemAlloc:
        gmem_ref(c->u.mem);
        return 0;
    case cudaGraphNodeTypeConditional:
        return cond_copy(c, n);
    default:
        return 0;
    }
}

cudaGraph_t graph_clone(cudaGraph_t src)
{
    cudaGraph_t g = graph_new();
    if (!g)
        return NULL;
    g->is_body = src->is_body;
    if (src->nhandles) {
        g->handles = calloc(src->nhandles, sizeof *g->handles);
        if (!g->handles)
            goto fail;
        g->nhandles = g->caphandles = src->nhandles;
        for (size_t i = 0; i < src->nhandles; i++)
            g->handles[i] = chandle_ref(src->handles[i]);
    }
    for (size_t i = 0; i < src->n; i++) {
        cudaGraphNode_t n = src->nodes[i], c = graph_node_new(g, n->type);
        if (!c)
            goto fail;
        c->origin = n;
        n->scratch = i;
        if (graph_params_copy(c, n))
            goto fail;
    }
    for (size_t i = 0; i < src->n; i++) {
        cudaGraphNode_t n = src->nodes[i];
        for (size_t j = 0; j < n->nout; j++)
            if (graph_edge_add(g->nodes[i], g->nodes[n->out[j]->scratch]))
                goto fail;
    }
    return g;
fail:
    graph_free(g);
    return NULL;
}

/* ---- structure ----------------------------------------------------------------- */

cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, enum cudaGraphNodeType *pType)
{
    API_ENTER();
    if (!node || !pType)
        return api_return(cudaErrorInvalidValue);
    *pType = node->type;
    return cudaSuccess;
}

/* The list protocol of the graph queries: NULL `out` asks for the count;
 * otherwise up to *n entries are written and *n becomes the number
 * written (at most the count). */
static void hand_out(cudaGraphNode_t *out, size_t *n, cudaGraphNode_t const *v, size_t count)
{
    if (!out) {
        *n = count;
        return;
    }
    if (*n > count)
        *n = count;
    memcpy(out, v, *n * sizeof *out);
}

cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *numNodes)
{
    API_ENTER();
    if (!graph_live(graph) || !numNodes)
        return api_return(cudaErrorInvalidValue);
    hand_out(nodes, numNodes, graph->nodes, graph->n);
    return cudaSuccess;
}

cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t *pRootNodes,
                                  size_t *pNumRootNodes)
{
    API_ENTER();
    if (!graph_live(graph) || !pNumRootNodes)
        return api_return(cudaErrorInvalidValue);
    /* An H200 lists roots newest first. */
    cudaGraphNode_t *roots = simt__zalloc(graph->n, sizeof *roots);
    if (!roots)
        return api_return(cudaErrorMemoryAllocation);
    size_t r = 0;
    for (size_t i = graph->n; i-- > 0;)
        if (graph->nodes[i]->nin == 0)
            roots[r++] = graph->nodes[i];
    hand_out(pRootNodes, pNumRootNodes, roots, r);
    free(roots);
    return cudaSuccess;
}

cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from, cudaGraphNode_t *to,
                              cudaGraphEdgeData *edgeData, size_t *numEdges)
{
    API_ENTER();
    if (!graph_live(graph) || !numEdges || (!from != !to))
        return api_return(cudaErrorInvalidValue);
    size_t count = 0, k = 0;
    for (size_t i = 0; i < graph->n; i++)
        count += graph->nodes[i]->nout;
    if (!from) {
        *numEdges = count;
        return cudaSuccess;
    }
    for (size_t i = 0; i < graph->n && k < *numEdges; i++) {
        cudaGraphNode_t n = graph->nodes[i];
        for (size_t j = 0; j < n->nout && k < *numEdges; j++, k++) {
            from[k] = n;
            to[k] = n->out[j];
            if (edgeData)
                memset(&edgeData[k], 0, sizeof edgeData[k]);
        }
    }
    *numEdges = k;
    return cudaSuccess;
}

static cudaError_t neighbours(cudaGraphNode_t *out, cudaGraphEdgeData *edgeData, size_t *n,
                              cudaGraphNode_t const *v, size_t count)
{
    if (!n)
        return api_return(cudaErrorInvalidValue);
    hand_out(out, n, v, count);
    if (out && edgeData)
        memset(edgeData, 0, *n * sizeof *edgeData);
    return cudaSuccess;
}

cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *pDependencies,
                                         cudaGraphEdgeData *edgeData, size_t *pNumDependencies)
{
    API_ENTER();
    if (!node)
        return api_return(cudaErrorInvalidValue);
    return neighbours(pDependencies, edgeData, pNumDependencies, node->in, node->nin);
}

cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t *pDependentNodes,
                                           cudaGraphEdgeData *edgeData,
                                           size_t *pNumDependentNodes)
{
    API_ENTER();
    if (!node)
        return api_return(cudaErrorInvalidValue);
    return neighbours(pDependentNodes, edgeData, pNumDependentNodes, node->out, node->nout);
}

/* Edge data other than the default (programmatic edges, ports) is not
 * supported. */
int graph_default_edges(const cudaGraphEdgeData *d, size_t n)
{
    for (size_t i = 0; d && i < n; i++)
        if (d[i].type != cudaGraphDependencyTypeDefault || d[i].from_port || d[i].to_port)
            return 0;
    return 1;
}

cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                     const cudaGraphNode_t *to, const cudaGraphEdgeData *edgeData,
                                     size_t numDependencies)
{
    API_ENTER();
    /* An H200: no edges is success whatever the rest. */
    if (numDependencies == 0)
        return cudaSuccess;
    if (!graph_live(graph) || !from || !to)
        return api_return(cudaErrorInvalidValue);
    if (!graph_default_edges(edgeData, numDependencies))
        return api_return(cudaErrorNotSupported);
    for (size_t i = 0; i < numDependencies; i++) {
        /* Self edges and edges already there are invalid; cycles are
         * found by instantiation. */
        if (!graph_has_node(graph, from[i]) || !graph_has_node(graph, to[i]) || from[i] == to[i] ||
            graph_has_edge(from[i], to[i]))
            return api_return(cudaErrorInvalidValue);
        for (size_t j = 0; j < i; j++)
            if (from[j] == from[i] && to[j] == to[i])
                return api_return(cudaErrorInvalidValue);
    }
    for (size_t i = 0; i < numDependencies; i++)
        if (graph_edge_add(from[i], to[i]))
            return api_return(cudaErrorMemoryAllocation);
    return cudaSuccess;
}

cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                        const cudaGraphNode_t *to,
                                        const cudaGraphEdgeData *edgeData,
                                        size_t numDependencies)
{
    API_ENTER();
    (void)edgeData;
    if (numDependencies == 0)
        return cudaSuccess;
    if (!graph_live(graph) || !from || !to)
        return api_return(cudaErrorInvalidValue);
    for (size_t i = 0; i < numDependencies; i++)
        if (!graph_has_node(graph, from[i]) || !graph_has_node(graph, to[i]) ||
            !graph_has_edge(from[i], to[i]))
            return api_return(cudaErrorInvalidValue);
    for (size_t i = 0; i < numDependencies; i++)
        graph_edge_remove(from[i], to[i]);
    return cudaSuccess;
}

cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node)
{
    API_ENTER();
    if (!node)
        return api_return(cudaErrorInvalidValue);
    graph_node_free(node);
    return cudaSuccess;
}

/* ---- cudaGraphDebugDotPrint ------------------------------------------------------ */

static const char *type_label(enum cudaGraphNodeType t)
{
    switch (t) {
    case cudaGraphNodeTypeKernel: return "KERNEL";
    case cudaGraphNodeTypeMemcpy: return "MEMCPY";
    case cudaGraphNodeTypeMemset: return "MEMSET";
    case cudaGraphNodeTypeHost: return "HOST";
    case cudaGraphNodeTypeGraph: return "CHILD_GRAPH";
    case cudaGraphNodeTypeEmpty: return "EMPTY";
    case cudaGraphNodeTypeWaitEvent: return "WAIT_EVENT";
    case cudaGraphNodeTypeEventRecord: return "EVENT_RECORD";
    case cudaGraphNodeTypeMemAlloc: return "MEM_ALLOC";
    case cudaGraphNodeTypeMemFree: return "MEM_FREE";
    case cudaGraphNodeTypeConditional: return "CONDITIONAL";
    default: return "OTHER";
    }
}

static const char *type_shape(enum cudaGraphNodeType t)
{
    switch (t) {
    case cudaGraphNodeTypeKernel: return "octagon";
    case cudaGraphNodeTypeMemcpy: return "trapezium";
    case cudaGraphNodeTypeMemset: return "invtrapezium";
    case cudaGraphNodeTypeHost: return "box";
    case cudaGraphNodeTypeGraph: return "folder";
    case cudaGraphNodeTypeEventRecord: return "rarrow";
    case cudaGraphNodeTypeWaitEvent: return "larrow";
    default: return "ellipse";
    }
}

static void dot_node(FILE *f, cudaGraph_t g, cudaGraphNode_t n, unsigned flags)
{
    fprintf(f, "\"graph_%u_node_%u\"[style=\"%s\" shape=\"%s\" label=\"%u\n", g->id, n->id,
            n->type == cudaGraphNodeTypeKernel ? "bold" : "solid", type_shape(n->type), n->id);
    if (n->type == cudaGraphNodeTypeKernel) {
        const struct knode *k = &n->u.k;
        fprintf(f, "%s\n", k->a && k->a->k && k->a->k->name ? k->a->k->name : "(unnamed)");
        if (flags & (cudaGraphDebugDotFlagsVerbose | cudaGraphDebugDotFlagsKernelNodeParams))
            fprintf(f, "grid (%u,%u,%u) block (%u,%u,%u) shared %zu\n", k->cfg.grid.x,
                    k->cfg.grid.y, k->cfg.grid.z, k->cfg.block.x, k->cfg.block.y, k->cfg.block.z,
                    k->cfg.shmem);
    } else {
        fprintf(f, "%s\n", type_label(n->type));
        if ((flags & (cudaGraphDebugDotFlagsVerbose | cudaGraphDebugDotFlagsMemcpyNodeParams)) &&
            n->type == cudaGraphNodeTypeMemcpy)
            fprintf(f, "%zu x %zu x %zu bytes\n", n->u.copy.x.width, n->u.copy.x.height,
                    n->u.copy.x.depth);
        if ((flags & (cudaGraphDebugDotFlagsVerbose | cudaGraphDebugDotFlagsMemsetNodeParams)) &&
            n->type == cudaGraphNodeTypeMemset)
            fprintf(f, "value 0x%x, %u-byte elements, %zu x %zu\n", n->u.set.p.value,
                    n->u.set.p.elementSize, n->u.set.p.width, n->u.set.p.height);
    }
    fprintf(f, "\"];\n\n");
}

static void dot_graph(FILE *f, cudaGraph_t g, unsigned flags)
{
    fprintf(f, "subgraph cluster_%u {\nlabel=\"graph_%u\" graph[style=\"dashed\"];\n", g->id, g->id);
    for (size_t i = 0; i < g->n; i++) {
        cudaGraphNode_t n = g->nodes[i];
        dot_node(f, g, n, flags);
        if (n->type == cudaGraphNodeTypeGraph) {
            dot_graph(f, n->u.child, flags);
            for (size_t j = 0; j < n->u.child->n; j++)
                if (n->u.child->nodes[j]->nin == 0)
                    fprintf(f, "\"graph_%u_node_%u\" -> \"graph_%u_node_%u\" [style=\"dotted\"];\n",
                            g->id, n->id, n->u.child->id, n->u.child->nodes[j]->id);
        }
    }
    for (size_t i = 0; i < g->n; i++) {
        cudaGraphNode_t n = g->nodes[i];
        for (size_t j = 0; j < n->nout; j++)
            fprintf(f, "\"graph_%u_node_%u\" -> \"graph_%u_node_%u\";\n", g->id, n->id, g->id,
                    n->out[j]->id);
    }
    fprintf(f, "}\n");
}

cudaError_t cudaGraphDebugDotPrint(cudaGraph_t graph, const char *path, unsigned int flags)
{
    API_ENTER();
    if (!graph_live(graph) || !path)
        return api_return(cudaErrorInvalidValue);
    FILE *f = fopen(path, "w");
    if (!f) /* an H200: a path that cannot be written */
        return api_return(cudaErrorOperatingSystem);
    fprintf(f, "digraph dot {\n");
    dot_graph(f, graph, flags);
    fprintf(f, "}\n");
    int bad = ferror(f);
    if (fclose(f) != 0 || bad)
        return api_return(cudaErrorOperatingSystem);
    return cudaSuccess;
}
