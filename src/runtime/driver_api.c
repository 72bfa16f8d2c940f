/*
 * driver_api.c: the driver API of cuda.h, over the runtime API.
 *
 * simt has one device and one context, the runtime's primary context, so
 * every CUcontext is that one and a context is always current once the
 * driver is initialized (by cuInit, or by the runtime: its first call
 * initializes the driver, as libcudart does).  Driver calls return CUresult
 * and leave the runtime's last error as it was.
 */
#include <stdatomic.h>
#include <string.h>

#include "cuda.h"
#include "runtime/runtime.h"

static atomic_int initialized;

/* Each device's primary context: a handle no other object has.  The
 * current context is the runtime's current device's. */
static char primary_ctx[DEVICE_MAX];
#define PRIMARY_OF(d) ((CUcontext)(void *)&primary_ctx[d])
#define PRIMARY PRIMARY_OF(device_current())

static CUresult to_cu(cudaError_t e)
{
    switch ((int)e) {
    case cudaErrorInvalidConfiguration:
    case cudaErrorInvalidPitchValue:
    case cudaErrorInvalidDevicePointer:
    case cudaErrorInvalidHostPointer:
    case cudaErrorInvalidMemcpyDirection:
        return CUDA_ERROR_INVALID_VALUE;
    default:
        return (CUresult)e;
    }
}

/* Runs a runtime call for the driver: its failure does not become the
 * runtime's last error. */
static CUresult via_runtime(cudaError_t e, cudaError_t before)
{
    if (e != cudaSuccess && before == cudaSuccess)
        (void)cudaGetLastError();
    return to_cu(e);
}
#define RT(call)                                           \
    do {                                                   \
        cudaError_t before_ = cudaPeekAtLastError();       \
        return via_runtime((call), before_);               \
    } while (0)

static int ready(void)
{
    if (atomic_load_explicit(&initialized, memory_order_acquire))
        return 1;
    if (api_runtime_started()) {
        atomic_store_explicit(&initialized, 1, memory_order_release);
        return 1;
    }
    return 0;
}
#define DRIVER_ENTER()                      \
    do {                                    \
        if (!ready())                       \
            return CUDA_ERROR_NOT_INITIALIZED; \
    } while (0)

/* A driver call that is one runtime call: the runtime's error as a
 * CUresult (RT). */
#define FORWARD(decl, call) \
    CUresult decl           \
    {                       \
        DRIVER_ENTER();     \
        RT(call);           \
    }

static int bad_device(CUdevice dev)
{
    return !device_valid(dev);
}

/* What the calls on a device check first: the driver initialized, their
 * pointers (args_ok), then the device. */
static CUresult device_enter(int args_ok, CUdevice dev)
{
    if (!ready())
        return CUDA_ERROR_NOT_INITIALIZED;
    if (!args_ok)
        return CUDA_ERROR_INVALID_VALUE;
    return bad_device(dev) ? CUDA_ERROR_INVALID_DEVICE : CUDA_SUCCESS;
}

CUresult cuInit(unsigned int Flags)
{
    if (Flags != 0)
        return CUDA_ERROR_INVALID_VALUE;
    atomic_store_explicit(&initialized, 1, memory_order_release);
    return CUDA_SUCCESS;
}

CUresult cuDriverGetVersion(int *driverVersion)
{
    if (!driverVersion)
        return CUDA_ERROR_INVALID_VALUE;
    *driverVersion = CUDA_VERSION;
    return CUDA_SUCCESS;
}

static const struct {
    int code;
    const char *name;
} names[] = {
    {0, "CUDA_SUCCESS"},
    {1, "CUDA_ERROR_INVALID_VALUE"},
    {2, "CUDA_ERROR_OUT_OF_MEMORY"},
    {3, "CUDA_ERROR_NOT_INITIALIZED"},
    {4, "CUDA_ERROR_DEINITIALIZED"},
    {5, "CUDA_ERROR_PROFILER_DISABLED"},
    {6, "CUDA_ERROR_PROFILER_NOT_INITIALIZED"},
    {7, "CUDA_ERROR_PROFILER_ALREADY_STARTED"},
    {8, "CUDA_ERROR_PROFILER_ALREADY_STOPPED"},
    {34, "CUDA_ERROR_STUB_LIBRARY"},
    {46, "CUDA_ERROR_DEVICE_UNAVAILABLE"},
    {100, "CUDA_ERROR_NO_DEVICE"},
    {101, "CUDA_ERROR_INVALID_DEVICE"},
    {102, "CUDA_ERROR_DEVICE_NOT_LICENSED"},
    {200, "CUDA_ERROR_INVALID_IMAGE"},
    {201, "CUDA_ERROR_INVALID_CONTEXT"},
    {202, "CUDA_ERROR_CONTEXT_ALREADY_CURRENT"},
    {205, "CUDA_ERROR_MAP_FAILED"},
    {206, "CUDA_ERROR_UNMAP_FAILED"},
    {207, "CUDA_ERROR_ARRAY_IS_MAPPED"},
    {208, "CUDA_ERROR_ALREADY_MAPPED"},
    {209, "CUDA_ERROR_NO_BINARY_FOR_GPU"},
    {210, "CUDA_ERROR_ALREADY_ACQUIRED"},
    {211, "CUDA_ERROR_NOT_MAPPED"},
    {212, "CUDA_ERROR_NOT_MAPPED_AS_ARRAY"},
    {213, "CUDA_ERROR_NOT_MAPPED_AS_POINTER"},
    {214, "CUDA_ERROR_ECC_UNCORRECTABLE"},
    {215, "CUDA_ERROR_UNSUPPORTED_LIMIT"},
    {216, "CUDA_ERROR_CONTEXT_ALREADY_IN_USE"},
    {217, "CUDA_ERROR_PEER_ACCESS_UNSUPPORTED"},
    {218, "CUDA_ERROR_INVALID_PTX"},
    {219, "CUDA_ERROR_INVALID_GRAPHICS_CONTEXT"},
    {220, "CUDA_ERROR_NVLINK_UNCORRECTABLE"},
    {221, "CUDA_ERROR_JIT_COMPILER_NOT_FOUND"},
    {222, "CUDA_ERROR_UNSUPPORTED_PTX_VERSION"},
    {223, "CUDA_ERROR_JIT_COMPILATION_DISABLED"},
    {224, "CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY"},
    {225, "CUDA_ERROR_UNSUPPORTED_DEVSIDE_SYNC"},
    {300, "CUDA_ERROR_INVALID_SOURCE"},
    {301, "CUDA_ERROR_FILE_NOT_FOUND"},
    {302, "CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND"},
    {303, "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED"},
    {304, "CUDA_ERROR_OPERATING_SYSTEM"},
    {400, "CUDA_ERROR_INVALID_HANDLE"},
    {401, "CUDA_ERROR_ILLEGAL_STATE"},
    {402, "CUDA_ERROR_LOSSY_QUERY"},
    {500, "CUDA_ERROR_NOT_FOUND"},
    {600, "CUDA_ERROR_NOT_READY"},
    {700, "CUDA_ERROR_ILLEGAL_ADDRESS"},
    {701, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES"},
    {702, "CUDA_ERROR_LAUNCH_TIMEOUT"},
    {703, "CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING"},
    {704, "CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED"},
    {705, "CUDA_ERROR_PEER_ACCESS_NOT_ENABLED"},
    {708, "CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE"},
    {709, "CUDA_ERROR_CONTEXT_IS_DESTROYED"},
    {710, "CUDA_ERROR_ASSERT"},
    {711, "CUDA_ERROR_TOO_MANY_PEERS"},
    {712, "CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED"},
    {713, "CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED"},
    {714, "CUDA_ERROR_HARDWARE_STACK_ERROR"},
    {715, "CUDA_ERROR_ILLEGAL_INSTRUCTION"},
    {716, "CUDA_ERROR_MISALIGNED_ADDRESS"},
    {717, "CUDA_ERROR_INVALID_ADDRESS_SPACE"},
    {718, "CUDA_ERROR_INVALID_PC"},
    {719, "CUDA_ERROR_LAUNCH_FAILED"},
    {720, "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE"},
    {800, "CUDA_ERROR_NOT_PERMITTED"},
    {801, "CUDA_ERROR_NOT_SUPPORTED"},
    {802, "CUDA_ERROR_SYSTEM_NOT_READY"},
    {803, "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH"},
    {804, "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE"},
    {900, "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED"},
    {901, "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED"},
    {902, "CUDA_ERROR_STREAM_CAPTURE_MERGE"},
    {903, "CUDA_ERROR_STREAM_CAPTURE_UNMATCHED"},
    {904, "CUDA_ERROR_STREAM_CAPTURE_UNJOINED"},
    {905, "CUDA_ERROR_STREAM_CAPTURE_ISOLATION"},
    {906, "CUDA_ERROR_STREAM_CAPTURE_IMPLICIT"},
    {907, "CUDA_ERROR_CAPTURED_EVENT"},
    {908, "CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD"},
    {909, "CUDA_ERROR_TIMEOUT"},
    {910, "CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE"},
    {911, "CUDA_ERROR_EXTERNAL_DEVICE"},
    {912, "CUDA_ERROR_INVALID_CLUSTER_SIZE"},
    {999, "CUDA_ERROR_UNKNOWN"},
};

static const char *name_of(CUresult e)
{
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].code == (int)e)
            return names[i].name;
    return NULL;
}

CUresult cuGetErrorName(CUresult error, const char **pStr)
{
    if (!pStr)
        return CUDA_ERROR_INVALID_VALUE;
    *pStr = name_of(error);
    return *pStr ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

/* The driver's descriptions are the runtime's for the same codes; the
 * codes only the driver has get their own. */
CUresult cuGetErrorString(CUresult error, const char **pStr)
{
    if (!pStr)
        return CUDA_ERROR_INVALID_VALUE;
    if (!name_of(error)) {
        *pStr = NULL;
        return CUDA_ERROR_INVALID_VALUE;
    }
    switch (error) {
    case CUDA_ERROR_NOT_INITIALIZED: *pStr = "initialization error"; break;
    case CUDA_ERROR_DEINITIALIZED: *pStr = "driver shutting down"; break;
    case CUDA_ERROR_INVALID_CONTEXT: *pStr = "invalid device context"; break;
    case CUDA_ERROR_INVALID_IMAGE: *pStr = "device kernel image is invalid"; break;
    case CUDA_ERROR_INVALID_HANDLE: *pStr = "invalid resource handle"; break;
    default: *pStr = cudaGetErrorString((cudaError_t)error); break;
    }
    return CUDA_SUCCESS;
}

CUresult cuDeviceGet(CUdevice *device, int ordinal)
{
    CUresult r = device_enter(device != NULL, ordinal);
    if (r == CUDA_SUCCESS)
        *device = ordinal;
    return r;
}

/* The calls that answer one number, v, at out. */
static CUresult answer(int *out, int v)
{
    DRIVER_ENTER();
    if (!out)
        return CUDA_ERROR_INVALID_VALUE;
    *out = v;
    return CUDA_SUCCESS;
}

CUresult cuDeviceGetCount(int *count)
{
    return answer(count, device_count());
}

CUresult cuDeviceGetName(char *name, int len, CUdevice dev)
{
    CUresult r = device_enter(name && len > 0, dev);
    if (r)
        return r;
    struct cudaDeviceProp p;
    cudaError_t before = cudaPeekAtLastError();
    r = via_runtime(cudaGetDeviceProperties(&p, dev), before);
    if (r)
        return r;
    strncpy(name, p.name, (size_t)len - 1);
    name[len - 1] = 0;
    return CUDA_SUCCESS;
}

CUresult cuDeviceTotalMem(size_t *bytes, CUdevice dev)
{
    CUresult r = device_enter(bytes != NULL, dev);
    if (r)
        return r;
    size_t free_bytes;
    RT(cudaMemGetInfo(&free_bytes, bytes));
}

CUresult cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib, CUdevice dev)
{
    DRIVER_ENTER();
    if (bad_device(dev))
        return CUDA_ERROR_INVALID_DEVICE;
    RT(cudaDeviceGetAttribute(pi, (enum cudaDeviceAttr)attrib, dev));
}

CUresult cuDeviceCanAccessPeer(int *canAccessPeer, CUdevice dev, CUdevice peerDev)
{
    DRIVER_ENTER();
    if (!canAccessPeer)
        return CUDA_ERROR_INVALID_VALUE;
    if (bad_device(dev) || bad_device(peerDev))
        return CUDA_ERROR_INVALID_DEVICE;
    RT(cudaDeviceCanAccessPeer(canAccessPeer, dev, peerDev));
}

CUresult cuDeviceComputeCapability(int *major, int *minor, CUdevice dev)
{
    DRIVER_ENTER();
    if (!major || !minor)
        return CUDA_ERROR_INVALID_VALUE;
    if (bad_device(dev))
        return CUDA_ERROR_INVALID_DEVICE;
    *major = device_arch() / 10;
    *minor = device_arch() % 10;
    return CUDA_SUCCESS;
}

CUresult cuCtxCreate_v2(CUcontext *pctx, unsigned int flags, CUdevice dev)
{
    DRIVER_ENTER();
    if (!pctx || (flags & ~(unsigned)CU_CTX_FLAGS_MASK))
        return CUDA_ERROR_INVALID_VALUE;
    if (bad_device(dev))
        return CUDA_ERROR_INVALID_DEVICE;
    *pctx = PRIMARY_OF(dev);
    return cuCtxSetCurrent(*pctx);
}

CUresult cuCtxCreate(CUcontext *pctx, CUctxCreateParams *ctxCreateParams, unsigned int flags,
                     CUdevice dev)
{
    if (ctxCreateParams && (ctxCreateParams->numExecAffinityParams || ctxCreateParams->cigParams))
        return CUDA_ERROR_NOT_SUPPORTED;
    return cuCtxCreate_v2(pctx, flags, dev);
}

/* The device of a context handle, or -1. */
static int ctx_device(CUcontext ctx)
{
    for (int d = 0; d < device_count(); d++)
        if (ctx == PRIMARY_OF(d))
            return d;
    return -1;
}

static CUresult check_ctx(CUcontext ctx)
{
    return ctx_device(ctx) >= 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}

/* Making a context current makes its device the runtime's. */
static CUresult make_current(CUcontext ctx)
{
    int d = ctx_device(ctx);
    if (d < 0)
        return CUDA_ERROR_INVALID_CONTEXT;
    cudaError_t before = cudaPeekAtLastError();
    return via_runtime(cudaSetDevice(d), before);
}

CUresult cuCtxDestroy(CUcontext ctx)
{
    DRIVER_ENTER();
    return check_ctx(ctx);
}

CUresult cuCtxGetCurrent(CUcontext *pctx)
{
    DRIVER_ENTER();
    if (!pctx)
        return CUDA_ERROR_INVALID_VALUE;
    *pctx = PRIMARY;
    return CUDA_SUCCESS;
}

CUresult cuCtxSetCurrent(CUcontext ctx)
{
    DRIVER_ENTER();
    return ctx ? make_current(ctx) : CUDA_SUCCESS;
}

CUresult cuCtxPushCurrent(CUcontext ctx)
{
    DRIVER_ENTER();
    return make_current(ctx);
}

CUresult cuCtxPopCurrent(CUcontext *pctx)
{
    DRIVER_ENTER();
    if (pctx)
        *pctx = PRIMARY;
    return CUDA_SUCCESS;
}

CUresult cuCtxGetDevice(CUdevice *device)
{
    return answer(device, device_current());
}

FORWARD(cuCtxSynchronize(void), cudaDeviceSynchronize())

CUresult cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev)
{
    CUresult r = device_enter(pctx != NULL, dev);
    if (r)
        return r;
    *pctx = PRIMARY_OF(dev);
    return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRelease(CUdevice dev)
{
    DRIVER_ENTER();
    return bad_device(dev) ? CUDA_ERROR_INVALID_DEVICE : CUDA_SUCCESS;
}

FORWARD(cuMemGetInfo(size_t *free_bytes, size_t *total), cudaMemGetInfo(free_bytes, total))

CUresult cuMemAlloc(CUdeviceptr *dptr, size_t bytesize)
{
    DRIVER_ENTER();
    if (!dptr || bytesize == 0)
        return CUDA_ERROR_INVALID_VALUE;
    void *p = NULL;
    cudaError_t before = cudaPeekAtLastError();
    CUresult r = via_runtime(cudaMalloc(&p, bytesize), before);
    if (r == CUDA_SUCCESS)
        *dptr = (CUdeviceptr)(size_t)p;
    return r;
}

FORWARD(cuMemFree(CUdeviceptr dptr), cudaFree((void *)(size_t)dptr))
FORWARD(cuMemAllocHost(void **pp, size_t bytesize), cudaMallocHost(pp, bytesize))
FORWARD(cuMemFreeHost(void *p), cudaFreeHost(p))
FORWARD(cuMemHostAlloc(void **pp, size_t bytesize, unsigned int Flags),
        cudaHostAlloc(pp, bytesize, Flags))

CUresult cuMemAllocManaged(CUdeviceptr *dptr, size_t bytesize, unsigned int flags)
{
    DRIVER_ENTER();
    if (!dptr)
        return CUDA_ERROR_INVALID_VALUE;
    void *p = NULL;
    cudaError_t before = cudaPeekAtLastError();
    CUresult r = via_runtime(cudaMallocManaged(&p, bytesize, flags), before);
    if (r == CUDA_SUCCESS)
        *dptr = (CUdeviceptr)(size_t)p;
    return r;
}

#define DP(x) ((void *)(size_t)(x))

FORWARD(cuMemcpyHtoD(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount),
        cudaMemcpy(DP(dstDevice), srcHost, ByteCount, cudaMemcpyHostToDevice))

FORWARD(cuMemcpyDtoH(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount),
        cudaMemcpy(dstHost, DP(srcDevice), ByteCount, cudaMemcpyDeviceToHost))

FORWARD(cuMemcpyDtoD(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount),
        cudaMemcpy(DP(dstDevice), DP(srcDevice), ByteCount, cudaMemcpyDeviceToDevice))

FORWARD(cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount),
        cudaMemcpy(DP(dst), DP(src), ByteCount, cudaMemcpyDefault))

FORWARD(cuMemsetD8(CUdeviceptr dstDevice, unsigned char uc, size_t N),
        cudaMemset(DP(dstDevice), uc, N))

/* Wider patterns: the runtime has no such call.  The range is checked as a
 * byte memset of the same size would check it, the device is drained (the
 * driver's memsets are ordered on the legacy stream), then it is filled. */
static CUresult fill(CUdeviceptr dst, const void *pattern, size_t width, size_t n)
{
    if ((size_t)dst % width)
        return CUDA_ERROR_INVALID_VALUE;
    cudaError_t before = cudaPeekAtLastError();
    struct cudaPointerAttributes a;
    CUresult r = via_runtime(cudaPointerGetAttributes(&a, DP(dst)), before);
    if (r)
        return r;
    if (a.type != cudaMemoryTypeDevice && a.type != cudaMemoryTypeManaged)
        return CUDA_ERROR_INVALID_VALUE;
    r = via_runtime(cudaMemset(DP(dst), 0, n * width), before);
    if (r)
        return r;
    r = via_runtime(cudaDeviceSynchronize(), before);
    if (r)
        return r;
    unsigned char *p = DP(dst);
    for (size_t i = 0; i < n; i++)
        memcpy(p + i * width, pattern, width);
    return CUDA_SUCCESS;
}

CUresult cuMemsetD16(CUdeviceptr dstDevice, unsigned short us, size_t N)
{
    DRIVER_ENTER();
    return fill(dstDevice, &us, sizeof us, N);
}

CUresult cuMemsetD32(CUdeviceptr dstDevice, unsigned int ui, size_t N)
{
    DRIVER_ENTER();
    return fill(dstDevice, &ui, sizeof ui, N);
}

FORWARD(cuStreamCreate(CUstream *phStream, unsigned int Flags),
        cudaStreamCreateWithFlags(phStream, Flags))

FORWARD(cuStreamDestroy(CUstream hStream), cudaStreamDestroy(hStream))
FORWARD(cuStreamSynchronize(CUstream hStream), cudaStreamSynchronize(hStream))
FORWARD(cuStreamQuery(CUstream hStream), cudaStreamQuery(hStream))
FORWARD(cuEventCreate(CUevent *phEvent, unsigned int Flags),
        cudaEventCreateWithFlags(phEvent, Flags))

FORWARD(cuEventDestroy(CUevent hEvent), cudaEventDestroy(hEvent))
FORWARD(cuEventRecord(CUevent hEvent, CUstream hStream), cudaEventRecord(hEvent, hStream))
FORWARD(cuEventSynchronize(CUevent hEvent), cudaEventSynchronize(hEvent))
FORWARD(cuEventQuery(CUevent hEvent), cudaEventQuery(hEvent))
FORWARD(cuEventElapsedTime(float *pMilliseconds, CUevent hStart, CUevent hEnd),
        cudaEventElapsedTime(pMilliseconds, hStart, hEnd))
