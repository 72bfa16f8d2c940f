/*
 * math_functions.h: CUDA's math functions (simt/lang/math.hpp); nvcc's header of
 * this name is included by cuda_runtime.h, as here.
 */
#ifndef SIMT_MATH_FUNCTIONS_H
#define SIMT_MATH_FUNCTIONS_H
#include "cuda_runtime.h"
#endif
