/*
 * simt/cccl_config.h: the CCCL configuration macros that code written
 * against CCCL 3 tests, for programs built on simt's bundled Thrust 1.17
 * and CUB, which predate them: Thrust's examples' host_device.h
 * (`#if !_CCCL_HAS_CUDA_COMPILER()`), CUB's test utilities (cub/test/
 * test_util.h and c2h, which CUB's examples include, through
 * <cuda/__cccl_config>).  Each is defined only if CCCL has not defined it.
 *
 * simtcc is a CUDA compiler and a .cu file is a CUDA compilation, in both
 * views, as with nvcc; the toolkit simt stands for is CUDA 13.0; simt has
 * __half, __nv_bfloat16 and clang's __int128.
 */
#ifndef SIMT_CCCL_CONFIG_H
#define SIMT_CCCL_CONFIG_H

#ifndef _CCCL_HAS_CUDA_COMPILER
#define _CCCL_HAS_CUDA_COMPILER() 1
#endif
#if !defined(_CCCL_CUDA_COMPILATION) && defined(__CUDACC__)
#define _CCCL_CUDA_COMPILATION() 1
#endif
#ifndef _CCCL_CTK_AT_LEAST
#define _CCCL_CTK_AT_LEAST(major, minor) (CUDART_VERSION >= (major) * 1000 + (minor) * 10)
#endif
#ifndef _CCCL_HAS_NVFP16
#define _CCCL_HAS_NVFP16() 1
#endif
#ifndef _CCCL_HAS_NVBF16
#define _CCCL_HAS_NVBF16() 1
#endif
#ifndef _CCCL_HAS_INT128
#define _CCCL_HAS_INT128() 1
#endif
#ifndef _CCCL_HOST_DEVICE
#define _CCCL_HOST_DEVICE __host__ __device__
#endif
#ifndef _CCCL_FORCEINLINE
#define _CCCL_FORCEINLINE __forceinline__
#endif
#ifndef _CCCL_VISIBILITY_HIDDEN
#define _CCCL_VISIBILITY_HIDDEN __attribute__((__visibility__("hidden")))
#endif
/* A library's own kernels: not exported from a shared object. */
#ifndef CCCL_DETAIL_KERNEL_ATTRIBUTES
#define CCCL_DETAIL_KERNEL_ATTRIBUTES __global__ _CCCL_VISIBILITY_HIDDEN
#endif
#ifndef _CCCL_INLINE_VAR
#define _CCCL_INLINE_VAR inline
#endif
#ifndef _CCCL_PP_CAT
#define _CCCL_PP_CAT_(a, b) a##b
#define _CCCL_PP_CAT(a, b) _CCCL_PP_CAT_(a, b)
#endif
/* libcu++'s standard namespace, where code specializes cuda::std's
 * templates (numeric_limits of its own types). */
#ifndef _LIBCUDACXX_BEGIN_NAMESPACE_STD
#define _LIBCUDACXX_BEGIN_NAMESPACE_STD namespace cuda { namespace std {
#define _LIBCUDACXX_END_NAMESPACE_STD } }
#endif
#ifndef _CCCL_DIAG_PUSH
#define _CCCL_PRAGMA(x) _Pragma(#x)
#define _CCCL_DIAG_PUSH _Pragma("clang diagnostic push")
#define _CCCL_DIAG_POP _Pragma("clang diagnostic pop")
#define _CCCL_DIAG_SUPPRESS_CLANG(w) _CCCL_PRAGMA(clang diagnostic ignored w)
#define _CCCL_DIAG_SUPPRESS_GCC(w)
#define _CCCL_DIAG_SUPPRESS_NVHPC(w)
#define _CCCL_DIAG_SUPPRESS_MSVC(w)
#endif
#ifndef _CCCL_HOST
#define _CCCL_HOST __host__
#define _CCCL_DEVICE __device__
#endif
#ifndef _CCCL_UNREACHABLE
#define _CCCL_UNREACHABLE() __builtin_unreachable()
#endif
/* _CCCL_COMPILER(NAME) and _CCCL_COMPILER(NAME, OP, MAJOR[, MINOR]): the
 * host compiler, as `#if` tests it.  simtcc compiles host and device code
 * with Clang; versions compare as MAJOR * 100 + MINOR, as CCCL's do. */
#ifndef _CCCL_COMPILER
#define SIMT__CCCL_IS_CLANG 1
#define SIMT__CCCL_IS_GCC 0
#define SIMT__CCCL_IS_MSVC 0
#define SIMT__CCCL_IS_MSVC2017 0
#define SIMT__CCCL_IS_MSVC2019 0
#define SIMT__CCCL_IS_MSVC2022 0
#define SIMT__CCCL_IS_NVHPC 0
#define SIMT__CCCL_IS_NVRTC 0
#define SIMT__CCCL_VER_CLANG (__clang_major__ * 100 + __clang_minor__)
#define SIMT__CCCL_VER_GCC 0
#define SIMT__CCCL_VER_MSVC 0
#define SIMT__CCCL_VER_MSVC2017 0
#define SIMT__CCCL_VER_MSVC2019 0
#define SIMT__CCCL_VER_MSVC2022 0
#define SIMT__CCCL_VER_NVHPC 0
#define SIMT__CCCL_VER_NVRTC 0
#define SIMT__CCCL_COMPILER_1(c) SIMT__CCCL_IS_##c
#define SIMT__CCCL_COMPILER_3(c, op, major) (SIMT__CCCL_IS_##c && SIMT__CCCL_VER_##c op (major) * 100)
#define SIMT__CCCL_COMPILER_4(c, op, major, minor)                                                      \
    (SIMT__CCCL_IS_##c && SIMT__CCCL_VER_##c op (major) * 100 + (minor))
#define SIMT__CCCL_COMPILER_PICK(_1, _2, _3, _4, m, ...) m
#define _CCCL_COMPILER(...)                                                                              \
    SIMT__CCCL_COMPILER_PICK(__VA_ARGS__, SIMT__CCCL_COMPILER_4, SIMT__CCCL_COMPILER_3, , SIMT__CCCL_COMPILER_1, ) \
    (__VA_ARGS__)
#endif
#ifndef _CCCL_SUPPRESS_DEPRECATED_PUSH
#define _CCCL_SUPPRESS_DEPRECATED_PUSH                                                                     \
    _Pragma("clang diagnostic push") _Pragma("clang diagnostic ignored \"-Wdeprecated-declarations\"")
#define _CCCL_SUPPRESS_DEPRECATED_POP _Pragma("clang diagnostic pop")
#endif

#endif
