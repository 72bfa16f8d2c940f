/*
 * graphics.c: graphics interoperability (simt/core/graphics.h, cuda_gl_interop.h).
 *
 * There is no graphics device: no OpenGL buffer or image can be registered,
 * so there is never a valid cudaGraphicsResource_t.  Registration fails
 * with cudaErrorInvalidGraphicsContext ("invalid OpenGL or DirectX
 * context"), calls on a resource with cudaErrorInvalidResourceHandle, and
 * cudaGLGetDevices finds no CUDA device behind the current context.
 */
#include "runtime/runtime.h"

typedef unsigned int GLuint;
typedef unsigned int GLenum;

/* Declared here rather than through cuda_gl_interop.h, which needs <GL/gl.h>. */
enum cudaGLDeviceList { cudaGLDeviceListAll = 1, cudaGLDeviceListNextFrame = 3 };
cudaError_t cudaGLGetDevices(unsigned int *pCudaDeviceCount, int *pCudaDevices,
                             unsigned int cudaDeviceCount, enum cudaGLDeviceList deviceList);
cudaError_t cudaGraphicsGLRegisterImage(struct cudaGraphicsResource **resource, GLuint image,
                                        GLenum target, unsigned int flags);
cudaError_t cudaGraphicsGLRegisterBuffer(struct cudaGraphicsResource **resource, GLuint buffer,
                                         unsigned int flags);
cudaError_t cudaGLSetGLDevice(int device);
cudaError_t cudaGLRegisterBufferObject(GLuint bufObj);
cudaError_t cudaGLMapBufferObject(void **devPtr, GLuint bufObj);
cudaError_t cudaGLUnmapBufferObject(GLuint bufObj);
cudaError_t cudaGLUnregisterBufferObject(GLuint bufObj);
cudaError_t cudaGLSetBufferObjectMapFlags(GLuint bufObj, unsigned int flags);
cudaError_t cudaGLMapBufferObjectAsync(void **devPtr, GLuint bufObj, cudaStream_t stream);
cudaError_t cudaGLUnmapBufferObjectAsync(GLuint bufObj, cudaStream_t stream);

static cudaError_t no_resource(cudaGraphicsResource_t resource)
{
    API_ENTER();
    return api_return(resource ? cudaErrorInvalidResourceHandle : cudaErrorInvalidValue);
}

cudaError_t cudaGraphicsUnregisterResource(cudaGraphicsResource_t resource)
{
    return no_resource(resource);
}

cudaError_t cudaGraphicsResourceSetMapFlags(cudaGraphicsResource_t resource, unsigned int flags)
{
    return no_resource(resource);
}

static cudaError_t no_resources(int count, cudaGraphicsResource_t *resources)
{
    API_ENTER();
    if (count <= 0 || !resources)
        return api_return(cudaErrorInvalidValue);
    return api_return(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaGraphicsMapResources(int count, cudaGraphicsResource_t *resources,
                                     cudaStream_t stream)
{
    return no_resources(count, resources);
}

cudaError_t cudaGraphicsUnmapResources(int count, cudaGraphicsResource_t *resources,
                                       cudaStream_t stream)
{
    return no_resources(count, resources);
}

cudaError_t cudaGraphicsResourceGetMappedPointer(void **devPtr, size_t *size,
                                                 cudaGraphicsResource_t resource)
{
    return no_resource(resource);
}

cudaError_t cudaGraphicsSubResourceGetMappedArray(cudaArray_t *array,
                                                  cudaGraphicsResource_t resource,
                                                  unsigned int arrayIndex, unsigned int mipLevel)
{
    return no_resource(resource);
}

cudaError_t cudaGraphicsResourceGetMappedMipmappedArray(cudaMipmappedArray_t *mipmappedArray,
                                                        cudaGraphicsResource_t resource)
{
    return no_resource(resource);
}

cudaError_t cudaGLGetDevices(unsigned int *pCudaDeviceCount, int *pCudaDevices,
                             unsigned int cudaDeviceCount, enum cudaGLDeviceList deviceList)
{
    API_ENTER();
    if (!pCudaDeviceCount)
        return api_return(cudaErrorInvalidValue);
    *pCudaDeviceCount = 0;
    return api_return(cudaErrorNoDevice);
}

static cudaError_t no_context(void)
{
    API_ENTER();
    return api_return(cudaErrorInvalidGraphicsContext);
}

cudaError_t cudaGraphicsGLRegisterImage(struct cudaGraphicsResource **resource, GLuint image,
                                        GLenum target, unsigned int flags)
{
    if (!resource)
        return api_return(cudaErrorInvalidValue);
    return no_context();
}

cudaError_t cudaGraphicsGLRegisterBuffer(struct cudaGraphicsResource **resource, GLuint buffer,
                                         unsigned int flags)
{
    if (!resource)
        return api_return(cudaErrorInvalidValue);
    return no_context();
}

cudaError_t cudaGLSetGLDevice(int device)
{
    API_ENTER();
    return api_return(device == 0 ? cudaSuccess : cudaErrorInvalidDevice);
}

cudaError_t cudaGLRegisterBufferObject(GLuint bufObj)
{
    return no_context();
}

cudaError_t cudaGLMapBufferObject(void **devPtr, GLuint bufObj)
{
    return no_context();
}

cudaError_t cudaGLUnmapBufferObject(GLuint bufObj)
{
    return no_context();
}

cudaError_t cudaGLUnregisterBufferObject(GLuint bufObj)
{
    return no_context();
}

cudaError_t cudaGLSetBufferObjectMapFlags(GLuint bufObj, unsigned int flags)
{
    return no_context();
}

cudaError_t cudaGLMapBufferObjectAsync(void **devPtr, GLuint bufObj, cudaStream_t stream)
{
    return no_context();
}

cudaError_t cudaGLUnmapBufferObjectAsync(GLuint bufObj, cudaStream_t stream)
{
    return no_context();
}
