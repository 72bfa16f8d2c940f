/*
 * cub/device/dispatch/dispatch_batch_memcpy.cuh: cub::CopyAlg and
 * cub::detail::DispatchBatchMemcpy (CUB 3.0's parameters and namespace;
 * dispatch_common.cuh says how simt runs it).  CopyAlg::Memcpy copies
 * buffer_sizes[i] bytes between untyped buffers, as cub::DeviceMemcpy::
 * Batched does; CopyAlg::Copy copies buffer_sizes[i] items between typed
 * ranges, as cub::DeviceCopy::Batched does.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_DISPATCH_BATCH_MEMCPY_CUH
#define SIMT_CUB_DEVICE_DISPATCH_DISPATCH_BATCH_MEMCPY_CUH
#pragma GCC system_header

#include "dispatch_common.cuh"
#include "../../agent/single_pass_scan_operators.cuh"
#include "tuning/tuning_batch_memcpy.cuh"
#include "../device_copy.cuh"
#include "../device_memcpy.cuh"

CUB_NAMESPACE_BEGIN

enum class CopyAlg { Memcpy, Copy };

namespace detail {
namespace batch_memcpy {
/* The type CUB indexes a kernel's buffers with. */
using per_invocation_buffer_offset_t = ::cuda::std::uint32_t;
} /* namespace batch_memcpy */

template <typename InputBufferIt, typename OutputBufferIt, typename BufferSizeIteratorT, typename BlockOffsetT,
          CopyAlg MemcpyOpt = CopyAlg::Memcpy,
          typename PolicyHub = batch_memcpy::policy_hub<batch_memcpy::per_invocation_buffer_offset_t, BlockOffsetT>>
struct DispatchBatchMemcpy {
    using per_invocation_buffer_offset_t = batch_memcpy::per_invocation_buffer_offset_t;
    using BufferPartitionScanTileStateT = ScanTileState<per_invocation_buffer_offset_t>;
    using BufferTileOffsetScanStateT = ScanTileState<BlockOffsetT>;
    using BufferSizeT = it_value_t<BufferSizeIteratorT>;

    using MaxPolicy = typename PolicyHub::MaxPolicy;

    /* The dispatch object: a closure over the arguments, which the policy
     * chain invokes with the policy it selected (CUB's keeps no PTX
     * version). */
    void *d_temp_storage;
    size_t &temp_storage_bytes;
    InputBufferIt input_buffer_it;
    OutputBufferIt output_buffer_it;
    BufferSizeIteratorT buffer_sizes;
    ::cuda::std::int64_t num_buffers;
    cudaStream_t stream;

    DispatchBatchMemcpy(void *d_temp_storage, size_t &temp_storage_bytes, InputBufferIt input_buffer_it,
                        OutputBufferIt output_buffer_it, BufferSizeIteratorT buffer_sizes,
                        ::cuda::std::int64_t num_buffers, cudaStream_t stream)
        : d_temp_storage(d_temp_storage), temp_storage_bytes(temp_storage_bytes), input_buffer_it(input_buffer_it),
          output_buffer_it(output_buffer_it), buffer_sizes(buffer_sizes), num_buffers(num_buffers), stream(stream)
    {
    }

    /* simt's copy, whatever the policy (its values tune a GPU). */
    template <typename ActivePolicyT>
    cudaError_t Invoke()
    {
        if constexpr (MemcpyOpt == CopyAlg::Memcpy)
            return DeviceMemcpy::Batched(d_temp_storage, temp_storage_bytes, input_buffer_it, output_buffer_it,
                                         buffer_sizes, num_buffers, stream);
        else
            return DeviceCopy::Batched(d_temp_storage, temp_storage_bytes, input_buffer_it, output_buffer_it,
                                       buffer_sizes, num_buffers, stream);
    }

    static cudaError_t Dispatch(void *d_temp_storage, size_t &temp_storage_bytes, InputBufferIt input_buffer_it,
                                OutputBufferIt output_buffer_it, BufferSizeIteratorT buffer_sizes,
                                ::cuda::std::int64_t num_buffers, cudaStream_t stream)
    {
        int ptx_version = 0;
        cudaError_t error = PtxVersion(ptx_version);
        if (error != cudaSuccess)
            return error;
        DispatchBatchMemcpy dispatch(d_temp_storage, temp_storage_bytes, input_buffer_it, output_buffer_it,
                                     buffer_sizes, num_buffers, stream);
        return MaxPolicy::Invoke(ptx_version, dispatch);
    }
};
} /* namespace detail */

CUB_NAMESPACE_END

#endif
