/*
 * clang_cuda.h: what clang's CUDA mode needs to read a .cu file with
 * simt's headers and no CUDA installation: clangd, clang-tidy and other
 * clang-based tools (not simtcc, which compiles .cu files as C++).  A
 * .clangd file names it (docs/DEBUGGING.md, "Editors"):
 *
 *   -xcuda --cuda-host-only -nocudainc -nocudalib
 *   -Xclang -fcuda-allow-variadic-functions -I<simt>/include
 *   -include simt/lang/clang_cuda.h
 *
 * simt runs device code on the host, so every function of its headers
 * serves both sides: they are read inside `force_cuda_host_device`, as are
 * the C library's math, string and stdio functions that device code calls.
 * The C++ library's headers come first, outside it (clang's own wrappers
 * of <new> and <algorithm> declare their device versions themselves).
 * `k<<<grid, block>>>(...)` needs __cudaPushCallConfiguration declared.
 */
#ifndef SIMT_LANG_CLANG_CUDA_H
#define SIMT_LANG_CLANG_CUDA_H
#if defined(__clang__) && defined(__CUDA__) && !defined(__SIMT_CU__)

#include "host_defines.h"
#include <stdlib.h>
#include <algorithm>
#include <atomic>
#include <cfloat>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <limits>
#include <new>
#include <tuple>
#include <type_traits>
#include <utility>

#pragma clang force_cuda_host_device begin
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "cuda_runtime.h"
#include "cuda_profiler_api.h"
#include "cooperative_groups.h"
#include "cooperative_groups/memcpy_async.h"
#include "cooperative_groups/reduce.h"
#include "cooperative_groups/scan.h"
#include "cuda_awbarrier.h"
#include "cuda_bf16.h"
#include "cuda_fp16.h"
#include "cuda_pipeline.h"
#include "curand_kernel.h"
#include "mma.h"
#include "cuda/atomic"
#include "cuda/barrier"
#include "cuda/latch"
#include "cuda/pipeline"
#include "cuda/ptx"
#include "cuda/semaphore"
#pragma clang force_cuda_host_device end

extern "C" unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                                cudaStream_t stream = 0);

#endif
#endif /* SIMT_LANG_CLANG_CUDA_H */
