/*
 * cuda_awbarrier_helpers.h: in CUDA, the implementation behind
 * cuda_awbarrier_primitives.h; here the primitives themselves.
 */
#ifndef SIMT_CUDA_AWBARRIER_HELPERS_H
#define SIMT_CUDA_AWBARRIER_HELPERS_H
#pragma GCC system_header

#include "cuda_awbarrier_primitives.h"

#define _CUDA_AWBARRIER_MAX_COUNT SIMT_MBAR_PRIMITIVE_MAX

#endif
