/*
 * graph_node.c: graph nodes' parameters: kernel (with launch attributes),
 * memcpy, memset, host, child graph, event, memory allocation and free
 * nodes; the calls that add each kind of node, and the generic
 * cudaGraphNodeParams forms.  A captured operation's node is filled here
 * too (graph_node_fill, op.h).
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
#include "runtime/func.h"
#include "runtime/graph.h"
#include "runtime/handle.h"
#include "runtime/memory.h"
#include "runtime/stream.h"

/* ---- node parameters ---------------------------------------------------------- */

static void graph_xfer_fill(cudaGraphNode_t n, const struct xfer *x)
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

/* The node's memory belongs to `device` (its pool's location). */
static cudaError_t graph_memalloc_fill(cudaGraphNode_t n, size_t size, void **ptr,
                                       const void *caller, int device)
{
    struct gmem *m = calloc(1, sizeof *m);
    if (!m)
        return cudaErrorMemoryAllocation;
    cudaError_t e = mem_alloc_tracked_on(&m->ptr, size, MEM_DEVICE, "cudaMallocAsync (graph)",
                                         caller, device);
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

cudaError_t graph_node_fill(cudaGraphNode_t n, const struct op *op)
{
    switch (op->kind) {
    case OP_KERNEL:
        n->u.k.a = kargs_new(op->u.kernel.k, op->u.kernel.fn, op->u.kernel.args,
                             op->u.kernel.release);
        if (!n->u.k.a)
            return cudaErrorMemoryAllocation;
        n->u.k.cfg = op->u.kernel.cfg;
        return cudaSuccess;
    case OP_TRANSFER:
        graph_xfer_fill(n, &op->u.transfer.x);
        return cudaSuccess;
    case OP_HOST:
        n->u.host.fn = op->u.host.fn;
        n->u.host.userData = op->u.host.user;
        return cudaSuccess;
    case OP_EVENT_RECORD:
    case OP_EVENT_WAIT:
        n->u.event = op->u.event.e;
        return cudaSuccess;
    case OP_ALLOC:
        /* Captured: the capturing stream's device's pool. */
        return graph_memalloc_fill(n, op->u.alloc.size, op->u.alloc.out, op->u.alloc.caller,
                                   device_current());
    case OP_FREE:
        n->u.free_ptr = op->u.free_ptr;
        return cudaSuccess;
    case OP_MARK:
        return cudaSuccess;
    }
    return cudaErrorInvalidValue;
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
cudaError_t node_kernel_params(const struct cudaKernelNodeParams *p, const struct knode *keep,
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
    int opted = func_attrs(ks)->max_dyn_shmem;
    size_t allowed = opted >= 0 ? (size_t)opted : 49152;
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
    out->cfg.cooperative = keep ? keep->cfg.cooperative : 0;
    for (int d = 0; d < 3; d++)
        out->cfg.cluster[d] = out->at.cluster_set[0] ? out->at.cluster_set[d]
                          : k->cluster_dims[d]   ? k->cluster_dims[d]
                                                 : 1;
    if (g.x % out->cfg.cluster[0] || g.y % out->cfg.cluster[1] || g.z % out->cfg.cluster[2])
        return cudaErrorInvalidClusterSize;
    out->cfg.grid = g;
    out->cfg.block = b;
    out->cfg.shmem = p->sharedMemBytes;
    if (p->kernelParams == same_arguments) {
        if (!keep->a || keep->a->k != k)
            return cudaErrorInvalidValue; /* arguments of another kernel */
        out->a = kargs_ref(keep->a);
        return cudaSuccess;
    }
    struct by_pointer *bp = launch_pack(k, p->kernelParams ? p->kernelParams : no_arguments());
    if (!bp)
        return cudaErrorMemoryAllocation;
    out->a = kargs_new(k, launch_run_packed, bp, launch_release_packed);
    if (!out->a) {
        launch_release_packed(bp);
        return cudaErrorMemoryAllocation;
    }
    return cudaSuccess;
}

void node_kernel_set(cudaGraphNode_t n, const struct knode *k)
{
    kargs_unref(n->u.k.a);
    n->u.k = *k;
}

static void kernel_get(const cudaGraphNode_t n, struct cudaKernelNodeParams *p)
{
    const struct knode *k = &n->u.k;
    memset(p, 0, sizeof *p);
    p->func = k->a && k->a->k ? (void *)(uintptr_t)k->a->k->fn : NULL;
    p->gridDim = k->cfg.grid;
    p->blockDim = k->cfg.block;
    p->sharedMemBytes = (unsigned)k->cfg.shmem;
    p->kernelParams = same_arguments;
}

/* ---- adding nodes -------------------------------------------------------------- */

int graph_has_node(cudaGraph_t g, cudaGraphNode_t n)
{
    return n && n->graph == g;
}

/* The checks every cudaGraphAdd*Node makes on its common arguments. */
static cudaError_t check_add(cudaGraphNode_t *out, cudaGraph_t g, const cudaGraphNode_t *deps,
                             size_t ndeps)
{
    if (!out || !graph_live(g) || (ndeps && !deps))
        return cudaErrorInvalidValue;
    for (size_t i = 0; i < ndeps; i++) {
        if (!graph_has_node(g, deps[i]))
            return cudaErrorInvalidValue;
        for (size_t j = 0; j < i; j++)
            if (deps[j] == deps[i])
                return cudaErrorInvalidValue;
    }
    return cudaSuccess;
}

/* Adds a node of type t after deps; its parameters are the caller's to
 * fill.  NULL when out of memory (g unchanged). */
static cudaGraphNode_t add(cudaGraph_t g, enum cudaGraphNodeType t, const cudaGraphNode_t *deps,
                           size_t ndeps)
{
    cudaGraphNode_t n = graph_node_new(g, t);
    if (!n)
        return NULL;
    for (size_t i = 0; i < ndeps; i++) {
        if (graph_edge_add(deps[i], n)) {
            graph_node_free(n);
            return NULL;
        }
    }
    return n;
}

/* The nodes whose parameters are one plain value: the common checks
 * (check_add), then `params` (the call's own check of its parameters),
 * then a node of type t holding the size bytes at u (NULL: nothing) as
 * its parameters (the first member of n->u that fits them). */
static cudaError_t add_plain(cudaGraphNode_t *out, cudaGraph_t g, const cudaGraphNode_t *deps,
                             size_t ndeps, enum cudaGraphNodeType t, cudaError_t params,
                             const void *u, size_t size)
{
    API_ENTER();
    cudaError_t e = check_add(out, g, deps, ndeps);
    if (e == cudaSuccess)
        e = params;
    if (e != cudaSuccess)
        return api_return(e);
    cudaGraphNode_t n = add(g, t, deps, ndeps);
    if (!n)
        return api_return(cudaErrorMemoryAllocation);
    if (u)
        memcpy(&n->u, u, size);
    *out = n;
    return cudaSuccess;
}

/* The getters of those parameters: size bytes of node's (of type t) to
 * out. */
static cudaError_t get_plain(cudaGraphNode_t node, enum cudaGraphNodeType t, void *out,
                             size_t size)
{
    API_ENTER();
    if (!node || !out || node->type != t)
        return api_return(cudaErrorInvalidValue);
    memcpy(out, &node->u, size);
    return cudaSuccess;
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
    /* An H100: a destroyed graph is an invalid value, also destroyed again. */
    if (simt__handle_remove(HANDLE_GRAPH, HANDLE(graph)) != HANDLE_LIVE)
        return api_return(cudaErrorInvalidValue);
    graph_free(graph);
    return cudaSuccess;
}

cudaError_t cudaGraphClone(cudaGraph_t *pGraphClone, cudaGraph_t originalGraph)
{
    API_ENTER();
    if (!pGraphClone || !graph_live(originalGraph))
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
    if (!pNode || !originalNode || !graph_live(clonedGraph))
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
        e = node_kernel_params(pNodeParams, NULL, &k);
    if (e != cudaSuccess)
        return api_return(e);
    cudaGraphNode_t n = add(graph, cudaGraphNodeTypeKernel, pDependencies, numDependencies);
    if (!n) {
        kargs_unref(k.a);
        return api_return(cudaErrorMemoryAllocation);
    }
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
    cudaError_t e = node_kernel_params(pNodeParams, &node->u.k, &k);
    if (e != cudaSuccess)
        return api_return(e);
    node_kernel_set(node, &k);
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
    case cudaLaunchAttributeCooperative: v->cooperative = k->cfg.cooperative; break;
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
        msd_map_get(v, a->msd_default, a->msd_remote_flip);
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
        if (!access_window_take(&v->accessPolicyWindow, &a->apw))
            return api_return(cudaErrorInvalidValue);
        break;
    case cudaLaunchAttributeCooperative: k->cfg.cooperative = v->cooperative != 0; break;
    case cudaLaunchAttributeClusterDimension: {
        unsigned c[3] = {v->clusterDim.x, v->clusterDim.y, v->clusterDim.z};
        if (c[0] == 0 && c[1] == 0 && c[2] == 0) {
            /* Unset: the kernel's own __cluster_dims__ again. */
            const simt_kernel *kk = k->a ? k->a->k : NULL;
            for (int d = 0; d < 3; d++)
                k->cfg.cluster[d] = kk && kk->cluster_dims[d] ? kk->cluster_dims[d] : 1;
        } else {
            if (!c[0] || !c[1] || !c[2] || k->cfg.grid.x % c[0] || k->cfg.grid.y % c[1] ||
                k->cfg.grid.z % c[2])
                return api_return(cudaErrorInvalidClusterSize);
            memcpy(k->cfg.cluster, c, sizeof c);
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
        msd_map_set(v, &a->msd_default, &a->msd_remote_flip);
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
        (d->cfg.grid.x % s->cfg.cluster[0] || d->cfg.grid.y % s->cfg.cluster[1] ||
         d->cfg.grid.z % s->cfg.cluster[2]))
        return api_return(cudaErrorInvalidClusterSize);
    d->at = s->at;
    d->cfg.cooperative = s->cfg.cooperative;
    if (s->at.cluster_set[0])
        memcpy(d->cfg.cluster, s->cfg.cluster, sizeof d->cfg.cluster);
    return cudaSuccess;
}

static cudaError_t add_copy(cudaGraphNode_t *out, cudaGraph_t g, const cudaGraphNode_t *deps,
                            size_t ndeps, const struct xfer *x, const struct cudaMemcpy3DParms *p)
{
    cudaGraphNode_t n = add(g, cudaGraphNodeTypeMemcpy, deps, ndeps);
    if (!n)
        return cudaErrorMemoryAllocation;
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
cudaError_t node_copy_params(const struct cudaMemcpy3DParms *p, void *dst, const void *src,
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
    cudaError_t e = node_copy_params(p, NULL, NULL, 0, cudaMemcpyDefault, node);
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t node, void *dst, const void *src,
                                           size_t count, enum cudaMemcpyKind kind)
{
    API_ENTER();
    if (!node || node->type != cudaGraphNodeTypeMemcpy)
        return api_return(cudaErrorInvalidValue);
    cudaError_t e = node_copy_params(NULL, dst, src, count, kind, node);
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
    if (!n)
        return api_return(cudaErrorMemoryAllocation);
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

cudaError_t node_set_params(cudaGraphNode_t n, const struct cudaMemsetParams *p)
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
    cudaError_t e = node_set_params(node, p);
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                 const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                 const struct cudaHostNodeParams *pNodeParams)
{
    int ok = pNodeParams && pNodeParams->fn;
    return add_plain(pGraphNode, graph, pDependencies, numDependencies, cudaGraphNodeTypeHost,
                     ok ? cudaSuccess : cudaErrorInvalidValue, pNodeParams, sizeof *pNodeParams);
}

cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t node, struct cudaHostNodeParams *p)
{
    return get_plain(node, cudaGraphNodeTypeHost, p, sizeof *p);
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
    if (e == cudaSuccess && (!graph_live(childGraph) || childGraph == graph))
        e = cudaErrorInvalidValue;
    if (e != cudaSuccess)
        return api_return(e);
    /* The node owns a copy: an H200 hands out another handle. */
    cudaGraph_t copy = graph_clone(childGraph);
    if (!copy)
        return api_return(cudaErrorMemoryAllocation);
    cudaGraphNode_t n = add(graph, cudaGraphNodeTypeGraph, pDependencies, numDependencies);
    if (!n) {
        graph_free(copy);
        return api_return(cudaErrorMemoryAllocation);
    }
    n->u.child = copy;
    *pGraphNode = n;
    return cudaSuccess;
}

cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t *pGraph)
{
    return get_plain(node, cudaGraphNodeTypeGraph, pGraph, sizeof *pGraph);
}

cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                  const cudaGraphNode_t *pDependencies, size_t numDependencies)
{
    return add_plain(pGraphNode, graph, pDependencies, numDependencies, cudaGraphNodeTypeEmpty,
                     cudaSuccess, NULL, 0);
}

cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                        const cudaGraphNode_t *pDependencies,
                                        size_t numDependencies, cudaEvent_t event)
{
    return add_plain(pGraphNode, graph, pDependencies, numDependencies,
                     cudaGraphNodeTypeEventRecord, event ? cudaSuccess : cudaErrorInvalidValue,
                     &event, sizeof event);
}

cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                      const cudaGraphNode_t *pDependencies,
                                      size_t numDependencies, cudaEvent_t event)
{
    return add_plain(pGraphNode, graph, pDependencies, numDependencies, cudaGraphNodeTypeWaitEvent,
                     event ? cudaSuccess : cudaErrorInvalidValue, &event, sizeof event);
}

static cudaError_t event_get(cudaGraphNode_t node, cudaEvent_t *out, enum cudaGraphNodeType t)
{
    return get_plain(node, t, out, sizeof *out);
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
    if (e == cudaSuccess && !device_valid(nodeParams->poolProps.location.id))
        e = cudaErrorInvalidDevice;
    if (e != cudaSuccess)
        return api_return(e);
    cudaGraphNode_t n = add(graph, cudaGraphNodeTypeMemAlloc, pDependencies, numDependencies);
    if (!n)
        return api_return(cudaErrorMemoryAllocation);
    e = graph_memalloc_fill(n, nodeParams->bytesize, &nodeParams->dptr,
                            __builtin_return_address(0), nodeParams->poolProps.location.id);
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
    return add_plain(pGraphNode, graph, pDependencies, numDependencies, cudaGraphNodeTypeMemFree,
                     dptr ? cudaSuccess : cudaErrorInvalidValue, &dptr, sizeof dptr);
}

cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void *dptr_out)
{
    return get_plain(node, cudaGraphNodeTypeMemFree, dptr_out, sizeof(void *));
}

/* ---- generic node parameters (cudaGraphNodeParams) ----------------------------- */

/* Edge data other than the default (programmatic edges, ports) is not
 * supported. */

struct cudaKernelNodeParams node_kernel_v1(const struct cudaKernelNodeParamsV2 *k)
{
    return (struct cudaKernelNodeParams){k->func, k->gridDim, k->blockDim, k->sharedMemBytes,
                                         k->kernelParams, k->extra};
}

struct cudaMemsetParams node_memset_v1(const struct cudaMemsetParamsV2 *m)
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
    if (e == cudaSuccess && !graph_default_edges(dependencyData, numDependencies))
        e = cudaErrorNotSupported;
    if (e != cudaSuccess)
        return api_return(e);
    const cudaGraphNode_t *d = pDependencies;
    size_t nd = numDependencies;
    switch (p->type) {
    case cudaGraphNodeTypeKernel: {
        struct cudaKernelNodeParams k = node_kernel_v1(&p->kernel);
        return cudaGraphAddKernelNode(pGraphNode, graph, d, nd, &k);
    }
    case cudaGraphNodeTypeMemcpy:
        if (p->memcpy.flags)
            return api_return(cudaErrorInvalidValue);
        return cudaGraphAddMemcpyNode(pGraphNode, graph, d, nd, &p->memcpy.copyParams);
    case cudaGraphNodeTypeMemset: {
        struct cudaMemsetParams m = node_memset_v1(&p->memset);
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
        if (!n)
            return api_return(cudaErrorMemoryAllocation);
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
        if (!n)
            return api_return(cudaErrorMemoryAllocation);
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
        struct cudaKernelNodeParams k = node_kernel_v1(&p->kernel);
        return cudaGraphKernelNodeSetParams(node, &k);
    }
    case cudaGraphNodeTypeMemcpy:
        if (p->memcpy.flags)
            return api_return(cudaErrorInvalidValue);
        return cudaGraphMemcpyNodeSetParams(node, &p->memcpy.copyParams);
    case cudaGraphNodeTypeMemset: {
        struct cudaMemsetParams m = node_memset_v1(&p->memset);
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
