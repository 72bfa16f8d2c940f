/*
 * limits.h: cudaDeviceSetLimit/GetLimit values (CUDA guide, cudaLimit).
 */
#ifndef SIMT_RUNTIME_LIMITS_H
#define SIMT_RUNTIME_LIMITS_H

#include <stddef.h>

/* Each is the current device's (in a kernel: its grid's). */
size_t limits_stack_size(void);
/* The largest stack limit of any device: what a fiber must hold. */
size_t limits_stack_size_max(void);
size_t limits_heap_size(void);
/* cudaLimitDevRuntimePendingLaunchCount */
size_t limits_pending_launches(void);
size_t limits_printf_fifo(void);
/* Device code has used the malloc heap: cudaLimitMallocHeapSize can no
 * longer change (until cudaDeviceReset). */
void limits_heap_fix(void);
/* Device d's limits back to their defaults (d < 0: every device's). */
void limits_reset(int d);

#endif
