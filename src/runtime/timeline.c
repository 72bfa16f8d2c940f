/*
 * timeline.c: the device timeline: commands, their dependencies and
 * completion, and the order of the streams they are queued in (stream.h).
 *
 * One lock (the timeline lock) guards every command's dependency counts,
 * every stream's `last` and the list of streams; it is never held while
 * user code or a kernel runs.  Completion wakes waiters through one
 * condition variable.  The capture lock (capture.c) is taken before it,
 * never after it.
 */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/base.h"
#include "base/spare.h"
#include "runtime/devrt.h"
#include "runtime/handle.h"
#include "runtime/memory.h"
#include "runtime/stream.h"
#include "runtime/streamrace.h"
#include "check/hooks.h"
#include "trace/trace.h"

static struct {
    pthread_mutex_t lock;
    pthread_cond_t done;
    int waiters;
    struct CUstream_st legacy[DEVICE_MAX]; /* each device's, ids given on first use */
    struct CUstream_st *streams; /* created and per-thread streams */
    unsigned long long next_id;
} T = {.lock = PTHREAD_MUTEX_INITIALIZER, .done = PTHREAD_COND_INITIALIZER,
       .legacy = {[0] = {.legacy = 1, .id = 1}}, .next_id = 2};

/* The legacy stream waits for the blocking streams of its device, and they
 * for it (stream_is_blocking). */
static int legacy_peer(const struct CUstream_st *legacy, const struct CUstream_st *o)
{
    return stream_is_blocking(o) && o->ordinal == legacy->ordinal;
}


/* ---- commands ----------------------------------------------------------- */

struct cmd *cmd_new(enum cmd_kind kind)
{
    /* malloc and memset, not calloc: glibc's calloc skips the thread's
     * cache of small chunks, and a launch makes a command or two. */
    struct cmd *c = simt__spare_take(SPARE_CMD);
    if (!c && !(c = malloc(sizeof *c)))
        return NULL;
    memset(c, 0, sizeof *c);
    c->kind = kind;
    atomic_init(&c->refs, 1);
    return c;
}

static void cmd_free(struct cmd *c)
{
    if (c->race)
        streamrace_free(c);
    free(c->succ);
    if (!simt__spare_put(SPARE_CMD, c))
        free(c);
}

/* A command's count is atomic, so that its holders drop their
 * references without the timeline lock (a launch dropped its own under
 * the lock: one of seven lock pairs of a small launch and synchronize).
 * Only a holder of a reference takes another. */
void cmd_ref(struct cmd *c)
{
    int was = atomic_fetch_add_explicit(&c->refs, 1, memory_order_relaxed);
    assert(was > 0);
    (void)was;
}

void cmd_unref(struct cmd *c)
{
    if (!c)
        return;
    int was = atomic_fetch_sub_explicit(&c->refs, 1, memory_order_acq_rel);
    assert(was > 0);
    if (was == 1)
        cmd_free(c);
}

int cmd_done(const struct cmd *c)
{
    return atomic_load_explicit(&c->done, memory_order_acquire);
}

static void run_host_task(struct task *t)
{
    struct cmd *c = (struct cmd *)((char *)t - offsetof(struct cmd, task));
    trace_cmd_start(c);
    streamrace_run(c, c->fn, c->arg);
    /* Before waking the waiters: a host thread that saw c complete and
     * launched a small grid runs it as a guest at once, where a worker
     * still telling about c (descheduled, on a busy machine) kept it
     * waiting as if c ran on (guest_pick). */
    engine_task_over();
    cmd_complete(c, 0);
}

/* Commands whose dependencies became done while the lock was held: marks
 * complete at once, under the lock, after the caller's own work; the
 * others go to the workers once the lock is dropped (submit_ready), so
 * that the lock is never held across the engine's own lock and wake-ups. */
struct ready {
    struct cmd *marks;          /* a stack, through ready_next */
    struct cmd *run;            /* in the order they became ready */
    struct cmd **run_tail;
    int wake;                   /* something completed while a thread slept on T.done */
};

#define READY_INIT(r) {NULL, NULL, &(r).run, 0}

/* c's dependencies are all done.  A command becomes ready once, so one
 * link in the command suffices and nothing is allocated here. */
static void start_locked(struct cmd *c, struct ready *r)
{
    assert(c->deps == 0 && c->ready_next == NULL);
    if (c->kind == CMD_MARK) {
        c->ready_next = r->marks;
        r->marks = c;
    } else {
        *r->run_tail = c;
        r->run_tail = &c->ready_next;
    }
}

static struct cmd *pop_mark(struct ready *r)
{
    struct cmd *c = r->marks;
    if (!c)
        return NULL;
    r->marks = c->ready_next;
    c->ready_next = NULL;
    return c;
}

/* Hands the runnable commands of r to the workers, then wakes the
 * sleeping waiters; called without the lock.  A command cannot complete
 * (nor be freed: the timeline holds it) before it is submitted.  The
 * wake-up comes last: it is a system call, and the next grid of a stream
 * (submitted here when the one before completed) would wait for it; a
 * waiter registers under the lock before it sleeps, and the completions
 * that set r->wake were made under the lock, so it is woken or sees them. */
static void submit_ready(struct ready *r)
{
    struct cmd *next;
    for (struct cmd *c = r->run; c; c = next) {
        next = c->ready_next;
        c->ready_next = NULL;
        if (c->kind == CMD_GRID) {
            trace_cmd_start(c);
            if (c->grid->parent)
                devrt_started(c->grid);
            engine_submit_grid(c->grid);
        } else {
            c->task.run = run_host_task;
            engine_submit_task(&c->task);
        }
    }
    if (r->wake)
        pthread_cond_broadcast(&T.done);
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
        /* The one allocation under the timeline lock that cannot be
         * undone: the dependency would be lost. */
        if (!n)
            simt__oom("the stream timeline");
        before->succ = n;
        before->capsucc = cap;
    }
    before->succ[before->nsucc++] = c;
    c->deps++;
    cmd_ref(c); /* held by before's successor list */
}


static void stream_remove_locked(struct CUstream_st *s)
{
    for (struct CUstream_st **p = &T.streams; *p; p = &(*p)->next) {
        if (*p == s) {
            *p = s->next;
            break;
        }
    }
    cmd_unref(s->last);
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
        /* A command completes once, after its dependencies. */
        assert(!cmd_done(c) && c->deps == 0);
        trace_cmd_end(c);
        c->error = error;
        /* Only an event's mark is timed (cudaEventElapsedTime): a clock
         * read is a good part of a small copy's cost. */
        if (c->kind == CMD_MARK)
            c->done_ns = simt__now_ns();
        atomic_store_explicit(&c->done, 1, memory_order_release);
        __atomic_store_n(&simt__pending_cmds, simt__pending_cmds - 1, __ATOMIC_RELEASE);
        for (int i = 0; i < c->nsucc; i++) {
            struct cmd *s = c->succ[i];
            if (--s->deps == 0)
                start_locked(s, r);
            cmd_unref(s);
        }
        c->nsucc = 0;
        struct CUstream_st *st = c->stream;
        if (st && st->destroyed && st->last == c)
            stream_remove_locked(st);
        cmd_unref(c); /* the reference the timeline held while it ran */
        if (!(c = pop_mark(r)))
            break;
        error = 0;
    }
    if (T.waiters)
        r->wake = 1;
}

/* Completes the marks found so far. */
static void complete_marks_locked(struct ready *r)
{
    struct cmd *c = pop_mark(r);
    if (c)
        complete_locked(c, 0, r);
}

struct cmd *cmd_gate_new(void)
{
    struct cmd *c = cmd_new(CMD_MARK);
    if (!c)
        return NULL;
    pthread_mutex_lock(&T.lock);
    cmd_ref(c); /* held by the timeline until it is opened, as a tracked command's */
    __atomic_store_n(&simt__pending_cmds, simt__pending_cmds + 1, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&T.lock);
    return c;
}

/* The device a command is work of: its grid's, or its stream's. */
static int cmd_device(const struct cmd *c)
{
    if (c->kind == CMD_GRID && c->grid)
        return c->grid->device;
    return c->stream ? c->stream->ordinal : device_current();
}

void cmd_complete(struct cmd *c, int error)
{
    struct ready r = READY_INIT(r);
    if (error) /* the context of the command's device is lost */
        api_fail_device(cmd_device(c), (cudaError_t)error);
    pthread_mutex_lock(&T.lock);
    complete_locked(c, error, &r);
    pthread_mutex_unlock(&T.lock);
    submit_ready(&r);
}

/* Counts c as pending on the timeline, owned by stream s. */
static void track_locked(struct CUstream_st *s, struct cmd *c)
{
    assert(!c->stream && !cmd_done(c)); /* enqueued once */
    c->stream = s;
    trace_track(c);
    cmd_ref(c); /* held by the timeline until c completes */
    __atomic_store_n(&simt__pending_cmds, simt__pending_cmds + 1, __ATOMIC_RELAXED);
}

/* Makes c the newest command of s. */
static void set_last_locked(struct CUstream_st *s, struct cmd *c)
{
    cmd_ref(c);
    cmd_unref(s->last);
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
            if (legacy_peer(s, o))
                add_dep_locked(c, o->last);
    } else if (stream_is_blocking(s)) {
        add_dep_locked(c, T.legacy[s->ordinal].last);
    }
    if (hook_checking()) {
        /* The same order, as a clock (streamrace.h). */
        struct race_clock *vc = streamrace_begin();
        streamrace_after(vc, s->last);
        streamrace_after(vc, after);
        if (s->legacy) {
            for (struct CUstream_st *o = T.streams; o; o = o->next)
                if (legacy_peer(s, o))
                    streamrace_after(vc, o->last);
        } else if (stream_is_blocking(s)) {
            streamrace_after(vc, T.legacy[s->ordinal].last);
        }
        streamrace_linked(c, s, vc);
    }
    set_last_locked(s, c);
    return c->deps == 0;
}

void stream_enqueue(struct CUstream_st *s, struct cmd *c, struct cmd *after)
{
    struct ready r = READY_INIT(r);
    engine_start();
    pthread_mutex_lock(&T.lock);
    if (link_locked(s, c, after))
        start_locked(c, &r);
    complete_marks_locked(&r);
    pthread_mutex_unlock(&T.lock);
    submit_ready(&r);
}

int timeline_run_idle(void (*fn)(void *), void *arg)
{
    if (hook_checking() || __atomic_load_n(&trace__on, __ATOMIC_RELAXED) || engine_thread() ||
        __atomic_load_n(&simt__pending_cmds, __ATOMIC_ACQUIRE) != 0)
        return 0;
    pthread_mutex_lock(&T.lock);
    int idle = simt__pending_cmds == 0;
    if (idle)
        fn(arg);
    pthread_mutex_unlock(&T.lock);
    return idle;
}

int stream_enqueue_inline(struct CUstream_st *s, struct cmd *c)
{
    engine_start();
    pthread_mutex_lock(&T.lock);
    int now = link_locked(s, c, NULL);
    pthread_mutex_unlock(&T.lock);
    return now;
}

/* Links cmds[i] of a batch into s's timeline: after the commands
 * cmds[deps[k]], k in [dep_start[i], dep_start[i+1]), after `first` (if
 * not NULL) when it has none of those, and after its own wait_for. */
static void link_in_batch_locked(struct CUstream_st *s, struct cmd **cmds, int i,
                                 const int *dep_start, const int *deps, struct cmd *first)
{
    struct cmd *c = cmds[i];
    track_locked(s, c);
    if (first && dep_start[i] == dep_start[i + 1])
        add_dep_locked(c, first);
    for (int k = dep_start[i]; k < dep_start[i + 1]; k++) {
        assert(deps[k] < i);
        add_dep_locked(c, cmds[deps[k]]);
    }
    if (hook_checking()) {
        /* A graph's commands: after all that came before (streamrace.h). */
        struct race_clock *vc = streamrace_begin();
        streamrace_after(vc, first);
        streamrace_after(vc, c->wait_for);
        for (int k = dep_start[i]; k < dep_start[i + 1]; k++)
            streamrace_after(vc, cmds[deps[k]]);
        streamrace_linked(c, s, vc);
    }
    if (c->wait_for) {
        add_dep_locked(c, c->wait_for);
        cmd_unref(c->wait_for);
        c->wait_for = NULL;
    }
}

struct cmd *stream_enqueue_batch(struct CUstream_st *s, struct cmd **cmds, int n,
                                 const int *dep_start, const int *deps, struct cmd *after)
{
    struct ready r = READY_INIT(r);
    struct cmd *entry = cmd_new(CMD_MARK), *exit = cmd_new(CMD_MARK);
    if (!entry || !exit) {
        cmd_unref(entry);
        cmd_unref(exit);
        return NULL;
    }
    trace_graph(entry, exit, (size_t)n);
    engine_start();
    pthread_mutex_lock(&T.lock);
    /* The entry follows the stream's rules; everything else follows the
     * entry, and the exit becomes the stream's newest command. */
    link_locked(s, entry, after);
    for (int i = 0; i < n; i++)
        link_in_batch_locked(s, cmds, i, dep_start, deps, entry);
    track_locked(s, exit);
    add_dep_locked(exit, entry);
    for (int i = 0; i < n; i++)
        add_dep_locked(exit, cmds[i]);
    if (hook_checking()) {
        /* The exit is after all of them: a host that waits for it has
         * seen the graph's commands done. */
        struct race_clock *vc = streamrace_begin();
        streamrace_after(vc, entry);
        for (int i = 0; i < n; i++)
            streamrace_after(vc, cmds[i]);
        streamrace_linked(exit, s, vc);
    }
    set_last_locked(s, exit);
    cmd_ref(exit); /* the caller's */
    /* Nothing could start before the entry; what has no unmet dependency
     * now (the entry, commands whose dependencies are all done already)
     * starts. */
    if (entry->deps == 0)
        start_locked(entry, &r);
    for (int i = 0; i < n; i++) {
        if (cmds[i]->deps == 0)
            start_locked(cmds[i], &r);
        cmd_unref(cmds[i]);
    }
    if (exit->deps == 0)
        start_locked(exit, &r);
    cmd_unref(entry);
    cmd_unref(exit);
    complete_marks_locked(&r);
    pthread_mutex_unlock(&T.lock);
    submit_ready(&r);
    return exit;
}

void stream_expand(struct cmd *exit, struct cmd **cmds, int n, const int *dep_start,
                   const int *deps)
{
    struct ready r = READY_INIT(r);
    pthread_mutex_lock(&T.lock);
    /* exit cannot complete meanwhile: the caller is one of its
     * dependencies and still runs; so its stream is alive too. */
    assert(!cmd_done(exit));
    for (int i = 0; i < n; i++) {
        link_in_batch_locked(exit->stream, cmds, i, dep_start, deps, NULL);
        /* Their clocks miss the command expanding them (a conditional
         * node's): the checker must not compare by them. */
        if (hook_checking())
            streamrace_unname(cmds[i]);
        add_dep_locked(exit, cmds[i]);
    }
    for (int i = 0; i < n; i++) {
        if (cmds[i]->deps == 0)
            start_locked(cmds[i], &r);
        cmd_unref(cmds[i]);
    }
    complete_marks_locked(&r);
    pthread_mutex_unlock(&T.lock);
    submit_ready(&r);
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

/* Waits until done(arg).  The waiting thread runs blocks of the grids it
 * waits for itself (engine_help, as a guest worker), then spins briefly (a
 * launch often completes within microseconds), then sleeps on the
 * completion condition.  Each completion that wakes it starts the same
 * round again: the next grid of a stream becomes runnable when the one
 * before completes, and a thread that helped with one grid of a queue of
 * short ones stays awake for the next (asleep, it missed the start of
 * each and was woken by a system call of the thread completing it). */
static void wait_until(int (*done)(const void *), int (*wants)(const struct grid *, const void *),
                       const void *arg, struct task *own)
{
    /* While this thread polls before it first sleeps, its task's
     * submission wakes no worker. */
    struct task *polled = own;
    if (polled)
        engine_poll_own_task(polled, 1);
    for (;;) {
        /* The polling's start: read at its first check, so that a wait
         * that ends within those rounds (most of a small copy's) reads no
         * clock. */
        long long start = 0;
        for (unsigned i = 0;; i++) {
            /* Polled every round: the task is queued when what it follows
             * completes, and taken at once, before a worker wakes for it. */
            if (own && engine_run_own_task(own))
                own = NULL;
            if ((i & 63) == 0 ? engine_help(done, wants, arg) : done(arg))
                goto out;
            simt__relax();
            if ((i & 255) == 255) {
                long long now = simt__now_ns();
                if (!start)
                    start = now;
                else if (now - start > 50000)
                    break;
            }
        }
        if (polled)
            engine_poll_own_task(polled, 0);
        polled = NULL;
        pthread_mutex_lock(&T.lock);
        int finished = done(arg);
        if (!finished) {
            T.waiters++;
            pthread_cond_wait(&T.done, &T.lock);
            T.waiters--;
            finished = done(arg);
        }
        pthread_mutex_unlock(&T.lock);
        if (finished)
            return;
    }
out:
    if (polled)
        engine_poll_own_task(polled, 0);
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
    wait_until(cmd_is_done, cmd_needs, c, NULL);
    if (hook_checking())
        streamrace_host_waited(c);
}

void cmd_wait_own(struct cmd *c)
{
    assert(c->kind == CMD_HOST);
    wait_until(cmd_is_done, cmd_needs, c, &c->task);
    if (hook_checking())
        streamrace_host_waited(c);
}

void timeline_wait_all(void)
{
    if (hook_checking()) {
        pthread_mutex_lock(&T.lock);
        streamrace_host_waited_all();
        pthread_mutex_unlock(&T.lock);
    }
    wait_until(all_done, NULL, NULL, NULL);
    mempool_trim_all();
}

/* Appends o's newest command to v (referenced) where it is of device d
 * (d < 0: any), and, with pending, not done; -1 when memory runs out.
 * Under T.lock. */
static int add_end(const struct CUstream_st *o, int d, int pending, struct cmd ***v, int *n, int *cap)
{
    if ((d >= 0 && o->ordinal != d) || !o->last || (pending && cmd_done(o->last)))
        return 0;
    if (*n == *cap) {
        int c = *cap ? 2 * *cap : 16;
        struct cmd **w = realloc(*v, (size_t)c * sizeof *w);
        if (!w)
            return -1;
        *v = w;
        *cap = c;
    }
    cmd_ref(o->last);
    (*v)[(*n)++] = o->last;
    return 0;
}

/* The newest command of each stream of device d (d < 0: of every device;
 * pending: only those not done), referenced, in *out (malloc'd; NULL when
 * there are none): the work submitted so far, since later commands come
 * after them in their streams.  Their count, or -1 when memory ran out. */
static int ends_of_device(int d, int pending, struct cmd ***out)
{
    struct cmd **v = NULL;
    int n = 0, cap = 0, rc = 0;
    pthread_mutex_lock(&T.lock);
    for (int k = 0; k < DEVICE_MAX && !rc; k++)
        rc = add_end(&T.legacy[k], d, pending, &v, &n, &cap);
    for (const struct CUstream_st *o = T.streams; o && !rc; o = o->next)
        rc = add_end(o, d, pending, &v, &n, &cap);
    if (rc)
        for (int i = 0; i < n; i++)
            cmd_unref(v[i]);
    pthread_mutex_unlock(&T.lock);
    if (rc) {
        free(v);
        v = NULL;
        n = -1;
    }
    *out = v;
    return n;
}

int timeline_pending_ends(int d, struct cmd ***out)
{
    return ends_of_device(d, 1, out);
}

/* With one device, everything; with several, the newest command of each
 * stream of device d (the work submitted before the call), done ones
 * included: waiting for a command is what tells a checking build that
 * the host saw it done (streamrace_host_waited). */
void timeline_wait_device(int d)
{
    struct cmd **v;
    int n = device_count() == 1 ? -1 : ends_of_device(d, 0, &v);
    if (n < 0) { /* one device, or out of memory: everything */
        timeline_wait_all();
        return;
    }
    for (int i = 0; i < n; i++)
        cmd_wait(v[i]);
    for (int i = 0; i < n; i++)
        cmd_unref(v[i]);
    free(v);
    mempool_trim_all();
}

/* ---- the streams' list ---------------------------------------------------- */

struct CUstream_st *timeline_legacy_of(int d)
{
    struct CUstream_st *s = &T.legacy[d];
    if (!__atomic_load_n(&s->id, __ATOMIC_ACQUIRE)) {
        pthread_mutex_lock(&T.lock);
        if (!s->id) {
            s->legacy = 1;
            s->ordinal = d;
            __atomic_store_n(&s->id, T.next_id++, __ATOMIC_RELEASE);
        }
        pthread_mutex_unlock(&T.lock);
    }
    return s;
}

void timeline_add_stream(struct CUstream_st *s)
{
    pthread_mutex_lock(&T.lock);
    s->ordinal = device_current();
    s->id = T.next_id++;
    s->next = T.streams;
    T.streams = s;
    pthread_mutex_unlock(&T.lock);
}

void timeline_release_stream(struct CUstream_st *s)
{
    pthread_mutex_lock(&T.lock);
    s->destroyed = 1;
    if (!s->last || cmd_done(s->last))
        stream_remove_locked(s);
    pthread_mutex_unlock(&T.lock);
}

int timeline_ends_of(struct CUstream_st *s, struct cmd **v, int max)
{
    int n = 0;
    pthread_mutex_lock(&T.lock);
    if (s->last && !cmd_done(s->last))
        v[n++] = s->last;
    if (s->legacy)
        for (struct CUstream_st *o = T.streams; o && n < max; o = o->next)
            if (legacy_peer(s, o) && o->last && !cmd_done(o->last))
                v[n++] = o->last;
    for (int i = 0; i < n; i++)
        cmd_ref(v[i]);
    pthread_mutex_unlock(&T.lock);
    return n;
}

void timeline_host_saw_ends(struct CUstream_st *s)
{
    if (!hook_checking())
        return;
    pthread_mutex_lock(&T.lock);
    if (s->last)
        streamrace_host_waited(s->last);
    if (s->legacy)
        for (struct CUstream_st *o = T.streams; o; o = o->next)
            if (legacy_peer(s, o) && o->last)
                streamrace_host_waited(o->last);
    pthread_mutex_unlock(&T.lock);
}

void timeline_reset_streams(int d)
{
    pthread_mutex_lock(&T.lock);
    /* Created streams go; per-thread streams stay their threads' (their
     * pointers live in thread-local storage) unless the thread ended. */
    struct CUstream_st **p = &T.streams;
    while (*p) {
        struct CUstream_st *s = *p;
        if (d >= 0 && s->ordinal != d) {
            p = &s->next;
        } else if (s->per_thread && !s->destroyed) {
            cmd_unref(s->last);
            s->last = NULL;
            p = &s->next;
        } else {
            *p = s->next;
            if (!s->per_thread)
                simt__handle_remove(HANDLE_STREAM, HANDLE(s));
            cmd_unref(s->last);
            free(s->frontier);
            free(s);
        }
    }
    for (int i = 0; i < DEVICE_MAX; i++)
        if (d < 0 || i == d) {
            cmd_unref(T.legacy[i].last);
            T.legacy[i].last = NULL;
        }
    pthread_mutex_unlock(&T.lock);
}
