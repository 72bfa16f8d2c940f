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
#include "tuning/tuning_merge_sort.cuh"
#include "../device_merge_sort.cuh"

CUB_NAMESPACE_BEGIN

template <typename KeyInputIteratorT, typename ValueInputIteratorT, typename KeyIteratorT, typename ValueIteratorT,
          typename OffsetT, typename CompareOpT, typename PolicyHub = detail::merge_sort::policy_hub<KeyIteratorT>,
          typename KernelSource = detail::simt_dispatch::unused,
          typename KernelLauncherFactory = detail::simt_dispatch::unused,
          typename VSMemHelperT = detail::simt_dispatch::unused, typename KeyT = detail::it_value_t<KeyIteratorT>,
          typename ValueT = detail::it_value_t<ValueIteratorT>>
struct DispatchMergeSort {
    static constexpr bool KEYS_ONLY = ::std::is_same<ValueT, NullType>::value;

    using MaxPolicy = typename PolicyHub::MaxPolicy;

    /* The dispatch object: a closure over the arguments, which the policy
     * chain invokes with the policy it selected. */
    void *d_temp_storage;
    size_t &temp_storage_bytes;
    KeyInputIteratorT d_input_keys;
    ValueInputIteratorT d_input_items;
    KeyIteratorT d_output_keys;
    ValueIteratorT d_output_items;
    OffsetT num_items;
    CompareOpT compare_op;
    cudaStream_t stream;
    int ptx_version;
    KernelSource kernel_source;
    KernelLauncherFactory launcher_factory;

    DispatchMergeSort(void *d_temp_storage, size_t &temp_storage_bytes, KeyInputIteratorT d_input_keys,
                      ValueInputIteratorT d_input_items, KeyIteratorT d_output_keys, ValueIteratorT d_output_items,
                      OffsetT num_items, CompareOpT compare_op, cudaStream_t stream, int ptx_version,
                      KernelSource kernel_source = {}, KernelLauncherFactory launcher_factory = {})
        : d_temp_storage(d_temp_storage), temp_storage_bytes(temp_storage_bytes), d_input_keys(d_input_keys),
          d_input_items(d_input_items), d_output_keys(d_output_keys), d_output_items(d_output_items),
          num_items(num_items), compare_op(compare_op), stream(stream), ptx_version(ptx_version),
          kernel_source(kernel_source), launcher_factory(launcher_factory)
    {
    }

    /* simt's sort, whatever the policy (its values tune a GPU).  As in
     * CUB, the policy may also be passed as an argument.  No items:
     * nothing to do, and the size query says 0 bytes. */
    template <typename ActivePolicyT>
    cudaError_t Invoke(ActivePolicyT = {})
    {
        if (num_items == 0) {
            if (!d_temp_storage)
                temp_storage_bytes = 0;
            return cudaSuccess;
        }
        return simt_cub::merge_sort<KeyT, ValueT>("cub::DispatchMergeSort", d_temp_storage, temp_storage_bytes,
                                                  d_input_keys, d_input_items, d_output_keys, d_output_items,
                                                  simt_cub::count_of(num_items), compare_op, stream);
    }

    template <typename MaxPolicyT = typename PolicyHub::MaxPolicy>
    static cudaError_t Dispatch(void *d_temp_storage, size_t &temp_storage_bytes, KeyInputIteratorT d_input_keys,
                                ValueInputIteratorT d_input_items, KeyIteratorT d_output_keys,
                                ValueIteratorT d_output_items, OffsetT num_items, CompareOpT compare_op,
                                cudaStream_t stream, KernelSource kernel_source = {},
                                KernelLauncherFactory launcher_factory = {}, MaxPolicyT = {})
    {
        int ptx_version = 0;
        cudaError_t error = PtxVersion(ptx_version);
        if (error != cudaSuccess)
            return error;
        DispatchMergeSort dispatch(d_temp_storage, temp_storage_bytes, d_input_keys, d_input_items, d_output_keys,
                                   d_output_items, num_items, compare_op, stream, ptx_version, kernel_source,
                                   launcher_factory);
        return MaxPolicyT::Invoke(ptx_version, dispatch);
    }
};

CUB_NAMESPACE_END

#endif
