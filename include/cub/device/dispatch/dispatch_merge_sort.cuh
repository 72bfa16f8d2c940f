/*
 * cub/device/dispatch/dispatch_merge_sort.cuh: cub::DispatchMergeSort
 * (CUB 3.0's parameters; dispatch_common.cuh says how simt runs it).
 * ValueIteratorT (and ValueInputIteratorT) is NullType* for keys alone.
 * The sort is cub::DeviceMergeSort's (stable), from the input iterators
 * into the output ones, which may be the same; its temporary copies are of
 * KeyT and ValueT, as CUB's are.  VSMemHelperT, like the kernel source and
 * launcher factory, is accepted and not used.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_DISPATCH_MERGE_SORT_CUH
#define SIMT_CUB_DEVICE_DISPATCH_DISPATCH_MERGE_SORT_CUH
#pragma GCC system_header

#include "dispatch_common.cuh"
#include "../device_merge_sort.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace merge_sort {
template <typename KeyIteratorT>
struct policy_hub : simt_dispatch::hub {
};
} /* namespace merge_sort */
} /* namespace detail */

template <typename KeyInputIteratorT, typename ValueInputIteratorT, typename KeyIteratorT, typename ValueIteratorT,
          typename OffsetT, typename CompareOpT, typename PolicyHub = detail::merge_sort::policy_hub<KeyIteratorT>,
          typename KernelSource = detail::simt_dispatch::unused,
          typename KernelLauncherFactory = detail::simt_dispatch::unused,
          typename VSMemHelperT = detail::simt_dispatch::unused, typename KeyT = detail::it_value_t<KeyIteratorT>,
          typename ValueT = detail::it_value_t<ValueIteratorT>>
struct DispatchMergeSort {
    static constexpr bool KEYS_ONLY = ::std::is_same<ValueT, NullType>::value;

    using MaxPolicy = typename PolicyHub::MaxPolicy;

    /* No items: nothing to do, and the size query says 0 bytes. */
    template <typename MaxPolicyT = typename PolicyHub::MaxPolicy>
    static cudaError_t Dispatch(void *d_temp_storage, size_t &temp_storage_bytes, KeyInputIteratorT d_input_keys,
                                ValueInputIteratorT d_input_items, KeyIteratorT d_output_keys,
                                ValueIteratorT d_output_items, OffsetT num_items, CompareOpT compare_op,
                                cudaStream_t stream, KernelSource = {}, KernelLauncherFactory = {},
                                MaxPolicyT = {})
    {
        return detail::simt_dispatch::dispatch<MaxPolicyT>([&] {
            if (num_items == 0) {
                if (!d_temp_storage)
                    temp_storage_bytes = 0;
                return cudaSuccess;
            }
            return simt_cub::merge_sort<KeyT, ValueT>("cub::DispatchMergeSort", d_temp_storage, temp_storage_bytes,
                                                      d_input_keys, d_input_items, d_output_keys, d_output_items,
                                                      simt_cub::count_of(num_items), compare_op, stream);
        });
    }
};

CUB_NAMESPACE_END

#endif
