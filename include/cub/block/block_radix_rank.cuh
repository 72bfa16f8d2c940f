/*
 * cub/block/block_radix_rank.cuh: cub::BlockRadixRank and
 * cub::BlockRadixRankMatch: each key's rank in the block's tile ordered by
 * one radix digit (digit_extractor.Digit(key); descending reverses the
 * digits), and optionally each tracked digit's exclusive prefix (the rank
 * where its keys begin; thread t tracks digits t*BINS_TRACKED_PER_THREAD
 * and on).  Ranks are stable in the order CUB's counters give them:
 * BlockRadixRank by thread, then the thread's keys (the blocked
 * arrangement); BlockRadixRankMatch by warp, then key index, then lane
 * (the warp-striped arrangement its callers load).  The threads deposit
 * their digits, thread 0 counts them in that order, every thread takes
 * its ranks back.
 */
#ifndef SIMT_CUB_BLOCK_BLOCK_RADIX_RANK_CUH
#define SIMT_CUB_BLOCK_BLOCK_RADIX_RANK_CUH
#pragma GCC system_header

#include <stdint.h>
#include "../detail/simt_block.cuh"
#include "../detail/simt_policy_enums.cuh"
#include "block_scan.cuh"
#include "radix_rank_sort_operations.cuh"

namespace simt_cub {

/* A tile's digits and ranks for BLOCK_THREADS threads of KEYS keys each;
 * WARP_ORDER: ties in warp, key, lane order, else thread, key order.  The
 * tile's digits go to a buffer thread 0 allocates for the call. */
template <int BLOCK_THREADS, int RADIX_DIGITS>
struct radix_rank_storage {
    int digit_start[RADIX_DIGITS]; /* where each digit's keys begin */
    int *tile;

    template <int KEYS, bool WARP_ORDER, class Digits>
    void rank(int tid, int (&ranks)[KEYS], Digits digit_of)
    {
        const int n = BLOCK_THREADS * KEYS;
        if (tid == 0)
            tile = new int[2 * n];
        __syncthreads();
        int *digits = tile, *rank_of = tile + n;
        for (int i = 0; i < KEYS; i++)
            digits[tid * KEYS + i] = (int)digit_of(i);
        __syncthreads();
        if (tid == 0) {
            int next[RADIX_DIGITS] = {};
            for (int k = 0; k < n; k++)
                next[digits[k]]++;
            for (int d = 0, start = 0; d < RADIX_DIGITS; d++) {
                int c = next[d];
                digit_start[d] = next[d] = start;
                start += c;
            }
            auto place = [&](int t, int i) { rank_of[t * KEYS + i] = next[digits[t * KEYS + i]]++; };
            if (WARP_ORDER) {
                for (int w = 0; w * 32 < BLOCK_THREADS; w++)
                    for (int i = 0; i < KEYS; i++)
                        for (int t = w * 32; t < w * 32 + 32 && t < BLOCK_THREADS; t++)
                            place(t, i);
            } else {
                for (int t = 0; t < BLOCK_THREADS; t++)
                    for (int i = 0; i < KEYS; i++)
                        place(t, i);
            }
        }
        __syncthreads();
        for (int i = 0; i < KEYS; i++)
            ranks[i] = rank_of[tid * KEYS + i];
        __syncthreads();
        if (tid == 0)
            delete[] tile;
    }
};

} /* namespace simt_cub */

CUB_NAMESPACE_BEGIN

namespace detail {
/* What the two rankers share: digits, tracked bins, the ranking. */
template <int BLOCK_THREADS, int RADIX_BITS, bool IS_DESCENDING, bool WARP_ORDER>
class radix_ranker {
protected:
    static constexpr int RADIX_DIGITS = 1 << RADIX_BITS;

    struct _TempStorage {
        simt_cub::radix_rank_storage<BLOCK_THREADS, RADIX_DIGITS> counts;
    };
    _TempStorage &temp_storage;
    int linear_tid;

    radix_ranker(_TempStorage &temp_storage, int linear_tid) : temp_storage(temp_storage), linear_tid(linear_tid) {}

public:
    enum { BINS_TRACKED_PER_THREAD = (RADIX_DIGITS + BLOCK_THREADS - 1) / BLOCK_THREADS > 1
                                         ? (RADIX_DIGITS + BLOCK_THREADS - 1) / BLOCK_THREADS
                                         : 1 };

    template <typename UnsignedBits, int KEYS_PER_THREAD, typename DigitExtractorT>
    void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD],
                  DigitExtractorT digit_extractor)
    {
        temp_storage.counts.template rank<KEYS_PER_THREAD, WARP_ORDER>(linear_tid, ranks, [&](int i) {
            uint32_t d = digit_extractor.Digit(keys[i]);
            return IS_DESCENDING ? RADIX_DIGITS - 1 - d : d;
        });
    }

    template <typename UnsignedBits, int KEYS_PER_THREAD, typename DigitExtractorT>
    void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD],
                  DigitExtractorT digit_extractor, int (&exclusive_digit_prefix)[BINS_TRACKED_PER_THREAD])
    {
        RankKeys(keys, ranks, digit_extractor);
        for (int track = 0; track < BINS_TRACKED_PER_THREAD; track++) {
            int bin = linear_tid * BINS_TRACKED_PER_THREAD + track;
            if (bin < RADIX_DIGITS)
                exclusive_digit_prefix[track] =
                    temp_storage.counts.digit_start[IS_DESCENDING ? RADIX_DIGITS - 1 - bin : bin];
        }
    }
};
} /* namespace detail */

template <int BLOCK_DIM_X, int RADIX_BITS, bool IS_DESCENDING, bool MEMOIZE_OUTER_SCAN = true,
          BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
          cudaSharedMemConfig SMEM_CONFIG = cudaSharedMemBankSizeFourByte, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockRadixRank
    : public detail::radix_ranker<BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z, RADIX_BITS, IS_DESCENDING, false> {
    typedef detail::radix_ranker<BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z, RADIX_BITS, IS_DESCENDING, false> Ranker;
    typedef typename Ranker::_TempStorage _TempStorage;

    static _TempStorage &PrivateStorage()
    {
        __shared__ _TempStorage private_storage;
        return private_storage;
    }

public:
    struct TempStorage : Uninitialized<_TempStorage> {};

    BlockRadixRank() : Ranker(PrivateStorage(), simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>()) {}
    BlockRadixRank(TempStorage &temp_storage)
        : Ranker(temp_storage.Alias(), simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>())
    {
    }
};

template <int BLOCK_DIM_X, int RADIX_BITS, bool IS_DESCENDING,
          BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockRadixRankMatch
    : public detail::radix_ranker<BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z, RADIX_BITS, IS_DESCENDING, true> {
    typedef detail::radix_ranker<BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z, RADIX_BITS, IS_DESCENDING, true> Ranker;
    typedef typename Ranker::_TempStorage _TempStorage;

public:
    struct TempStorage : Uninitialized<_TempStorage> {};

    BlockRadixRankMatch(TempStorage &temp_storage)
        : Ranker(temp_storage.Alias(), simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>())
    {
    }
};

CUB_NAMESPACE_END

#endif
