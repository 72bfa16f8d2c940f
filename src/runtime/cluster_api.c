/*
 * cluster_api.c: occupancy of thread block clusters.
 *
 * simt runs a cluster's blocks together on one worker, so any cluster
 * shape the launch rules allow can run; the answers follow the emulated
 * device's multiprocessor model: a cluster needs clusterSize blocks'
 * worth of resources, and the whole device holds
 * floor(multiprocessors x blocks per multiprocessor / clusterSize).
 */
#include "engine/kstate.h"
#include "runtime/func.h"
#include "runtime/runtime.h"

static unsigned cluster_size(const simt_kernel *k, const cudaLaunchConfig_t *cfg)
{
    for (unsigned i = 0; i < cfg->numAttrs; i++)
        if (cfg->attrs[i].id == cudaLaunchAttributeClusterDimension)
            return cfg->attrs[i].val.clusterDim.x * cfg->attrs[i].val.clusterDim.y *
                   cfg->attrs[i].val.clusterDim.z;
    if (k && (k->cluster_dims[0] | k->cluster_dims[1] | k->cluster_dims[2]))
        return (k->cluster_dims[0] ? k->cluster_dims[0] : 1) *
               (k->cluster_dims[1] ? k->cluster_dims[1] : 1) *
               (k->cluster_dims[2] ? k->cluster_dims[2] : 1);
    return 0;
}

/* What both calls check first: func names a kernel (*k), then args_ok,
 * the call's other arguments. */
static cudaError_t kernel_of(const void *func, int args_ok, simt_kernel **k)
{
    *k = simt_find_kernel(func);
    if (!*k)
        return cudaErrorInvalidDeviceFunction;
    return args_ok ? cudaSuccess : cudaErrorInvalidValue;
}

cudaError_t cudaOccupancyMaxActiveClusters(int *numClusters, const void *func,
                                           const cudaLaunchConfig_t *cfg)
{
    API_ENTER();
    simt_kernel *k;
    cudaError_t e = kernel_of(func, numClusters && cfg && (!cfg->numAttrs || cfg->attrs), &k);
    if (e)
        return api_return(e);
    unsigned size = cluster_size(k, cfg);
    if (size == 0)
        return api_return(cudaErrorInvalidClusterSize);
    struct simt_kernel_state *ks = kstate_of(k);
    if (size > (ks && func_attrs(ks)->nonportable_cluster ? 16u : 8u))
        return api_return(cudaErrorInvalidClusterSize);
    int per_sm = 0;
    e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &per_sm, func, (int)(cfg->blockDim.x * cfg->blockDim.y * cfg->blockDim.z),
        cfg->dynamicSmemBytes);
    if (e)
        return e;
    *numClusters = (int)((unsigned)(per_sm * device_sm_count()) / size);
    return cudaSuccess;
}

cudaError_t cudaOccupancyMaxPotentialClusterSize(int *clusterSize, const void *func,
                                                 const cudaLaunchConfig_t *cfg)
{
    API_ENTER();
    simt_kernel *k;
    cudaError_t e = kernel_of(func, clusterSize && cfg, &k);
    if (e)
        return api_return(e);
    struct simt_kernel_state *ks = kstate_of(k);
    *clusterSize = ks && func_attrs(ks)->nonportable_cluster ? 16 : 8;
    return cudaSuccess;
}
