/*
 * cub/device/dispatch/dispatch_reduce_by_key.cuh: cub::DispatchReduceByKey
 * (CUB 3.0's parameters; dispatch_common.cuh says how simt runs it).  The
 * results are cub::DeviceReduce::ReduceByKey's, with the caller's
 * equality operator and accumulator type: each run's last key (as CUB
 * writes it), its values' fold, and the number of runs (0 for no items,
 * written as CUB's init kernel writes it).
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_DISPATCH_REDUCE_BY_KEY_CUH
#define SIMT_CUB_DEVICE_DISPATCH_DISPATCH_REDUCE_BY_KEY_CUH
#pragma GCC system_header

#include "dispatch_common.cuh"
#include "tuning/tuning_reduce_by_key.cuh"
#include "../device_reduce.cuh"

CUB_NAMESPACE_BEGIN

template <typename KeysInputIteratorT, typename UniqueOutputIteratorT, typename ValuesInputIteratorT,
          typename AggregatesOutputIteratorT, typename NumRunsOutputIteratorT, typename EqualityOpT,
          typename ReductionOpT, typename OffsetT,
          typename AccumT = simt_cub::accum_t<ReductionOpT, detail::it_value_t<ValuesInputIteratorT>,
                                              detail::it_value_t<ValuesInputIteratorT>>,
          typename PolicyHub = detail::reduce_by_key::policy_hub<
              ReductionOpT, AccumT,
              detail::non_void_value_t<UniqueOutputIteratorT, detail::it_value_t<KeysInputIteratorT>>>>
struct DispatchReduceByKey {
    using ValueInputT = detail::it_value_t<ValuesInputIteratorT>;

    using MaxPolicy = typename PolicyHub::MaxPolicy;

    /* The dispatch object: a closure over the arguments, which the policy
     * chain invokes with the policy it selected (CUB's keeps no PTX
     * version). */
    void *d_temp_storage;
    size_t &temp_storage_bytes;
    KeysInputIteratorT d_keys_in;
    UniqueOutputIteratorT d_unique_out;
    ValuesInputIteratorT d_values_in;
    AggregatesOutputIteratorT d_aggregates_out;
    NumRunsOutputIteratorT d_num_runs_out;
    EqualityOpT equality_op;
    ReductionOpT reduction_op;
    OffsetT num_items;
    cudaStream_t stream;

    DispatchReduceByKey(void *d_temp_storage, size_t &temp_storage_bytes, KeysInputIteratorT d_keys_in,
                        UniqueOutputIteratorT d_unique_out, ValuesInputIteratorT d_values_in,
                        AggregatesOutputIteratorT d_aggregates_out, NumRunsOutputIteratorT d_num_runs_out,
                        EqualityOpT equality_op, ReductionOpT reduction_op, OffsetT num_items, cudaStream_t stream)
        : d_temp_storage(d_temp_storage), temp_storage_bytes(temp_storage_bytes), d_keys_in(d_keys_in),
          d_unique_out(d_unique_out), d_values_in(d_values_in), d_aggregates_out(d_aggregates_out),
          d_num_runs_out(d_num_runs_out), equality_op(equality_op), reduction_op(reduction_op),
          num_items(num_items), stream(stream)
    {
    }

    /* simt's reduce-by-key, whatever the policy (its values tune a GPU). */
    template <typename ActivePolicyT>
    cudaError_t Invoke()
    {
        return simt_cub::reduce_by_key<AccumT>(
            "cub::DispatchReduceByKey", d_temp_storage, temp_storage_bytes, d_keys_in, d_unique_out,
            [values_in = d_values_in](simt_cub::index_t i) { return values_in[i]; }, d_aggregates_out,
            d_num_runs_out, equality_op, reduction_op, simt_cub::count_of(num_items), stream);
    }

    static cudaError_t Dispatch(void *d_temp_storage, size_t &temp_storage_bytes, KeysInputIteratorT d_keys_in,
                                UniqueOutputIteratorT d_unique_out, ValuesInputIteratorT d_values_in,
                                AggregatesOutputIteratorT d_aggregates_out, NumRunsOutputIteratorT d_num_runs_out,
                                EqualityOpT equality_op, ReductionOpT reduction_op, OffsetT num_items,
                                cudaStream_t stream)
    {
        int ptx_version = 0;
        cudaError_t error = PtxVersion(ptx_version);
        if (error != cudaSuccess)
            return error;
        DispatchReduceByKey dispatch(d_temp_storage, temp_storage_bytes, d_keys_in, d_unique_out, d_values_in,
                                     d_aggregates_out, d_num_runs_out, equality_op, reduction_op, num_items, stream);
        return MaxPolicy::Invoke(ptx_version, dispatch);
    }
};

CUB_NAMESPACE_END

#endif
