/*
 * cub/device/dispatch/dispatch_adjacent_difference.cuh:
 * cub::DispatchAdjacentDifference and cub::ReadOption (CUB 3.0's
 * parameters; dispatch_common.cuh says how simt runs it).  The results are
 * cub::DeviceAdjacentDifference's: ReadOption::Left is SubtractLeft
 * (out[0] = in[0], out[i] = difference_op(in[i], in[i-1])), Right is
 * SubtractRight (out[i] = difference_op(in[i], in[i+1]), out[n-1] =
 * in[n-1]).  With MayAlias::No the output must not overlap the input; with
 * MayAlias::Yes it may be the input itself (CUB's in-place forms pass the
 * same iterator twice) or apart from it.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_DISPATCH_ADJACENT_DIFFERENCE_CUH
#define SIMT_CUB_DEVICE_DISPATCH_DISPATCH_ADJACENT_DIFFERENCE_CUH
#pragma GCC system_header

#include "dispatch_common.cuh"
#include "../device_adjacent_difference.cuh"

CUB_NAMESPACE_BEGIN

enum class ReadOption { Left, Right };

namespace detail {
namespace adjacent_difference {
template <typename InputIteratorT, bool MayAlias>
struct policy_hub : simt_dispatch::hub {
};

/* The output may be the input: each chunk's neighbour in the next chunk
 * towards which it reads (which that chunk overwrites) is saved first,
 * then each chunk walks away from the items it still needs, as simt's
 * in-place DeviceAdjacentDifference does; item 0 (Left) or n-1 (Right) is
 * copied, a no-op in place. */
template <bool Left, typename InputT, typename In, typename Out, typename Op>
inline cudaError_t simt_may_alias(void *d_temp, size_t &temp_bytes, In in, Out out, simt_cub::index_t n, Op op,
                                  cudaStream_t stream)
{
    const char *name = "cub::DispatchAdjacentDifference";
    simt_cub::chunks c(n);
    void *p[1];
    size_t sz[1] = {c.count * sizeof(InputT)};
    cudaError_t e = simt_cub::alias(d_temp, temp_bytes, p, sz);
    if (e != cudaSuccess || !d_temp || c.n == 0)
        return e;
    InputT *saved = (InputT *)p[0];
    e = simt_cub::launch(name, c.count, stream,
                         [=](unsigned b) { simt_cub::put(saved + b, in[Left ? c.hi(b) - 1 : c.lo(b)]); });
    if (e != cudaSuccess)
        return e;
    return simt_cub::launch(name, c.count, stream, [=](unsigned b) mutable {
        const simt_cub::index_t lo = c.lo(b), hi = c.hi(b);
        if constexpr (Left) {
            for (simt_cub::index_t i = hi - 1; i > lo; i--)
                out[i] = op(in[i], in[i - 1]);
            if (b > 0)
                out[lo] = op(in[lo], saved[b - 1]);
            else
                out[0] = InputT(in[0]);
        } else {
            for (simt_cub::index_t i = lo; i + 1 < hi; i++)
                out[i] = op(in[i], in[i + 1]);
            if (b + 1 < c.count)
                out[hi - 1] = op(in[hi - 1], saved[b + 1]);
            else
                out[hi - 1] = InputT(in[hi - 1]);
        }
    });
}
} /* namespace adjacent_difference */
} /* namespace detail */

template <typename InputIteratorT, typename OutputIteratorT, typename DifferenceOpT, typename OffsetT,
          MayAlias AliasOpt, ReadOption ReadOpt,
          typename PolicyHub = detail::adjacent_difference::policy_hub<InputIteratorT, AliasOpt == MayAlias::Yes>>
struct DispatchAdjacentDifference {
    using InputT = detail::it_value_t<InputIteratorT>;

    using MaxPolicy = typename PolicyHub::MaxPolicy;

    static cudaError_t Dispatch(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_input,
                                OutputIteratorT d_output, OffsetT num_items, DifferenceOpT difference_op,
                                cudaStream_t stream)
    {
        constexpr bool left = ReadOpt == ReadOption::Left;
        return detail::simt_dispatch::dispatch<MaxPolicy>([&] {
            if constexpr (AliasOpt == MayAlias::Yes)
                return detail::adjacent_difference::simt_may_alias<left, InputT>(
                    d_temp_storage, temp_storage_bytes, d_input, d_output, simt_cub::count_of(num_items),
                    difference_op, stream);
            else if constexpr (left)
                return DeviceAdjacentDifference::SubtractLeftCopy(d_temp_storage, temp_storage_bytes, d_input,
                                                                  d_output, num_items, difference_op, stream);
            else
                return DeviceAdjacentDifference::SubtractRightCopy(d_temp_storage, temp_storage_bytes, d_input,
                                                                   d_output, num_items, difference_op, stream);
        });
    }
};

CUB_NAMESPACE_END

#endif
