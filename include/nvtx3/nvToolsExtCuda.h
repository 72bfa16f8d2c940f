/*
 * nvtx3/nvToolsExtCuda.h: NVTX names for the driver API's objects
 * (devices, contexts, streams, events), shown on their tracks in the
 * SIMT_TRACE timeline.  See nvToolsExt.h.
 */
#ifndef NVTOOLSEXT_CUDA_V3
#define NVTOOLSEXT_CUDA_V3

#include "cuda.h"
#include "nvToolsExt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Resource types of nvtxDomainResourceCreate, as the API numbers them. */
#define NVTX_RESOURCE_CLASS_CUDA 4
#define NVTX_RESOURCE_MAKE_TYPE(CLASS, INDEX) ((((uint32_t)(NVTX_RESOURCE_CLASS_##CLASS)) << 16) | ((uint32_t)(INDEX)))
typedef enum nvtxResourceCUDAType_t {
    NVTX_RESOURCE_TYPE_CUDA_DEVICE = NVTX_RESOURCE_MAKE_TYPE(CUDA, 1),
    NVTX_RESOURCE_TYPE_CUDA_CONTEXT = NVTX_RESOURCE_MAKE_TYPE(CUDA, 2),
    NVTX_RESOURCE_TYPE_CUDA_STREAM = NVTX_RESOURCE_MAKE_TYPE(CUDA, 3),
    NVTX_RESOURCE_TYPE_CUDA_EVENT = NVTX_RESOURCE_MAKE_TYPE(CUDA, 4)
} nvtxResourceCUDAType_t;

NVTX_DECLSPEC void NVTX_API nvtxNameCuDeviceA(CUdevice device, const char *name)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_NAME_DEVICE, NULL, NULL, name, NULL, (uint64_t)device, NULL, 0);
}

NVTX_DECLSPEC void NVTX_API nvtxNameCuDeviceW(CUdevice device, const wchar_t *name)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_NAME_DEVICE, NULL, NULL, NULL, name, (uint64_t)device, NULL, 0);
}

/* simt has one context per device: its name is the device's. */
NVTX_DECLSPEC void NVTX_API nvtxNameCuContextA(CUcontext context, const char *name)
{
    (void)context;
    (void)SIMT_NVTX_CALL(SIMT_NVTX_NAME_DEVICE, NULL, NULL, name, NULL, 0, NULL, 0);
}

NVTX_DECLSPEC void NVTX_API nvtxNameCuContextW(CUcontext context, const wchar_t *name)
{
    (void)context;
    (void)SIMT_NVTX_CALL(SIMT_NVTX_NAME_DEVICE, NULL, NULL, NULL, name, 0, NULL, 0);
}

NVTX_DECLSPEC void NVTX_API nvtxNameCuStreamA(CUstream stream, const char *name)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_NAME_STREAM, NULL, NULL, name, NULL, 0, (const void *)stream, 0);
}

NVTX_DECLSPEC void NVTX_API nvtxNameCuStreamW(CUstream stream, const wchar_t *name)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_NAME_STREAM, NULL, NULL, NULL, name, 0, (const void *)stream, 0);
}

NVTX_DECLSPEC void NVTX_API nvtxNameCuEventA(CUevent event, const char *name)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_NAME_EVENT, NULL, NULL, name, NULL, 0, (const void *)event, 0);
}

NVTX_DECLSPEC void NVTX_API nvtxNameCuEventW(CUevent event, const wchar_t *name)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_NAME_EVENT, NULL, NULL, NULL, name, 0, (const void *)event, 0);
}

#ifdef __cplusplus
}
#endif

#endif /* NVTOOLSEXT_CUDA_V3 */
