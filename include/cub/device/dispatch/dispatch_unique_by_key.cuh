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
#include "../device_select.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace unique_by_key {
template <class KeyT, class ValueT>
struct policy_hub : simt_dispatch::hub {
};
} /* namespace unique_by_key */
} /* namespace detail */

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

    template <typename MaxPolicyT = typename PolicyHub::MaxPolicy>
    static cudaError_t Dispatch(void *d_temp_storage, size_t &temp_storage_bytes, KeyInputIteratorT d_keys_in,
                                ValueInputIteratorT d_values_in, KeyOutputIteratorT d_keys_out,
                                ValueOutputIteratorT d_values_out, NumSelectedIteratorT d_num_selected_out,
                                EqualityOpT equality_op, OffsetT num_items, cudaStream_t stream,
                                KernelSource = {}, KernelLauncherFactory = {}, MaxPolicyT = {})
    {
        return detail::simt_dispatch::dispatch<MaxPolicyT>([&] {
            return simt_cub::runs(
                "cub::DispatchUniqueByKey", d_temp_storage, temp_storage_bytes, simt_cub::count_of(num_items),
                simt_cub::make_heads(d_keys_in, equality_op), [](simt_cub::index_t) { return true; },
                [d_keys_in, d_values_in, d_keys_out, d_values_out](simt_cub::index_t h, simt_cub::index_t k,
                                                                   simt_cub::index_t) mutable {
                    d_keys_out[k] = d_keys_in[h];
                    d_values_out[k] = d_values_in[h];
                },
                d_num_selected_out, stream);
        });
    }
};

CUB_NAMESPACE_END

#endif
