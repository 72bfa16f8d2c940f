/*
 * thrust/functional.h (simt): Thrust 1.17's function objects and
 * thrust::not_fn, which Thrust 2 added in place of not1/not2: it is
 * cuda::std::not_fn (simt's, the host library's std::not_fn), as in
 * Thrust 3.
 */
#ifndef SIMT_THRUST_FUNCTIONAL_H
#define SIMT_THRUST_FUNCTIONAL_H

#include_next <thrust/functional.h>
#include <cuda/std/functional>

THRUST_NAMESPACE_BEGIN
using ::cuda::std::not_fn;
THRUST_NAMESPACE_END

#endif
