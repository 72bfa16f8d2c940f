/*
 * capture.c: stream capture (CUDA guide, "Stream Capture"): capture
 * sequences, the streams that join them, each stream's frontier, and the
 * rules on what a capturing stream and the other streams may do.
 *
 * The capture lock guards the capture sequences and the capture state of
 * streams.  It is taken before the timeline lock, never after it.  While
 * no capture is active (the common case) operations test one atomic
 * counter and never take it.
 *
 * The results of calls during capture are what an H200 returned (CUDA 13):
 * docs/gpu-facts/streams-capture.txt.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "base/base.h"
#include "runtime/graph.h"
#include "runtime/handle.h"
#include "runtime/stream.h"

/* ---- capture ------------------------------------------------------------- */

struct capture {
    unsigned long long id;
    cudaGraph_t graph;
    int to_graph;               /* into the caller's graph: never freed here */
    enum cudaStreamCaptureMode mode;
    int invalidated;
    pthread_t thread;           /* the thread that began it */
    struct CUstream_st *origin;
    struct CUstream_st *streams; /* members, through cap_next */
    /* The frontiers of member streams destroyed during the capture: their
     * work must still rejoin the origin (an H100: the capture goes on, and
     * ends unjoined if it did not). */
    cudaGraphNode_t *left;
    size_t nleft, capleft;
    struct capture *next;
};

static struct {
    pthread_mutex_t lock;
    atomic_int active;          /* captures in the list */
    struct capture *list;
    unsigned long long next_id;
} C = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* cudaThreadExchangeStreamCaptureMode: how this thread's potentially
 * unsafe calls interact with captures (Global by default). */
static SIMT_TLS enum cudaStreamCaptureMode thread_mode;

static struct capture *find_locked(unsigned long long id)
{
    for (struct capture *c = C.list; c; c = c->next)
        if (c->id == id)
            return c;
    return NULL;
}

int capture_active(void)
{
    return atomic_load_explicit(&C.active, memory_order_acquire) != 0;
}

static int frontier_reserve(struct CUstream_st *s, size_t n)
{
    return simt__grow((void **)&s->frontier, &s->capfront, n, sizeof *s->frontier, 4);
}

/* Adds nodes to s's frontier, each once. */
static int frontier_add(struct CUstream_st *s, cudaGraphNode_t const *nodes, size_t n)
{
    if (frontier_reserve(s, s->nfront + n))
        return -1;
    for (size_t i = 0; i < n; i++) {
        size_t j = 0;
        while (j < s->nfront && s->frontier[j] != nodes[i])
            j++;
        if (j == s->nfront)
            s->frontier[s->nfront++] = nodes[i];
    }
    return 0;
}

/* Whether a capture has a blocking stream (the legacy stream would
 * depend on it). */
static int has_blocking_locked(const struct capture *c)
{
    for (const struct CUstream_st *s = c->streams; s; s = s->cap_next)
        if (stream_is_blocking(s))
            return 1;
    return 0;
}

/* The legacy stream used while blocking streams capture: the dependency
 * it would take on them invalidates their captures (CUDA guide,
 * "Prohibited and Unhandled Operations"). */
static cudaError_t implicit_locked(int invalidate)
{
    int found = 0;
    for (struct capture *c = C.list; c; c = c->next) {
        if (has_blocking_locked(c)) {
            found = 1;
            if (invalidate)
                c->invalidated = 1;
        }
    }
    return found ? cudaErrorStreamCaptureImplicit : cudaSuccess;
}

cudaError_t capture_op(struct CUstream_st *s, enum cudaGraphNodeType type, cudaGraphNode_t *node)
{
    *node = NULL;
    if (!capture_active())
        return cudaSuccess;
    pthread_mutex_lock(&C.lock);
    struct capture *c = s->cap;
    if (!c) {
        cudaError_t e = s->legacy ? implicit_locked(1) : cudaSuccess;
        pthread_mutex_unlock(&C.lock);
        return e;
    }
    if (c->invalidated) {
        pthread_mutex_unlock(&C.lock);
        return cudaErrorStreamCaptureInvalidated;
    }
    cudaGraphNode_t n = graph_node_new(c->graph, type);
    if (!n || frontier_reserve(s, 1)) {
        if (n)
            graph_node_free(n);
        pthread_mutex_unlock(&C.lock);
        return cudaErrorMemoryAllocation;
    }
    for (size_t i = 0; i < s->nfront; i++) {
        if (graph_edge_add(s->frontier[i], n)) {
            graph_node_free(n);
            pthread_mutex_unlock(&C.lock);
            return cudaErrorMemoryAllocation;
        }
    }
    s->frontier[0] = n;
    s->nfront = 1;
    *node = n;
    return cudaSuccess; /* locked until capture_done */
}

void capture_done(void)
{
    pthread_mutex_unlock(&C.lock);
}

void capture_op_failed(struct CUstream_st *s, cudaGraphNode_t node)
{
    /* The node stays, as an empty one (it is s's frontier already); the
     * capture cannot stand for the stream's work any more. */
    node->type = cudaGraphNodeTypeEmpty;
    if (s->cap)
        s->cap->invalidated = 1;
}

int stream_is_capturing(struct CUstream_st *s)
{
    if (!capture_active())
        return 0;
    pthread_mutex_lock(&C.lock);
    int yes = s->cap != NULL;
    pthread_mutex_unlock(&C.lock);
    return yes;
}

/* Whether the calling thread may not make potentially unsafe calls now;
 * marks the captures that forbid it as invalidated when `invalidate`. */
static int forbidden_locked(int invalidate)
{
    if (thread_mode == cudaStreamCaptureModeRelaxed)
        return 0;
    pthread_t self = pthread_self();
    int forbidden = 0;
    for (struct capture *c = C.list; c; c = c->next) {
        int mine = pthread_equal(c->thread, self);
        if ((mine && c->mode != cudaStreamCaptureModeRelaxed) ||
            (!mine && thread_mode == cudaStreamCaptureModeGlobal &&
             c->mode == cudaStreamCaptureModeGlobal)) {
            forbidden = 1;
            if (invalidate)
                c->invalidated = 1;
        }
    }
    return forbidden;
}

cudaError_t capture_check_unsafe(void)
{
    if (!capture_active())
        return cudaSuccess;
    pthread_mutex_lock(&C.lock);
    int forbidden = forbidden_locked(1);
    pthread_mutex_unlock(&C.lock);
    return forbidden ? cudaErrorStreamCaptureUnsupported : cudaSuccess;
}

/* An operation that a capturing stream cannot take: its capture is
 * invalidated. */
cudaError_t capture_forbid(struct CUstream_st *s)
{
    pthread_mutex_lock(&C.lock);
    if (s->cap)
        s->cap->invalidated = 1;
    pthread_mutex_unlock(&C.lock);
    return cudaErrorStreamCaptureUnsupported;
}

cudaError_t capture_check_sync(struct CUstream_st *s)
{
    if (!capture_active())
        return cudaSuccess;
    cudaError_t e = cudaSuccess;
    pthread_mutex_lock(&C.lock);
    if (s->cap) {
        /* In every mode (an H200). */
        s->cap->invalidated = 1;
        e = cudaErrorStreamCaptureUnsupported;
    } else if (s->legacy) {
        e = implicit_locked(1);
    }
    /* Waiting for another stream is potentially unsafe. */
    if (e == cudaSuccess && forbidden_locked(1))
        e = cudaErrorStreamCaptureUnsupported;
    pthread_mutex_unlock(&C.lock);
    return e;
}

cudaError_t capture_check_device_sync(void)
{
    if (!capture_active())
        return cudaSuccess;
    /* An H200: from any thread, in every mode, and every capture is
     * invalidated. */
    pthread_mutex_lock(&C.lock);
    int any = C.list != NULL;
    for (struct capture *c = C.list; c; c = c->next)
        c->invalidated = 1;
    pthread_mutex_unlock(&C.lock);
    return any ? cudaErrorStreamCaptureUnsupported : cudaSuccess;
}

cudaError_t capture_event_error(unsigned long long id, int invalidate)
{
    if (id == 0)
        return cudaSuccess;
    pthread_mutex_lock(&C.lock);
    struct capture *c = find_locked(id);
    if (c && invalidate)
        c->invalidated = 1;
    pthread_mutex_unlock(&C.lock);
    return c ? cudaErrorCapturedEvent : cudaErrorInvalidValue;
}

int capture_is_active(unsigned long long id)
{
    pthread_mutex_lock(&C.lock);
    int yes = find_locked(id) != NULL;
    pthread_mutex_unlock(&C.lock);
    return yes;
}

cudaError_t capture_record(struct CUstream_st *s, struct capture_mark *m)
{
    cudaError_t e = cudaSuccess;
    pthread_mutex_lock(&C.lock);
    struct capture *c = s->cap;
    if (!c) {
        m->id = 0;
        m->n = 0;
    } else if (c->invalidated) {
        e = cudaErrorStreamCaptureInvalidated;
    } else {
        cudaGraphNode_t *v = s->nfront ? malloc(s->nfront * sizeof *v) : NULL;
        if (s->nfront && !v) {
            e = cudaErrorMemoryAllocation;
        } else {
            if (s->nfront)
                memcpy(v, s->frontier, s->nfront * sizeof *v);
            free(m->nodes);
            m->nodes = v;
            m->n = s->nfront;
            m->id = c->id;
        }
    }
    pthread_mutex_unlock(&C.lock);
    return e;
}

static void join_locked(struct capture *c, struct CUstream_st *s)
{
    s->cap = c;
    s->nfront = 0;
    s->cap_next = c->streams;
    c->streams = s;
}

cudaError_t capture_wait(struct CUstream_st *s, const struct capture_mark *m)
{
    cudaError_t e = cudaSuccess;
    pthread_mutex_lock(&C.lock);
    struct capture *c = find_locked(m->id);
    if (!c || (c->invalidated && s->cap != c)) {
        /* An event last recorded by a capture that has ended or been
         * invalidated (an H200). */
        e = cudaErrorInvalidValue;
    } else if (!s->cap) {
        if (s->legacy) {
            e = cudaErrorStreamCaptureImplicit;
        } else {
            join_locked(c, s);
            if (frontier_add(s, m->nodes, m->n))
                e = cudaErrorMemoryAllocation;
        }
    } else if (s->cap != c) {
        /* Two capture sequences would become one. */
        s->cap->invalidated = 1;
        c->invalidated = 1;
        e = cudaErrorStreamCaptureMerge;
    } else if (c->invalidated) {
        e = cudaErrorStreamCaptureInvalidated;
    } else if (frontier_add(s, m->nodes, m->n)) {
        e = cudaErrorMemoryAllocation;
    }
    pthread_mutex_unlock(&C.lock);
    return e;
}

cudaError_t capture_isolation(struct CUstream_st *s)
{
    cudaError_t e = cudaSuccess;
    pthread_mutex_lock(&C.lock);
    if (s->cap) {
        s->cap->invalidated = 1;
        e = cudaErrorStreamCaptureIsolation;
    }
    pthread_mutex_unlock(&C.lock);
    return e;
}

static void drop_graph(struct capture *c)
{
    if (!c->to_graph)
        graph_free(c->graph);
}

/* Begins capturing s into `into` (NULL: a new graph), after deps. */
static cudaError_t begin(cudaStream_t h, cudaGraph_t into, const cudaGraphNode_t *deps,
                         const cudaGraphEdgeData *edges, size_t ndeps,
                         enum cudaStreamCaptureMode mode)
{
    struct CUstream_st *s = stream_resolve(h);
    if (!s)
        return stream_error(h);
    if ((unsigned)mode > cudaStreamCaptureModeRelaxed || (ndeps && !deps))
        return cudaErrorInvalidValue;
    for (size_t i = 0; i < ndeps; i++)
        if (!deps[i] || deps[i]->graph != into)
            return cudaErrorInvalidValue;
    for (size_t i = 0; edges && i < ndeps; i++)
        if (edges[i].type || edges[i].from_port || edges[i].to_port)
            return cudaErrorNotSupported;
    /* The legacy stream cannot be captured. */
    if (s->legacy)
        return cudaErrorStreamCaptureUnsupported;
    struct capture *c = calloc(1, sizeof *c);
    cudaGraph_t g = into ? into : graph_new();
    if (!c || !g) {
        free(c);
        if (g && !into)
            graph_free(g);
        return cudaErrorMemoryAllocation;
    }
    pthread_mutex_lock(&C.lock);
    cudaError_t busy = s->cap ? cudaErrorIllegalState
                       : frontier_reserve(s, ndeps) ? cudaErrorMemoryAllocation
                                                    : cudaSuccess;
    if (busy != cudaSuccess) {
        pthread_mutex_unlock(&C.lock);
        free(c);
        if (!into)
            graph_free(g);
        return busy;
    }
    c->id = ++C.next_id;
    c->graph = g;
    c->to_graph = into != NULL;
    c->mode = mode;
    c->thread = pthread_self();
    c->origin = s;
    join_locked(c, s);
    int reserved = frontier_add(s, deps, ndeps);
    assert(reserved == 0);
    (void)reserved;
    c->next = C.list;
    C.list = c;
    atomic_fetch_add(&C.active, 1);
    pthread_mutex_unlock(&C.lock);
    return cudaSuccess;
}

cudaError_t cudaStreamBeginCapture(cudaStream_t h, enum cudaStreamCaptureMode mode)
{
    API_ENTER();
    cudaError_t e = begin(h, NULL, NULL, NULL, 0, mode);
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t h, cudaGraph_t graph,
                                          const cudaGraphNode_t *dependencies,
                                          const cudaGraphEdgeData *dependencyData,
                                          size_t numDependencies, enum cudaStreamCaptureMode mode)
{
    API_ENTER();
    if (!graph_live(graph))
        return api_return(cudaErrorInvalidValue);
    cudaError_t e = begin(h, graph, dependencies, dependencyData, numDependencies, mode);
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

/* Whether node n precedes (or is) a node of o's frontier. */
static int reaches_frontier(cudaGraphNode_t n, const struct CUstream_st *o)
{
    for (size_t j = 0; j < o->nfront; j++)
        if (graph_reaches(n, o->frontier[j]))
            return 1;
    return 0;
}

/* Whether every stream that joined c has rejoined its origin: each node
 * of their frontiers precedes (or is) a node of the origin's frontier. */
static int joined_locked(const struct capture *c)
{
    const struct CUstream_st *o = c->origin;
    for (const struct CUstream_st *s = c->streams; s; s = s->cap_next)
        for (size_t i = 0; s != o && i < s->nfront; i++)
            if (!reaches_frontier(s->frontier[i], o))
                return 0;
    for (size_t i = 0; i < c->nleft; i++)
        if (!reaches_frontier(c->left[i], o))
            return 0;
    return 1;
}

/* Takes c out of the list and its streams out of capture mode. */
static void end_locked(struct capture *c)
{
    for (struct capture **p = &C.list; *p; p = &(*p)->next) {
        if (*p == c) {
            *p = c->next;
            break;
        }
    }
    struct CUstream_st *s = c->streams;
    while (s) {
        struct CUstream_st *next = s->cap_next;
        s->cap = NULL;
        s->cap_next = NULL;
        s->nfront = 0;
        s = next;
    }
    free(c->left);
    c->left = NULL;
    c->nleft = 0;
    atomic_fetch_sub(&C.active, 1);
}

/* s goes away (destroyed, or its thread ended) while it may capture: it
 * leaves its capture, which ends if s began it; otherwise the capture goes
 * on and remembers where s's work ended, which must rejoin the origin. */
void capture_leave(struct CUstream_st *s)
{
    if (!capture_active())
        return;
    pthread_mutex_lock(&C.lock);
    struct capture *c = s->cap;
    if (c && c->origin == s) {
        end_locked(c);
        drop_graph(c);
        free(c);
    } else if (c) {
        /* Out of memory, the stream's work cannot rejoin: the capture
         * is invalidated rather than ended wrong. */
        if (simt__grow((void **)&c->left, &c->capleft, c->nleft + s->nfront, sizeof *c->left,
                       8) == 0) {
            memcpy(c->left + c->nleft, s->frontier, s->nfront * sizeof *s->frontier);
            c->nleft += s->nfront;
        } else {
            c->invalidated = 1;
        }
        for (struct CUstream_st **p = &c->streams; *p; p = &(*p)->cap_next) {
            if (*p == s) {
                *p = s->cap_next;
                break;
            }
        }
        s->cap = NULL;
        s->cap_next = NULL;
        s->nfront = 0;
    }
    pthread_mutex_unlock(&C.lock);
}

cudaError_t cudaStreamEndCapture(cudaStream_t h, cudaGraph_t *pGraph)
{
    API_ENTER();
    struct CUstream_st *s = stream_resolve(h);
    if (!s)
        return api_return(stream_error(h));
    pthread_mutex_lock(&C.lock);
    struct capture *c = s->cap;
    cudaError_t e = cudaSuccess;
    if (!c) {
        e = cudaErrorIllegalState;
    } else if (c->origin != s) {
        /* Ended in a stream it forked to: the capture is unusable, but
         * goes on until its origin ends it. */
        c->invalidated = 1;
        e = cudaErrorStreamCaptureUnmatched;
        c = NULL;
    }
    if (!c) {
        pthread_mutex_unlock(&C.lock);
        if (pGraph)
            *pGraph = NULL;
        return api_return(e);
    }
    if (c->mode != cudaStreamCaptureModeRelaxed && !pthread_equal(c->thread, pthread_self()))
        e = cudaErrorStreamCaptureWrongThread;
    else if (c->invalidated)
        e = cudaErrorStreamCaptureInvalidated;
    else if (!joined_locked(c))
        e = cudaErrorStreamCaptureUnjoined;
    end_locked(c);
    pthread_mutex_unlock(&C.lock);
    cudaGraph_t g = c->graph;
    int to_graph = c->to_graph;
    free(c);
    /* A graph captured into stays the caller's, whatever happened. */
    if (e != cudaSuccess || !pGraph) {
        if (!to_graph)
            graph_free(g);
        if (e != cudaSuccess)
            g = NULL;
    }
    if (pGraph)
        *pGraph = g;
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

/* The capture status of s, as IsCapturing and GetCaptureInfo report it. */
static cudaError_t status_locked(struct CUstream_st *s, enum cudaStreamCaptureStatus *st)
{
    if (s->legacy && implicit_locked(0) != cudaSuccess)
        return cudaErrorStreamCaptureImplicit;
    if (!s->cap)
        *st = cudaStreamCaptureStatusNone;
    else if (s->cap->invalidated)
        *st = cudaStreamCaptureStatusInvalidated;
    else
        *st = cudaStreamCaptureStatusActive;
    return cudaSuccess;
}

cudaError_t cudaStreamIsCapturing(cudaStream_t h, enum cudaStreamCaptureStatus *pCaptureStatus)
{
    API_ENTER();
    struct CUstream_st *s = stream_resolve(h);
    if (!s)
        return api_return(stream_error(h));
    if (!pCaptureStatus)
        return api_return(cudaErrorInvalidValue);
    pthread_mutex_lock(&C.lock);
    cudaError_t e = status_locked(s, pCaptureStatus);
    pthread_mutex_unlock(&C.lock);
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

/* What cudaStreamGetCaptureInfo hands out for edge data: default edges. */
static const cudaGraphEdgeData no_edge_data[64];

cudaError_t cudaStreamGetCaptureInfo(cudaStream_t h, enum cudaStreamCaptureStatus *status,
                                     unsigned long long *id, cudaGraph_t *graph,
                                     const cudaGraphNode_t **deps, const cudaGraphEdgeData **edges,
                                     size_t *ndeps)
{
    API_ENTER();
    struct CUstream_st *s = stream_resolve(h);
    if (!s)
        return api_return(stream_error(h));
    if (!status || (edges && !deps))
        return api_return(cudaErrorInvalidValue);
    pthread_mutex_lock(&C.lock);
    cudaError_t e = status_locked(s, status);
    if (e == cudaSuccess && *status == cudaStreamCaptureStatusActive) {
        if (id)
            *id = s->cap->id;
        if (graph)
            *graph = s->cap->graph;
        if (deps)
            *deps = s->frontier;
        if (edges)
            *edges = s->nfront <= 64 ? no_edge_data : NULL;
        if (ndeps)
            *ndeps = s->nfront;
    }
    pthread_mutex_unlock(&C.lock);
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t h, cudaGraphNode_t *deps,
                                                const cudaGraphEdgeData *edgeData, size_t n,
                                                unsigned int flags)
{
    API_ENTER();
    (void)edgeData;
    struct CUstream_st *s = stream_resolve(h);
    if (!s)
        return api_return(stream_error(h));
    if (flags > cudaStreamSetCaptureDependencies || (n && !deps))
        return api_return(cudaErrorInvalidValue);
    cudaError_t e = cudaSuccess;
    pthread_mutex_lock(&C.lock);
    struct capture *c = s->cap;
    if (!c)
        e = cudaErrorIllegalState;
    else if (c->invalidated)
        e = cudaErrorStreamCaptureInvalidated;
    for (size_t i = 0; e == cudaSuccess && i < n; i++)
        if (!deps[i] || deps[i]->graph != c->graph)
            e = cudaErrorInvalidValue;
    if (e == cudaSuccess) {
        if (flags == cudaStreamSetCaptureDependencies)
            s->nfront = 0;
        if (frontier_add(s, deps, n))
            e = cudaErrorMemoryAllocation;
    }
    pthread_mutex_unlock(&C.lock);
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode)
{
    API_ENTER();
    /* An H200 takes any value. */
    if (!mode)
        return api_return(cudaErrorInvalidValue);
    enum cudaStreamCaptureMode old = thread_mode;
    thread_mode = *mode;
    *mode = old;
    return cudaSuccess;
}

/* cudaDeviceReset: every capture sequence ends and its graph goes. */
void capture_reset_all(void)
{
    pthread_mutex_lock(&C.lock);
    while (C.list) {
        struct capture *c = C.list;
        end_locked(c);
        drop_graph(c);
        free(c);
    }
    pthread_mutex_unlock(&C.lock);
}
