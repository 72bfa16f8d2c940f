/*
 * device.c: the emulated device and device management.
 *
 * The device describes itself as a compute capability 9.0 GPU (or the -arch
 * simtcc was given) with one multiprocessor per worker: the per-block and
 * per-multiprocessor limits and the capability flags are an H100/H200's,
 * so occupancy arithmetic, launch validation and programs that choose a
 * code path from the properties behave as on one.  Only what describes the
 * machine itself (name, memory, clock, caches) is the CPU's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime/devrt.h"
#include "runtime/limits.h"
#include "runtime/memory.h"
#include "runtime/stream.h"
#include "trace/trace.h"

/* Each device's settings. */
static unsigned device_flags[DEVICE_MAX];
static enum cudaFuncCache cache_config[DEVICE_MAX];
static enum cudaSharedMemConfig shmem_config[DEVICE_MAX] = {
    [0 ... DEVICE_MAX - 1] = cudaSharedMemBankSizeFourByte};

static void report_leaks(void)
{
    mem_report_leaks(stderr);
}

/* SIMT_LEAKS=1 lists the device allocations a program never freed. */
__attribute__((constructor)) static void leaks_at_exit(void)
{
    const char *e = getenv("SIMT_LEAKS");
    if (e && e[0] == '1')
        atexit(report_leaks);
}

int device_sm_count(void)
{
    return engine_workers();
}

/* The CPU's clock in kHz, as cudaDeviceProp::clockRate reports a GPU's. */
static int clock_khz(void)
{
    static int khz;
    if (khz)
        return khz;
    khz = 1000000;
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f) {
        char line[256];
        double mhz;
        while (fgets(line, sizeof line, f))
            if (sscanf(line, "cpu MHz : %lf", &mhz) == 1) {
                khz = (int)(mhz * 1000);
                break;
            }
        fclose(f);
    }
    return khz;
}

static int l2_bytes(void)
{
    long v = sysconf(_SC_LEVEL2_CACHE_SIZE);
    return v > 0 ? (int)v : 1 << 20;
}

cudaError_t cudaInitDevice(int device, unsigned int deviceFlags, unsigned int flags)
{
    API_ENTER();
    if (!device_valid(device))
        return api_return(cudaErrorInvalidDevice);
    if (flags & ~(unsigned)cudaInitDeviceFlagsAreValid)
        return api_return(cudaErrorInvalidValue);
    if (flags & cudaInitDeviceFlagsAreValid)
        device_flags[device] = deviceFlags;
    engine_start();
    return cudaSuccess;
}

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *p, int device)
{
    API_ENTER();
    if (!p)
        return api_return(cudaErrorInvalidValue);
    if (!device_valid(device))
        return api_return(cudaErrorInvalidDevice);
    int arch = device_arch();
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "simt CPU device (%d workers)", device_sm_count());
    memcpy(p->uuid.bytes, "simt-cpu-device", 15);
    p->uuid.bytes[15] = (char)('0' + device);
    p->pciBusID = device_pci_bus(device);
    p->totalGlobalMem = mem_device_capacity();
    p->sharedMemPerBlock = 49152;
    p->regsPerBlock = 65536;
    p->warpSize = 32;
    p->memPitch = 2147483647;
    p->maxThreadsPerBlock = 1024;
    p->maxThreadsDim[0] = 1024;
    p->maxThreadsDim[1] = 1024;
    p->maxThreadsDim[2] = 64;
    p->maxGridSize[0] = 2147483647;
    p->maxGridSize[1] = 65535;
    p->maxGridSize[2] = 65535;
    p->totalConstMem = 65536;
    p->major = arch / 10;
    p->minor = arch % 10;
    p->textureAlignment = 512;
    p->texturePitchAlignment = 32;
    p->multiProcessorCount = device_sm_count();
    p->integrated = 0;
    p->canMapHostMemory = 1;
    p->maxTexture1D = 131072;
    p->maxTexture1DMipmap = 32768;
    p->maxTexture2D[0] = 131072;
    p->maxTexture2D[1] = 65536;
    p->maxTexture2DMipmap[0] = p->maxTexture2DMipmap[1] = 32768;
    p->maxTexture2DLinear[0] = 131072;
    p->maxTexture2DLinear[1] = 65000;
    p->maxTexture2DLinear[2] = 2097120;
    p->maxTexture2DGather[0] = p->maxTexture2DGather[1] = 32768;
    p->maxTexture3D[0] = p->maxTexture3D[1] = p->maxTexture3D[2] = 16384;
    p->maxTexture3DAlt[0] = p->maxTexture3DAlt[1] = 8192;
    p->maxTexture3DAlt[2] = 32768;
    p->maxTextureCubemap = 32768;
    p->maxTexture1DLayered[0] = 32768;
    p->maxTexture1DLayered[1] = 2048;
    p->maxTexture2DLayered[0] = p->maxTexture2DLayered[1] = 32768;
    p->maxTexture2DLayered[2] = 2048;
    p->maxTextureCubemapLayered[0] = 32768;
    p->maxTextureCubemapLayered[1] = 2046;
    p->maxSurface1D = 32768;
    p->maxSurface2D[0] = 131072;
    p->maxSurface2D[1] = 65536;
    p->maxSurface3D[0] = p->maxSurface3D[1] = p->maxSurface3D[2] = 16384;
    p->maxSurface1DLayered[0] = 32768;
    p->maxSurface1DLayered[1] = 2048;
    p->maxSurface2DLayered[0] = p->maxSurface2DLayered[1] = 32768;
    p->maxSurface2DLayered[2] = 2048;
    p->maxSurfaceCubemap = 32768;
    p->maxSurfaceCubemapLayered[0] = 32768;
    p->maxSurfaceCubemapLayered[1] = 2046;
    p->surfaceAlignment = 512;
    p->concurrentKernels = 1;
    p->asyncEngineCount = 3;
    p->unifiedAddressing = 1;
    p->memoryBusWidth = 64;
    p->l2CacheSize = l2_bytes();
    p->maxThreadsPerMultiProcessor = 2048;
    p->streamPrioritiesSupported = 1;
    p->globalL1CacheSupported = 1;
    p->localL1CacheSupported = 1;
    p->sharedMemPerMultiprocessor = 233472;
    p->regsPerMultiprocessor = 65536;
    p->managedMemory = 1;
    p->hostNativeAtomicSupported = 0;
    p->pageableMemoryAccess = 0;
    p->concurrentManagedAccess = 1;
    p->computePreemptionSupported = 1;
    p->canUseHostPointerForRegisteredMem = 1;
    p->cooperativeLaunch = 1;
    p->sharedMemPerBlockOptin = 232448;
    p->pageableMemoryAccessUsesHostPageTables = 0;
    p->directManagedMemAccessFromHost = 0;
    p->maxBlocksPerMultiProcessor = 32;
    p->reservedSharedMemPerBlock = 1024;
    p->hostRegisterSupported = 1;
    p->hostRegisterReadOnlySupported = 1;
    p->memoryPoolsSupported = 1;
    p->clusterLaunch = arch >= 90;
    p->unifiedFunctionPointers = 1;
    p->deviceNumaId = -1;
    p->clockRate = clock_khz();
    p->deviceOverlap = 1;
    p->memoryClockRate = clock_khz();
    p->singleToDoublePrecisionPerfRatio = 2;
    p->cooperativeMultiDeviceLaunch = 1;
    return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device)
{
    API_ENTER();
    if (!value)
        return api_return(cudaErrorInvalidValue);
    if (!device_valid(device))
        return api_return(cudaErrorInvalidDevice);
    struct cudaDeviceProp p;
    cudaGetDeviceProperties(&p, device);
    int v;
    switch (attr) {
    case cudaDevAttrMaxThreadsPerBlock: v = p.maxThreadsPerBlock; break;
    case cudaDevAttrMaxBlockDimX: v = p.maxThreadsDim[0]; break;
    case cudaDevAttrMaxBlockDimY: v = p.maxThreadsDim[1]; break;
    case cudaDevAttrMaxBlockDimZ: v = p.maxThreadsDim[2]; break;
    case cudaDevAttrMaxGridDimX: v = p.maxGridSize[0]; break;
    case cudaDevAttrMaxGridDimY: v = p.maxGridSize[1]; break;
    case cudaDevAttrMaxGridDimZ: v = p.maxGridSize[2]; break;
    case cudaDevAttrMaxSharedMemoryPerBlock: v = (int)p.sharedMemPerBlock; break;
    case cudaDevAttrTotalConstantMemory: v = (int)p.totalConstMem; break;
    case cudaDevAttrWarpSize: v = 32; break;
    case cudaDevAttrMaxPitch: v = (int)p.memPitch; break;
    case cudaDevAttrMaxRegistersPerBlock: v = p.regsPerBlock; break;
    case cudaDevAttrClockRate: v = p.clockRate; break;
    case cudaDevAttrTextureAlignment: v = (int)p.textureAlignment; break;
    case cudaDevAttrGpuOverlap: v = 1; break;
    case cudaDevAttrMultiProcessorCount: v = p.multiProcessorCount; break;
    case cudaDevAttrKernelExecTimeout: v = 0; break;
    case cudaDevAttrIntegrated: v = p.integrated; break;
    case cudaDevAttrCanMapHostMemory: v = 1; break;
    case cudaDevAttrComputeMode: v = cudaComputeModeDefault; break;
    case cudaDevAttrMaxTexture1DWidth: v = p.maxTexture1D; break;
    case cudaDevAttrMaxTexture2DWidth: v = p.maxTexture2D[0]; break;
    case cudaDevAttrMaxTexture2DHeight: v = p.maxTexture2D[1]; break;
    case cudaDevAttrMaxTexture3DWidth: v = p.maxTexture3D[0]; break;
    case cudaDevAttrMaxTexture3DHeight: v = p.maxTexture3D[1]; break;
    case cudaDevAttrMaxTexture3DDepth: v = p.maxTexture3D[2]; break;
    case cudaDevAttrMaxTexture2DLayeredWidth: v = p.maxTexture2DLayered[0]; break;
    case cudaDevAttrMaxTexture2DLayeredHeight: v = p.maxTexture2DLayered[1]; break;
    case cudaDevAttrMaxTexture2DLayeredLayers: v = p.maxTexture2DLayered[2]; break;
    case cudaDevAttrSurfaceAlignment: v = (int)p.surfaceAlignment; break;
    case cudaDevAttrConcurrentKernels: v = 1; break;
    case cudaDevAttrEccEnabled: v = 0; break;
    case cudaDevAttrPciBusId: v = p.pciBusID; break;
    case cudaDevAttrPciDeviceId: case cudaDevAttrPciDomainId: v = 0; break;
    case cudaDevAttrTccDriver: v = 0; break;
    case cudaDevAttrMemoryClockRate: v = p.memoryClockRate; break;
    case cudaDevAttrGlobalMemoryBusWidth: v = p.memoryBusWidth; break;
    case cudaDevAttrL2CacheSize: v = p.l2CacheSize; break;
    case cudaDevAttrMaxThreadsPerMultiProcessor: v = p.maxThreadsPerMultiProcessor; break;
    case cudaDevAttrAsyncEngineCount: v = p.asyncEngineCount; break;
    case cudaDevAttrUnifiedAddressing: v = 1; break;
    case cudaDevAttrMaxTexture1DLayeredWidth: v = p.maxTexture1DLayered[0]; break;
    case cudaDevAttrMaxTexture1DLayeredLayers: v = p.maxTexture1DLayered[1]; break;
    case cudaDevAttrMaxTexture2DGatherWidth: v = p.maxTexture2DGather[0]; break;
    case cudaDevAttrMaxTexture2DGatherHeight: v = p.maxTexture2DGather[1]; break;
    case cudaDevAttrMaxTexture3DWidthAlt: v = p.maxTexture3DAlt[0]; break;
    case cudaDevAttrMaxTexture3DHeightAlt: v = p.maxTexture3DAlt[1]; break;
    case cudaDevAttrMaxTexture3DDepthAlt: v = p.maxTexture3DAlt[2]; break;
    case cudaDevAttrTexturePitchAlignment: v = (int)p.texturePitchAlignment; break;
    case cudaDevAttrMaxTextureCubemapWidth: v = p.maxTextureCubemap; break;
    case cudaDevAttrMaxTextureCubemapLayeredWidth: v = p.maxTextureCubemapLayered[0]; break;
    case cudaDevAttrMaxTextureCubemapLayeredLayers: v = p.maxTextureCubemapLayered[1]; break;
    case cudaDevAttrMaxSurface1DWidth: v = p.maxSurface1D; break;
    case cudaDevAttrMaxSurface2DWidth: v = p.maxSurface2D[0]; break;
    case cudaDevAttrMaxSurface2DHeight: v = p.maxSurface2D[1]; break;
    case cudaDevAttrMaxSurface3DWidth: v = p.maxSurface3D[0]; break;
    case cudaDevAttrMaxSurface3DHeight: v = p.maxSurface3D[1]; break;
    case cudaDevAttrMaxSurface3DDepth: v = p.maxSurface3D[2]; break;
    case cudaDevAttrMaxSurface1DLayeredWidth: v = p.maxSurface1DLayered[0]; break;
    case cudaDevAttrMaxSurface1DLayeredLayers: v = p.maxSurface1DLayered[1]; break;
    case cudaDevAttrMaxSurface2DLayeredWidth: v = p.maxSurface2DLayered[0]; break;
    case cudaDevAttrMaxSurface2DLayeredHeight: v = p.maxSurface2DLayered[1]; break;
    case cudaDevAttrMaxSurface2DLayeredLayers: v = p.maxSurface2DLayered[2]; break;
    case cudaDevAttrMaxSurfaceCubemapWidth: v = p.maxSurfaceCubemap; break;
    case cudaDevAttrMaxSurfaceCubemapLayeredWidth: v = p.maxSurfaceCubemapLayered[0]; break;
    case cudaDevAttrMaxSurfaceCubemapLayeredLayers: v = p.maxSurfaceCubemapLayered[1]; break;
    case cudaDevAttrMaxTexture1DLinearWidth: v = 268435456; break;
    case cudaDevAttrMaxTexture2DLinearWidth: v = p.maxTexture2DLinear[0]; break;
    case cudaDevAttrMaxTexture2DLinearHeight: v = p.maxTexture2DLinear[1]; break;
    case cudaDevAttrMaxTexture2DLinearPitch: v = p.maxTexture2DLinear[2]; break;
    case cudaDevAttrMaxTexture2DMipmappedWidth: v = p.maxTexture2DMipmap[0]; break;
    case cudaDevAttrMaxTexture2DMipmappedHeight: v = p.maxTexture2DMipmap[1]; break;
    case cudaDevAttrComputeCapabilityMajor: v = p.major; break;
    case cudaDevAttrComputeCapabilityMinor: v = p.minor; break;
    case cudaDevAttrMaxTexture1DMipmappedWidth: v = p.maxTexture1DMipmap; break;
    case cudaDevAttrStreamPrioritiesSupported: v = 1; break;
    case cudaDevAttrGlobalL1CacheSupported: v = 1; break;
    case cudaDevAttrLocalL1CacheSupported: v = 1; break;
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor: v = (int)p.sharedMemPerMultiprocessor; break;
    case cudaDevAttrMaxRegistersPerMultiprocessor: v = p.regsPerMultiprocessor; break;
    case cudaDevAttrManagedMemory: v = 1; break;
    case cudaDevAttrIsMultiGpuBoard: v = 0; break;
    case cudaDevAttrMultiGpuBoardGroupID: v = 0; break;
    case cudaDevAttrHostNativeAtomicSupported: v = 0; break;
    case cudaDevAttrSingleToDoublePrecisionPerfRatio: v = 2; break;
    case cudaDevAttrPageableMemoryAccess: v = 0; break;
    case cudaDevAttrConcurrentManagedAccess: v = 1; break;
    case cudaDevAttrComputePreemptionSupported: v = 1; break;
    case cudaDevAttrCanUseHostPointerForRegisteredMem: v = 1; break;
    case cudaDevAttrCooperativeLaunch: v = 1; break;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin: v = (int)p.sharedMemPerBlockOptin; break;
    case cudaDevAttrCanFlushRemoteWrites: v = 0; break;
    case cudaDevAttrHostRegisterSupported: v = 1; break;
    case cudaDevAttrPageableMemoryAccessUsesHostPageTables: v = 0; break;
    case cudaDevAttrDirectManagedMemAccessFromHost: v = 0; break;
    case cudaDevAttrMaxBlocksPerMultiprocessor: v = 32; break;
    case cudaDevAttrMaxPersistingL2CacheSize: v = 0; break;
    case cudaDevAttrMaxAccessPolicyWindowSize: v = 0; break;
    case cudaDevAttrReservedSharedMemoryPerBlock: v = 1024; break;
    case cudaDevAttrSparseCudaArraySupported: v = 0; break;
    case cudaDevAttrHostRegisterReadOnlySupported: v = 1; break;
    case cudaDevAttrTimelineSemaphoreInteropSupported: v = 0; break;
    case cudaDevAttrMemoryPoolsSupported: v = 1; break;
    case cudaDevAttrGPUDirectRDMASupported: v = 0; break;
    case cudaDevAttrGPUDirectRDMAFlushWritesOptions: v = 0; break;
    case cudaDevAttrGPUDirectRDMAWritesOrdering: v = 0; break;
    case cudaDevAttrMemoryPoolSupportedHandleTypes: v = 0; break;
    case cudaDevAttrClusterLaunch: v = p.clusterLaunch; break;
    case cudaDevAttrDeferredMappingCudaArraySupported: v = 0; break;
    case cudaDevAttrIpcEventSupport: v = 0; break;
    case cudaDevAttrMemSyncDomainCount: v = 1; break;
    case cudaDevAttrNumaConfig: v = 0; break;
    case cudaDevAttrNumaId: v = -1; break;
    case cudaDevAttrMpsEnabled: v = 0; break;
    case cudaDevAttrHostNumaId: v = 0; break;
    default:
        if ((int)attr >= 92 && (int)attr <= 147) {
            v = 0; /* reserved and platform-interop attributes */
            break;
        }
        return api_return(cudaErrorInvalidValue);
    }
    *value = v;
    return cudaSuccess;
}

cudaError_t cudaDeviceSynchronize(void)
{
    API_ENTER();
    /* During a stream capture it fails and invalidates every capture. */
    cudaError_t e = capture_check_device_sync();
    if (e)
        return api_return(e);
    timeline_wait_device(device_current());
    printf_flush();
    return api_sticky();
}

cudaError_t cudaThreadSynchronize(void)
{
    return cudaDeviceSynchronize();
}

cudaError_t cudaDeviceReset(void)
{
    /* Destroying the context: everything queued finishes, device printf
     * output is flushed, allocations and streams go, errors clear.  With
     * several devices, the current device's: the others' memory and
     * streams stay, and what all devices share (the device heap, the
     * memory pools' blocks) with them. */
    int d = device_current();
    if (device_count() == 1) {
        timeline_wait_all();
        printf_flush();
        stream_reset_all();
        mem_reset(-1);
        devheap_reset();
        limits_reset(-1);
    } else {
        stream_reset_device(d);
        printf_flush();
        mem_reset(d);
        device_peer_reset(d);
        limits_reset(d);
    }
    device_flags[d] = 0;
    cache_config[d] = cudaFuncCachePreferNone;
    api_clear_context();
    return cudaSuccess;
}

cudaError_t cudaThreadExit(void)
{
    return cudaDeviceReset();
}

cudaError_t cudaSetDeviceFlags(unsigned int flags)
{
    API_ENTER();
    if (flags & ~(unsigned)cudaDeviceMask)
        return api_return(cudaErrorInvalidValue);
    if ((flags & cudaDeviceScheduleMask) == 3 || (flags & cudaDeviceScheduleMask) > 4)
        return api_return(cudaErrorInvalidValue);
    device_flags[device_current()] = flags;
    return cudaSuccess;
}

cudaError_t cudaGetDeviceFlags(unsigned int *flags)
{
    API_ENTER();
    if (!flags)
        return api_return(cudaErrorInvalidValue);
    *flags = device_flags[device_current()] | cudaDeviceMapHost;
    return cudaSuccess;
}

cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache c)
{
    API_ENTER();
    if ((int)c < 0 || (int)c > 3)
        return api_return(cudaErrorInvalidValue);
    cache_config[device_current()] = c;
    return cudaSuccess;
}

cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *c)
{
    API_ENTER();
    if (!c)
        return api_return(cudaErrorInvalidValue);
    *c = cache_config[device_current()];
    return cudaSuccess;
}

cudaError_t cudaThreadSetCacheConfig(enum cudaFuncCache c)
{
    return cudaDeviceSetCacheConfig(c);
}

cudaError_t cudaThreadGetCacheConfig(enum cudaFuncCache *c)
{
    return cudaDeviceGetCacheConfig(c);
}

cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig c)
{
    API_ENTER();
    if ((int)c < 0 || (int)c > 2)
        return api_return(cudaErrorInvalidValue);
    shmem_config[device_current()] = c;
    return cudaSuccess;
}

cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *c)
{
    API_ENTER();
    if (!c)
        return api_return(cudaErrorInvalidValue);
    *c = shmem_config[device_current()];
    return cudaSuccess;
}

cudaError_t cudaDriverGetVersion(int *driverVersion)
{
    if (!driverVersion)
        return api_return(cudaErrorInvalidValue);
    *driverVersion = CUDART_VERSION;
    return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int *runtimeVersion)
{
    if (!runtimeVersion)
        return api_return(cudaErrorInvalidValue);
    *runtimeVersion = CUDART_VERSION;
    return cudaSuccess;
}

cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total)
{
    API_ENTER();
    if (!free_bytes || !total)
        return api_return(cudaErrorInvalidValue);
    *total = mem_device_capacity();
    size_t used = mem_device_bytes_in_use();
    *free_bytes = used < *total ? *total - used : 0;
    return cudaSuccess;
}

cudaError_t cudaProfilerStart(void)
{
    trace_profiler(1);
    return cudaSuccess;
}

cudaError_t cudaProfilerStop(void)
{
    trace_profiler(0);
    return cudaSuccess;
}
