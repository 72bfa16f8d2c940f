/*
 * func.c: the function API: a kernel's attributes (cudaFuncGetAttributes,
 * cudaFuncSetAttribute, ...) and occupancy (cudaOccupancy*), and the
 * limits they set on a launch (func.h), as sm_90 has them.
 *
 * A kernel's state (kstate.h) holds what the program set; reading it takes
 * the state's lock only for what the kernels' first runs still lay out
 * (static shared memory).
 */
#include <pthread.h>
#include <string.h>

#include "engine/kstate.h"
#include "runtime/func.h"
#include "runtime/runtime.h"

/* The emulated device's shared-memory limits (sm_90); SHMEM_OPTIN: func.h. */
#define SHMEM_DEFAULT 49152
#define SHMEM_PER_SM 233472
#define SHMEM_RESERVED 1024
#define THREADS_PER_SM 2048
#define BLOCKS_PER_SM 32

_Static_assert(KSTATE_DEVICES == DEVICE_MAX, "a kernel's attributes are per device");

struct kernel_attrs *func_attrs(struct simt_kernel_state *ks)
{
    return &ks->attrs[device_current()];
}


size_t func_static_shared(struct simt_kernel_state *ks)
{
    /* Written under ks->lock as blocks lay variables out (shared.c);
     * read without it on every launch. */
    return __atomic_load_n(&ks->static_bytes, __ATOMIC_ACQUIRE);
}

/* The dynamic shared memory a launch may ask for. */
size_t func_dyn_allowed(struct simt_kernel_state *ks)
{
    size_t st = func_static_shared(ks);
    const struct kernel_attrs *a = func_attrs(ks);
    if (a->max_dyn_shmem >= 0)
        return (size_t)a->max_dyn_shmem;
    return st >= SHMEM_DEFAULT ? 0 : SHMEM_DEFAULT - st;
}

int func_max_threads(const simt_kernel *k)
{
    return k && k->max_threads > 0 && k->max_threads < 1024 ? k->max_threads : 1024;
}

/* ---- function attributes --------------------------------------------------- */

/* What the calls that name a kernel by its function check first: func
 * names a kernel (*ks its state, (*ks)->kernel its descriptor), then
 * args_ok, the call's other arguments. */
static cudaError_t kernel_of(const void *func, int args_ok, struct simt_kernel_state **ks)
{
    simt_kernel *k = simt_find_kernel(func);
    if (!k)
        return cudaErrorInvalidResourceHandle;
    *ks = kstate_of(k);
    if (!*ks)
        return cudaErrorMemoryAllocation;
    return args_ok ? cudaSuccess : cudaErrorInvalidValue;
}

cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func)
{
    API_ENTER();
    struct simt_kernel_state *ks;
    cudaError_t e = kernel_of(func, attr != NULL, &ks);
    if (e)
        return api_return(e);
    const simt_kernel *k = ks->kernel;
    memset(attr, 0, sizeof *attr);
    attr->sharedSizeBytes = func_static_shared(ks);
    attr->maxThreadsPerBlock = func_max_threads(k);
    attr->ptxVersion = device_arch();
    attr->binaryVersion = device_arch();
    attr->maxDynamicSharedSizeBytes = (int)func_dyn_allowed(ks);
    attr->preferredShmemCarveout = func_attrs(ks)->carveout;
    attr->requiredClusterWidth = (int)k->cluster_dims[0];
    attr->requiredClusterHeight = (int)k->cluster_dims[1];
    attr->requiredClusterDepth = (int)k->cluster_dims[2];
    attr->clusterSchedulingPolicyPreference = func_attrs(ks)->cluster_policy;
    attr->nonPortableClusterSizeAllowed = func_attrs(ks)->nonportable_cluster;
    return cudaSuccess;
}

cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value)
{
    API_ENTER();
    struct simt_kernel_state *ks;
    cudaError_t e = kernel_of(func, 1, &ks);
    if (e)
        return api_return(e);
    switch (attr) {
    case cudaFuncAttributeMaxDynamicSharedMemorySize:
        if (value < 0 || (size_t)value + func_static_shared(ks) > SHMEM_OPTIN)
            return api_return(cudaErrorInvalidValue);
        func_attrs(ks)->max_dyn_shmem = value;
        return cudaSuccess;
    case cudaFuncAttributePreferredSharedMemoryCarveout:
        if (value < -1 || value > 100)
            return api_return(cudaErrorInvalidValue);
        func_attrs(ks)->carveout = value;
        return cudaSuccess;
    case cudaFuncAttributeNonPortableClusterSizeAllowed:
        if (value != 0 && value != 1)
            return api_return(cudaErrorInvalidValue);
        func_attrs(ks)->nonportable_cluster = value;
        return cudaSuccess;
    case cudaFuncAttributeClusterSchedulingPolicyPreference:
        if (value < 0 || value > 2)
            return api_return(cudaErrorInvalidValue);
        func_attrs(ks)->cluster_policy = value;
        return cudaSuccess;
    case cudaFuncAttributeRequiredClusterWidth:
    case cudaFuncAttributeRequiredClusterHeight:
    case cudaFuncAttributeRequiredClusterDepth:
    case cudaFuncAttributeClusterDimMustBeSet:
        /* Compile-time properties (__cluster_dims__): read-only. */
        return api_return(cudaErrorNotSupported);
    default:
        return api_return(cudaErrorInvalidValue);
    }
}

cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache cacheConfig)
{
    API_ENTER();
    struct simt_kernel_state *ks;
    cudaError_t e = kernel_of(func, (int)cacheConfig >= 0 && (int)cacheConfig <= 3, &ks);
    if (e)
        return api_return(e);
    func_attrs(ks)->cache_config = (int)cacheConfig;
    return cudaSuccess;
}

cudaError_t cudaFuncSetSharedMemConfig(const void *func, enum cudaSharedMemConfig config)
{
    API_ENTER();
    struct simt_kernel_state *ks;
    return api_return(kernel_of(func, (int)config >= 0 && (int)config <= 2, &ks));
}

cudaError_t cudaFuncGetName(const char **name, const void *func)
{
    API_ENTER();
    simt_kernel *k = simt_find_kernel(func);
    if (!name)
        return api_return(cudaErrorInvalidValue);
    if (!k)
        return api_return(cudaErrorInvalidDeviceFunction);
    *name = k->name;
    return cudaSuccess;
}

/* ---- occupancy ------------------------------------------------------------- */

/* The shared memory a multiprocessor sets aside for blocks of this
 * kernel: all of it by default, else the carveout the kernel prefers,
 * rounded up to a size sm_90 supports (KiB). */
static size_t shared_per_sm(const struct simt_kernel_state *ks)
{
    static const unsigned sizes_kib[] = {0, 8, 16, 32, 64, 100, 132, 164, 196, 228};
    const struct kernel_attrs *a = &ks->attrs[device_current()];
    if (a->carveout < 0)
        return SHMEM_PER_SM;
    size_t want = (size_t)a->carveout * SHMEM_PER_SM / 100;
    for (unsigned i = 0; i < sizeof sizes_kib / sizeof sizes_kib[0]; i++)
        if ((size_t)sizes_kib[i] * 1024 >= want)
            return (size_t)sizes_kib[i] * 1024;
    return SHMEM_PER_SM;
}

/* Blocks of blockSize threads one multiprocessor holds: limited by warps,
 * blocks and shared memory, as the occupancy calculator computes them.
 * __launch_bounds__ shapes register allocation, not this count: an H200
 * reports occupancy for block sizes above a kernel's bound too. */
int func_blocks_per_sm(struct simt_kernel_state *ks, int blockSize, size_t dyn)
{
    if (blockSize > 1024 || dyn > func_dyn_allowed(ks))
        return 0;
    int warps = (blockSize + 31) / 32;
    int n = (THREADS_PER_SM / 32) / warps;
    if (n > BLOCKS_PER_SM)
        n = BLOCKS_PER_SM;
    size_t smem = func_static_shared(ks) + dyn + SHMEM_RESERVED;
    int by_smem = (int)(shared_per_sm(ks) / smem);
    return by_smem < n ? by_smem : n;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks,
                                                                   const void *func, int blockSize,
                                                                   size_t dynamicSMemSize,
                                                                   unsigned int flags)
{
    API_ENTER();
    struct simt_kernel_state *ks;
    cudaError_t e = kernel_of(
        func, numBlocks && blockSize > 0 && !(flags & ~(unsigned)cudaOccupancyDisableCachingOverride),
        &ks);
    if (e)
        return api_return(e);
    *numBlocks = func_blocks_per_sm(ks, blockSize, dynamicSMemSize);
    return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func,
                                                          int blockSize, size_t dynamicSMemSize)
{
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, func, blockSize,
                                                                  dynamicSMemSize, 0);
}

cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, const void *func,
                                                      int numBlocks, int blockSize)
{
    API_ENTER();
    struct simt_kernel_state *ks;
    cudaError_t e = kernel_of(func, dynamicSmemSize && numBlocks > 0 && blockSize > 0, &ks);
    if (e)
        return api_return(e);
    if (func_blocks_per_sm(ks, blockSize, 0) < numBlocks) {
        *dynamicSmemSize = 0;
        return cudaSuccess;
    }
    size_t per = SHMEM_PER_SM / (size_t)numBlocks;
    size_t used = func_static_shared(ks) + SHMEM_RESERVED;
    size_t avail = per > used ? per - used : 0;
    size_t cap = func_dyn_allowed(ks);
    *dynamicSmemSize = avail < cap ? avail : cap;
    return cudaSuccess;
}

cudaError_t simt__occupancy_potential(int *minGridSize, int *blockSize, const void *func,
                                      size_t (*smem_of)(const void *ctx, int block),
                                      const void *ctx, int blockSizeLimit, unsigned int flags)
{
    API_ENTER();
    struct simt_kernel_state *ks;
    cudaError_t e = kernel_of(func, minGridSize && blockSize && blockSizeLimit >= 0, &ks);
    if (e)
        return api_return(e);
    (void)flags;
    int limit = func_max_threads(ks->kernel);
    if (blockSizeLimit > 0 && blockSizeLimit < limit)
        limit = blockSizeLimit;
    int best_block = 0, best_blocks = 0, best_threads = 0;
    for (int bs = (limit + 31) / 32 * 32; bs > 0; bs -= 32) {
        int b = bs > limit ? limit : bs;
        int n = func_blocks_per_sm(ks, b, smem_of(ctx, b));
        if (n * b > best_threads) {
            best_threads = n * b;
            best_block = b;
            best_blocks = n;
        }
    }
    *blockSize = best_block;
    *minGridSize = best_blocks * device_sm_count();
    return cudaSuccess;
}
