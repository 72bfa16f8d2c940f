/*
 * cub/device/device_adjacent_difference.cuh: cub::DeviceAdjacentDifference
 * (CUB 3.0's API).  SubtractLeft: out[0] = in[0], out[i] =
 * difference_op(in[i], in[i-1]); SubtractRight: out[i] =
 * difference_op(in[i], in[i+1]), out[n-1] = in[n-1].  The in-place forms
 * first save each chunk's neighbouring item (which another chunk
 * overwrites), then walk each chunk away from the items it still needs.
 */
#ifndef SIMT_CUB_DEVICE_ADJACENT_DIFFERENCE_CUH
#define SIMT_CUB_DEVICE_ADJACENT_DIFFERENCE_CUH
#pragma GCC system_header

#include "../detail/simt_core.cuh"

namespace simt_cub {

/* SubtractLeft (Left) or SubtractRight into out, which may be in itself:
 * each chunk's neighbour in the next chunk towards which it reads (which
 * that chunk overwrites) is saved first, then each chunk walks away from
 * the items it still needs; item 0 (Left) or n-1 (Right) is copied. */
template <bool Left, typename T, typename In, typename Out, typename Op>
inline cudaError_t adjacent_difference(const char *name, void *d_temp, size_t &temp_bytes, In in, Out out,
                                       index_t n, Op op, cudaStream_t stream)
{
    chunks c(n);
    void *p[1];
    size_t sz[1] = {c.count * sizeof(T)};
    cudaError_t e = alias(d_temp, temp_bytes, p, sz);
    if (e != cudaSuccess || !d_temp || c.n == 0)
        return e;
    T *saved = (T *)p[0];
    e = launch(name, c.count, stream, [=](unsigned b) { put(saved + b, in[Left ? c.hi(b) - 1 : c.lo(b)]); });
    if (e != cudaSuccess)
        return e;
    return launch(name, c.count, stream, [=](unsigned b) mutable {
        const index_t lo = c.lo(b), hi = c.hi(b);
        if constexpr (Left) {
            for (index_t i = hi - 1; i > lo; i--)
                out[i] = op(in[i], in[i - 1]);
            if (b > 0)
                out[lo] = op(in[lo], saved[b - 1]);
            else
                out[0] = T(in[0]);
        } else {
            for (index_t i = lo; i + 1 < hi; i++)
                out[i] = op(in[i], in[i + 1]);
            if (b + 1 < c.count)
                out[hi - 1] = op(in[hi - 1], saved[b + 1]);
            else
                out[hi - 1] = T(in[hi - 1]);
        }
    });
}

} /* namespace simt_cub */

CUB_NAMESPACE_BEGIN

struct DeviceAdjacentDifference {
    template <typename InputIteratorT, typename OutputIteratorT,
              typename DifferenceOpT = ::cuda::std::minus<>, typename NumItemsT = uint32_t>
    static cudaError_t SubtractLeftCopy(void *d_temp_storage, size_t &temp_storage_bytes,
                                        InputIteratorT d_input, OutputIteratorT d_output, NumItemsT num_items,
                                        DifferenceOpT difference_op = {}, cudaStream_t stream = 0)
    {
        if (simt_cub::size_query(d_temp_storage, temp_storage_bytes))
            return cudaSuccess;
        simt_cub::chunks c(simt_cub::count_of(num_items));
        if (c.n == 0)
            return cudaSuccess;
        return simt_cub::launch("cub::DeviceAdjacentDifference::SubtractLeftCopy", c.count, stream,
                                [=](unsigned b) mutable {
                                    for (simt_cub::index_t i = c.lo(b); i < c.hi(b); i++)
                                        if (i == 0)
                                            d_output[0] = d_input[0];
                                        else
                                            d_output[i] = difference_op(d_input[i], d_input[i - 1]);
                                });
    }
    template <typename RandomAccessIteratorT, typename DifferenceOpT = ::cuda::std::minus<>,
              typename NumItemsT = uint32_t>
    static cudaError_t SubtractLeft(void *d_temp_storage, size_t &temp_storage_bytes,
                                    RandomAccessIteratorT d_input, NumItemsT num_items,
                                    DifferenceOpT difference_op = {}, cudaStream_t stream = 0)
    {
        return simt_cub::adjacent_difference<true, detail::it_value_t<RandomAccessIteratorT>>(
            "cub::DeviceAdjacentDifference::SubtractLeft", d_temp_storage, temp_storage_bytes, d_input, d_input,
            simt_cub::count_of(num_items), difference_op, stream);
    }
    template <typename InputIteratorT, typename OutputIteratorT,
              typename DifferenceOpT = ::cuda::std::minus<>, typename NumItemsT = uint32_t>
    static cudaError_t SubtractRightCopy(void *d_temp_storage, size_t &temp_storage_bytes,
                                         InputIteratorT d_input, OutputIteratorT d_output,
                                         NumItemsT num_items, DifferenceOpT difference_op = {},
                                         cudaStream_t stream = 0)
    {
        if (simt_cub::size_query(d_temp_storage, temp_storage_bytes))
            return cudaSuccess;
        simt_cub::chunks c(simt_cub::count_of(num_items));
        const simt_cub::index_t n = c.n;
        if (n == 0)
            return cudaSuccess;
        return simt_cub::launch("cub::DeviceAdjacentDifference::SubtractRightCopy", c.count, stream,
                                [=](unsigned b) mutable {
                                    for (simt_cub::index_t i = c.lo(b); i < c.hi(b); i++)
                                        if (i == n - 1)
                                            d_output[i] = d_input[i];
                                        else
                                            d_output[i] = difference_op(d_input[i], d_input[i + 1]);
                                });
    }
    template <typename RandomAccessIteratorT, typename DifferenceOpT = ::cuda::std::minus<>,
              typename NumItemsT = uint32_t>
    static cudaError_t SubtractRight(void *d_temp_storage, size_t &temp_storage_bytes,
                                     RandomAccessIteratorT d_input, NumItemsT num_items,
                                     DifferenceOpT difference_op = {}, cudaStream_t stream = 0)
    {
        return simt_cub::adjacent_difference<false, detail::it_value_t<RandomAccessIteratorT>>(
            "cub::DeviceAdjacentDifference::SubtractRight", d_temp_storage, temp_storage_bytes, d_input, d_input,
            simt_cub::count_of(num_items), difference_op, stream);
    }
};

CUB_NAMESPACE_END

#endif
