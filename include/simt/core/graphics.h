/*
 * simt/core/graphics.h: graphics interoperability, the part of the runtime API
 * that every interop header (cuda_gl_interop.h, ...) builds on.
 *
 * simt has no graphics device to share buffers with: no resource can be
 * registered, so every resource handle is invalid.  The declarations are
 * CUDA's, so that programs which include an interop header for a path they
 * do not take (as classic suites often do) build and run.
 */
#ifndef SIMT_GRAPHICS_H
#define SIMT_GRAPHICS_H
#pragma GCC system_header

#include "../../driver_types.h"

enum cudaGraphicsRegisterFlags {
    cudaGraphicsRegisterFlagsNone = 0,
    cudaGraphicsRegisterFlagsReadOnly = 1,
    cudaGraphicsRegisterFlagsWriteDiscard = 2,
    cudaGraphicsRegisterFlagsSurfaceLoadStore = 4,
    cudaGraphicsRegisterFlagsTextureGather = 8
};

enum cudaGraphicsMapFlags {
    cudaGraphicsMapFlagsNone = 0,
    cudaGraphicsMapFlagsReadOnly = 1,
    cudaGraphicsMapFlagsWriteDiscard = 2
};

enum cudaGraphicsCubeFace {
    cudaGraphicsCubeFacePositiveX = 0x00,
    cudaGraphicsCubeFaceNegativeX = 0x01,
    cudaGraphicsCubeFacePositiveY = 0x02,
    cudaGraphicsCubeFaceNegativeY = 0x03,
    cudaGraphicsCubeFacePositiveZ = 0x04,
    cudaGraphicsCubeFaceNegativeZ = 0x05
};

#ifdef __cplusplus
extern "C" {
#endif

cudaError_t cudaGraphicsUnregisterResource(cudaGraphicsResource_t resource);
cudaError_t cudaGraphicsResourceSetMapFlags(cudaGraphicsResource_t resource, unsigned int flags);
cudaError_t cudaGraphicsMapResources(int count, cudaGraphicsResource_t *resources,
                                     cudaStream_t stream SIMT__DV(0));
cudaError_t cudaGraphicsUnmapResources(int count, cudaGraphicsResource_t *resources,
                                       cudaStream_t stream SIMT__DV(0));
cudaError_t cudaGraphicsResourceGetMappedPointer(void **devPtr, size_t *size,
                                                 cudaGraphicsResource_t resource);
cudaError_t cudaGraphicsSubResourceGetMappedArray(cudaArray_t *array,
                                                  cudaGraphicsResource_t resource,
                                                  unsigned int arrayIndex, unsigned int mipLevel);
cudaError_t cudaGraphicsResourceGetMappedMipmappedArray(cudaMipmappedArray_t *mipmappedArray,
                                                        cudaGraphicsResource_t resource);

#ifdef __cplusplus
}
#endif

#endif /* SIMT_GRAPHICS_H */
