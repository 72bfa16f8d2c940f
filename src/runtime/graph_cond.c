/*
 * graph_cond.c: conditional nodes (CUDA guide, "Conditional Graph Nodes"):
 * handles, the device-side cudaGraphSetConditional, and their execution.
 *
 * A conditional node of a launch is two commands: its evaluation (a host
 * command) and an exit mark that its dependents wait for.  The evaluation
 * reads the handle once the node's dependencies are done and, when a body
 * is to run, adds the body's commands to the launch (stream_expand), the
 * exit waiting for them too; a WHILE node adds a further evaluation after
 * its body.  No worker ever blocks while a body runs (a worker waiting for
 * kernels that need the workers could wait forever), so bodies nest and
 * any number of conditional nodes run at once.
 *
 * A handle's value lives in the handle, shared by every executable graph
 * made from its graph: CUDA allows one instantiation of a graph with
 * conditional nodes at a time.
 */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/graph.h"
#include "runtime/stream.h"

/* ---- handles ------------------------------------------------------------------ */

struct chandle *chandle_ref(struct chandle *h)
{
    if (h)
        atomic_fetch_add_explicit(&h->refs, 1, memory_order_relaxed);
    return h;
}

void chandle_unref(struct chandle *h)
{
    if (h && atomic_fetch_sub_explicit(&h->refs, 1, memory_order_acq_rel) == 1)
        free(h);
}

cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle *pHandle_out,
                                             cudaGraph_t graph, unsigned int defaultLaunchValue,
                                             unsigned int flags)
{
    API_ENTER();
    if (!pHandle_out || !graph_live(graph) || (flags & ~(unsigned)cudaGraphCondAssignDefault))
        return api_return(cudaErrorInvalidValue);
    if (graph_grow((void **)&graph->handles, &graph->caphandles, graph->nhandles + 1,
                   sizeof *graph->handles))
        return api_return(cudaErrorMemoryAllocation);
    struct chandle *h = calloc(1, sizeof *h);
    if (!h)
        return api_return(cudaErrorMemoryAllocation);
    atomic_init(&h->refs, 1);
    atomic_init(&h->value, defaultLaunchValue);
    h->dflt = defaultLaunchValue;
    h->flags = flags;
    graph->handles[graph->nhandles++] = h;
    *pHandle_out = (cudaGraphConditionalHandle)(uintptr_t)h;
    return cudaSuccess;
}

void cudaGraphSetConditional(cudaGraphConditionalHandle handle, unsigned int value)
{
    struct chandle *h = (struct chandle *)(uintptr_t)handle;
    /* The kernel's completion publishes it to the evaluation. */
    if (h)
        atomic_store_explicit(&h->value, value, memory_order_relaxed);
}

/* ---- node parameters ------------------------------------------------------------ */

cudaError_t cond_fill(cudaGraphNode_t n, struct cudaConditionalNodeParams *p)
{
    unsigned size = p->size;
    int ok;
    switch (p->type) {
    case cudaGraphCondTypeIf: ok = size == 1 || size == 2; break;
    case cudaGraphCondTypeWhile: ok = size == 1; break;
    case cudaGraphCondTypeSwitch: ok = size >= 1; break;
    default: ok = 0; break;
    }
    if (!ok || !p->handle)
        return cudaErrorInvalidValue;
    cudaGraph_t *bodies = calloc(size, sizeof *bodies);
    if (!bodies)
        return cudaErrorMemoryAllocation;
    for (unsigned b = 0; b < size; b++) {
        bodies[b] = graph_new();
        if (!bodies[b]) {
            while (b-- > 0)
                graph_free(bodies[b]);
            free(bodies);
            return cudaErrorMemoryAllocation;
        }
        bodies[b]->is_body = 1;
    }
    n->u.cond.h = chandle_ref((struct chandle *)(uintptr_t)p->handle);
    n->u.cond.type = p->type;
    n->u.cond.size = size;
    n->u.cond.bodies = bodies;
    /* CUDA: the array is the node's, valid as long as the node. */
    p->phGraph_out = bodies;
    return cudaSuccess;
}

int cond_copy(cudaGraphNode_t c, cudaGraphNode_t n)
{
    c->u.cond.h = chandle_ref(n->u.cond.h);
    c->u.cond.bodies = calloc(n->u.cond.size, sizeof *c->u.cond.bodies);
    if (!c->u.cond.bodies) {
        c->u.cond.size = 0;
        return -1;
    }
    /* A body that could not be cloned stays NULL, which cond_free skips. */
    for (unsigned b = 0; b < n->u.cond.size; b++)
        if (!(c->u.cond.bodies[b] = graph_clone(n->u.cond.bodies[b])))
            return -1;
    return 0;
}

void cond_free(cudaGraphNode_t n)
{
    for (unsigned b = 0; b < n->u.cond.size; b++)
        graph_free(n->u.cond.bodies[b]);
    free(n->u.cond.bodies);
    chandle_unref(n->u.cond.h);
}

/* ---- execution ------------------------------------------------------------------ */

struct cond_run {
    cudaGraphExec_t x;         /* referenced: its plans are read */
    const struct cexec *ce;
    struct cmd *exit;          /* referenced */
};

/* Which body the value v selects, or -1. */
static int choose(const struct cexec *ce, unsigned v)
{
    switch (ce->type) {
    case cudaGraphCondTypeIf: return v ? 0 : ce->size == 2 ? 1 : -1;
    case cudaGraphCondTypeWhile: return v ? 0 : -1;
    default: return v < ce->size ? (int)v : -1;
    }
}

static void cond_eval(void *arg)
{
    struct cond_run *r = arg;
    const struct cexec *ce = r->ce;
    int b = choose(ce, atomic_load_explicit(&ce->h->value, memory_order_acquire));
    if (b >= 0) {
        const struct plan *p = &ce->body[b];
        int n = (int)p->n;
        exec_lock(r->x); /* against cudaGraphExecUpdate of the body's nodes */
        struct cmd **cmds = plan_cmds(r->x, p);
        exec_unlock(r->x);
        /* A body starts after its launch returned: there is no caller to
         * tell of a failed allocation. */
        if (!cmds)
            simt__oom("a conditional node");
        if (ce->type != cudaGraphCondTypeWhile) {
            stream_expand(r->exit, cmds, n, p->dep_start, p->deps);
        } else {
            /* The body, then the next evaluation after all of it. */
            struct cmd **v = realloc(cmds, (size_t)(n + 1) * sizeof *v);
            int *ds = malloc((size_t)(n + 2) * sizeof *ds);
            int *dd = malloc((p->ndeps + (size_t)n + 1) * sizeof *dd);
            if (!v || !ds || !dd)
                simt__oom("a conditional node");
            cmds = v;
            memcpy(ds, p->dep_start, (size_t)(n + 1) * sizeof *ds);
            if (p->ndeps)
                memcpy(dd, p->deps, p->ndeps * sizeof *dd);
            for (int i = 0; i < n; i++)
                dd[p->ndeps + (size_t)i] = i;
            ds[n + 1] = (int)p->ndeps + n;
            cmds[n] = cond_cmd(r->x, ce, r->exit);
            if (!cmds[n])
                simt__oom("a conditional node");
            stream_expand(r->exit, cmds, n + 1, ds, dd);
            free(ds);
            free(dd);
        }
        plan_cmds_enqueued(p, cmds);
    }
    cmd_unref(r->exit);
    exec_unref(r->x);
    free(r);
}

struct cmd *cond_cmd(cudaGraphExec_t x, const struct cexec *ce, struct cmd *exit)
{
    struct cond_run *r = malloc(sizeof *r);
    struct cmd *c = cmd_new(CMD_HOST);
    if (!r || !c) {
        free(r);
        cmd_unref(c);
        return NULL;
    }
    exec_ref(x);
    cmd_ref(exit);
    r->x = x;
    r->ce = ce;
    r->exit = exit;
    c->fn = cond_eval;
    c->arg = r;
    return c;
}

void cond_cmd_discard(struct cmd *c)
{
    struct cond_run *r = c->arg;
    assert(c->fn == cond_eval);
    cmd_unref(r->exit);
    exec_unref(r->x);
    free(r);
    cmd_unref(c);
}
