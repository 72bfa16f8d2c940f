/*
 * prelude.h: what GPUVerify's front end gives every CUDA kernel of its test
 * suite, for simt: the CUDA headers it includes on its own (curand,
 * cooperative groups), its specification annotations as no-ops (they state
 * what GPUVerify must prove; a run checks what happens instead), and the
 * cooperative-groups spelling its kernels use (synchronize(g)).
 */
#ifndef SIMT_GPUVERIFY_PRELUDE_H
#define SIMT_GPUVERIFY_PRELUDE_H

#include <cuda_runtime.h>
#include <curand_kernel.h>
#include <cooperative_groups.h>
#include <cstring>

/* Statements (in bodies and loop conditions: `__invariant(e), i < n`). */
#define __requires(...) ((void)0)
#define __ensures(...) ((void)0)
#define __invariant(...) ((void)0)
#define __global_invariant(...) ((void)0)
#define __function_wide_invariant(...) ((void)0)
#define __function_wide_candidate_invariant(...) ((void)0)
#define __candidate_invariant(...) ((void)0)
#define __candidate_global_invariant(...) ((void)0)
#define __assert(...) ((void)0)
#define __global_assert(...) ((void)0)
#define __assume(...) ((void)0)
#define __requires_fresh_array(...) ((void)0)
#define __non_temporal(...) ((void)0)
/* At file scope. */
#define __axiom(...) static_assert(true, "GPUVerify axiom")

namespace cooperative_groups {
template <class G>
__device__ inline void synchronize(G &g) { g.sync(); }
} // namespace cooperative_groups

#endif
