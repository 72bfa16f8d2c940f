/*
 * thrust/execution_policy.h (simt): Thrust's policies, and what Thrust's
 * CUDA system brings with it: thrust::cuda::par (simt's
 * thrust/system/cuda/execution_policy.h) and Thrust's error types.
 */
#ifndef SIMT_THRUST_EXECUTION_POLICY_H
#define SIMT_THRUST_EXECUTION_POLICY_H

#include_next <thrust/execution_policy.h>
#include <thrust/system/cuda/execution_policy.h>
#include <thrust/system_error.h>

#endif
