/*
 * simt/lang/texture.hpp: the C++ side of textures and surfaces: the result
 * types of CUDA's fetch functions and their conversion from the core's
 * texels (simt/core/texture.h), and the texture reference overloads of the
 * binding API that CUDA's cuda_runtime.h had.  No state, no sampling:
 * the core does both.
 */
#ifndef SIMT_TEXTURE_HPP
#define SIMT_TEXTURE_HPP
#pragma GCC system_header

#include <string.h>
#include "../../cuda_texture_types.h"
#include "../../vector_types.h"
#include "../core/texture.h"

#ifdef __cplusplus

namespace simt_tex {

/* The scalar and channel count of a fetch's result type. */
template <class T> struct shape {
    typedef T scalar;
    enum { n = 1 };
};
#define SIMT__TEX_SHAPES(S, V)                                                            \
    template <> struct shape<V##1> { typedef S scalar; enum { n = 1 }; };                  \
    template <> struct shape<V##2> { typedef S scalar; enum { n = 2 }; };                  \
    template <> struct shape<V##4> { typedef S scalar; enum { n = 4 }; };
SIMT__TEX_SHAPES(signed char, char)
SIMT__TEX_SHAPES(unsigned char, uchar)
SIMT__TEX_SHAPES(short, short)
SIMT__TEX_SHAPES(unsigned short, ushort)
SIMT__TEX_SHAPES(int, int)
SIMT__TEX_SHAPES(unsigned int, uint)
SIMT__TEX_SHAPES(float, float)
#undef SIMT__TEX_SHAPES

/* Channel c of a texel as a scalar: floats for float results, the
 * integers' low bits otherwise (the core decides which the texel holds). */
static inline void put(float &d, const simt_texel &t, int c) { d = t.f[c]; }
static inline void put(int &d, const simt_texel &t, int c) { d = t.i[c]; }
static inline void put(unsigned int &d, const simt_texel &t, int c) { d = t.u[c]; }
static inline void put(char &d, const simt_texel &t, int c) { d = (char)t.i[c]; }
static inline void put(signed char &d, const simt_texel &t, int c) { d = (signed char)t.i[c]; }
static inline void put(unsigned char &d, const simt_texel &t, int c) { d = (unsigned char)t.i[c]; }
static inline void put(short &d, const simt_texel &t, int c) { d = (short)t.i[c]; }
static inline void put(unsigned short &d, const simt_texel &t, int c) { d = (unsigned short)t.i[c]; }
static inline void put(long &d, const simt_texel &t, int c) { d = t.i[c]; }
static inline void put(unsigned long &d, const simt_texel &t, int c) { d = t.u[c]; }

template <class T> static __attribute__((always_inline)) inline T as(const simt_texel &t)
{
    typedef typename shape<T>::scalar S;
    S v[4];
    for (int c = 0; c < (int)shape<T>::n; c++)
        put(v[c], t, c);
    T r;
    memcpy((void *)&r, v, sizeof r);
    return r;
}

/* cudaReadModeNormalizedFloat: 8- and 16-bit integers read as floats. */
template <class T> struct normalized { typedef T type; };
#define SIMT__TEX_NORM(T, F) template <> struct normalized<T> { typedef F type; };
SIMT__TEX_NORM(char, float)
SIMT__TEX_NORM(signed char, float)
SIMT__TEX_NORM(unsigned char, float)
SIMT__TEX_NORM(short, float)
SIMT__TEX_NORM(unsigned short, float)
SIMT__TEX_NORM(char1, float1)
SIMT__TEX_NORM(uchar1, float1)
SIMT__TEX_NORM(short1, float1)
SIMT__TEX_NORM(ushort1, float1)
SIMT__TEX_NORM(char2, float2)
SIMT__TEX_NORM(uchar2, float2)
SIMT__TEX_NORM(short2, float2)
SIMT__TEX_NORM(ushort2, float2)
SIMT__TEX_NORM(char4, float4)
SIMT__TEX_NORM(uchar4, float4)
SIMT__TEX_NORM(short4, float4)
SIMT__TEX_NORM(ushort4, float4)
#undef SIMT__TEX_NORM

/* What a texture reference of element type T and read mode M returns. */
template <class T, enum cudaTextureReadMode M> struct ret { typedef T type; };
template <class T> struct ret<T, cudaReadModeNormalizedFloat> {
    typedef typename normalized<T>::type type;
};

/* tex2Dgather's result: four of the result's scalar. */
template <class S> struct four { typedef S type; };
template <> struct four<char> { typedef char4 type; };
template <> struct four<signed char> { typedef char4 type; };
template <> struct four<unsigned char> { typedef uchar4 type; };
template <> struct four<short> { typedef short4 type; };
template <> struct four<unsigned short> { typedef ushort4 type; };
template <> struct four<int> { typedef int4 type; };
template <> struct four<unsigned int> { typedef uint4 type; };
template <> struct four<float> { typedef float4 type; };
template <class T, enum cudaTextureReadMode M> struct gather_ret {
    typedef typename four<typename shape<typename ret<T, M>::type>::scalar>::type type;
};

} /* namespace simt_tex */

/* ---- the texture reference overloads of CUDA's cuda_runtime.h ----------- */
#ifndef SIMT_NO_TEXTURE_REFERENCES
template <class T, int dim, enum cudaTextureReadMode readMode>
static inline cudaError_t cudaBindTexture(size_t *offset, const struct texture<T, dim, readMode> &tex,
                                          const void *devPtr, const struct cudaChannelFormatDesc &desc,
                                          size_t size = 0xffffffffu)
{
    return ::cudaBindTexture(offset, &tex, devPtr, &desc, size);
}
template <class T, int dim, enum cudaTextureReadMode readMode>
static inline cudaError_t cudaBindTexture(size_t *offset, const struct texture<T, dim, readMode> &tex,
                                          const void *devPtr, size_t size = 0xffffffffu)
{
    return ::cudaBindTexture(offset, &tex, devPtr, &tex.channelDesc, size);
}
template <class T, int dim, enum cudaTextureReadMode readMode>
static inline cudaError_t cudaBindTexture2D(size_t *offset, const struct texture<T, dim, readMode> &tex,
                                            const void *devPtr, const struct cudaChannelFormatDesc &desc,
                                            size_t width, size_t height, size_t pitch)
{
    return ::cudaBindTexture2D(offset, &tex, devPtr, &desc, width, height, pitch);
}
template <class T, int dim, enum cudaTextureReadMode readMode>
static inline cudaError_t cudaBindTexture2D(size_t *offset, const struct texture<T, dim, readMode> &tex,
                                            const void *devPtr, size_t width, size_t height,
                                            size_t pitch)
{
    return ::cudaBindTexture2D(offset, &tex, devPtr, &tex.channelDesc, width, height, pitch);
}
template <class T, int dim, enum cudaTextureReadMode readMode>
static inline cudaError_t cudaBindTextureToArray(const struct texture<T, dim, readMode> &tex,
                                                 cudaArray_const_t array,
                                                 const struct cudaChannelFormatDesc &desc)
{
    return ::cudaBindTextureToArray(&tex, array, &desc);
}
template <class T, int dim, enum cudaTextureReadMode readMode>
static inline cudaError_t cudaBindTextureToArray(const struct texture<T, dim, readMode> &tex,
                                                 cudaArray_const_t array)
{
    struct cudaChannelFormatDesc desc;
    cudaError_t err = ::cudaGetChannelDesc(&desc, array);
    return err == cudaSuccess ? ::cudaBindTextureToArray(&tex, array, &desc) : err;
}
template <class T, int dim, enum cudaTextureReadMode readMode>
static inline cudaError_t cudaUnbindTexture(const struct texture<T, dim, readMode> &tex)
{
    return ::cudaUnbindTexture(&tex);
}
template <class T, int dim, enum cudaTextureReadMode readMode>
static inline cudaError_t cudaGetTextureAlignmentOffset(size_t *offset,
                                                        const struct texture<T, dim, readMode> &tex)
{
    return ::cudaGetTextureAlignmentOffset(offset, &tex);
}
#endif /* SIMT_NO_TEXTURE_REFERENCES */

#endif /* __cplusplus */

#endif /* SIMT_TEXTURE_HPP */
