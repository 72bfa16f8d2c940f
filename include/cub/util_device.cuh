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
namespace detail {
/* The PTX version a device runs the build's kernels at: the newest of the
 * build's architectures (__CUDA_ARCH_LIST__, from -arch) not newer than
 * the device, as a GPU picks among a fat binary's images. */
template <int... Versions>
constexpr int simt_ptx_for(int sm_version)
{
    int best = 0;
    (void)((best = Versions <= sm_version && Versions > best ? Versions : best), ...);
    return best ? best : sm_version;
}
inline cudaError_t simt_ptx_version(int &ptx_version, int device)
{
    cudaError_t e = SmVersion(ptx_version, device);
#ifdef __CUDA_ARCH_LIST__
    if (e == cudaSuccess)
        ptx_version = simt_ptx_for<__CUDA_ARCH_LIST__>(ptx_version);
#endif
    return e;
}
} /* namespace detail */

inline cudaError_t PtxVersionUncached(int &ptx_version)
{
    return detail::simt_ptx_version(ptx_version, CurrentDevice());
}
inline cudaError_t PtxVersionUncached(int &ptx_version, int device)
{
    return detail::simt_ptx_version(ptx_version, device);
}
inline cudaError_t PtxVersion(int &ptx_version)
{
    return detail::simt_ptx_version(ptx_version, CurrentDevice());
}
inline cudaError_t PtxVersion(int &ptx_version, int device)
{
    return detail::simt_ptx_version(ptx_version, device);
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
 * there).  Invoke hands the functor the newest policy not newer than the
 * device's PTX version; as with nvcc, when the build names its
 * architectures (__CUDA_ARCH_LIST__, which simtcc defines from -arch) only
 * a version among them is served, and any other is
 * cudaErrorInvalidDeviceFunction (no kernel was built for it). */
template <int PolicyPtxVersion, typename PolicyT, typename PrevPolicyT>
struct ChainedPolicy {
    using ActivePolicy = typename std::conditional<(CUB_PTX_ARCH < PolicyPtxVersion),
                                                   typename PrevPolicyT::ActivePolicy, PolicyT>::type;

    template <typename FunctorT>
    CUB_RUNTIME_FUNCTION static cudaError_t Invoke(int device_ptx_version, FunctorT &op)
    {
#ifdef __CUDA_ARCH_LIST__
        return invoke_listed<__CUDA_ARCH_LIST__>(device_ptx_version, op);
#else
        if (device_ptx_version < PolicyPtxVersion)
            return PrevPolicyT::Invoke(device_ptx_version, op);
        return op.template Invoke<PolicyT>();
#endif
    }

private:
    template <int, typename, typename>
    friend struct ChainedPolicy;

    template <int... Versions, typename FunctorT>
    static cudaError_t invoke_listed(int device_ptx_version, FunctorT &op)
    {
        cudaError_t error = cudaErrorInvalidDeviceFunction;
        (void)((device_ptx_version == Versions && (error = invoke_at<Versions>(op), true)) || ...);
        return error;
    }

    template <int Version, typename FunctorT>
    static cudaError_t invoke_at(FunctorT &op)
    {
        if constexpr (Version < PolicyPtxVersion)
            return PrevPolicyT::template invoke_at<Version>(op);
        else
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

private:
    template <int, typename, typename>
    friend struct ChainedPolicy;

    template <int, typename FunctorT>
    static cudaError_t invoke_at(FunctorT &op)
    {
        return op.template Invoke<PolicyT>();
    }
};

CUB_NAMESPACE_END

#endif
