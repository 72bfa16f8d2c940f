/*
 * cub/device/device_transform.cuh: cub::DeviceTransform (CUB 3.0's API):
 * output[i] = transform_op(inputs[i]...), chunk-parallel.  The operator
 * gets references to the input items themselves, so the
 * StableArgumentAddresses forms hold too.
 */
#ifndef SIMT_CUB_DEVICE_TRANSFORM_CUH
#define SIMT_CUB_DEVICE_TRANSFORM_CUH
#pragma GCC system_header

#include <tuple>
#include <utility>
#include <cuda/std/tuple>
#include "../detail/simt_core.cuh"

namespace simt_cub {

template <class Out, class Op, class... In>
inline cudaError_t transform(const char *name, ::std::tuple<In...> in, Out out, index_t n, Op op,
                             cudaStream_t stream)
{
    chunks c(n);
    if (n == 0)
        return cudaSuccess;
    return launch(name, c.count, stream, [=](unsigned b) mutable {
        for (index_t i = c.lo(b); i < c.hi(b); i++)
            out[i] = ::std::apply([&](auto &...it) -> decltype(auto) { return op(it[i]...); }, in);
    });
}

} /* namespace simt_cub */

CUB_NAMESPACE_BEGIN

struct DeviceTransform {
    template <typename... RandomAccessIteratorsIn, typename RandomAccessIteratorOut, typename NumItemsT,
              typename TransformOp>
    static cudaError_t Transform(::std::tuple<RandomAccessIteratorsIn...> inputs,
                                 RandomAccessIteratorOut output, NumItemsT num_items,
                                 TransformOp transform_op, cudaStream_t stream = nullptr)
    {
        return simt_cub::transform("cub::DeviceTransform::Transform", inputs, output,
                                   simt_cub::count_of(num_items), transform_op, stream);
    }
    template <typename... RandomAccessIteratorsIn, typename RandomAccessIteratorOut, typename NumItemsT,
              typename TransformOp>
    static cudaError_t Transform(void *d_temp_storage, size_t &temp_storage_bytes,
                                 ::std::tuple<RandomAccessIteratorsIn...> inputs,
                                 RandomAccessIteratorOut output, NumItemsT num_items,
                                 TransformOp transform_op, cudaStream_t stream = nullptr)
    {
        if (simt_cub::size_query(d_temp_storage, temp_storage_bytes))
            return cudaSuccess;
        return Transform(inputs, output, num_items, transform_op, stream);
    }
    template <typename RandomAccessIteratorIn, typename RandomAccessIteratorOut, typename NumItemsT,
              typename TransformOp>
    static cudaError_t Transform(RandomAccessIteratorIn input, RandomAccessIteratorOut output,
                                 NumItemsT num_items, TransformOp transform_op, cudaStream_t stream = nullptr)
    {
        return Transform(::std::make_tuple(input), output, num_items, transform_op, stream);
    }
    template <typename RandomAccessIteratorIn, typename RandomAccessIteratorOut, typename NumItemsT,
              typename TransformOp>
    static cudaError_t Transform(void *d_temp_storage, size_t &temp_storage_bytes,
                                 RandomAccessIteratorIn input, RandomAccessIteratorOut output,
                                 NumItemsT num_items, TransformOp transform_op, cudaStream_t stream = nullptr)
    {
        if (simt_cub::size_query(d_temp_storage, temp_storage_bytes))
            return cudaSuccess;
        return Transform(::std::make_tuple(input), output, num_items, transform_op, stream);
    }
    template <typename... RandomAccessIteratorsIn, typename RandomAccessIteratorOut, typename NumItemsT,
              typename TransformOp>
    static cudaError_t TransformStableArgumentAddresses(::std::tuple<RandomAccessIteratorsIn...> inputs,
                                                        RandomAccessIteratorOut output, NumItemsT num_items,
                                                        TransformOp transform_op,
                                                        cudaStream_t stream = nullptr)
    {
        return Transform(inputs, output, num_items, transform_op, stream);
    }
    template <typename... RandomAccessIteratorsIn, typename RandomAccessIteratorOut, typename NumItemsT,
              typename TransformOp>
    static cudaError_t TransformStableArgumentAddresses(void *d_temp_storage, size_t &temp_storage_bytes,
                                                        ::std::tuple<RandomAccessIteratorsIn...> inputs,
                                                        RandomAccessIteratorOut output, NumItemsT num_items,
                                                        TransformOp transform_op,
                                                        cudaStream_t stream = nullptr)
    {
        if (simt_cub::size_query(d_temp_storage, temp_storage_bytes))
            return cudaSuccess;
        return Transform(inputs, output, num_items, transform_op, stream);
    }
    template <typename RandomAccessIteratorIn, typename RandomAccessIteratorOut, typename NumItemsT,
              typename TransformOp>
    static cudaError_t TransformStableArgumentAddresses(RandomAccessIteratorIn input,
                                                        RandomAccessIteratorOut output, NumItemsT num_items,
                                                        TransformOp transform_op,
                                                        cudaStream_t stream = nullptr)
    {
        return Transform(::std::make_tuple(input), output, num_items, transform_op, stream);
    }
    template <typename RandomAccessIteratorIn, typename RandomAccessIteratorOut, typename NumItemsT,
              typename TransformOp>
    static cudaError_t TransformStableArgumentAddresses(void *d_temp_storage, size_t &temp_storage_bytes,
                                                        RandomAccessIteratorIn input,
                                                        RandomAccessIteratorOut output, NumItemsT num_items,
                                                        TransformOp transform_op,
                                                        cudaStream_t stream = nullptr)
    {
        if (simt_cub::size_query(d_temp_storage, temp_storage_bytes))
            return cudaSuccess;
        return Transform(::std::make_tuple(input), output, num_items, transform_op, stream);
    }
};

CUB_NAMESPACE_END

#endif
