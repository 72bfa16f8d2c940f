/*
 * kstate.h: what the runtime keeps per kernel (per simt_kernel).
 *
 * Created on first use and never freed: kernels live as long as the
 * program.  Attributes set by cudaFuncSetAttribute live here, and so does
 * the kernel's static shared memory layout.
 */
#ifndef SIMT_ENGINE_KSTATE_H
#define SIMT_ENGINE_KSTATE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

#include "simt.h"

struct site_offset {
    const simt_shared_site *site;
    size_t offset;
};

/* What cudaFuncSetAttribute and cudaFuncSetCacheConfig set: each device's
 * own, as each GPU context has its own copy of a kernel. */
struct kernel_attrs {
    int max_dyn_shmem;                /* cudaFuncAttributeMaxDynamicSharedMemorySize */
    int carveout;                     /* PreferredSharedMemoryCarveout, -1: default */
    int cache_config;                 /* enum cudaFuncCache */
    int nonportable_cluster;
    int cluster_policy;
};

#define KSTATE_DEVICES 16 /* DEVICE_MAX (runtime.h) */

/* Which build of its compiled block function a kernel runs (tier.c,
 * tier_isa_enter), and the blocks timed to choose it.  On a line of its
 * own: every block reads `decided`, the blocks being timed write the rest. */
#define ISA_SAMPLES 9
struct kstate_isa {
    _Alignas(64) atomic_int decided;  /* 0 while timed, else 1 + the build */
    atomic_int base_busy;             /* a baseline block is being timed */
    atomic_ullong grid;               /* the last launch timed (its seq), */
    atomic_uint flip;                 /* and how many launches were */
    atomic_uint n[2];                 /* blocks timed in each build */
    atomic_llong ns[2][ISA_SAMPLES];
};

struct simt_kernel_state {
    simt_kernel *kernel;              /* NULL for the anonymous C-API kernel */
    pthread_mutex_t lock;
    size_t static_bytes;              /* static __shared__ laid out so far */
    struct kernel_attrs attrs[KSTATE_DEVICES];
    int required_cluster[3];
    /* Offsets of sites that another kernel laid out first (a __device__
     * function with __shared__ called from several kernels). */
    struct site_offset *extra;
    size_t nextra, cap_extra;
    /* A launch of it split into parts (engine.c, split_blocks) was over
     * too soon for the parts to pay: its launches stay whole. */
    int split_short;
    /* The last split_blocks answer for it: the grid's blocks, block
     * width and workers, and the threads of x a part got (0: whole). */
    unsigned long long split_memo;
    /* A launch of it stalled with blocks not started (resident.c): how
     * many blocks it then ran at once (0: none), which its later launches
     * get threads for at submission. */
    int waits_for_blocks;
    struct kstate_isa isa;
};

/* The state of k, created on first call; k NULL gives the shared state of
 * kernels launched without a descriptor. */
struct simt_kernel_state *kstate_of(simt_kernel *k);

#endif
