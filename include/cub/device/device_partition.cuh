/*
 * cub/device/device_partition.cuh: cub::DevicePartition (CUB 3.0's API).
 * Flagged and If put the selected items first, in input order, and the
 * rejected ones after them in reverse order (the last rejected item right
 * after the selected ones); the three-way If keeps input order in all
 * three outputs.
 */
#ifndef SIMT_CUB_DEVICE_PARTITION_CUH
#define SIMT_CUB_DEVICE_PARTITION_CUH
#pragma GCC system_header

#include "../detail/simt_select.cuh"

CUB_NAMESPACE_BEGIN

struct DevicePartition {
    template <typename InputIteratorT, typename FlagIterator, typename OutputIteratorT,
              typename NumSelectedIteratorT, typename NumItemsT>
    static cudaError_t Flagged(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                               FlagIterator d_flags, OutputIteratorT d_out,
                               NumSelectedIteratorT d_num_selected_out, NumItemsT num_items,
                               cudaStream_t stream = 0)
    {
        return simt_cub::select<simt_cub::OUT_PARTITION>(
            "cub::DevicePartition::Flagged", d_temp_storage, temp_storage_bytes, d_in, d_out,
            [d_flags](simt_cub::index_t i) { return (bool)d_flags[i]; }, d_num_selected_out,
            simt_cub::count_of(num_items), stream);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename NumSelectedIteratorT,
              typename SelectOp, typename NumItemsT>
    static cudaError_t If(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                          OutputIteratorT d_out, NumSelectedIteratorT d_num_selected_out, NumItemsT num_items,
                          SelectOp select_op, cudaStream_t stream = 0)
    {
        return simt_cub::select<simt_cub::OUT_PARTITION>(
            "cub::DevicePartition::If", d_temp_storage, temp_storage_bytes, d_in, d_out,
            [d_in, select_op](simt_cub::index_t i) mutable { return (bool)select_op(d_in[i]); },
            d_num_selected_out, simt_cub::count_of(num_items), stream);
    }
    template <typename InputIteratorT, typename FirstOutputIteratorT, typename SecondOutputIteratorT,
              typename UnselectedOutputIteratorT, typename NumSelectedIteratorT, typename SelectFirstPartOp,
              typename SelectSecondPartOp, typename NumItemsT>
    static cudaError_t If(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                          FirstOutputIteratorT d_first_part_out, SecondOutputIteratorT d_second_part_out,
                          UnselectedOutputIteratorT d_unselected_out, NumSelectedIteratorT d_num_selected_out,
                          NumItemsT num_items, SelectFirstPartOp select_first_part_op,
                          SelectSecondPartOp select_second_part_op, cudaStream_t stream = 0)
    {
        return simt_cub::partition3("cub::DevicePartition::If", d_temp_storage, temp_storage_bytes, d_in,
                                    d_first_part_out, d_second_part_out, d_unselected_out,
                                    select_first_part_op, select_second_part_op, d_num_selected_out,
                                    simt_cub::count_of(num_items), stream);
    }
};

CUB_NAMESPACE_END

#endif
