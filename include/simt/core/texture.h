/*
 * simt/core/texture.h: the core's texture and surface sampling, in C, for the
 * fetch functions of texture_indirect_functions.h (texture objects),
 * texture_fetch_functions.h (texture references) and
 * surface_indirect_functions.h.
 *
 * A fetch names its texture (an object handle, or a reference with its
 * read mode) and its coordinates as the CUDA function took them; the core
 * applies the addressing, filtering and format conversion of the CUDA
 * programming guide ("Texture Fetching") and writes the result's four
 * channels.  Results are floats for float formats, for
 * cudaReadModeNormalizedFloat and for every filtered fetch, else the
 * texels' integers (sign- or zero-extended); the C++ layer converts them
 * to the type the program asked for.
 *
 * Misuse in a kernel (a handle that is not live, an unbound reference, a
 * surface access out of bounds in cudaBoundaryModeTrap) is reported with
 * the kernel, block, thread and line, and the grid fails.
 */
#ifndef SIMT_TEXTURE_H
#define SIMT_TEXTURE_H
#pragma GCC system_header

#include <stddef.h>
#include "../../driver_types.h"
#include "../../texture_types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef union simt_texel {
    float f[4];
    int i[4];
    unsigned int u[4];
} simt_texel;

/* tex1Dfetch: texel x of the texture's first row, no filtering, 0 outside. */
void simt_tex_fetch(cudaTextureObject_t tex, int x, simt_texel *out);
/* tex1D ... tex3D and the layered forms: the texture's own dimensionality
 * decides which coordinates count; a mipmapped texture reads level 0. */
void simt_tex_sample(cudaTextureObject_t tex, float x, float y, float z, int layer,
                     simt_texel *out);
/* texCubemap and texCubemapLayered: the face that direction (x, y, z)
 * points at, of cubemap `layer`. */
void simt_tex_cubemap(cudaTextureObject_t tex, float x, float y, float z, int layer,
                      simt_texel *out);
/* The Lod forms of both: the levels that LOD `lod` selects (level 0 of a
 * texture that is not mipmapped). */
void simt_tex_sample_lod(cudaTextureObject_t tex, float x, float y, float z, int layer,
                         float lod, simt_texel *out);
void simt_tex_cubemap_lod(cudaTextureObject_t tex, float x, float y, float z, int layer,
                          float lod, simt_texel *out);
/* The Grad forms: the LOD that gradients dPdx and dPdy give. */
void simt_tex_sample_grad(cudaTextureObject_t tex, float x, float y, float z, int layer,
                          float dxx, float dxy, float dxz, float dyx, float dyy, float dyz,
                          simt_texel *out);
void simt_tex_cubemap_grad(cudaTextureObject_t tex, float x, float y, float z, int layer,
                           float dxx, float dxy, float dxz, float dyx, float dyy, float dyz,
                           simt_texel *out);
/* tex2Dgather: channel comp of the four texels bilinear filtering would
 * read, in CUDA's order. */
void simt_tex_gather(cudaTextureObject_t tex, float x, float y, int comp, simt_texel *out);

/* The same through a texture reference, with its read mode (the template
 * argument) and its current normalized, filterMode and addressMode. */
void simt_texref_fetch(const struct textureReference *ref, int read_mode, int x,
                       simt_texel *out);
void simt_texref_sample(const struct textureReference *ref, int read_mode, float x, float y,
                        float z, int layer, simt_texel *out);
void simt_texref_cubemap(const struct textureReference *ref, int read_mode, float x, float y,
                         float z, int layer, simt_texel *out);
void simt_texref_gather(const struct textureReference *ref, int read_mode, float x, float y,
                        int comp, simt_texel *out);

/* surf*read / surf*write: `size` bytes at byte x of row y of slice z (3D)
 * or layer (cubemaps: face, or 6 * cubemap + face); mode is a
 * cudaSurfaceBoundaryMode. */
void simt_surf_read(cudaSurfaceObject_t surf, void *out, size_t size, int x, int y, int z,
                    int layer, int mode);
void simt_surf_write(cudaSurfaceObject_t surf, const void *in, size_t size, int x, int y, int z,
                     int layer, int mode);

#ifdef __cplusplus
}
#endif

#endif /* SIMT_TEXTURE_H */
