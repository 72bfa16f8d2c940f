/*
 * graph.c: CUDA graphs (CUDA guide, "CUDA Graphs"): construction, queries,
 * instantiation, launch and update.
 *
 * A graph is a list of nodes in creation order with edges kept on both
 * ends.  Instantiation copies the graph (the executable graph never sees
 * later changes to it), checks that it has no cycle, and flattens it: child
 * graphs are spliced in between an entry and an exit mark.  A launch turns
 * the flattened nodes into commands whose dependencies are the edges
 * (stream_enqueue_batch), after the stream's earlier work and the exec's
 * previous launch (an H200 never overlaps two launches of one exec).
 *
 * Graphs are not thread-safe, as in CUDA: a program must not change one
 * graph from two threads at once.  An executable graph has a lock, since a
 * launch and a parameter update may come from different threads.
 *
 * Results are what an H200 returned (CUDA 13): docs/gpu-facts/graphs.txt.
 */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/gridsync.h"
#include "engine/kstate.h"
#include "runtime/graph.h"
#include "runtime/memory.h"
#include "runtime/stream.h"

static void oom(void) __attribute__((noreturn));
static void oom(void)
{
    fprintf(stderr, "simt: error: out of memory building a graph\n");
    abort();
}

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p)
        oom();
    return p;
}

static int grow(void **v, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return 0;
    size_t n = *cap ? 2 * *cap : 4;
    while (n < need)
        n *= 2;
    void *p = realloc(*v, n * elem);
    if (!p)
        return -1;
    *v = p;
    *cap = n;
    return 0;
}

/* ---- kernel arguments --------------------------------------------------------- */

struct kargs *kargs_new(simt_kernel *k, simt_thread_fn fn, void *args, void (*release)(void *))
{
    struct kargs *a = xcalloc(1, sizeof *a);
    atomic_init(&a->refs, 1);
    a->k = k;
    a->fn = fn;
    a->args = args;
    a->release = release;
    return a;
}

static struct kargs *kargs_ref(struct kargs *a)
{
    if (a)
        atomic_fetch_add_explicit(&a->refs, 1, memory_order_relaxed);
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
static void kargs_run(void *p)
{
    struct kargs *a = p;
    a->fn(a->args);
}

static void kargs_release(void *p)
{
    kargs_unref(p);
}

/* Kernels by function pointer (cudaKernelNodeParams). */
struct by_pointer {
    simt_kernel *k;
    void *pack;
};

static void run_by_pointer(void *arg)
{
    struct by_pointer *b = arg;
    b->k->run(b->k->fn, b->pack);
}

static void release_by_pointer(void *arg)
{
    struct by_pointer *b = arg;
    b->k->release(b->pack);
    free(b);
}

/* ---- graph memory ---------------------------------------------------------- */

static struct gmem *gmem_ref(struct gmem *m)
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

static void gmem_register(struct gmem *m)
{
    pthread_mutex_lock(&GM.lock);
    m->next = GM.all;
    GM.all = m;
    GM.reserved += m->size;
    if (GM.reserved > GM.reserved_high)
        GM.reserved_high = GM.reserved;
    pthread_mutex_unlock(&GM.lock);
}

static void gmem_set_mapped(struct gmem *m, int on)
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

static void gmem_unref(struct gmem *m)
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

cudaError_t cudaDeviceGetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr,
                                           void *value)
{
    API_ENTER();
    if (device != 0)
        return api_return(cudaErrorInvalidDevice);
    if (!value)
        return api_return(cudaErrorInvalidValue);
    pthread_mutex_lock(&GM.lock);
    unsigned long long v;
    cudaError_t e = cudaSuccess;
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
    if (device != 0)
        return api_return(cudaErrorInvalidDevice);
    if (!value)
        return api_return(cudaErrorInvalidValue);
    /* Only the high watermarks can be set, and only to 0 (a reset). */
    if (*(unsigned long long *)value != 0)
        return api_return(cudaErrorInvalidValue);
    pthread_mutex_lock(&GM.lock);
    cudaError_t e = cudaSuccess;
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

/* ---- graphs and nodes ---------------------------------------------------------- */

static atomic_uint graph_ids = 1;

cudaGraph_t graph_new(void)
{
    cudaGraph_t g = calloc(1, sizeof *g);
    if (g)
        g->id = atomic_fetch_add(&graph_ids, 1);
    return g;
}

cudaGraphNode_t graph_node_new(cudaGraph_t g, enum cudaGraphNodeType t)
{
    if (grow((void **)&g->nodes, &g->cap, g->n + 1, sizeof *g->nodes))
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
static void params_free(cudaGraphNode_t n)
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
    params_free(n);
    free(n->in);
    free(n->out);
    free(n);
}

void graph_free(cudaGraph_t g)
{
    if (!g)
        return;
    for (size_t i = 0; i < g->n; i++) {
        cudaGraphNode_t n = g->nodes[i];
        params_free(n);
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

static int has_edge(cudaGraphNode_t from, cudaGraphNode_t to)
{
    for (size_t i = 0; i < from->nout; i++)
        if (from->out[i] == to)
            return 1;
    return 0;
}

int graph_edge_add(cudaGraphNode_t from, cudaGraphNode_t to)
{
    if (grow((void **)&from->out, &from->capout, from->nout + 1, sizeof *from->out) ||
        grow((void **)&to->in, &to->capin, to->nin + 1, sizeof *to->in))
        return -1;
    from->out[from->nout++] = to;
    to->in[to->nin++] = from;
    return 0;
}

static void edge_remove(cudaGraphNode_t from, cudaGraphNode_t to)
{
    remove_from(from->out, &from->nout, to);
    remove_from(to->in, &to->nin, from);
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
    size_t cap = 16, top = 0;
    cudaGraphNode_t *stack = xcalloc(cap, sizeof *stack);
    stack[top++] = b;
    b->scratch = 1;
    int found = 0;
    while (top && !found) {
        cudaGraphNode_t n = stack[--top];
        for (size_t i = 0; i < n->nin && !found; i++) {
            cudaGraphNode_t p = n->in[i];
            if (p == a) {
                found = 1;
            } else if (!p->scratch) {
                p->scratch = 1;
                if (grow((void **)&stack, &cap, top + 1, sizeof *stack))
                    oom();
                stack[top++] = p;
            }
        }
    }
    free(stack);
    return found;
}

/* Copies n's parameters into c (a node of the same type), taking
 * references to what they share. */
static void params_copy(cudaGraphNode_t c, cudaGraphNode_t n)
{
    c->u = n->u;
    switch (n->type) {
    case cudaGraphNodeTypeKernel:
        kargs_ref(c->u.k.a);
        break;
    case cudaGraphNodeTypeGraph:
        c->u.child = graph_clone(n->u.child);
        if (!c->u.child)
            oom();
        break;
    case cudaGraphNodeTypeMemAlloc:
        gmem_ref(c->u.mem);
        break;
    case cudaGraphNodeTypeConditional:
        cond_copy(c, n);
        break;
    default:
        break;
    }
}

cudaGraph_t graph_clone(cudaGraph_t src)
{
    cudaGraph_t g = graph_new();
    if (!g)
        return NULL;
    g->is_body = src->is_body;
    if (src->nhandles) {
        g->handles = xcalloc(src->nhandles, sizeof *g->handles);
        g->nhandles = g->caphandles = src->nhandles;
        for (size_t i = 0; i < src->nhandles; i++)
            g->handles[i] = chandle_ref(src->handles[i]);
    }
    for (size_t i = 0; i < src->n; i++) {
        cudaGraphNode_t n = src->nodes[i], c = graph_node_new(g, n->type);
        if (!c)
            oom();
        c->origin = n;
        params_copy(c, n);
        n->scratch = i;
    }
    for (size_t i = 0; i < src->n; i++) {
        cudaGraphNode_t n = src->nodes[i];
        for (size_t j = 0; j < n->nout; j++)
            if (graph_edge_add(g->nodes[i], g->nodes[n->out[j]->scratch]))
                oom();
    }
    return g;
}

/* ---- node parameters ---------------------------------------------------------- */

void graph_kernel_fill(cudaGraphNode_t n, simt_kernel *k, dim3 grid, dim3 block, size_t shmem,
                       const unsigned cluster[3], int cooperative, simt_thread_fn fn, void *args,
                       void (*release)(void *))
{
    n->u.k.a = kargs_new(k, fn, args, release);
    n->u.k.grid = grid;
    n->u.k.block = block;
    n->u.k.shmem = shmem;
    memcpy(n->u.k.cluster, cluster, sizeof n->u.k.cluster);
    n->u.k.cooperative = cooperative;
}

void graph_xfer_fill(cudaGraphNode_t n, const struct xfer *x)
{
    if (n->type == cudaGraphNodeTypeMemset) {
        unsigned el = x->elem ? x->elem : 1;
        n->u.set.x = *x;
        n->u.set.p = (struct cudaMemsetParams){.dst = x->dst, .pitch = x->dpitch,
                                               .value = x->value, .elementSize = el,
                                               .width = x->width / el, .height = x->height};
        return;
    }
    /* What an H200 reports for a 1D copy: pitches and heights 0. */
    int rows = x->height > 1 || x->depth > 1;
    n->u.copy.x = *x;
    n->u.copy.p = (struct cudaMemcpy3DParms){
        .srcPtr = {(void *)(uintptr_t)x->src, rows ? x->spitch : 0, rows ? x->width : 0,
                   x->depth > 1 && x->spitch ? x->sslice / x->spitch : 0},
        .dstPtr = {x->dst, rows ? x->dpitch : 0, rows ? x->width : 0,
                   x->depth > 1 && x->dpitch ? x->dslice / x->dpitch : 0},
        .extent = {x->width, x->height, x->depth},
        .kind = x->kind};
}

cudaError_t graph_memalloc_fill(cudaGraphNode_t n, size_t size, void **ptr)
{
    struct gmem *m = xcalloc(1, sizeof *m);
    cudaError_t e = mem_alloc_tracked(&m->ptr, size, MEM_DEVICE, "cudaMallocAsync (graph)",
                                      __builtin_return_address(0));
    if (e != cudaSuccess) {
        free(m);
        return e;
    }
    atomic_init(&m->refs, 1);
    atomic_init(&m->mapped, 0);
    m->size = size;
    gmem_register(m);
    n->u.mem = m;
    *ptr = m->ptr;
    return cudaSuccess;
}

/* What cudaGraphKernelNodeGetParams hands out as kernelParams.  The
 * argument values live in a packed C++ object whose layout the runtime
 * cannot see; handed back, the token means "the node's arguments". */
static void *same_arguments[1];

/* What NULL kernelParams stands for: CUDA takes it for a kernel without
 * parameters.  The runtime cannot see how many a kernel has, so each would
 * read zeros (up to CUDA's 32 KB of parameters) rather than fault. */
static _Alignas(16) char no_args_zeros[32768];
static void *no_args[4096];
static pthread_once_t no_args_once = PTHREAD_ONCE_INIT;

static void no_args_init(void)
{
    for (size_t i = 0; i < sizeof no_args / sizeof *no_args; i++)
        no_args[i] = no_args_zeros;
}

static void **no_arguments(void)
{
    pthread_once(&no_args_once, no_args_init);
    return no_args;
}

/* Validates kernel node parameters as a launch would (the rules of
 * launch.c's validate; an H200 checks them when the node is added) and
 * makes the node's arguments.  keep: the arguments to keep when
 * kernelParams is the token cudaGraphKernelNodeGetParams handed out. */
static cudaError_t kernel_params(const struct cudaKernelNodeParams *p, const struct knode *keep,
                                 struct knode *out)
{
    if (!p)
        return cudaErrorInvalidValue;
    simt_kernel *k = simt_find_kernel(p->func);
    if (!k) /* an H200: a host function is an invalid handle */
        return cudaErrorInvalidResourceHandle;
    dim3 b = p->blockDim, g = p->gridDim;
    unsigned long long threads = (unsigned long long)b.x * b.y * b.z;
    int limit = k->max_threads > 0 && k->max_threads < 1024 ? k->max_threads : 1024;
    if (b.x == 0 || b.y == 0 || b.z == 0 || b.x > 1024 || b.y > 1024 || b.z > 64 ||
        threads > (unsigned long long)limit)
        return cudaErrorInvalidValue;
    if (g.x == 0 || g.y == 0 || g.z == 0 || g.x > 2147483647u || g.y > 65535 || g.z > 65535)
        return cudaErrorInvalidValue;
    struct simt_kernel_state *ks = kstate_of(k);
    if (!ks)
        return cudaErrorMemoryAllocation;
    size_t allowed = ks->max_dyn_shmem >= 0 ? (size_t)ks->max_dyn_shmem : 49152;
    if (p->sharedMemBytes > allowed)
        return cudaErrorInvalidValue;
    if (p->extra)
        return cudaErrorInvalidValue;
    /* Attributes set on the node stay with it; clusters: the dimension
     * set as an attribute, else the kernel's __cluster_dims__, as a
     * launch takes them. */
    if (keep)
        out->at = keep->at;
    else
        memset(&out->at, 0, sizeof out->at);
    out->cooperative = keep ? keep->cooperative : 0;
    for (int d = 0; d < 3; d++)
        out->cluster[d] = out->at.cluster_set[0] ? out->at.cluster_set[d]
                          : k->cluster_dims[d]   ? k->cluster_dims[d]
                                                 : 1;
    if (g.x % out->cluster[0] || g.y % out->cluster[1] || g.z % out->cluster[2])
        return cudaErrorInvalidClusterSize;
    out->grid = g;
    out->block = b;
    out->shmem = p->sharedMemBytes;
    if (p->kernelParams == same_arguments) {
        if (!keep->a || keep->a->k != k)
            return cudaErrorInvalidValue; /* arguments of another kernel */
        out->a = kargs_ref(keep->a);
        return cudaSuccess;
    }
    struct by_pointer *bp = malloc(sizeof *bp);
    if (!bp)
        return cudaErrorMemoryAllocation;
    bp->k = k;
    bp->pack = k->pack(p->kernelParams ? p->kernelParams : no_arguments());
    out->a = kargs_new(k, run_by_pointer, bp, release_by_pointer);
    return cudaSuccess;
}

static void kernel_set(cudaGraphNode_t n, const struct knode *k)
{
    kargs_unref(n->u.k.a);
    n->u.k = *k;
}

static void kernel_get(const cudaGraphNode_t n, struct cudaKernelNodeParams *p)
{
    const struct knode *k = &n->u.k;
    memset(p, 0, sizeof *p);
    p->func = k->a && k->a->k ? (void *)(uintptr_t)k->a->k->fn : NULL;
    p->gridDim = k->grid;
    p->blockDim = k->block;
    p->sharedMemBytes = (unsigned)k->shmem;
    p->kernelParams = same_arguments;
}

/* ---- adding nodes -------------------------------------------------------------- */

static int in_graph(cudaGraph_t g, cudaGraphNode_t n)
{
    return n && n->graph == g;
}

/* The checks every cudaGraphAdd*Node makes on its common arguments. */
static cudaError_t check_add(cudaGraphNode_t *out, cudaGraph_t g, const cudaGraphNode_t *deps,
                             size_t ndeps)
{
    if (!out || !g || (ndeps && !deps))
        return cudaErrorInvalidValue;
    for (size_t i = 0; i < ndeps; i++) {
        if (!in_graph(g, deps[i]))
            return cudaErrorInvalidValue;
        for (size_t j = 0; j < i; j++)
            if (deps[j] == deps[i])
                return cudaErrorInvalidValue;
    }
    return cudaSuccess;
}

/* Adds a node of type t after deps; its parameters are the caller's to
 * fill. */
static cudaGraphNode_t add(cudaGraph_t g, enum cudaGraphNodeType t, const cudaGraphNode_t *deps,
                           size_t ndeps)
{
    cudaGraphNode_t n = graph_node_new(g, t);
    if (!n)
        oom();
    for (size_t i = 0; i < ndeps; i++)
        if (graph_edge_add(deps[i], n))
            oom();
    return n;
}

cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags)
{
    API_ENTER();
    if (!pGraph || flags != 0)
        return api_return(cudaErrorInvalidValue);
    cudaGraph_t g = graph_new();
    if (!g)
        return api_return(cudaErrorMemoryAllocation);
    *pGraph = g;
    return cudaSuccess;
}

cudaError_t cudaGraphDestroy(cudaGraph_t graph)
{
    API_ENTER();
    if (!graph)
        return api_return(cudaErrorInvalidValue);
    graph_free(graph);
    return cudaSuccess;
}

cudaError_t cudaGraphClone(cudaGraph_t *pGraphClone, cudaGraph_t originalGraph)
{
    API_ENTER();
    if (!pGraphClone || !originalGraph)
        return api_return(cudaErrorInvalidValue);
    cudaGraph_t g = graph_clone(originalGraph);
    if (!g)
        return api_return(cudaErrorMemoryAllocation);
    *pGraphClone = g;
    return cudaSuccess;
}

cudaError_t cudaGraphNodeFindInClone(cudaGraphNode_t *pNode, cudaGraphNode_t originalNode,
                                     cudaGraph_t clonedGraph)
{
    API_ENTER();
    if (!pNode || !originalNode || !clonedGraph)
        return api_return(cudaErrorInvalidValue);
    for (size_t i = 0; i < clonedGraph->n; i++) {
        if (clonedGraph->nodes[i]->origin == originalNode) {
            *pNode = clonedGraph->nodes[i];
            return cudaSuccess;
        }
    }
    return api_return(cudaErrorInvalidValue);
}

cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaKernelNodeParams *pNodeParams)
{
    API_ENTER();
    cudaError_t e = check_add(pGraphNode, graph, pDependencies, numDependencies);
    struct knode k;
    if (e == cudaSuccess)
        e = kernel_params(pNodeParams, NULL, &k);
    if (e != cudaSuccess)
        return api_return(e);
    cudaGraphNode_t n = add(graph, cudaGraphNodeTypeKernel, pDependencies, numDependencies);
    n->u.k = k;
    *pGraphNode = n;
    return cudaSuccess;
}

cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node,
                                         struct cudaKernelNodeParams *pNodeParams)
{
    API_ENTER();
    if (!node || !pNodeParams || node->type != cudaGraphNodeTypeKernel)
        return api_return(cudaErrorInvalidValue);
    kernel_get(node, pNodeParams);
    return cudaSuccess;
}

cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node,
                                         const struct cudaKernelNodeParams *pNodeParams)
{
    API_ENTER();
    if (!node || node->type != cudaGraphNodeTypeKernel)
        return api_return(cudaErrorInvalidValue);
    struct knode k;
    cudaError_t e = kernel_params(pNodeParams, &node->u.k, &k);
    if (e != cudaSuccess)
        return api_return(e);
    kernel_set(node, &k);
    return cudaSuccess;
}

/* Which launch attributes a kernel node takes (an H100: these; the
 * NVLink scheduling hint is taken by Set only). */
static int knode_attr_ok(cudaLaunchAttributeID id, int set)
{
    switch (id) {
    case cudaLaunchAttributeAccessPolicyWindow:
    case cudaLaunchAttributeCooperative:
    case cudaLaunchAttributeClusterDimension:
    case cudaLaunchAttributeClusterSchedulingPolicyPreference:
    case cudaLaunchAttributePriority:
    case cudaLaunchAttributeMemSyncDomainMap:
    case cudaLaunchAttributeMemSyncDomain:
    case cudaLaunchAttributeDeviceUpdatableKernelNode:
    case cudaLaunchAttributePreferredSharedMemoryCarveout:
        return 1;
    case cudaLaunchAttributeNvlinkUtilCentricScheduling:
        return set;
    default:
        return 0;
    }
}

cudaError_t cudaGraphKernelNodeGetAttribute(cudaGraphNode_t node, cudaLaunchAttributeID attr,
                                            cudaLaunchAttributeValue *v)
{
    API_ENTER();
    if (!node || node->type != cudaGraphNodeTypeKernel || !v || !knode_attr_ok(attr, 0))
        return api_return(cudaErrorInvalidValue);
    const struct knode *k = &node->u.k;
    const struct knode_attrs *a = &k->at;
    switch (attr) {
    case cudaLaunchAttributeAccessPolicyWindow: v->accessPolicyWindow = a->apw; break;
    case cudaLaunchAttributeCooperative: v->cooperative = k->cooperative; break;
    case cudaLaunchAttributeClusterDimension:
        v->clusterDim.x = a->cluster_set[0];
        v->clusterDim.y = a->cluster_set[1];
        v->clusterDim.z = a->cluster_set[2];
        break;
    case cudaLaunchAttributeClusterSchedulingPolicyPreference:
        v->clusterSchedulingPolicyPreference = (enum cudaClusterSchedulingPolicy)a->sched_pref;
        break;
    case cudaLaunchAttributePriority: v->priority = a->priority; break;
    case cudaLaunchAttributeMemSyncDomainMap:
        v->memSyncDomainMap.default_ = a->msd_default;
        v->memSyncDomainMap.remote = (unsigned char)(a->msd_remote_flip ^ 1);
        break;
    case cudaLaunchAttributeMemSyncDomain: v->memSyncDomain = (cudaLaunchMemSyncDomain)a->msd; break;
    case cudaLaunchAttributeDeviceUpdatableKernelNode:
        v->deviceUpdatableKernelNode.deviceUpdatable = a->dev_updatable;
        v->deviceUpdatableKernelNode.devNode = NULL;
        break;
    default: v->sharedMemCarveout = a->carveout; break;
    }
    return cudaSuccess;
}

cudaError_t cudaGraphKernelNodeSetAttribute(cudaGraphNode_t node, cudaLaunchAttributeID attr,
                                            const cudaLaunchAttributeValue *v)
{
    API_ENTER();
    if (!node || node->type != cudaGraphNodeTypeKernel || !v || !knode_attr_ok(attr, 1))
        return api_return(cudaErrorInvalidValue);
    struct knode *k = &node->u.k;
    struct knode_attrs *a = &k->at;
    switch (attr) {
    case cudaLaunchAttributeAccessPolicyWindow:
        if (!access_window_ok(&v->accessPolicyWindow))
            return api_return(cudaErrorInvalidValue);
        a->apw = v->accessPolicyWindow;
        break;
    case cudaLaunchAttributeCooperative: k->cooperative = v->cooperative != 0; break;
    case cudaLaunchAttributeClusterDimension: {
        unsigned c[3] = {v->clusterDim.x, v->clusterDim.y, v->clusterDim.z};
        if (c[0] == 0 && c[1] == 0 && c[2] == 0) {
            /* Unset: the kernel's own __cluster_dims__ again. */
            const simt_kernel *kk = k->a ? k->a->k : NULL;
            for (int d = 0; d < 3; d++)
                k->cluster[d] = kk && kk->cluster_dims[d] ? kk->cluster_dims[d] : 1;
        } else {
            if (!c[0] || !c[1] || !c[2] || k->grid.x % c[0] || k->grid.y % c[1] ||
                k->grid.z % c[2])
                return api_return(cudaErrorInvalidClusterSize);
            memcpy(k->cluster, c, sizeof c);
        }
        memcpy(a->cluster_set, c, sizeof c);
        break;
    }
    case cudaLaunchAttributeClusterSchedulingPolicyPreference:
        a->sched_pref = v->clusterSchedulingPolicyPreference;
        break;
    case cudaLaunchAttributePriority:
        a->priority = stream_priority_clamp(v->priority);
        break;
    case cudaLaunchAttributeMemSyncDomainMap:
        a->msd_default = v->memSyncDomainMap.default_;
        a->msd_remote_flip = (unsigned char)(v->memSyncDomainMap.remote ^ 1);
        break;
    case cudaLaunchAttributeMemSyncDomain: a->msd = v->memSyncDomain; break;
    case cudaLaunchAttributeDeviceUpdatableKernelNode:
        a->dev_updatable = v->deviceUpdatableKernelNode.deviceUpdatable;
        break;
    case cudaLaunchAttributePreferredSharedMemoryCarveout: a->carveout = v->sharedMemCarveout; break;
    default: break; /* a scheduling hint with no meaning here */
    }
    return cudaSuccess;
}

cudaError_t cudaGraphKernelNodeCopyAttributes(cudaGraphNode_t dst, cudaGraphNode_t src)
{
    API_ENTER();
    if (!dst || !src || dst->type != cudaGraphNodeTypeKernel ||
        src->type != cudaGraphNodeTypeKernel)
        return api_return(cudaErrorInvalidValue);
    const struct knode *s = &src->u.k;
    struct knode *d = &dst->u.k;
    if (s->at.cluster_set[0] &&
        (d->grid.x % s->cluster[0] || d->grid.y % s->cluster[1] || d->grid.z % s->cluster[2]))
        return api_return(cudaErrorInvalidClusterSize);
    d->at = s->at;
    d->cooperative = s->cooperative;
    if (s->at.cluster_set[0])
        memcpy(d->cluster, s->cluster, sizeof d->cluster);
    return cudaSuccess;
}

static cudaError_t add_copy(cudaGraphNode_t *out, cudaGraph_t g, const cudaGraphNode_t *deps,
                            size_t ndeps, const struct xfer *x, const struct cudaMemcpy3DParms *p)
{
    cudaGraphNode_t n = add(g, cudaGraphNodeTypeMemcpy, deps, ndeps);
    graph_xfer_fill(n, x);
    if (p)
        n->u.copy.p = *p;
    *out = n;
    return cudaSuccess;
}

cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaMemcpy3DParms *pCopyParams)
{
    API_ENTER();
    cudaError_t e = check_add(pGraphNode, graph, pDependencies, numDependencies);
    struct xfer x;
    if (e == cudaSuccess)
        e = copy_describe_3d(pCopyParams, &x);
    if (e != cudaSuccess)
        return api_return(e);
    return add_copy(pGraphNode, graph, pDependencies, numDependencies, &x, pCopyParams);
}

cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                     const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                     void *dst, const void *src, size_t count,
                                     enum cudaMemcpyKind kind)
{
    API_ENTER();
    cudaError_t e = check_add(pGraphNode, graph, pDependencies, numDependencies);
    struct xfer x;
    if (e == cudaSuccess)
        e = copy_describe_1d(dst, src, count, kind, &x);
    if (e != cudaSuccess)
        return api_return(e);
    return add_copy(pGraphNode, graph, pDependencies, numDependencies, &x, NULL);
}

cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node, struct cudaMemcpy3DParms *p)
{
    API_ENTER();
    if (!node || !p || node->type != cudaGraphNodeTypeMemcpy)
        return api_return(cudaErrorInvalidValue);
    *p = node->u.copy.p;
    return cudaSuccess;
}

/* New parameters for a memcpy node: p (3D) or the 1D ones. */
static cudaError_t copy_params(const struct cudaMemcpy3DParms *p, void *dst, const void *src,
                               size_t count, enum cudaMemcpyKind kind, cudaGraphNode_t n)
{
    struct xfer x;
    cudaError_t e = p ? copy_describe_3d(p, &x) : copy_describe_1d(dst, src, count, kind, &x);
    if (e != cudaSuccess)
        return e;
    graph_xfer_fill(n, &x);
    if (p)
        n->u.copy.p = *p;
    return cudaSuccess;
}

cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t node, const struct cudaMemcpy3DParms *p)
{
    API_ENTER();
    if (!node || !p || node->type != cudaGraphNodeTypeMemcpy)
        return api_return(cudaErrorInvalidValue);
    cudaError_t e = copy_params(p, NULL, NULL, 0, cudaMemcpyDefault, node);
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t node, void *dst, const void *src,
                                           size_t count, enum cudaMemcpyKind kind)
{
    API_ENTER();
    if (!node || node->type != cudaGraphNodeTypeMemcpy)
        return api_return(cudaErrorInvalidValue);
    cudaError_t e = copy_params(NULL, dst, src, count, kind, node);
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaMemsetParams *pMemsetParams)
{
    API_ENTER();
    cudaError_t e = check_add(pGraphNode, graph, pDependencies, numDependencies);
    struct xfer x;
    if (e == cudaSuccess)
        e = copy_describe_set(pMemsetParams, &x);
    if (e != cudaSuccess)
        return api_return(e);
    cudaGraphNode_t n = add(graph, cudaGraphNodeTypeMemset, pDependencies, numDependencies);
    graph_xfer_fill(n, &x);
    n->u.set.p = *pMemsetParams;
    *pGraphNode = n;
    return cudaSuccess;
}

cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t node, struct cudaMemsetParams *p)
{
    API_ENTER();
    if (!node || !p || node->type != cudaGraphNodeTypeMemset)
        return api_return(cudaErrorInvalidValue);
    *p = node->u.set.p;
    return cudaSuccess;
}

static cudaError_t set_params(cudaGraphNode_t n, const struct cudaMemsetParams *p)
{
    struct xfer x;
    cudaError_t e = copy_describe_set(p, &x);
    if (e != cudaSuccess)
        return e;
    graph_xfer_fill(n, &x);
    n->u.set.p = *p;
    return cudaSuccess;
}

cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t node, const struct cudaMemsetParams *p)
{
    API_ENTER();
    if (!node || node->type != cudaGraphNodeTypeMemset)
        return api_return(cudaErrorInvalidValue);
    cudaError_t e = set_params(node, p);
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                 const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                 const struct cudaHostNodeParams *pNodeParams)
{
    API_ENTER();
    cudaError_t e = check_add(pGraphNode, graph, pDependencies, numDependencies);
    if (e == cudaSuccess && (!pNodeParams || !pNodeParams->fn))
        e = cudaErrorInvalidValue;
    if (e != cudaSuccess)
        return api_return(e);
    cudaGraphNode_t n = add(graph, cudaGraphNodeTypeHost, pDependencies, numDependencies);
    n->u.host = *pNodeParams;
    *pGraphNode = n;
    return cudaSuccess;
}

cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t node, struct cudaHostNodeParams *p)
{
    API_ENTER();
    if (!node || !p || node->type != cudaGraphNodeTypeHost)
        return api_return(cudaErrorInvalidValue);
    *p = node->u.host;
    return cudaSuccess;
}

cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t node, const struct cudaHostNodeParams *p)
{
    API_ENTER();
    if (!node || !p || !p->fn || node->type != cudaGraphNodeTypeHost)
        return api_return(cudaErrorInvalidValue);
    node->u.host = *p;
    return cudaSuccess;
}

cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                       const cudaGraphNode_t *pDependencies,
                                       size_t numDependencies, cudaGraph_t childGraph)
{
    API_ENTER();
    cudaError_t e = check_add(pGraphNode, graph, pDependencies, numDependencies);
    if (e == cudaSuccess && (!childGraph || childGraph == graph))
        e = cudaErrorInvalidValue;
    if (e != cudaSuccess)
        return api_return(e);
    /* The node owns a copy: an H200 hands out another handle. */
    cudaGraph_t copy = graph_clone(childGraph);
    if (!copy)
        return api_return(cudaErrorMemoryAllocation);
    cudaGraphNode_t n = add(graph, cudaGraphNodeTypeGraph, pDependencies, numDependencies);
    n->u.child = copy;
    *pGraphNode = n;
    return cudaSuccess;
}

cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t *pGraph)
{
    API_ENTER();
    if (!node || !pGraph || node->type != cudaGraphNodeTypeGraph)
        return api_return(cudaErrorInvalidValue);
    *pGraph = node->u.child;
    return cudaSuccess;
}

cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                  const cudaGraphNode_t *pDependencies, size_t numDependencies)
{
    API_ENTER();
    cudaError_t e = check_add(pGraphNode, graph, pDependencies, numDependencies);
    if (e != cudaSuccess)
        return api_return(e);
    *pGraphNode = add(graph, cudaGraphNodeTypeEmpty, pDependencies, numDependencies);
    return cudaSuccess;
}

static cudaError_t add_event(cudaGraphNode_t *out, cudaGraph_t g, const cudaGraphNode_t *deps,
                             size_t ndeps, cudaEvent_t ev, enum cudaGraphNodeType t)
{
    cudaError_t e = check_add(out, g, deps, ndeps);
    if (e == cudaSuccess && !ev)
        e = cudaErrorInvalidValue;
    if (e != cudaSuccess)
        return api_return(e);
    cudaGraphNode_t n = add(g, t, deps, ndeps);
    n->u.event = ev;
    *out = n;
    return cudaSuccess;
}

cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                        const cudaGraphNode_t *pDependencies,
                                        size_t numDependencies, cudaEvent_t event)
{
    API_ENTER();
    return add_event(pGraphNode, graph, pDependencies, numDependencies, event,
                     cudaGraphNodeTypeEventRecord);
}

cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                      const cudaGraphNode_t *pDependencies,
                                      size_t numDependencies, cudaEvent_t event)
{
    API_ENTER();
    return add_event(pGraphNode, graph, pDependencies, numDependencies, event,
                     cudaGraphNodeTypeWaitEvent);
}

static cudaError_t event_get(cudaGraphNode_t node, cudaEvent_t *out, enum cudaGraphNodeType t)
{
    API_ENTER();
    if (!node || !out || node->type != t)
        return api_return(cudaErrorInvalidValue);
    *out = node->u.event;
    return cudaSuccess;
}

static cudaError_t event_set(cudaGraphNode_t node, cudaEvent_t ev, enum cudaGraphNodeType t)
{
    API_ENTER();
    if (!node || !ev || node->type != t)
        return api_return(cudaErrorInvalidValue);
    node->u.event = ev;
    return cudaSuccess;
}

cudaError_t cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out)
{
    return event_get(node, event_out, cudaGraphNodeTypeEventRecord);
}

cudaError_t cudaGraphEventRecordNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event)
{
    return event_set(node, event, cudaGraphNodeTypeEventRecord);
}

cudaError_t cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out)
{
    return event_get(node, event_out, cudaGraphNodeTypeWaitEvent);
}

cudaError_t cudaGraphEventWaitNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event)
{
    return event_set(node, event, cudaGraphNodeTypeWaitEvent);
}

cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                     const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                     struct cudaMemAllocNodeParams *nodeParams)
{
    API_ENTER();
    cudaError_t e = check_add(pGraphNode, graph, pDependencies, numDependencies);
    if (e == cudaSuccess &&
        (!nodeParams || nodeParams->bytesize == 0 ||
         nodeParams->poolProps.allocType != cudaMemAllocationTypePinned ||
         nodeParams->poolProps.location.type != cudaMemLocationTypeDevice))
        e = cudaErrorInvalidValue;
    if (e == cudaSuccess && nodeParams->poolProps.location.id != 0)
        e = cudaErrorInvalidDevice;
    if (e != cudaSuccess)
        return api_return(e);
    cudaGraphNode_t n = add(graph, cudaGraphNodeTypeMemAlloc, pDependencies, numDependencies);
    e = graph_memalloc_fill(n, nodeParams->bytesize, &nodeParams->dptr);
    if (e != cudaSuccess) {
        graph_node_free(n);
        return api_return(e);
    }
    *pGraphNode = n;
    return cudaSuccess;
}

cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node,
                                           struct cudaMemAllocNodeParams *params_out)
{
    API_ENTER();
    if (!node || !params_out || node->type != cudaGraphNodeTypeMemAlloc)
        return api_return(cudaErrorInvalidValue);
    memset(params_out, 0, sizeof *params_out);
    params_out->poolProps.allocType = cudaMemAllocationTypePinned;
    params_out->poolProps.location.type = cudaMemLocationTypeDevice;
    params_out->bytesize = node->u.mem->size;
    params_out->dptr = node->u.mem->ptr;
    return cudaSuccess;
}

cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                    const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                    void *dptr)
{
    API_ENTER();
    cudaError_t e = check_add(pGraphNode, graph, pDependencies, numDependencies);
    if (e == cudaSuccess && !dptr)
        e = cudaErrorInvalidValue;
    if (e != cudaSuccess)
        return api_return(e);
    cudaGraphNode_t n = add(graph, cudaGraphNodeTypeMemFree, pDependencies, numDependencies);
    n->u.free_ptr = dptr;
    *pGraphNode = n;
    return cudaSuccess;
}

cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void *dptr_out)
{
    API_ENTER();
    if (!node || !dptr_out || node->type != cudaGraphNodeTypeMemFree)
        return api_return(cudaErrorInvalidValue);
    memcpy(dptr_out, &node->u.free_ptr, sizeof node->u.free_ptr);
    return cudaSuccess;
}

/* ---- generic node parameters (cudaGraphNodeParams) ----------------------------- */

/* Edge data other than the default (programmatic edges, ports) is not
 * supported. */
static int default_edges(const cudaGraphEdgeData *d, size_t n);

static struct cudaKernelNodeParams kernel_v1(const struct cudaKernelNodeParamsV2 *k)
{
    return (struct cudaKernelNodeParams){k->func, k->gridDim, k->blockDim, k->sharedMemBytes,
                                         k->kernelParams, k->extra};
}

static struct cudaMemsetParams memset_v1(const struct cudaMemsetParamsV2 *m)
{
    return (struct cudaMemsetParams){.dst = m->dst, .pitch = m->pitch, .value = m->value,
                                     .elementSize = m->elementSize, .width = m->width,
                                     .height = m->height};
}

cudaError_t cudaGraphAddNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                             const cudaGraphNode_t *pDependencies,
                             const cudaGraphEdgeData *dependencyData, size_t numDependencies,
                             struct cudaGraphNodeParams *p)
{
    API_ENTER();
    cudaError_t e = check_add(pGraphNode, graph, pDependencies, numDependencies);
    if (e == cudaSuccess && !p)
        e = cudaErrorInvalidValue;
    if (e == cudaSuccess && !default_edges(dependencyData, numDependencies))
        e = cudaErrorNotSupported;
    if (e != cudaSuccess)
        return api_return(e);
    const cudaGraphNode_t *d = pDependencies;
    size_t nd = numDependencies;
    switch (p->type) {
    case cudaGraphNodeTypeKernel: {
        struct cudaKernelNodeParams k = kernel_v1(&p->kernel);
        return cudaGraphAddKernelNode(pGraphNode, graph, d, nd, &k);
    }
    case cudaGraphNodeTypeMemcpy:
        if (p->memcpy.flags)
            return api_return(cudaErrorInvalidValue);
        return cudaGraphAddMemcpyNode(pGraphNode, graph, d, nd, &p->memcpy.copyParams);
    case cudaGraphNodeTypeMemset: {
        struct cudaMemsetParams m = memset_v1(&p->memset);
        return cudaGraphAddMemsetNode(pGraphNode, graph, d, nd, &m);
    }
    case cudaGraphNodeTypeHost: {
        struct cudaHostNodeParams h = {p->host.fn, p->host.userData};
        return cudaGraphAddHostNode(pGraphNode, graph, d, nd, &h);
    }
    case cudaGraphNodeTypeGraph: {
        cudaGraph_t child = p->graph.graph;
        if (p->graph.ownership == cudaGraphChildGraphOwnershipClone)
            return cudaGraphAddChildGraphNode(pGraphNode, graph, d, nd, child);
        if (p->graph.ownership != cudaGraphChildGraphOwnershipMove || !child || child == graph)
            return api_return(cudaErrorInvalidValue);
        /* Moved: the node owns the caller's graph, handle and all. */
        cudaGraphNode_t n = add(graph, cudaGraphNodeTypeGraph, d, nd);
        n->u.child = child;
        *pGraphNode = n;
        return cudaSuccess;
    }
    case cudaGraphNodeTypeEmpty:
        return cudaGraphAddEmptyNode(pGraphNode, graph, d, nd);
    case cudaGraphNodeTypeWaitEvent:
        return cudaGraphAddEventWaitNode(pGraphNode, graph, d, nd, p->eventWait.event);
    case cudaGraphNodeTypeEventRecord:
        return cudaGraphAddEventRecordNode(pGraphNode, graph, d, nd, p->eventRecord.event);
    case cudaGraphNodeTypeMemAlloc: {
        struct cudaMemAllocNodeParams m = {p->alloc.poolProps, p->alloc.accessDescs,
                                           p->alloc.accessDescCount, p->alloc.bytesize, NULL};
        e = cudaGraphAddMemAllocNode(pGraphNode, graph, d, nd, &m);
        if (e == cudaSuccess)
            p->alloc.dptr = m.dptr;
        return e;
    }
    case cudaGraphNodeTypeMemFree:
        return cudaGraphAddMemFreeNode(pGraphNode, graph, d, nd, p->free.dptr);
    case cudaGraphNodeTypeConditional: {
        cudaGraphNode_t n = add(graph, cudaGraphNodeTypeConditional, d, nd);
        e = cond_fill(n, &p->conditional);
        if (e != cudaSuccess) {
            n->type = cudaGraphNodeTypeEmpty; /* nothing to release */
            graph_node_free(n);
            return api_return(e);
        }
        *pGraphNode = n;
        return cudaSuccess;
    }
    default:
        return api_return(cudaErrorInvalidValue);
    }
}

cudaError_t cudaGraphNodeSetParams(cudaGraphNode_t node, struct cudaGraphNodeParams *p)
{
    API_ENTER();
    if (!node || !p || p->type != node->type)
        return api_return(cudaErrorInvalidValue);
    switch (p->type) {
    case cudaGraphNodeTypeKernel: {
        struct cudaKernelNodeParams k = kernel_v1(&p->kernel);
        return cudaGraphKernelNodeSetParams(node, &k);
    }
    case cudaGraphNodeTypeMemcpy:
        if (p->memcpy.flags)
            return api_return(cudaErrorInvalidValue);
        return cudaGraphMemcpyNodeSetParams(node, &p->memcpy.copyParams);
    case cudaGraphNodeTypeMemset: {
        struct cudaMemsetParams m = memset_v1(&p->memset);
        return cudaGraphMemsetNodeSetParams(node, &m);
    }
    case cudaGraphNodeTypeHost: {
        struct cudaHostNodeParams h = {p->host.fn, p->host.userData};
        return cudaGraphHostNodeSetParams(node, &h);
    }
    case cudaGraphNodeTypeGraph: {
        if (!p->graph.graph || p->graph.graph == node->graph ||
            p->graph.ownership != cudaGraphChildGraphOwnershipClone)
            return api_return(cudaErrorInvalidValue);
        cudaGraph_t copy = graph_clone(p->graph.graph);
        if (!copy)
            return api_return(cudaErrorMemoryAllocation);
        graph_free(node->u.child);
        node->u.child = copy;
        return cudaSuccess;
    }
    case cudaGraphNodeTypeWaitEvent:
        return cudaGraphEventWaitNodeSetEvent(node, p->eventWait.event);
    case cudaGraphNodeTypeEventRecord:
        return cudaGraphEventRecordNodeSetEvent(node, p->eventRecord.event);
    case cudaGraphNodeTypeEmpty:
        return cudaSuccess;
    default: /* allocations, frees and conditional nodes */
        return api_return(cudaErrorNotSupported);
    }
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
    if (!graph || !numNodes)
        return api_return(cudaErrorInvalidValue);
    hand_out(nodes, numNodes, graph->nodes, graph->n);
    return cudaSuccess;
}

cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t *pRootNodes,
                                  size_t *pNumRootNodes)
{
    API_ENTER();
    if (!graph || !pNumRootNodes)
        return api_return(cudaErrorInvalidValue);
    /* An H200 lists roots newest first. */
    cudaGraphNode_t *roots = xcalloc(graph->n, sizeof *roots);
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
    if (!graph || !numEdges || (!from != !to))
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
static int default_edges(const cudaGraphEdgeData *d, size_t n)
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
    if (!graph || !from || !to)
        return api_return(cudaErrorInvalidValue);
    if (!default_edges(edgeData, numDependencies))
        return api_return(cudaErrorNotSupported);
    for (size_t i = 0; i < numDependencies; i++) {
        /* Self edges and edges already there are invalid; cycles are
         * found by instantiation. */
        if (!in_graph(graph, from[i]) || !in_graph(graph, to[i]) || from[i] == to[i] ||
            has_edge(from[i], to[i]))
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
    if (!graph || !from || !to)
        return api_return(cudaErrorInvalidValue);
    for (size_t i = 0; i < numDependencies; i++)
        if (!in_graph(graph, from[i]) || !in_graph(graph, to[i]) || !has_edge(from[i], to[i]))
            return api_return(cudaErrorInvalidValue);
    for (size_t i = 0; i < numDependencies; i++)
        edge_remove(from[i], to[i]);
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
};

/* Orders g's nodes so that every edge goes forward; returns NULL (and
 * frees nothing) when g has a cycle. */
static cudaGraphNode_t *topo_order(cudaGraph_t g)
{
    cudaGraphNode_t *order = xcalloc(g->n, sizeof *order);
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
        return NULL;
    }
    return order;
}

static int acyclic(cudaGraph_t g)
{
    cudaGraphNode_t *order = topo_order(g);
    if (!order)
        return 0;
    free(order);
    for (size_t i = 0; i < g->n; i++) {
        cudaGraphNode_t n = g->nodes[i];
        if (n->type == cudaGraphNodeTypeGraph && !acyclic(n->u.child))
            return 0;
        for (unsigned b = 0; n->type == cudaGraphNodeTypeConditional && b < n->u.cond.size; b++)
            if (!acyclic(n->u.cond.bodies[b]))
                return 0;
    }
    return 1;
}

/* Appends a flattened node depending on deps[0..ndeps); returns its
 * index. */
static int emit(struct plan *x, cudaGraphNode_t gn, cudaGraphNode_t src, const int *deps,
                int ndeps)
{
    if (grow((void **)&x->nodes, &x->cap, x->n + 1, sizeof *x->nodes) ||
        grow((void **)&x->dep_start, &x->cap_start, x->n + 2, sizeof *x->dep_start) ||
        grow((void **)&x->deps, &x->capdeps, x->ndeps + (size_t)ndeps, sizeof *x->deps))
        oom();
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
 * only if it makes no cycle; returns how many, listed in *added as pairs. */
static size_t order_conditionals(cudaGraph_t g, cudaGraphNode_t **added)
{
    size_t n = 0, cap = 0;
    *added = NULL;
    for (size_t i = 0; i < g->n; i++) {
        cudaGraphNode_t c = g->nodes[i];
        if (c->type != cudaGraphNodeTypeConditional)
            continue;
        for (size_t j = 0; j < i; j++) {
            cudaGraphNode_t e = g->nodes[j];
            if (has_edge(e, c) || graph_reaches(c, e))
                continue;
            if (grow((void **)added, &cap, 2 * n + 2, sizeof **added) || graph_edge_add(e, c))
                oom();
            (*added)[2 * n] = e;
            (*added)[2 * n + 1] = c;
            n++;
        }
    }
    return n;
}

void plan_flatten(struct plan *x, cudaGraph_t g, const int *entry, int nentry, int top)
{
    cudaGraphNode_t *added;
    size_t nadded = order_conditionals(g, &added);
    cudaGraphNode_t *order = topo_order(g);
    assert(order);
    int *deps = NULL;
    size_t capd = 0;
    for (size_t i = 0; i < g->n; i++) {
        cudaGraphNode_t n = order[i];
        const int *d = entry;
        int nd = nentry;
        if (n->nin) {
            if (grow((void **)&deps, &capd, n->nin, sizeof *deps))
                oom();
            for (size_t j = 0; j < n->nin; j++)
                deps[j] = (int)n->in[j]->scratch;
            d = deps;
            nd = (int)n->nin;
        }
        cudaGraphNode_t src = top ? n->origin : NULL;
        if (n->type == cudaGraphNodeTypeConditional) {
            /* Its evaluation, then a mark that its dependents wait for
             * and that the evaluation makes wait for the chosen body. */
            int ev = emit(x, n, src, d, nd);
            struct cexec *ce = xcalloc(1, sizeof *ce);
            ce->h = n->u.cond.h;
            ce->type = n->u.cond.type;
            ce->size = n->u.cond.size;
            ce->body = xcalloc(ce->size, sizeof *ce->body);
            for (unsigned b = 0; b < ce->size; b++) {
                if (grow((void **)&ce->body[b].dep_start, &ce->body[b].cap_start, 1,
                         sizeof *ce->body[b].dep_start))
                    oom();
                ce->body[b].dep_start[0] = 0;
                plan_flatten(&ce->body[b], n->u.cond.bodies[b], NULL, 0, 0);
            }
            x->nodes[ev].cond = ce;
            n->scratch = (size_t)emit(x, NULL, NULL, &ev, 1);
            continue;
        }
        if (n->type != cudaGraphNodeTypeGraph) {
            n->scratch = (size_t)emit(x, n, src, d, nd);
            continue;
        }
        /* A child graph: between an entry and an exit mark. */
        int in = emit(x, NULL, src, d, nd);
        cudaGraph_t c = n->u.child;
        plan_flatten(x, c, &in, 1, 0);
        int *sinks = xcalloc(c->n + 1, sizeof *sinks);
        int ns = 0;
        for (size_t j = 0; j < c->n; j++)
            if (c->nodes[j]->nout == 0)
                sinks[ns++] = (int)c->nodes[j]->scratch;
        if (ns == 0)
            sinks[ns++] = in;
        n->scratch = (size_t)emit(x, NULL, NULL, sinks, ns);
        free(sinks);
    }
    free(deps);
    free(order);
    for (size_t i = 0; i < nadded; i++)
        edge_remove(added[2 * i], added[2 * i + 1]);
    free(added);
}

static const unsigned long long instantiate_flags =
    cudaGraphInstantiateFlagAutoFreeOnLaunch | cudaGraphInstantiateFlagUpload |
    cudaGraphInstantiateFlagDeviceLaunch | cudaGraphInstantiateFlagUseNodePriority;

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
    atomic_fetch_add_explicit(&x->refs, 1, memory_order_relaxed);
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
 * default value at each launch. */
static void collect_resets(cudaGraphExec_t x, cudaGraph_t g)
{
    size_t cap = x->nresets;
    for (size_t i = 0; i < g->nhandles; i++) {
        if (!(g->handles[i]->flags & cudaGraphCondAssignDefault))
            continue;
        if (grow((void **)&x->resets, &cap, x->nresets + 1, sizeof *x->resets))
            oom();
        x->resets[x->nresets++] = chandle_ref(g->handles[i]);
    }
    for (size_t i = 0; i < g->n; i++) {
        cudaGraphNode_t n = g->nodes[i];
        if (n->type == cudaGraphNodeTypeGraph)
            collect_resets(x, n->u.child);
        for (unsigned b = 0; n->type == cudaGraphNodeTypeConditional && b < n->u.cond.size; b++)
            collect_resets(x, n->u.cond.bodies[b]);
    }
}

static void run_resets(void *arg)
{
    cudaGraphExec_t x = arg;
    for (size_t i = 0; i < x->nresets; i++)
        atomic_store(&x->resets[i]->value, x->resets[i]->dflt);
    exec_unref(x);
}

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                          unsigned long long flags)
{
    API_ENTER();
    if (!pGraphExec || !graph || (flags & ~instantiate_flags))
        return api_return(cudaErrorInvalidValue);
    if (!acyclic(graph))
        return api_return(cudaErrorInvalidValue);
    cudaGraphExec_t x = xcalloc(1, sizeof *x);
    pthread_mutex_init(&x->lock, NULL);
    atomic_init(&x->refs, 1);
    x->flags = flags;
    x->graph = graph_clone(graph);
    if (!x->graph) {
        exec_free(x);
        return api_return(cudaErrorMemoryAllocation);
    }
    if (grow((void **)&x->p.dep_start, &x->p.cap_start, 1, sizeof *x->p.dep_start))
        oom();
    x->p.dep_start[0] = 0;
    collect_resets(x, x->graph);
    if (x->nresets) {
        /* CUDA: the default is assigned when the graph starts, so in
         * stream order: a first node that everything follows. */
        int first = emit(&x->p, NULL, NULL, NULL, 0);
        plan_flatten(&x->p, x->graph, &first, 1, 1);
    } else {
        plan_flatten(&x->p, x->graph, NULL, 0, 1);
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
    if (!graphExec || !flags)
        return api_return(cudaErrorInvalidValue);
    *flags = graphExec->flags;
    return cudaSuccess;
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec)
{
    API_ENTER();
    if (!graphExec)
        return api_return(cudaErrorInvalidValue);
    /* Launches in flight own what they run (argument references, copies
     * of transfers) or reference the exec (conditional nodes). */
    exec_unref(graphExec);
    return cudaSuccess;
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
    if (!hGraphExec)
        return api_return(cudaErrorInvalidValue);
    pthread_mutex_lock(&hGraphExec->lock);
    struct enode *en = exec_find(hGraphExec, node);
    cudaError_t e = cudaErrorInvalidValue;
    if (en && en->gn->type == cudaGraphNodeTypeKernel) {
        struct knode k;
        /* An H200 accepts another function here. */
        e = kernel_params(pNodeParams, &en->gn->u.k, &k);
        if (e == cudaSuccess)
            kernel_set(en->gn, &k);
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
    if (!x)
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
    return copy_params(arg, NULL, NULL, 0, cudaMemcpyDefault, n);
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
    return copy_params(NULL, c->dst, c->src, c->count, c->kind, n);
}

static cudaError_t set_memset(cudaGraphNode_t n, const void *arg)
{
    return set_params(n, arg);
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
    if (!hGraphExec)
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
    if (!hGraphExec || !isEnabled)
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
    if (!graphExec || !node || !p || p->type != node->type)
        return api_return(cudaErrorInvalidValue);
    switch (p->type) {
    case cudaGraphNodeTypeKernel: {
        struct cudaKernelNodeParams k = kernel_v1(&p->kernel);
        return cudaGraphExecKernelNodeSetParams(graphExec, node, &k);
    }
    case cudaGraphNodeTypeMemcpy:
        if (p->memcpy.flags)
            return api_return(cudaErrorInvalidValue);
        return cudaGraphExecMemcpyNodeSetParams(graphExec, node, &p->memcpy.copyParams);
    case cudaGraphNodeTypeMemset: {
        struct cudaMemsetParams m = memset_v1(&p->memset);
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
        params_free(x);
        params_copy(x, y);
    }
}

cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                                cudaGraphExecUpdateResultInfo *resultInfo)
{
    API_ENTER();
    if (!hGraphExec || !hGraph)
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

/* A command running kernel node n (as simt_launch builds one). */
static struct cmd *kernel_cmd(const struct knode *k)
{
    struct kargs *a = k->a;
    struct grid *g = calloc(1, sizeof *g);
    struct simt_kernel_state *ks = kstate_of(a->k);
    if (!g || !ks)
        oom();
    g->kernel = a->k;
    g->ks = ks;
    g->name = a->k && a->k->name ? a->k->name : "(unnamed)";
    g->grid_dim = k->grid;
    g->block_dim = k->block;
    g->dyn_shmem = k->shmem;
    g->fn = kargs_run;
    g->args = kargs_ref(a);
    g->release = kargs_release;
    g->nblocks = (unsigned long long)k->grid.x * k->grid.y * k->grid.z;
    g->nthreads = k->block.x * k->block.y * k->block.z;
    memcpy(g->cluster_dim, k->cluster, sizeof g->cluster_dim);
    g->unit_blocks = k->cluster[0] * k->cluster[1] * k->cluster[2];
    g->nunits = g->nblocks / g->unit_blocks;
    g->cooperative = k->cooperative;
    if (g->cooperative && gridbar_create(g) != 0)
        oom();
    launch_grid_completion(g);
    struct cmd *c = cmd_new(CMD_GRID);
    c->grid = g;
    g->owner = c;
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
    c->fn = fn;
    c->arg = malloc(size);
    if (!c->arg)
        oom();
    memcpy(c->arg, data, size);
    return c;
}

static void gmem_run_alloc(void *arg)
{
    gmem_set_mapped(*(struct gmem **)arg, 1);
}

static void gmem_run_free(void *arg)
{
    (void)graph_mem_free(*(void **)arg);
}

/* The command of flattened node en. */
static struct cmd *node_cmd(const struct enode *en)
{
    cudaGraphNode_t n = en->gn;
    if (!n || !en->enabled)
        return cmd_new(CMD_MARK);
    switch (n->type) {
    case cudaGraphNodeTypeKernel:
        return kernel_cmd(&n->u.k);
    case cudaGraphNodeTypeMemcpy:
        return host_cmd(xfer_run_owned, &n->u.copy.x, sizeof n->u.copy.x);
    case cudaGraphNodeTypeMemset:
        return host_cmd(xfer_run_owned, &n->u.set.x, sizeof n->u.set.x);
    case cudaGraphNodeTypeHost:
        return host_cmd(host_run, &n->u.host, sizeof n->u.host);
    case cudaGraphNodeTypeWaitEvent: {
        struct cmd *c = cmd_new(CMD_MARK);
        c->wait_for = event_cmd(n->u.event);
        return c;
    }
    case cudaGraphNodeTypeMemAlloc:
        return host_cmd(gmem_run_alloc, &n->u.mem, sizeof n->u.mem);
    case cudaGraphNodeTypeMemFree:
        return host_cmd(gmem_run_free, &n->u.free_ptr, sizeof n->u.free_ptr);
    default: /* empty and event record nodes */
        return cmd_new(CMD_MARK);
    }
}

struct cmd **plan_cmds(cudaGraphExec_t x, const struct plan *p)
{
    struct cmd **cmds = xcalloc(p->n, sizeof *cmds);
    for (size_t i = 0; i < p->n; i++) {
        const struct enode *en = &p->nodes[i];
        if (p == &x->p && i == 0 && x->nresets) {
            cmds[i] = cmd_new(CMD_HOST);
            cmds[i]->fn = run_resets;
            cmds[i]->arg = x;
            exec_ref(x);
        } else if (en->cond) {
            /* Its exit mark comes next (plan_flatten). */
            cmds[i + 1] = node_cmd(&p->nodes[i + 1]);
            cmds[i] = cond_cmd(x, en->cond, cmds[i + 1]);
        } else if (!cmds[i]) {
            cmds[i] = node_cmd(en);
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

cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream)
{
    API_ENTER();
    if (!graphExec)
        return api_return(cudaErrorInvalidValue);
    struct CUstream_st *s = stream_resolve(stream);
    if (!s)
        return api_return(cudaErrorInvalidResourceHandle);
    cudaGraphExec_t x = graphExec;
    /* An H200 does not capture graph launches. */
    if (stream_is_capturing(s))
        return api_return(capture_forbid(s));
    cudaGraphNode_t node;
    cudaError_t e = capture_op(s, cudaGraphNodeTypeEmpty, &node);
    if (node) /* s began capturing meanwhile: an empty node is harmless */
        capture_done();
    if (e != cudaSuccess)
        return api_return(e);
    pthread_mutex_lock(&x->lock);
    struct cmd **cmds = plan_cmds(x, &x->p);
    struct cmd *exit =
        stream_enqueue_batch(s, cmds, (int)x->p.n, x->p.dep_start, x->p.deps, x->last);
    plan_cmds_enqueued(&x->p, cmds);
    cmd_unref(x->last);
    x->last = exit;
    pthread_mutex_unlock(&x->lock);
    return cudaSuccess;
}

cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream)
{
    API_ENTER();
    if (!graphExec)
        return api_return(cudaErrorInvalidValue);
    if (!stream_resolve(stream))
        return api_return(cudaErrorInvalidResourceHandle);
    return cudaSuccess; /* nothing to move: host and device share memory */
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
            fprintf(f, "grid (%u,%u,%u) block (%u,%u,%u) shared %zu\n", k->grid.x, k->grid.y,
                    k->grid.z, k->block.x, k->block.y, k->block.z, k->shmem);
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
    if (!graph || !path)
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
