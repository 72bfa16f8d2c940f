/*
 * stream.c: commands, streams, stream capture and the host API over them.
 *
 * One lock (the timeline lock) guards every command's dependency counts and
 * every stream's `last`; it is never held while user code or a kernel
 * runs.  Completion wakes waiters through one condition variable.
 *
 * A second lock (the capture lock) guards the capture sequences and the
 * capture state of streams.  It is taken before the timeline lock, never
 * after it.  While no capture is active (the common case) operations test
 * one atomic counter and never take it.
 *
 * The results of calls during capture are what an H200 returned (CUDA 13):
 * docs/gpu-facts/streams-capture.txt.
 */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "runtime/graph.h"
#include "runtime/memory.h"
#include "runtime/stream.h"

static struct {
    pthread_mutex_t lock;
    pthread_cond_t done;
    int waiters;
    struct CUstream_st legacy;
    struct CUstream_st *streams; /* created and per-thread streams */
    unsigned long long next_id;
} T = {.lock = PTHREAD_MUTEX_INITIALIZER, .done = PTHREAD_COND_INITIALIZER,
       .legacy = {.legacy = 1, .id = 1}, .next_id = 2};

static SIMT_TLS struct CUstream_st *per_thread;

static long long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void oom(void) __attribute__((noreturn));
static void oom(void)
{
    fprintf(stderr, "simt: error: out of memory in the stream queue\n");
    abort();
}

/* ---- commands ----------------------------------------------------------- */

struct cmd *cmd_new(enum cmd_kind kind)
{
    struct cmd *c = calloc(1, sizeof *c);
    if (!c)
        oom();
    c->kind = kind;
    c->refs = 1;
    return c;
}

static void cmd_free(struct cmd *c)
{
    free(c->succ);
    free(c);
}

static void unref_locked(struct cmd *c)
{
    if (c && --c->refs == 0)
        cmd_free(c);
}

void cmd_ref(struct cmd *c)
{
    pthread_mutex_lock(&T.lock);
    c->refs++;
    pthread_mutex_unlock(&T.lock);
}

void cmd_unref(struct cmd *c)
{
    if (!c)
        return;
    pthread_mutex_lock(&T.lock);
    unref_locked(c);
    pthread_mutex_unlock(&T.lock);
}

int cmd_done(const struct cmd *c)
{
    return atomic_load_explicit(&c->done, memory_order_acquire);
}

static void run_host_task(struct task *t)
{
    struct cmd *c = (struct cmd *)((char *)t - offsetof(struct cmd, task));
    c->fn(c->arg);
    cmd_complete(c, 0);
}

/* Commands whose dependencies became done while the lock was held: marks
 * complete at once, under the lock, after the caller's own work; the
 * others go to the workers once the lock is dropped (submit_ready), so
 * that the lock is never held across the engine's own lock and wake-ups. */
struct ready {
    struct cmd **marks, **run;
    int nmarks, capmarks, nrun, caprun;
};

static void push(struct cmd ***v, int *n, int *cap, struct cmd *c)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 8;
        struct cmd **nv = realloc(*v, (size_t)*cap * sizeof *nv);
        if (!nv)
            oom();
        *v = nv;
    }
    (*v)[(*n)++] = c;
}

/* c's dependencies are all done. */
static void start_locked(struct cmd *c, struct ready *r)
{
    if (c->kind == CMD_MARK)
        push(&r->marks, &r->nmarks, &r->capmarks, c);
    else
        push(&r->run, &r->nrun, &r->caprun, c);
}

/* Hands the runnable commands of r to the workers; called without the
 * lock.  A command cannot complete (nor be freed: the timeline holds it)
 * before it is submitted. */
static void submit_ready(struct ready *r)
{
    for (int i = 0; i < r->nrun; i++) {
        struct cmd *c = r->run[i];
        if (c->kind == CMD_GRID) {
            engine_submit_grid(c->grid);
        } else {
            c->task.run = run_host_task;
            engine_submit_task(&c->task);
        }
    }
    free(r->run);
    free(r->marks);
}

static void add_dep_locked(struct cmd *c, struct cmd *before)
{
    if (!before || before == c || cmd_done(before))
        return;
    for (int i = 0; i < before->nsucc; i++)
        if (before->succ[i] == c)
            return;
    if (before->nsucc == before->capsucc) {
        int cap = before->capsucc ? 2 * before->capsucc : 4;
        struct cmd **n = realloc(before->succ, (size_t)cap * sizeof *n);
        if (!n)
            oom();
        before->succ = n;
        before->capsucc = cap;
    }
    before->succ[before->nsucc++] = c;
    c->deps++;
    c->refs++; /* held by before's successor list */
}

static int is_blocking(const struct CUstream_st *s)
{
    return !s->legacy && !(s->flags & cudaStreamNonBlocking);
}

static void stream_remove_locked(struct CUstream_st *s)
{
    for (struct CUstream_st **p = &T.streams; *p; p = &(*p)->next) {
        if (*p == s) {
            *p = s->next;
            break;
        }
    }
    unref_locked(s->last);
    free(s->frontier);
    free(s);
}

/* Completes c and everything its completion makes complete (marks),
 * under lock; what becomes runnable is added to r. */
/* Commands not done, all streams (changed under T.lock; read without
 * it by simt/core/hostlib.h's inline check). */
long simt__pending_cmds;

static void complete_locked(struct cmd *c, int error, struct ready *r)
{
    for (;;) {
        c->error = error;
        c->done_ns = now_ns();
        atomic_store_explicit(&c->done, 1, memory_order_release);
        __atomic_store_n(&simt__pending_cmds, simt__pending_cmds - 1, __ATOMIC_RELEASE);
        for (int i = 0; i < c->nsucc; i++) {
            struct cmd *s = c->succ[i];
            if (--s->deps == 0)
                start_locked(s, r);
            unref_locked(s);
        }
        c->nsucc = 0;
        struct CUstream_st *st = c->stream;
        if (st && st->destroyed && st->last == c)
            stream_remove_locked(st);
        unref_locked(c); /* the reference the timeline held while it ran */
        if (r->nmarks == 0)
            break;
        c = r->marks[--r->nmarks];
        error = 0;
    }
    if (T.waiters)
        pthread_cond_broadcast(&T.done);
}

/* Completes the marks found so far. */
static void complete_marks_locked(struct ready *r)
{
    if (r->nmarks > 0)
        complete_locked(r->marks[--r->nmarks], 0, r);
}

void cmd_complete(struct cmd *c, int error)
{
    struct ready r = {0};
    if (error)
        api_fail_context((cudaError_t)error);
    pthread_mutex_lock(&T.lock);
    complete_locked(c, error, &r);
    pthread_mutex_unlock(&T.lock);
    submit_ready(&r);
}

/* Counts c as pending on the timeline, owned by stream s. */
static void track_locked(struct CUstream_st *s, struct cmd *c)
{
    c->stream = s;
    c->refs++; /* held by the timeline until c completes */
    __atomic_store_n(&simt__pending_cmds, simt__pending_cmds + 1, __ATOMIC_RELAXED);
}

/* Makes c the newest command of s. */
static void set_last_locked(struct CUstream_st *s, struct cmd *c)
{
    c->refs++;
    unref_locked(s->last);
    s->last = c;
}

/* Links c into s and counts its dependencies; returns 1 when c can start. */
static int link_locked(struct CUstream_st *s, struct cmd *c, struct cmd *after)
{
    track_locked(s, c);
    add_dep_locked(c, s->last);
    add_dep_locked(c, after);
    if (s->legacy) {
        for (struct CUstream_st *o = T.streams; o; o = o->next)
            if (is_blocking(o))
                add_dep_locked(c, o->last);
    } else if (is_blocking(s)) {
        add_dep_locked(c, T.legacy.last);
    }
    set_last_locked(s, c);
    return c->deps == 0;
}

void stream_enqueue(struct CUstream_st *s, struct cmd *c, struct cmd *after)
{
    struct ready r = {0};
    engine_start();
    pthread_mutex_lock(&T.lock);
    if (link_locked(s, c, after))
        start_locked(c, &r);
    complete_marks_locked(&r);
    pthread_mutex_unlock(&T.lock);
    submit_ready(&r);
}

int stream_enqueue_inline(struct CUstream_st *s, struct cmd *c)
{
    engine_start();
    pthread_mutex_lock(&T.lock);
    int now = link_locked(s, c, NULL);
    pthread_mutex_unlock(&T.lock);
    return now;
}

struct cmd *stream_enqueue_batch(struct CUstream_st *s, struct cmd **cmds, int n,
                                 const int *dep_start, const int *deps, struct cmd *after)
{
    struct ready r = {0};
    struct cmd *entry = cmd_new(CMD_MARK), *exit = cmd_new(CMD_MARK);
    engine_start();
    pthread_mutex_lock(&T.lock);
    /* The entry follows the stream's rules; everything else follows the
     * entry, and the exit becomes the stream's newest command. */
    link_locked(s, entry, after);
    for (int i = 0; i < n; i++) {
        struct cmd *c = cmds[i];
        track_locked(s, c);
        if (dep_start[i] == dep_start[i + 1])
            add_dep_locked(c, entry);
        for (int k = dep_start[i]; k < dep_start[i + 1]; k++) {
            assert(deps[k] < i);
            add_dep_locked(c, cmds[deps[k]]);
        }
        if (c->wait_for) {
            add_dep_locked(c, c->wait_for);
            unref_locked(c->wait_for);
            c->wait_for = NULL;
        }
    }
    track_locked(s, exit);
    add_dep_locked(exit, entry);
    for (int i = 0; i < n; i++)
        add_dep_locked(exit, cmds[i]);
    set_last_locked(s, exit);
    exit->refs++; /* the caller's */
    /* Nothing could start before the entry; what has no unmet dependency
     * now (the entry, commands whose dependencies are all done already)
     * starts. */
    if (entry->deps == 0)
        start_locked(entry, &r);
    for (int i = 0; i < n; i++) {
        if (cmds[i]->deps == 0)
            start_locked(cmds[i], &r);
        unref_locked(cmds[i]);
    }
    if (exit->deps == 0)
        start_locked(exit, &r);
    unref_locked(entry);
    unref_locked(exit);
    complete_marks_locked(&r);
    pthread_mutex_unlock(&T.lock);
    submit_ready(&r);
    return exit;
}

void stream_expand(struct cmd *exit, struct cmd **cmds, int n, const int *dep_start,
                   const int *deps)
{
    struct ready r = {0};
    pthread_mutex_lock(&T.lock);
    /* exit cannot complete meanwhile: the caller is one of its
     * dependencies and still runs; so its stream is alive too. */
    assert(!cmd_done(exit));
    struct CUstream_st *s = exit->stream;
    for (int i = 0; i < n; i++) {
        struct cmd *c = cmds[i];
        track_locked(s, c);
        for (int k = dep_start[i]; k < dep_start[i + 1]; k++) {
            assert(deps[k] < i);
            add_dep_locked(c, cmds[deps[k]]);
        }
        if (c->wait_for) {
            add_dep_locked(c, c->wait_for);
            unref_locked(c->wait_for);
            c->wait_for = NULL;
        }
        add_dep_locked(exit, c);
    }
    for (int i = 0; i < n; i++) {
        if (cmds[i]->deps == 0)
            start_locked(cmds[i], &r);
        unref_locked(cmds[i]);
    }
    complete_marks_locked(&r);
    pthread_mutex_unlock(&T.lock);
    submit_ready(&r);
}

static void cpu_relax(void)
{
#if defined(__x86_64__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ volatile("yield");
#endif
}

/* Whether grid g's command comes before c in the timeline (c waits for
 * it, directly or through others): a host thread waiting for c may run
 * g's blocks.  Under the lock, a command that has not completed is alive,
 * and g's is not complete while g holds its blocks (holds > 0).  The
 * search is bounded (and the lock only tried, the caller may hold the
 * engine's): when it gives up, the workers run g. */
static int cmd_needs(const struct grid *g, const void *arg)
{
    const struct cmd *c = arg;
    if (g->owner == c)
        return 1;
    if (pthread_mutex_trylock(&T.lock) != 0)
        return 0;
    int found = 0;
    if (atomic_load_explicit(&g->holds, memory_order_acquire) > 0) {
        const struct cmd *stack[32];
        int n = 0, visits = 0;
        stack[n++] = g->owner;
        while (n > 0 && !found && visits++ < 256) {
            const struct cmd *x = stack[--n];
            for (int i = 0; i < x->nsucc && !found; i++) {
                if (x->succ[i] == c)
                    found = 1;
                else if (n < 32)
                    stack[n++] = x->succ[i];
            }
        }
    }
    pthread_mutex_unlock(&T.lock);
    return found;
}

/* Waits until done(arg).  The waiting thread first runs blocks of the
 * grids it waits for itself (engine_help, as a guest worker), then spins
 * briefly (a launch often completes within microseconds), then sleeps on
 * the completion condition; each completion that wakes it has it try
 * running blocks again (the next grid of a stream becomes runnable when
 * the one before completes). */
static void wait_until(int (*done)(const void *), int (*wants)(const struct grid *, const void *),
                       const void *arg)
{
    long long start = now_ns();
    for (unsigned i = 0;; i++) {
        if ((i & 63) == 0 ? engine_help(done, wants, arg) : done(arg))
            return;
        cpu_relax();
        if ((i & 255) == 255 && now_ns() - start > 50000)
            break;
    }
    pthread_mutex_lock(&T.lock);
    while (!done(arg)) {
        T.waiters++;
        pthread_cond_wait(&T.done, &T.lock);
        T.waiters--;
        if (!done(arg)) {
            pthread_mutex_unlock(&T.lock);
            engine_help(done, wants, arg);
            pthread_mutex_lock(&T.lock);
        }
    }
    pthread_mutex_unlock(&T.lock);
}

static int cmd_is_done(const void *c)
{
    return cmd_done(c);
}

static int all_done(const void *unused)
{
    (void)unused;
    return __atomic_load_n(&simt__pending_cmds, __ATOMIC_ACQUIRE) == 0;
}

void cmd_wait(struct cmd *c)
{
    wait_until(cmd_is_done, cmd_needs, c);
}

void timeline_wait_all(void)
{
    wait_until(all_done, NULL, NULL);
    mempool_trim_all();
}

/* ---- streams ------------------------------------------------------------- */

static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static pthread_key_t thread_key;

/* A host thread ends: its default stream goes once its work is done, as
 * a destroyed stream does. */
static void capture_leave(struct CUstream_st *s);

static void thread_ended(void *arg)
{
    struct CUstream_st *s = arg;
    capture_leave(s);
    pthread_mutex_lock(&T.lock);
    s->destroyed = 1;
    if (!s->last || cmd_done(s->last))
        stream_remove_locked(s);
    pthread_mutex_unlock(&T.lock);
}

static void make_key(void)
{
    if (pthread_key_create(&thread_key, thread_ended) != 0)
        oom();
}

static void stream_add_locked(struct CUstream_st *s)
{
    s->id = T.next_id++;
    s->next = T.streams;
    T.streams = s;
}

static struct CUstream_st *per_thread_stream(void)
{
    struct CUstream_st *s = per_thread;
    if (s)
        return s;
    pthread_once(&key_once, make_key);
    s = calloc(1, sizeof *s);
    if (!s)
        oom();
    s->per_thread = 1;
    pthread_mutex_lock(&T.lock);
    stream_add_locked(s);
    pthread_mutex_unlock(&T.lock);
    pthread_setspecific(thread_key, s);
    per_thread = s;
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

struct CUstream_st *stream_resolve(cudaStream_t h)
{
    if (h == NULL && per_thread_default)
        return per_thread_stream();
    if (h == NULL || h == cudaStreamLegacy)
        return &T.legacy;
    if (h == cudaStreamPerThread)
        return per_thread_stream();
    struct CUstream_st *found = NULL;
    pthread_mutex_lock(&T.lock);
    for (struct CUstream_st *s = T.streams; s; s = s->next)
        if (s == h && !s->destroyed)
            found = s;
    pthread_mutex_unlock(&T.lock);
    return found;
}

void stream_run_sync(struct CUstream_st *s, void (*fn)(void *), void *arg)
{
    struct cmd *c = cmd_new(CMD_HOST);
    c->fn = fn;
    c->arg = arg;
    if (stream_enqueue_inline(s, c)) {
        fn(arg);
        cmd_complete(c, 0);
    } else {
        cmd_wait(c);
    }
    cmd_unref(c);
}

void stream_run_async(struct CUstream_st *s, void (*fn)(void *), void *arg)
{
    struct cmd *c = cmd_new(CMD_HOST);
    c->fn = fn;
    c->arg = arg;
    stream_enqueue(s, c, NULL);
    cmd_unref(c);
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
    s->priority = stream_priority_clamp(priority);
    pthread_mutex_lock(&T.lock);
    stream_add_locked(s);
    pthread_mutex_unlock(&T.lock);
    *out = s;
    return cudaSuccess;
}

cudaError_t cudaStreamCreate(cudaStream_t *pStream)
{
    return create(pStream, cudaStreamDefault, 0);
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags)
{
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
    struct CUstream_st *s = stream_resolve(h);
    if (!s)
        return api_return(cudaErrorInvalidResourceHandle);
    /* Pending work still completes; the stream goes once its last
     * command has. */
    capture_leave(s);
    pthread_mutex_lock(&T.lock);
    s->destroyed = 1;
    if (!s->last || cmd_done(s->last))
        stream_remove_locked(s);
    pthread_mutex_unlock(&T.lock);
    return cudaSuccess;
}

/* What waiting for stream s waits for: its newest command and, for the
 * legacy stream, the newest command of every blocking stream (the legacy
 * stream's next command would wait for them).  Fills v (referenced) and
 * returns the count, at most max. */
static int ends_of(struct CUstream_st *s, struct cmd **v, int max)
{
    int n = 0;
    pthread_mutex_lock(&T.lock);
    if (s->last && !cmd_done(s->last))
        v[n++] = s->last;
    if (s->legacy)
        for (struct CUstream_st *o = T.streams; o && n < max; o = o->next)
            if (is_blocking(o) && o->last && !cmd_done(o->last))
                v[n++] = o->last;
    for (int i = 0; i < n; i++)
        v[i]->refs++;
    pthread_mutex_unlock(&T.lock);
    return n;
}

/* Blocks until the work of s is done (see ends_of). */
static void drain(struct CUstream_st *s)
{
    struct cmd *v[64];
    int n;
    do {
        n = ends_of(s, v, 64);
        for (int i = 0; i < n; i++) {
            cmd_wait(v[i]);
            cmd_unref(v[i]);
        }
    } while (n == 64);
}

cudaError_t stream_sync(struct CUstream_st *s)
{
    drain(s);
    printf_flush();
    mempool_trim_all();
    return api_sticky();
}

cudaError_t cudaStreamSynchronize(cudaStream_t h)
{
    API_ENTER();
    struct CUstream_st *s = stream_resolve(h);
    if (!s)
        return api_return(cudaErrorInvalidResourceHandle);
    cudaError_t e = capture_check_sync(s);
    if (e != cudaSuccess)
        return api_return(e);
    return stream_sync(s);
}

cudaError_t cudaStreamQuery(cudaStream_t h)
{
    API_ENTER();
    struct CUstream_st *s = stream_resolve(h);
    if (!s)
        return api_return(cudaErrorInvalidResourceHandle);
    cudaError_t e = capture_check_sync(s);
    if (e != cudaSuccess)
        return api_return(e);
    struct cmd *v[1];
    int busy = ends_of(s, v, 1);
    if (busy)
        cmd_unref(v[0]);
    /* An H200: not ready is no error, cudaGetLastError stays clean. */
    return busy ? cudaErrorNotReady : cudaSuccess;
}

cudaError_t cudaStreamGetFlags(cudaStream_t h, unsigned int *flags)
{
    API_ENTER();
    struct CUstream_st *s = stream_resolve(h);
    if (!s)
        return api_return(cudaErrorInvalidResourceHandle);
    if (!flags)
        return api_return(cudaErrorInvalidValue);
    *flags = s->flags;
    return cudaSuccess;
}

cudaError_t cudaStreamGetPriority(cudaStream_t h, int *priority)
{
    API_ENTER();
    struct CUstream_st *s = stream_resolve(h);
    if (!s)
        return api_return(cudaErrorInvalidResourceHandle);
    if (!priority)
        return api_return(cudaErrorInvalidValue);
    *priority = s->priority;
    return cudaSuccess;
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

cudaError_t cudaStreamGetAttribute(cudaStream_t h, cudaLaunchAttributeID attr,
                                   cudaLaunchAttributeValue *value)
{
    API_ENTER();
    struct CUstream_st *s = stream_resolve(h);
    if (!s)
        return api_return(cudaErrorInvalidResourceHandle);
    if (!value || !stream_attr_ok(attr))
        return api_return(cudaErrorInvalidValue);
    /* Only the member asked for is written, as on a GPU. */
    switch (attr) {
    case cudaLaunchAttributeAccessPolicyWindow: value->accessPolicyWindow = s->apw; break;
    case cudaLaunchAttributeSynchronizationPolicy:
        value->syncPolicy = (enum cudaSynchronizationPolicy)(s->sync_policy ? s->sync_policy : -1);
        break;
    case cudaLaunchAttributePriority: value->priority = s->priority; break;
    case cudaLaunchAttributeMemSyncDomainMap:
        value->memSyncDomainMap.default_ = s->msd_default;
        value->memSyncDomainMap.remote = (unsigned char)(s->msd_remote_flip ^ 1);
        break;
    default: value->memSyncDomain = (cudaLaunchMemSyncDomain)s->msd; break;
    }
    return cudaSuccess;
}

cudaError_t cudaStreamSetAttribute(cudaStream_t h, cudaLaunchAttributeID attr,
                                   const cudaLaunchAttributeValue *value)
{
    API_ENTER();
    struct CUstream_st *s = stream_resolve(h);
    if (!s)
        return api_return(cudaErrorInvalidResourceHandle);
    if (!value || !stream_attr_ok(attr))
        return api_return(cudaErrorInvalidValue);
    switch (attr) {
    case cudaLaunchAttributeAccessPolicyWindow:
        /* simt's device has no persisting L2 (cudaDevAttrMaxAccessPolicyWindowSize
         * is 0), and a window is only a hint: any size is taken. */
        if (!access_window_ok(&value->accessPolicyWindow))
            return api_return(cudaErrorInvalidValue);
        s->apw = value->accessPolicyWindow;
        break;
    case cudaLaunchAttributeSynchronizationPolicy:
        if (value->syncPolicy < cudaSyncPolicyAuto || value->syncPolicy > cudaSyncPolicyBlockingSync)
            return api_return(cudaErrorInvalidValue);
        s->sync_policy = value->syncPolicy;
        break;
    case cudaLaunchAttributePriority:
        s->priority = stream_priority_clamp(value->priority);
        break;
    case cudaLaunchAttributeMemSyncDomainMap:
        s->msd_default = value->memSyncDomainMap.default_;
        s->msd_remote_flip = (unsigned char)(value->memSyncDomainMap.remote ^ 1);
        break;
    default: s->msd = value->memSyncDomain; break;
    }
    return cudaSuccess;
}

cudaError_t cudaStreamCopyAttributes(cudaStream_t dst, cudaStream_t src)
{
    API_ENTER();
    struct CUstream_st *d = stream_resolve(dst), *s = stream_resolve(src);
    if (!d || !s)
        return api_return(cudaErrorInvalidResourceHandle);
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
    API_ENTER();
    if (!stream_resolve(h))
        return api_return(cudaErrorInvalidResourceHandle);
    if (!device)
        return api_return(cudaErrorInvalidValue);
    *device = 0;
    return cudaSuccess;
}

cudaError_t cudaStreamGetId(cudaStream_t h, unsigned long long *streamId)
{
    API_ENTER();
    struct CUstream_st *s = stream_resolve(h);
    if (!s)
        return api_return(cudaErrorInvalidResourceHandle);
    if (!streamId)
        return api_return(cudaErrorInvalidValue);
    *streamId = s->id;
    return cudaSuccess;
}

cudaError_t stream_wait_cmd(struct CUstream_st *s, struct cmd *after)
{
    struct cmd *c = cmd_new(CMD_MARK);
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

static cudaError_t add_callback(cudaStream_t h, cudaStreamCallback_t cb, cudaHostFn_t fn,
                                void *user)
{
    API_ENTER();
    struct CUstream_st *s = stream_resolve(h);
    if (!s)
        return api_return(cudaErrorInvalidResourceHandle);
    if (!cb && !fn)
        return api_return(cudaErrorInvalidValue);
    cudaGraphNode_t node;
    cudaError_t e = capture_op(s, cudaGraphNodeTypeHost, &node);
    if (e != cudaSuccess)
        return api_return(e);
    if (node) {
        node->u.host.fn = fn;
        node->u.host.userData = user;
        capture_done();
        return cudaSuccess;
    }
    struct callback *c = malloc(sizeof *c);
    if (!c)
        return api_return(cudaErrorMemoryAllocation);
    c->cb = cb;
    c->fn = fn;
    c->user = user;
    c->handle = h;
    stream_run_async(s, run_callback, c);
    return cudaSuccess;
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
        return api_return(cudaErrorInvalidResourceHandle);
    if (stream_is_capturing(s))
        return api_return(capture_forbid(s));
    if (flags & ~(unsigned)(cudaMemAttachGlobal | cudaMemAttachHost | cudaMemAttachSingle))
        return api_return(cudaErrorInvalidValue);
    struct mem_range r;
    if (length != 0 || !mem_lookup(devPtr, &r) || r.type != MEM_MANAGED)
        return api_return(cudaErrorInvalidValue);
    return cudaSuccess;
}

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
    if (n <= s->capfront)
        return 0;
    size_t cap = s->capfront ? 2 * s->capfront : 4;
    while (cap < n)
        cap *= 2;
    cudaGraphNode_t *v = realloc(s->frontier, cap * sizeof *v);
    if (!v)
        return -1;
    s->frontier = v;
    s->capfront = cap;
    return 0;
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
        if (is_blocking(s))
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
        return cudaErrorInvalidResourceHandle;
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
    if (s->cap) {
        pthread_mutex_unlock(&C.lock);
        free(c);
        if (!into)
            graph_free(g);
        return cudaErrorIllegalState;
    }
    c->id = ++C.next_id;
    c->graph = g;
    c->to_graph = into != NULL;
    c->mode = mode;
    c->thread = pthread_self();
    c->origin = s;
    join_locked(c, s);
    if (frontier_add(s, deps, ndeps))
        oom();
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
    if (!graph)
        return api_return(cudaErrorInvalidValue);
    cudaError_t e = begin(h, graph, dependencies, dependencyData, numDependencies, mode);
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

/* Whether every stream that joined c has rejoined its origin: each node
 * of their frontiers precedes (or is) a node of the origin's frontier. */
static int joined_locked(const struct capture *c)
{
    const struct CUstream_st *o = c->origin;
    for (const struct CUstream_st *s = c->streams; s; s = s->cap_next) {
        if (s == o)
            continue;
        for (size_t i = 0; i < s->nfront; i++) {
            int reached = 0;
            for (size_t j = 0; j < o->nfront && !reached; j++)
                reached = graph_reaches(s->frontier[i], o->frontier[j]);
            if (!reached)
                return 0;
        }
    }
    for (size_t i = 0; i < c->nleft; i++) {
        int reached = 0;
        for (size_t j = 0; j < o->nfront && !reached; j++)
            reached = graph_reaches(c->left[i], o->frontier[j]);
        if (!reached)
            return 0;
    }
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
static void capture_leave(struct CUstream_st *s)
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
        if (c->nleft + s->nfront > c->capleft) {
            size_t cap = c->capleft ? c->capleft : 8;
            while (cap < c->nleft + s->nfront)
                cap *= 2;
            cudaGraphNode_t *v = realloc(c->left, cap * sizeof *v);
            if (!v)
                oom();
            c->left = v;
            c->capleft = cap;
        }
        memcpy(c->left + c->nleft, s->frontier, s->nfront * sizeof *s->frontier);
        c->nleft += s->nfront;
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
        return api_return(cudaErrorInvalidResourceHandle);
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
        return api_return(cudaErrorInvalidResourceHandle);
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
        return api_return(cudaErrorInvalidResourceHandle);
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
        return api_return(cudaErrorInvalidResourceHandle);
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

/* ---- reset ----------------------------------------------------------------- */

void stream_reset_all(void)
{
    timeline_wait_all();
    pthread_mutex_lock(&C.lock);
    while (C.list) {
        struct capture *c = C.list;
        end_locked(c);
        drop_graph(c);
        free(c);
    }
    pthread_mutex_unlock(&C.lock);
    pthread_mutex_lock(&T.lock);
    /* Created streams go; per-thread streams stay their threads' (their
     * pointers live in thread-local storage) unless the thread ended. */
    struct CUstream_st **p = &T.streams;
    while (*p) {
        struct CUstream_st *s = *p;
        if (s->per_thread && !s->destroyed) {
            unref_locked(s->last);
            s->last = NULL;
            p = &s->next;
        } else {
            *p = s->next;
            unref_locked(s->last);
            free(s->frontier);
            free(s);
        }
    }
    unref_locked(T.legacy.last);
    T.legacy.last = NULL;
    pthread_mutex_unlock(&T.lock);
    mempool_reset();
}
