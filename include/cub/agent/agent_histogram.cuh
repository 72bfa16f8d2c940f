/*
 * cub/agent/agent_histogram.cuh: cub::BlockHistogramMemoryPreference and
 * cub::AgentHistogramPolicy, the tuning of the tiles of samples that CUB's
 * histogram kernels count into privatized bins, for programs that write or
 * read policies (the dispatch document's agent layer).
 *
 * simt's device histograms do not run CUB's agents; the policy types are
 * here for programs that write or read policies.  CUB's agent class
 * (detail::histogram::AgentHistogram) is a CUB internal and is not
 * provided.  A pixel is one sample of each channel, so a tile holds
 * BLOCK_THREADS * PIXELS_PER_THREAD pixels.
 */
#ifndef SIMT_CUB_AGENT_AGENT_HISTOGRAM_CUH
#define SIMT_CUB_AGENT_AGENT_HISTOGRAM_CUH
#pragma GCC system_header

#include "../block/block_load.cuh"
#include "../thread/thread_load.cuh"
#include "../util_type.cuh"

CUB_NAMESPACE_BEGIN

/* Where a block keeps its privatized bins (CUB 3.0's order): in global
 * memory, in shared memory, or either, as the bins' count allows. */
enum BlockHistogramMemoryPreference { GMEM, SMEM, BLEND };

/* _RLE_COMPRESS: a run of equal samples in a thread's pixels adds to its
 * bin once; _WORK_STEALING: blocks take their tiles from a GridQueue
 * instead of striding over the grid; _VEC_SIZE: the samples a thread loads
 * at once (1, 2 or 4). */
template <int _BLOCK_THREADS, int _PIXELS_PER_THREAD, BlockLoadAlgorithm _LOAD_ALGORITHM,
          CacheLoadModifier _LOAD_MODIFIER, bool _RLE_COMPRESS, BlockHistogramMemoryPreference _MEM_PREFERENCE,
          bool _WORK_STEALING, int _VEC_SIZE = 4>
struct AgentHistogramPolicy {
    static constexpr int BLOCK_THREADS = _BLOCK_THREADS;
    static constexpr int PIXELS_PER_THREAD = _PIXELS_PER_THREAD;
    static constexpr bool IS_RLE_COMPRESS = _RLE_COMPRESS;
    static constexpr BlockHistogramMemoryPreference MEM_PREFERENCE = _MEM_PREFERENCE;
    static constexpr bool IS_WORK_STEALING = _WORK_STEALING;
    static constexpr int VEC_SIZE = _VEC_SIZE;
    static constexpr BlockLoadAlgorithm LOAD_ALGORITHM = _LOAD_ALGORITHM;
    static constexpr CacheLoadModifier LOAD_MODIFIER = _LOAD_MODIFIER;
};

CUB_NAMESPACE_END

#endif
