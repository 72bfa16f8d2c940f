/*
 * cub/device/dispatch/dispatch_adjacent_difference.cuh:
 * cub::DispatchAdjacentDifference and cub::ReadOption (CUB 3.0's
 * parameters; dispatch_common.cuh says how simt runs it).  The results are
 * cub::DeviceAdjacentDifference's: ReadOption::Left is SubtractLeft
 * (out[0] = in[0], out[i] = difference_op(in[i], in[i-1])), Right is
 * SubtractRight (out[i] = difference_op(in[i], in[i+1]), out[n-1] =
 * in[n-1]).  With MayAlias::No the output must not overlap the input; with
 * MayAlias::Yes it may be the input itself (CUB's in-place forms pass the
 * same iterator twice) or apart from it.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_DISPATCH_ADJACENT_DIFFERENCE_CUH
#define SIMT_CUB_DEVICE_DISPATCH_DISPATCH_ADJACENT_DIFFERENCE_CUH
#pragma GCC system_header

#include "dispatch_common.cuh"
#include "tuning/tuning_adjacent_difference.cuh"
#include "../device_adjacent_difference.cuh"

CUB_NAMESPACE_BEGIN

enum class ReadOption { Left, Right };

template <typename InputIteratorT, typename OutputIteratorT, typename DifferenceOpT, typename OffsetT,
          MayAlias AliasOpt, ReadOption ReadOpt,
          typename PolicyHub = detail::adjacent_difference::policy_hub<InputIteratorT, AliasOpt == MayAlias::Yes>>
struct DispatchAdjacentDifference {
    using InputT = detail::it_value_t<InputIteratorT>;

    using MaxPolicy = typename PolicyHub::MaxPolicy;

    /* The dispatch object: a closure over the arguments, which the policy
     * chain invokes with the policy it selected (CUB's keeps no PTX
     * version). */
    void *d_temp_storage;
    size_t &temp_storage_bytes;
    InputIteratorT d_input;
    OutputIteratorT d_output;
    OffsetT num_items;
    DifferenceOpT difference_op;
    cudaStream_t stream;

    DispatchAdjacentDifference(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_input,
                               OutputIteratorT d_output, OffsetT num_items, DifferenceOpT difference_op,
                               cudaStream_t stream)
        : d_temp_storage(d_temp_storage), temp_storage_bytes(temp_storage_bytes), d_input(d_input),
          d_output(d_output), num_items(num_items), difference_op(difference_op), stream(stream)
    {
    }

    /* simt's adjacent difference, whatever the policy (its values tune a
     * GPU). */
    template <typename ActivePolicyT>
    cudaError_t Invoke()
    {
        constexpr bool left = ReadOpt == ReadOption::Left;
        if constexpr (AliasOpt == MayAlias::Yes)
            return simt_cub::adjacent_difference<left, InputT>("cub::DispatchAdjacentDifference", d_temp_storage,
                                                              temp_storage_bytes, d_input, d_output,
                                                              simt_cub::count_of(num_items), difference_op, stream);
        else if constexpr (left)
            return DeviceAdjacentDifference::SubtractLeftCopy(d_temp_storage, temp_storage_bytes, d_input, d_output,
                                                              num_items, difference_op, stream);
        else
            return DeviceAdjacentDifference::SubtractRightCopy(d_temp_storage, temp_storage_bytes, d_input,
                                                               d_output, num_items, difference_op, stream);
    }

    static cudaError_t Dispatch(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_input,
                                OutputIteratorT d_output, OffsetT num_items, DifferenceOpT difference_op,
                                cudaStream_t stream)
    {
        int ptx_version = 0;
        cudaError_t error = PtxVersion(ptx_version);
        if (error != cudaSuccess)
            return error;
        DispatchAdjacentDifference dispatch(d_temp_storage, temp_storage_bytes, d_input, d_output, num_items,
                                            difference_op, stream);
        return MaxPolicy::Invoke(ptx_version, dispatch);
    }
};

CUB_NAMESPACE_END

#endif
