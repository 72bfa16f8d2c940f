/*
 * cub/device/dispatch/dispatch_rle.cuh: cub::DeviceRleDispatch (CUB 3.0's
 * parameters; dispatch_common.cuh says how simt runs it): the offset and
 * length of each run longer than one item, runs being what equality_op
 * finds equal, as by cub::DeviceRunLengthEncode::NonTrivialRuns.  (CUB's
 * Encode goes through DispatchReduceByKey instead.)  Offsets are written
 * as OffsetT, lengths as the lengths iterator's value type (OffsetT if it
 * has none).
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_DISPATCH_RLE_CUH
#define SIMT_CUB_DEVICE_DISPATCH_DISPATCH_RLE_CUH
#pragma GCC system_header

#include "dispatch_common.cuh"
#include "tuning/tuning_run_length_encode.cuh"
#include "../device_run_length_encode.cuh"

CUB_NAMESPACE_BEGIN

template <typename InputIteratorT, typename OffsetsOutputIteratorT, typename LengthsOutputIteratorT,
          typename NumRunsOutputIteratorT, typename EqualityOpT, typename OffsetT,
          typename PolicyHub = detail::rle::non_trivial_runs::policy_hub<
              detail::non_void_value_t<LengthsOutputIteratorT, OffsetT>, detail::it_value_t<InputIteratorT>>>
struct DeviceRleDispatch {
    using LengthT = detail::non_void_value_t<LengthsOutputIteratorT, OffsetT>;

    using MaxPolicy = typename PolicyHub::MaxPolicy;

    /* The dispatch object: a closure over the arguments, which the policy
     * chain invokes with the policy it selected (CUB's keeps no PTX
     * version). */
    void *d_temp_storage;
    size_t &temp_storage_bytes;
    InputIteratorT d_in;
    OffsetsOutputIteratorT d_offsets_out;
    LengthsOutputIteratorT d_lengths_out;
    NumRunsOutputIteratorT d_num_runs_out;
    EqualityOpT equality_op;
    OffsetT num_items;
    cudaStream_t stream;

    DeviceRleDispatch(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                      OffsetsOutputIteratorT d_offsets_out, LengthsOutputIteratorT d_lengths_out,
                      NumRunsOutputIteratorT d_num_runs_out, EqualityOpT equality_op, OffsetT num_items,
                      cudaStream_t stream)
        : d_temp_storage(d_temp_storage), temp_storage_bytes(temp_storage_bytes), d_in(d_in),
          d_offsets_out(d_offsets_out), d_lengths_out(d_lengths_out), d_num_runs_out(d_num_runs_out),
          equality_op(equality_op), num_items(num_items), stream(stream)
    {
    }

    /* simt's non-trivial runs, whatever the policy (its values tune a
     * GPU). */
    template <typename ActivePolicyT>
    cudaError_t Invoke()
    {
        return simt_cub::nontrivial_runs<OffsetT, LengthT>("cub::DeviceRleDispatch", d_temp_storage,
                                                          temp_storage_bytes, d_in, d_offsets_out, d_lengths_out,
                                                          d_num_runs_out, equality_op,
                                                          simt_cub::count_of(num_items), stream);
    }

    static cudaError_t Dispatch(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                OffsetsOutputIteratorT d_offsets_out, LengthsOutputIteratorT d_lengths_out,
                                NumRunsOutputIteratorT d_num_runs_out, EqualityOpT equality_op, OffsetT num_items,
                                cudaStream_t stream)
    {
        int ptx_version = 0;
        cudaError_t error = PtxVersion(ptx_version);
        if (error != cudaSuccess)
            return error;
        DeviceRleDispatch dispatch(d_temp_storage, temp_storage_bytes, d_in, d_offsets_out, d_lengths_out,
                                   d_num_runs_out, equality_op, num_items, stream);
        return MaxPolicy::Invoke(ptx_version, dispatch);
    }
};

CUB_NAMESPACE_END

#endif
