/*
 * cub/warp/warp_exchange.cuh: cub::WarpExchange: rearranges a logical
 * warp's items between the blocked (lane l holds l*N .. l*N+N-1) and
 * striped (item i of lane l is i*LOGICAL_WARP_THREADS + l) arrangements
 * through the warp's TempStorage, synchronizing the logical warp.
 */
#ifndef SIMT_CUB_WARP_WARP_EXCHANGE_CUH
#define SIMT_CUB_WARP_WARP_EXCHANGE_CUH
#pragma GCC system_header

#include "../detail/simt_block.cuh"
#include "../detail/simt_warp.cuh"

CUB_NAMESPACE_BEGIN

enum WarpExchangeAlgorithm { WARP_EXCHANGE_SMEM, WARP_EXCHANGE_SHUFFLE };

template <typename InputT, int ITEMS_PER_THREAD, int LOGICAL_WARP_THREADS = 32,
          WarpExchangeAlgorithm WARP_EXCHANGE_ALGORITHM = WARP_EXCHANGE_SMEM>
class WarpExchange {
    struct _TempStorage {
        simt_cub::slots<InputT, ITEMS_PER_THREAD * LOGICAL_WARP_THREADS> buf;
    };
    _TempStorage &temp_storage;
    simt_cub::logical_warp<LOGICAL_WARP_THREADS> warp;

public:
    struct TempStorage : Uninitialized<_TempStorage> {};

    WarpExchange(TempStorage &temp_storage) : temp_storage(temp_storage.Alias()) {}

    template <typename OutputT>
    void BlockedToStriped(const InputT (&input_items)[ITEMS_PER_THREAD],
                          OutputT (&output_items)[ITEMS_PER_THREAD])
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            ::new ((void *)&temp_storage.buf[warp.lane * ITEMS_PER_THREAD + i]) InputT(input_items[i]);
        __syncwarp(warp.mask);
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            output_items[i] = temp_storage.buf[i * LOGICAL_WARP_THREADS + warp.lane];
    }
    template <typename OutputT>
    void StripedToBlocked(const InputT (&input_items)[ITEMS_PER_THREAD],
                          OutputT (&output_items)[ITEMS_PER_THREAD])
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            ::new ((void *)&temp_storage.buf[i * LOGICAL_WARP_THREADS + warp.lane]) InputT(input_items[i]);
        __syncwarp(warp.mask);
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            output_items[i] = temp_storage.buf[warp.lane * ITEMS_PER_THREAD + i];
    }
    template <typename OffsetT>
    void ScatterToStriped(InputT (&items)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD])
    {
        ScatterToStriped(items, items, ranks);
    }
    template <typename OutputT, typename OffsetT>
    void ScatterToStriped(const InputT (&input_items)[ITEMS_PER_THREAD],
                          OutputT (&output_items)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD])
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            ::new ((void *)&temp_storage.buf[(int)ranks[i]]) InputT(input_items[i]);
        __syncwarp(warp.mask);
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            output_items[i] = temp_storage.buf[i * LOGICAL_WARP_THREADS + warp.lane];
    }
};

CUB_NAMESPACE_END

#endif
