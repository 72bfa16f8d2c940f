/*
 * cuda_pipeline_helpers.h: in CUDA, the implementation behind
 * cuda_pipeline_primitives.h; here the primitives themselves.
 */
#ifndef SIMT_CUDA_PIPELINE_HELPERS_H
#define SIMT_CUDA_PIPELINE_HELPERS_H
#pragma GCC system_header

#include "cuda_pipeline_primitives.h"

#define _CUDA_PIPELINE_MAX_STAGES 8

#endif
