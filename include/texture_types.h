/*
 * texture_types.h: CUDA's texture types: the texture descriptor of texture
 * objects and the texture reference of the classic API (removed from CUDA
 * 12, kept here because classic programs still use it).  The address,
 * filter and read mode enumerations are in driver_types.h.
 */
#ifndef SIMT_TEXTURE_TYPES_H
#define SIMT_TEXTURE_TYPES_H
#pragma GCC system_header

#include "driver_types.h"

#define cudaTextureType1D              0x01
#define cudaTextureType2D              0x02
#define cudaTextureType3D              0x03
#define cudaTextureTypeCubemap         0x0C
#define cudaTextureType1DLayered       0xF1
#define cudaTextureType2DLayered       0xF2
#define cudaTextureTypeCubemapLayered  0xFC

#ifdef __cplusplus
extern "C" {
#endif

/* A texture reference.  The first two reserved words hold, once bound,
 * the handle of the texture object the binding made (texture.c); the next
 * four, a simt_texref_fast: where the binding's texels are one 32-bit
 * channel, their address and count, which tex1Dfetch reads inline. */
struct textureReference {
    int normalized;
    enum cudaTextureFilterMode filterMode;
    enum cudaTextureAddressMode addressMode[3];
    struct cudaChannelFormatDesc channelDesc;
    int sRGB;
    unsigned int maxAnisotropy;
    enum cudaTextureFilterMode mipmapFilterMode;
    float mipmapLevelBias;
    float minMipmapLevelClamp;
    float maxMipmapLevelClamp;
    int disableTrilinearOptimization;
    int __cudaReserved[14];
};

struct simt_texref_fast {
    const void *data;           /* NULL: fetch through libsimt */
    long n;                     /* texels along x */
};

struct cudaTextureDesc {
    enum cudaTextureAddressMode addressMode[3];
    enum cudaTextureFilterMode filterMode;
    enum cudaTextureReadMode readMode;
    int sRGB;
    float borderColor[4];
    int normalizedCoords;
    unsigned int maxAnisotropy;
    enum cudaTextureFilterMode mipmapFilterMode;
    float mipmapLevelBias;
    float minMipmapLevelClamp;
    float maxMipmapLevelClamp;
    int disableTrilinearOptimization;
    int seamlessCubemap;
};

#ifdef __cplusplus
}
#endif

#endif /* SIMT_TEXTURE_TYPES_H */
