/*
 * device_functions.h: CUDA's device intrinsics (simt/lang/intrinsics.hpp,
 * simt/lang/math.hpp), included by cuda_runtime.h as with nvcc.
 */
#ifndef SIMT_DEVICE_FUNCTIONS_H
#define SIMT_DEVICE_FUNCTIONS_H
#include "cuda_runtime.h"
#endif
