/*
 * texture.c: texture and surface objects and texture references: their
 * creation, validation and binding.  The sampling that the fetch
 * functions of the headers call (simt/core/texture.h) is device-side
 * code, in src/device/texture.c.
 *
 * Objects live in a table of fixed chunks that never move, so kernels read
 * them without a lock; a handle is the slot's index plus one, with the
 * slot's generation in the high half, so a destroyed handle is told from
 * a live one.  A texture reference, once bound, holds the handle of a
 * texture object made by the binding; its sampling state is read from the
 * reference at each fetch, as CUDA reads it at each launch.  CUDA takes a
 * reference's binding when a kernel is launched, so programs rebind or
 * unbind right after an asynchronous launch; here the kernels read the
 * binding as they run, so rebinding and unbinding first wait for the work
 * already queued on the device.  Host calls validate object handles
 * through the handle registry; kernels through the table's generations.
 */
#include <assert.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/diag.h"
#include "engine/engine.h"
#include "runtime/array.h"
#include "runtime/handle.h"
#include "runtime/memory.h"
#include "runtime/runtime.h"
#include "runtime/stream.h"
#include "runtime/texture.h"
#include "simt/core/texture.h"

/* The emulated device's alignments (cudaDeviceProp::textureAlignment and
 * texturePitchAlignment, as device.c reports them). */
#define TEXTURE_ALIGNMENT 512
#define PITCH_ALIGNMENT 32
/* cudaDevAttrMaxTexture1DLinearWidth */
#define MAX_LINEAR_TEXELS ((size_t)1 << 28)

#define CHUNK_BITS 10
#define CHUNK (1u << CHUNK_BITS)
#define CHUNKS 1024

static struct {
    pthread_mutex_t lock;
    struct obj *_Atomic chunk[CHUNKS];
    uint32_t used;              /* slots handed out at least once */
    uint32_t free_head;         /* index + 1, 0: none */
    uint32_t retiring_head;     /* index + 1 of a destroyed slot still read, 0: none */
} T = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* ---- the table ------------------------------------------------------------- */

static struct obj *slot(uint32_t i)
{
    struct obj *c = atomic_load_explicit(&T.chunk[i >> CHUNK_BITS], memory_order_acquire);
    return c ? &c[i & (CHUNK - 1)] : NULL;
}

static void reap_locked(void);

/* A free slot, with its index; NULL when the table is full. */
static struct obj *obj_new(uint32_t *index)
{
    struct obj *o = NULL;
    pthread_mutex_lock(&T.lock);
    if (!T.free_head)
        reap_locked();
    if (T.free_head) {
        *index = T.free_head - 1;
        o = slot(*index);
        /* Freed slots lie in chunks made already. */
        assert(o && o->kind == OBJ_FREE);
        T.free_head = o ? o->next_free : 0;
    } else if (T.used < CHUNK * CHUNKS) {
        uint32_t i = T.used;
        struct obj *c = atomic_load_explicit(&T.chunk[i >> CHUNK_BITS], memory_order_relaxed);
        if (!c && (c = calloc(CHUNK, sizeof *c)) != NULL)
            atomic_store_explicit(&T.chunk[i >> CHUNK_BITS], c, memory_order_release);
        if (c) {
            T.used++;
            *index = i;
            o = &c[i & (CHUNK - 1)];
            o->gen = 1;
        }
    }
    pthread_mutex_unlock(&T.lock);
    return o;
}

static unsigned long long handle_of(const struct obj *o, uint32_t index)
{
    return ((unsigned long long)o->gen << 32) | (index + 1ull);
}

struct obj *simt__texobj_get(unsigned long long h, int kind)
{
    uint32_t i = (uint32_t)h;
    if (i == 0 || i > CHUNK * CHUNKS)
        return NULL;
    struct obj *o = slot(i - 1);
    if (!o || o->gen != (uint32_t)(h >> 32) || o->kind != kind)
        return NULL;
    return o;
}

/* Frees slot i (o), which held an object: its handle reads as not live
 * from here on.  Under T.lock. */
static void obj_free_locked(struct obj *o, uint32_t i)
{
    free(o->levels);
    o->levels = NULL;
    o->nlevels = 0;
    o->kind = OBJ_FREE;
    o->gen = o->gen + 1 ? o->gen + 1 : 1;
    o->next_free = T.free_head;
    T.free_head = i + 1;
}

/* Frees the destroyed slots whose work is done.  Under T.lock. */
static void reap_locked(void)
{
    uint32_t *link = &T.retiring_head;
    while (*link) {
        uint32_t i = *link - 1;
        struct obj *o = slot(i);
        /* Retiring slots lie in chunks made already. */
        assert(o);
        if (!o)
            break;
        int done = 1;
        for (int k = 0; k < o->nends && done; k++)
            done = cmd_done(o->ends[k]);
        if (!done) {
            link = &o->next_retiring;
            continue;
        }
        *link = o->next_retiring;
        for (int k = 0; k < o->nends; k++)
            cmd_unref(o->ends[k]);
        free(o->ends);
        o->ends = NULL;
        o->nends = 0;
        obj_free_locked(o, i);
    }
}

/* Destroys the object h names.  Kernels submitted before the call may
 * still read it: NVIDIA's samples destroy a texture object right after
 * the asynchronous launch that reads it, and a GPU runs them so.  Its
 * slot is then kept, readable, until the last command of each stream at
 * the time of the call is done; only then does the handle read as not
 * live.  The API's calls already see it destroyed (the handle registry). */
static int obj_destroy(unsigned long long h, int kind)
{
    struct cmd **ends;
    int nends = timeline_pending_ends(-1, &ends);
    if (nends < 0) { /* out of memory: wait for that work instead */
        timeline_wait_all();
        nends = 0;
    }
    pthread_mutex_lock(&T.lock);
    struct obj *o = simt__texobj_get(h, kind);
    if (o && !o->nends) {
        if (nends) {
            o->ends = ends;
            o->nends = nends;
            o->next_retiring = T.retiring_head;
            T.retiring_head = (uint32_t)h;
            ends = NULL;
            nends = 0;
        } else {
            obj_free_locked(o, (uint32_t)h - 1);
        }
    }
    reap_locked();
    pthread_mutex_unlock(&T.lock);
    for (int k = 0; k < nends; k++)
        cmd_unref(ends[k]);
    free(ends);
    return o ? 0 : -1;
}

/* Gives back slot index of o, never published. */
static void obj_release(struct obj *o, uint32_t index)
{
    pthread_mutex_lock(&T.lock);
    free(o->levels);
    o->levels = NULL;
    o->nlevels = 0;
    o->next_free = T.free_head;
    T.free_head = index + 1;
    pthread_mutex_unlock(&T.lock);
}

/* The object an API call names: validated through the handle registry
 * (the table's generations serve the kernels' lock-free reads). */
static struct obj *api_obj(unsigned long long h, enum handle_kind hk, int kind)
{
    return simt__handle_check(hk, (uintptr_t)h) == HANDLE_LIVE ? simt__texobj_get(h, kind) : NULL;
}

/* Registers o (slot i, made by obj_new) as a handle of kind hk and
 * publishes it as an object of `kind` at *out; cudaErrorMemoryAllocation
 * and o released when the registry cannot take it. */
static cudaError_t obj_publish(struct obj *o, uint32_t i, enum handle_kind hk, int kind,
                               unsigned long long *out)
{
    if (simt__handle_add(hk, handle_of(o, i)) != 0) {
        obj_release(o, i);
        return cudaErrorMemoryAllocation;
    }
    *out = handle_of(o, i);
    /* Published last: a kernel reading the slot sees it whole. */
    __atomic_store_n(&o->kind, kind, __ATOMIC_RELEASE);
    return cudaSuccess;
}

/* The getters of an object's descriptors: size bytes at offset `field`
 * of the live object h (of handle kind hk, object kind `kind`) to out. */
static cudaError_t get_desc(unsigned long long h, enum handle_kind hk, int kind, void *out,
                            size_t field, size_t size)
{
    API_ENTER();
    const struct obj *o = api_obj(h, hk, kind);
    if (!o || !out)
        return api_return(cudaErrorInvalidValue);
    memcpy(out, (const char *)o + field, size);
    return cudaSuccess;
}

/* ---- resources ---------------------------------------------------------------- */

static void res_of_array(const struct cudaArray *a, struct res *r)
{
    *r = (struct res){.data = a->data, .pitch = a->pitch, .slice = a->pitch * a->rows,
                      .n = {(long)a->extent.width, (long)a->rows, 1}, .fmt = a->fmt};
    if (a->flags & cudaArrayCubemap) {
        /* Layered or not, faces are 2D layers (6 per cubemap) to copies,
         * surfaces and the cubemap fetches alike. */
        r->dims = 2;
        r->layers = (long)a->slices;
        r->cube = 1;
    } else if (a->flags & cudaArrayLayered) {
        r->dims = a->extent.height ? 2 : 1;
        r->layers = (long)a->slices;
    } else {
        r->dims = a->extent.depth ? 3 : a->extent.height ? 2 : 1;
        r->n[2] = (long)a->slices;
    }
}

/* The start of the device allocation holding p, or NULL. */
static const char *alloc_start(const void *p)
{
    struct mem_range m;
    return mem_lookup(p, &m) && m.type != MEM_SYMBOL ? m.start : NULL;
}

/* What linear and pitched resources check first: not for a surface, a
 * valid format (*f), then p inside an allocation at the texture
 * alignment. */
static cudaError_t linear_check(int surface, const struct cudaChannelFormatDesc *desc,
                                const void *p, struct format *f)
{
    if (surface)
        return cudaErrorInvalidValue;
    cudaError_t e = array_format(desc, f);
    if (e != cudaSuccess)
        return e;
    const char *start = alloc_start(p);
    if (!p || !start || ((const char *)p - start) % TEXTURE_ALIGNMENT != 0)
        return cudaErrorInvalidValue;
    return cudaSuccess;
}

/* Checks a resource descriptor and fills r.  Surfaces take arrays only
 * (an H200 does not insist on cudaArraySurfaceLoadStore). */
static cudaError_t res_of(const struct cudaResourceDesc *d, int surface, struct res *r)
{
    struct format f;
    cudaError_t e;
    switch (d->resType) {
    case cudaResourceTypeArray: {
        struct cudaArray *a = array_live(d->res.array.array);
        if (!a)
            return cudaErrorInvalidResourceHandle;
        res_of_array(a, r);
        return cudaSuccess;
    }
    case cudaResourceTypeMipmappedArray: {
        /* Surfaces take one level (cudaGetMipmappedArrayLevel). */
        struct cudaMipmappedArray *m = mipmap_live(d->res.mipmap.mipmap);
        if (surface)
            return cudaErrorInvalidValue;
        if (!m)
            return cudaErrorInvalidResourceHandle;
        res_of_array(m->level[0], r);
        return cudaSuccess;
    }
    case cudaResourceTypeLinear:
        e = linear_check(surface, &d->res.linear.desc, d->res.linear.devPtr, &f);
        if (e != cudaSuccess)
            return e;
        /* An H200 takes a size of 0. */
        if (d->res.linear.sizeInBytes / f.texel > MAX_LINEAR_TEXELS)
            return cudaErrorInvalidValue;
        *r = (struct res){.data = d->res.linear.devPtr, .dims = 1, .fmt = f,
                          .n = {(long)(d->res.linear.sizeInBytes / f.texel), 1, 1}};
        r->pitch = r->slice = d->res.linear.sizeInBytes;
        return cudaSuccess;
    case cudaResourceTypePitch2D:
        /* An H200 wants the pointer at the texture alignment (32 bytes off
         * fails) and the pitch a multiple of 32, and takes a width or
         * height of 0 and rows wider than the pitch. */
        e = linear_check(surface, &d->res.pitch2D.desc, d->res.pitch2D.devPtr, &f);
        if (e != cudaSuccess)
            return e;
        if (d->res.pitch2D.width > 131072 || d->res.pitch2D.height > 65000 ||
            d->res.pitch2D.pitchInBytes % PITCH_ALIGNMENT != 0)
            return cudaErrorInvalidValue;
        *r = (struct res){.data = d->res.pitch2D.devPtr, .dims = 2, .fmt = f,
                          .pitch = d->res.pitch2D.pitchInBytes,
                          .n = {(long)d->res.pitch2D.width, (long)d->res.pitch2D.height, 1}};
        r->slice = r->pitch * (size_t)r->n[1];
        return cudaSuccess;
    default:
        return cudaErrorInvalidValue;
    }
}


static cudaError_t sampler_of(const struct cudaTextureDesc *t, const struct res *r,
                              struct sampler *s)
{
    for (int a = 0; a < 3; a++)
        if ((unsigned)t->addressMode[a] > cudaAddressModeBorder)
            return cudaErrorInvalidValue;
    if ((unsigned)t->filterMode > cudaFilterModeLinear)
        return cudaErrorInvalidValue;
    /* An H200 reads any read mode but cudaReadModeNormalizedFloat as the
     * element type, and refuses normalized reads of formats other than
     * 8- and 16-bit integers. */
    int read_norm = t->readMode == cudaReadModeNormalizedFloat;
    if (read_norm && (r->fmt.kind == FMT_FLOAT || r->fmt.bytes == 4))
        return cudaErrorInvalidNormSetting;
    /* CUDA guide: linear filtering only for textures that return floats. */
    if (t->filterMode == cudaFilterModeLinear && !float_result(&r->fmt, read_norm))
        return cudaErrorInvalidFilterSetting;
    /* CUDA runtime API: seamless filtering needs a cubemap array. */
    if (t->seamlessCubemap && !r->cube)
        return cudaErrorInvalidValue;
    *s = (struct sampler){.filter = t->filterMode,
                          .read_norm = read_norm,
                          .norm_coords = t->normalizedCoords != 0,
                          .seamless = t->seamlessCubemap != 0,
                          .address = {t->addressMode[0], t->addressMode[1], t->addressMode[2]},
                          .mip_filter = t->mipmapFilterMode,
                          .mip_bias = t->mipmapLevelBias,
                          .mip_min = t->minMipmapLevelClamp,
                          .mip_max = t->maxMipmapLevelClamp};
    memcpy(s->border, t->borderColor, sizeof s->border);
    return cudaSuccess;
}

/* ---- texture and surface objects ------------------------------------------------- */

cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject,
                                    const struct cudaResourceDesc *pResDesc,
                                    const struct cudaTextureDesc *pTexDesc,
                                    const struct cudaResourceViewDesc *pResViewDesc)
{
    API_ENTER();
    if (!pTexObject || !pResDesc)
        return api_return(cudaErrorInvalidValue);
    /* What an H200 answers. */
    if (!pTexDesc)
        return api_return(cudaErrorInvalidResourceHandle);
    struct res r;
    struct sampler s;
    cudaError_t e = res_of(pResDesc, 0, &r);
    if (e == cudaSuccess)
        e = sampler_of(pTexDesc, &r, &s);
    if (e != cudaSuccess)
        return api_return(e);
    uint32_t i;
    struct obj *o = obj_new(&i);
    if (!o)
        return api_return(cudaErrorMemoryAllocation);
    struct res *levels = NULL;
    int nlevels = 0;
    if (pResDesc->resType == cudaResourceTypeMipmappedArray) {
        const struct cudaMipmappedArray *m = mipmap_live(pResDesc->res.mipmap.mipmap);
        levels = calloc(m->levels, sizeof *levels);
        if (!levels) {
            obj_release(o, i);
            return api_return(cudaErrorMemoryAllocation);
        }
        nlevels = (int)m->levels;
        for (int l = 0; l < nlevels; l++)
            res_of_array(m->level[l], &levels[l]);
    }
    o->res = r;
    o->smp = s;
    o->levels = levels;
    o->nlevels = nlevels;
    o->rdesc = *pResDesc;
    o->tdesc = *pTexDesc;
    memset(&o->vdesc, 0, sizeof o->vdesc);
    if (pResViewDesc)
        o->vdesc = *pResViewDesc;
    o->offset = 0;
    return api_return(obj_publish(o, i, HANDLE_TEXTURE, OBJ_TEXTURE, pTexObject));
}

cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                             cudaTextureObject_t texObject)
{
    return get_desc(texObject, HANDLE_TEXTURE, OBJ_TEXTURE, pResDesc, offsetof(struct obj, rdesc),
                    sizeof *pResDesc);
}

cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *pTexDesc,
                                            cudaTextureObject_t texObject)
{
    return get_desc(texObject, HANDLE_TEXTURE, OBJ_TEXTURE, pTexDesc, offsetof(struct obj, tdesc),
                    sizeof *pTexDesc);
}

cudaError_t cudaGetTextureObjectResourceViewDesc(struct cudaResourceViewDesc *pResViewDesc,
                                                 cudaTextureObject_t texObject)
{
    return get_desc(texObject, HANDLE_TEXTURE, OBJ_TEXTURE, pResViewDesc,
                    offsetof(struct obj, vdesc), sizeof *pResViewDesc);
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject)
{
    API_ENTER();
    /* An H100: destroying 0 or a destroyed object succeeds and does nothing. */
    if (simt__handle_remove(HANDLE_TEXTURE, texObject) == HANDLE_LIVE)
        obj_destroy(texObject, OBJ_TEXTURE);
    return cudaSuccess;
}

cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject,
                                    const struct cudaResourceDesc *pResDesc)
{
    API_ENTER();
    if (!pSurfObject || !pResDesc)
        return api_return(cudaErrorInvalidValue);
    struct res r;
    cudaError_t e = res_of(pResDesc, 1, &r);
    uint32_t i;
    struct obj *o = e == cudaSuccess ? obj_new(&i) : NULL;
    if (!o)
        return api_return(e == cudaSuccess ? cudaErrorMemoryAllocation : e);
    o->res = r;
    memset(&o->smp, 0, sizeof o->smp);
    o->rdesc = *pResDesc;
    return api_return(obj_publish(o, i, HANDLE_SURFACE, OBJ_SURFACE, pSurfObject));
}

cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject)
{
    API_ENTER();
    if (simt__handle_remove(HANDLE_SURFACE, surfObject) == HANDLE_LIVE)
        obj_destroy(surfObject, OBJ_SURFACE);
    return cudaSuccess;
}

cudaError_t cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                             cudaSurfaceObject_t surfObject)
{
    return get_desc(surfObject, HANDLE_SURFACE, OBJ_SURFACE, pResDesc, offsetof(struct obj, rdesc),
                    sizeof *pResDesc);
}

/* ---- texture references ------------------------------------------------------------ */

unsigned long long simt__texref_handle(const struct textureReference *ref)
{
    unsigned long long h;
    memcpy(&h, ref->__cudaReserved, sizeof h);
    return h;
}

static void ref_set_handle(const struct textureReference *ref, unsigned long long h)
{
    /* The reference is the program's object; CUDA's API takes it const
     * because the driver keeps the binding elsewhere. */
    memcpy((void *)((struct textureReference *)(uintptr_t)ref)->__cudaReserved, &h, sizeof h);
}

/* The fetch fast path's words (include/texture_types.h): a binding whose
 * texels are one 32-bit channel gives tex1Dfetch its data and texel count
 * (a fetch is then a compare and a load in the kernel's own code, as
 * src/device/texture.c's fetch() reads them); any other binding, and none,
 * leaves them zero and fetches call into libsimt. */
static void ref_set_fast(const struct textureReference *ref, const struct res *r)
{
    struct simt_texref_fast f = {NULL, 0};
    if (r && r->fmt.channels == 1 && r->fmt.bytes == 4) {
        f.data = r->data;
        f.n = r->n[0];
    }
    memcpy((void *)&((struct textureReference *)(uintptr_t)ref)->__cudaReserved[2], &f, sizeof f);
}

/* Binds ref to resource d (replacing any binding), with the offset that
 * cudaGetTextureAlignmentOffset reports. */
static cudaError_t bind(const struct textureReference *ref, const struct cudaResourceDesc *d,
                        size_t offset)
{
    struct res r;
    cudaError_t e = res_of(d, 0, &r);
    if (e != cudaSuccess)
        return e;
    uint32_t i;
    struct obj *o = obj_new(&i);
    if (!o)
        return cudaErrorMemoryAllocation;
    unsigned long long old = simt__texref_handle(ref);
    if (old) {
        timeline_wait_all();
        ref_set_fast(ref, NULL);
        obj_destroy(old, OBJ_TEXTURE);
    }
    o->res = r;
    memset(&o->smp, 0, sizeof o->smp);
    memset(&o->tdesc, 0, sizeof o->tdesc);
    o->rdesc = *d;
    o->offset = offset;
    unsigned long long h = handle_of(o, i);
    __atomic_store_n(&o->kind, OBJ_TEXTURE, __ATOMIC_RELEASE);
    ref_set_handle(ref, h);
    ref_set_fast(ref, &r);
    return cudaSuccess;
}

/* The texture reference API binds at the address devPtr rounded down to
 * the texture alignment and reports the difference as *offset (which
 * fetches must add); without offset, a misaligned devPtr is an error.
 * Alignment counts from the allocation's start, which a GPU aligns.
 * The binding calls check texref and desc first. */
static cudaError_t aligned_base(const struct textureReference *texref,
                                const struct cudaChannelFormatDesc *desc, const void *devPtr,
                                size_t *offset, const char **base)
{
    if (!texref)
        return cudaErrorInvalidTexture;
    if (!desc)
        return cudaErrorInvalidChannelDescriptor;
    const char *start = alloc_start(devPtr);
    if (!devPtr || !start)
        return cudaErrorInvalidValue;
    size_t off = (size_t)((const char *)devPtr - start) % TEXTURE_ALIGNMENT;
    if (off && !offset)
        return cudaErrorInvalidValue;
    if (offset)
        *offset = off;
    *base = (const char *)devPtr - off;
    return cudaSuccess;
}

cudaError_t cudaBindTexture(size_t *offset, const struct textureReference *texref,
                            const void *devPtr, const struct cudaChannelFormatDesc *desc,
                            size_t size)
{
    API_ENTER();
    const char *base;
    cudaError_t e = aligned_base(texref, desc, devPtr, offset, &base);
    if (e != cudaSuccess)
        return api_return(e);
    /* The texture ends with its allocation: size is often UINT_MAX. */
    struct mem_range m;
    mem_lookup(base, &m);
    size_t room = m.size - (size_t)(base - m.start);
    size_t span = (size_t)((const char *)devPtr - base) + size;
    if (span < size || span > room)
        span = room;
    struct cudaResourceDesc d = {.resType = cudaResourceTypeLinear};
    d.res.linear.devPtr = (void *)(uintptr_t)base;
    d.res.linear.desc = *desc;
    d.res.linear.sizeInBytes = span;
    return api_return(bind(texref, &d, offset ? *offset : 0));
}

cudaError_t cudaBindTexture2D(size_t *offset, const struct textureReference *texref,
                              const void *devPtr, const struct cudaChannelFormatDesc *desc,
                              size_t width, size_t height, size_t pitch)
{
    API_ENTER();
    const char *base;
    cudaError_t e = aligned_base(texref, desc, devPtr, offset, &base);
    if (e != cudaSuccess)
        return api_return(e);
    struct cudaResourceDesc d = {.resType = cudaResourceTypePitch2D};
    d.res.pitch2D.devPtr = (void *)(uintptr_t)base;
    d.res.pitch2D.desc = *desc;
    d.res.pitch2D.width = width;
    d.res.pitch2D.height = height;
    d.res.pitch2D.pitchInBytes = pitch;
    return api_return(bind(texref, &d, offset ? *offset : 0));
}

cudaError_t cudaBindTextureToArray(const struct textureReference *texref, cudaArray_const_t array,
                                   const struct cudaChannelFormatDesc *desc)
{
    API_ENTER();
    if (!texref)
        return api_return(cudaErrorInvalidTexture);
    struct cudaArray *a = array_live(array);
    if (!a)
        return api_return(cudaErrorInvalidResourceHandle);
    struct format f;
    if (desc && array_format(desc, &f) != cudaSuccess)
        return api_return(cudaErrorInvalidChannelDescriptor);
    struct cudaResourceDesc d = {.resType = cudaResourceTypeArray};
    d.res.array.array = a;
    return api_return(bind(texref, &d, 0));
}

cudaError_t cudaUnbindTexture(const struct textureReference *texref)
{
    API_ENTER();
    if (!texref)
        return api_return(cudaErrorInvalidTexture);
    unsigned long long h = simt__texref_handle(texref);
    if (h) {
        timeline_wait_all();
        obj_destroy(h, OBJ_TEXTURE);
        ref_set_handle(texref, 0);
        ref_set_fast(texref, NULL);
    }
    return cudaSuccess;
}

cudaError_t cudaGetTextureAlignmentOffset(size_t *offset, const struct textureReference *texref)
{
    API_ENTER();
    if (!texref)
        return api_return(cudaErrorInvalidTexture);
    struct obj *o = simt__texobj_get(simt__texref_handle(texref), OBJ_TEXTURE);
    if (!o)
        return api_return(cudaErrorInvalidTextureBinding);
    if (offset)
        *offset = o->offset;
    return cudaSuccess;
}

cudaError_t cudaGetTextureReference(const struct textureReference **texref, const void *symbol)
{
    API_ENTER();
    if (!texref || !symbol)
        return api_return(cudaErrorInvalidTexture);
    /* A reference is an ordinary object here: the symbol is the reference. */
    *texref = symbol;
    return cudaSuccess;
}
