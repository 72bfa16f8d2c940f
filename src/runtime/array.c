/*
 * array.c: CUDA arrays: channel descriptors, cudaMallocArray and
 * cudaMalloc3DArray, their copies (2D, the deprecated 1D forms, and the
 * array sides of cudaMemcpy3D), cudaCreateChannelDesc, and mipmapped
 * arrays (cudaMallocMipmappedArray: one array per level).
 *
 * An array's texels live in one tracked device allocation, rows packed
 * (array.h), so each copy becomes a pitched copy of copy.c with the same
 * stream order and blocking rules.  Live arrays are kept in a list so
 * that every call can tell a handle from garbage.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/array.h"
#include "runtime/handle.h"
#include "runtime/memory.h"
#include "runtime/runtime.h"
#include "runtime/stream.h"

/* ---- channel formats ------------------------------------------------------ */

struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                   enum cudaChannelFormatKind f)
{
    struct cudaChannelFormatDesc d = {x, y, z, w, f};
    return d;
}

cudaError_t array_format(const struct cudaChannelFormatDesc *d, struct format *f)
{
    const int bits[4] = {d->x, d->y, d->z, d->w};
    unsigned n = 0;
    while (n < 4 && bits[n] != 0)
        n++;
    for (unsigned c = n; c < 4; c++)
        if (bits[c] != 0)
            return cudaErrorInvalidChannelDescriptor;
    if (n == 0 || n == 3)
        return cudaErrorInvalidChannelDescriptor;
    for (unsigned c = 1; c < n; c++)
        if (bits[c] != bits[0])
            return cudaErrorInvalidChannelDescriptor;
    switch (d->f) {
    case cudaChannelFormatKindSigned:
    case cudaChannelFormatKindUnsigned:
        if (bits[0] != 8 && bits[0] != 16 && bits[0] != 32)
            return cudaErrorInvalidChannelDescriptor;
        f->kind = d->f == cudaChannelFormatKindSigned ? FMT_SINT : FMT_UINT;
        break;
    case cudaChannelFormatKindFloat:
        if (bits[0] != 16 && bits[0] != 32)
            return cudaErrorInvalidChannelDescriptor;
        f->kind = FMT_FLOAT;
        break;
    default:
        return cudaErrorInvalidChannelDescriptor;
    }
    f->channels = n;
    f->bytes = (unsigned)bits[0] / 8;
    f->texel = f->channels * f->bytes;
    return cudaSuccess;
}

/* ---- live arrays ----------------------------------------------------------- */

/* Arrays and mipmapped arrays are validated through the handle registry.
 * A handle that names no live array is cudaErrorInvalidResourceHandle in
 * copies (an H200: cudaMemcpy2DToArray to NULL); an H100 crashes on a
 * freed one. */
struct cudaArray *array_live(cudaArray_const_t a)
{
    if (simt__handle_check(HANDLE_ARRAY, HANDLE(a)) != HANDLE_LIVE)
        return NULL;
    return (struct cudaArray *)(uintptr_t)a;
}

static int live_add(struct cudaArray *a)
{
    return simt__handle_add(HANDLE_ARRAY, HANDLE(a));
}

/* Unregisters a: 0, or -1 when it was not live. */
static int live_remove(cudaArray_const_t a)
{
    return simt__handle_remove(HANDLE_ARRAY, HANDLE(a)) == HANDLE_LIVE ? 0 : -1;
}

/* ---- allocation --------------------------------------------------------------- */

#define KNOWN_FLAGS                                                                        \
    (cudaArrayLayered | cudaArraySurfaceLoadStore | cudaArrayCubemap |                     \
     cudaArrayTextureGather)

/* Makes an array of extent e (0 for an absent dimension).  The shape
 * rules are CUDA's (runtime API, cudaMalloc3DArray): a 1D array has
 * height and depth 0, a 2D one depth 0; a layered array takes its layers
 * from depth; a cubemap is square with 6 faces (6 per layer). */
static cudaError_t make_array(cudaArray_t *out, const struct cudaChannelFormatDesc *desc,
                              struct cudaExtent e, unsigned flags, const char *api,
                              const void *caller)
{
    if (!out || !desc)
        return cudaErrorInvalidValue;
    struct format f;
    cudaError_t r = array_format(desc, &f);
    if (r != cudaSuccess)
        return r;
    if (e.width == 0 || (flags & ~(unsigned)KNOWN_FLAGS))
        return cudaErrorInvalidValue;
    if (flags & cudaArrayLayered) {
        if (e.depth == 0 || e.depth > 2048)
            return cudaErrorInvalidValue;
    } else if (e.height == 0 && e.depth != 0) {
        return cudaErrorInvalidValue;
    }
    if ((flags & cudaArrayCubemap) &&
        (e.width != e.height || e.depth == 0 || e.depth % 6 != 0 ||
         (!(flags & cudaArrayLayered) && e.depth != 6)))
        return cudaErrorInvalidValue;
    /* tex2Dgather reads 2D arrays only: an H200 refuses gather cubemaps. */
    if ((flags & cudaArrayCubemap) && (flags & cudaArrayTextureGather))
        return cudaErrorInvalidValue;
    /* The emulated device's limits (cudaDeviceProp::maxTexture*,
     * maxSurface*): larger extents fail as on an H200. */
    if (e.width > 131072 || e.height > 65536 || e.depth > 16384)
        return cudaErrorInvalidValue;
    struct cudaArray *a = calloc(1, sizeof *a);
    if (!a)
        return cudaErrorMemoryAllocation;
    a->desc = *desc;
    a->fmt = f;
    a->extent = e;
    a->flags = flags;
    a->pitch = e.width * f.texel;
    a->rows = e.height ? e.height : 1;
    a->slices = e.depth ? e.depth : 1;
    size_t bytes = a->pitch * a->rows * a->slices;
    void *data = NULL;
    r = mem_alloc_tracked(&data, bytes, MEM_DEVICE, api, caller);
    if (r != cudaSuccess) {
        free(a);
        return r;
    }
    a->data = data;
    if (live_add(a) != 0) {
        mem_free_tracked(data, api);
        free(a);
        return cudaErrorMemoryAllocation;
    }
    *out = a;
    return cudaSuccess;
}

cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                            size_t width, size_t height, unsigned int flags)
{
    API_ENTER();
    cudaError_t unsafe = capture_check_unsafe();
    if (unsafe != cudaSuccess)
        return api_return(unsafe);
    /* Layered and cubemap arrays come from cudaMalloc3DArray only. */
    if (flags & (cudaArrayLayered | cudaArrayCubemap))
        return api_return(cudaErrorInvalidValue);
    struct cudaExtent e = {width, height, 0};
    return api_return(make_array(array, desc, e, flags, "cudaMallocArray",
                                 __builtin_return_address(0)));
}

cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                              struct cudaExtent extent, unsigned int flags)
{
    API_ENTER();
    cudaError_t unsafe = capture_check_unsafe();
    if (unsafe != cudaSuccess)
        return api_return(unsafe);
    return api_return(make_array(array, desc, extent, flags, "cudaMalloc3DArray",
                                 __builtin_return_address(0)));
}

cudaError_t cudaFreeArray(cudaArray_t array)
{
    API_ENTER();
    /* As cudaFree: work still reading the array finishes first. */
    cudaError_t e;
    if (!mem_free_enter(array, cudaSuccess, &e))
        return e;
    /* A mipmap level belongs to its mipmapped array, which frees it: an
     * H100 answers cudaFreeArray of a level with success, and the level
     * stays. */
    struct cudaArray *a = array_live(array);
    if (!a)
        return api_return(cudaErrorInvalidValue);
    if (a->owner)
        return cudaSuccess;
    if (live_remove(array) != 0)
        return api_return(cudaErrorInvalidValue);
    mem_free_tracked(array->data, "cudaFreeArray");
    free(array);
    return cudaSuccess;
}

cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent,
                             unsigned int *flags, cudaArray_t array)
{
    API_ENTER();
    struct cudaArray *a = array_live(array);
    if (!a)
        return api_return(cudaErrorInvalidValue);
    if (desc)
        *desc = a->desc;
    if (extent)
        *extent = a->extent;
    if (flags)
        *flags = a->flags;
    return cudaSuccess;
}

cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t array)
{
    API_ENTER();
    struct cudaArray *a = array_live(array);
    if (!a || !desc)
        return api_return(cudaErrorInvalidValue);
    *desc = a->desc;
    return cudaSuccess;
}

/* ---- 2D copies ------------------------------------------------------------------ */

/* The first byte of a `width` x `height` window at (wOffset bytes,
 * hOffset rows) of a's first slice; NULL when the window leaves it. */
static unsigned char *window(const struct cudaArray *a, size_t wOffset, size_t hOffset,
                             size_t width, size_t height)
{
    if (wOffset > a->pitch || width > a->pitch - wOffset || hOffset > a->rows ||
        height > a->rows - hOffset)
        return NULL;
    return a->data + hOffset * a->pitch + wOffset;
}

/* The 2D copies into (to) and out of array h of width x height bytes at
 * (wOffset, hOffset); other, `pitch` bytes a row, is the host or device
 * side (the source or the destination). */
static cudaError_t array_2d(int to, cudaArray_const_t h, size_t wOffset, size_t hOffset,
                            const void *other, size_t pitch, size_t width, size_t height,
                            enum cudaMemcpyKind kind, cudaStream_t stream, int async)
{
    struct cudaArray *a = array_live(h);
    if (!a)
        return cudaErrorInvalidResourceHandle;
    if (width == 0 || height == 0)
        return cudaSuccess;
    unsigned char *p = window(a, wOffset, hOffset, width, height);
    if (!p)
        return cudaErrorInvalidValue;
    void *dst = to ? p : (void *)(uintptr_t)other;
    const void *src = to ? other : p;
    size_t dpitch = to ? a->pitch : pitch, spitch = to ? pitch : a->pitch;
    return async ? cudaMemcpy2DAsync(dst, dpitch, src, spitch, width, height, kind, stream)
                 : cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                size_t spitch, size_t width, size_t height,
                                enum cudaMemcpyKind kind)
{
    API_ENTER();
    return api_return(array_2d(1, dst, wOffset, hOffset, src, spitch, width, height, kind, 0, 0));
}

cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset,
                                     const void *src, size_t spitch, size_t width, size_t height,
                                     enum cudaMemcpyKind kind, cudaStream_t stream)
{
    API_ENTER();
    return api_return(
        array_2d(1, dst, wOffset, hOffset, src, spitch, width, height, kind, stream, 1));
}

cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                  size_t hOffset, size_t width, size_t height,
                                  enum cudaMemcpyKind kind)
{
    API_ENTER();
    return api_return(
        array_2d(0, src, wOffset, hOffset, dst, dpitch, width, height, kind, 0, 0));
}

cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, cudaArray_const_t src,
                                       size_t wOffset, size_t hOffset, size_t width,
                                       size_t height, enum cudaMemcpyKind kind,
                                       cudaStream_t stream)
{
    API_ENTER();
    return api_return(
        array_2d(0, src, wOffset, hOffset, dst, dpitch, width, height, kind, stream, 1));
}

cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
                                     cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc,
                                     size_t width, size_t height, enum cudaMemcpyKind kind)
{
    API_ENTER();
    struct cudaArray *d = array_live(dst), *s = array_live(src);
    if (!d || !s)
        return api_return(cudaErrorInvalidResourceHandle);
    if (width == 0 || height == 0)
        return cudaSuccess;
    unsigned char *dp = window(d, wOffsetDst, hOffsetDst, width, height);
    unsigned char *sp = window(s, wOffsetSrc, hOffsetSrc, width, height);
    if (!dp || !sp)
        return api_return(cudaErrorInvalidValue);
    return api_return(cudaMemcpy2D(dp, d->pitch, sp, s->pitch, width, height, kind));
}

/* ---- the deprecated 1D copies ------------------------------------------------------ */

/* count bytes from (wOffset, hOffset) on, the array's rows read as one run
 * of bytes; NULL when they leave the array. */
static unsigned char *run_of(const struct cudaArray *a, size_t wOffset, size_t hOffset,
                             size_t count)
{
    size_t total = a->pitch * a->rows * a->slices;
    if (wOffset >= a->pitch || hOffset >= a->rows * a->slices)
        return NULL;
    size_t at = hOffset * a->pitch + wOffset;
    if (count > total - at)
        return NULL;
    return a->data + at;
}

/* The copies into (to) and out of array h of count bytes at (wOffset,
 * hOffset); other is the host or device side (the source or the
 * destination). */
static cudaError_t array_1d(int to, cudaArray_const_t h, size_t wOffset, size_t hOffset,
                            const void *other, size_t count, enum cudaMemcpyKind kind,
                            cudaStream_t stream, int async)
{
    struct cudaArray *a = array_live(h);
    if (!a)
        return cudaErrorInvalidResourceHandle;
    if (count == 0)
        return cudaSuccess;
    unsigned char *p = run_of(a, wOffset, hOffset, count);
    if (!p)
        return cudaErrorInvalidValue;
    void *dst = to ? p : (void *)(uintptr_t)other;
    const void *src = to ? other : p;
    return async ? cudaMemcpyAsync(dst, src, count, kind, stream) : cudaMemcpy(dst, src, count, kind);
}

cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                              size_t count, enum cudaMemcpyKind kind)
{
    API_ENTER();
    return api_return(array_1d(1, dst, wOffset, hOffset, src, count, kind, 0, 0));
}

cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset,
                                   const void *src, size_t count, enum cudaMemcpyKind kind,
                                   cudaStream_t stream)
{
    API_ENTER();
    return api_return(array_1d(1, dst, wOffset, hOffset, src, count, kind, stream, 1));
}

cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                                size_t count, enum cudaMemcpyKind kind)
{
    API_ENTER();
    return api_return(array_1d(0, src, wOffset, hOffset, dst, count, kind, 0, 0));
}

cudaError_t cudaMemcpyFromArrayAsync(void *dst, cudaArray_const_t src, size_t wOffset,
                                     size_t hOffset, size_t count, enum cudaMemcpyKind kind,
                                     cudaStream_t stream)
{
    API_ENTER();
    return api_return(array_1d(0, src, wOffset, hOffset, dst, count, kind, stream, 1));
}

cudaError_t cudaMemcpyArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
                                   cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc,
                                   size_t count, enum cudaMemcpyKind kind)
{
    API_ENTER();
    struct cudaArray *d = array_live(dst), *s = array_live(src);
    if (!d || !s)
        return api_return(cudaErrorInvalidResourceHandle);
    if (count == 0)
        return cudaSuccess;
    unsigned char *dp = run_of(d, wOffsetDst, hOffsetDst, count);
    unsigned char *sp = run_of(s, wOffsetSrc, hOffsetSrc, count);
    if (!dp || !sp)
        return api_return(cudaErrorInvalidValue);
    return api_return(cudaMemcpy(dp, sp, count, kind));
}

/* ---- cudaMemcpy3D ------------------------------------------------------------------ */

/* One array side of a 3D copy: the extent (in the array's elements) at pos
 * must lie inside the array; the side becomes the array's storage with
 * its position in bytes. */
static cudaError_t flatten_side(const struct cudaArray *a, struct cudaPos *pos,
                                struct cudaPitchedPtr *ptr, struct cudaExtent e)
{
    size_t w = a->extent.width;
    if (pos->x > w || e.width > w - pos->x || pos->y > a->rows || e.height > a->rows - pos->y ||
        pos->z > a->slices || e.depth > a->slices - pos->z)
        return cudaErrorInvalidValue;
    pos->x *= a->fmt.texel;
    *ptr = (struct cudaPitchedPtr){a->data, a->pitch, a->pitch, a->rows};
    return cudaSuccess;
}

cudaError_t array_flatten_3d(const struct cudaMemcpy3DParms **pp, struct cudaMemcpy3DParms *flat)
{
    const struct cudaMemcpy3DParms *p = *pp;
    if (!p || (!p->srcArray && !p->dstArray))
        return cudaSuccess;
    struct cudaArray *s = NULL, *d = NULL;
    if (p->srcArray && !(s = array_live(p->srcArray)))
        return cudaErrorInvalidResourceHandle;
    if (p->dstArray && !(d = array_live(p->dstArray)))
        return cudaErrorInvalidResourceHandle;
    /* A side is an array or a pitched pointer, never both. */
    if ((s && p->srcPtr.ptr) || (d && p->dstPtr.ptr))
        return cudaErrorInvalidValue;
    if (s && d && s->fmt.texel != d->fmt.texel)
        return cudaErrorInvalidValue;
    /* CUDA runtime API, cudaMemcpy3D: with an array on either side, the
     * extent and the array's positions count the array's elements. */
    unsigned elem = s ? s->fmt.texel : d->fmt.texel;
    *flat = *p;
    flat->srcArray = flat->dstArray = NULL;
    cudaError_t r;
    if (s && (r = flatten_side(s, &flat->srcPos, &flat->srcPtr, p->extent)) != cudaSuccess)
        return r;
    if (d && (r = flatten_side(d, &flat->dstPos, &flat->dstPtr, p->extent)) != cudaSuccess)
        return r;
    if (__builtin_mul_overflow(p->extent.width, (size_t)elem, &flat->extent.width))
        return cudaErrorInvalidValue;
    *pp = flat;
    return cudaSuccess;
}

/* ---- mipmapped arrays ------------------------------------------------------------- */

struct cudaMipmappedArray *mipmap_live(cudaMipmappedArray_const_t m)
{
    return simt__handle_check(HANDLE_MIPMAP, HANDLE(m)) == HANDLE_LIVE
               ? (struct cudaMipmappedArray *)(uintptr_t)m
               : NULL;
}

static void free_levels(struct cudaMipmappedArray *m, const char *api)
{
    for (unsigned l = 0; l < m->levels; l++)
        if (m->level[l]) {
            live_remove(m->level[l]);
            mem_free_tracked(m->level[l]->data, api);
            free(m->level[l]);
        }
}

/* The extent of level l: each present dimension halves, rounding down, to
 * at least 1; the layer count (a layered array's depth) stays. */
static size_t halve(size_t n, unsigned l)
{
    if (n == 0)
        return 0;
    n >>= l;
    return n ? n : 1;
}

cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *mipmappedArray,
                                     const struct cudaChannelFormatDesc *desc,
                                     struct cudaExtent extent, unsigned int numLevels,
                                     unsigned int flags)
{
    API_ENTER();
    cudaError_t unsafe = capture_check_unsafe();
    if (unsafe != cudaSuccess)
        return api_return(unsafe);
    if (!mipmappedArray || !desc)
        return api_return(cudaErrorInvalidValue);
    /* An H100 takes any level count: 0 makes one level, and more than
     * the largest dimension allows makes as many as it allows. */
    int layered = (flags & (cudaArrayLayered | cudaArrayCubemap)) != 0;
    size_t big = extent.width;
    if (extent.height > big)
        big = extent.height;
    if (!layered && extent.depth > big)
        big = extent.depth;
    unsigned most = 1;
    while (most < MIPMAP_MAX_LEVELS && (big >> most) != 0)
        most++;
    unsigned levels = numLevels == 0 ? 1 : numLevels > most ? most : numLevels;
    struct cudaMipmappedArray *m = calloc(1, sizeof *m);
    if (!m)
        return api_return(cudaErrorMemoryAllocation);
    m->desc = *desc;
    m->extent = extent;
    m->flags = flags;
    for (unsigned l = 0; l < levels; l++) {
        struct cudaExtent e = {halve(extent.width, l), halve(extent.height, l),
                               layered ? extent.depth : halve(extent.depth, l)};
        cudaArray_t a = NULL;
        cudaError_t r = make_array(&a, desc, e, flags, "cudaMallocMipmappedArray",
                                   __builtin_return_address(0));
        if (r != cudaSuccess) {
            free_levels(m, "cudaMallocMipmappedArray");
            free(m);
            return api_return(r);
        }
        a->owner = m;
        m->level[l] = a;
        m->levels = l + 1;
    }
    if (simt__handle_add(HANDLE_MIPMAP, HANDLE(m)) != 0) {
        free_levels(m, "cudaMallocMipmappedArray");
        free(m);
        return api_return(cudaErrorMemoryAllocation);
    }
    *mipmappedArray = m;
    return cudaSuccess;
}

cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t *levelArray,
                                       cudaMipmappedArray_const_t mipmappedArray,
                                       unsigned int level)
{
    API_ENTER();
    /* CUDA runtime API: NULL is an invalid handle, a level past the last
     * an invalid value (as on an H100). */
    struct cudaMipmappedArray *m = mipmap_live(mipmappedArray);
    if (!m)
        return api_return(cudaErrorInvalidResourceHandle);
    if (!levelArray || level >= m->levels)
        return api_return(cudaErrorInvalidValue);
    *levelArray = m->level[level];
    return cudaSuccess;
}

cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t mipmappedArray)
{
    API_ENTER();
    /* As cudaFreeArray: work still reading the levels finishes first. */
    cudaError_t e;
    if (!mem_free_enter(mipmappedArray, cudaSuccess, &e))
        return e;
    if (simt__handle_remove(HANDLE_MIPMAP, HANDLE(mipmappedArray)) != HANDLE_LIVE)
        return api_return(cudaErrorInvalidValue);
    free_levels(mipmappedArray, "cudaFreeMipmappedArray");
    free(mipmappedArray);
    return cudaSuccess;
}
