/*
 * record.h: what the trace module keeps (inside src/trace/ only): tracks
 * and the records on them, shared by the recorder (trace.c), the NVTX
 * entry point (nvtx.c), the timeline writer (json.c) and the summaries
 * (profile.c).
 *
 * Invariants: every record is complete (t1 >= t0) once in the record
 * list; records and tracks are only appended, under rec_lock, and read
 * under it at exit, after recording has stopped.  Strings in
 * records are interned (trace_intern): they live until exit.
 */
#ifndef SIMT_TRACE_RECORD_H
#define SIMT_TRACE_RECORD_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum track_kind {
    TRACK_STREAM, /* a CUDA stream: its operations in the device's time */
    TRACK_WORKER, /* a worker thread: the host-side tasks it ran */
    TRACK_THREAD  /* a host thread: NVTX ranges and marks, inline tasks */
};

struct track {
    int kind;                  /* enum track_kind */
    const void *key;           /* the stream, or NULL */
    unsigned long long num;    /* stream id, worker index or OS thread id */
    int is_default;            /* the legacy or a per-thread default stream */
    const char *name;          /* an NVTX name, or NULL */
};

enum rec_kind {
    REC_KERNEL,
    REC_COPY,
    REC_MEMSET,
    REC_HOST_FN,
    REC_GRAPH,
    REC_EVENT_RECORD,  /* instants */
    REC_EVENT_WAIT,
    REC_NVTX_PUSH,     /* a push/pop range: nests on its thread */
    REC_NVTX_RANGE,    /* a start/end range: may cross threads */
    REC_NVTX_MARK,
    REC_WORKER_BLOCKS  /* a worker's run of blocks of one grid (worker.c) */
};

/* Copy kinds, as the summaries name them. */
enum copy_kind { COPY_HTOD, COPY_DTOH, COPY_DTOD, COPY_HTOH, COPY_KINDS };

struct rec {
    unsigned char kind;        /* enum rec_kind */
    unsigned char sub;         /* copies: enum copy_kind; kernels: 1 compiled tier */
    int track;                 /* its track (stream or thread) */
    int ran_on;                /* host tasks: the worker or thread that ran it, else -1 */
    long long t0, t1;          /* ns since the trace began */
    const char *name;          /* kernels, NVTX: interned */
    const char *domain;        /* NVTX: the domain's name, NULL for the default */
    unsigned long long bytes;  /* copies and memsets; graphs: nodes; worker runs: blocks */
    unsigned long long id;     /* events: the event; NVTX start/end: the range */
    unsigned grid[3], block[3];
    size_t shmem;
    uint32_t color;            /* NVTX: 0xAARRGGBB, 0: none */
    uint32_t category;
    int has_payload;
    double payload;
};

extern pthread_mutex_t rec_lock;
extern struct rec *trace_recs;
extern size_t trace_nrecs;
extern struct track *trace_tracks;
extern size_t trace_ntracks;

/* Nanoseconds since the trace began. */
long long trace_clock(void);
/* Appends r (under rec_lock, taken here); drops it when out of memory. */
void trace_add(const struct rec *r);
void trace_add_locked(const struct rec *r);
/* The calling thread's track: its worker's, or its own (rec_lock held). */
int trace_thread_track_locked(void);
/* The stream's track, made on first use (rec_lock held). */
int trace_stream_track_locked(const void *stream, unsigned long long id, int is_default);
/* A copy of s that lives until exit (rec_lock held); NULL for NULL. */
const char *trace_intern_locked(const char *s);
/* Whether records are being kept now. */
int trace_recording(void);
/* trace_cmd.c: forgets the commands described and not yet done. */
void trace_pending_reset_locked(void);

/* nvtx.c: names given to streams and threads through NVTX, and the
 * ranges still open at exit (closed at `now`). */
const char *nvtx_stream_name_locked(const void *stream, int is_default);
const char *nvtx_event_name_locked(const void *event);
const char *nvtx_thread_name_locked(unsigned long long tid);
void nvtx_close_open_locked(long long now);

/* json.c, profile.c: at exit, rec_lock held. */
int trace_write_json(const char *path);
void trace_print_profile(FILE *f);

#endif /* SIMT_TRACE_RECORD_H */
