/*
 * cub/agent/agent_scan.cuh: cub::AgentScanPolicy, the tuning of CUB's scan
 * tiles, and cub::detail::scan::AgentScan, the block-wide part of CUB's
 * scans, for programs that write their own scan kernels on CUB's agent
 * layer (the dispatch document's pattern).
 *
 * simt's device scans do not run it (cub/device/device_scan.cuh); it is
 * CUB's algorithm on simt's block primitives: a tile is loaded with the
 * policy's BlockLoad, scanned with BlockScan, stored with BlockStore.
 * ConsumeRange(num_items, tile_state, start_tile) is the single-pass scan
 * (one tile a block, the prefix found by decoupled look-back over a
 * ScanTileState the program initialized); ConsumeRange(begin, end[,
 * prefix]) scans a range with one block, tile after tile, carrying a
 * running prefix.  Exclusive with an initial value, inclusive without one,
 * or inclusive with one when ForceInclusive (the value folded in first).
 */
#ifndef SIMT_CUB_AGENT_AGENT_SCAN_CUH
#define SIMT_CUB_AGENT_AGENT_SCAN_CUH
#pragma GCC system_header

#include <type_traits>
#include "../block/block_load.cuh"
#include "../block/block_scan.cuh"
#include "../block/block_store.cuh"
#include "../thread/thread_load.cuh"
#include "../util_arch.cuh"
#include "../util_type.cuh"
#include "single_pass_scan_operators.cuh"

CUB_NAMESPACE_BEGIN

template <int NOMINAL_BLOCK_THREADS_4B, int NOMINAL_ITEMS_PER_THREAD_4B, typename ComputeT,
          BlockLoadAlgorithm _LOAD_ALGORITHM, CacheLoadModifier _LOAD_MODIFIER, BlockStoreAlgorithm _STORE_ALGORITHM,
          BlockScanAlgorithm _SCAN_ALGORITHM,
          typename ScalingType =
              detail::MemBoundScaling<NOMINAL_BLOCK_THREADS_4B, NOMINAL_ITEMS_PER_THREAD_4B, ComputeT>,
          typename DelayConstructorT = detail::default_delay_constructor_t<ComputeT>>
struct AgentScanPolicy : ScalingType {
    static constexpr BlockLoadAlgorithm LOAD_ALGORITHM = _LOAD_ALGORITHM;
    static constexpr CacheLoadModifier LOAD_MODIFIER = _LOAD_MODIFIER;
    static constexpr BlockStoreAlgorithm STORE_ALGORITHM = _STORE_ALGORITHM;
    static constexpr BlockScanAlgorithm SCAN_ALGORITHM = _SCAN_ALGORITHM;

    struct detail {
        using delay_constructor_t = DelayConstructorT;
    };
};

namespace detail {
namespace scan {

template <typename AgentScanPolicyT, typename InputIteratorT, typename OutputIteratorT, typename ScanOpT,
          typename InitValueT, typename OffsetT, typename AccumT, bool ForceInclusive = false>
struct AgentScan {
    using InputT = it_value_t<InputIteratorT>;
    using ScanTileStateT = ScanTileState<AccumT>;

    enum {
        HAS_INIT = !::std::is_same<InitValueT, NullType>::value,
        IS_INCLUSIVE = ForceInclusive || !HAS_INIT,
        BLOCK_THREADS = AgentScanPolicyT::BLOCK_THREADS,
        ITEMS_PER_THREAD = AgentScanPolicyT::ITEMS_PER_THREAD,
        TILE_ITEMS = BLOCK_THREADS * ITEMS_PER_THREAD,
    };

    using BlockLoadT = BlockLoad<AccumT, BLOCK_THREADS, ITEMS_PER_THREAD, AgentScanPolicyT::LOAD_ALGORITHM>;
    using BlockStoreT = BlockStore<AccumT, BLOCK_THREADS, ITEMS_PER_THREAD, AgentScanPolicyT::STORE_ALGORITHM>;
    using BlockScanT = BlockScan<AccumT, BLOCK_THREADS, AgentScanPolicyT::SCAN_ALGORITHM>;
    using DelayConstructorT = typename AgentScanPolicyT::detail::delay_constructor_t;
    using TilePrefixCallbackOpT = TilePrefixCallbackOp<AccumT, ScanOpT, ScanTileStateT, DelayConstructorT>;
    using RunningPrefixCallbackOp = BlockScanRunningPrefixOp<AccumT, ScanOpT>;

    union _TempStorage {
        typename BlockLoadT::TempStorage load;
        typename BlockStoreT::TempStorage store;
        struct ScanStorage {
            typename TilePrefixCallbackOpT::TempStorage prefix;
            typename BlockScanT::TempStorage scan;
        } scan_storage;
    };
    struct TempStorage : Uninitialized<_TempStorage> {
    };

    _TempStorage &temp_storage;
    InputIteratorT d_in;
    OutputIteratorT d_out;
    ScanOpT scan_op;
    InitValueT init_value;

    __device__ AgentScan(TempStorage &temp_storage, InputIteratorT d_in, OutputIteratorT d_out, ScanOpT scan_op,
                         InitValueT init_value)
        : temp_storage(temp_storage.Alias()), d_in(d_in), d_out(d_out), scan_op(scan_op), init_value(init_value)
    {
    }

    /* The first tile of a scan: its items scanned with the initial value
     * (if any), and the tile's aggregate including it. */
    __device__ void ScanFirstTile(AccumT (&items)[ITEMS_PER_THREAD], AccumT &block_aggregate)
    {
        BlockScanT scan(temp_storage.scan_storage.scan);
        if constexpr (!HAS_INIT) {
            scan.InclusiveScan(items, items, scan_op, block_aggregate);
        } else {
            AccumT init = init_value;
            if constexpr (IS_INCLUSIVE)
                scan.InclusiveScan(items, items, init, scan_op, block_aggregate);
            else
                scan.ExclusiveScan(items, items, init, scan_op, block_aggregate);
            block_aggregate = scan_op(init, block_aggregate);
        }
    }

    /* A later tile, its prefix from the callback. */
    template <typename PrefixCallback>
    __device__ void ScanLaterTile(AccumT (&items)[ITEMS_PER_THREAD], PrefixCallback &prefix_op)
    {
        BlockScanT scan(temp_storage.scan_storage.scan);
        if constexpr (IS_INCLUSIVE)
            scan.InclusiveScan(items, items, scan_op, prefix_op);
        else
            scan.ExclusiveScan(items, items, scan_op, prefix_op);
    }

    __device__ void LoadTile(OffsetT tile_offset, AccumT (&items)[ITEMS_PER_THREAD], int valid_items)
    {
        if (valid_items < TILE_ITEMS)
            BlockLoadT(temp_storage.load).Load(d_in + tile_offset, items, valid_items, AccumT(*(d_in + tile_offset)));
        else
            BlockLoadT(temp_storage.load).Load(d_in + tile_offset, items);
        __syncthreads();
    }

    __device__ void StoreTile(OffsetT tile_offset, AccumT (&items)[ITEMS_PER_THREAD], int valid_items)
    {
        __syncthreads();
        if (valid_items < TILE_ITEMS)
            BlockStoreT(temp_storage.store).Store(d_out + tile_offset, items, valid_items);
        else
            BlockStoreT(temp_storage.store).Store(d_out + tile_offset, items);
    }

    /* Tile tile_idx of a single-pass scan. */
    __device__ void ConsumeTile(OffsetT num_remaining, int tile_idx, OffsetT tile_offset, ScanTileStateT &tile_state)
    {
        int valid = num_remaining < (OffsetT)TILE_ITEMS ? (int)num_remaining : (int)TILE_ITEMS;
        AccumT items[ITEMS_PER_THREAD];
        LoadTile(tile_offset, items, valid);
        if (tile_idx == 0) {
            AccumT block_aggregate;
            ScanFirstTile(items, block_aggregate);
            if (valid == TILE_ITEMS && threadIdx.x == 0)
                tile_state.SetInclusive(0, block_aggregate);
        } else {
            TilePrefixCallbackOpT prefix_op(tile_state, temp_storage.scan_storage.prefix, scan_op, tile_idx);
            ScanLaterTile(items, prefix_op);
        }
        StoreTile(tile_offset, items, valid);
    }

    /* The single-pass scan: this block takes tile start_tile + blockIdx.x. */
    __device__ void ConsumeRange(OffsetT num_items, ScanTileStateT &tile_state, int start_tile)
    {
        int tile_idx = start_tile + (int)blockIdx.x;
        OffsetT tile_offset = OffsetT(TILE_ITEMS) * tile_idx;
        if (tile_offset < num_items)
            ConsumeTile(num_items - tile_offset, tile_idx, tile_offset, tile_state);
    }

    /* One block scans [range_offset, range_end); with `first`, the range
     * starts the scan (the initial value applies), else the running
     * prefix continues. */
    __device__ void ConsumeRunning(OffsetT range_offset, OffsetT range_end, RunningPrefixCallbackOp &prefix_op,
                                   bool first)
    {
        while (range_offset < range_end) {
            OffsetT left = range_end - range_offset;
            int valid = left < (OffsetT)TILE_ITEMS ? (int)left : (int)TILE_ITEMS;
            AccumT items[ITEMS_PER_THREAD];
            LoadTile(range_offset, items, valid);
            if (first) {
                AccumT block_aggregate;
                ScanFirstTile(items, block_aggregate);
                prefix_op.running_total = block_aggregate;
                first = false;
            } else {
                ScanLaterTile(items, prefix_op);
            }
            StoreTile(range_offset, items, valid);
            range_offset += valid;
            __syncthreads();
        }
    }

    __device__ void ConsumeRange(OffsetT range_offset, OffsetT range_end)
    {
        RunningPrefixCallbackOp prefix_op(scan_op);
        ConsumeRunning(range_offset, range_end, prefix_op, true);
    }

    /* Continues a scan whose items before range_offset total `prefix`. */
    __device__ void ConsumeRange(OffsetT range_offset, OffsetT range_end, AccumT prefix)
    {
        RunningPrefixCallbackOp prefix_op(prefix, scan_op);
        ConsumeRunning(range_offset, range_end, prefix_op, false);
    }
};

} /* namespace scan */
} /* namespace detail */

CUB_NAMESPACE_END

#endif
