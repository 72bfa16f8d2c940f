/*
 * cub/block/block_scan.cuh: cub::BlockScan.  Every thread deposits the
 * fold of its items; thread 0 scans the block's deposits in thread order;
 * every thread then finishes its own items from its prefix.  A block
 * prefix callback is called, as in CUB, by the threads of the first warp
 * with the block's aggregate, and the first thread's result is the prefix
 * of the whole block.  Operators are applied left to right; floating-point
 * results can differ from a GPU's, whose scans associate as trees.
 */
#ifndef SIMT_CUB_BLOCK_BLOCK_SCAN_CUH
#define SIMT_CUB_BLOCK_BLOCK_SCAN_CUH
#pragma GCC system_header

#include "../detail/simt_block.cuh"
#include "../thread/thread_operators.cuh"

CUB_NAMESPACE_BEGIN

enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };

template <typename T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockScan {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    /* the deposits, then the exclusive prefixes; the aggregate; the
     * callback's prefix */
    struct _TempStorage {
        simt_cub::slots<T, BLOCK_THREADS + 2> v;
    };
    _TempStorage &temp_storage;
    int linear_tid;

    static _TempStorage &PrivateStorage()
    {
        __shared__ _TempStorage private_storage;
        return private_storage;
    }
    struct no_callback {
        T operator()(const T &a) { return a; }
    };

    /* The block-wide exclusive scan of the threads' partials: sets prefix
     * (unless this is thread 0 with neither init nor callback: returns
     * false) and the aggregate of the partials (init and callback
     * excluded). */
    template <typename ScanOp, typename Callback>
    bool Exclusive(const T &partial, T &prefix, T &aggregate, ScanOp &op, const T *init, Callback *cb)
    {
        T *v = temp_storage.v.data();
        ::new ((void *)&v[linear_tid]) T(partial);
        __syncthreads();
        if (linear_tid == 0) {
            T run = init ? *init : v[0];
            T agg = v[0];
            for (int t = 0; t < BLOCK_THREADS; t++) {
                T x = v[t];
                if (t > 0)
                    agg = op(agg, x);
                if (t > 0 || init) {
                    v[t] = run;
                    run = op(run, x);
                }
            }
            ::new ((void *)&v[BLOCK_THREADS]) T(agg);
        }
        __syncthreads();
        aggregate = v[BLOCK_THREADS];
        T mine = v[linear_tid];
        if (cb) {
            if (linear_tid < 32) {
                T p = (*cb)(aggregate);
                if (linear_tid == 0)
                    ::new ((void *)&v[BLOCK_THREADS + 1]) T(p);
            }
            __syncthreads();
            T p = v[BLOCK_THREADS + 1];
            prefix = linear_tid == 0 ? p : op(p, mine);
            return true;
        }
        if (linear_tid == 0 && !init)
            return false;
        prefix = mine;
        return true;
    }

    template <int N, typename ScanOp, typename Callback>
    void ScanItems(T (&input)[N], T (&output)[N], ScanOp &op, const T *init, Callback *cb, T *aggregate,
                   bool inclusive)
    {
        T partial = input[0];
        for (int i = 1; i < N; i++)
            partial = op(partial, input[i]);
        T prefix = partial, agg = partial;
        bool has_prefix = Exclusive(partial, prefix, agg, op, init, cb);
        if (aggregate)
            *aggregate = agg;
        T run = has_prefix ? prefix : input[0];
        for (int i = 0; i < N; i++) {
            T x = input[i];
            if (inclusive) {
                if (has_prefix || i > 0)
                    run = op(run, x);
                output[i] = run;
            } else {
                if (has_prefix || i > 0)
                    output[i] = run;
                if (has_prefix || i > 0)
                    run = op(run, x);
            }
        }
    }

public:
    struct TempStorage : Uninitialized<_TempStorage> {};

    BlockScan()
        : temp_storage(PrivateStorage()),
          linear_tid(simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>())
    {
    }
    BlockScan(TempStorage &temp_storage)
        : temp_storage(temp_storage.Alias()),
          linear_tid(simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>())
    {
    }

    /* ---- one item per thread ---- */
    void ExclusiveSum(T input, T &output)
    {
        T zero{}, agg;
        ExclusiveScan(input, output, zero, ::cuda::std::plus<>(), agg);
    }
    void ExclusiveSum(T input, T &output, T &block_aggregate)
    {
        T zero{};
        ExclusiveScan(input, output, zero, ::cuda::std::plus<>(), block_aggregate);
    }
    template <typename BlockPrefixCallbackOp>
    void ExclusiveSum(T input, T &output, BlockPrefixCallbackOp &block_prefix_callback_op)
    {
        ExclusiveScan(input, output, ::cuda::std::plus<>(), block_prefix_callback_op);
    }
    template <typename ScanOp> void ExclusiveScan(T input, T &output, T initial_value, ScanOp scan_op)
    {
        T agg;
        ExclusiveScan(input, output, initial_value, scan_op, agg);
    }
    template <typename ScanOp>
    void ExclusiveScan(T input, T &output, T initial_value, ScanOp scan_op, T &block_aggregate)
    {
        Exclusive(input, output, block_aggregate, scan_op, &initial_value, (no_callback *)nullptr);
    }
    template <typename ScanOp, typename BlockPrefixCallbackOp>
    void ExclusiveScan(T input, T &output, ScanOp scan_op, BlockPrefixCallbackOp &block_prefix_callback_op)
    {
        T agg;
        Exclusive(input, output, agg, scan_op, (const T *)nullptr, &block_prefix_callback_op);
    }
    template <typename ScanOp> void ExclusiveScan(T input, T &output, ScanOp scan_op)
    {
        T agg;
        ExclusiveScan(input, output, scan_op, agg);
    }
    template <typename ScanOp> void ExclusiveScan(T input, T &output, ScanOp scan_op, T &block_aggregate)
    {
        T prefix = input;
        if (Exclusive(input, prefix, block_aggregate, scan_op, (const T *)nullptr, (no_callback *)nullptr))
            output = prefix;
    }

    void InclusiveSum(T input, T &output) { InclusiveScan(input, output, ::cuda::std::plus<>()); }
    void InclusiveSum(T input, T &output, T &block_aggregate)
    {
        InclusiveScan(input, output, ::cuda::std::plus<>(), block_aggregate);
    }
    template <typename BlockPrefixCallbackOp>
    void InclusiveSum(T input, T &output, BlockPrefixCallbackOp &block_prefix_callback_op)
    {
        InclusiveScan(input, output, ::cuda::std::plus<>(), block_prefix_callback_op);
    }
    template <typename ScanOp> void InclusiveScan(T input, T &output, ScanOp scan_op)
    {
        T agg;
        InclusiveScan(input, output, scan_op, agg);
    }
    template <typename ScanOp> void InclusiveScan(T input, T &output, ScanOp scan_op, T &block_aggregate)
    {
        T prefix = input;
        bool has =
            Exclusive(input, prefix, block_aggregate, scan_op, (const T *)nullptr, (no_callback *)nullptr);
        output = has ? T(scan_op(prefix, input)) : input;
    }
    template <typename ScanOp, typename BlockPrefixCallbackOp>
    void InclusiveScan(T input, T &output, ScanOp scan_op, BlockPrefixCallbackOp &block_prefix_callback_op)
    {
        T prefix = input, agg;
        Exclusive(input, prefix, agg, scan_op, (const T *)nullptr, &block_prefix_callback_op);
        output = scan_op(prefix, input);
    }

    /* ---- ITEMS_PER_THREAD items per thread (blocked arrangement) ---- */
    template <int N> void ExclusiveSum(T (&input)[N], T (&output)[N])
    {
        T zero{};
        ExclusiveScan(input, output, zero, ::cuda::std::plus<>());
    }
    template <int N> void ExclusiveSum(T (&input)[N], T (&output)[N], T &block_aggregate)
    {
        T zero{};
        ExclusiveScan(input, output, zero, ::cuda::std::plus<>(), block_aggregate);
    }
    template <int N, typename BlockPrefixCallbackOp>
    void ExclusiveSum(T (&input)[N], T (&output)[N], BlockPrefixCallbackOp &block_prefix_callback_op)
    {
        ExclusiveScan(input, output, ::cuda::std::plus<>(), block_prefix_callback_op);
    }
    template <int N, typename ScanOp>
    void ExclusiveScan(T (&input)[N], T (&output)[N], T initial_value, ScanOp scan_op)
    {
        ScanItems(input, output, scan_op, &initial_value, (no_callback *)nullptr, nullptr, false);
    }
    template <int N, typename ScanOp>
    void ExclusiveScan(T (&input)[N], T (&output)[N], T initial_value, ScanOp scan_op, T &block_aggregate)
    {
        ScanItems(input, output, scan_op, &initial_value, (no_callback *)nullptr, &block_aggregate, false);
    }
    template <int N, typename ScanOp, typename BlockPrefixCallbackOp>
    void ExclusiveScan(T (&input)[N], T (&output)[N], ScanOp scan_op,
                       BlockPrefixCallbackOp &block_prefix_callback_op)
    {
        ScanItems(input, output, scan_op, (const T *)nullptr, &block_prefix_callback_op, nullptr, false);
    }
    template <int N, typename ScanOp> void ExclusiveScan(T (&input)[N], T (&output)[N], ScanOp scan_op)
    {
        ScanItems(input, output, scan_op, (const T *)nullptr, (no_callback *)nullptr, nullptr, false);
    }
    template <int N, typename ScanOp>
    void ExclusiveScan(T (&input)[N], T (&output)[N], ScanOp scan_op, T &block_aggregate)
    {
        ScanItems(input, output, scan_op, (const T *)nullptr, (no_callback *)nullptr, &block_aggregate,
                  false);
    }

    template <int N> void InclusiveSum(T (&input)[N], T (&output)[N])
    {
        InclusiveScan(input, output, ::cuda::std::plus<>());
    }
    template <int N> void InclusiveSum(T (&input)[N], T (&output)[N], T &block_aggregate)
    {
        InclusiveScan(input, output, ::cuda::std::plus<>(), block_aggregate);
    }
    template <int N, typename BlockPrefixCallbackOp>
    void InclusiveSum(T (&input)[N], T (&output)[N], BlockPrefixCallbackOp &block_prefix_callback_op)
    {
        InclusiveScan(input, output, ::cuda::std::plus<>(), block_prefix_callback_op);
    }
    template <int N, typename ScanOp> void InclusiveScan(T (&input)[N], T (&output)[N], ScanOp scan_op)
    {
        ScanItems(input, output, scan_op, (const T *)nullptr, (no_callback *)nullptr, nullptr, true);
    }
    template <int N, typename ScanOp>
    void InclusiveScan(T (&input)[N], T (&output)[N], ScanOp scan_op, T &block_aggregate)
    {
        ScanItems(input, output, scan_op, (const T *)nullptr, (no_callback *)nullptr, &block_aggregate, true);
    }
    template <int N, typename ScanOp, typename BlockPrefixCallbackOp>
    void InclusiveScan(T (&input)[N], T (&output)[N], ScanOp scan_op,
                       BlockPrefixCallbackOp &block_prefix_callback_op)
    {
        ScanItems(input, output, scan_op, (const T *)nullptr, &block_prefix_callback_op, nullptr, true);
    }
    template <int N, typename ScanOp>
    void InclusiveScan(T (&input)[N], T (&output)[N], T initial_value, ScanOp scan_op)
    {
        ScanItems(input, output, scan_op, &initial_value, (no_callback *)nullptr, nullptr, true);
    }
    template <int N, typename ScanOp>
    void InclusiveScan(T (&input)[N], T (&output)[N], T initial_value, ScanOp scan_op, T &block_aggregate)
    {
        ScanItems(input, output, scan_op, &initial_value, (no_callback *)nullptr, &block_aggregate, true);
    }
};

CUB_NAMESPACE_END

#endif
