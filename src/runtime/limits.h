/*
 * limits.h: cudaDeviceSetLimit/GetLimit values (CUDA guide, cudaLimit).
 */
#ifndef SIMT_RUNTIME_LIMITS_H
#define SIMT_RUNTIME_LIMITS_H

#include <stddef.h>

size_t limits_stack_size(void);
size_t limits_heap_size(void);
/* cudaLimitDevRuntimePendingLaunchCount */
size_t limits_pending_launches(void);
size_t limits_printf_fifo(void);
/* Device code has used the malloc heap: cudaLimitMallocHeapSize can no
 * longer change (until cudaDeviceReset). */
void limits_heap_fix(void);
void limits_reset(void);

#endif
