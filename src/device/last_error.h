/*
 * last_error.h: the device runtime's last error, one per CUDA thread
 * (CUDA guide, device runtime, "Error Handling": each thread has its own
 * last error, read and cleared by cudaGetLastError in device code).
 */
#ifndef SIMT_DEVICE_LAST_ERROR_H
#define SIMT_DEVICE_LAST_ERROR_H

#include "driver_types.h"

/* Records e (not cudaSuccess) as the running CUDA thread's last error. */
void device_set_last_error(cudaError_t e);
/* The running CUDA thread's last error; clear: reset it to cudaSuccess. */
cudaError_t device_last_error(int clear);

#endif /* SIMT_DEVICE_LAST_ERROR_H */
