/*
 * launch.c: kernel launches (a kernel's attributes and occupancy: func.c).
 *
 * A launch validates its configuration exactly as an H100/H200 does
 * (errors from the launch and cudaGetLastError, never sticky), then
 * submits a kernel operation (op.h): a grid command in its stream, or a
 * kernel node of its stream's capture.  Launches are asynchronous unless
 * CUDA_LAUNCH_BLOCKING=1.
 */
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "base/base.h"
#include "base/spare.h"
#include "engine/gridsync.h"
#include "engine/kstate.h"
#include "engine/sync.h"
#include "runtime/devrt.h"
#include "runtime/func.h"
#include "runtime/op.h"
#include "runtime/stream.h"

static int launch_blocking(void)
{
    /* Host threads launch concurrently: the cached answer is atomic (every
     * thread computes the same value, so any store wins). */
    static _Atomic int v = -1;
    int b = atomic_load_explicit(&v, memory_order_relaxed);
    if (b < 0) {
        const char *e = getenv("CUDA_LAUNCH_BLOCKING");
        b = e && e[0] == '1';
        atomic_store_explicit(&v, b, memory_order_relaxed);
    }
    return b;
}

static cudaError_t validate(const simt_kernel *k, struct simt_kernel_state *ks, dim3 grid,
                            dim3 block, size_t shmem)
{
    if (block.x == 0 || block.y == 0 || block.z == 0 || block.x > 1024 || block.y > 1024 ||
        block.z > 64)
        return cudaErrorInvalidValue;
    unsigned long long threads = (unsigned long long)block.x * block.y * block.z;
    if (threads > (unsigned long long)func_max_threads(k))
        return cudaErrorInvalidValue;
    if (grid.x == 0 || grid.y == 0 || grid.z == 0 || grid.x > 2147483647u || grid.y > 65535 ||
        grid.z > 65535)
        return cudaErrorInvalidValue;
    if (shmem > func_dyn_allowed(ks) || shmem + func_static_shared(ks) > SHMEM_OPTIN)
        return cudaErrorInvalidValue;
    return cudaSuccess;
}

/* A grid is complete once its blocks are and the work its threads
 * launched is (devrt.h): then its command completes. */
static void grid_done(struct grid *g)
{
    gridbar_destroy(g);
    if (g->release)
        g->release(g->args);
    devrt_release_hold(g);
}

void launch_grid_completion(struct grid *g)
{
    g->on_done = grid_done;
    atomic_init(&g->holds, 1);
}

/* Cluster shape and co-residency rules (CUDA guide, "Thread Block
 * Clusters", "Grid Synchronization"). */
static cudaError_t validate_groups(const simt_kernel *k, struct simt_kernel_state *ks, dim3 grid,
                                   dim3 block, size_t shmem, const simt_launch_attrs *a,
                                   unsigned cl[3])
{
    cl[0] = cl[1] = cl[2] = 1;
    const unsigned *want = NULL;
    if (a && (a->cluster_dim[0] | a->cluster_dim[1] | a->cluster_dim[2]))
        want = a->cluster_dim;
    else if (k && (k->cluster_dims[0] | k->cluster_dims[1] | k->cluster_dims[2]))
        want = k->cluster_dims;
    if (want) {
        for (int d = 0; d < 3; d++)
            cl[d] = want[d] ? want[d] : 1;
        unsigned n = cl[0] * cl[1] * cl[2];
        unsigned cap = func_attrs(ks)->nonportable_cluster ? 16 : 8;
        if (n > cap)
            return cudaErrorInvalidClusterSize;
        if (grid.x % cl[0] || grid.y % cl[1] || grid.z % cl[2])
            return cudaErrorInvalidClusterSize;
        if (device_arch() < 90)
            return cudaErrorInvalidClusterSize;
    }
    if (a && a->cooperative) {
        unsigned long long nblocks = (unsigned long long)grid.x * grid.y * grid.z;
        int per_sm = func_blocks_per_sm(ks, (int)(block.x * block.y * block.z), shmem);
        if (nblocks > (unsigned long long)per_sm * (unsigned long long)device_sm_count())
            return cudaErrorCooperativeLaunchTooLarge;
    }
    return cudaSuccess;
}

cudaError_t simt_launch(simt_kernel *k, dim3 grid, dim3 block, size_t shared_bytes,
                        cudaStream_t stream, simt_thread_fn fn, void *args,
                        void (*release)(void *args))
{
    return simt_launch_ex(k, grid, block, shared_bytes, stream, fn, args, release, NULL);
}

#define H100_SMS 132

/* What an H100 (132 SMs) would run at once of g, or the device simt
 * reports if larger: blocks that wait for other blocks of it are given
 * threads up to this (engine/resident.c, only when it finds a stall). */
static unsigned long long resident_cap_of(const struct grid *g)
{
    int sms = device_sm_count() > H100_SMS ? device_sm_count() : H100_SMS;
    int per_sm = g->ks ? func_blocks_per_sm(g->ks, (int)g->nthreads, g->dyn_shmem) : 1;
    return (unsigned long long)(per_sm > 0 ? per_sm : 1) * (unsigned long long)sms;
}

struct cmd *launch_grid_cmd(simt_kernel *k, struct simt_kernel_state *ks,
                            const struct launch_config *cfg, simt_thread_fn fn, void *args,
                            void (*release)(void *), const simt_launch_attrs *attrs)
{
    struct grid *g = grid_alloc();
    if (!g)
        return NULL;
    g->kernel = k;
    g->device = device_current();
    g->ks = ks;
    g->name = k && k->name ? k->name : "(unnamed)";
    g->grid_dim = cfg->grid;
    g->block_dim = cfg->block;
    g->dyn_shmem = cfg->shmem;
    g->fn = fn;
    g->range = attrs ? attrs->range : NULL;
    /* The compiled tier, where simt-kc built the block function. */
    int kc = attrs && attrs->block && engine_tier_compiled() ? attrs->block(NULL) : 0;
    g->block = kc ? attrs->block : NULL;
    g->apart = (kc & 2) != 0; /* KC_APART of src/compiler/kc.h */
    g->args = args;
    g->release = release;
    g->nblocks = (unsigned long long)cfg->grid.x * cfg->grid.y * cfg->grid.z;
    g->nthreads = cfg->block.x * cfg->block.y * cfg->block.z;
    memcpy(g->cluster_dim, cfg->cluster, sizeof g->cluster_dim);
    g->unit_blocks = cfg->cluster[0] * cfg->cluster[1] * cfg->cluster[2];
    g->nunits = g->nblocks / g->unit_blocks;
    g->cooperative = cfg->cooperative;
    g->resident_cap_of = resident_cap_of;
    struct cmd *c = NULL;
    if ((g->cooperative && gridbar_create(g) != 0) || !(c = cmd_new(CMD_GRID))) {
        if (g->cooperative)
            gridbar_destroy(g);
        grid_free(g);
        return NULL;
    }
    launch_grid_completion(g);
    c->grid = g;
    g->owner = c;
    return c;
}

void launch_grid_cmd_discard(struct cmd *c)
{
    struct grid *g = c->grid;
    if (g->cooperative)
        gridbar_destroy(g);
    grid_free(g);
    c->grid = NULL;
    cmd_unref(c);
}

/* The timeline's side of a launch (op.h): the grid's command in stream
 * order, or in the launching grid's stream for a launch from a kernel. */
static cudaError_t enqueue_grid(struct CUstream_st *s, struct op *op)
{
    /* The CUDA guide lists a launch among the printf flush points, but what
     * it flushes is output already in the buffer, and a kernel launched
     * just before is still running on a GPU: in practice kernel output
     * appears at the next synchronization.  simt flushes only there, so
     * the interleaving with host output is the GPU's, deterministically. */
    struct cmd *c = launch_grid_cmd(op->u.kernel.k, op->u.kernel.ks, &op->u.kernel.cfg,
                                    op->u.kernel.fn, op->u.kernel.args, op->u.kernel.release,
                                    op->u.kernel.attrs);
    if (!c)
        return cudaErrorMemoryAllocation;
    struct grid *parent = engine_thread() ? engine_current_grid() : NULL;
    if (parent) {
        /* A launch from a kernel (devrt.h); it never waits (a tail launch
         * cannot begin before its parent ends). */
        cudaError_t e = devrt_launch(parent, c, op->u.kernel.handle);
        if (e != cudaSuccess)
            launch_grid_cmd_discard(c);
        else
            cmd_unref(c);
        return e;
    }
    stream_enqueue(s, c, NULL);
    if (launch_blocking()) {
        cmd_wait(c);
        printf_flush();
    }
    cmd_unref(c);
    return cudaSuccess;
}

/* A launch's argument pack: small ones (nearly all) are PACK_SPARE bytes,
 * so that the one a thread freed last serves its next launch whatever the
 * kernel (base/spare.h). */
#define PACK_SPARE 256

void *simt__pack_alloc(size_t size, size_t align)
{
    void *p;
    if (align <= _Alignof(max_align_t) && size <= PACK_SPARE) {
        if (!(p = simt__spare_take(SPARE_PACK)))
            p = malloc(PACK_SPARE);
    } else if (align <= _Alignof(max_align_t)) {
        p = malloc(size);
    } else {
        p = aligned_alloc(align, (size + align - 1) / align * align);
    }
    if (!p)
        simt__oom("a launch's arguments");
    return p;
}

void simt__pack_free(void *p)
{
    /* Any chunk of PACK_SPARE bytes or more will do as a small pack. */
    if (p && malloc_usable_size(p) >= PACK_SPARE && simt__spare_put(SPARE_PACK, p))
        return;
    free(p);
}

cudaError_t simt_launch_ex(simt_kernel *k, dim3 grid, dim3 block, size_t shared_bytes,
                           cudaStream_t stream, simt_thread_fn fn, void *args,
                           void (*release)(void *args), const simt_launch_attrs *attrs)
{
    cudaError_t e = api_sticky();
    struct op op = {.kind = OP_KERNEL, .enqueue = enqueue_grid};
    if (e == cudaSuccess && !fn)
        e = cudaErrorInvalidDeviceFunction;
    struct simt_kernel_state *ks = e ? NULL : kstate_of(k);
    if (e == cudaSuccess && !ks)
        e = cudaErrorMemoryAllocation;
    if (e == cudaSuccess) {
        e = validate(k, ks, grid, block, shared_bytes);
        /* An H100 fact: the device runtime's launch reports a bad shape
         * as cudaErrorInvalidConfiguration, the host's as InvalidValue. */
        if (e == cudaErrorInvalidValue && engine_in_kernel())
            e = cudaErrorInvalidConfiguration;
    }
    if (e == cudaSuccess)
        e = validate_groups(k, ks, grid, block, shared_bytes, attrs, op.u.kernel.cfg.cluster);
    /* Device code's named streams are no stream (devrt_launch). */
    struct CUstream_st *s = NULL;
    if (e == cudaSuccess && !devrt_named(stream) && !(s = stream_resolve(stream)))
        e = stream_error(stream);
    /* A kernel runs on the current device, in one of its streams (CUDA
     * guide, "Stream and Event Behavior"). */
    if (e == cudaSuccess && s && !engine_in_kernel() && s->ordinal != device_current())
        e = cudaErrorInvalidResourceHandle;
    if (e == cudaSuccess) {
        op.u.kernel.k = k;
        op.u.kernel.ks = ks;
        op.u.kernel.cfg.grid = grid;
        op.u.kernel.cfg.block = block;
        op.u.kernel.cfg.shmem = shared_bytes;
        op.u.kernel.cfg.cooperative = attrs && attrs->cooperative;
        op.u.kernel.fn = fn;
        op.u.kernel.args = args;
        op.u.kernel.release = release;
        op.u.kernel.attrs = attrs;
        op.u.kernel.handle = stream;
        /* A capturing stream records the launch as a kernel node. */
        e = op_submit(s, &op);
    }
    if (e != cudaSuccess) {
        if (release)
            release(args);
        return api_return(e);
    }
    return cudaSuccess;
}

/* ---- launches by function pointer ---------------------------------------- */

struct by_pointer {
    simt_kernel *k;
    void *pack;
};

struct by_pointer *launch_pack(simt_kernel *k, void **args)
{
    struct by_pointer *b = malloc(sizeof *b);
    if (b) {
        b->k = k;
        b->pack = k->pack(args);
    }
    return b;
}

void launch_run_packed(void *arg)
{
    struct by_pointer *b = arg;
    b->k->run(b->k->fn, b->pack);
}

void launch_release_packed(void *arg)
{
    struct by_pointer *b = arg;
    b->k->release(b->pack);
    free(b);
}

static cudaError_t launch_pointer(const void *func, dim3 grid, dim3 block, void **args,
                                  size_t shmem, cudaStream_t stream, const simt_launch_attrs *attrs)
{
    API_ENTER();
    simt_kernel *k = simt_find_kernel(func);
    if (!k) /* what an H200 returns for a host function */
        return api_return(cudaErrorInvalidResourceHandle);
    struct by_pointer *b = launch_pack(k, args);
    if (!b)
        return api_return(cudaErrorMemoryAllocation);
    return simt_launch_ex(k, grid, block, shmem, stream, launch_run_packed, b,
                          launch_release_packed, attrs);
}

/* ---- the device runtime's launch API (CUDA guide 5.6.4.4) ----------------- */

/* An H100's buffers start 16 bytes past a 256-byte boundary, whatever
 * the alignment asked (16 is what a parameter may need), and it gives
 * them beyond the guide's 4 KiB. */
#define PARAM_BUFFER_SKEW 16

void *cudaGetParameterBuffer(size_t alignment, size_t size)
{
    (void)alignment;
    size_t n = (size + PARAM_BUFFER_SKEW + 255) / 256 * 256;
    if (n < size)
        return NULL;
    char *b = aligned_alloc(256, n);
    return b ? b + PARAM_BUFFER_SKEW : NULL;
}

cudaError_t cudaLaunchDevice(void *func, void *parameterBuffer, dim3 gridDimension,
                             dim3 blockDimension, unsigned int sharedMemSize, cudaStream_t stream)
{
    API_ENTER();
    simt_kernel *k = simt_find_kernel(func);
    /* An H100: the named streams are <<<>>>'s, not this call's. */
    int named = stream == cudaStreamTailLaunch || stream == cudaStreamFireAndForget;
    struct by_pointer *b = NULL;
    if (k && !named && (b = malloc(sizeof *b))) {
        static const char none[64];
        b->k = k;
        b->pack = k->pack_params(parameterBuffer ? parameterBuffer : none);
    }
    /* The launch consumes the buffer, even one that fails. */
    if (parameterBuffer)
        free((char *)parameterBuffer - PARAM_BUFFER_SKEW);
    if (named)
        return api_return(cudaErrorInvalidValue);
    if (!k) /* as cudaLaunchKernel with a host function */
        return api_return(cudaErrorInvalidDeviceFunction);
    if (!b)
        return api_return(cudaErrorMemoryAllocation);
    return simt_launch_ex(k, gridDimension, blockDimension, sharedMemSize, stream,
                          launch_run_packed, b, launch_release_packed, NULL);
}

cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args,
                             size_t sharedMem, cudaStream_t stream)
{
    return launch_pointer(func, grid, block, args, sharedMem, stream, NULL);
}

cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 grid, dim3 block, void **args,
                                        size_t sharedMem, cudaStream_t stream)
{
    simt_launch_attrs a = {{0, 0, 0}, 1, NULL, NULL};
    return launch_pointer(func, grid, block, args, sharedMem, stream, &a);
}

cudaError_t cudaLaunchCooperativeKernelMultiDevice(struct cudaLaunchParams *launchParamsList,
                                                   unsigned int numDevices, unsigned int flags)
{
    API_ENTER();
    if (!launchParamsList || numDevices != 1 || (flags & ~3u))
        return api_return(numDevices > 1 ? cudaErrorInvalidDevice : cudaErrorInvalidValue);
    struct cudaLaunchParams *p = launchParamsList;
    simt_launch_attrs a = {{0, 0, 0}, 1, NULL, NULL};
    return launch_pointer(p->func, p->gridDim, p->blockDim, p->args, p->sharedMem, p->stream, &a);
}

cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args)
{
    API_ENTER();
    if (!config || (config->numAttrs && !config->attrs))
        return api_return(cudaErrorInvalidValue);
    simt_launch_attrs a = {{0, 0, 0}, 0, NULL, NULL};
    for (unsigned i = 0; i < config->numAttrs; i++) {
        const cudaLaunchAttribute *at = &config->attrs[i];
        switch (at->id) {
        case cudaLaunchAttributeClusterDimension:
            a.cluster_dim[0] = at->val.clusterDim.x;
            a.cluster_dim[1] = at->val.clusterDim.y;
            a.cluster_dim[2] = at->val.clusterDim.z;
            break;
        case cudaLaunchAttributeCooperative:
            a.cooperative = at->val.cooperative != 0;
            break;
        default:
            break; /* scheduling hints: nothing to do on a CPU */
        }
    }
    return launch_pointer(func, config->gridDim, config->blockDim, args,
                          config->dynamicSmemBytes, config->stream, &a);
}
