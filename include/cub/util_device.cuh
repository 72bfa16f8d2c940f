/*
 * cub/util_device.cuh: device queries as CUB answers them, through the
 * runtime (the emulated device is an sm_90: PtxVersion and SmVersion are
 * 900).
 */
#ifndef SIMT_CUB_UTIL_DEVICE_CUH
#define SIMT_CUB_UTIL_DEVICE_CUH
#pragma GCC system_header

#include <type_traits>

#include "util_arch.cuh"
#include "util_debug.cuh"

CUB_NAMESPACE_BEGIN

inline int CurrentDevice()
{
    int device = -1;
    if (cudaGetDevice(&device) != cudaSuccess)
        return -1;
    return device;
}
inline int DeviceCountUncached()
{
    int count = -1;
    if (cudaGetDeviceCount(&count) != cudaSuccess)
        return -1;
    return count;
}
inline int DeviceCount()
{
    return DeviceCountUncached();
}

inline cudaError_t SmVersionUncached(int &sm_version, int device = CurrentDevice())
{
    int major = 0, minor = 0;
    cudaError_t e = cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
    if (e == cudaSuccess)
        e = cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device);
    if (e == cudaSuccess)
        sm_version = major * 100 + minor * 10;
    return e;
}
inline cudaError_t SmVersion(int &sm_version, int device = CurrentDevice())
{
    return SmVersionUncached(sm_version, device);
}
inline cudaError_t PtxVersionUncached(int &ptx_version)
{
    return SmVersion(ptx_version);
}
inline cudaError_t PtxVersionUncached(int &ptx_version, int device)
{
    return SmVersion(ptx_version, device);
}
inline cudaError_t PtxVersion(int &ptx_version)
{
    return SmVersion(ptx_version);
}
inline cudaError_t PtxVersion(int &ptx_version, int device)
{
    return SmVersion(ptx_version, device);
}

inline cudaError_t SyncStream(cudaStream_t stream)
{
    return cudaStreamSynchronize(stream);
}
inline cudaError_t DebugSyncStream(cudaStream_t)
{
    return cudaSuccess;
}
inline cudaError_t HasUVA(bool &has_uva)
{
    has_uva = true;
    return cudaSuccess;
}

/* Resident blocks per multiprocessor of a kernel, by the runtime's
 * occupancy calculator. */
template <typename KernelPtr>
inline cudaError_t MaxSmOccupancy(int &max_sm_occupancy, KernelPtr kernel_ptr, int block_threads,
                                  int dynamic_smem_bytes = 0)
{
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(&max_sm_occupancy, kernel_ptr, block_threads,
                                                         dynamic_smem_bytes);
}

/* A policy chain (CUB's dispatch layer): each policy names the PTX version
 * it starts at and the policy before it.  ActivePolicy is the one for the
 * view being compiled (CUB_PTX_ARCH: 0 in host code, so the chain's first
 * there); Invoke hands the functor the newest policy not newer than the
 * device's PTX version (simt's device is 900). */
template <int PolicyPtxVersion, typename PolicyT, typename PrevPolicyT>
struct ChainedPolicy {
    using ActivePolicy = typename std::conditional<(CUB_PTX_ARCH < PolicyPtxVersion),
                                                   typename PrevPolicyT::ActivePolicy, PolicyT>::type;

    template <typename FunctorT>
    CUB_RUNTIME_FUNCTION static cudaError_t Invoke(int device_ptx_version, FunctorT &op)
    {
        if (device_ptx_version < PolicyPtxVersion)
            return PrevPolicyT::Invoke(device_ptx_version, op);
        return op.template Invoke<PolicyT>();
    }
};

/* The chain's end: its policy whatever the version. */
template <int PolicyPtxVersion, typename PolicyT>
struct ChainedPolicy<PolicyPtxVersion, PolicyT, PolicyT> {
    using ActivePolicy = PolicyT;

    template <typename FunctorT>
    CUB_RUNTIME_FUNCTION static cudaError_t Invoke(int, FunctorT &op)
    {
        return op.template Invoke<PolicyT>();
    }
};

CUB_NAMESPACE_END

#endif
