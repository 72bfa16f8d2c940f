/*
 * cuda_device_runtime_api.h: what only device code calls in the CUDA device
 * runtime (CUDA guide 5.6.4): its named streams and the launch API that
 * <<<>>> in a kernel lowers to.  cuda_runtime_api.h includes it, as nvcc
 * does: programs need not.
 *
 * The rest of the device runtime (cudaMalloc, cudaStreamCreateWithFlags,
 * cudaEventRecord, cudaGetLastError, ...) is the host API's functions,
 * which know when a kernel calls them (src/runtime/devrt.c).
 */
#ifndef SIMT_CUDA_DEVICE_RUNTIME_API_H
#define SIMT_CUDA_DEVICE_RUNTIME_API_H
#pragma GCC system_header

#include "driver_types.h"
#include "vector_types.h"

/* Named streams of device code (CUDA guide 5.6.4.8; the values are
 * CUDA 13's). */
#define cudaStreamGraphTailLaunch ((cudaStream_t)0x0100000000000000)
#define cudaStreamGraphFireAndForget ((cudaStream_t)0x0200000000000000)
#define cudaStreamGraphFireAndForgetAsSibling ((cudaStream_t)0x0300000000000000)
#define cudaStreamTailLaunch ((cudaStream_t)0x3)
#define cudaStreamFireAndForget ((cudaStream_t)0x4)

#ifdef __cplusplus
extern "C" {
#endif

/* A buffer of `size` bytes aligned to `alignment` for one cudaLaunchDevice
 * (NULL: none could be had); the kernel's parameters go in it in order,
 * each at the next offset its own alignment allows (CUDA guide, "Parameter
 * Buffer Layout"). */
void *cudaGetParameterBuffer(size_t alignment, size_t size);
/* Launches the kernel at func with the parameters in parameterBuffer (from
 * cudaGetParameterBuffer, which the launch consumes; NULL for a kernel
 * without parameters), as <<<gridDimension, blockDimension, sharedMemSize,
 * stream>>> in device code would. */
cudaError_t cudaLaunchDevice(void *func, void *parameterBuffer, dim3 gridDimension,
                             dim3 blockDimension, unsigned int sharedMemSize,
                             cudaStream_t stream);
/* The executable graph of the calling kernel: a kernel node's graph
 * instantiated with cudaGraphInstantiateFlagDeviceLaunch, NULL for any
 * other kernel (as an H100 answers, tests/cuda/devrt/device_graph_rules).
 * A graph can so launch itself again as a tail launch. */
cudaGraphExec_t cudaGetCurrentGraphExec(void);

#ifdef __cplusplus
}
#endif

#endif /* SIMT_CUDA_DEVICE_RUNTIME_API_H */
