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
        typedef detail::it_value_t<RandomAccessIteratorT> T;
        const char *name = "cub::DeviceAdjacentDifference::SubtractLeft";
        simt_cub::chunks c(simt_cub::count_of(num_items));
        void *p[1];
        size_t sz[1] = {c.count * sizeof(T)};
        cudaError_t e = simt_cub::alias(d_temp_storage, temp_storage_bytes, p, sz);
        if (e != cudaSuccess || !d_temp_storage || c.n == 0)
            return e;
        T *last = (T *)p[0];
        e = simt_cub::launch(name, c.count, stream,
                             [=](unsigned b) { simt_cub::put(last + b, d_input[c.hi(b) - 1]); });
        if (e != cudaSuccess)
            return e;
        return simt_cub::launch(name, c.count, stream, [=](unsigned b) mutable {
            simt_cub::index_t lo = c.lo(b);
            for (simt_cub::index_t i = c.hi(b) - 1; i > lo; i--)
                d_input[i] = difference_op(d_input[i], d_input[i - 1]);
            if (b > 0)
                d_input[lo] = difference_op(d_input[lo], last[b - 1]);
        });
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
        typedef detail::it_value_t<RandomAccessIteratorT> T;
        const char *name = "cub::DeviceAdjacentDifference::SubtractRight";
        simt_cub::chunks c(simt_cub::count_of(num_items));
        void *p[1];
        size_t sz[1] = {c.count * sizeof(T)};
        cudaError_t e = simt_cub::alias(d_temp_storage, temp_storage_bytes, p, sz);
        if (e != cudaSuccess || !d_temp_storage || c.n == 0)
            return e;
        T *first = (T *)p[0];
        e = simt_cub::launch(name, c.count, stream,
                             [=](unsigned b) { simt_cub::put(first + b, d_input[c.lo(b)]); });
        if (e != cudaSuccess)
            return e;
        return simt_cub::launch(name, c.count, stream, [=](unsigned b) mutable {
            simt_cub::index_t hi = c.hi(b);
            for (simt_cub::index_t i = c.lo(b); i + 1 < hi; i++)
                d_input[i] = difference_op(d_input[i], d_input[i + 1]);
            if (b + 1 < c.count)
                d_input[hi - 1] = difference_op(d_input[hi - 1], first[b + 1]);
        });
    }
};

CUB_NAMESPACE_END

#endif
