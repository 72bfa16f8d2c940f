/*
 * cub/util_arch.cuh: architecture constants.  The emulated device is an
 * sm_90 (docs/ARCHITECTURE.md), with 32-thread warps.
 */
#ifndef SIMT_CUB_UTIL_ARCH_CUH
#define SIMT_CUB_UTIL_ARCH_CUH
#pragma GCC system_header

#include "util_macro.cuh"

#ifndef CUB_PTX_ARCH
#ifdef __CUDA_ARCH__
#define CUB_PTX_ARCH __CUDA_ARCH__
#else
#define CUB_PTX_ARCH 0
#endif
#endif
#define CUB_IS_DEVICE_CODE 1
#define CUB_IS_HOST_CODE 1
#define CUB_INCLUDE_DEVICE_CODE 1
#define CUB_INCLUDE_HOST_CODE 1
#define CUB_MAX_DEVICES 128
#define CUB_PTX_WARP_THREADS 32
#define CUB_PTX_LOG_WARP_THREADS 5
#define CUB_PTX_SMEM_BANKS 32
#define CUB_PTX_LOG_SMEM_BANKS 5
#define CUB_WARP_THREADS(unused) 32
#define CUB_LOG_WARP_THREADS(unused) 5
#define CUB_SMEM_BANKS(unused) 32
#define CUB_LOG_SMEM_BANKS(unused) 5

CUB_NAMESPACE_BEGIN
namespace detail {
constexpr int warp_threads = 32;
constexpr int log2_warp_threads = 5;
} /* namespace detail */
CUB_NAMESPACE_END

#endif
