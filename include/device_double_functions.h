/* device_double_functions.h: part of CUDA's device API, provided by cuda_runtime.h here. */
#ifndef SIMT_DEVICE_DOUBLE_FUNCTIONS_H
#define SIMT_DEVICE_DOUBLE_FUNCTIONS_H
#include "cuda_runtime.h"
#endif
