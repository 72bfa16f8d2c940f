/*
 * cub/device/dispatch/dispatch_three_way_partition.cuh:
 * cub::DispatchThreeWayPartitionIf (CUB 3.0's parameters;
 * dispatch_common.cuh says how simt runs it).  Items select_first_part_op
 * accepts go to the first part, of the rest those select_second_part_op
 * accepts to the second, the others to the unselected part, each in input
 * order; d_num_selected_out[0] and [1] get the first two counts, as
 * cub::DevicePartition::If's three-way form does.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_DISPATCH_THREE_WAY_PARTITION_CUH
#define SIMT_CUB_DEVICE_DISPATCH_DISPATCH_THREE_WAY_PARTITION_CUH
#pragma GCC system_header

#include "dispatch_common.cuh"
#include "tuning/tuning_three_way_partition.cuh"
#include "../device_partition.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace three_way_partition {
using per_partition_offset_t = ::cuda::std::int32_t;
} /* namespace three_way_partition */
} /* namespace detail */

template <typename InputIteratorT, typename FirstOutputIteratorT, typename SecondOutputIteratorT,
          typename UnselectedOutputIteratorT, typename NumSelectedIteratorT, typename SelectFirstPartOp,
          typename SelectSecondPartOp, typename OffsetT,
          typename PolicyHub = detail::three_way_partition::policy_hub<
              detail::it_value_t<InputIteratorT>, detail::three_way_partition::per_partition_offset_t>>
struct DispatchThreeWayPartitionIf {
    using MaxPolicy = typename PolicyHub::MaxPolicy;

    /* The dispatch object: a closure over the arguments, which the policy
     * chain invokes with the policy it selected (CUB's keeps no PTX
     * version). */
    void *d_temp_storage;
    size_t &temp_storage_bytes;
    InputIteratorT d_in;
    FirstOutputIteratorT d_first_part_out;
    SecondOutputIteratorT d_second_part_out;
    UnselectedOutputIteratorT d_unselected_out;
    NumSelectedIteratorT d_num_selected_out;
    SelectFirstPartOp select_first_part_op;
    SelectSecondPartOp select_second_part_op;
    OffsetT num_items;
    cudaStream_t stream;

    DispatchThreeWayPartitionIf(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                FirstOutputIteratorT d_first_part_out, SecondOutputIteratorT d_second_part_out,
                                UnselectedOutputIteratorT d_unselected_out, NumSelectedIteratorT d_num_selected_out,
                                SelectFirstPartOp select_first_part_op, SelectSecondPartOp select_second_part_op,
                                OffsetT num_items, cudaStream_t stream)
        : d_temp_storage(d_temp_storage), temp_storage_bytes(temp_storage_bytes), d_in(d_in),
          d_first_part_out(d_first_part_out), d_second_part_out(d_second_part_out),
          d_unselected_out(d_unselected_out), d_num_selected_out(d_num_selected_out),
          select_first_part_op(select_first_part_op), select_second_part_op(select_second_part_op),
          num_items(num_items), stream(stream)
    {
    }

    /* simt's three-way partition, whatever the policy (its values tune a
     * GPU). */
    template <typename ActivePolicyT>
    cudaError_t Invoke()
    {
        return simt_cub::partition3("cub::DispatchThreeWayPartitionIf", d_temp_storage, temp_storage_bytes, d_in,
                                    d_first_part_out, d_second_part_out, d_unselected_out, select_first_part_op,
                                    select_second_part_op, d_num_selected_out, simt_cub::count_of(num_items),
                                    stream);
    }

    static cudaError_t Dispatch(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                FirstOutputIteratorT d_first_part_out, SecondOutputIteratorT d_second_part_out,
                                UnselectedOutputIteratorT d_unselected_out, NumSelectedIteratorT d_num_selected_out,
                                SelectFirstPartOp select_first_part_op, SelectSecondPartOp select_second_part_op,
                                OffsetT num_items, cudaStream_t stream)
    {
        int ptx_version = 0;
        cudaError_t error = PtxVersion(ptx_version);
        if (error != cudaSuccess)
            return error;
        DispatchThreeWayPartitionIf dispatch(d_temp_storage, temp_storage_bytes, d_in, d_first_part_out,
                                             d_second_part_out, d_unselected_out, d_num_selected_out,
                                             select_first_part_op, select_second_part_op, num_items, stream);
        return MaxPolicy::Invoke(ptx_version, dispatch);
    }
};

CUB_NAMESPACE_END

#endif
