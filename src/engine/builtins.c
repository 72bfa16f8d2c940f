/*
 * builtins.c: storage of threadIdx, blockIdx, blockDim, gridDim and the
 * thread loop state simt__run (declared in simt.h).
 *
 * Engine code writes the built-in variables through aliases of other names
 * (simt__thread_idx, ...), so that it never depends on how a program's
 * translation units treat the variables themselves.
 */
#include "simt.h"

SIMT_TLS uint3 threadIdx;
SIMT_TLS uint3 blockIdx;
SIMT_TLS dim3 blockDim;
SIMT_TLS dim3 gridDim;
SIMT_TLS simt_run simt__run;

extern SIMT_TLS uint3 simt__thread_idx __attribute__((alias("threadIdx")));
extern SIMT_TLS uint3 simt__block_idx __attribute__((alias("blockIdx")));
extern SIMT_TLS dim3 simt__block_dim __attribute__((alias("blockDim")));
extern SIMT_TLS dim3 simt__grid_dim __attribute__((alias("gridDim")));
