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
#include "../device_adjacent_difference.cuh"

CUB_NAMESPACE_BEGIN

enum class ReadOption { Left, Right };

namespace detail {
namespace adjacent_difference {
template <typename InputIteratorT, bool MayAlias>
struct policy_hub : simt_dispatch::hub {
};
} /* namespace adjacent_difference */
} /* namespace detail */

template <typename InputIteratorT, typename OutputIteratorT, typename DifferenceOpT, typename OffsetT,
          MayAlias AliasOpt, ReadOption ReadOpt,
          typename PolicyHub = detail::adjacent_difference::policy_hub<InputIteratorT, AliasOpt == MayAlias::Yes>>
struct DispatchAdjacentDifference {
    using InputT = detail::it_value_t<InputIteratorT>;

    using MaxPolicy = typename PolicyHub::MaxPolicy;

    static cudaError_t Dispatch(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_input,
                                OutputIteratorT d_output, OffsetT num_items, DifferenceOpT difference_op,
                                cudaStream_t stream)
    {
        constexpr bool left = ReadOpt == ReadOption::Left;
        return detail::simt_dispatch::dispatch<MaxPolicy>([&] {
            if constexpr (AliasOpt == MayAlias::Yes)
                return simt_cub::adjacent_difference<left, InputT>("cub::DispatchAdjacentDifference",
                                                                  d_temp_storage, temp_storage_bytes, d_input,
                                                                  d_output, simt_cub::count_of(num_items),
                                                                  difference_op, stream);
            else if constexpr (left)
                return DeviceAdjacentDifference::SubtractLeftCopy(d_temp_storage, temp_storage_bytes, d_input,
                                                                  d_output, num_items, difference_op, stream);
            else
                return DeviceAdjacentDifference::SubtractRightCopy(d_temp_storage, temp_storage_bytes, d_input,
                                                                   d_output, num_items, difference_op, stream);
        });
    }
};

CUB_NAMESPACE_END

#endif
