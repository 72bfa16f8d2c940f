/*
 * copy.c: cudaMemcpy and cudaMemset in all their shapes: 1D, 2D, 3D
 * (pitched pointers), peer, and their asynchronous forms; and the
 * transfers of graph memcpy and memset nodes (copy.h).
 *
 * Every call validates its ranges against the allocation table before
 * anything is queued, then submits one transfer (rows of bytes, in
 * slices) as an operation (op.h): in stream order, or into a capturing
 * stream's graph.  Asynchronous
 * transfers queue a heap copy of their parameters, never of the data,
 * except from pageable memory to the device, which is staged at the call
 * (the caller may reuse its buffer at once).
 *
 * Which calls return before their transfer is done is what an H200 did
 * (CUDA 13; docs/gpu-facts/streams-sync.txt), as the CUDA runtime API's
 * "API synchronization behavior" describes it: cudaMemcpy waits unless
 * both sides are device memory; cudaMemset waits only for pinned or
 * managed memory; cudaMemcpyAsync waits for pageable destinations and
 * for host-to-host copies.
 *
 * The checks and their order are what an H200 returned (CUDA 13):
 * docs/gpu-facts/memory-api.txt and the probes quoted below.  Under
 * unified addressing the runtime ignores the host side of an explicit
 * kind unless it knows the memory: only the side the kind calls device
 * memory must be a known allocation, and HostToHost behaves as Default.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check/hooks.h"
#include "engine/engine.h"
#include "engine/sync.h"
#include "runtime/array.h"
#include "runtime/copy.h"
#include "runtime/memory.h"
#include "runtime/runtime.h"
#include "runtime/stream.h"
#include "runtime/streamrace.h"

/* One row's bytes: copied, or set to the value of x. */
static void row_fill(const struct xfer *x, char *d, const char *src, size_t width)
{
    if (src) {
        memmove(d, src, width);
    } else if (x->elem == 2) {
        uint16_t v = (uint16_t)x->value;
        for (size_t i = 0; i < width / 2; i++)
            memcpy(d + 2 * i, &v, 2);
    } else if (x->elem == 4) {
        uint32_t v = x->value;
        for (size_t i = 0; i < width / 4; i++)
            memcpy(d + 4 * i, &v, 4);
    } else {
        memset(d, (int)(x->value & 0xff), width);
    }
}

/* A transfer of SPLIT bytes or more is cut into pieces of about SLICE
 * bytes (slices of a single row, or groups of rows) that the calling
 * thread and the idle workers share (engine_parallel): one thread's
 * memcpy is a fraction of the machine's memory bandwidth.  A slice is a
 * whole number of elements of any set.  From 1 MiB: Rodinia
 * streamcluster's 1.4 MB copy and memset of each of its 1,432 steps took
 * 0.86-1.11 s whole on 16 cores, 0.61-0.82 s split. */
#define SPLIT ((size_t)1 << 20)
/* Synchronous copies up to this size run at once on an idle timeline
 * (timeline_run_idle): below SPLIT, so on this thread alone. */
#define IDLE_COPY_MAX ((size_t)64 << 10)
#define SLICE ((size_t)256 << 10)

struct shape {
    const struct xfer *x;
    size_t width, height;     /* after merging rows that touch */
    size_t rows;              /* height * depth */
    size_t per;               /* rows per piece (rows > 1) */
};

static char *dst_row(const struct shape *s, size_t k)
{
    return s->x->dst + k / s->height * s->x->dslice + k % s->height * s->x->dpitch;
}

static const char *src_row(const struct shape *s, size_t k)
{
    const struct xfer *x = s->x;
    return x->src ? x->src + k / s->height * x->sslice + k % s->height * x->spitch : NULL;
}

static void piece(void *arg, size_t i)
{
    const struct shape *s = arg;
    if (s->rows == 1) {
        size_t off = i * SLICE, len = s->width - off < SLICE ? s->width - off : SLICE;
        const char *src = src_row(s, 0);
        row_fill(s->x, dst_row(s, 0) + off, src ? src + off : NULL, len);
        return;
    }
    size_t end = (i + 1) * s->per < s->rows ? (i + 1) * s->per : s->rows;
    for (size_t k = i * s->per; k < end; k++)
        row_fill(s->x, dst_row(s, k), src_row(s, k), s->width);
}

/* Whether the spans of the source and destination rows meet: then the
 * rows go one after another, each as memmove does. */
static int spans_meet(const struct shape *s)
{
    if (!s->x->src)
        return 0;
    const char *d = dst_row(s, 0), *src = src_row(s, 0);
    const char *dend = dst_row(s, s->rows - 1) + s->width;
    const char *send = src_row(s, s->rows - 1) + s->width;
    return src < dend && d < send;
}

/* x's rows, those that touch one another merged into one. */
static struct shape shape_of(const struct xfer *x)
{
    struct shape s = {x, x->width, x->height, 0, 1};
    if (s.height > 1 && x->dpitch == s.width && (!x->src || x->spitch == s.width)) {
        s.width *= s.height;
        s.height = 1;
    }
    s.rows = s.height * x->depth;
    return s;
}

/* x's bytes moved (or set), without the checker's hooks. */
static void xfer_move(const struct xfer *x)
{
    struct shape s = shape_of(x);
    if (!s.rows || !s.width)
        return;
    if (s.width * s.rows < SPLIT || spans_meet(&s)) {
        for (size_t k = 0; k < s.rows; k++)
            row_fill(x, dst_row(&s, k), src_row(&s, k), s.width);
        return;
    }
    size_t pieces;
    if (s.rows == 1) {
        pieces = (s.width + SLICE - 1) / SLICE;
    } else {
        s.per = s.width >= SLICE ? 1 : SLICE / s.width;
        pieces = (s.rows + s.per - 1) / s.per;
    }
    engine_parallel(piece, &s, pieces);
}

void xfer_run(void *arg)
{
    const struct xfer *x = arg;
    xfer_move(x);
    if (!hook_checking())
        return;
    /* The checker learns of every row, on the thread that ran the copy. */
    struct shape s = shape_of(x);
    uint32_t key = streamrace_running();
    for (size_t k = 0; k < s.rows; k++) {
        char *d = dst_row(&s, k);
        check_written(d, s.width);
        if (key && x->src)
            check_transfer(src_row(&s, k), s.width, 0, key);
        if (key)
            check_transfer(d, s.width, 1, key);
    }
}

struct staged {
    struct xfer x;
    char *buffer;               /* the staged source, or NULL */
};

static void staged_run(void *arg)
{
    struct staged *q = arg;
    xfer_run(&q->x);
    free(q->buffer);
    free(q);
}

enum { SYNC, ASYNC };

/* Memory as the blocking rules see it. */
static int is_device(enum mem_type t)
{
    return t == MEM_DEVICE || t == MEM_SYMBOL;
}

static int is_host(enum mem_type t)
{
    return t == MEM_NONE || t == MEM_PINNED || t == MEM_REGISTERED;
}

/* Whether a call returns only once its transfer is done (an H200, with a
 * kernel still running in the stream): blocking copies unless both sides
 * are device memory (managed memory included), blocking sets unless the
 * memory is device memory, asynchronous copies into pageable memory and
 * between host buffers. */
static int waits(const struct xfer *x, int async, enum mem_type dt, enum mem_type st)
{
    if (!x->src)
        return async == SYNC && !is_device(dt);
    if (async == SYNC)
        return !is_device(dt) || !is_device(st);
    return dt == MEM_NONE || (is_host(dt) && is_host(st));
}

/* Copies the rows of x's source into one packed buffer, which becomes
 * the source: a pageable source may change once the call returns. */
static cudaError_t stage(struct xfer *x, char **buffer)
{
    size_t n = x->width * x->height * x->depth;
    char *b = malloc(n ? n : 1);
    if (!b)
        return cudaErrorMemoryAllocation;
    struct xfer packed = *x;
    packed.dst = b;
    packed.dpitch = x->width;
    packed.dslice = x->width * x->height;
    xfer_move(&packed);
    x->src = b;
    x->spitch = x->width;
    x->sslice = x->width * x->height;
    *buffer = b;
    return cudaSuccess;
}

/* The timeline's side of a transfer (op.h).  A call that waits returns
 * the context's error if the device failed meanwhile (the copy waited for
 * the kernel that failed); waiting makes it a flush point for device
 * printf, as on a GPU. */
static cudaError_t enqueue_xfer(struct CUstream_st *s, struct op *op)
{
    const struct xfer *x = &op->u.transfer.x;
    int async = op->u.transfer.sync ? SYNC : ASYNC;
    enum mem_type dt = (enum mem_type)op->u.transfer.dt, st = (enum mem_type)op->u.transfer.st;
    if (async == SYNC) {
        cudaError_t e = capture_check_unsafe();
        if (e != cudaSuccess)
            return e;
    }
    if (hook_checking())
        streamrace_note(x, dt != MEM_NONE, st != MEM_NONE);
    if (waits(x, async, dt, st)) {
        struct xfer local = *x;
        /* A small synchronous copy while nothing is pending (a model's
         * step: copy in, launch, copy out, Rodinia myocyte 9,152 times)
         * needs no command: making, linking and completing one cost
         * about 2,000 instructions a copy. */
        struct shape sh = shape_of(&local);
        cudaError_t e = sh.width * sh.rows <= IDLE_COPY_MAX && timeline_run_idle(xfer_run, &local)
                            ? cudaSuccess
                            : stream_run_sync(s, xfer_run, &local);
        if (e != cudaSuccess)
            return e;
        printf_flush();
        return api_sticky();
    }
    struct staged *q = malloc(sizeof *q);
    if (!q)
        return cudaErrorMemoryAllocation;
    q->x = *x;
    q->buffer = NULL;
    cudaError_t e;
    if (x->src && st == MEM_NONE && (e = stage(&q->x, &q->buffer)) != cudaSuccess) {
        free(q);
        return e;
    }
    if ((e = stream_run_async(s, staged_run, q)) != cudaSuccess) {
        free(q->buffer);
        free(q);
    }
    return e;
}

/* Runs x in stream order on s, or adds it to s's capture. */
static cudaError_t submit(struct CUstream_st *s, const struct xfer *x, int async,
                          enum mem_type dt, enum mem_type st)
{
    /* During capture, a blocking call in a capturing stream is not
     * allowed; in the legacy stream it meets the implicit dependency
     * first (an H200 answers cudaErrorStreamCaptureImplicit), then the
     * rule on potentially unsafe calls. */
    if (async == SYNC && stream_is_capturing(s))
        return capture_forbid(s);
    struct op op = {.kind = OP_TRANSFER, .enqueue = enqueue_xfer};
    op.u.transfer.x = *x;
    op.u.transfer.sync = async == SYNC;
    op.u.transfer.dt = (int)dt;
    op.u.transfer.st = (int)st;
    return op_submit(s, &op);
}

/* Blocking calls run in the legacy default stream (the calling thread's
 * own default stream under per-thread default streams). */
static cudaError_t stream_of(cudaStream_t h, int async, struct CUstream_st **out)
{
    *out = stream_resolve(async ? h : NULL);
    return *out ? cudaSuccess : stream_error(h);
}

/* Submits x on the stream a call names, if `described` (describe_1d's,
 * describe_3d's answer: they only look) is success: an H200 reports a bad
 * stream before a bad copy. */
static cudaError_t submit_on(cudaStream_t stream, int async, cudaError_t described,
                             const struct xfer *x, enum mem_type dt, enum mem_type st)
{
    struct CUstream_st *s;
    cudaError_t e = stream_of(stream, async, &s);
    if (e == cudaSuccess)
        e = described;
    return e == cudaSuccess ? submit(s, x, async, dt, st) : e;
}

static int kind_valid(enum cudaMemcpyKind k)
{
    /* An H100: device code copies device memory only (its host-to-device
     * and host-to-host kinds are cudaErrorInvalidMemcpyDirection). */
    if (engine_in_kernel())
        return k == cudaMemcpyDeviceToDevice || k == cudaMemcpyDefault;
    return (unsigned)k <= (unsigned)cudaMemcpyDefault;
}

static int dst_on_device(enum cudaMemcpyKind k)
{
    return k == cudaMemcpyHostToDevice || k == cudaMemcpyDeviceToDevice;
}

static int src_on_device(enum cudaMemcpyKind k)
{
    return k == cudaMemcpyDeviceToHost || k == cudaMemcpyDeviceToDevice;
}

/* Bytes from the first to the last byte of `height` rows of `width`
 * bytes, `pitch` apart, in `depth` slices `slice` apart; SIZE_MAX when
 * that overflows (no allocation is that large). */
static size_t span_of(size_t width, size_t height, size_t pitch, size_t depth, size_t slice)
{
    size_t a, b, n;
    if (__builtin_mul_overflow(height - 1, pitch, &a) ||
        __builtin_mul_overflow(depth - 1, slice, &b) || __builtin_add_overflow(a, b, &n) ||
        __builtin_add_overflow(n, width, &n))
        return SIZE_MAX;
    return n;
}

/* ---- 1D ------------------------------------------------------------------- */

/* Validates a 1D copy of count > 0 bytes and describes it. */
static cudaError_t describe_1d(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                               struct xfer *x, enum mem_type *dt, enum mem_type *st)
{
    if (!kind_valid(kind))
        return cudaErrorInvalidMemcpyDirection;
    if (!dst || !src)
        return cudaErrorInvalidValue;
    cudaError_t e = mem_check_range(dst, count, dst_on_device(kind), dt);
    if (e == cudaSuccess)
        e = mem_check_range(src, count, src_on_device(kind), st);
    if (e != cudaSuccess)
        return e;
    *x = (struct xfer){.dst = dst, .src = src, .width = count, .height = 1, .depth = 1,
                       .kind = kind};
    return cudaSuccess;
}

static cudaError_t copy_1d(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                           cudaStream_t stream, int async)
{
    /* An H200: count 0 succeeds before the kind or pointers are looked at. */
    if (count == 0)
        return cudaSuccess;
    struct xfer x;
    enum mem_type dt = MEM_NONE, st = MEM_NONE;
    cudaError_t e = describe_1d(dst, src, count, kind, &x, &dt, &st);
    return submit_on(stream, async, e, &x, dt, st);
}

cudaError_t copy_describe_1d(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                             struct xfer *x)
{
    enum mem_type dt, st;
    /* An H200: a memcpy node of 0 bytes is invalid. */
    if (count == 0)
        return cudaErrorInvalidValue;
    return describe_1d(dst, src, count, kind, x, &dt, &st);
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind)
{
    API_ENTER();
    return api_return(copy_1d(dst, src, count, kind, NULL, SYNC));
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                            cudaStream_t stream)
{
    API_ENTER();
    return api_return(copy_1d(dst, src, count, kind, stream, ASYNC));
}

/* cudaMemcpyPeer runs in the current device's legacy stream and is
 * serialized with the pending and future work of the current, source and
 * destination devices (the runtime API reference): it waits for the two
 * devices' submitted work first, and the host for it after (peer_done),
 * so that what the program submits next to any of them comes after it.
 * The asynchronous form is ordered in its stream only, as on a GPU. */
static void peer_order(int dst, int src, int async)
{
    int cur = device_current();
    if (async)
        return;
    if (src != cur)
        timeline_wait_device(src);
    if (dst != cur && dst != src)
        timeline_wait_device(dst);
}

static cudaError_t peer_done(cudaError_t e, int async)
{
    return e == cudaSuccess && !async ? stream_sync(stream_resolve(NULL)) : e;
}

static cudaError_t copy_peer(void *dst, int dstDevice, const void *src, int srcDevice,
                             size_t count, cudaStream_t stream, int async)
{
    if (count == 0)
        return cudaSuccess;
    if (!device_valid(dstDevice) || !device_valid(srcDevice))
        return cudaErrorInvalidDevice;
    peer_order(dstDevice, srcDevice, async);
    return peer_done(copy_1d(dst, src, count, cudaMemcpyDeviceToDevice, stream, async), async);
}

cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count)
{
    API_ENTER();
    return api_return(copy_peer(dst, dstDevice, src, srcDevice, count, NULL, SYNC));
}

cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice,
                                size_t count, cudaStream_t stream)
{
    API_ENTER();
    return api_return(copy_peer(dst, dstDevice, src, srcDevice, count, stream, ASYNC));
}

/* ---- 2D and 3D ------------------------------------------------------------ */

/* A pitch narrower than a row: InvalidPitchValue when there are several
 * rows, else InvalidValue, except that pitch 0 is accepted for a single
 * row (an H200: cudaMemcpy2D(d, 0, h, 8, 8, 1) succeeds, with height 2
 * it is cudaErrorInvalidPitchValue, and cudaMemcpy2D(h, 4, d, 512, 8, 1)
 * is cudaErrorInvalidValue). */
static cudaError_t pitch_rule(size_t pitch, size_t width, size_t height, size_t depth)
{
    if (pitch >= width)
        return cudaSuccess;
    if (height > 1 || depth > 1)
        return cudaErrorInvalidPitchValue;
    return pitch == 0 ? cudaSuccess : cudaErrorInvalidValue;
}

static cudaError_t copy_2d(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                           size_t height, enum cudaMemcpyKind kind, cudaStream_t stream, int async)
{
    if (width == 0 || height == 0)
        return cudaSuccess;
    struct CUstream_st *s;
    cudaError_t e = stream_of(stream, async, &s);
    if (e != cudaSuccess)
        return e;
    if (!kind_valid(kind))
        return cudaErrorInvalidMemcpyDirection;
    e = pitch_rule(dpitch, width, height, 1);
    if (e == cudaSuccess)
        e = pitch_rule(spitch, width, height, 1);
    if (e != cudaSuccess)
        return e;
    if (!dst || !src)
        return cudaErrorInvalidValue;
    enum mem_type dt, st;
    e = mem_check_range(dst, span_of(width, height, dpitch, 1, 0), dst_on_device(kind), &dt);
    if (e == cudaSuccess)
        e = mem_check_range(src, span_of(width, height, spitch, 1, 0), src_on_device(kind), &st);
    if (e != cudaSuccess)
        return e;
    struct xfer x = {.dst = dst, .src = src, .width = width, .height = height, .depth = 1,
                     .dpitch = dpitch, .spitch = spitch, .kind = kind};
    return submit(s, &x, async, dt, st);
}

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                         size_t height, enum cudaMemcpyKind kind)
{
    API_ENTER();
    return api_return(copy_2d(dst, dpitch, src, spitch, width, height, kind, NULL, SYNC));
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, enum cudaMemcpyKind kind,
                              cudaStream_t stream)
{
    API_ENTER();
    return api_return(copy_2d(dst, dpitch, src, spitch, width, height, kind, stream, ASYNC));
}

/* The shape rules of one side of a 3D copy (an H200 checks them on both
 * sides before any bound): rows narrower than the pitch, or slices taller
 * than ysize, are InvalidPitchValue. */
static cudaError_t side_shape(const struct cudaPitchedPtr *p, struct cudaExtent e)
{
    cudaError_t r = pitch_rule(p->pitch, e.width, e.height, e.depth);
    if (r == cudaSuccess && e.depth > 1 && e.height > p->ysize)
        r = cudaErrorInvalidPitchValue;
    return r;
}

/* The bounds of one side: the position plus the extent must stay inside
 * the row (pitch) and the slice (ysize, unless 0), and the whole span
 * inside the allocation.  Sets *first to the first byte. */
static cudaError_t side_bounds(const struct cudaPitchedPtr *p, struct cudaPos pos,
                               struct cudaExtent e, int on_device, char **first,
                               enum mem_type *type)
{
    if (p->pitch != 0 && (pos.x > p->pitch || e.width > p->pitch - pos.x))
        return cudaErrorInvalidValue;
    if (p->ysize != 0 && (pos.y > p->ysize || e.height > p->ysize - pos.y))
        return cudaErrorInvalidValue;
    if (!p->ptr)
        return cudaErrorInvalidValue;
    size_t slice, off, row, z;
    if (__builtin_mul_overflow(p->pitch, p->ysize, &slice) ||
        __builtin_mul_overflow(pos.y, p->pitch, &row) || __builtin_mul_overflow(pos.z, slice, &z) ||
        __builtin_add_overflow(row, z, &off) || __builtin_add_overflow(off, pos.x, &off))
        return cudaErrorInvalidValue;
    size_t span = span_of(e.width, e.height, p->pitch, e.depth, slice);
    *first = (char *)((uintptr_t)p->ptr + off);
    return mem_check_range(*first, span, on_device, type);
}

/* Validates a 3D copy of a non-empty extent and describes it. */
static cudaError_t describe_3d(const struct cudaMemcpy3DParms *p, struct xfer *x,
                               enum mem_type *dt, enum mem_type *st)
{
    struct cudaExtent e = p->extent;
    if (!kind_valid(p->kind))
        return cudaErrorInvalidMemcpyDirection;
    cudaError_t r = side_shape(&p->dstPtr, e);
    if (r == cudaSuccess)
        r = side_shape(&p->srcPtr, e);
    if (r != cudaSuccess)
        return r;
    char *d, *sp;
    r = side_bounds(&p->dstPtr, p->dstPos, e, dst_on_device(p->kind), &d, dt);
    if (r == cudaSuccess)
        r = side_bounds(&p->srcPtr, p->srcPos, e, src_on_device(p->kind), &sp, st);
    if (r != cudaSuccess)
        return r;
    *x = (struct xfer){.dst = d, .src = sp, .width = e.width, .height = e.height,
                       .depth = e.depth, .dpitch = p->dstPtr.pitch, .spitch = p->srcPtr.pitch,
                       .dslice = p->dstPtr.pitch * p->dstPtr.ysize,
                       .sslice = p->srcPtr.pitch * p->srcPtr.ysize, .kind = p->kind};
    return cudaSuccess;
}

static cudaError_t copy_3d(const struct cudaMemcpy3DParms *p, cudaStream_t stream, int async)
{
    if (!p)
        return cudaErrorInvalidValue;
    /* An array side becomes the pitched pointer of its storage (array.c). */
    struct cudaMemcpy3DParms flat;
    cudaError_t ar = array_flatten_3d(&p, &flat);
    if (ar != cudaSuccess)
        return ar;
    struct cudaExtent e = p->extent;
    if (e.width == 0 || e.height == 0 || e.depth == 0)
        return cudaSuccess;
    struct xfer x;
    enum mem_type dt = MEM_NONE, st = MEM_NONE;
    cudaError_t described = describe_3d(p, &x, &dt, &st);
    return submit_on(stream, async, described, &x, dt, st);
}

cudaError_t copy_describe_3d(const struct cudaMemcpy3DParms *p, struct xfer *x)
{
    enum mem_type dt, st;
    if (!p || p->srcArray || p->dstArray)
        return cudaErrorInvalidValue;
    if (p->extent.width == 0 || p->extent.height == 0 || p->extent.depth == 0)
        return cudaErrorInvalidValue;
    return describe_3d(p, x, &dt, &st);
}

cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p)
{
    API_ENTER();
    return api_return(copy_3d(p, NULL, SYNC));
}

cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream)
{
    API_ENTER();
    return api_return(copy_3d(p, stream, ASYNC));
}

/* A 3D copy between devices' memory: unified addressing finds both sides. */
static cudaError_t copy_3d_peer(const struct cudaMemcpy3DPeerParms *p, cudaStream_t stream,
                                int async)
{
    if (!p)
        return cudaErrorInvalidValue;
    if (!device_valid(p->dstDevice) || !device_valid(p->srcDevice))
        return cudaErrorInvalidDevice;
    struct cudaMemcpy3DParms q = {.srcArray = p->srcArray, .srcPos = p->srcPos, .srcPtr = p->srcPtr,
                                  .dstArray = p->dstArray, .dstPos = p->dstPos, .dstPtr = p->dstPtr,
                                  .extent = p->extent, .kind = cudaMemcpyDeviceToDevice};
    peer_order(p->dstDevice, p->srcDevice, async);
    return peer_done(copy_3d(&q, stream, async), async);
}

cudaError_t cudaMemcpy3DPeer(const struct cudaMemcpy3DPeerParms *p)
{
    API_ENTER();
    return api_return(copy_3d_peer(p, NULL, SYNC));
}

cudaError_t cudaMemcpy3DPeerAsync(const struct cudaMemcpy3DPeerParms *p, cudaStream_t stream)
{
    API_ENTER();
    return api_return(copy_3d_peer(p, stream, ASYNC));
}

/* ---- sets ----------------------------------------------------------------- */

/* Sets `height` rows `pitch` apart in `depth` slices `slice` apart; the
 * caller has checked the shape.  Only device-visible memory is accepted. */
static cudaError_t set_rows(void *p, int value, size_t width, size_t height, size_t pitch,
                            size_t depth, size_t slice, cudaStream_t stream, int async)
{
    struct CUstream_st *s;
    cudaError_t e = stream_of(stream, async, &s);
    if (e != cudaSuccess)
        return e;
    enum mem_type dt;
    e = mem_check_range(p, span_of(width, height, pitch, depth, slice), 1, &dt);
    if (e != cudaSuccess)
        return e;
    struct xfer x = {.dst = p, .value = (unsigned char)value, .elem = 1, .width = width,
                     .height = height, .depth = depth, .dpitch = pitch, .dslice = slice};
    return submit(s, &x, async, dt, MEM_NONE);
}

static cudaError_t set_1d(void *p, int value, size_t count, cudaStream_t stream, int async)
{
    if (count == 0)
        return cudaSuccess;
    return set_rows(p, value, count, 1, 0, 1, 0, stream, async);
}

/* An H200: a row wider than the pitch is accepted for a single row (it
 * only has to fit the allocation), rejected for several. */
static cudaError_t set_2d(void *p, size_t pitch, int value, size_t width, size_t height,
                          cudaStream_t stream, int async)
{
    if (width == 0 || height == 0)
        return cudaSuccess;
    if (height > 1 && width > pitch)
        return cudaErrorInvalidValue;
    return set_rows(p, value, width, height, pitch, 1, 0, stream, async);
}

/* An H200: the extent's height must fit ysize even for one slice (ysize
 * 0 fails), and rows wider than the pitch fail unless there is one. */
static cudaError_t set_3d(struct cudaPitchedPtr p, int value, struct cudaExtent e,
                          cudaStream_t stream, int async)
{
    if (e.width == 0 || e.height == 0 || e.depth == 0)
        return cudaSuccess;
    if (e.height > p.ysize)
        return cudaErrorInvalidValue;
    if ((e.height > 1 || e.depth > 1) && e.width > p.pitch)
        return cudaErrorInvalidValue;
    size_t slice;
    if (__builtin_mul_overflow(p.pitch, p.ysize, &slice))
        return cudaErrorInvalidValue;
    return set_rows(p.ptr, value, e.width, e.height, p.pitch, e.depth, slice, stream, async);
}

/* A memset node (an H200): elements of 1, 2 or 4 bytes, aligned to their
 * size; several rows need a pitch of at least a row. */
cudaError_t copy_describe_set(const struct cudaMemsetParams *p, struct xfer *x)
{
    if (!p || !p->dst || p->width == 0 || p->height == 0)
        return cudaErrorInvalidValue;
    unsigned el = p->elementSize;
    if ((el != 1 && el != 2 && el != 4) || ((uintptr_t)p->dst & (el - 1)))
        return cudaErrorInvalidValue;
    size_t row;
    if (__builtin_mul_overflow(p->width, (size_t)el, &row))
        return cudaErrorInvalidValue;
    if (p->height > 1 && p->pitch < row)
        return cudaErrorInvalidValue;
    cudaError_t e = mem_check_range(p->dst, span_of(row, p->height, p->pitch, 1, 0), 1, NULL);
    if (e != cudaSuccess)
        return e;
    *x = (struct xfer){.dst = p->dst, .value = el == 4 ? p->value : el == 2 ? p->value & 0xffff
                                                                             : p->value & 0xff,
                       .elem = el, .width = row, .height = p->height, .depth = 1,
                       .dpitch = p->pitch};
    return cudaSuccess;
}

cudaError_t cudaMemset(void *devPtr, int value, size_t count)
{
    API_ENTER();
    return api_return(set_1d(devPtr, value, count, NULL, SYNC));
}

cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream)
{
    API_ENTER();
    return api_return(set_1d(devPtr, value, count, stream, ASYNC));
}

cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height)
{
    API_ENTER();
    return api_return(set_2d(devPtr, pitch, value, width, height, NULL, SYNC));
}

cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width, size_t height,
                              cudaStream_t stream)
{
    API_ENTER();
    return api_return(set_2d(devPtr, pitch, value, width, height, stream, ASYNC));
}

cudaError_t cudaMemset3D(struct cudaPitchedPtr pitchedDevPtr, int value, struct cudaExtent extent)
{
    API_ENTER();
    return api_return(set_3d(pitchedDevPtr, value, extent, NULL, SYNC));
}

cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr pitchedDevPtr, int value,
                              struct cudaExtent extent, cudaStream_t stream)
{
    API_ENTER();
    return api_return(set_3d(pitchedDevPtr, value, extent, stream, ASYNC));
}
