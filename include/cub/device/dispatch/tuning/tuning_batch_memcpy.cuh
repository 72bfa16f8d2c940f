/*
 * cub/device/dispatch/tuning/tuning_batch_memcpy.cuh: the policy hub of
 * CUB's batched copies (detail::DispatchBatchMemcpy, behind
 * DeviceMemcpy::Batched and DeviceCopy::Batched): a chain of policies by
 * PTX version, each naming AgentSmallBufferPolicyT (the tiles of buffers
 * copied by threads and warps, and the sorting of larger ones) and
 * AgentLargeBufferPolicyT (the blocks that copy buffers of more than
 * BLOCK_LEVEL_THRESHOLD bytes), with
 * detail::batch_memcpy::agent_large_buffer_policy, the latter's template.
 * The values are CUB 3.0's (it has no per-type tunings here).  simt's
 * dispatch selects through the chain (so a build's architectures decide
 * what runs, as on a GPU) and reads no value.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_BATCH_MEMCPY_CUH
#define SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_BATCH_MEMCPY_CUH
#pragma GCC system_header

#include <stdint.h>
#include "../../../agent/agent_batch_memcpy.cuh"
#include "../../../agent/single_pass_scan_operators.cuh"
#include "../../../util_device.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace batch_memcpy {

/* A block of _BLOCK_THREADS threads copies _BYTES_PER_THREAD bytes per
 * thread at a time of one large buffer. */
template <uint32_t _BLOCK_THREADS, uint32_t _BYTES_PER_THREAD>
struct agent_large_buffer_policy {
    static constexpr uint32_t BLOCK_THREADS = _BLOCK_THREADS;
    static constexpr uint32_t BYTES_PER_THREAD = _BYTES_PER_THREAD;
};

/* BufferOffsetT indexes a kernel's buffers, BlockOffsetT its tiles of
 * large buffers. */
template <class BufferOffsetT, class BlockOffsetT>
struct policy_hub {
    static constexpr uint32_t BLOCK_THREADS = 128U;
    static constexpr uint32_t BUFFERS_PER_THREAD = 4U;
    static constexpr uint32_t TLEV_BYTES_PER_THREAD = 8U;

    static constexpr uint32_t LARGE_BUFFER_BLOCK_THREADS = 256U;
    static constexpr uint32_t LARGE_BUFFER_BYTES_PER_THREAD = 32U;

    static constexpr uint32_t WARP_LEVEL_THRESHOLD = 128;
    static constexpr uint32_t BLOCK_LEVEL_THRESHOLD = 8 * 1024;

    using buff_delay_constructor_t = detail::default_delay_constructor_t<BufferOffsetT>;
    using block_delay_constructor_t = detail::default_delay_constructor_t<BlockOffsetT>;

private:
    /* The versions differ only in how the counters take their bits. */
    template <bool PreferPow2Bits>
    using small_buffer_policy =
        AgentBatchMemcpyPolicy<BLOCK_THREADS, BUFFERS_PER_THREAD, TLEV_BYTES_PER_THREAD, PreferPow2Bits,
                               LARGE_BUFFER_BLOCK_THREADS * LARGE_BUFFER_BYTES_PER_THREAD, WARP_LEVEL_THRESHOLD,
                               BLOCK_LEVEL_THRESHOLD, buff_delay_constructor_t, block_delay_constructor_t>;

public:
    struct Policy500 : ChainedPolicy<500, Policy500, Policy500> {
        static constexpr bool PREFER_POW2_BITS = true;
        using AgentSmallBufferPolicyT = small_buffer_policy<PREFER_POW2_BITS>;
        using AgentLargeBufferPolicyT =
            agent_large_buffer_policy<LARGE_BUFFER_BLOCK_THREADS, LARGE_BUFFER_BYTES_PER_THREAD>;
    };

    struct Policy700 : ChainedPolicy<700, Policy700, Policy500> {
        static constexpr bool PREFER_POW2_BITS = false;
        using AgentSmallBufferPolicyT = small_buffer_policy<PREFER_POW2_BITS>;
        using AgentLargeBufferPolicyT =
            agent_large_buffer_policy<LARGE_BUFFER_BLOCK_THREADS, LARGE_BUFFER_BYTES_PER_THREAD>;
    };

    using MaxPolicy = Policy700;
};

} /* namespace batch_memcpy */
} /* namespace detail */

CUB_NAMESPACE_END

#endif
