/*
 * nvtx.c: simt_nvtx, the tool behind include/nvtx3/ (NVTX's C and C++
 * API): ranges and marks become records on the calling thread's track;
 * names given to streams, threads and categories label the timeline.
 *
 * Push/pop ranges nest per thread and per domain, as NVTX defines them;
 * start/end ranges are keyed by the id nvtxRangeStart returned and may
 * end on another thread.  The levels pushes and pops return are kept
 * while nothing is recorded too (programs may test them).
 *
 * Invariant: every open range is in a thread's stack or in `started`
 * until it ends; at exit those still open end at the exit's time.
 */
/* The definition of simt_nvtx is strong; programs' references are weak. */
#define SIMT_NVTX_DEFINITION
#include "trace/record.h"

#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <wchar.h>

#include "base/base.h"
#include "base/hmap.h"
#include "nvtx3/nvToolsExt.h"
#include "simt.h"

struct nvtxDomainRegistration_st {
    const char *name; /* interned */
};

struct open_range {
    const char *name, *domain;
    nvtxDomainHandle_t dom;
    long long t0;
    int track;
    int recorded;  /* begun while recording */
    uint32_t color, category;
    int has_payload;
    double payload;
    uint64_t id;   /* start/end ranges */
};

/* A thread's push/pop ranges, innermost last; all stacks are listed so
 * that exit closes them. */
struct stack {
    struct open_range *v;
    size_t n, cap;
    struct stack *next;
};

static SIMT_TLS struct stack *my_stack;
static struct stack *stacks;                  /* under rec_lock */
static struct hmap started = HMAP_INIT;       /* range id -> struct open_range * */
static unsigned long long next_range_id = 1;
static struct hmap stream_names = HMAP_INIT;  /* cudaStream_t -> interned name */
static const char *default_stream_name;       /* stream 0 */
static struct hmap thread_names = HMAP_INIT;  /* OS thread id -> interned name */
static struct hmap device_names = HMAP_INIT;  /* ordinal + 1 -> interned name */
static struct hmap event_names = HMAP_INIT;   /* cudaEvent_t -> interned name */

/* A wide string in UTF-8 (wchar_t is a code point on the systems simt
 * runs on); malloc'd, NULL when out of memory. */
static char *utf8(const wchar_t *w)
{
    size_t n = wcslen(w);
    char *s = malloc(4 * n + 1), *o = s;
    if (!s)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        unsigned long c = (unsigned long)w[i];
        if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
            c = 0xFFFD;
        if (c < 0x80) {
            *o++ = (char)c;
        } else if (c < 0x800) {
            *o++ = (char)(0xC0 | (c >> 6));
            *o++ = (char)(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            *o++ = (char)(0xE0 | (c >> 12));
            *o++ = (char)(0x80 | ((c >> 6) & 0x3F));
            *o++ = (char)(0x80 | (c & 0x3F));
        } else {
            *o++ = (char)(0xF0 | (c >> 18));
            *o++ = (char)(0x80 | ((c >> 12) & 0x3F));
            *o++ = (char)(0x80 | ((c >> 6) & 0x3F));
            *o++ = (char)(0x80 | (c & 0x3F));
        }
    }
    *o = 0;
    return s;
}

/* The message of a call: a, w, or the attributes' (rec_lock held). */
static const char *message_locked(const nvtxEventAttributes_t *attr, const char *a,
                                  const wchar_t *w)
{
    if (attr) {
        switch (attr->messageType) {
        case NVTX_MESSAGE_TYPE_ASCII:
            a = attr->message.ascii;
            break;
        case NVTX_MESSAGE_TYPE_UNICODE:
            w = attr->message.unicode;
            break;
        case NVTX_MESSAGE_TYPE_REGISTERED:
            return attr->message.registered ? (const char *)attr->message.registered : "";
        default:
            return "";
        }
    }
    if (a)
        return trace_intern_locked(a);
    if (!w)
        return "";
    char *s = utf8(w);
    const char *i = trace_intern_locked(s ? s : "?");
    free(s);
    return i;
}

static void fill_locked(struct open_range *o, nvtxDomainHandle_t d,
                        const nvtxEventAttributes_t *attr, const char *a, const wchar_t *w)
{
    memset(o, 0, sizeof *o);
    o->name = message_locked(attr, a, w);
    o->dom = d;
    o->domain = d ? d->name : NULL;
    o->t0 = trace_clock();
    o->track = trace_thread_track_locked();
    o->recorded = trace_recording();
    if (!attr)
        return;
    if (attr->colorType == NVTX_COLOR_ARGB)
        o->color = attr->color;
    o->category = attr->category;
    o->has_payload = 1;
    switch (attr->payloadType) {
    case NVTX_PAYLOAD_TYPE_UNSIGNED_INT64: o->payload = (double)attr->payload.ullValue; break;
    case NVTX_PAYLOAD_TYPE_INT64: o->payload = (double)attr->payload.llValue; break;
    case NVTX_PAYLOAD_TYPE_DOUBLE: o->payload = attr->payload.dValue; break;
    case NVTX_PAYLOAD_TYPE_UNSIGNED_INT32: o->payload = attr->payload.uiValue; break;
    case NVTX_PAYLOAD_TYPE_INT32: o->payload = attr->payload.iValue; break;
    case NVTX_PAYLOAD_TYPE_FLOAT: o->payload = attr->payload.fValue; break;
    default: o->has_payload = 0;
    }
}

/* Ends o at t1 as a record of kind (rec_lock held). */
static void end_locked(const struct open_range *o, int kind, unsigned long long id, long long t1)
{
    if (!o->recorded)
        return;
    struct rec r;
    memset(&r, 0, sizeof r);
    r.kind = (unsigned char)kind;
    r.track = o->track;
    r.ran_on = -1;
    r.t0 = o->t0;
    r.t1 = t1 < o->t0 ? o->t0 : t1;
    r.name = o->name;
    r.domain = o->domain;
    r.id = id;
    r.color = o->color;
    r.category = o->category;
    r.has_payload = o->has_payload;
    r.payload = o->payload;
    trace_add_locked(&r);
}

static int push_locked(nvtxDomainHandle_t d, const nvtxEventAttributes_t *attr, const char *a,
                       const wchar_t *w)
{
    struct stack *s = my_stack;
    if (!s) {
        s = simt__zalloc(1, sizeof *s);
        if (!s)
            return -1;
        s->next = stacks;
        stacks = s;
        my_stack = s;
    }
    if (VEC_RESERVE(s->v, s->cap, s->n + 1) != 0)
        return -1;
    fill_locked(&s->v[s->n], d, attr, a, w);
    int level = 0;
    for (size_t i = 0; i < s->n; i++)
        level += s->v[i].dom == d;
    s->n++;
    return level;
}

/* Pops the innermost range of domain d on this thread. */
static int pop_locked(nvtxDomainHandle_t d)
{
    struct stack *s = my_stack;
    if (!s)
        return -1;
    size_t k = s->n;
    while (k > 0 && s->v[k - 1].dom != d)
        k--;
    if (k == 0)
        return -1;
    struct open_range o = s->v[k - 1];
    memmove(&s->v[k - 1], &s->v[k], (s->n - k) * sizeof *s->v);
    s->n--;
    int level = 0;
    for (size_t i = 0; i < k - 1; i++)
        level += s->v[i].dom == d;
    end_locked(&o, REC_NVTX_PUSH, 0, trace_clock());
    return level;
}

static uint64_t start_locked(nvtxDomainHandle_t d, const nvtxEventAttributes_t *attr,
                             const char *a, const wchar_t *w)
{
    struct open_range *o = malloc(sizeof *o);
    if (!o)
        return 0;
    fill_locked(o, d, attr, a, w);
    uint64_t id = next_range_id++;
    o->id = id;
    if (simt__hmap_put(&started, (uintptr_t)id, (uintptr_t)o) != 0) {
        free(o);
        return 0;
    }
    return id;
}

static void finish_locked(uint64_t id)
{
    uintptr_t *v = id ? simt__hmap_find(&started, (uintptr_t)id) : NULL;
    if (!v)
        return;
    struct open_range *o = (struct open_range *)*v;
    simt__hmap_del(&started, (uintptr_t)id);
    end_locked(o, REC_NVTX_RANGE, id, trace_clock());
    free(o);
}

static void mark_locked(nvtxDomainHandle_t d, const nvtxEventAttributes_t *attr, const char *a,
                        const wchar_t *w)
{
    if (!trace_recording())
        return;
    struct open_range o;
    fill_locked(&o, d, attr, a, w);
    end_locked(&o, REC_NVTX_MARK, 0, o.t0);
}

static void name_locked(struct hmap *m, uintptr_t key, const char *a, const wchar_t *w)
{
    const char *n = message_locked(NULL, a, w);
    if (key)
        simt__hmap_put(m, key, (uintptr_t)n);
}

int64_t simt_nvtx(int op, nvtxDomainHandle_t d, const nvtxEventAttributes_t *attr, const char *a,
                  const wchar_t *w, uint64_t id, const void *obj)
{
    int64_t ret = 0;
    pthread_mutex_lock(&rec_lock);
    switch (op) {
    case SIMT_NVTX_MARK:
        mark_locked(d, attr, a, w);
        break;
    case SIMT_NVTX_PUSH:
        ret = push_locked(d, attr, a, w);
        break;
    case SIMT_NVTX_POP:
        ret = pop_locked(d);
        break;
    case SIMT_NVTX_START:
        ret = (int64_t)start_locked(d, attr, a, w);
        break;
    case SIMT_NVTX_END:
        finish_locked(id);
        break;
    case SIMT_NVTX_NAME_THREAD:
        name_locked(&thread_names, (uintptr_t)id, a, w);
        break;
    case SIMT_NVTX_NAME_STREAM:
        if (obj)
            name_locked(&stream_names, (uintptr_t)obj, a, w);
        else
            default_stream_name = message_locked(NULL, a, w);
        break;
    case SIMT_NVTX_NAME_DEVICE:
        name_locked(&device_names, (uintptr_t)id + 1, a, w);
        break;
    case SIMT_NVTX_NAME_EVENT:
        name_locked(&event_names, (uintptr_t)obj, a, w);
        break;
    case SIMT_NVTX_NAME_CATEGORY:
        /* Categories appear as their numbers in the records. */
        break;
    case SIMT_NVTX_DOMAIN_CREATE: {
        struct nvtxDomainRegistration_st *r = malloc(sizeof *r);
        if (r)
            r->name = message_locked(NULL, a, w);
        ret = (int64_t)(uintptr_t)r;
        break;
    }
    case SIMT_NVTX_DOMAIN_DESTROY:
        /* Its name stays: records made in it still point at it. */
        break;
    case SIMT_NVTX_REGISTER_STRING:
        ret = (int64_t)(uintptr_t)message_locked(NULL, a, w);
        break;
    default:
        break;
    }
    pthread_mutex_unlock(&rec_lock);
    return ret;
}

const char *nvtx_stream_name_locked(const void *stream, int is_default)
{
    uintptr_t *v = stream ? simt__hmap_find(&stream_names, (uintptr_t)stream) : NULL;
    if (v)
        return (const char *)*v;
    return is_default ? default_stream_name : NULL;
}

const char *nvtx_thread_name_locked(unsigned long long tid)
{
    uintptr_t *v = tid ? simt__hmap_find(&thread_names, (uintptr_t)tid) : NULL;
    return v ? (const char *)*v : NULL;
}

const char *nvtx_event_name_locked(const void *event)
{
    uintptr_t *v = event ? simt__hmap_find(&event_names, (uintptr_t)event) : NULL;
    return v ? (const char *)*v : NULL;
}

static int close_started(uintptr_t val, void *arg)
{
    struct open_range *o = (struct open_range *)val;
    end_locked(o, REC_NVTX_RANGE, o->id, *(const long long *)arg);
    free(o);
    return 0;
}

void nvtx_close_open_locked(long long now)
{
    for (struct stack *s = stacks; s; s = s->next)
        while (s->n > 0)
            end_locked(&s->v[--s->n], REC_NVTX_PUSH, 0, now);
    simt__hmap_filter(&started, close_started, &now);
}
