/*
 * builtins.c: storage of threadIdx, blockIdx, blockDim and gridDim.
 *
 * simt.h declares them const: a CUDA thread only reads them, and they
 * never change under it (the engine restores them whenever it resumes the
 * thread).  They are defined writable here, in a file that deliberately
 * does not include simt.h, with writable aliases under other names for the
 * engine: a store through a cast of the const declaration would be
 * undefined, and the compiler does drop such stores.
 */
#include "vector_types.h"

#define SIMT_TLS_DEF __thread __attribute__((tls_model("initial-exec")))

SIMT_TLS_DEF uint3 threadIdx;
SIMT_TLS_DEF uint3 blockIdx;
SIMT_TLS_DEF dim3 blockDim;
SIMT_TLS_DEF dim3 gridDim;

extern SIMT_TLS_DEF uint3 simt__thread_idx __attribute__((alias("threadIdx")));
extern SIMT_TLS_DEF uint3 simt__block_idx __attribute__((alias("blockIdx")));
extern SIMT_TLS_DEF dim3 simt__block_dim __attribute__((alias("blockDim")));
extern SIMT_TLS_DEF dim3 simt__grid_dim __attribute__((alias("gridDim")));
