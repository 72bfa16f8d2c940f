/*
 * device_launch_parameters.h: threadIdx, blockIdx, blockDim, gridDim and
 * warpSize.  The first four are per-worker thread-local variables the
 * engine sets before it runs a CUDA thread (declared in simt.h).
 */
#ifndef SIMT_DEVICE_LAUNCH_PARAMETERS_H
#define SIMT_DEVICE_LAUNCH_PARAMETERS_H
#pragma GCC system_header

#include "simt.h"

/* A constant, not a macro: host code reads cudaDeviceProp::warpSize. */
static const int warpSize = 32;

#endif /* SIMT_DEVICE_LAUNCH_PARAMETERS_H */
