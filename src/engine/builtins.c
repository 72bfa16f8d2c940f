/*
 * builtins.c: storage of threadIdx, blockIdx, blockDim and gridDim.
 *
 * simt.h declares them const: a CUDA thread only reads them, and they
 * never change under it (the engine restores them whenever it resumes the
 * thread).  They are defined writable here, in a file that deliberately
 * does not include simt.h; the engine writes them through builtins_set_*.
 */
#include "vector_types.h"

__thread __attribute__((tls_model("initial-exec"))) uint3 threadIdx;
__thread __attribute__((tls_model("initial-exec"))) uint3 blockIdx;
__thread __attribute__((tls_model("initial-exec"))) dim3 blockDim;
__thread __attribute__((tls_model("initial-exec"))) dim3 gridDim;
