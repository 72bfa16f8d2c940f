/*
 * cub/device/dispatch/dispatch_reduce.cuh: cub::DispatchReduce,
 * DispatchTransformReduce and DispatchSegmentedReduce (CUB 3.0's
 * parameters; dispatch_common.cuh says how simt runs them).  The
 * accumulator type is the caller's AccumT; the results are
 * cub::DeviceReduce's and cub::DeviceSegmentedReduce's:
 * reduction_op(init, aggregate), or init for no items.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_DISPATCH_REDUCE_CUH
#define SIMT_CUB_DEVICE_DISPATCH_DISPATCH_REDUCE_CUH
#pragma GCC system_header

#include "dispatch_common.cuh"
#include "../device_reduce.cuh"
#include "../device_segmented_reduce.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace reduce {
template <typename AccumT, typename OffsetT, typename ReductionOpT>
struct policy_hub : simt_dispatch::hub {
};
/* The transformation DispatchReduce applies by default. */
struct identity {
    template <typename T>
    __host__ __device__ T &&operator()(T &&t) const noexcept
    {
        return static_cast<T &&>(t);
    }
};
} /* namespace reduce */
} /* namespace detail */

template <typename InputIteratorT, typename OutputIteratorT, typename OffsetT, typename ReductionOpT,
          typename InitT = detail::non_void_value_t<OutputIteratorT, detail::it_value_t<InputIteratorT>>,
          typename AccumT = simt_cub::accum_t<ReductionOpT, detail::it_value_t<InputIteratorT>, InitT>,
          typename TransformOpT = detail::reduce::identity,
          typename PolicyHub = detail::reduce::policy_hub<AccumT, OffsetT, ReductionOpT>,
          typename KernelSource = detail::simt_dispatch::unused,
          typename KernelLauncherFactory = detail::simt_dispatch::unused>
struct DispatchReduce {
    using MaxPolicy = typename PolicyHub::MaxPolicy;

    template <typename MaxPolicyT = typename PolicyHub::MaxPolicy>
    static cudaError_t Dispatch(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                OutputIteratorT d_out, OffsetT num_items, ReductionOpT reduction_op, InitT init,
                                cudaStream_t stream, TransformOpT transform_op = {}, KernelSource = {},
                                KernelLauncherFactory = {}, MaxPolicyT = {})
    {
        return detail::simt_dispatch::dispatch<MaxPolicyT>([&] {
            return simt_cub::reduce<AccumT>(
                "cub::DispatchReduce", d_temp_storage, temp_storage_bytes, simt_cub::count_of(num_items),
                [d_in, transform_op](simt_cub::index_t i) mutable { return transform_op(d_in[i]); },
                reduction_op,
                [d_out, reduction_op, init](AccumT *acc) mutable {
                    if (acc)
                        *d_out = reduction_op(init, *acc);
                    else
                        *d_out = init;
                },
                stream);
        });
    }
};

template <typename InputIteratorT, typename OutputIteratorT, typename OffsetT, typename ReductionOpT,
          typename TransformOpT, typename InitT,
          typename AccumT = simt_cub::accum_t<
              ReductionOpT, typename ::std::invoke_result<TransformOpT, detail::it_value_t<InputIteratorT>>::type,
              InitT>,
          typename PolicyHub = detail::reduce::policy_hub<AccumT, OffsetT, ReductionOpT>,
          typename KernelSource = detail::simt_dispatch::unused,
          typename KernelLauncherFactory = detail::simt_dispatch::unused>
using DispatchTransformReduce = DispatchReduce<InputIteratorT, OutputIteratorT, OffsetT, ReductionOpT, InitT, AccumT,
                                               TransformOpT, PolicyHub, KernelSource, KernelLauncherFactory>;

template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,
          typename EndOffsetIteratorT, typename OffsetT, typename ReductionOpT,
          typename InitT = detail::non_void_value_t<OutputIteratorT, detail::it_value_t<InputIteratorT>>,
          typename AccumT = simt_cub::accum_t<ReductionOpT, detail::it_value_t<InputIteratorT>, InitT>,
          typename PolicyHub = detail::reduce::policy_hub<AccumT, OffsetT, ReductionOpT>,
          typename KernelSource = detail::simt_dispatch::unused,
          typename KernelLauncherFactory = detail::simt_dispatch::unused>
struct DispatchSegmentedReduce {
    using MaxPolicy = typename PolicyHub::MaxPolicy;

    /* No segments: nothing to do, and the size is left as it is. */
    template <typename MaxPolicyT = typename PolicyHub::MaxPolicy>
    static cudaError_t Dispatch(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                OutputIteratorT d_out, ::cuda::std::int64_t num_segments,
                                BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
                                ReductionOpT reduction_op, InitT init, cudaStream_t stream, KernelSource = {},
                                KernelLauncherFactory = {}, MaxPolicyT = {})
    {
        if (num_segments <= 0)
            return cudaSuccess;
        typedef detail::non_void_value_t<OutputIteratorT, AccumT> OutputT;
        return detail::simt_dispatch::dispatch<MaxPolicyT>([&] {
            return simt_cub::segmented_reduce<AccumT>(
                "cub::DispatchSegmentedReduce", d_temp_storage, temp_storage_bytes,
                [d_in](simt_cub::index_t i, simt_cub::index_t) { return d_in[i]; }, d_out,
                (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets, reduction_op,
                [reduction_op, init](AccumT *acc, simt_cub::index_t) mutable {
                    return acc ? OutputT(reduction_op(init, *acc)) : OutputT(init);
                },
                stream);
        });
    }
};

CUB_NAMESPACE_END

#endif
