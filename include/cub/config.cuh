/*
 * cub/config.cuh: what every CUB header includes first.
 */
#ifndef SIMT_CUB_CONFIG_CUH
#define SIMT_CUB_CONFIG_CUH
#pragma GCC system_header

#include "util_namespace.cuh"
#include "util_macro.cuh"
#include "util_arch.cuh"
#include "util_debug.cuh"
#include "util_cpp_dialect.cuh"

#endif
