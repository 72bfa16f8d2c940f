/*
 * cuda_profiler_api.h: the profiler's start and stop calls.  simt has no
 * profiler to start; programs that bracket the region they profile (NVIDIA's
 * samples) run unchanged, and the calls succeed as on a GPU without one
 * attached.
 */
#ifndef SIMT_CUDA_PROFILER_API_H
#define SIMT_CUDA_PROFILER_API_H

#include "driver_types.h"

#ifdef __cplusplus
extern "C" {
#endif
cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);
#ifdef __cplusplus
}
#endif

#endif /* SIMT_CUDA_PROFILER_API_H */
