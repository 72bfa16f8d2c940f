/*
 * cub/device/device_for.cuh: cub::DeviceFor (CUB 3.0's API, without
 * ForEachInExtents): calls op on every item (ForEach, ForEachN: by
 * reference; ForEachCopy, ForEachCopyN: by value) or on every index of a
 * shape (Bulk), chunk-parallel and in no particular order, as on a GPU.
 */
#ifndef SIMT_CUB_DEVICE_FOR_CUH
#define SIMT_CUB_DEVICE_FOR_CUH
#pragma GCC system_header

#include "../detail/simt_core.cuh"

CUB_NAMESPACE_BEGIN

struct DeviceFor {
    template <class ShapeT, class OpT>
    static cudaError_t Bulk(void *d_temp_storage, size_t &temp_storage_bytes, ShapeT shape, OpT op,
                            cudaStream_t stream = {})
    {
        if (simt_cub::size_query(d_temp_storage, temp_storage_bytes))
            return cudaSuccess;
        return Bulk(shape, op, stream);
    }
    template <class RandomAccessIteratorT, class NumItemsT, class OpT>
    static cudaError_t ForEachN(void *d_temp_storage, size_t &temp_storage_bytes, RandomAccessIteratorT first,
                                NumItemsT num_items, OpT op, cudaStream_t stream = {})
    {
        if (simt_cub::size_query(d_temp_storage, temp_storage_bytes))
            return cudaSuccess;
        return ForEachN(first, num_items, op, stream);
    }
    template <class RandomAccessIteratorT, class OpT>
    static cudaError_t ForEach(void *d_temp_storage, size_t &temp_storage_bytes, RandomAccessIteratorT first,
                               RandomAccessIteratorT last, OpT op, cudaStream_t stream = {})
    {
        if (simt_cub::size_query(d_temp_storage, temp_storage_bytes))
            return cudaSuccess;
        return ForEach(first, last, op, stream);
    }
    template <class RandomAccessIteratorT, class NumItemsT, class OpT>
    static cudaError_t ForEachCopyN(void *d_temp_storage, size_t &temp_storage_bytes,
                                    RandomAccessIteratorT first, NumItemsT num_items, OpT op,
                                    cudaStream_t stream = {})
    {
        if (simt_cub::size_query(d_temp_storage, temp_storage_bytes))
            return cudaSuccess;
        return ForEachCopyN(first, num_items, op, stream);
    }
    template <class RandomAccessIteratorT, class OpT>
    static cudaError_t ForEachCopy(void *d_temp_storage, size_t &temp_storage_bytes,
                                   RandomAccessIteratorT first, RandomAccessIteratorT last, OpT op,
                                   cudaStream_t stream = {})
    {
        if (simt_cub::size_query(d_temp_storage, temp_storage_bytes))
            return cudaSuccess;
        return ForEachCopy(first, last, op, stream);
    }

    template <class ShapeT, class OpT> static cudaError_t Bulk(ShapeT shape, OpT op, cudaStream_t stream = {})
    {
        simt_cub::chunks c(simt_cub::count_of(shape));
        if (c.n == 0)
            return cudaSuccess;
        return simt_cub::launch("cub::DeviceFor::Bulk", c.count, stream, [=](unsigned b) mutable {
            for (simt_cub::index_t i = c.lo(b); i < c.hi(b); i++)
                op(static_cast<ShapeT>(i));
        });
    }
    template <class RandomAccessIteratorT, class NumItemsT, class OpT>
    static cudaError_t ForEachN(RandomAccessIteratorT first, NumItemsT num_items, OpT op,
                                cudaStream_t stream = {})
    {
        simt_cub::chunks c(simt_cub::count_of(num_items));
        if (c.n == 0)
            return cudaSuccess;
        return simt_cub::launch("cub::DeviceFor::ForEachN", c.count, stream, [=](unsigned b) mutable {
            for (simt_cub::index_t i = c.lo(b); i < c.hi(b); i++)
                op(*(first + i));
        });
    }
    template <class RandomAccessIteratorT, class OpT>
    static cudaError_t ForEach(RandomAccessIteratorT first, RandomAccessIteratorT last, OpT op,
                               cudaStream_t stream = {})
    {
        return ForEachN(first, last - first, op, stream);
    }
    template <class RandomAccessIteratorT, class NumItemsT, class OpT>
    static cudaError_t ForEachCopyN(RandomAccessIteratorT first, NumItemsT num_items, OpT op,
                                    cudaStream_t stream = {})
    {
        typedef detail::it_value_t<RandomAccessIteratorT> T;
        simt_cub::chunks c(simt_cub::count_of(num_items));
        if (c.n == 0)
            return cudaSuccess;
        return simt_cub::launch("cub::DeviceFor::ForEachCopyN", c.count, stream, [=](unsigned b) mutable {
            for (simt_cub::index_t i = c.lo(b); i < c.hi(b); i++)
                op(T(*(first + i)));
        });
    }
    template <class RandomAccessIteratorT, class OpT>
    static cudaError_t ForEachCopy(RandomAccessIteratorT first, RandomAccessIteratorT last, OpT op,
                                   cudaStream_t stream = {})
    {
        return ForEachCopyN(first, last - first, op, stream);
    }
};

CUB_NAMESPACE_END

#endif
