/*
 * cub/device/dispatch/dispatch_select_if.cuh: cub::DispatchSelectIf (CUB
 * 3.0's parameters; dispatch_common.cuh says how simt runs it).  As in
 * CUB, the types say how items are chosen: a SelectOpT other than NullType
 * is applied to the flag (FlagsInputIteratorT's value type not NullType)
 * or else to the item; flags alone select by their truth; with neither,
 * EqualityOpT keeps the first item of each run of equal items (Unique).
 * SelectImpl::Partition writes the rejected items too: after the selected
 * ones in reverse order, or, through a partition_distinct_output_t, to
 * their own iterator in input order.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_DISPATCH_SELECT_IF_CUH
#define SIMT_CUB_DEVICE_DISPATCH_DISPATCH_SELECT_IF_CUH
#pragma GCC system_header

#include "dispatch_common.cuh"
#include "tuning/tuning_select_if.cuh"
#include "../device_select.cuh"
#include "../device_partition.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace select {
using per_partition_offset_t = ::cuda::std::int32_t;

/* A partition's two outputs, each written in input order. */
template <typename SelectedOutputItT, typename RejectedOutputItT>
struct partition_distinct_output_t {
    using selected_iterator_t = SelectedOutputItT;
    using rejected_iterator_t = RejectedOutputItT;

    selected_iterator_t selected_it;
    rejected_iterator_t rejected_it;
};

template <typename OutputIterator>
struct is_partition_distinct_output_t : ::cuda::std::false_type {
};
template <typename SelectedOutputItT, typename RejectedOutputItT>
struct is_partition_distinct_output_t<partition_distinct_output_t<SelectedOutputItT, RejectedOutputItT>>
    : ::cuda::std::true_type {
};

/* Whether two iterators are one sequence (an in-place selection). */
template <class T, class = void>
struct simt_comparable : ::std::false_type {
};
template <class T>
struct simt_comparable<T, ::std::void_t<decltype(::std::declval<const T &>() == ::std::declval<const T &>())>>
    : ::std::true_type {
};
template <class A, class B>
inline bool simt_same(const A &a, const B &b)
{
    if constexpr (::std::is_pointer<A>::value && ::std::is_pointer<B>::value)
        return (const void *)a == (const void *)b;
    else if constexpr (::std::is_same<A, B>::value && simt_comparable<A>::value)
        return a == b;
    else
        return false;
}

/* For distinct partitions simt runs its three-way partition with an
 * empty second part over item indices: these put the item an index names
 * into an output, and pass on only the first count. */
template <class Out, class In>
struct simt_gather {
    Out out;
    In in;
    struct ref {
        Out out;
        In in;
        simt_cub::index_t k;
        void operator=(simt_cub::index_t i) { out[k] = in[i]; }
    };
    ref operator[](simt_cub::index_t k) const { return ref{out, in, k}; }
};
struct simt_indices {
    simt_cub::index_t operator[](simt_cub::index_t i) const { return i; }
};
template <class NumOut>
struct simt_first_count {
    NumOut out;
    struct ref {
        NumOut out;
        bool first;
        void operator=(simt_cub::index_t v)
        {
            if (first)
                *out = v;
        }
    };
    ref operator[](int j) const { return ref{out, j == 0}; }
};
} /* namespace select */
} /* namespace detail */

template <typename InputIteratorT, typename FlagsInputIteratorT, typename SelectedOutputIteratorT,
          typename NumSelectedIteratorT, typename SelectOpT, typename EqualityOpT, typename OffsetT,
          SelectImpl SelectionOpt,
          typename PolicyHub = detail::select::policy_hub<
              detail::it_value_t<InputIteratorT>, detail::it_value_t<FlagsInputIteratorT>,
              typename ::std::conditional<SelectionOpt == SelectImpl::Partition, OffsetT,
                                          detail::select::per_partition_offset_t>::type,
              detail::select::is_partition_distinct_output_t<SelectedOutputIteratorT>::value, SelectionOpt>>
struct DispatchSelectIf {
    using MaxPolicy = typename PolicyHub::MaxPolicy;

    /* The dispatch object: a closure over the arguments, which the policy
     * chain invokes with the policy it selected. */
    void *d_temp_storage;
    size_t &temp_storage_bytes;
    InputIteratorT d_in;
    FlagsInputIteratorT d_flags;
    SelectedOutputIteratorT d_selected_out;
    NumSelectedIteratorT d_num_selected_out;
    SelectOpT select_op;
    EqualityOpT equality_op;
    OffsetT num_items;
    cudaStream_t stream;
    int ptx_version;

    DispatchSelectIf(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                     FlagsInputIteratorT d_flags, SelectedOutputIteratorT d_selected_out,
                     NumSelectedIteratorT d_num_selected_out, SelectOpT select_op, EqualityOpT equality_op,
                     OffsetT num_items, cudaStream_t stream, int ptx_version)
        : d_temp_storage(d_temp_storage), temp_storage_bytes(temp_storage_bytes), d_in(d_in), d_flags(d_flags),
          d_selected_out(d_selected_out), d_num_selected_out(d_num_selected_out), select_op(select_op),
          equality_op(equality_op), num_items(num_items), stream(stream), ptx_version(ptx_version)
    {
    }

    /* simt's selection, whatever the policy (its values tune a GPU). */
    template <typename ActivePolicyT>
    cudaError_t Invoke()
    {
        constexpr bool has_op = !::std::is_same<SelectOpT, NullType>::value;
        constexpr bool has_flags = !::std::is_same<detail::it_value_t<FlagsInputIteratorT>, NullType>::value;
        constexpr bool distinct = detail::select::is_partition_distinct_output_t<SelectedOutputIteratorT>::value;
        static_assert(!distinct || SelectionOpt == SelectImpl::Partition,
                      "cub::DispatchSelectIf: a partition_distinct_output_t is a partition's output");
        const char *name = "cub::DispatchSelectIf";
        simt_cub::index_t n = simt_cub::count_of(num_items);
        /* Whether item i (of `data`, the input or, in place, the sequence
         * being compacted) is selected.  Unique looks at item i - 1 too:
         * compaction in place never overwrites it before item i is judged
         * (see select_in_place). */
        auto pick_of = [this](auto data) {
            return [data, flags = d_flags, op = select_op, heads = simt_cub::make_heads(data, equality_op)](
                       simt_cub::index_t i) mutable -> bool {
                if constexpr (has_op && has_flags)
                    return (bool)op(flags[i]);
                else if constexpr (has_op)
                    return (bool)op(data[i]);
                else if constexpr (has_flags)
                    return (bool)flags[i];
                else
                    return heads(i);
            };
        };
        if constexpr (distinct) {
            detail::select::simt_gather<typename SelectedOutputIteratorT::selected_iterator_t, InputIteratorT>
                selected{d_selected_out.selected_it, d_in};
            detail::select::simt_gather<typename SelectedOutputIteratorT::rejected_iterator_t, InputIteratorT>
                rejected{d_selected_out.rejected_it, d_in};
            auto pick = pick_of(d_in);
            return simt_cub::partition3(
                name, d_temp_storage, temp_storage_bytes, detail::select::simt_indices{}, selected, selected,
                rejected, [pick](simt_cub::index_t i) mutable { return pick(i); },
                [](simt_cub::index_t) { return false; },
                detail::select::simt_first_count<NumSelectedIteratorT>{d_num_selected_out}, n, stream);
        } else if constexpr (SelectionOpt == SelectImpl::Partition) {
            return simt_cub::select<simt_cub::OUT_PARTITION>(name, d_temp_storage, temp_storage_bytes, d_in,
                                                             d_selected_out, pick_of(d_in), d_num_selected_out, n,
                                                             stream);
        } else {
            /* The size query is answered for both ways, the larger, since
             * the call doing the work may alias or not. */
            if constexpr (SelectionOpt == SelectImpl::SelectPotentiallyInPlace) {
                if (!d_temp_storage) {
                    size_t a = 0, b = 0;
                    simt_cub::select_in_place(name, nullptr, a, d_selected_out, pick_of(d_selected_out),
                                              d_num_selected_out, n, stream);
                    simt_cub::select<simt_cub::OUT_SELECT>(name, nullptr, b, d_in, d_selected_out, pick_of(d_in),
                                                           d_num_selected_out, n, stream);
                    temp_storage_bytes = a > b ? a : b;
                    return cudaSuccess;
                }
                if (detail::select::simt_same(d_in, d_selected_out))
                    return simt_cub::select_in_place(name, d_temp_storage, temp_storage_bytes, d_selected_out,
                                                     pick_of(d_selected_out), d_num_selected_out, n, stream);
            }
            return simt_cub::select<simt_cub::OUT_SELECT>(name, d_temp_storage, temp_storage_bytes, d_in,
                                                          d_selected_out, pick_of(d_in), d_num_selected_out, n,
                                                          stream);
        }
    }

    static cudaError_t Dispatch(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                FlagsInputIteratorT d_flags, SelectedOutputIteratorT d_selected_out,
                                NumSelectedIteratorT d_num_selected_out, SelectOpT select_op, EqualityOpT equality_op,
                                OffsetT num_items, cudaStream_t stream)
    {
        int ptx_version = 0;
        cudaError_t error = PtxVersion(ptx_version);
        if (error != cudaSuccess)
            return error;
        DispatchSelectIf dispatch(d_temp_storage, temp_storage_bytes, d_in, d_flags, d_selected_out,
                                  d_num_selected_out, select_op, equality_op, num_items, stream, ptx_version);
        return MaxPolicy::Invoke(ptx_version, dispatch);
    }
};

CUB_NAMESPACE_END

#endif
