/*
 * cub/warp/warp_scan.cuh: cub::WarpScan, computed as CUB's shuffle
 * implementation computes it: an inclusive scan by doubling offsets (each
 * lane combines the lane `offset` below it into its value), an exclusive
 * result being the inclusive one of the lane below, the initial value
 * folded in front, the warp aggregate the last lane's inclusive value
 * (the initial value excluded).  Results, floating point included, are a
 * GPU's.  TempStorage is empty, as in CUB.
 */
#ifndef SIMT_CUB_WARP_WARP_SCAN_CUH
#define SIMT_CUB_WARP_WARP_SCAN_CUH
#pragma GCC system_header

#include "../detail/simt_warp.cuh"
#include "../thread/thread_operators.cuh"

CUB_NAMESPACE_BEGIN

template <typename T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0> class WarpScan {
    simt_cub::logical_warp<LOGICAL_WARP_THREADS> warp;

    template <typename ScanOp> T Inclusive(T v, ScanOp &op)
    {
        for (int offset = 1; offset < LOGICAL_WARP_THREADS; offset *= 2) {
            T other = warp.from(v, (int)warp.lane - offset);
            if ((int)warp.lane >= offset)
                v = op(other, v);
        }
        return v;
    }
    T Aggregate(T inclusive) { return warp.from(inclusive, warp.size - 1); }
    /* The inclusive value of the lane below (the caller's own for lane 0). */
    T Below(T inclusive) { return warp.from(inclusive, (int)warp.lane - 1); }

public:
    struct TempStorage : Uninitialized<NullType> {};

    WarpScan(TempStorage &) {}

    void InclusiveSum(T input, T &inclusive_output)
    {
        InclusiveScan(input, inclusive_output, ::cuda::std::plus<>());
    }
    void InclusiveSum(T input, T &inclusive_output, T &warp_aggregate)
    {
        InclusiveScan(input, inclusive_output, ::cuda::std::plus<>(), warp_aggregate);
    }
    void ExclusiveSum(T input, T &exclusive_output)
    {
        T initial_value{};
        ExclusiveScan(input, exclusive_output, initial_value, ::cuda::std::plus<>());
    }
    void ExclusiveSum(T input, T &exclusive_output, T &warp_aggregate)
    {
        T initial_value{};
        ExclusiveScan(input, exclusive_output, initial_value, ::cuda::std::plus<>(), warp_aggregate);
    }

    template <typename ScanOp> void InclusiveScan(T input, T &inclusive_output, ScanOp scan_op)
    {
        inclusive_output = Inclusive(input, scan_op);
    }
    template <typename ScanOp>
    void InclusiveScan(T input, T &inclusive_output, T initial_value, ScanOp scan_op)
    {
        inclusive_output = scan_op(initial_value, Inclusive(input, scan_op));
    }
    template <typename ScanOp>
    void InclusiveScan(T input, T &inclusive_output, ScanOp scan_op, T &warp_aggregate)
    {
        inclusive_output = Inclusive(input, scan_op);
        warp_aggregate = Aggregate(inclusive_output);
    }
    template <typename ScanOp>
    void InclusiveScan(T input, T &inclusive_output, T initial_value, ScanOp scan_op, T &warp_aggregate)
    {
        T inclusive = Inclusive(input, scan_op);
        warp_aggregate = Aggregate(inclusive);
        inclusive_output = scan_op(initial_value, inclusive);
    }

    /* Without an initial value lane 0's exclusive output is undefined (it
     * gets its own inclusive value here). */
    template <typename ScanOp> void ExclusiveScan(T input, T &exclusive_output, ScanOp scan_op)
    {
        exclusive_output = Below(Inclusive(input, scan_op));
    }
    template <typename ScanOp>
    void ExclusiveScan(T input, T &exclusive_output, T initial_value, ScanOp scan_op)
    {
        T inclusive = scan_op(initial_value, Inclusive(input, scan_op));
        T below = Below(inclusive);
        exclusive_output = warp.lane == 0 ? initial_value : below;
    }
    template <typename ScanOp>
    void ExclusiveScan(T input, T &exclusive_output, ScanOp scan_op, T &warp_aggregate)
    {
        T inclusive = Inclusive(input, scan_op);
        warp_aggregate = Aggregate(inclusive);
        exclusive_output = Below(inclusive);
    }
    template <typename ScanOp>
    void ExclusiveScan(T input, T &exclusive_output, T initial_value, ScanOp scan_op, T &warp_aggregate)
    {
        T inclusive = Inclusive(input, scan_op);
        warp_aggregate = Aggregate(inclusive);
        inclusive = scan_op(initial_value, inclusive);
        T below = Below(inclusive);
        exclusive_output = warp.lane == 0 ? initial_value : below;
    }
    template <typename ScanOp> void Scan(T input, T &inclusive_output, T &exclusive_output, ScanOp scan_op)
    {
        inclusive_output = Inclusive(input, scan_op);
        exclusive_output = Below(inclusive_output);
    }
    template <typename ScanOp>
    void Scan(T input, T &inclusive_output, T &exclusive_output, T initial_value, ScanOp scan_op)
    {
        T inclusive = scan_op(initial_value, Inclusive(input, scan_op));
        T below = Below(inclusive);
        inclusive_output = inclusive;
        exclusive_output = warp.lane == 0 ? initial_value : below;
    }
    T Broadcast(T input, unsigned int src_lane) { return warp.from(input, (int)src_lane); }
};

CUB_NAMESPACE_END

#endif
