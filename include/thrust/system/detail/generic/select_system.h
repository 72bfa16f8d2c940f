/*
 * thrust/system/detail/generic/select_system.h (simt): every Thrust
 * algorithm header includes this one; after it, simt adds what Thrust's
 * CUDA system would have brought with any algorithm: thrust::cuda::par
 * (simt's thrust/system/cuda/execution_policy.h) and Thrust's error types.
 */
#ifndef SIMT_THRUST_SELECT_SYSTEM_H
#define SIMT_THRUST_SELECT_SYSTEM_H

#include_next <thrust/system/detail/generic/select_system.h>
#include <thrust/system/cuda/execution_policy.h>
#include <thrust/system_error.h>

#endif
