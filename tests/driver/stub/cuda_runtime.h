/*
 * A stand-in for simt's cuda_runtime.h, for the driver's tests: just what
 * rewritten code names (launch.hpp's templates, simt.h's entry points) and
 * the CUDA qualifiers as host_defines.h defines them.  Tests use the real
 * header instead once include/cuda_runtime.h exists.
 */
#ifndef SIMT_TEST_STUB_CUDA_RUNTIME_H
#define SIMT_TEST_STUB_CUDA_RUNTIME_H
#include "simt/lang/launch.hpp"

#define __global__ __global__
#define __shared__ __shared__
#define __launch_bounds__(...) __launch_bounds__(__VA_ARGS__)
#define __cluster_dims__(...) __cluster_dims__(__VA_ARGS__)
#define __maxnreg__(n) __maxnreg__(n)
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))

extern "C" int simt__note_arch(int arch);
extern "C" void __syncthreads(void);
#endif
