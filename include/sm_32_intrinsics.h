/* sm_32_intrinsics.h: part of CUDA's device API, provided by cuda_runtime.h here. */
#ifndef SIMT_SM_32_INTRINSICS_H
#define SIMT_SM_32_INTRINSICS_H
#include "cuda_runtime.h"
#endif
