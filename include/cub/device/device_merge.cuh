/*
 * cub/device/device_merge.cuh: cub::DeviceMerge (CUB 3.0's API): merges
 * two sorted sequences, stably (the first sequence's items before equal
 * items of the second), each block writing one slice of the output.
 */
#ifndef SIMT_CUB_DEVICE_MERGE_CUH
#define SIMT_CUB_DEVICE_MERGE_CUH
#pragma GCC system_header

#include "../detail/simt_merge.cuh"

CUB_NAMESPACE_BEGIN

struct DeviceMerge {
    template <typename KeyIteratorIn1, typename KeyIteratorIn2, typename KeyIteratorOut,
              typename CompareOp = ::cuda::std::less<>>
    static cudaError_t MergeKeys(void *d_temp_storage, size_t &temp_storage_bytes, KeyIteratorIn1 keys_in1,
                                 ::cuda::std::int64_t num_keys1, KeyIteratorIn2 keys_in2,
                                 ::cuda::std::int64_t num_keys2, KeyIteratorOut keys_out,
                                 CompareOp compare_op = {}, cudaStream_t stream = nullptr)
    {
        NullType *none = nullptr;
        return merge<false>("cub::DeviceMerge::MergeKeys", d_temp_storage, temp_storage_bytes, keys_in1, none,
                            num_keys1, keys_in2, none, num_keys2, keys_out, none, compare_op, stream);
    }
    template <typename KeyIteratorIn1, typename ValueIteratorIn1, typename KeyIteratorIn2,
              typename ValueIteratorIn2, typename KeyIteratorOut, typename ValueIteratorOut,
              typename CompareOp = ::cuda::std::less<>>
    static cudaError_t
    MergePairs(void *d_temp_storage, size_t &temp_storage_bytes, KeyIteratorIn1 keys_in1,
               ValueIteratorIn1 values_in1, ::cuda::std::int64_t num_pairs1, KeyIteratorIn2 keys_in2,
               ValueIteratorIn2 values_in2, ::cuda::std::int64_t num_pairs2, KeyIteratorOut keys_out,
               ValueIteratorOut values_out, CompareOp compare_op = {}, cudaStream_t stream = nullptr)
    {
        return merge<true>("cub::DeviceMerge::MergePairs", d_temp_storage, temp_storage_bytes, keys_in1,
                           values_in1, num_pairs1, keys_in2, values_in2, num_pairs2, keys_out, values_out,
                           compare_op, stream);
    }

private:
    template <bool Pairs, class KA, class VA, class KB, class VB, class KO, class VO, class Comp>
    static cudaError_t merge(const char *name, void *d_temp_storage, size_t &temp_storage_bytes, KA ka, VA va,
                             ::cuda::std::int64_t na, KB kb, VB vb, ::cuda::std::int64_t nb, KO ko, VO vo,
                             Comp comp, cudaStream_t stream)
    {
        if (simt_cub::size_query(d_temp_storage, temp_storage_bytes))
            return cudaSuccess;
        simt_cub::index_t n1 = simt_cub::count_of(na), n2 = simt_cub::count_of(nb);
        if (n1 + n2 == 0)
            return cudaSuccess;
        simt_cub::chunks c(n1 + n2);
        return simt_cub::launch(name, c.count, stream, [=](unsigned b) mutable {
            simt_cub::merge_slice<Pairs>(ka, va, n1, kb, vb, n2, ko, vo, c.lo(b), c.hi(b), comp);
        });
    }
};

CUB_NAMESPACE_END

#endif
