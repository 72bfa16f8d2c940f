/*
 * texture.h: texture and surface objects as the runtime makes them
 * (src/runtime/texture.c) and kernels read them (src/device/texture.c):
 * the resource an object reads, its sampler, and the table slot.
 *
 * Invariant: a slot's fields are written before its kind is published
 * (release), and kernels read them after loading the kind (acquire)
 * through simt__texobj_get; a slot is never freed, only reused with the
 * next generation, so a stale handle reads as not live.  A destroyed
 * object stays readable until the work submitted before its destruction
 * is done (texture.c, obj_destroy).
 */
#ifndef SIMT_RUNTIME_TEXTURE_H
#define SIMT_RUNTIME_TEXTURE_H

#include <stddef.h>
#include <stdint.h>

#include "cuda_runtime_api.h"
#include "runtime/array.h"

/* What a texture or surface reads. */
struct res {
    const unsigned char *data;
    size_t pitch;               /* bytes between rows */
    size_t slice;               /* bytes between 3D slices or layers */
    long n[3];                  /* texels along x, y, z; 1 where absent */
    long layers;                /* 0: not layered; cubemaps: 6 faces per cubemap */
    int dims;                   /* 1, 2 or 3 */
    int cube;                   /* a cubemap array (its faces are the layers) */
    struct format fmt;
};

struct sampler {
    int filter;                 /* enum cudaTextureFilterMode */
    int read_norm;              /* cudaReadModeNormalizedFloat */
    int norm_coords;
    int seamless;               /* cudaTextureDesc::seamlessCubemap (cubemaps only) */
    int address[3];             /* enum cudaTextureAddressMode */
    float border[4];
    int mip_filter;             /* cudaTextureDesc::mipmapFilterMode */
    float mip_bias, mip_min, mip_max;   /* mipmapLevelBias, min/maxMipmapLevelClamp */
};

enum { OBJ_FREE, OBJ_TEXTURE, OBJ_SURFACE };

struct obj {
    uint32_t gen;
    int kind;
    uint32_t next_free;         /* index + 1 of the next free slot, 0: none */
    struct res res;
    struct sampler smp;
    struct cudaResourceDesc rdesc;
    struct cudaTextureDesc tdesc;
    struct cudaResourceViewDesc vdesc;
    size_t offset;              /* texture references: cudaBindTexture's offset */
    struct res *levels;         /* a mipmapped array's levels (res: level 0), else NULL */
    int nlevels;
    /* Destroyed while work was pending: that work's last commands
     * (texture.c, obj_destroy); the slot is freed once they are done. */
    struct cmd **ends;
    int nends;
    uint32_t next_retiring;     /* index + 1 of the next such slot, 0: none */
};

/* Whether fetches return floats: float formats, and normalized reads of
 * 8- and 16-bit integers. */
static inline int float_result(const struct format *f, int read_norm)
{
    return f->kind == FMT_FLOAT || (read_norm && f->bytes < 4);
}

/* The live object of `kind` a handle names, or NULL; lock-free. */
struct obj *simt__texobj_get(unsigned long long h, int kind);
/* The handle of the object a texture reference's binding made
 * (texture_types.h's reserved words), 0 when unbound. */
unsigned long long simt__texref_handle(const struct textureReference *ref);

#endif
