/*
 * cub/block/block_run_length_decode.cuh: cub::BlockRunLengthDecode: a
 * block's runs (RUNS_PER_THREAD values per thread, with their lengths or
 * their offsets in the decoded sequence) decoded window by window, each
 * thread taking DECODED_ITEMS_PER_THREAD consecutive items of the window
 * and each item's offset within its run.  The runs' values and offsets
 * wait in TempStorage; a thread finds its first item's run by binary
 * search over the offsets, then walks on run by run, as CUB does, so the
 * items past the decoded size (which a program masks off) are CUB's too:
 * the last run's value, its offset counting on.  Zero-length runs may
 * only come last, as in CUB.
 */
#ifndef SIMT_CUB_BLOCK_BLOCK_RUN_LENGTH_DECODE_CUH
#define SIMT_CUB_BLOCK_BLOCK_RUN_LENGTH_DECODE_CUH
#pragma GCC system_header

#include <stdint.h>
#include "block_scan.cuh"

CUB_NAMESPACE_BEGIN

template <typename ItemT, int BLOCK_DIM_X, int RUNS_PER_THREAD, int DECODED_ITEMS_PER_THREAD,
          typename DecodedOffsetT = uint32_t, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockRunLengthDecode {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    static constexpr int BLOCK_RUNS = BLOCK_THREADS * RUNS_PER_THREAD;
    typedef BlockScan<DecodedOffsetT, BLOCK_DIM_X, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_DIM_Y, BLOCK_DIM_Z> OffsetScan;

    union _TempStorage {
        typename OffsetScan::TempStorage offset_scan;
        struct {
            ItemT run_values[BLOCK_RUNS];
            DecodedOffsetT run_offsets[BLOCK_RUNS];
        } runs;
    };

    static _TempStorage &PrivateStorage()
    {
        __shared__ _TempStorage private_storage;
        return private_storage;
    }

    _TempStorage &temp_storage;
    uint32_t linear_tid;

    template <typename RunOffsetT>
    void InitWithRunOffsets(ItemT (&run_values)[RUNS_PER_THREAD], RunOffsetT (&run_offsets)[RUNS_PER_THREAD])
    {
        for (int i = 0; i < RUNS_PER_THREAD; i++) {
            int at = (int)linear_tid * RUNS_PER_THREAD + i;
            temp_storage.runs.run_values[at] = run_values[i];
            temp_storage.runs.run_offsets[at] = (DecodedOffsetT)run_offsets[i];
        }
        __syncthreads();
    }

    template <typename RunLengthT, typename TotalDecodedSizeT>
    void InitWithRunLengths(ItemT (&run_values)[RUNS_PER_THREAD], RunLengthT (&run_lengths)[RUNS_PER_THREAD],
                            TotalDecodedSizeT &total_decoded_size)
    {
        DecodedOffsetT offsets[RUNS_PER_THREAD];
        for (int i = 0; i < RUNS_PER_THREAD; i++)
            offsets[i] = (DecodedOffsetT)run_lengths[i];
        DecodedOffsetT total;
        OffsetScan(temp_storage.offset_scan).ExclusiveSum(offsets, offsets, total);
        total_decoded_size = (TotalDecodedSizeT)total;
        __syncthreads();
        InitWithRunOffsets(run_values, offsets);
    }

    /* The first run whose offset is above d (runs' offsets ascend). */
    uint32_t upper_bound(DecodedOffsetT d) const
    {
        uint32_t lo = 0, hi = BLOCK_RUNS;
        while (lo < hi) {
            uint32_t mid = lo + (hi - lo) / 2;
            if (d < temp_storage.runs.run_offsets[mid])
                hi = mid;
            else
                lo = mid + 1;
        }
        return lo;
    }

    /* Where run r ends; the last run ends past this thread's window. */
    DecodedOffsetT run_end(uint32_t r, DecodedOffsetT first) const
    {
        return r == BLOCK_RUNS - 1 ? first + DECODED_ITEMS_PER_THREAD : temp_storage.runs.run_offsets[r + 1];
    }

public:
    struct TempStorage : Uninitialized<_TempStorage> {};

    template <typename RunLengthT, typename TotalDecodedSizeT>
    BlockRunLengthDecode(TempStorage &temp_storage, ItemT (&run_values)[RUNS_PER_THREAD],
                         RunLengthT (&run_lengths)[RUNS_PER_THREAD], TotalDecodedSizeT &total_decoded_size)
        : temp_storage(temp_storage.Alias()), linear_tid((uint32_t)RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
    {
        InitWithRunLengths(run_values, run_lengths, total_decoded_size);
    }
    template <typename UserRunOffsetT>
    BlockRunLengthDecode(TempStorage &temp_storage, ItemT (&run_values)[RUNS_PER_THREAD],
                         UserRunOffsetT (&run_offsets)[RUNS_PER_THREAD])
        : temp_storage(temp_storage.Alias()), linear_tid((uint32_t)RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
    {
        InitWithRunOffsets(run_values, run_offsets);
    }
    template <typename RunLengthT, typename TotalDecodedSizeT>
    BlockRunLengthDecode(ItemT (&run_values)[RUNS_PER_THREAD], RunLengthT (&run_lengths)[RUNS_PER_THREAD],
                         TotalDecodedSizeT &total_decoded_size)
        : temp_storage(PrivateStorage()), linear_tid((uint32_t)RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
    {
        InitWithRunLengths(run_values, run_lengths, total_decoded_size);
    }
    template <typename UserRunOffsetT>
    BlockRunLengthDecode(ItemT (&run_values)[RUNS_PER_THREAD], UserRunOffsetT (&run_offsets)[RUNS_PER_THREAD])
        : temp_storage(PrivateStorage()), linear_tid((uint32_t)RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
    {
        InitWithRunOffsets(run_values, run_offsets);
    }

    /* The window from from_decoded_offset: this thread's items and their
     * offsets within their runs. */
    template <typename RelativeOffsetT>
    void RunLengthDecode(ItemT (&decoded_items)[DECODED_ITEMS_PER_THREAD],
                         RelativeOffsetT (&item_offsets)[DECODED_ITEMS_PER_THREAD],
                         DecodedOffsetT from_decoded_offset = 0)
    {
        DecodedOffsetT first = from_decoded_offset + (DecodedOffsetT)(linear_tid * DECODED_ITEMS_PER_THREAD);
        DecodedOffsetT d = first;
        uint32_t run = upper_bound(d) - 1u;
        DecodedOffsetT begin = temp_storage.runs.run_offsets[run];
        DecodedOffsetT end = run_end(run, first);
        ItemT value = temp_storage.runs.run_values[run];
        for (int i = 0; i < DECODED_ITEMS_PER_THREAD; i++, d++) {
            decoded_items[i] = value;
            item_offsets[i] = (RelativeOffsetT)(d - begin);
            if (i + 1 < DECODED_ITEMS_PER_THREAD && d == end - 1) {
                run++;
                begin = temp_storage.runs.run_offsets[run];
                end = run_end(run, first);
                value = temp_storage.runs.run_values[run];
            }
        }
    }

    void RunLengthDecode(ItemT (&decoded_items)[DECODED_ITEMS_PER_THREAD], DecodedOffsetT from_decoded_offset = 0)
    {
        DecodedOffsetT item_offsets[DECODED_ITEMS_PER_THREAD];
        RunLengthDecode(decoded_items, item_offsets, from_decoded_offset);
    }
};

CUB_NAMESPACE_END

#endif
