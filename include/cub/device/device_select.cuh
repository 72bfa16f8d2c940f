/*
 * cub/device/device_select.cuh: cub::DeviceSelect (CUB 3.0's API):
 * Flagged, If, FlaggedIf (each also in place), Unique, UniqueByKey.
 * Selected items keep their input order; *d_num_selected_out gets their
 * count.  Unique keeps the first item of each run of equal items.
 */
#ifndef SIMT_CUB_DEVICE_SELECT_CUH
#define SIMT_CUB_DEVICE_SELECT_CUH
#pragma GCC system_header

#include "../detail/simt_select.cuh"
#include "../detail/simt_runs.cuh"

CUB_NAMESPACE_BEGIN

struct DeviceSelect {
    template <typename InputIteratorT, typename FlagIterator, typename OutputIteratorT,
              typename NumSelectedIteratorT>
    static cudaError_t Flagged(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                               FlagIterator d_flags, OutputIteratorT d_out,
                               NumSelectedIteratorT d_num_selected_out, ::cuda::std::int64_t num_items,
                               cudaStream_t stream = 0)
    {
        return simt_cub::select<simt_cub::OUT_SELECT>(
            "cub::DeviceSelect::Flagged", d_temp_storage, temp_storage_bytes, d_in, d_out,
            [d_flags](simt_cub::index_t i) { return (bool)d_flags[i]; }, d_num_selected_out,
            simt_cub::count_of(num_items), stream);
    }
    template <typename IteratorT, typename FlagIterator, typename NumSelectedIteratorT>
    static cudaError_t Flagged(void *d_temp_storage, size_t &temp_storage_bytes, IteratorT d_data,
                               FlagIterator d_flags, NumSelectedIteratorT d_num_selected_out,
                               ::cuda::std::int64_t num_items, cudaStream_t stream = 0)
    {
        return simt_cub::select_in_place(
            "cub::DeviceSelect::Flagged", d_temp_storage, temp_storage_bytes, d_data,
            [d_flags](simt_cub::index_t i) { return (bool)d_flags[i]; }, d_num_selected_out,
            simt_cub::count_of(num_items), stream);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename NumSelectedIteratorT,
              typename SelectOp>
    static cudaError_t If(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                          OutputIteratorT d_out, NumSelectedIteratorT d_num_selected_out,
                          ::cuda::std::int64_t num_items, SelectOp select_op, cudaStream_t stream = 0)
    {
        return simt_cub::select<simt_cub::OUT_SELECT>(
            "cub::DeviceSelect::If", d_temp_storage, temp_storage_bytes, d_in, d_out,
            [d_in, select_op](simt_cub::index_t i) mutable { return (bool)select_op(d_in[i]); },
            d_num_selected_out, simt_cub::count_of(num_items), stream);
    }
    template <typename IteratorT, typename NumSelectedIteratorT, typename SelectOp>
    static cudaError_t If(void *d_temp_storage, size_t &temp_storage_bytes, IteratorT d_data,
                          NumSelectedIteratorT d_num_selected_out, ::cuda::std::int64_t num_items,
                          SelectOp select_op, cudaStream_t stream = 0)
    {
        return simt_cub::select_in_place(
            "cub::DeviceSelect::If", d_temp_storage, temp_storage_bytes, d_data,
            [d_data, select_op](simt_cub::index_t i) mutable { return (bool)select_op(d_data[i]); },
            d_num_selected_out, simt_cub::count_of(num_items), stream);
    }
    template <typename InputIteratorT, typename FlagIterator, typename OutputIteratorT,
              typename NumSelectedIteratorT, typename SelectOp>
    static cudaError_t FlaggedIf(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                 FlagIterator d_flags, OutputIteratorT d_out,
                                 NumSelectedIteratorT d_num_selected_out, ::cuda::std::int64_t num_items,
                                 SelectOp select_op, cudaStream_t stream = 0)
    {
        return simt_cub::select<simt_cub::OUT_SELECT>(
            "cub::DeviceSelect::FlaggedIf", d_temp_storage, temp_storage_bytes, d_in, d_out,
            [d_flags, select_op](simt_cub::index_t i) mutable { return (bool)select_op(d_flags[i]); },
            d_num_selected_out, simt_cub::count_of(num_items), stream);
    }
    template <typename IteratorT, typename FlagIterator, typename NumSelectedIteratorT, typename SelectOp>
    static cudaError_t FlaggedIf(void *d_temp_storage, size_t &temp_storage_bytes, IteratorT d_data,
                                 FlagIterator d_flags, NumSelectedIteratorT d_num_selected_out,
                                 ::cuda::std::int64_t num_items, SelectOp select_op, cudaStream_t stream = 0)
    {
        return simt_cub::select_in_place(
            "cub::DeviceSelect::FlaggedIf", d_temp_storage, temp_storage_bytes, d_data,
            [d_flags, select_op](simt_cub::index_t i) mutable { return (bool)select_op(d_flags[i]); },
            d_num_selected_out, simt_cub::count_of(num_items), stream);
    }

    template <typename InputIteratorT, typename OutputIteratorT, typename NumSelectedIteratorT>
    static cudaError_t Unique(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, NumSelectedIteratorT d_num_selected_out,
                              ::cuda::std::int64_t num_items, cudaStream_t stream = 0)
    {
        return simt_cub::runs(
            "cub::DeviceSelect::Unique", d_temp_storage, temp_storage_bytes, simt_cub::count_of(num_items),
            simt_cub::make_heads(d_in, ::cuda::std::equal_to<>()), [](simt_cub::index_t) { return true; },
            [d_in, d_out](simt_cub::index_t h, simt_cub::index_t k, simt_cub::index_t) mutable {
                d_out[k] = d_in[h];
            },
            d_num_selected_out, stream);
    }

    template <typename KeyInputIteratorT, typename ValueInputIteratorT, typename KeyOutputIteratorT,
              typename ValueOutputIteratorT, typename NumSelectedIteratorT, typename NumItemsT,
              typename EqualityOpT>
    static
        typename ::std::enable_if<!::std::is_convertible<EqualityOpT, cudaStream_t>::value, cudaError_t>::type
        UniqueByKey(void *d_temp_storage, size_t &temp_storage_bytes, KeyInputIteratorT d_keys_in,
                    ValueInputIteratorT d_values_in, KeyOutputIteratorT d_keys_out,
                    ValueOutputIteratorT d_values_out, NumSelectedIteratorT d_num_selected_out,
                    NumItemsT num_items, EqualityOpT equality_op, cudaStream_t stream = 0)
    {
        return simt_cub::runs(
            "cub::DeviceSelect::UniqueByKey", d_temp_storage, temp_storage_bytes,
            simt_cub::count_of(num_items), simt_cub::make_heads(d_keys_in, equality_op),
            [](simt_cub::index_t) { return true; },
            [d_keys_in, d_values_in, d_keys_out, d_values_out](simt_cub::index_t h, simt_cub::index_t k,
                                                               simt_cub::index_t) mutable {
                d_keys_out[k] = d_keys_in[h];
                d_values_out[k] = d_values_in[h];
            },
            d_num_selected_out, stream);
    }
    template <typename KeyInputIteratorT, typename ValueInputIteratorT, typename KeyOutputIteratorT,
              typename ValueOutputIteratorT, typename NumSelectedIteratorT, typename NumItemsT>
    static cudaError_t UniqueByKey(void *d_temp_storage, size_t &temp_storage_bytes,
                                   KeyInputIteratorT d_keys_in, ValueInputIteratorT d_values_in,
                                   KeyOutputIteratorT d_keys_out, ValueOutputIteratorT d_values_out,
                                   NumSelectedIteratorT d_num_selected_out, NumItemsT num_items,
                                   cudaStream_t stream = 0)
    {
        return UniqueByKey(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_keys_out,
                           d_values_out, d_num_selected_out, num_items, ::cuda::std::equal_to<>{}, stream);
    }
};

CUB_NAMESPACE_END

#endif
