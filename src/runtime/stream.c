/*
 * stream.c: commands, streams and the host API over them.
 *
 * One lock (the timeline lock) guards every command's dependency counts and
 * every stream's `last`; it is never held while user code or a kernel
 * runs.  Completion wakes waiters through one condition variable.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "runtime/stream.h"

static struct {
    pthread_mutex_t lock;
    pthread_cond_t done;
    int waiters;
    long pending;               /* commands not done */
    struct CUstream_st legacy;
    struct CUstream_st *streams; /* created and per-thread streams */
} T = {.lock = PTHREAD_MUTEX_INITIALIZER, .done = PTHREAD_COND_INITIALIZER,
       .legacy = {.legacy = 1}};

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

/* c's dependencies are all done: hand it to the workers.  Marks complete
 * at once; the caller holds the lock and collects them in *marks. */
static void start_locked(struct cmd *c, struct cmd ***marks, int *nmarks, int *cap)
{
    switch (c->kind) {
    case CMD_GRID:
        engine_submit_grid(c->grid);
        break;
    case CMD_HOST:
        c->task.run = run_host_task;
        engine_submit_task(&c->task);
        break;
    case CMD_MARK:
        if (*nmarks == *cap) {
            *cap = *cap ? 2 * *cap : 8;
            struct cmd **n = realloc(*marks, (size_t)*cap * sizeof *n);
            if (!n)
                oom();
            *marks = n;
        }
        (*marks)[(*nmarks)++] = c;
        break;
    }
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
    free(s);
}

/* Completes c and everything its completion makes complete, under lock. */
static void complete_locked(struct cmd *c, int error)
{
    struct cmd **marks = NULL;
    int nmarks = 0, cap = 0;
    for (;;) {
        c->error = error;
        c->done_ns = now_ns();
        atomic_store_explicit(&c->done, 1, memory_order_release);
        __atomic_store_n(&T.pending, T.pending - 1, __ATOMIC_RELEASE);
        for (int i = 0; i < c->nsucc; i++) {
            struct cmd *s = c->succ[i];
            if (--s->deps == 0)
                start_locked(s, &marks, &nmarks, &cap);
            unref_locked(s);
        }
        c->nsucc = 0;
        struct CUstream_st *st = c->stream;
        if (st && st->destroyed && st->last == c)
            stream_remove_locked(st);
        unref_locked(c); /* the reference the timeline held while it ran */
        if (nmarks == 0)
            break;
        c = marks[--nmarks];
        error = 0;
    }
    free(marks);
    if (T.waiters)
        pthread_cond_broadcast(&T.done);
}

void cmd_complete(struct cmd *c, int error)
{
    if (error)
        api_fail_context((cudaError_t)error);
    pthread_mutex_lock(&T.lock);
    complete_locked(c, error);
    pthread_mutex_unlock(&T.lock);
}

/* Links c into s and counts its dependencies; returns 1 when c can start. */
static int link_locked(struct CUstream_st *s, struct cmd *c, struct cmd *after)
{
    c->stream = s;
    c->refs++; /* held by the timeline until c completes */
    __atomic_store_n(&T.pending, T.pending + 1, __ATOMIC_RELAXED);
    add_dep_locked(c, s->last);
    add_dep_locked(c, after);
    if (s->legacy) {
        for (struct CUstream_st *o = T.streams; o; o = o->next)
            if (is_blocking(o))
                add_dep_locked(c, o->last);
    } else if (is_blocking(s)) {
        add_dep_locked(c, T.legacy.last);
    }
    c->refs++;
    unref_locked(s->last);
    s->last = c;
    return c->deps == 0;
}

void stream_enqueue(struct CUstream_st *s, struct cmd *c, struct cmd *after)
{
    struct cmd **marks = NULL;
    int nmarks = 0, cap = 0;
    engine_start();
    pthread_mutex_lock(&T.lock);
    if (link_locked(s, c, after))
        start_locked(c, &marks, &nmarks, &cap);
    while (nmarks > 0)
        complete_locked(marks[--nmarks], 0);
    free(marks);
    pthread_mutex_unlock(&T.lock);
}

int stream_enqueue_inline(struct CUstream_st *s, struct cmd *c)
{
    engine_start();
    pthread_mutex_lock(&T.lock);
    int now = link_locked(s, c, NULL);
    pthread_mutex_unlock(&T.lock);
    return now;
}

static void cpu_relax(void)
{
#if defined(__x86_64__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ volatile("yield");
#endif
}

/* Waits until done(arg): spins briefly (a launch often completes within
 * microseconds), then sleeps on the completion condition. */
static void wait_until(int (*done)(const void *), const void *arg)
{
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    long long start = (long long)t0.tv_sec * 1000000000LL + t0.tv_nsec;
    for (unsigned i = 0;; i++) {
        if (done(arg))
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
    return __atomic_load_n(&T.pending, __ATOMIC_ACQUIRE) == 0;
}

void cmd_wait(struct cmd *c)
{
    wait_until(cmd_is_done, c);
}

void timeline_wait_all(void)
{
    wait_until(all_done, NULL);
}

/* ---- streams ------------------------------------------------------------- */

static struct CUstream_st *per_thread_stream(void)
{
    struct CUstream_st *s = per_thread;
    if (s)
        return s;
    s = calloc(1, sizeof *s);
    if (!s)
        oom();
    s->per_thread = 1;
    pthread_mutex_lock(&T.lock);
    s->next = T.streams;
    T.streams = s;
    pthread_mutex_unlock(&T.lock);
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
    /* Priorities clamp to the device's range [0, -5] (lower is higher). */
    s->priority = priority > 0 ? 0 : priority < -5 ? -5 : priority;
    pthread_mutex_lock(&T.lock);
    s->next = T.streams;
    T.streams = s;
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
        *leastPriority = 0;
    if (greatestPriority)
        *greatestPriority = -5;
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
    pthread_mutex_lock(&T.lock);
    s->destroyed = 1;
    if (!s->last || cmd_done(s->last))
        stream_remove_locked(s);
    pthread_mutex_unlock(&T.lock);
    return cudaSuccess;
}

/* The newest command of s, referenced, or NULL. */
static struct cmd *last_of(struct CUstream_st *s)
{
    pthread_mutex_lock(&T.lock);
    struct cmd *c = s->last;
    if (c)
        c->refs++;
    pthread_mutex_unlock(&T.lock);
    return c;
}

cudaError_t stream_sync(struct CUstream_st *s)
{
    struct cmd *c = last_of(s);
    if (c) {
        cmd_wait(c);
        cmd_unref(c);
    }
    /* Waiting on the legacy stream also waits for the blocking streams it
     * depends on, which its last command already implies. */
    printf_flush();
    return api_sticky();
}

cudaError_t cudaStreamSynchronize(cudaStream_t h)
{
    API_ENTER();
    struct CUstream_st *s = stream_resolve(h);
    if (!s)
        return api_return(cudaErrorInvalidResourceHandle);
    return stream_sync(s);
}

cudaError_t cudaStreamQuery(cudaStream_t h)
{
    API_ENTER();
    struct CUstream_st *s = stream_resolve(h);
    if (!s)
        return api_return(cudaErrorInvalidResourceHandle);
    struct cmd *c = last_of(s);
    int busy = c && !cmd_done(c);
    cmd_unref(c);
    return busy ? api_return(cudaErrorNotReady) : cudaSuccess;
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
    if (flags != 0)
        return api_return(cudaErrorInvalidValue);
    return add_callback(stream, callback, NULL, userData);
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData)
{
    return add_callback(stream, NULL, fn, userData);
}

cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr, size_t length,
                                     unsigned int flags)
{
    API_ENTER();
    (void)devPtr;
    (void)length;
    if (!stream_resolve(stream))
        return api_return(cudaErrorInvalidResourceHandle);
    if (flags & ~(unsigned)(cudaMemAttachGlobal | cudaMemAttachHost | cudaMemAttachSingle))
        return api_return(cudaErrorInvalidValue);
    return cudaSuccess;
}

void stream_reset_all(void)
{
    timeline_wait_all();
    pthread_mutex_lock(&T.lock);
    while (T.streams) {
        struct CUstream_st *s = T.streams;
        T.streams = s->next;
        unref_locked(s->last);
        if (s->per_thread)
            s->last = NULL, s->next = NULL;
        else
            free(s);
    }
    unref_locked(T.legacy.last);
    T.legacy.last = NULL;
    pthread_mutex_unlock(&T.lock);
    per_thread = NULL;
}
