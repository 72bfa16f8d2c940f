/*
 * cub/device/dispatch/tuning/tuning_radix_sort.cuh: the policy hub of
 * CUB's radix sorts (DispatchRadixSort, DispatchSegmentedRadixSort): a
 * chain of policies by PTX version, each naming the policies of the
 * onesweep sort (HistogramPolicy, ExclusiveSumPolicy, OnesweepPolicy),
 * of the upsweep/scan/downsweep sort (UpsweepPolicy, ScanPolicy,
 * DownsweepPolicy and their Alt* forms, one digit bit fewer), of the
 * single-tile sort and of the segmented sort, with ONESWEEP saying which
 * of the two large sorts CUB runs.  The values are CUB 3.0's generic ones;
 * CUB's tunings of the onesweep tile for keys under 4 bytes on sm_90 and
 * sm_100 (per key, value and offset size) are not reproduced: the 900 and
 * 1000 policies take CUB's fallback size for them (384 threads, 23 items),
 * since a tuning only changes how a GPU maps the work.  simt's dispatch
 * selects through the chain (so a build's architectures decide what runs,
 * as on a GPU) and reads no value.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_RADIX_SORT_CUH
#define SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_RADIX_SORT_CUH
#pragma GCC system_header

#include <stdint.h>
#include <type_traits>
#include "../../../agent/agent_radix_sort_downsweep.cuh"
#include "../../../agent/agent_radix_sort_histogram.cuh"
#include "../../../agent/agent_radix_sort_onesweep.cuh"
#include "../../../agent/agent_radix_sort_upsweep.cuh"
#include "../../../agent/agent_scan.cuh"
#include "../../../util_device.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace radix {

/* ValueT is NullType for keys alone; OffsetT counts the items. */
template <typename KeyT, typename ValueT, typename OffsetT>
struct policy_hub {
    static constexpr bool KEYS_ONLY = ::std::is_same<ValueT, NullType>::value;
    /* The wider of key and value: what the tiles' sizes are scaled to. */
    using DominantT = ::std::conditional_t<(sizeof(ValueT) > sizeof(KeyT)), ValueT, KeyT>;

private:
    /* Shorthands: every tile of a hub is sized for DominantT, and every
     * version scans its digit counts alike. */
    template <int Threads, int Items, BlockLoadAlgorithm Load, CacheLoadModifier Modifier, RadixRankAlgorithm Rank,
              BlockScanAlgorithm Scan, int Bits>
    using downsweep = AgentRadixSortDownsweepPolicy<Threads, Items, DominantT, Load, Modifier, Rank, Scan, Bits>;
    template <int Threads, int Items, CacheLoadModifier Modifier, int Bits>
    using upsweep = AgentRadixSortUpsweepPolicy<Threads, Items, DominantT, Modifier, Bits>;
    template <int Threads, int Items, int Parts, BlockScanAlgorithm Scan>
    using onesweep = AgentRadixSortOnesweepPolicy<Threads, Items, DominantT, Parts, RADIX_RANK_MATCH_EARLY_COUNTS_ANY,
                                                  Scan, RADIX_SORT_STORE_DIRECT, 8>;
    using scan = AgentScanPolicy<512, 23, OffsetT, BLOCK_LOAD_WARP_TRANSPOSE, LOAD_DEFAULT, BLOCK_STORE_WARP_TRANSPOSE,
                                 BLOCK_SCAN_RAKING_MEMOIZE>;

    static constexpr int wide_key_bits(int wide, int narrow) { return sizeof(KeyT) > 1 ? wide : narrow; }

    /* The items of the sm_90-on onesweep tile for keys of 4 bytes or more. */
    static constexpr int wide_key_onesweep_items()
    {
        const int offset_64bit = sizeof(OffsetT) == 8 ? 1 : 0;
        const int float_keys = ::std::is_same<KeyT, float>::value ? 1 : 0;
        if (sizeof(KeyT) > 4)
            return sizeof(ValueT) < 8 ? 30 : 24;
        if (KEYS_ONLY)
            return 20 - offset_64bit - float_keys;
        if (sizeof(ValueT) < 8)
            return offset_64bit ? 17 : 23;
        return offset_64bit ? 29 : 30;
    }

public:
    struct Policy500 : ChainedPolicy<500, Policy500, Policy500> {
        enum {
            PRIMARY_RADIX_BITS = wide_key_bits(7, 5),
            SINGLE_TILE_RADIX_BITS = wide_key_bits(6, 5),
            SEGMENTED_RADIX_BITS = wide_key_bits(6, 5),
            ONESWEEP = false,
            ONESWEEP_RADIX_BITS = 8,
        };
        using HistogramPolicy = AgentRadixSortHistogramPolicy<256, 8, 1, KeyT, ONESWEEP_RADIX_BITS>;
        using ExclusiveSumPolicy = AgentRadixSortExclusiveSumPolicy<256, ONESWEEP_RADIX_BITS>;
        using OnesweepPolicy = onesweep<256, 21, 1, BLOCK_SCAN_WARP_SCANS>;
        using ScanPolicy = scan;
        using DownsweepPolicy = downsweep<160, 39, BLOCK_LOAD_WARP_TRANSPOSE, LOAD_DEFAULT, RADIX_RANK_BASIC,
                                          BLOCK_SCAN_WARP_SCANS, PRIMARY_RADIX_BITS>;
        using AltDownsweepPolicy = downsweep<256, 16, BLOCK_LOAD_DIRECT, LOAD_LDG, RADIX_RANK_MEMOIZE,
                                             BLOCK_SCAN_RAKING_MEMOIZE, PRIMARY_RADIX_BITS - 1>;
        using UpsweepPolicy = DownsweepPolicy;
        using AltUpsweepPolicy = AltDownsweepPolicy;
        using SingleTilePolicy = downsweep<256, 19, BLOCK_LOAD_DIRECT, LOAD_LDG, RADIX_RANK_MEMOIZE,
                                           BLOCK_SCAN_WARP_SCANS, SINGLE_TILE_RADIX_BITS>;
        using SegmentedPolicy = downsweep<192, 31, BLOCK_LOAD_WARP_TRANSPOSE, LOAD_DEFAULT, RADIX_RANK_MEMOIZE,
                                          BLOCK_SCAN_WARP_SCANS, SEGMENTED_RADIX_BITS>;
        using AltSegmentedPolicy = downsweep<256, 11, BLOCK_LOAD_WARP_TRANSPOSE, LOAD_DEFAULT, RADIX_RANK_MEMOIZE,
                                             BLOCK_SCAN_WARP_SCANS, SEGMENTED_RADIX_BITS - 1>;
    };

    struct Policy600 : ChainedPolicy<600, Policy600, Policy500> {
        enum {
            PRIMARY_RADIX_BITS = wide_key_bits(7, 5),
            SINGLE_TILE_RADIX_BITS = wide_key_bits(6, 5),
            SEGMENTED_RADIX_BITS = wide_key_bits(6, 5),
            ONESWEEP = sizeof(KeyT) >= sizeof(uint32_t),
            ONESWEEP_RADIX_BITS = 8,
            OFFSET_64BIT = sizeof(OffsetT) == 8,
        };
        using HistogramPolicy = AgentRadixSortHistogramPolicy<256, 8, 8, KeyT, ONESWEEP_RADIX_BITS>;
        using ExclusiveSumPolicy = AgentRadixSortExclusiveSumPolicy<256, ONESWEEP_RADIX_BITS>;
        using OnesweepPolicy = onesweep<256, OFFSET_64BIT ? 29 : 30, 2, BLOCK_SCAN_WARP_SCANS>;
        using ScanPolicy = scan;
        using DownsweepPolicy = downsweep<256, 25, BLOCK_LOAD_TRANSPOSE, LOAD_DEFAULT, RADIX_RANK_MATCH,
                                          BLOCK_SCAN_WARP_SCANS, PRIMARY_RADIX_BITS>;
        using AltDownsweepPolicy = downsweep<192, OFFSET_64BIT ? 32 : 39, BLOCK_LOAD_TRANSPOSE, LOAD_DEFAULT,
                                             RADIX_RANK_MEMOIZE, BLOCK_SCAN_WARP_SCANS, PRIMARY_RADIX_BITS - 1>;
        using UpsweepPolicy = DownsweepPolicy;
        using AltUpsweepPolicy = AltDownsweepPolicy;
        using SingleTilePolicy = downsweep<256, 19, BLOCK_LOAD_DIRECT, LOAD_LDG, RADIX_RANK_MEMOIZE,
                                           BLOCK_SCAN_WARP_SCANS, SINGLE_TILE_RADIX_BITS>;
        using SegmentedPolicy = downsweep<192, 39, BLOCK_LOAD_TRANSPOSE, LOAD_DEFAULT, RADIX_RANK_MEMOIZE,
                                          BLOCK_SCAN_WARP_SCANS, SEGMENTED_RADIX_BITS>;
        using AltSegmentedPolicy = downsweep<384, 11, BLOCK_LOAD_TRANSPOSE, LOAD_DEFAULT, RADIX_RANK_MEMOIZE,
                                             BLOCK_SCAN_WARP_SCANS, SEGMENTED_RADIX_BITS - 1>;
    };

    struct Policy610 : ChainedPolicy<610, Policy610, Policy600> {
        enum {
            PRIMARY_RADIX_BITS = wide_key_bits(7, 5),
            SINGLE_TILE_RADIX_BITS = wide_key_bits(6, 5),
            SEGMENTED_RADIX_BITS = wide_key_bits(6, 5),
            ONESWEEP = sizeof(KeyT) >= sizeof(uint32_t),
            ONESWEEP_RADIX_BITS = 8,
        };
        using HistogramPolicy = AgentRadixSortHistogramPolicy<256, 8, 8, KeyT, ONESWEEP_RADIX_BITS>;
        using ExclusiveSumPolicy = AgentRadixSortExclusiveSumPolicy<256, ONESWEEP_RADIX_BITS>;
        using OnesweepPolicy = onesweep<256, 30, 2, BLOCK_SCAN_WARP_SCANS>;
        using ScanPolicy = scan;
        using DownsweepPolicy = downsweep<384, 31, BLOCK_LOAD_TRANSPOSE, LOAD_DEFAULT, RADIX_RANK_MATCH,
                                          BLOCK_SCAN_RAKING_MEMOIZE, PRIMARY_RADIX_BITS>;
        using AltDownsweepPolicy = downsweep<256, 35, BLOCK_LOAD_TRANSPOSE, LOAD_DEFAULT, RADIX_RANK_MEMOIZE,
                                             BLOCK_SCAN_RAKING_MEMOIZE, PRIMARY_RADIX_BITS - 1>;
        using UpsweepPolicy = upsweep<128, 16, LOAD_LDG, PRIMARY_RADIX_BITS>;
        using AltUpsweepPolicy = upsweep<128, 16, LOAD_LDG, PRIMARY_RADIX_BITS - 1>;
        using SingleTilePolicy = downsweep<256, 19, BLOCK_LOAD_DIRECT, LOAD_LDG, RADIX_RANK_MEMOIZE,
                                           BLOCK_SCAN_WARP_SCANS, SINGLE_TILE_RADIX_BITS>;
        using SegmentedPolicy = downsweep<192, 39, BLOCK_LOAD_TRANSPOSE, LOAD_DEFAULT, RADIX_RANK_MEMOIZE,
                                          BLOCK_SCAN_WARP_SCANS, SEGMENTED_RADIX_BITS>;
        using AltSegmentedPolicy = downsweep<384, 11, BLOCK_LOAD_TRANSPOSE, LOAD_DEFAULT, RADIX_RANK_MEMOIZE,
                                             BLOCK_SCAN_WARP_SCANS, SEGMENTED_RADIX_BITS - 1>;
    };

    /* sm_62 (Tegra): 5-bit digits everywhere, segmented as the main sort. */
    struct Policy620 : ChainedPolicy<620, Policy620, Policy610> {
        enum {
            PRIMARY_RADIX_BITS = 5,
            ALT_RADIX_BITS = PRIMARY_RADIX_BITS - 1,
            ONESWEEP = sizeof(KeyT) >= sizeof(uint32_t),
            ONESWEEP_RADIX_BITS = 8,
        };
        using HistogramPolicy = AgentRadixSortHistogramPolicy<256, 8, 8, KeyT, ONESWEEP_RADIX_BITS>;
        using ExclusiveSumPolicy = AgentRadixSortExclusiveSumPolicy<256, ONESWEEP_RADIX_BITS>;
        using OnesweepPolicy = onesweep<256, 30, 2, BLOCK_SCAN_WARP_SCANS>;
        using ScanPolicy = scan;
        using DownsweepPolicy = downsweep<256, 16, BLOCK_LOAD_TRANSPOSE, LOAD_DEFAULT, RADIX_RANK_MEMOIZE,
                                          BLOCK_SCAN_RAKING_MEMOIZE, PRIMARY_RADIX_BITS>;
        using AltDownsweepPolicy = downsweep<256, 16, BLOCK_LOAD_TRANSPOSE, LOAD_DEFAULT, RADIX_RANK_MEMOIZE,
                                             BLOCK_SCAN_RAKING_MEMOIZE, ALT_RADIX_BITS>;
        using UpsweepPolicy = DownsweepPolicy;
        using AltUpsweepPolicy = AltDownsweepPolicy;
        using SingleTilePolicy = downsweep<256, 19, BLOCK_LOAD_DIRECT, LOAD_LDG, RADIX_RANK_MEMOIZE,
                                           BLOCK_SCAN_WARP_SCANS, PRIMARY_RADIX_BITS>;
        using SegmentedPolicy = DownsweepPolicy;
        using AltSegmentedPolicy = AltDownsweepPolicy;
    };

    struct Policy700 : ChainedPolicy<700, Policy700, Policy620> {
        enum {
            PRIMARY_RADIX_BITS = wide_key_bits(7, 5),
            SINGLE_TILE_RADIX_BITS = wide_key_bits(6, 5),
            SEGMENTED_RADIX_BITS = wide_key_bits(6, 5),
            ONESWEEP = sizeof(KeyT) >= sizeof(uint32_t),
            ONESWEEP_RADIX_BITS = 8,
            OFFSET_64BIT = sizeof(OffsetT) == 8,
        };
        using HistogramPolicy = AgentRadixSortHistogramPolicy<256, 8, 8, KeyT, ONESWEEP_RADIX_BITS>;
        using ExclusiveSumPolicy = AgentRadixSortExclusiveSumPolicy<256, ONESWEEP_RADIX_BITS>;
        using OnesweepPolicy =
            onesweep<256, sizeof(KeyT) == 4 && sizeof(ValueT) == 4 ? 46 : 23, 4, BLOCK_SCAN_WARP_SCANS>;
        using ScanPolicy = scan;
        using DownsweepPolicy = downsweep<512, 23, BLOCK_LOAD_TRANSPOSE, LOAD_DEFAULT, RADIX_RANK_MATCH,
                                          BLOCK_SCAN_WARP_SCANS, PRIMARY_RADIX_BITS>;
        using AltDownsweepPolicy =
            downsweep<(sizeof(KeyT) > 1) ? 256 : 128, OFFSET_64BIT ? 46 : 47, BLOCK_LOAD_TRANSPOSE, LOAD_DEFAULT,
                      RADIX_RANK_MEMOIZE, BLOCK_SCAN_WARP_SCANS, PRIMARY_RADIX_BITS - 1>;
        using UpsweepPolicy = upsweep<256, 23, LOAD_DEFAULT, PRIMARY_RADIX_BITS>;
        using AltUpsweepPolicy = upsweep<256, OFFSET_64BIT ? 46 : 47, LOAD_DEFAULT, PRIMARY_RADIX_BITS - 1>;
        using SingleTilePolicy = downsweep<256, 19, BLOCK_LOAD_DIRECT, LOAD_LDG, RADIX_RANK_MEMOIZE,
                                           BLOCK_SCAN_WARP_SCANS, SINGLE_TILE_RADIX_BITS>;
        using SegmentedPolicy = downsweep<192, 39, BLOCK_LOAD_TRANSPOSE, LOAD_DEFAULT, RADIX_RANK_MEMOIZE,
                                          BLOCK_SCAN_WARP_SCANS, SEGMENTED_RADIX_BITS>;
        using AltSegmentedPolicy = downsweep<384, 11, BLOCK_LOAD_TRANSPOSE, LOAD_DEFAULT, RADIX_RANK_MEMOIZE,
                                             BLOCK_SCAN_WARP_SCANS, SEGMENTED_RADIX_BITS - 1>;
    };

    struct Policy800 : ChainedPolicy<800, Policy800, Policy700> {
        enum {
            PRIMARY_RADIX_BITS = wide_key_bits(7, 5),
            SINGLE_TILE_RADIX_BITS = wide_key_bits(6, 5),
            SEGMENTED_RADIX_BITS = wide_key_bits(6, 5),
            ONESWEEP = sizeof(KeyT) >= sizeof(uint32_t),
            ONESWEEP_RADIX_BITS = 8,
            OFFSET_64BIT = sizeof(OffsetT) == 8,
        };
        using HistogramPolicy = AgentRadixSortHistogramPolicy<128, 16, 1, KeyT, ONESWEEP_RADIX_BITS>;
        using ExclusiveSumPolicy = AgentRadixSortExclusiveSumPolicy<256, ONESWEEP_RADIX_BITS>;
        using OnesweepPolicy =
            onesweep<384, OFFSET_64BIT && sizeof(KeyT) == 4 && !KEYS_ONLY ? 17 : 21, 1, BLOCK_SCAN_RAKING_MEMOIZE>;
        using ScanPolicy = scan;
        using DownsweepPolicy = downsweep<512, 23, BLOCK_LOAD_TRANSPOSE, LOAD_DEFAULT, RADIX_RANK_MATCH,
                                          BLOCK_SCAN_WARP_SCANS, PRIMARY_RADIX_BITS>;
        using AltDownsweepPolicy = downsweep<(sizeof(KeyT) > 1) ? 256 : 128, 47, BLOCK_LOAD_TRANSPOSE, LOAD_DEFAULT,
                                             RADIX_RANK_MEMOIZE, BLOCK_SCAN_WARP_SCANS, PRIMARY_RADIX_BITS - 1>;
        using UpsweepPolicy = upsweep<256, 23, LOAD_DEFAULT, PRIMARY_RADIX_BITS>;
        using AltUpsweepPolicy = upsweep<256, 47, LOAD_DEFAULT, PRIMARY_RADIX_BITS - 1>;
        using SingleTilePolicy = downsweep<256, 19, BLOCK_LOAD_DIRECT, LOAD_LDG, RADIX_RANK_MEMOIZE,
                                           BLOCK_SCAN_WARP_SCANS, SINGLE_TILE_RADIX_BITS>;
        using SegmentedPolicy = downsweep<192, 39, BLOCK_LOAD_TRANSPOSE, LOAD_DEFAULT, RADIX_RANK_MEMOIZE,
                                          BLOCK_SCAN_WARP_SCANS, SEGMENTED_RADIX_BITS>;
        using AltSegmentedPolicy = downsweep<384, 11, BLOCK_LOAD_TRANSPOSE, LOAD_DEFAULT, RADIX_RANK_MEMOIZE,
                                             BLOCK_SCAN_WARP_SCANS, SEGMENTED_RADIX_BITS - 1>;
    };

    /* From sm_90 on: the sm_80 policies but for the onesweep tile, sized
     * by key and value width; Sizes (threads, items) sizes it for keys
     * under 4 bytes.  Always onesweep. */
    template <typename Sizes>
    struct OnesweepSmallKeyTunedPolicy {
        static constexpr bool ONESWEEP = true;
        static constexpr int ONESWEEP_RADIX_BITS = 8;
        using HistogramPolicy = AgentRadixSortHistogramPolicy<128, 16, 1, KeyT, ONESWEEP_RADIX_BITS>;
        using ExclusiveSumPolicy = AgentRadixSortExclusiveSumPolicy<256, ONESWEEP_RADIX_BITS>;

    private:
        static constexpr int PRIMARY_RADIX_BITS = wide_key_bits(7, 5);
        static constexpr int SINGLE_TILE_RADIX_BITS = wide_key_bits(6, 5);
        static constexpr int SEGMENTED_RADIX_BITS = wide_key_bits(6, 5);

    public:
        using OnesweepPolicy = onesweep<sizeof(KeyT) < 4 ? Sizes::threads : 384,
                                        sizeof(KeyT) < 4 ? Sizes::items : wide_key_onesweep_items(), 1,
                                        BLOCK_SCAN_RAKING_MEMOIZE>;
        using ScanPolicy = scan;
        using DownsweepPolicy = downsweep<512, 23, BLOCK_LOAD_TRANSPOSE, LOAD_DEFAULT, RADIX_RANK_MATCH,
                                          BLOCK_SCAN_WARP_SCANS, PRIMARY_RADIX_BITS>;
        using AltDownsweepPolicy = downsweep<(sizeof(KeyT) > 1) ? 256 : 128, 47, BLOCK_LOAD_TRANSPOSE, LOAD_DEFAULT,
                                             RADIX_RANK_MEMOIZE, BLOCK_SCAN_WARP_SCANS, PRIMARY_RADIX_BITS - 1>;
        using UpsweepPolicy = upsweep<256, 23, LOAD_DEFAULT, PRIMARY_RADIX_BITS>;
        using AltUpsweepPolicy = upsweep<256, 47, LOAD_DEFAULT, PRIMARY_RADIX_BITS - 1>;
        using SingleTilePolicy = downsweep<256, 19, BLOCK_LOAD_DIRECT, LOAD_LDG, RADIX_RANK_MEMOIZE,
                                           BLOCK_SCAN_WARP_SCANS, SINGLE_TILE_RADIX_BITS>;
        using SegmentedPolicy = downsweep<192, 39, BLOCK_LOAD_TRANSPOSE, LOAD_DEFAULT, RADIX_RANK_MEMOIZE,
                                          BLOCK_SCAN_WARP_SCANS, SEGMENTED_RADIX_BITS>;
        using AltSegmentedPolicy = downsweep<384, 11, BLOCK_LOAD_TRANSPOSE, LOAD_DEFAULT, RADIX_RANK_MEMOIZE,
                                             BLOCK_SCAN_WARP_SCANS, SEGMENTED_RADIX_BITS - 1>;
    };

private:
    /* CUB's fallback size of the small-key onesweep tile (its sm_90 and
     * sm_100 tunings per size are not reproduced). */
    struct small_key_sizes {
        static constexpr int threads = 384;
        static constexpr int items = 23;
    };

public:
    struct Policy900 : ChainedPolicy<900, Policy900, Policy800>, OnesweepSmallKeyTunedPolicy<small_key_sizes> {
    };

    struct Policy1000 : ChainedPolicy<1000, Policy1000, Policy900>, OnesweepSmallKeyTunedPolicy<small_key_sizes> {
    };

    using MaxPolicy = Policy1000;
};

} /* namespace radix */
} /* namespace detail */

CUB_NAMESPACE_END

#endif
