/*
 * cub/util_namespace.cuh: CUB's namespace macros.  simt's CUB lives in
 * plain `namespace cub` (one host ISA, no per-architecture inline
 * namespace); its internals in `simt_cub`.
 */
#ifndef SIMT_CUB_UTIL_NAMESPACE_CUH
#define SIMT_CUB_UTIL_NAMESPACE_CUH
#pragma GCC system_header

#include "version.cuh"

#define CUB_NAMESPACE_BEGIN namespace cub {
#define CUB_NAMESPACE_END }
#define CUB_NS_QUALIFIER ::cub
#define CUB_NS_PREFIX
#define CUB_NS_POSTFIX

#endif
