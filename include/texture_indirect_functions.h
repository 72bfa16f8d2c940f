/*
 * texture_indirect_functions.h: fetches through texture objects
 * (tex1Dfetch<T>(cudaTextureObject_t, int) and the rest, texCubemap
 * included), C++ only.  Each
 * asks the core (simt/core/texture.h) and converts its texel to T.  The Lod
 * and Grad forms read the levels of a mipmapped texture that the LOD or
 * the gradients select, level 0 of any other.
 */
#ifndef SIMT_TEXTURE_INDIRECT_FUNCTIONS_H
#define SIMT_TEXTURE_INDIRECT_FUNCTIONS_H
#pragma GCC system_header

#include "simt/lang/texture.hpp"

#ifdef __cplusplus

#define SIMT__TEXF static __attribute__((always_inline)) inline

template <class T> SIMT__TEXF T tex1Dfetch(cudaTextureObject_t texObject, int x)
{
    simt_texel v;
    simt_tex_fetch(texObject, x, &v);
    return simt_tex::as<T>(v);
}
template <class T> SIMT__TEXF void tex1Dfetch(T *ptr, cudaTextureObject_t texObject, int x)
{
    *ptr = tex1Dfetch<T>(texObject, x);
}

/* The sampled forms: x, y, z, layer as the fetch takes them. */
template <class T>
SIMT__TEXF T simt__tex_sample(cudaTextureObject_t o, float x, float y, float z, int layer)
{
    simt_texel v;
    simt_tex_sample(o, x, y, z, layer, &v);
    return simt_tex::as<T>(v);
}

template <class T> SIMT__TEXF T tex1D(cudaTextureObject_t texObject, float x)
{
    return simt__tex_sample<T>(texObject, x, 0, 0, 0);
}
template <class T> SIMT__TEXF void tex1D(T *ptr, cudaTextureObject_t texObject, float x)
{
    *ptr = simt__tex_sample<T>(texObject, x, 0, 0, 0);
}
template <class T> SIMT__TEXF T tex2D(cudaTextureObject_t texObject, float x, float y)
{
    return simt__tex_sample<T>(texObject, x, y, 0, 0);
}
template <class T> SIMT__TEXF void tex2D(T *ptr, cudaTextureObject_t texObject, float x, float y)
{
    *ptr = simt__tex_sample<T>(texObject, x, y, 0, 0);
}
template <class T>
SIMT__TEXF T tex2D(cudaTextureObject_t texObject, float x, float y, bool *isResident)
{
    *isResident = true;
    return simt__tex_sample<T>(texObject, x, y, 0, 0);
}
template <class T> SIMT__TEXF T tex3D(cudaTextureObject_t texObject, float x, float y, float z)
{
    return simt__tex_sample<T>(texObject, x, y, z, 0);
}
template <class T>
SIMT__TEXF void tex3D(T *ptr, cudaTextureObject_t texObject, float x, float y, float z)
{
    *ptr = simt__tex_sample<T>(texObject, x, y, z, 0);
}
template <class T>
SIMT__TEXF T tex3D(cudaTextureObject_t texObject, float x, float y, float z, bool *isResident)
{
    *isResident = true;
    return simt__tex_sample<T>(texObject, x, y, z, 0);
}
template <class T> SIMT__TEXF T tex1DLayered(cudaTextureObject_t texObject, float x, int layer)
{
    return simt__tex_sample<T>(texObject, x, 0, 0, layer);
}
template <class T>
SIMT__TEXF void tex1DLayered(T *ptr, cudaTextureObject_t texObject, float x, int layer)
{
    *ptr = simt__tex_sample<T>(texObject, x, 0, 0, layer);
}
template <class T>
SIMT__TEXF T tex2DLayered(cudaTextureObject_t texObject, float x, float y, int layer)
{
    return simt__tex_sample<T>(texObject, x, y, 0, layer);
}
template <class T>
SIMT__TEXF void tex2DLayered(T *ptr, cudaTextureObject_t texObject, float x, float y, int layer)
{
    *ptr = simt__tex_sample<T>(texObject, x, y, 0, layer);
}

/* The Lod and Grad forms. */
template <class T>
SIMT__TEXF T simt__tex_lod(cudaTextureObject_t o, float x, float y, float z, int layer, float lod)
{
    simt_texel v;
    simt_tex_sample_lod(o, x, y, z, layer, lod, &v);
    return simt_tex::as<T>(v);
}
template <class T>
SIMT__TEXF T simt__tex_grad(cudaTextureObject_t o, float x, float y, float z, int layer, float dxx,
                            float dxy, float dxz, float dyx, float dyy, float dyz)
{
    simt_texel v;
    simt_tex_sample_grad(o, x, y, z, layer, dxx, dxy, dxz, dyx, dyy, dyz, &v);
    return simt_tex::as<T>(v);
}
template <class T>
SIMT__TEXF T simt__tex_cube_lod(cudaTextureObject_t o, float x, float y, float z, int layer,
                                float lod)
{
    simt_texel v;
    simt_tex_cubemap_lod(o, x, y, z, layer, lod, &v);
    return simt_tex::as<T>(v);
}
template <class T>
SIMT__TEXF T simt__tex_cube_grad(cudaTextureObject_t o, float x, float y, float z, int layer,
                                 float4 dx, float4 dy)
{
    simt_texel v;
    simt_tex_cubemap_grad(o, x, y, z, layer, dx.x, dx.y, dx.z, dy.x, dy.y, dy.z, &v);
    return simt_tex::as<T>(v);
}

template <class T> SIMT__TEXF T tex1DLod(cudaTextureObject_t texObject, float x, float level)
{
    return simt__tex_lod<T>(texObject, x, 0, 0, 0, level);
}
template <class T>
SIMT__TEXF T tex2DLod(cudaTextureObject_t texObject, float x, float y, float level)
{
    return simt__tex_lod<T>(texObject, x, y, 0, 0, level);
}
template <class T>
SIMT__TEXF void tex2DLod(T *ptr, cudaTextureObject_t texObject, float x, float y, float level)
{
    *ptr = simt__tex_lod<T>(texObject, x, y, 0, 0, level);
}
template <class T>
SIMT__TEXF T tex3DLod(cudaTextureObject_t texObject, float x, float y, float z, float level)
{
    return simt__tex_lod<T>(texObject, x, y, z, 0, level);
}
template <class T>
SIMT__TEXF T tex1DLayeredLod(cudaTextureObject_t texObject, float x, int layer, float level)
{
    return simt__tex_lod<T>(texObject, x, 0, 0, layer, level);
}
template <class T>
SIMT__TEXF T tex2DLayeredLod(cudaTextureObject_t texObject, float x, float y, int layer,
                             float level)
{
    return simt__tex_lod<T>(texObject, x, y, 0, layer, level);
}
template <class T>
SIMT__TEXF T tex1DGrad(cudaTextureObject_t texObject, float x, float dPdx, float dPdy)
{
    return simt__tex_grad<T>(texObject, x, 0, 0, 0, dPdx, 0, 0, dPdy, 0, 0);
}
template <class T>
SIMT__TEXF T tex2DGrad(cudaTextureObject_t texObject, float x, float y, float2 dPdx, float2 dPdy)
{
    return simt__tex_grad<T>(texObject, x, y, 0, 0, dPdx.x, dPdx.y, 0, dPdy.x, dPdy.y, 0);
}
template <class T>
SIMT__TEXF void tex2DGrad(T *ptr, cudaTextureObject_t texObject, float x, float y, float2 dPdx,
                          float2 dPdy)
{
    *ptr = simt__tex_grad<T>(texObject, x, y, 0, 0, dPdx.x, dPdx.y, 0, dPdy.x, dPdy.y, 0);
}
template <class T>
SIMT__TEXF T tex3DGrad(cudaTextureObject_t texObject, float x, float y, float z, float4 dPdx,
                       float4 dPdy)
{
    return simt__tex_grad<T>(texObject, x, y, z, 0, dPdx.x, dPdx.y, dPdx.z, dPdy.x, dPdy.y,
                             dPdy.z);
}
template <class T>
SIMT__TEXF T tex1DLayeredGrad(cudaTextureObject_t texObject, float x, int layer, float dPdx,
                              float dPdy)
{
    return simt__tex_grad<T>(texObject, x, 0, 0, layer, dPdx, 0, 0, dPdy, 0, 0);
}
template <class T>
SIMT__TEXF T tex2DLayeredGrad(cudaTextureObject_t texObject, float x, float y, int layer,
                              float2 dPdx, float2 dPdy)
{
    return simt__tex_grad<T>(texObject, x, y, 0, layer, dPdx.x, dPdx.y, 0, dPdy.x, dPdy.y, 0);
}

/* Cubemaps (CUDA guide, "Cubemap Textures"): (x, y, z) is a direction;
 * the core picks the face and the point on it. */
template <class T>
SIMT__TEXF T simt__tex_cubemap(cudaTextureObject_t o, float x, float y, float z, int layer)
{
    simt_texel v;
    simt_tex_cubemap(o, x, y, z, layer, &v);
    return simt_tex::as<T>(v);
}
template <class T>
SIMT__TEXF T texCubemap(cudaTextureObject_t texObject, float x, float y, float z)
{
    return simt__tex_cubemap<T>(texObject, x, y, z, 0);
}
template <class T>
SIMT__TEXF void texCubemap(T *ptr, cudaTextureObject_t texObject, float x, float y, float z)
{
    *ptr = simt__tex_cubemap<T>(texObject, x, y, z, 0);
}
template <class T>
SIMT__TEXF T texCubemapLayered(cudaTextureObject_t texObject, float x, float y, float z, int layer)
{
    return simt__tex_cubemap<T>(texObject, x, y, z, layer);
}
template <class T>
SIMT__TEXF void texCubemapLayered(T *ptr, cudaTextureObject_t texObject, float x, float y,
                                  float z, int layer)
{
    *ptr = simt__tex_cubemap<T>(texObject, x, y, z, layer);
}
template <class T>
SIMT__TEXF T texCubemapLod(cudaTextureObject_t texObject, float x, float y, float z, float level)
{
    return simt__tex_cube_lod<T>(texObject, x, y, z, 0, level);
}
template <class T>
SIMT__TEXF void texCubemapLod(T *ptr, cudaTextureObject_t texObject, float x, float y, float z,
                              float level)
{
    *ptr = simt__tex_cube_lod<T>(texObject, x, y, z, 0, level);
}
template <class T>
SIMT__TEXF T texCubemapGrad(cudaTextureObject_t texObject, float x, float y, float z, float4 dPdx,
                            float4 dPdy)
{
    return simt__tex_cube_grad<T>(texObject, x, y, z, 0, dPdx, dPdy);
}
template <class T>
SIMT__TEXF void texCubemapGrad(T *ptr, cudaTextureObject_t texObject, float x, float y, float z,
                               float4 dPdx, float4 dPdy)
{
    *ptr = simt__tex_cube_grad<T>(texObject, x, y, z, 0, dPdx, dPdy);
}
template <class T>
SIMT__TEXF T texCubemapLayeredLod(cudaTextureObject_t texObject, float x, float y, float z,
                                  int layer, float level)
{
    return simt__tex_cube_lod<T>(texObject, x, y, z, layer, level);
}
template <class T>
SIMT__TEXF void texCubemapLayeredLod(T *ptr, cudaTextureObject_t texObject, float x, float y,
                                     float z, int layer, float level)
{
    *ptr = simt__tex_cube_lod<T>(texObject, x, y, z, layer, level);
}
template <class T>
SIMT__TEXF T texCubemapLayeredGrad(cudaTextureObject_t texObject, float x, float y, float z,
                                   int layer, float4 dPdx, float4 dPdy)
{
    return simt__tex_cube_grad<T>(texObject, x, y, z, layer, dPdx, dPdy);
}
template <class T>
SIMT__TEXF void texCubemapLayeredGrad(T *ptr, cudaTextureObject_t texObject, float x, float y,
                                      float z, int layer, float4 dPdx, float4 dPdy)
{
    *ptr = simt__tex_cube_grad<T>(texObject, x, y, z, layer, dPdx, dPdy);
}

template <class T>
SIMT__TEXF T tex2Dgather(cudaTextureObject_t texObject, float x, float y, int comp = 0)
{
    simt_texel v;
    simt_tex_gather(texObject, x, y, comp, &v);
    return simt_tex::as<T>(v);
}
template <class T>
SIMT__TEXF void tex2Dgather(T *ptr, cudaTextureObject_t texObject, float x, float y, int comp = 0)
{
    *ptr = tex2Dgather<T>(texObject, x, y, comp);
}

#undef SIMT__TEXF

#endif /* __cplusplus */

#endif /* SIMT_TEXTURE_INDIRECT_FUNCTIONS_H */
