/*
 * cub/block/block_exchange.cuh: cub::BlockExchange: rearranges the
 * block's items among its threads through shared memory (each thread
 * writes its items where their new owner reads them, a barrier, each
 * thread reads).  The warp-striped forms exchange within each warp and
 * synchronize the warp only, as CUB does.
 */
#ifndef SIMT_CUB_BLOCK_BLOCK_EXCHANGE_CUH
#define SIMT_CUB_BLOCK_BLOCK_EXCHANGE_CUH
#pragma GCC system_header

#include "../detail/simt_block.cuh"

CUB_NAMESPACE_BEGIN

template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, bool WARP_TIME_SLICING = false,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockExchange {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    static constexpr int TILE_ITEMS = BLOCK_THREADS * ITEMS_PER_THREAD;
    struct _TempStorage {
        simt_cub::slots<T, TILE_ITEMS> buf;
    };
    _TempStorage &temp_storage;
    int linear_tid;

    static _TempStorage &PrivateStorage()
    {
        __shared__ _TempStorage private_storage;
        return private_storage;
    }
    void put(int at, const T &v) { ::new ((void *)&temp_storage.buf[at]) T(v); }
    int blocked(int i) const { return linear_tid * ITEMS_PER_THREAD + i; }
    int striped(int i) const { return i * BLOCK_THREADS + linear_tid; }
    int warp_striped(int i) const
    {
        return (linear_tid >> 5) * 32 * ITEMS_PER_THREAD + (linear_tid & 31) + i * 32;
    }
    int warp_blocked(int i) const
    {
        return (linear_tid >> 5) * 32 * ITEMS_PER_THREAD + (linear_tid & 31) * ITEMS_PER_THREAD + i;
    }
    void warp_sync() { __syncwarp(detail::existing_lanes()); }

public:
    struct TempStorage : Uninitialized<_TempStorage> {};

    BlockExchange()
        : temp_storage(PrivateStorage()),
          linear_tid(simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>())
    {
    }
    BlockExchange(TempStorage &temp_storage)
        : temp_storage(temp_storage.Alias()),
          linear_tid(simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>())
    {
    }

    template <typename OutputT>
    void StripedToBlocked(const T (&input_items)[ITEMS_PER_THREAD], OutputT (&output_items)[ITEMS_PER_THREAD])
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            put(striped(i), input_items[i]);
        __syncthreads();
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            output_items[i] = temp_storage.buf[blocked(i)];
    }
    template <typename OutputT>
    void BlockedToStriped(const T (&input_items)[ITEMS_PER_THREAD], OutputT (&output_items)[ITEMS_PER_THREAD])
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            put(blocked(i), input_items[i]);
        __syncthreads();
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            output_items[i] = temp_storage.buf[striped(i)];
    }
    template <typename OutputT>
    void WarpStripedToBlocked(const T (&input_items)[ITEMS_PER_THREAD],
                              OutputT (&output_items)[ITEMS_PER_THREAD])
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            put(warp_striped(i), input_items[i]);
        warp_sync();
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            output_items[i] = temp_storage.buf[warp_blocked(i)];
    }
    template <typename OutputT>
    void BlockedToWarpStriped(const T (&input_items)[ITEMS_PER_THREAD],
                              OutputT (&output_items)[ITEMS_PER_THREAD])
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            put(warp_blocked(i), input_items[i]);
        warp_sync();
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            output_items[i] = temp_storage.buf[warp_striped(i)];
    }
    template <typename OutputT, typename OffsetT>
    void ScatterToBlocked(const T (&input_items)[ITEMS_PER_THREAD], OutputT (&output_items)[ITEMS_PER_THREAD],
                          OffsetT (&ranks)[ITEMS_PER_THREAD])
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            put((int)ranks[i], input_items[i]);
        __syncthreads();
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            output_items[i] = temp_storage.buf[blocked(i)];
    }
    template <typename OutputT, typename OffsetT>
    void ScatterToStriped(const T (&input_items)[ITEMS_PER_THREAD], OutputT (&output_items)[ITEMS_PER_THREAD],
                          OffsetT (&ranks)[ITEMS_PER_THREAD])
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            put((int)ranks[i], input_items[i]);
        __syncthreads();
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            output_items[i] = temp_storage.buf[striped(i)];
    }
    /* Items whose rank is negative are not placed. */
    template <typename OutputT, typename OffsetT>
    void ScatterToStripedGuarded(const T (&input_items)[ITEMS_PER_THREAD],
                                 OutputT (&output_items)[ITEMS_PER_THREAD],
                                 OffsetT (&ranks)[ITEMS_PER_THREAD])
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            if (ranks[i] >= 0)
                put((int)ranks[i], input_items[i]);
        __syncthreads();
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            output_items[i] = temp_storage.buf[striped(i)];
    }
    template <typename OutputT, typename OffsetT, typename ValidFlag>
    void ScatterToStripedFlagged(const T (&input_items)[ITEMS_PER_THREAD],
                                 OutputT (&output_items)[ITEMS_PER_THREAD],
                                 OffsetT (&ranks)[ITEMS_PER_THREAD], ValidFlag (&is_valid)[ITEMS_PER_THREAD])
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            if (is_valid[i])
                put((int)ranks[i], input_items[i]);
        __syncthreads();
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            output_items[i] = temp_storage.buf[striped(i)];
    }

    /* In-place forms. */
    void StripedToBlocked(T (&items)[ITEMS_PER_THREAD]) { StripedToBlocked(items, items); }
    void BlockedToStriped(T (&items)[ITEMS_PER_THREAD]) { BlockedToStriped(items, items); }
    void WarpStripedToBlocked(T (&items)[ITEMS_PER_THREAD]) { WarpStripedToBlocked(items, items); }
    void BlockedToWarpStriped(T (&items)[ITEMS_PER_THREAD]) { BlockedToWarpStriped(items, items); }
    template <typename OffsetT>
    void ScatterToBlocked(T (&items)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD])
    {
        ScatterToBlocked(items, items, ranks);
    }
    template <typename OffsetT>
    void ScatterToStriped(T (&items)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD])
    {
        ScatterToStriped(items, items, ranks);
    }
    template <typename OffsetT>
    void ScatterToStripedGuarded(T (&items)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD])
    {
        ScatterToStripedGuarded(items, items, ranks);
    }
    template <typename OffsetT, typename ValidFlag>
    void ScatterToStripedFlagged(T (&items)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD],
                                 ValidFlag (&is_valid)[ITEMS_PER_THREAD])
    {
        ScatterToStripedFlagged(items, items, ranks, is_valid);
    }
};

CUB_NAMESPACE_END

#endif
