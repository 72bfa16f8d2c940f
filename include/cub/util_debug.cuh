/*
 * cub/util_debug.cuh: CubDebug and friends.  CubDebug(e) is e (CUB prints
 * it too when CUB_STDERR debugging is on; simt's CUB reports nothing of
 * its own), CubDebugExit(e) exits on an error.
 */
#ifndef SIMT_CUB_UTIL_DEBUG_CUH
#define SIMT_CUB_UTIL_DEBUG_CUH
#pragma GCC system_header

#include <stdio.h>
#include <stdlib.h>
#include "util_macro.cuh"

CUB_NAMESPACE_BEGIN
inline cudaError_t Debug(cudaError_t error, const char *filename, int line)
{
    (void)filename;
    (void)line;
    return error;
}
CUB_NAMESPACE_END

#ifndef CubDebug
#define CubDebug(e) ::cub::Debug((cudaError_t)(e), __FILE__, __LINE__)
#endif
#ifndef CubDebugExit
#define CubDebugExit(e)                                                                                      \
    do {                                                                                                     \
        cudaError_t simt__e = (cudaError_t)(e);                                                              \
        if (simt__e != cudaSuccess) {                                                                        \
            fprintf(stderr, "CUDA error %d [%s, %d]: %s\n", (int)simt__e, __FILE__, __LINE__,                \
                    cudaGetErrorString(simt__e));                                                            \
            exit(1);                                                                                         \
        }                                                                                                    \
    } while (0)
#endif

#endif
