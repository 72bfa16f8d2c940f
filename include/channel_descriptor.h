/*
 * channel_descriptor.h: cudaCreateChannelDesc<T>(), the channel format of
 * each CUDA type, as CUDA's header defines it (C++ only; the C function
 * cudaCreateChannelDesc(x, y, z, w, f) is in cuda_runtime_api.h).
 */
#ifndef SIMT_CHANNEL_DESCRIPTOR_H
#define SIMT_CHANNEL_DESCRIPTOR_H
#pragma GCC system_header

#include "cuda_runtime_api.h"

#ifdef __cplusplus

template <class T> static inline cudaChannelFormatDesc cudaCreateChannelDesc(void)
{
    return cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindNone);
}

static inline cudaChannelFormatDesc cudaCreateChannelDescHalf(void)
{
    return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}
static inline cudaChannelFormatDesc cudaCreateChannelDescHalf1(void)
{
    return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}
static inline cudaChannelFormatDesc cudaCreateChannelDescHalf2(void)
{
    return cudaCreateChannelDesc(16, 16, 0, 0, cudaChannelFormatKindFloat);
}
static inline cudaChannelFormatDesc cudaCreateChannelDescHalf4(void)
{
    return cudaCreateChannelDesc(16, 16, 16, 16, cudaChannelFormatKindFloat);
}

#define SIMT__CHANNEL_DESC(T, bits, n, kind)                                              \
    template <> inline cudaChannelFormatDesc cudaCreateChannelDesc<T>(void)               \
    {                                                                                     \
        return cudaCreateChannelDesc(bits, (n) > 1 ? (bits) : 0, (n) > 2 ? (bits) : 0,     \
                                     (n) > 3 ? (bits) : 0, kind);                         \
    }
#define SIMT__CHANNEL_DESCS(S, V, bits, kind)                                             \
    SIMT__CHANNEL_DESC(S, bits, 1, kind)                                                  \
    SIMT__CHANNEL_DESC(V##1, bits, 1, kind)                                               \
    SIMT__CHANNEL_DESC(V##2, bits, 2, kind)                                               \
    SIMT__CHANNEL_DESC(V##4, bits, 4, kind)

/* char is signed or not as the platform's char is. */
SIMT__CHANNEL_DESC(char, 8, 1,
                   (char)-1 < 0 ? cudaChannelFormatKindSigned : cudaChannelFormatKindUnsigned)
SIMT__CHANNEL_DESCS(signed char, char, 8, cudaChannelFormatKindSigned)
SIMT__CHANNEL_DESCS(unsigned char, uchar, 8, cudaChannelFormatKindUnsigned)
SIMT__CHANNEL_DESCS(short, short, 16, cudaChannelFormatKindSigned)
SIMT__CHANNEL_DESCS(unsigned short, ushort, 16, cudaChannelFormatKindUnsigned)
SIMT__CHANNEL_DESCS(int, int, 32, cudaChannelFormatKindSigned)
SIMT__CHANNEL_DESCS(unsigned int, uint, 32, cudaChannelFormatKindUnsigned)
SIMT__CHANNEL_DESCS(float, float, 32, cudaChannelFormatKindFloat)

/* cuda_fp16.h's types, when it came first (cuda_runtime.h includes it). */
#ifdef SIMT_CUDA_FP16_H
SIMT__CHANNEL_DESC(__half, 16, 1, cudaChannelFormatKindFloat)
SIMT__CHANNEL_DESC(__half2, 16, 2, cudaChannelFormatKindFloat)
#endif

#undef SIMT__CHANNEL_DESCS
#undef SIMT__CHANNEL_DESC

#endif /* __cplusplus */

#endif /* SIMT_CHANNEL_DESCRIPTOR_H */
