/*
 * cub/device/dispatch/dispatch_scan_by_key.cuh: cub::DispatchScanByKey
 * (CUB 3.0's parameters; dispatch_common.cuh says how simt runs it).
 * InitValueT is NullType for an inclusive scan, else the value an
 * exclusive scan starts every run from (a plain value here, not a
 * detail::InputValue as DispatchScan takes).  The results are
 * cub::DeviceScan's *ByKey ones, with the caller's accumulator type.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_DISPATCH_SCAN_BY_KEY_CUH
#define SIMT_CUB_DEVICE_DISPATCH_DISPATCH_SCAN_BY_KEY_CUH
#pragma GCC system_header

#include "dispatch_common.cuh"
#include "../device_scan.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace scan_by_key {
template <typename KeysInputIteratorT, typename AccumT, typename ValueT, typename ScanOpT>
struct policy_hub : simt_dispatch::hub {
};
} /* namespace scan_by_key */
} /* namespace detail */

template <typename KeysInputIteratorT, typename ValuesInputIteratorT, typename ValuesOutputIteratorT,
          typename EqualityOp, typename ScanOpT, typename InitValueT, typename OffsetT,
          typename AccumT = simt_cub::accum_t<
              ScanOpT, detail::it_value_t<ValuesInputIteratorT>,
              typename ::std::conditional<::std::is_same<InitValueT, NullType>::value,
                                          detail::it_value_t<ValuesInputIteratorT>, InitValueT>::type>,
          typename PolicyHub = detail::scan_by_key::policy_hub<KeysInputIteratorT, AccumT,
                                                               detail::it_value_t<ValuesInputIteratorT>, ScanOpT>>
struct DispatchScanByKey {
    static_assert(::std::is_unsigned<OffsetT>::value && sizeof(OffsetT) >= 4,
                  "cub::DispatchScanByKey takes an unsigned offset type of 4 bytes or more, as CUB 3.0's does");

    using MaxPolicy = typename PolicyHub::MaxPolicy;

    static cudaError_t Dispatch(void *d_temp_storage, size_t &temp_storage_bytes, KeysInputIteratorT d_keys_in,
                                ValuesInputIteratorT d_values_in, ValuesOutputIteratorT d_values_out,
                                EqualityOp equality_op, ScanOpT scan_op, InitValueT init_value, OffsetT num_items,
                                cudaStream_t stream)
    {
        /* An inclusive scan never reads init_value, so NullType passes. */
        constexpr bool exclusive = !::std::is_same<InitValueT, NullType>::value;
        return detail::simt_dispatch::dispatch<MaxPolicy>([&] {
            return simt_cub::scan_by_key<AccumT, exclusive>(
                "cub::DispatchScanByKey", d_temp_storage, temp_storage_bytes, d_keys_in,
                [d_values_in](simt_cub::index_t i) { return d_values_in[i]; }, d_values_out, equality_op, scan_op,
                init_value, simt_cub::count_of(num_items), stream);
        });
    }
};

CUB_NAMESPACE_END

#endif
