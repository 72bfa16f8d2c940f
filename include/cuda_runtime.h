/*
 * cuda_runtime.h: the CUDA runtime, as a .cu file sees it.
 *
 * simtcc includes it first in every .cu file, as nvcc does, so it pulls in
 * what nvcc's headers pull in (stdio, stdlib, string, math, ...): programs
 * that rely on those implicit includes build unchanged.  The C++ part adds
 * the template overloads nvcc's cuda_runtime.h has, and the device-side
 * language (atomics, intrinsics, launches).
 */
#ifndef SIMT_CUDA_RUNTIME_H
#define SIMT_CUDA_RUNTIME_H
/* NVIDIA's guard macro: programs test it to know the header is in. */
#define __CUDA_RUNTIME_H__

/* Warnings a user's flags enable (-Wshadow, -Wpedantic) are about their
 * code, not these headers. */
#pragma GCC system_header

#include "host_defines.h"
#include "builtin_types.h"
#include "cuda_runtime_api.h"
#include "driver_functions.h"
#include "vector_functions.h"
#include "device_launch_parameters.h"
#include "simt/core/device.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <limits.h>
#include <ctype.h>
#include <assert.h>
#include <math.h>

#ifdef __cplusplus
/* <cstdio> #undefs printf; included here, before the printf macro below,
 * a program's own #include <cstdio> no longer undoes it. */
#include <cstdio>
#include <cmath>
#include <cstdlib>
#include <new>
#include <limits>
#include <utility>

#include "simt/lang/atomic.hpp"
#include "simt/lang/intrinsics.hpp"
#include "simt/lang/math.hpp"
#include "simt/lang/shift.hpp"
#include "cuda_fp16.h"
#include "cuda_bf16.h"
#include "channel_descriptor.h"
#include "cuda_texture_types.h"
#include "texture_fetch_functions.h"
#include "texture_indirect_functions.h"
#include "surface_functions.h"
#include "surface_indirect_functions.h"
#include "simt/lang/launch.hpp"
#include "simt/lang/warp.hpp"
#include "simt/ptx/asm.hpp"

/* ---- the C++ overloads of nvcc's cuda_runtime.h ---------------------- */
template <class T> static inline cudaError_t cudaMalloc(T **devPtr, size_t size)
{
    return ::cudaMalloc((void **)(void *)devPtr, size);
}
template <class T> static inline cudaError_t cudaMallocHost(T **ptr, size_t size, unsigned int flags = 0)
{
    return ::cudaHostAlloc((void **)(void *)ptr, size, flags);
}
static inline cudaError_t cudaMallocHost(void **ptr, size_t size, unsigned int flags)
{
    return ::cudaHostAlloc(ptr, size, flags);
}
template <class T> static inline cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags)
{
    return ::cudaHostAlloc((void **)(void *)ptr, size, flags);
}
template <class T> static inline cudaError_t cudaHostGetDevicePointer(T **pDevice, void *pHost, unsigned int flags)
{
    return ::cudaHostGetDevicePointer((void **)(void *)pDevice, pHost, flags);
}
template <class T>
static inline cudaError_t cudaMallocManaged(T **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal)
{
    return ::cudaMallocManaged((void **)(void *)devPtr, size, flags);
}
template <class T> static inline cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch, size_t width, size_t height)
{
    return ::cudaMallocPitch((void **)(void *)devPtr, pitch, width, height);
}
static inline cudaError_t cudaEventCreate(cudaEvent_t *event, unsigned int flags)
{
    return ::cudaEventCreateWithFlags(event, flags);
}

/* Symbols: a __device__/__constant__ variable is an ordinary object here,
 * so the template overloads know its address and size exactly. */
template <class T>
static inline cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count,
                                             size_t offset = 0,
                                             enum cudaMemcpyKind kind = cudaMemcpyHostToDevice)
{
    return simt__symbol_copy_to((const void *)&symbol, sizeof(T), src, count, offset, kind, 0, 0);
}
template <class T>
static inline cudaError_t cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count,
                                                  size_t offset = 0,
                                                  enum cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                                                  cudaStream_t stream = 0)
{
    return simt__symbol_copy_to((const void *)&symbol, sizeof(T), src, count, offset, kind, stream, 1);
}
template <class T>
static inline cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count,
                                               size_t offset = 0,
                                               enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost)
{
    return simt__symbol_copy_from(dst, (const void *)&symbol, sizeof(T), count, offset, kind, 0, 0);
}
template <class T>
static inline cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count,
                                                    size_t offset = 0,
                                                    enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                                                    cudaStream_t stream = 0)
{
    return simt__symbol_copy_from(dst, (const void *)&symbol, sizeof(T), count, offset, kind, stream, 1);
}
template <class T> static inline cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol)
{
    return simt__symbol_address(devPtr, (const void *)&symbol, sizeof(T));
}
template <class T> static inline cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol)
{
    if (size == 0)
        return ::cudaGetSymbolSize(size, (const void *)&symbol);
    *size = sizeof(T);
    return cudaSuccess;
}

/* Kernels by function pointer. */
template <class T>
static inline cudaError_t cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim, void **args,
                                           size_t sharedMem = 0, cudaStream_t stream = 0)
{
    return ::cudaLaunchKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream);
}
template <class T>
static inline cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 gridDim, dim3 blockDim,
                                                      void **args, size_t sharedMem = 0,
                                                      cudaStream_t stream = 0)
{
    return ::cudaLaunchCooperativeKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream);
}
/* cudaLaunchKernelEx with the kernel's own parameter types: arguments are
 * converted to them, then launched by pointer. */
template <class... ExpTypes, class... ActTypes>
static inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config,
                                             void (*kernel)(ExpTypes...), ActTypes &&...args)
{
    return [&](ExpTypes... coerced) {
        void *pArgs[sizeof...(ExpTypes) ? sizeof...(ExpTypes) : 1] = {&coerced...};
        return ::cudaLaunchKernelExC(config, (const void *)kernel, pArgs);
    }(static_cast<ActTypes &&>(args)...);
}
template <class T>
static inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config, T *kernel, void **args)
{
    return ::cudaLaunchKernelExC(config, (const void *)kernel, args);
}
template <class T>
static inline cudaError_t cudaOccupancyMaxActiveClusters(int *numClusters, T *func,
                                                         const cudaLaunchConfig_t *config)
{
    return ::cudaOccupancyMaxActiveClusters(numClusters, (const void *)func, config);
}
template <class T>
static inline cudaError_t cudaOccupancyMaxPotentialClusterSize(int *clusterSize, T *func,
                                                               const cudaLaunchConfig_t *config)
{
    return ::cudaOccupancyMaxPotentialClusterSize(clusterSize, (const void *)func, config);
}
template <class T>
static inline cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, T *entry)
{
    return ::cudaFuncGetAttributes(attr, (const void *)entry);
}
template <class T>
static inline cudaError_t cudaFuncSetAttribute(T *entry, enum cudaFuncAttribute attr, int value)
{
    return ::cudaFuncSetAttribute((const void *)entry, attr, value);
}
template <class T>
static inline cudaError_t cudaFuncSetCacheConfig(T *func, enum cudaFuncCache cacheConfig)
{
    return ::cudaFuncSetCacheConfig((const void *)func, cacheConfig);
}
template <class T>
static inline cudaError_t cudaFuncSetSharedMemConfig(T *func, enum cudaSharedMemConfig config)
{
    return ::cudaFuncSetSharedMemConfig((const void *)func, config);
}
template <class T>
static inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func,
                                                                        int blockSize,
                                                                        size_t dynamicSMemSize)
{
    return ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
        numBlocks, (const void *)func, blockSize, dynamicSMemSize, cudaOccupancyDefault);
}
template <class T>
static inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *numBlocks, T func, int blockSize, size_t dynamicSMemSize, unsigned int flags)
{
    return ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
        numBlocks, (const void *)func, blockSize, dynamicSMemSize, flags);
}

/* cudaOccupancyMaxPotentialBlockSize: the block size (a multiple of the
 * warp size, at most the kernel's limit and blockSizeLimit) that maximizes
 * resident threads per multiprocessor; ties go to the larger block.  The
 * dynamic shared memory may depend on the block size. */
namespace simt_detail {
template <class F> struct smem_functor {
    static size_t call(const void *ctx, int block) { return (*(const F *)ctx)(block); }
};
struct smem_constant {
    size_t bytes;
    size_t operator()(int) const { return bytes; }
};
} /* namespace simt_detail */
template <class UnaryFunction, class T>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
    int *minGridSize, int *blockSize, T func, UnaryFunction blockSizeToDynamicSMemSize,
    int blockSizeLimit = 0, unsigned int flags = 0)
{
    return simt__occupancy_potential(minGridSize, blockSize, (const void *)func,
                                     &simt_detail::smem_functor<UnaryFunction>::call,
                                     &blockSizeToDynamicSMemSize, blockSizeLimit, flags);
}
template <class UnaryFunction, class T>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(
    int *minGridSize, int *blockSize, T func, UnaryFunction blockSizeToDynamicSMemSize,
    int blockSizeLimit = 0)
{
    return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
        minGridSize, blockSize, func, blockSizeToDynamicSMemSize, blockSizeLimit, 0);
}
template <class T>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, T func,
                                                             size_t dynamicSMemSize = 0,
                                                             int blockSizeLimit = 0)
{
    simt_detail::smem_constant c = {dynamicSMemSize};
    return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(minGridSize, blockSize, func, c,
                                                                   blockSizeLimit, 0);
}
template <class T>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(int *minGridSize, int *blockSize,
                                                                      T func, size_t dynamicSMemSize = 0,
                                                                      int blockSizeLimit = 0,
                                                                      unsigned int flags = 0)
{
    simt_detail::smem_constant c = {dynamicSMemSize};
    return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(minGridSize, blockSize, func, c,
                                                                   blockSizeLimit, flags);
}
#if defined(CUDA_API_PER_THREAD_DEFAULT_STREAM)
/* Stream 0 means the calling host thread's default stream in this program
 * (nvcc --default-stream per-thread). */
static const int simt__per_thread_default_stream __attribute__((unused)) =
    simt__note_per_thread_default_stream();
#endif
#endif /* __cplusplus */

/* Device printf goes through the runtime (see simt/core/device.h).  Only in
 * .cu files: host-only sources keep the C library's printf untouched. */
#if defined(__SIMT_CU__) && defined(__cplusplus)
/* From here on simtcc's rewriter renames calls of printf, vprintf, malloc
 * and free (src/driver/rw_names.c); std::printf becomes std::simt_printf. */
namespace std {
using ::simt_printf;
using ::simt_vprintf;
using ::simt_malloc;
using ::simt_free;
}
namespace simt_detail { enum { simt__printf_mapped = 1 }; }
#endif

#endif /* SIMT_CUDA_RUNTIME_H */
