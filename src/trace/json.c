/*
 * json.c: the timeline as a Chrome trace-event file (the JSON object
 * format: {"traceEvents": [...]}), which Perfetto's UI and
 * chrome://tracing open.
 *
 * Processes group the tracks: 1 the CUDA streams, 2 simt's workers, 3 the
 * host threads.  A track is a "thread" of its process.  Operations of one
 * stream that overlap in time without nesting (a graph's parallel
 * branches) go on extra lanes of that stream, since slices of one thread
 * must nest.  Times are
 * microseconds from the program's start.
 *
 * Runs at exit, after recording stopped, with rec_lock held.
 */
#include "trace/record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PID_STREAMS 1
#define PID_WORKERS 2
#define PID_THREADS 3
#define MAX_LANES 64

static void put_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

static int pid_of(const struct track *t)
{
    return t->kind == TRACK_STREAM ? PID_STREAMS : t->kind == TRACK_WORKER ? PID_WORKERS : PID_THREADS;
}

static int tid_of(int track, int lane)
{
    return track * MAX_LANES + lane + 1;
}

static void track_name(FILE *f, const struct track *t, int lane)
{
    char buf[96];
    const char *nvtx = NULL;
    if (t->kind == TRACK_STREAM) {
        nvtx = nvtx_stream_name_locked(t->key, t->is_default);
        snprintf(buf, sizeof buf, "%s %llu", t->is_default ? "Default stream" : "Stream", t->num);
    } else if (t->kind == TRACK_WORKER) {
        snprintf(buf, sizeof buf, "Worker %llu", t->num);
    } else {
        nvtx = nvtx_thread_name_locked(t->num);
        if (t->num == (unsigned long long)getpid())
            snprintf(buf, sizeof buf, "Main thread %llu", t->num);
        else
            snprintf(buf, sizeof buf, "Host thread %llu", t->num);
    }
    char name[256];
    if (lane)
        snprintf(name, sizeof name, "%s (lane %d)", nvtx ? nvtx : buf, lane + 1);
    else
        snprintf(name, sizeof name, "%s", nvtx ? nvtx : buf);
    put_str(f, name);
}

static const char *const copy_names[COPY_KINDS] = {"Memcpy HtoD", "Memcpy DtoH", "Memcpy DtoD",
                                                   "Memcpy HtoH"};

static const char *rec_name(const struct rec *r)
{
    switch (r->kind) {
    case REC_KERNEL:
        return r->name;
    case REC_COPY:
        return copy_names[r->sub < COPY_KINDS ? r->sub : COPY_DTOD];
    case REC_MEMSET:
        return "Memset";
    case REC_HOST_FN:
        return "Host function";
    case REC_GRAPH:
        return "Graph launch";
    case REC_EVENT_RECORD:
        return "Event record";
    case REC_EVENT_WAIT:
        return "Event wait";
    default:
        return r->name;
    }
}

static const char *rec_cat(const struct rec *r)
{
    static const char *const cats[] = {"kernel", "memcpy", "memset", "host", "graph", "event",
                                       "event",  "nvtx",   "nvtx",   "nvtx", "blocks"};
    return cats[r->kind];
}

static void put_args(FILE *f, const struct rec *r)
{
    fputs(",\"args\":{", f);
    switch (r->kind) {
    case REC_KERNEL:
        fprintf(f, "\"grid\":\"(%u, %u, %u)\",\"block\":\"(%u, %u, %u)\",\"dynamic shared memory\":%zu,"
                   "\"tier\":\"%s\"",
                r->grid[0], r->grid[1], r->grid[2], r->block[0], r->block[1], r->block[2], r->shmem,
                r->sub ? "compiled" : "fiber");
        break;
    case REC_COPY:
    case REC_MEMSET:
        fprintf(f, "\"bytes\":%llu", r->bytes);
        break;
    case REC_GRAPH:
        fprintf(f, "\"nodes\":%llu", r->bytes);
        break;
    case REC_WORKER_BLOCKS:
        fprintf(f, "\"blocks run\":%llu,\"grid\":\"(%u, %u, %u)\",\"block\":\"(%u, %u, %u)\"", r->bytes,
                r->grid[0], r->grid[1], r->grid[2], r->block[0], r->block[1], r->block[2]);
        break;
    case REC_EVENT_RECORD:
    case REC_EVENT_WAIT: {
        const char *n = nvtx_event_name_locked((const void *)(uintptr_t)r->id);
        fputs("\"event\":", f);
        if (n) {
            put_str(f, n);
        } else {
            char buf[32];
            snprintf(buf, sizeof buf, "0x%llx", r->id);
            put_str(f, buf);
        }
        break;
    }
    default: { /* NVTX */
        const char *sep = "";
        if (r->domain) {
            fputs("\"domain\":", f);
            put_str(f, r->domain);
            sep = ",";
        }
        if (r->category) {
            fprintf(f, "%s\"category\":%u", sep, r->category);
            sep = ",";
        }
        if (r->color) {
            fprintf(f, "%s\"color\":\"#%06x\"", sep, r->color & 0xFFFFFF);
            sep = ",";
        }
        if (r->has_payload)
            fprintf(f, "%s\"payload\":%.17g", sep, r->payload);
        break;
    }
    }
    fputc('}', f);
}

/* One event: ph "X" (span), "i" (instant), "b"/"e" (async). */
static void put_event(FILE *f, int *first, const struct rec *r, const char *ph, int pid, int tid,
                      long long ts, int with_dur)
{
    fputs(*first ? "\n" : ",\n", f);
    *first = 0;
    fprintf(f, "{\"ph\":\"%s\",\"pid\":%d,\"tid\":%d,\"ts\":%.3f,", ph, pid, tid, (double)ts / 1e3);
    if (with_dur)
        fprintf(f, "\"dur\":%.3f,", (double)(r->t1 - r->t0) / 1e3);
    if (ph[0] == 'i')
        fputs("\"s\":\"t\",", f);
    if (ph[0] == 'b' || ph[0] == 'e')
        fprintf(f, "\"id\":\"0x%llx\",", r->id);
    fputs("\"cat\":", f);
    put_str(f, rec_cat(r));
    fputs(",\"name\":", f);
    put_str(f, rec_name(r));
    if (ph[0] != 'e')
        put_args(f, r);
    fputc('}', f);
}

static int is_instant(const struct rec *r)
{
    return r->kind == REC_EVENT_RECORD || r->kind == REC_EVENT_WAIT || r->kind == REC_NVTX_MARK;
}

static int by_start(const void *a, const void *b)
{
    const struct rec *x = *(const struct rec *const *)a, *y = *(const struct rec *const *)b;
    if (x->t0 != y->t0)
        return x->t0 < y->t0 ? -1 : 1;
    return x->t1 > y->t1 ? -1 : x->t1 < y->t1; /* the longer first: it may hold the other */
}

/* The lane of each record: a span of a stream goes to the first lane
 * where it follows or nests in what is there (a graph launch holds its
 * nodes), so that slices of a lane nest as the format needs. */
#define LANE_DEPTH 8
struct lane {
    long long end[LANE_DEPTH]; /* ends of the open spans, outermost first */
    int depth;
};

static int lane_fits(struct lane *l, const struct rec *r)
{
    while (l->depth && l->end[l->depth - 1] <= r->t0)
        l->depth--;
    return l->depth == 0 || (l->depth < LANE_DEPTH && r->t1 <= l->end[l->depth - 1]);
}

static int *assign_lanes(const struct rec **order, int *nlanes)
{
    int *lane = calloc(trace_nrecs ? trace_nrecs : 1, sizeof *lane);
    struct lane(*busy)[MAX_LANES] = calloc(trace_ntracks ? trace_ntracks : 1, sizeof *busy);
    if (!lane || !busy) {
        free(lane);
        free(busy);
        return NULL;
    }
    for (size_t k = 0; k < trace_nrecs; k++) {
        const struct rec *r = order[k];
        size_t i = (size_t)(r - trace_recs);
        const struct track *t = &trace_tracks[r->track];
        if (t->kind != TRACK_STREAM || is_instant(r))
            continue;
        int l = 0;
        while (l < MAX_LANES - 1 && !lane_fits(&busy[r->track][l], r))
            l++;
        struct lane *b = &busy[r->track][l];
        if (b->depth < LANE_DEPTH)
            b->end[b->depth++] = r->t1;
        lane[i] = l;
        if (l + 1 > nlanes[r->track])
            nlanes[r->track] = l + 1;
    }
    free(busy);
    return lane;
}

int trace_write_json(const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    const struct rec **order = malloc((trace_nrecs ? trace_nrecs : 1) * sizeof *order);
    int *nlanes = calloc(trace_ntracks ? trace_ntracks : 1, sizeof *nlanes);
    int *lane = NULL;
    if (order && nlanes) {
        for (size_t i = 0; i < trace_nrecs; i++)
            order[i] = &trace_recs[i];
        qsort(order, trace_nrecs, sizeof *order, by_start);
        lane = assign_lanes(order, nlanes);
    }
    int first = 1;
    fputs("{\"displayTimeUnit\":\"ns\",\"otherData\":{\"producer\":\"simt (SIMT_TRACE)\"},"
          "\"traceEvents\":[",
          f);
    static const char *const pnames[] = {NULL, "CUDA streams", "simt workers", "Host threads"};
    for (int p = PID_STREAMS; p <= PID_THREADS; p++) {
        fprintf(f, "%s\n{\"ph\":\"M\",\"pid\":%d,\"name\":\"process_name\",\"args\":{\"name\":\"%s\"}},"
                   "\n{\"ph\":\"M\",\"pid\":%d,\"name\":\"process_sort_index\",\"args\":{\"sort_index\":%d}}",
                first ? "" : ",", p, pnames[p], p, p);
        first = 0;
    }
    for (size_t t = 0; t < trace_ntracks; t++) {
        int lanes = nlanes && nlanes[t] > 1 ? nlanes[t] : 1;
        for (int l = 0; l < lanes; l++) {
            int tid = tid_of((int)t, l);
            fprintf(f, ",\n{\"ph\":\"M\",\"pid\":%d,\"tid\":%d,\"name\":\"thread_name\",\"args\":{\"name\":",
                    pid_of(&trace_tracks[t]), tid);
            track_name(f, &trace_tracks[t], l);
            fprintf(f, "}},\n{\"ph\":\"M\",\"pid\":%d,\"tid\":%d,\"name\":\"thread_sort_index\","
                       "\"args\":{\"sort_index\":%d}}",
                    pid_of(&trace_tracks[t]), tid,
                    /* workers in the order of their numbers */
                    trace_tracks[t].kind == TRACK_WORKER ? (int)trace_tracks[t].num : tid);
        }
    }
    for (size_t k = 0; k < trace_nrecs; k++) {
        const struct rec *r = order ? order[k] : &trace_recs[k];
        const struct track *t = &trace_tracks[r->track];
        int l = lane ? lane[r - trace_recs] : 0;
        int pid = pid_of(t), tid = tid_of(r->track, l);
        if (is_instant(r)) {
            put_event(f, &first, r, "i", pid, tid, r->t0, 0);
        } else if (r->kind == REC_NVTX_RANGE) {
            put_event(f, &first, r, "b", pid, tid, r->t0, 0);
            put_event(f, &first, r, "e", pid, tid, r->t1, 0);
        } else {
            put_event(f, &first, r, "X", pid, tid, r->t0, 1);
        }
        /* A host task also shows on the worker (or thread) that ran it. */
        if (r->ran_on >= 0 && (size_t)r->ran_on < trace_ntracks)
            put_event(f, &first, r, "X", pid_of(&trace_tracks[r->ran_on]), tid_of(r->ran_on, 0),
                      r->t0, 1);
    }
    fputs("\n]}\n", f);
    free(order);
    free(nlanes);
    free(lane);
    return fclose(f) == 0 ? 0 : -1;
}
