/*
 * cuda_texture_types.h: texture<T, dim, readMode>, the texture reference
 * type of the classic API (C++ only).  CUDA 12 removed it; classic
 * programs declare such references at file scope, set their fields
 * (normalized, filterMode, addressMode[3], channelDesc), bind them with
 * cudaBindTexture* and read them with tex1Dfetch, tex1D, tex2D ...
 * (texture_fetch_functions.h).
 *
 * nvcc 12 and later have no global `texture`, so a newer program may
 * declare its own (a function or variable of that name at namespace
 * scope); such a program builds with -DSIMT_NO_TEXTURE_REFERENCES.
 */
#ifndef SIMT_CUDA_TEXTURE_TYPES_H
#define SIMT_CUDA_TEXTURE_TYPES_H
#pragma GCC system_header

#include "channel_descriptor.h"
#include "texture_types.h"

#if defined(__cplusplus) && !defined(SIMT_NO_TEXTURE_REFERENCES)

template <class T, int texType = cudaTextureType1D,
          enum cudaTextureReadMode mode = cudaReadModeElementType>
struct texture : public textureReference {
    texture(int norm = 0, enum cudaTextureFilterMode fMode = cudaFilterModePoint,
            enum cudaTextureAddressMode aMode = cudaAddressModeClamp)
    {
        init(norm, fMode, aMode, cudaCreateChannelDesc<T>());
    }
    texture(int norm, enum cudaTextureFilterMode fMode, enum cudaTextureAddressMode aMode,
            struct cudaChannelFormatDesc desc)
    {
        init(norm, fMode, aMode, desc);
    }

private:
    void init(int norm, enum cudaTextureFilterMode fMode, enum cudaTextureAddressMode aMode,
              struct cudaChannelFormatDesc desc)
    {
        textureReference &r = *this;
        r = textureReference();
        normalized = norm;
        filterMode = fMode;
        addressMode[0] = addressMode[1] = addressMode[2] = aMode;
        channelDesc = desc;
        mipmapFilterMode = cudaFilterModePoint;
    }
};

#endif /* __cplusplus && !SIMT_NO_TEXTURE_REFERENCES */

#endif /* SIMT_CUDA_TEXTURE_TYPES_H */
