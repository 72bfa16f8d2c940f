/*
 * trace.c: the recorder: turning recording on from the environment and
 * off around cudaProfilerStop, the tracks, the record list, and the
 * files and tables written at exit (see trace.h).
 *
 * Key invariant: trace__on is 0 unless SIMT_TRACE or SIMT_PROFILE is set,
 * so a program that asked for nothing pays one test per hook; records
 * are appended under rec_lock and read only at exit.
 */
#include "trace/record.h"
#include "trace/trace.h"
#include "trace/worker.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "base/base.h"
#include "base/hmap.h"
#include "engine/engine.h"

int trace__on;
int trace__wanted;

/* gdb's CUDA commands (src/gdb/simt.py: info cuda kernels|blocks|threads,
 * cuda block ... thread ...), inlined in every program that links the
 * runtime (which references this file): gdb runs a .debug_gdb_scripts
 * entry of kind 4 (an inlined Python script, its first line a name) when
 * its auto-load safe-path admits the program. */
__asm__(".pushsection .debug_gdb_scripts, \"MS\",@progbits,1\n"
        ".byte 4\n"
        ".ascii \"gdb.inlined-script.simt\\n\"\n"
        ".incbin \"src/gdb/simt.py\"\n"
        ".byte 0\n"
        ".popsection\n");

pthread_mutex_t rec_lock = PTHREAD_MUTEX_INITIALIZER;
struct rec *trace_recs;
size_t trace_nrecs;
static size_t recs_cap;
struct track *trace_tracks;
size_t trace_ntracks;
static size_t tracks_cap;

static long long epoch;          /* CLOCK_MONOTONIC at start-up */
static const char *trace_path;   /* SIMT_TRACE, or NULL */
static int profile_wanted;       /* SIMT_PROFILE */
static int wanted;               /* either */
static struct hmap stream_tracks = HMAP_INIT; /* stream -> track + 1 */
static SIMT_TLS int my_track = -1;

/* Interned strings: chained by hash into blocks that live until exit. */
struct istr {
    struct istr *next;
    char s[];
};
static struct istr *interned[1024];

long long trace_clock(void)
{
    return simt__now_ns() - epoch;
}

int trace_recording(void)
{
    return __atomic_load_n(&trace__on, __ATOMIC_RELAXED);
}

void trace_add_locked(const struct rec *r)
{
    if (VEC_RESERVE(trace_recs, recs_cap, trace_nrecs + 1) == 0)
        trace_recs[trace_nrecs++] = *r;
}

void trace_add(const struct rec *r)
{
    pthread_mutex_lock(&rec_lock);
    trace_add_locked(r);
    pthread_mutex_unlock(&rec_lock);
}

const char *trace_intern_locked(const char *s)
{
    if (!s)
        return NULL;
    unsigned h = 2166136261u;
    for (const char *p = s; *p; p++)
        h = (h ^ (unsigned char)*p) * 16777619u;
    struct istr **head = &interned[h % (sizeof interned / sizeof *interned)];
    for (struct istr *i = *head; i; i = i->next)
        if (!strcmp(i->s, s))
            return i->s;
    size_t n = strlen(s) + 1;
    struct istr *i = malloc(sizeof *i + n);
    if (!i)
        return "?";
    memcpy(i->s, s, n);
    i->next = *head;
    *head = i;
    return i->s;
}

static int new_track(int kind, const void *key, unsigned long long num, int is_default)
{
    if (VEC_RESERVE(trace_tracks, tracks_cap, trace_ntracks + 1) != 0)
        return 0; /* out of memory: the first track takes it */
    trace_tracks[trace_ntracks] = (struct track){kind, key, num, is_default, NULL};
    return (int)trace_ntracks++;
}

int trace_stream_track_locked(const void *stream, unsigned long long id, int is_default)
{
    uintptr_t *t = simt__hmap_find(&stream_tracks, (uintptr_t)stream);
    if (t)
        return (int)*t - 1;
    int k = new_track(TRACK_STREAM, stream, id, is_default);
    simt__hmap_put(&stream_tracks, (uintptr_t)stream, (uintptr_t)k + 1);
    return k;
}

int trace_thread_track_locked(void)
{
    if (my_track >= 0)
        return my_track;
    struct worker *w = engine_self();
    if (w && !w->guest)
        my_track = new_track(TRACK_WORKER, NULL, (unsigned long long)w->id, 0);
    else
        my_track = new_track(TRACK_THREAD, NULL, (unsigned long long)syscall(SYS_gettid), 0);
    return my_track;
}

void trace_profiler(int on)
{
    if (!wanted)
        return;
    pthread_mutex_lock(&rec_lock);
    __atomic_store_n(&trace__on, on, __ATOMIC_RELAXED);
    if (!on)
        trace_pending_reset_locked();
    pthread_mutex_unlock(&rec_lock);
}

/* Under the lock: a worker that saw recording on just before may still
 * add a record. */
static void write_at_exit(void)
{
    __atomic_store_n(&trace__on, 0, __ATOMIC_RELAXED);
    pthread_mutex_lock(&rec_lock);
    nvtx_close_open_locked(trace_clock());
    if (trace_path && trace_write_json(trace_path) != 0)
        fprintf(stderr, "simt: warning: cannot write the trace to '%s' (SIMT_TRACE)\n",
                trace_path);
    if (profile_wanted)
        trace_print_profile(stderr);
    pthread_mutex_unlock(&rec_lock);
}

/* Before main, so that the writer's atexit handler runs after those the
 * runtime registers later (they may still finish work). */
__attribute__((constructor)) static void trace_init(void)
{
    const char *t = getenv("SIMT_TRACE");
    const char *p = getenv("SIMT_PROFILE");
    trace_path = t && *t ? t : NULL;
    profile_wanted = p && *p && strcmp(p, "0") != 0;
    wanted = trace_path || profile_wanted;
    if (!wanted)
        return;
    trace__wanted = 1;
    trace__workers = trace_path != NULL;
    epoch = simt__now_ns();
    const char *from_start = getenv("SIMT_PROFILE_FROM_START");
    trace__on = !(from_start && !strcmp(from_start, "0"));
    atexit(write_at_exit);
}
