/*
 * nvtx3/nvToolsExtCudaRt.h: NVTX names for the runtime API's objects
 * (devices, streams, events), shown on their tracks in the SIMT_TRACE
 * timeline.  See nvToolsExt.h.
 */
#ifndef NVTOOLSEXT_CUDART_V3
#define NVTOOLSEXT_CUDART_V3

#include "cuda_runtime_api.h"
#include "nvToolsExt.h"

#ifdef __cplusplus
extern "C" {
#endif

NVTX_DECLSPEC void NVTX_API nvtxNameCudaDeviceA(int device, const char *name)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_NAME_DEVICE, NULL, NULL, name, NULL, (uint64_t)device, NULL, 0);
}

NVTX_DECLSPEC void NVTX_API nvtxNameCudaDeviceW(int device, const wchar_t *name)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_NAME_DEVICE, NULL, NULL, NULL, name, (uint64_t)device, NULL, 0);
}

NVTX_DECLSPEC void NVTX_API nvtxNameCudaStreamA(cudaStream_t stream, const char *name)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_NAME_STREAM, NULL, NULL, name, NULL, 0, (const void *)stream, 0);
}

NVTX_DECLSPEC void NVTX_API nvtxNameCudaStreamW(cudaStream_t stream, const wchar_t *name)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_NAME_STREAM, NULL, NULL, NULL, name, 0, (const void *)stream, 0);
}

NVTX_DECLSPEC void NVTX_API nvtxNameCudaEventA(cudaEvent_t event, const char *name)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_NAME_EVENT, NULL, NULL, name, NULL, 0, (const void *)event, 0);
}

NVTX_DECLSPEC void NVTX_API nvtxNameCudaEventW(cudaEvent_t event, const wchar_t *name)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_NAME_EVENT, NULL, NULL, NULL, name, 0, (const void *)event, 0);
}

#ifdef __cplusplus
}
#endif

#endif /* NVTOOLSEXT_CUDART_V3 */
