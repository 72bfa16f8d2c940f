/*
 * cub/agent/agent_batch_memcpy.cuh: cub::detail::batch_memcpy::
 * AgentBatchMemcpyPolicy, the tuning of the tiles of buffers that CUB's
 * batched copy splits among threads, warps and blocks by size, for
 * programs that write or read policies (the dispatch document's agent
 * layer).  CUB keeps this policy in namespace detail::batch_memcpy.
 *
 * simt's batched copies do not run CUB's agents; the policy types are
 * here for programs that write or read policies.  CUB's agent class
 * (detail::batch_memcpy::AgentBatchMemcpy) and its helpers (the bit-packed
 * counters, the vectorized copies) are CUB internals and are not provided.
 * Buffers of at most WARP_LEVEL_THRESHOLD bytes are copied by threads,
 * those of at most BLOCK_LEVEL_THRESHOLD by warps, larger ones by blocks
 * in tiles of BLOCK_LEVEL_TILE_SIZE bytes; the delay constructors are
 * those of the look-back over buffers and over blocks
 * (single_pass_scan_operators.cuh).
 */
#ifndef SIMT_CUB_AGENT_AGENT_BATCH_MEMCPY_CUH
#define SIMT_CUB_AGENT_AGENT_BATCH_MEMCPY_CUH
#pragma GCC system_header

#include <stdint.h>
#include "single_pass_scan_operators.cuh"
#include "../util_type.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace batch_memcpy {

/* _TLEV_BYTES_PER_THREAD: the bytes a thread copies at a time in the
 * thread-level copies; _PREFER_POW2_BITS: the counters of buffers per
 * size class take a power-of-two number of bits each. */
template <uint32_t _BLOCK_THREADS, uint32_t _BUFFERS_PER_THREAD, uint32_t _TLEV_BYTES_PER_THREAD,
          bool _PREFER_POW2_BITS, uint32_t _BLOCK_LEVEL_TILE_SIZE, uint32_t _WARP_LEVEL_THRESHOLD,
          uint32_t _BLOCK_LEVEL_THRESHOLD, class BuffDelayConstructor, class BlockDelayConstructor>
struct AgentBatchMemcpyPolicy {
    static constexpr uint32_t BLOCK_THREADS = _BLOCK_THREADS;
    static constexpr uint32_t BUFFERS_PER_THREAD = _BUFFERS_PER_THREAD;
    static constexpr uint32_t TLEV_BYTES_PER_THREAD = _TLEV_BYTES_PER_THREAD;
    /* a uint32_t, as in CUB */
    static constexpr uint32_t PREFER_POW2_BITS = _PREFER_POW2_BITS;
    static constexpr uint32_t BLOCK_LEVEL_TILE_SIZE = _BLOCK_LEVEL_TILE_SIZE;

    static constexpr uint32_t WARP_LEVEL_THRESHOLD = _WARP_LEVEL_THRESHOLD;
    static constexpr uint32_t BLOCK_LEVEL_THRESHOLD = _BLOCK_LEVEL_THRESHOLD;

    using buff_delay_constructor = BuffDelayConstructor;
    using block_delay_constructor = BlockDelayConstructor;
};

} /* namespace batch_memcpy */
} /* namespace detail */

CUB_NAMESPACE_END

#endif
