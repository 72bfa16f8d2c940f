/*
 * cub/agent/agent_for.cuh: cub::detail::for_each::policy_t, the tuning of
 * the tiles of CUB's DeviceFor (threads a block, items a thread), as CUB
 * 3.0 declares it; CUB has no public policy template for DeviceFor, so
 * this detail one is what its policies name.
 *
 * simt's device algorithms do not run CUB's agents; the policy types are
 * here for programs that write or read policies.  CUB's agent,
 * detail::for_each::agent_block_striped_t, is one of its internals and is
 * not provided (nor is a policy hub: simt has no cub::detail::for_each
 * dispatch, cub/device/dispatch/dispatch_for.cuh).
 */
#ifndef SIMT_CUB_AGENT_AGENT_FOR_CUH
#define SIMT_CUB_AGENT_AGENT_FOR_CUH
#pragma GCC system_header

#include "../config.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace for_each {

template <int BlockThreads, int ItemsPerThread>
struct policy_t {
    static constexpr int block_threads = BlockThreads;
    static constexpr int items_per_thread = ItemsPerThread;
};

} /* namespace for_each */
} /* namespace detail */

CUB_NAMESPACE_END

#endif
