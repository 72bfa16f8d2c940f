/*
 * cuda_gl_interop.h: OpenGL interoperability.
 *
 * simt runs no OpenGL context CUDA could share with: cudaGLGetDevices finds
 * no CUDA device behind the current context, registering a buffer or image
 * fails with cudaErrorInvalidGraphicsContext, and the deprecated
 * buffer-object calls fail the same way (see simt/core/graphics.h).  Programs
 * that include this header without taking their OpenGL path build and run.
 * As CUDA's header, it includes <GL/gl.h> for GLuint and GLenum.
 */
#ifndef SIMT_CUDA_GL_INTEROP_H
#define SIMT_CUDA_GL_INTEROP_H
#define __CUDA_GL_INTEROP_H__
#pragma GCC system_header

#include "cuda_runtime_api.h"
#include <GL/gl.h>

#ifdef __cplusplus
extern "C" {
#endif

enum cudaGLDeviceList {
    cudaGLDeviceListAll = 1,
    cudaGLDeviceListCurrentFrame = 2,
    cudaGLDeviceListNextFrame = 3
};

enum cudaGLMapFlags {
    cudaGLMapFlagsNone = 0,
    cudaGLMapFlagsReadOnly = 1,
    cudaGLMapFlagsWriteDiscard = 2
};

cudaError_t cudaGLGetDevices(unsigned int *pCudaDeviceCount, int *pCudaDevices,
                             unsigned int cudaDeviceCount, enum cudaGLDeviceList deviceList);
cudaError_t cudaGraphicsGLRegisterImage(struct cudaGraphicsResource **resource, GLuint image,
                                        GLenum target, unsigned int flags);
cudaError_t cudaGraphicsGLRegisterBuffer(struct cudaGraphicsResource **resource, GLuint buffer,
                                         unsigned int flags);

/* Deprecated since CUDA 3.0, still declared by CUDA 13. */
cudaError_t cudaGLSetGLDevice(int device);
cudaError_t cudaGLRegisterBufferObject(GLuint bufObj);
cudaError_t cudaGLMapBufferObject(void **devPtr, GLuint bufObj);
cudaError_t cudaGLUnmapBufferObject(GLuint bufObj);
cudaError_t cudaGLUnregisterBufferObject(GLuint bufObj);
cudaError_t cudaGLSetBufferObjectMapFlags(GLuint bufObj, unsigned int flags);
cudaError_t cudaGLMapBufferObjectAsync(void **devPtr, GLuint bufObj, cudaStream_t stream);
cudaError_t cudaGLUnmapBufferObjectAsync(GLuint bufObj, cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif /* SIMT_CUDA_GL_INTEROP_H */
