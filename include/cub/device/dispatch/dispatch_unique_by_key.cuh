/*
 * cub/device/dispatch/dispatch_unique_by_key.cuh: cub::DispatchUniqueByKey
 * (CUB 3.0's parameters; dispatch_common.cuh says how simt runs it).  The
 * first key of each run of keys equality_op finds equal, and its value,
 * are kept, as by cub::DeviceSelect::UniqueByKey.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_DISPATCH_UNIQUE_BY_KEY_CUH
#define SIMT_CUB_DEVICE_DISPATCH_DISPATCH_UNIQUE_BY_KEY_CUH
#pragma GCC system_header

#include "dispatch_common.cuh"
#include "tuning/tuning_unique_by_key.cuh"
#include "../device_select.cuh"

CUB_NAMESPACE_BEGIN

template <typename KeyInputIteratorT, typename ValueInputIteratorT, typename KeyOutputIteratorT,
          typename ValueOutputIteratorT, typename NumSelectedIteratorT, typename EqualityOpT, typename OffsetT,
          typename PolicyHub = detail::unique_by_key::policy_hub<detail::it_value_t<KeyInputIteratorT>,
                                                                 detail::it_value_t<ValueInputIteratorT>>,
          typename KernelSource = detail::simt_dispatch::unused,
          typename KernelLauncherFactory = detail::simt_dispatch::unused,
          typename VSMemHelperT = detail::simt_dispatch::unused,
          typename KeyT = detail::it_value_t<KeyInputIteratorT>,
          typename ValueT = detail::it_value_t<ValueInputIteratorT>>
struct DispatchUniqueByKey {
    using MaxPolicy = typename PolicyHub::MaxPolicy;

    /* The dispatch object: a closure over the arguments, which the policy
     * chain invokes with the policy it selected (CUB's keeps no PTX
     * version). */
    void *d_temp_storage;
    size_t &temp_storage_bytes;
    KeyInputIteratorT d_keys_in;
    ValueInputIteratorT d_values_in;
    KeyOutputIteratorT d_keys_out;
    ValueOutputIteratorT d_values_out;
    NumSelectedIteratorT d_num_selected_out;
    EqualityOpT equality_op;
    OffsetT num_items;
    cudaStream_t stream;
    KernelSource kernel_source;
    KernelLauncherFactory launcher_factory;

    DispatchUniqueByKey(void *d_temp_storage, size_t &temp_storage_bytes, KeyInputIteratorT d_keys_in,
                        ValueInputIteratorT d_values_in, KeyOutputIteratorT d_keys_out,
                        ValueOutputIteratorT d_values_out, NumSelectedIteratorT d_num_selected_out,
                        EqualityOpT equality_op, OffsetT num_items, cudaStream_t stream,
                        KernelSource kernel_source = {}, KernelLauncherFactory launcher_factory = {})
        : d_temp_storage(d_temp_storage), temp_storage_bytes(temp_storage_bytes), d_keys_in(d_keys_in),
          d_values_in(d_values_in), d_keys_out(d_keys_out), d_values_out(d_values_out),
          d_num_selected_out(d_num_selected_out), equality_op(equality_op), num_items(num_items), stream(stream),
          kernel_source(kernel_source), launcher_factory(launcher_factory)
    {
    }

    /* simt's unique-by-key, whatever the policy (its values tune a GPU). */
    template <typename ActivePolicyT>
    cudaError_t Invoke()
    {
        return simt_cub::runs(
            "cub::DispatchUniqueByKey", d_temp_storage, temp_storage_bytes, simt_cub::count_of(num_items),
            simt_cub::make_heads(d_keys_in, equality_op), [](simt_cub::index_t) { return true; },
            [keys_in = d_keys_in, values_in = d_values_in, keys_out = d_keys_out, values_out = d_values_out](
                simt_cub::index_t h, simt_cub::index_t k, simt_cub::index_t) mutable {
                keys_out[k] = keys_in[h];
                values_out[k] = values_in[h];
            },
            d_num_selected_out, stream);
    }

    template <typename MaxPolicyT = typename PolicyHub::MaxPolicy>
    static cudaError_t Dispatch(void *d_temp_storage, size_t &temp_storage_bytes, KeyInputIteratorT d_keys_in,
                                ValueInputIteratorT d_values_in, KeyOutputIteratorT d_keys_out,
                                ValueOutputIteratorT d_values_out, NumSelectedIteratorT d_num_selected_out,
                                EqualityOpT equality_op, OffsetT num_items, cudaStream_t stream,
                                KernelSource kernel_source = {}, KernelLauncherFactory launcher_factory = {},
                                MaxPolicyT = {})
    {
        int ptx_version = 0;
        cudaError_t error = PtxVersion(ptx_version);
        if (error != cudaSuccess)
            return error;
        DispatchUniqueByKey dispatch(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_keys_out,
                                     d_values_out, d_num_selected_out, equality_op, num_items, stream, kernel_source,
                                     launcher_factory);
        return MaxPolicyT::Invoke(ptx_version, dispatch);
    }
};

CUB_NAMESPACE_END

#endif
