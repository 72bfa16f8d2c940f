/*
 * runtime.h: conventions shared by the host API modules.
 *
 * Every cudaXxx function starts with API_ENTER() (a sticky context error
 * wins over everything) and ends through api_return(), which records a
 * failure as the calling thread's last error.
 */
#ifndef SIMT_RUNTIME_RUNTIME_H
#define SIMT_RUNTIME_RUNTIME_H

#include "cuda_runtime_api.h"
#include "simt.h"

cudaError_t api_return(cudaError_t e);
/* The current device's context's sticky error (also recorded as last
 * error), or success; device d's context failing with e; the current
 * device's context cleared (cudaDeviceReset). */
cudaError_t api_sticky(void);
void api_fail_device(int d, cudaError_t e);
void api_clear_context(void);
/* Whether a runtime API call has been made (the driver API is initialized). */
int api_runtime_started(void);

#define API_ENTER()                         \
    do {                                    \
        cudaError_t sticky_ = api_sticky(); \
        if (sticky_ != cudaSuccess)         \
            return sticky_;                 \
    } while (0)

/* launch.c: how a grid g (its owner a CMD_GRID command) completes, for
 * every launch path: its command completes once its blocks and the grids
 * its threads launched are done; its arguments are released and a
 * cooperative grid's barrier destroyed first. */
struct grid;
void launch_grid_completion(struct grid *g);
/* The command of a grid running fn over args in the shape cfg for kernel
 * k (its completion as launch_grid_completion sets it up), not yet
 * enqueued; NULL when out of memory, the arguments still the caller's.
 * attrs (may be NULL): the compiled tier's block function and ranges. */
struct launch_config;
struct simt_kernel_state;
struct cmd *launch_grid_cmd(simt_kernel *k, struct simt_kernel_state *ks,
                            const struct launch_config *cfg, simt_thread_fn fn, void *args,
                            void (*release)(void *), const simt_launch_attrs *attrs);
/* Frees what launch_grid_cmd made, never enqueued; the arguments stay the
 * caller's. */
void launch_grid_cmd_discard(struct cmd *c);
/* A kernel's arguments packed from an array of pointers to them
 * (cudaLaunchKernel's args, a kernel node's kernelParams), or NULL when
 * out of memory; launch_run_packed runs a thread over them (a
 * simt_thread_fn), launch_release_packed frees them. */
struct by_pointer;
struct by_pointer *launch_pack(simt_kernel *k, void **args);
void launch_run_packed(void *arg);
void launch_release_packed(void *arg);

/* printf.c: device printf output waiting for a flush point. */
void printf_flush(void);

/* devices.c: the emulated devices (SIMT_DEVICES) and the calling host
 * thread's current one. */
#define DEVICE_MAX 16
int device_count(void);
int device_valid(int d);
int device_current(void);
int device_pci_bus(int d);
/* Whether device d's kernels may reach device p's memory (d itself, or
 * peer access d enabled); device_peer_reset forgets d's both ways. */
int device_peer_enabled(int d, int p);
void device_peer_reset(int d);

/* device.c */
int device_arch(void);                 /* emulated compute capability, e.g. 90 */
int device_sm_count(void);             /* = workers */
void device_reset_state(void);

#endif
