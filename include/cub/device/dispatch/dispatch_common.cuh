/*
 * cub/device/dispatch/dispatch_common.cuh: what CUB's dispatch classes share
 * (MayAlias, SortOrder, SelectImpl), and how simt's run.
 *
 * simt's cub::Dispatch* classes take CUB 3.0's template parameters and
 * Dispatch() arguments and are CUB's dispatch objects (its constructors
 * and members): Dispatch() builds one and hands it to the policy hub's
 * chain as CUB does (MaxPolicy::Invoke with the device's PTX version, so
 * a hub that serves no such version fails as it would on a GPU), whose
 * Invoke<Policy>() then runs simt's own device algorithm, the one behind
 * the matching cub::Device* call.  The hubs are CUB's (tuning/).  Policies
 * tune how a GPU maps work to its hardware and never change a result, so
 * their values are not consulted; kernel sources and launcher factories
 * are accepted and not used either (simt launches no CUB kernels).
 * DispatchHistogram, which CUB gives no dispatch object of its own, runs
 * its closure through simt_dispatch::dispatch.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_DISPATCH_COMMON_CUH
#define SIMT_CUB_DEVICE_DISPATCH_DISPATCH_COMMON_CUH
#pragma GCC system_header

#include "../../util_device.cuh"
#include "../../util_type.cuh"

CUB_NAMESPACE_BEGIN

/* Whether an algorithm's output may be its input (in place). */
enum class MayAlias { Yes, No };

enum class SortOrder { Ascending, Descending };

/* Stream compaction discarding the rejected items (input and output
 * disjoint, or possibly the same memory), or a partition keeping them. */
enum class SelectImpl { Select, SelectPotentiallyInPlace, Partition };

namespace detail {
namespace simt_dispatch {

/* Stands for the kernel sources and launcher factories simt does not use. */
struct unused {
};

/* The dispatch closure: Invoke<Policy>() runs the algorithm. */
template <class F>
struct closure {
    F run;
    template <class ActivePolicy>
    cudaError_t Invoke()
    {
        return run();
    }
};

/* Selects the policy for the device's PTX version, then runs f. */
template <class MaxPolicyT, class F>
inline cudaError_t dispatch(F f)
{
    int ptx_version = 0;
    cudaError_t error = PtxVersion(ptx_version);
    if (error != cudaSuccess)
        return error;
    closure<F> c{f};
    return MaxPolicyT::Invoke(ptx_version, c);
}

} /* namespace simt_dispatch */

} /* namespace detail */

CUB_NAMESPACE_END

#endif
