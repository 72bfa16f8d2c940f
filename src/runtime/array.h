/*
 * array.h: CUDA arrays (cudaArray_t) as the runtime's other modules see
 * them: texel formats, the live-array check, and the cudaMemcpy3D sides
 * that name an array.
 *
 * An array is opaque on a GPU; here its texels are rows of `pitch` bytes
 * (packed), `rows` rows a slice, `slices` slices (3D depth or layers), in
 * one tracked device allocation, so every copy into or out of it is an
 * ordinary pitched copy.
 */
#ifndef SIMT_RUNTIME_ARRAY_H
#define SIMT_RUNTIME_ARRAY_H

#include <stddef.h>

#include "cuda_runtime_api.h"

/* A texel format: 1, 2 or 4 channels of one kind and size. */
enum format_kind { FMT_SINT, FMT_UINT, FMT_FLOAT };

struct format {
    enum format_kind kind;
    unsigned channels;          /* 1, 2 or 4 */
    unsigned bytes;             /* per channel: 1, 2 or 4 (a float of 2: half) */
    unsigned texel;             /* channels * bytes */
};

/* Reads a channel format descriptor: 0, or cudaErrorInvalidChannelDescriptor
 * when CUDA cannot make arrays or textures of it. */
cudaError_t array_format(const struct cudaChannelFormatDesc *d, struct format *f);

struct cudaArray {
    struct cudaChannelFormatDesc desc;
    struct format fmt;
    struct cudaExtent extent;   /* as created (0 for an absent dimension) */
    unsigned flags;             /* cudaArrayLayered, cudaArraySurfaceLoadStore, ... */
    unsigned char *data;
    size_t pitch;               /* bytes per row: width * texel */
    size_t rows;                /* rows per slice: height, at least 1 */
    size_t slices;              /* depth or layers, at least 1 */
    const struct cudaMipmappedArray *owner; /* the mipmapped array of a level, else NULL */
};

/* A mipmapped array: its levels are ordinary arrays (cudaGetMipmappedArrayLevel
 * hands them out), level l + 1 halving each dimension of level l (rounding
 * down, at least 1); layers and cubemap faces keep their count. */
#define MIPMAP_MAX_LEVELS 18

struct cudaMipmappedArray {
    struct cudaChannelFormatDesc desc;
    struct cudaExtent extent;   /* of level 0, as created */
    unsigned flags;
    unsigned levels;
    struct cudaArray *level[MIPMAP_MAX_LEVELS];
};

/* The mipmapped array a handle names if it is live, else NULL. */
struct cudaMipmappedArray *mipmap_live(cudaMipmappedArray_const_t m);

/* The array a handle names if it is live (created and not freed), else
 * NULL.  The array stays valid until cudaFreeArray. */
struct cudaArray *array_live(cudaArray_const_t a);

/* cudaMemcpy3D(Async) with a cudaArray side (copy.c): when *p names an
 * array, checks it and writes into *flat the same copy with each array
 * replaced by the pitched pointer of its storage (the extent and array
 * positions are then in bytes), and points *p at flat; leaves *p alone
 * when no array takes part.  Returns cudaSuccess or the call's error. */
cudaError_t array_flatten_3d(const struct cudaMemcpy3DParms **p, struct cudaMemcpy3DParms *flat);

#endif
