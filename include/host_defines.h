/*
 * host_defines.h: CUDA's declaration qualifiers on the host compiler.
 *
 * Under simtcc (__SIMT_CU__) the qualifiers the rewriter acts on stay in the
 * preprocessed text as self-referential macros; everything else becomes an
 * attribute or nothing.  Outside simtcc (a .cpp or .c file that includes the
 * runtime headers) there are no kernels, and they all vanish.
 */
#ifndef SIMT_HOST_DEFINES_H
#define SIMT_HOST_DEFINES_H
#pragma GCC system_header

#define __host__
#define __constant__
#define __managed__
#define __grid_constant__
#define __device_builtin__
#define __device_builtin_texture_type__
#define __device_builtin_surface_type__
#define __cudart_builtin__
#define __forceinline__ __inline__ __attribute__((always_inline))
/* Empty rather than an attribute: glibc and libstdc++ spell
 * __attribute__((__noinline__)), which then reads __attribute__(()). */
#define __noinline__
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(a) __align__(a)
#define __thread_local__
#define CUDARTAPI
#define CUDARTAPI_CDECL
#define __CUDA_DEPRECATED

#ifdef __SIMT_CU__
/* __device__ marks device code, whose inline asm is PTX for simtcc to
 * translate; __host__ beside __global__ is an error; device code may not
 * assign a __constant__ variable; the rewriter removes them. */
#undef __host__
#undef __managed__
#undef __constant__
#define __host__ __host__
#define __managed__ __managed__
#define __constant__ __constant__
#define __device__ __device__
#define __global__ __global__
#define __shared__ __shared__
#define __launch_bounds__(...) __launch_bounds__(__VA_ARGS__)
#define __cluster_dims__(...) __cluster_dims__(__VA_ARGS__)
#define __maxnreg__(...) __maxnreg__(__VA_ARGS__)
#elif defined(__clang__) && defined(__CUDA__)
/* clang's CUDA mode (clangd and clang's other tools, through
 * simt/lang/clang_cuda.h): the qualifiers are clang's attributes, so that
 * it reads <<<>>> and checks which side calls what. */
#undef __host__
#undef __constant__
#undef __managed__
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __cluster_dims__(...)
#define __maxnreg__(...)
#else
#define __device__
#define __global__
#define __shared__
#define __launch_bounds__(...)
#define __cluster_dims__(...)
#define __maxnreg__(...)
#endif

#endif /* SIMT_HOST_DEFINES_H */
