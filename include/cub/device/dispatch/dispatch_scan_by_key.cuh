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
#include "tuning/tuning_scan_by_key.cuh"
#include "../device_scan.cuh"

CUB_NAMESPACE_BEGIN

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

    using KeyT = detail::it_value_t<KeysInputIteratorT>;
    using InputT = detail::it_value_t<ValuesInputIteratorT>;

    using MaxPolicy = typename PolicyHub::MaxPolicy;

    /* The dispatch object: a closure over the arguments, which the policy
     * chain invokes with the policy it selected. */
    void *d_temp_storage;
    size_t &temp_storage_bytes;
    KeysInputIteratorT d_keys_in;
    ValuesInputIteratorT d_values_in;
    ValuesOutputIteratorT d_values_out;
    EqualityOp equality_op;
    ScanOpT scan_op;
    InitValueT init_value;
    OffsetT num_items;
    cudaStream_t stream;
    int ptx_version;

    DispatchScanByKey(void *d_temp_storage, size_t &temp_storage_bytes, KeysInputIteratorT d_keys_in,
                      ValuesInputIteratorT d_values_in, ValuesOutputIteratorT d_values_out, EqualityOp equality_op,
                      ScanOpT scan_op, InitValueT init_value, OffsetT num_items, cudaStream_t stream,
                      int ptx_version)
        : d_temp_storage(d_temp_storage), temp_storage_bytes(temp_storage_bytes), d_keys_in(d_keys_in),
          d_values_in(d_values_in), d_values_out(d_values_out), equality_op(equality_op), scan_op(scan_op),
          init_value(init_value), num_items(num_items), stream(stream), ptx_version(ptx_version)
    {
    }

    /* simt's scan-by-key, whatever the policy (its values tune a GPU).  An
     * inclusive scan never reads init_value, so NullType passes. */
    template <typename ActivePolicyT>
    cudaError_t Invoke()
    {
        constexpr bool exclusive = !::std::is_same<InitValueT, NullType>::value;
        return simt_cub::scan_by_key<AccumT, exclusive>(
            "cub::DispatchScanByKey", d_temp_storage, temp_storage_bytes, d_keys_in,
            [values_in = d_values_in](simt_cub::index_t i) { return values_in[i]; }, d_values_out, equality_op,
            scan_op, init_value, simt_cub::count_of(num_items), stream);
    }

    static cudaError_t Dispatch(void *d_temp_storage, size_t &temp_storage_bytes, KeysInputIteratorT d_keys_in,
                                ValuesInputIteratorT d_values_in, ValuesOutputIteratorT d_values_out,
                                EqualityOp equality_op, ScanOpT scan_op, InitValueT init_value, OffsetT num_items,
                                cudaStream_t stream)
    {
        int ptx_version = 0;
        cudaError_t error = PtxVersion(ptx_version);
        if (error != cudaSuccess)
            return error;
        DispatchScanByKey dispatch(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_values_out,
                                   equality_op, scan_op, init_value, num_items, stream, ptx_version);
        return MaxPolicy::Invoke(ptx_version, dispatch);
    }
};

CUB_NAMESPACE_END

#endif
