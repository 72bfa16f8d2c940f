/*
 * func.h: what a kernel's attributes allow a launch (func.c), for
 * launch.c's validation.
 */
#ifndef SIMT_RUNTIME_FUNC_H
#define SIMT_RUNTIME_FUNC_H

#include <stddef.h>

#include "simt.h"

struct simt_kernel_state;
struct kernel_attrs;

/* The kernel's attributes on the current device (in a kernel: its grid's). */
struct kernel_attrs *func_attrs(struct simt_kernel_state *ks);

/* The shared memory a block may have in all (sm_90's opt-in limit). */
#define SHMEM_OPTIN 232448

/* Static shared memory the kernel's runs have laid out so far. */
size_t func_static_shared(struct simt_kernel_state *ks);
/* The dynamic shared memory a launch may ask for. */
size_t func_dyn_allowed(struct simt_kernel_state *ks);
/* The most threads a block of k may have (__launch_bounds__, else 1024). */
int func_max_threads(const simt_kernel *k);
/* Blocks of blockSize threads and dyn bytes of dynamic shared memory one
 * multiprocessor holds (the occupancy calculator's count). */
int func_blocks_per_sm(struct simt_kernel_state *ks, int blockSize, size_t dyn);

#endif
