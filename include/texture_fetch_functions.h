/*
 * texture_fetch_functions.h: fetches through texture references
 * (tex1Dfetch(texture<T, 1, M>, int), tex1D, tex2D, tex3D, the layered,
 * cubemap, Lod, Grad and gather forms), C++ only.  The result type is T for
 * cudaReadModeElementType and the float type of T's shape for
 * cudaReadModeNormalizedFloat.  References are taken by reference: the
 * fetch reads the reference's fields as they are when it runs.
 */
#ifndef SIMT_TEXTURE_FETCH_FUNCTIONS_H
#define SIMT_TEXTURE_FETCH_FUNCTIONS_H
#pragma GCC system_header

#include "simt/lang/texture.hpp"

#if defined(__cplusplus) && !defined(SIMT_NO_TEXTURE_REFERENCES)

#define SIMT__TEXF static __attribute__((always_inline)) inline
#define SIMT__TEXR(T, M) typename simt_tex::ret<T, M>::type

template <class T, enum cudaTextureReadMode M>
SIMT__TEXF SIMT__TEXR(T, M) simt__texref_sample(const textureReference &t, float x, float y,
                                                float z, int layer)
{
    simt_texel v;
    simt_texref_sample(&t, M, x, y, z, layer, &v);
    return simt_tex::as<SIMT__TEXR(T, M)>(v);
}

namespace simt_tex {
/* Element reads of one 32-bit channel: the fetch fast path's types. */
template <class T, enum cudaTextureReadMode M> struct fast { enum { ok = 0 }; };
template <> struct fast<float, cudaReadModeElementType> { enum { ok = 1 }; };
template <> struct fast<int, cudaReadModeElementType> { enum { ok = 1 }; };
template <> struct fast<unsigned int, cudaReadModeElementType> { enum { ok = 1 }; };
} // namespace simt_tex

template <class T, enum cudaTextureReadMode M>
SIMT__TEXF SIMT__TEXR(T, M) tex1Dfetch(const texture<T, cudaTextureType1D, M> &t, int x)
{
    simt_texel v;
    if (simt_tex::fast<T, M>::ok) {
        /* A binding of one 32-bit channel (runtime/texture.c, ref_set_fast):
         * the texel's bits, 0 outside, as libsimt's fetch reads them. */
        struct simt_texref_fast f;
        __builtin_memcpy(&f, &t.__cudaReserved[2], sizeof f);
        if (f.data) {
            unsigned int u = 0;
            if ((unsigned long)(long)x < (unsigned long)f.n)
                __builtin_memcpy(&u, (const char *)f.data + (unsigned long)(long)x * 4, 4);
            v.u[0] = u;
            v.u[1] = v.u[2] = v.u[3] = 0;
            return simt_tex::as<SIMT__TEXR(T, M)>(v);
        }
    }
    simt_texref_fetch(&t, M, x, &v);
    return simt_tex::as<SIMT__TEXR(T, M)>(v);
}
template <class T, enum cudaTextureReadMode M>
SIMT__TEXF SIMT__TEXR(T, M) tex1D(const texture<T, cudaTextureType1D, M> &t, float x)
{
    return simt__texref_sample<T, M>(t, x, 0, 0, 0);
}
template <class T, enum cudaTextureReadMode M>
SIMT__TEXF SIMT__TEXR(T, M) tex2D(const texture<T, cudaTextureType2D, M> &t, float x, float y)
{
    return simt__texref_sample<T, M>(t, x, y, 0, 0);
}
template <class T, enum cudaTextureReadMode M>
SIMT__TEXF SIMT__TEXR(T, M) tex3D(const texture<T, cudaTextureType3D, M> &t, float x, float y,
                                  float z)
{
    return simt__texref_sample<T, M>(t, x, y, z, 0);
}
template <class T, enum cudaTextureReadMode M>
SIMT__TEXF SIMT__TEXR(T, M) tex1DLayered(const texture<T, cudaTextureType1DLayered, M> &t,
                                         float x, int layer)
{
    return simt__texref_sample<T, M>(t, x, 0, 0, layer);
}
template <class T, enum cudaTextureReadMode M>
SIMT__TEXF SIMT__TEXR(T, M) tex2DLayered(const texture<T, cudaTextureType2DLayered, M> &t,
                                         float x, float y, int layer)
{
    return simt__texref_sample<T, M>(t, x, y, 0, layer);
}

template <class T, enum cudaTextureReadMode M>
SIMT__TEXF SIMT__TEXR(T, M) texCubemap(const texture<T, cudaTextureTypeCubemap, M> &t, float x,
                                       float y, float z)
{
    simt_texel v;
    simt_texref_cubemap(&t, M, x, y, z, 0, &v);
    return simt_tex::as<SIMT__TEXR(T, M)>(v);
}
template <class T, enum cudaTextureReadMode M>
SIMT__TEXF SIMT__TEXR(T, M)
texCubemapLayered(const texture<T, cudaTextureTypeCubemapLayered, M> &t, float x, float y,
                  float z, int layer)
{
    simt_texel v;
    simt_texref_cubemap(&t, M, x, y, z, layer, &v);
    return simt_tex::as<SIMT__TEXR(T, M)>(v);
}

/* Level 0 (no mipmaps). */
template <class T, enum cudaTextureReadMode M>
SIMT__TEXF SIMT__TEXR(T, M) tex1DLod(const texture<T, cudaTextureType1D, M> &t, float x,
                                     float level)
{
    return simt__texref_sample<T, M>(t, x, 0, 0, 0);
}
template <class T, enum cudaTextureReadMode M>
SIMT__TEXF SIMT__TEXR(T, M) tex2DLod(const texture<T, cudaTextureType2D, M> &t, float x, float y,
                                     float level)
{
    return simt__texref_sample<T, M>(t, x, y, 0, 0);
}
template <class T, enum cudaTextureReadMode M>
SIMT__TEXF SIMT__TEXR(T, M) tex3DLod(const texture<T, cudaTextureType3D, M> &t, float x, float y,
                                     float z, float level)
{
    return simt__texref_sample<T, M>(t, x, y, z, 0);
}
template <class T, enum cudaTextureReadMode M>
SIMT__TEXF SIMT__TEXR(T, M) tex1DGrad(const texture<T, cudaTextureType1D, M> &t, float x,
                                      float dPdx, float dPdy)
{
    return simt__texref_sample<T, M>(t, x, 0, 0, 0);
}
template <class T, enum cudaTextureReadMode M>
SIMT__TEXF SIMT__TEXR(T, M) tex2DGrad(const texture<T, cudaTextureType2D, M> &t, float x,
                                      float y, float2 dPdx, float2 dPdy)
{
    return simt__texref_sample<T, M>(t, x, y, 0, 0);
}
template <class T, enum cudaTextureReadMode M>
SIMT__TEXF SIMT__TEXR(T, M) tex3DGrad(const texture<T, cudaTextureType3D, M> &t, float x,
                                      float y, float z, float4 dPdx, float4 dPdy)
{
    return simt__texref_sample<T, M>(t, x, y, z, 0);
}

template <class T, enum cudaTextureReadMode M>
SIMT__TEXF typename simt_tex::gather_ret<T, M>::type
tex2Dgather(const texture<T, cudaTextureType2D, M> &t, float x, float y, int comp = 0)
{
    simt_texel v;
    simt_texref_gather(&t, M, x, y, comp, &v);
    return simt_tex::as<typename simt_tex::gather_ret<T, M>::type>(v);
}

#undef SIMT__TEXR
#undef SIMT__TEXF

#endif /* __cplusplus && !SIMT_NO_TEXTURE_REFERENCES */

#endif /* SIMT_TEXTURE_FETCH_FUNCTIONS_H */
