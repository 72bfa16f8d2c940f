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
#include "tuning/tuning_reduce.cuh"
#include "../device_reduce.cuh"
#include "../device_segmented_reduce.cuh"

CUB_NAMESPACE_BEGIN

template <typename InputIteratorT, typename OutputIteratorT, typename OffsetT, typename ReductionOpT,
          typename InitT = detail::non_void_value_t<OutputIteratorT, detail::it_value_t<InputIteratorT>>,
          typename AccumT = simt_cub::accum_t<ReductionOpT, detail::it_value_t<InputIteratorT>, InitT>,
          typename TransformOpT = detail::reduce::identity,
          typename PolicyHub = detail::reduce::policy_hub<AccumT, OffsetT, ReductionOpT>,
          typename KernelSource = detail::simt_dispatch::unused,
          typename KernelLauncherFactory = detail::simt_dispatch::unused>
struct DispatchReduce {
    using MaxPolicy = typename PolicyHub::MaxPolicy;

    /* The dispatch object: a closure over the arguments, which the policy
     * chain invokes with the policy it selected. */
    void *d_temp_storage;
    size_t &temp_storage_bytes;
    InputIteratorT d_in;
    OutputIteratorT d_out;
    OffsetT num_items;
    ReductionOpT reduction_op;
    InitT init;
    cudaStream_t stream;
    int ptx_version;
    TransformOpT transform_op;
    KernelSource kernel_source;
    KernelLauncherFactory launcher_factory;

    DispatchReduce(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in, OutputIteratorT d_out,
                   OffsetT num_items, ReductionOpT reduction_op, InitT init, cudaStream_t stream, int ptx_version,
                   TransformOpT transform_op = {}, KernelSource kernel_source = {},
                   KernelLauncherFactory launcher_factory = {})
        : d_temp_storage(d_temp_storage), temp_storage_bytes(temp_storage_bytes), d_in(d_in), d_out(d_out),
          num_items(num_items), reduction_op(reduction_op), init(init), stream(stream), ptx_version(ptx_version),
          transform_op(transform_op), kernel_source(kernel_source), launcher_factory(launcher_factory)
    {
    }

    /* simt's reduction, whatever the policy (its values tune a GPU). */
    template <typename ActivePolicyT>
    cudaError_t Invoke()
    {
        InputIteratorT in = d_in;
        OutputIteratorT out = d_out;
        TransformOpT transform = transform_op;
        ReductionOpT op = reduction_op;
        InitT first = init;
        return simt_cub::reduce<AccumT>(
            "cub::DispatchReduce", d_temp_storage, temp_storage_bytes, simt_cub::count_of(num_items),
            [in, transform](simt_cub::index_t i) mutable { return transform(in[i]); }, op,
            [out, op, first](AccumT *acc) mutable {
                if (acc)
                    *out = op(first, *acc);
                else
                    *out = first;
            },
            stream);
    }

    template <typename MaxPolicyT = typename PolicyHub::MaxPolicy>
    static cudaError_t Dispatch(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                OutputIteratorT d_out, OffsetT num_items, ReductionOpT reduction_op, InitT init,
                                cudaStream_t stream, TransformOpT transform_op = {}, KernelSource kernel_source = {},
                                KernelLauncherFactory launcher_factory = {}, MaxPolicyT = {})
    {
        int ptx_version = 0;
        cudaError_t error = PtxVersion(ptx_version);
        if (error != cudaSuccess)
            return error;
        DispatchReduce dispatch(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, reduction_op, init, stream,
                                ptx_version, transform_op, kernel_source, launcher_factory);
        return MaxPolicyT::Invoke(ptx_version, dispatch);
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

    void *d_temp_storage;
    size_t &temp_storage_bytes;
    InputIteratorT d_in;
    OutputIteratorT d_out;
    ::cuda::std::int64_t num_segments;
    BeginOffsetIteratorT d_begin_offsets;
    EndOffsetIteratorT d_end_offsets;
    ReductionOpT reduction_op;
    InitT init;
    cudaStream_t stream;
    int ptx_version;
    KernelSource kernel_source;
    KernelLauncherFactory launcher_factory;

    DispatchSegmentedReduce(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                            OutputIteratorT d_out, ::cuda::std::int64_t num_segments,
                            BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
                            ReductionOpT reduction_op, InitT init, cudaStream_t stream, int ptx_version,
                            KernelSource kernel_source = {}, KernelLauncherFactory launcher_factory = {})
        : d_temp_storage(d_temp_storage), temp_storage_bytes(temp_storage_bytes), d_in(d_in), d_out(d_out),
          num_segments(num_segments), d_begin_offsets(d_begin_offsets), d_end_offsets(d_end_offsets),
          reduction_op(reduction_op), init(init), stream(stream), ptx_version(ptx_version),
          kernel_source(kernel_source), launcher_factory(launcher_factory)
    {
    }

    template <typename ActivePolicyT>
    cudaError_t Invoke()
    {
        typedef detail::non_void_value_t<OutputIteratorT, AccumT> OutputT;
        InputIteratorT in = d_in;
        ReductionOpT op = reduction_op;
        InitT first = init;
        return simt_cub::segmented_reduce<AccumT>(
            "cub::DispatchSegmentedReduce", d_temp_storage, temp_storage_bytes,
            [in](simt_cub::index_t i, simt_cub::index_t) { return in[i]; }, d_out, (simt_cub::index_t)num_segments,
            d_begin_offsets, d_end_offsets, op,
            [op, first](AccumT *acc, simt_cub::index_t) mutable {
                return acc ? OutputT(op(first, *acc)) : OutputT(first);
            },
            stream);
    }

    /* No segments: nothing to do, and the size is left as it is. */
    template <typename MaxPolicyT = typename PolicyHub::MaxPolicy>
    static cudaError_t Dispatch(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                OutputIteratorT d_out, ::cuda::std::int64_t num_segments,
                                BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
                                ReductionOpT reduction_op, InitT init, cudaStream_t stream,
                                KernelSource kernel_source = {}, KernelLauncherFactory launcher_factory = {},
                                MaxPolicyT = {})
    {
        if (num_segments <= 0)
            return cudaSuccess;
        int ptx_version = 0;
        cudaError_t error = PtxVersion(ptx_version);
        if (error != cudaSuccess)
            return error;
        DispatchSegmentedReduce dispatch(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments,
                                         d_begin_offsets, d_end_offsets, reduction_op, init, stream, ptx_version,
                                         kernel_source, launcher_factory);
        return MaxPolicyT::Invoke(ptx_version, dispatch);
    }
};

CUB_NAMESPACE_END

#endif
