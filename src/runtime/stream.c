/*
 * stream.c: streams (CUDA guide, "Streams"): creation and destruction, the
 * special handles (0, cudaStreamLegacy, cudaStreamPerThread and
 * per-thread default streams), synchronization and queries, attributes,
 * host functions and callbacks.  Their commands' order is the timeline's
 * (timeline.c); capture is capture.c's.
 *
 * Invariant: a created stream is in the handle registry from creation to
 * cudaStreamDestroy; its memory goes once its last command is done.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "base/base.h"
#include "engine/sync.h"
#include "runtime/devrt.h"
#include "runtime/handle.h"
#include "runtime/memory.h"
#include "runtime/op.h"
#include "runtime/stream.h"
#include "runtime/streamrace.h"
#include "check/hooks.h"
#include "trace/trace.h"

/* ---- streams ------------------------------------------------------------- */

static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static pthread_key_t thread_key;

/* The calling thread's default stream on each device, made on first use. */
struct thread_streams {
    struct CUstream_st *of[DEVICE_MAX];
};
static SIMT_TLS struct thread_streams *per_thread;

/* A host thread ends: its default streams go once their work is done, as
 * destroyed streams do. */
static void thread_ended(void *arg)
{
    struct thread_streams *t = arg;
    for (int d = 0; d < DEVICE_MAX; d++)
        if (t->of[d]) {
            capture_leave(t->of[d]);
            timeline_release_stream(t->of[d]);
        }
    free(t);
}

static int key_ok;

static void make_key(void)
{
    key_ok = pthread_key_create(&thread_key, thread_ended) == 0;
}

static struct CUstream_st *per_thread_stream(int d)
{
    if (per_thread && per_thread->of[d])
        return per_thread->of[d];
    pthread_once(&key_once, make_key);
    if (!key_ok)
        return NULL;
    if (!per_thread) {
        struct thread_streams *t = calloc(1, sizeof *t);
        if (!t || pthread_setspecific(thread_key, t)) {
            free(t);
            return NULL; /* stream_error: out of memory */
        }
        per_thread = t;
    }
    struct CUstream_st *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->per_thread = 1;
    timeline_add_stream(s);
    per_thread->of[d] = s;
    return s;
}

/* Set when any translation unit was compiled with per-thread default
 * streams (--default-stream per-thread or CUDA_API_PER_THREAD_DEFAULT_STREAM):
 * handle 0 then means the calling thread's own stream. */
static int per_thread_default;

int simt__note_per_thread_default_stream(void)
{
    per_thread_default = 1;
    return 1;
}

/* Device d's default stream h names for the calling host thread: the
 * legacy stream, or the thread's own. */
static struct CUstream_st *default_stream(cudaStream_t h, int d)
{
    if (h == cudaStreamPerThread || (h == NULL && per_thread_default))
        return per_thread_stream(d);
    return timeline_legacy_of(d);
}

struct CUstream_st *stream_resolve(cudaStream_t h)
{
    /* Device code: 0 is the block's own NULL stream (CUDA guide 5.6.4.8.1),
     * cudaStreamPerThread the thread's own;
     * copies and sets may go to the named streams too. */
    if (engine_in_kernel()) {
        if (h == NULL || h == cudaStreamLegacy)
            return devrt_block_stream();
        if (h == cudaStreamPerThread)
            return devrt_thread_stream();
        if (h == cudaStreamFireAndForget)
            return devrt_ff_stream();
        if (h == cudaStreamTailLaunch)
            return devrt_tail_mark();
        if (devrt_named(h))
            return NULL;
    }
    if (h == NULL || h == cudaStreamLegacy || h == cudaStreamPerThread)
        return default_stream(h, device_current());
    return simt__handle_check(HANDLE_STREAM, HANDLE(h)) == HANDLE_LIVE ? h : NULL;
}

struct CUstream_st *stream_resolve_on(cudaStream_t h, int device)
{
    if (h == NULL || h == cudaStreamLegacy || h == cudaStreamPerThread)
        return default_stream(h, device);
    return stream_resolve(h);
}

cudaError_t stream_error(cudaStream_t h)
{
    /* A per-thread stream that could not be made. */
    if (h == NULL || h == cudaStreamPerThread)
        return cudaErrorMemoryAllocation;
    /* An H100 (CUDA 13) crashes on a destroyed stream and reads another
     * object's handle as a destroyed context. */
    return simt__handle_check(HANDLE_STREAM, HANDLE(h)) == HANDLE_MISMATCH
               ? cudaErrorContextIsDestroyed
               : cudaErrorInvalidResourceHandle;
}

/* A command running fn(arg) on the host, or NULL. */
static struct cmd *host_cmd(void (*fn)(void *), void *arg)
{
    struct cmd *c = cmd_new(CMD_HOST);
    if (c) {
        c->fn = fn;
        c->arg = arg;
    }
    return c;
}

cudaError_t stream_run_sync(struct CUstream_st *s, void (*fn)(void *), void *arg)
{
    struct cmd *c = host_cmd(fn, arg);
    if (!c)
        return cudaErrorMemoryAllocation;
    if (stream_enqueue_inline(s, c)) {
        trace_cmd_start(c);
        streamrace_run(c, fn, arg);
        cmd_complete(c, 0);
        if (hook_checking())
            streamrace_host_waited(c); /* the host ran it */
    } else {
        cmd_wait_own(c);
    }
    cmd_unref(c);
    return cudaSuccess;
}

cudaError_t stream_run_async(struct CUstream_st *s, void (*fn)(void *), void *arg)
{
    struct cmd *c = host_cmd(fn, arg);
    if (c) {
        stream_enqueue(s, c, NULL);
        cmd_unref(c);
    }
    return c ? cudaSuccess : cudaErrorMemoryAllocation;
}

static cudaError_t create(cudaStream_t *out, unsigned flags, int priority)
{
    API_ENTER();
    if (!out || (flags & ~(unsigned)cudaStreamNonBlocking))
        return api_return(cudaErrorInvalidValue);
    struct CUstream_st *s = calloc(1, sizeof *s);
    if (!s)
        return api_return(cudaErrorMemoryAllocation);
    s->flags = flags;
    s->device = engine_in_kernel();
    s->priority = stream_priority_clamp(priority);
    if (simt__handle_add(HANDLE_STREAM, HANDLE(s)) != 0) {
        free(s);
        return api_return(cudaErrorMemoryAllocation);
    }
    timeline_add_stream(s);
    *out = s;
    return cudaSuccess;
}

cudaError_t cudaStreamCreate(cudaStream_t *pStream)
{
    return create(pStream, cudaStreamDefault, 0);
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags)
{
    /* CUDA guide 5.6.4.8: device code's streams must be non-blocking; an
     * H100 takes the default flag too (there is no legacy stream in device
     * code to block with). */
    return create(pStream, flags, 0);
}

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority)
{
    return create(pStream, flags, priority);
}

cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority)
{
    API_ENTER();
    if (leastPriority)
        *leastPriority = STREAM_PRIORITY_LEAST;
    if (greatestPriority)
        *greatestPriority = STREAM_PRIORITY_GREATEST;
    return cudaSuccess;
}

cudaError_t cudaStreamDestroy(cudaStream_t h)
{
    API_ENTER();
    if (h == NULL || h == cudaStreamLegacy || h == cudaStreamPerThread)
        return api_return(cudaErrorInvalidResourceHandle);
    struct CUstream_st *s = h;
    if (simt__handle_remove(HANDLE_STREAM, HANDLE(h)) != HANDLE_LIVE)
        return api_return(stream_error(h));
    /* Pending work still completes; the stream goes once its last
     * command has. */
    capture_leave(s);
    timeline_release_stream(s);
    return cudaSuccess;
}


/* Blocks until the work of s is done (see ends_of). */
static void drain(struct CUstream_st *s)
{
    struct cmd *v[64];
    int n;
    do {
        n = timeline_ends_of(s, v, 64);
        for (int i = 0; i < n; i++) {
            cmd_wait(v[i]);
            cmd_unref(v[i]);
        }
    } while (n == 64);
    /* Commands done before the call were not waited for: the host is
     * ordered after them all the same (stream races, checking builds). */
    timeline_host_saw_ends(s);
}

cudaError_t stream_sync(struct CUstream_st *s)
{
    drain(s);
    printf_flush();
    mempool_trim_all();
    return api_sticky();
}

/* What cudaStreamSynchronize and cudaStreamQuery check: a live stream,
 * then the capture rules (capture_check_sync); NULL with *e the error. */
static struct CUstream_st *sync_target(cudaStream_t h, cudaError_t *e)
{
    struct CUstream_st *s = stream_resolve(h);
    *e = s ? capture_check_sync(s) : stream_error(h);
    return *e == cudaSuccess ? s : NULL;
}

cudaError_t cudaStreamSynchronize(cudaStream_t h)
{
    API_ENTER();
    cudaError_t e;
    struct CUstream_st *s = sync_target(h, &e);
    return s ? stream_sync(s) : api_return(e);
}

cudaError_t cudaStreamQuery(cudaStream_t h)
{
    API_ENTER();
    cudaError_t e;
    struct CUstream_st *s = sync_target(h, &e);
    if (!s)
        return api_return(e);
    struct cmd *v[1];
    int busy = timeline_ends_of(s, v, 1);
    if (busy)
        cmd_unref(v[0]);
    else if (hook_checking())
        streamrace_host_waited_all(); /* the host saw it done (more: hides races only) */
    /* An H200: not ready is no error, cudaGetLastError stays clean. */
    return busy ? cudaErrorNotReady : cudaSuccess;
}

/* The getters of a stream's properties: a live stream, then out (NULL:
 * cudaErrorInvalidValue), which gets the property `what`. */
enum stream_prop { PROP_FLAGS, PROP_PRIORITY, PROP_ID, PROP_DEVICE };

static cudaError_t get_prop(cudaStream_t h, enum stream_prop what, void *out)
{
    API_ENTER();
    const struct CUstream_st *s = stream_resolve(h);
    if (!s)
        return api_return(stream_error(h));
    if (!out)
        return api_return(cudaErrorInvalidValue);
    switch (what) {
    case PROP_FLAGS: *(unsigned *)out = s->flags; break;
    case PROP_PRIORITY: *(int *)out = s->priority; break;
    case PROP_ID: *(unsigned long long *)out = s->id; break;
    case PROP_DEVICE: *(int *)out = s->ordinal; break;
    }
    return cudaSuccess;
}

cudaError_t cudaStreamGetFlags(cudaStream_t h, unsigned int *flags)
{
    return get_prop(h, PROP_FLAGS, flags);
}

cudaError_t cudaStreamGetPriority(cudaStream_t h, int *priority)
{
    return get_prop(h, PROP_PRIORITY, priority);
}

/* ---- stream attributes ------------------------------------------------------ */

/* Which launch attributes a stream takes (an H100: the access policy
 * window, the synchronization policy, the priority and the memory
 * synchronization domain and its map; the others are invalid values). */
static int stream_attr_ok(cudaLaunchAttributeID id)
{
    return id == cudaLaunchAttributeAccessPolicyWindow ||
           id == cudaLaunchAttributeSynchronizationPolicy || id == cudaLaunchAttributePriority ||
           id == cudaLaunchAttributeMemSyncDomainMap || id == cudaLaunchAttributeMemSyncDomain;
}

/* cudaStreamGetAttribute: only the member asked for is written, as on a
 * GPU. */
static cudaError_t get_attr(const struct CUstream_st *s, cudaLaunchAttributeID attr,
                            cudaLaunchAttributeValue *value)
{
    switch (attr) {
    case cudaLaunchAttributeAccessPolicyWindow: value->accessPolicyWindow = s->apw; break;
    case cudaLaunchAttributeSynchronizationPolicy:
        value->syncPolicy = (enum cudaSynchronizationPolicy)(s->sync_policy ? s->sync_policy : -1);
        break;
    case cudaLaunchAttributePriority: value->priority = s->priority; break;
    case cudaLaunchAttributeMemSyncDomainMap:
        msd_map_get(value, s->msd_default, s->msd_remote_flip);
        break;
    default: value->memSyncDomain = (cudaLaunchMemSyncDomain)s->msd; break;
    }
    return cudaSuccess;
}

static cudaError_t set_attr(struct CUstream_st *s, cudaLaunchAttributeID attr,
                            const cudaLaunchAttributeValue *value)
{
    switch (attr) {
    case cudaLaunchAttributeAccessPolicyWindow:
        /* simt's device has no persisting L2 (cudaDevAttrMaxAccessPolicyWindowSize
         * is 0), and a window is only a hint: any size is taken. */
        if (!access_window_take(&value->accessPolicyWindow, &s->apw))
            return api_return(cudaErrorInvalidValue);
        break;
    case cudaLaunchAttributeSynchronizationPolicy:
        if (value->syncPolicy < cudaSyncPolicyAuto || value->syncPolicy > cudaSyncPolicyBlockingSync)
            return api_return(cudaErrorInvalidValue);
        s->sync_policy = value->syncPolicy;
        break;
    case cudaLaunchAttributePriority: s->priority = stream_priority_clamp(value->priority); break;
    case cudaLaunchAttributeMemSyncDomainMap:
        msd_map_set(value, &s->msd_default, &s->msd_remote_flip);
        break;
    default: s->msd = value->memSyncDomain; break;
    }
    return cudaSuccess;
}

/* cudaStreamGetAttribute (get) and cudaStreamSetAttribute (set): a live
 * stream, then a value and an attribute a stream takes. */
static cudaError_t stream_attr(cudaStream_t h, cudaLaunchAttributeID attr,
                               cudaLaunchAttributeValue *get, const cudaLaunchAttributeValue *set)
{
    API_ENTER();
    struct CUstream_st *s = stream_resolve(h);
    if (!s)
        return api_return(stream_error(h));
    if ((!get && !set) || !stream_attr_ok(attr))
        return api_return(cudaErrorInvalidValue);
    return get ? get_attr(s, attr, get) : set_attr(s, attr, set);
}

cudaError_t cudaStreamGetAttribute(cudaStream_t h, cudaLaunchAttributeID attr,
                                   cudaLaunchAttributeValue *value)
{
    return stream_attr(h, attr, value, NULL);
}

cudaError_t cudaStreamSetAttribute(cudaStream_t h, cudaLaunchAttributeID attr,
                                   const cudaLaunchAttributeValue *value)
{
    return stream_attr(h, attr, NULL, value);
}

cudaError_t cudaStreamCopyAttributes(cudaStream_t dst, cudaStream_t src)
{
    API_ENTER();
    struct CUstream_st *d = stream_resolve(dst), *s = stream_resolve(src);
    if (!d || !s)
        return api_return(stream_error(d ? src : dst));
    d->apw = s->apw;
    d->sync_policy = s->sync_policy;
    d->msd_default = s->msd_default;
    d->msd_remote_flip = s->msd_remote_flip;
    d->msd = s->msd;
    return cudaSuccess;
}

cudaError_t cudaCtxResetPersistingL2Cache(void)
{
    /* No line of simt's caches persists. */
    API_ENTER();
    return cudaSuccess;
}

cudaError_t cudaStreamGetDevice(cudaStream_t h, int *device)
{
    return get_prop(h, PROP_DEVICE, device);
}

cudaError_t cudaStreamGetId(cudaStream_t h, unsigned long long *streamId)
{
    return get_prop(h, PROP_ID, streamId);
}

cudaError_t stream_wait_cmd(struct CUstream_st *s, struct cmd *after)
{
    struct cmd *c = cmd_new(CMD_MARK);
    if (!c)
        return cudaErrorMemoryAllocation;
    stream_enqueue(s, c, after);
    cmd_unref(c);
    return cudaSuccess;
}

struct callback {
    cudaStreamCallback_t cb;
    cudaHostFn_t fn;
    void *user;
    cudaStream_t handle;
};

static void run_callback(void *arg)
{
    struct callback *cb = arg;
    /* CUDA guide: device printf output is flushed before a callback runs. */
    printf_flush();
    if (cb->cb)
        cb->cb(cb->handle, api_sticky(), cb->user);
    else
        cb->fn(cb->user);
    free(cb);
}

/* The timeline's side of a host function or callback (op.h). */
static cudaError_t enqueue_callback(struct CUstream_st *s, struct op *op)
{
    struct callback *c = malloc(sizeof *c);
    if (!c)
        return cudaErrorMemoryAllocation;
    c->cb = op->u.host.cb;
    c->fn = op->u.host.fn;
    c->user = op->u.host.user;
    c->handle = op->u.host.handle;
    cudaError_t e = stream_run_async(s, run_callback, c);
    if (e != cudaSuccess)
        free(c);
    return e;
}

static cudaError_t add_callback(cudaStream_t h, cudaStreamCallback_t cb, cudaHostFn_t fn,
                                void *user)
{
    API_ENTER();
    struct CUstream_st *s = stream_resolve(h);
    if (!s)
        return api_return(stream_error(h));
    if (!cb && !fn)
        return api_return(cudaErrorInvalidValue);
    struct op op = {.kind = OP_HOST, .enqueue = enqueue_callback};
    op.u.host.cb = cb;
    op.u.host.fn = fn;
    op.u.host.user = user;
    op.u.host.handle = h;
    cudaError_t e = op_submit(s, &op);
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
                                  void *userData, unsigned int flags)
{
    API_ENTER();
    if (flags != 0 || !callback)
        return api_return(cudaErrorInvalidValue);
    /* Callbacks with a status argument cannot become graph nodes. */
    struct CUstream_st *s = stream_resolve(stream);
    if (s && stream_is_capturing(s))
        return api_return(capture_forbid(s));
    return add_callback(stream, callback, NULL, userData);
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData)
{
    API_ENTER();
    if (!fn)
        return api_return(cudaErrorInvalidValue);
    return add_callback(stream, NULL, fn, userData);
}

/* Accepted: all memory is visible to every stream and to the host.  An
 * H200 wants managed memory and length 0. */
cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr, size_t length,
                                     unsigned int flags)
{
    API_ENTER();
    struct CUstream_st *s = stream_resolve(stream);
    if (!s)
        return api_return(stream_error(stream));
    if (stream_is_capturing(s))
        return api_return(capture_forbid(s));
    if (flags & ~(unsigned)(cudaMemAttachGlobal | cudaMemAttachHost | cudaMemAttachSingle))
        return api_return(cudaErrorInvalidValue);
    struct mem_range r;
    if (length != 0 || !mem_lookup(devPtr, &r) || r.type != MEM_MANAGED)
        return api_return(cudaErrorInvalidValue);
    return cudaSuccess;
}

/* ---- reset ----------------------------------------------------------------- */

void stream_reset_all(void)
{
    timeline_wait_all();
    capture_reset_all();
    timeline_reset_streams(-1);
    mempool_reset();
}

/* The memory pools are the first device's and stay (docs/COMPATIBILITY.md);
 * a capture in progress ends, whichever device's stream it captures. */
void stream_reset_device(int d)
{
    timeline_wait_device(d);
    capture_reset_all();
    timeline_reset_streams(d);
}
