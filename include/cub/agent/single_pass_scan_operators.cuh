/*
 * cub/agent/single_pass_scan_operators.cuh (simt): cub::ScanTileState and
 * cub::TilePrefixCallbackOp, the pieces of a single-pass scan with
 * decoupled look-back that programs use to write their own (CUB 3.0's
 * interface; simt's own device scans do not use them: cub/device/
 * device_scan.cuh).
 *
 * The tile state is three arrays in the caller's temporary storage: each
 * tile's status word, its partial (block) aggregate and its inclusive
 * prefix.  A status word goes INVALID -> PARTIAL -> INCLUSIVE; its value
 * is written before the status is published (release), and read after
 * the status is seen (acquire).  The partial and inclusive values live
 * apart, so a reader that saw PARTIAL never reads the inclusive value
 * written meanwhile; this holds for a T of any size, so SINGLE_WORD
 * (CUB's packing of small types into one word) changes nothing here.
 * Like CUB's, the arrays start with 32 tiles of padding, whose status is
 * SCAN_TILE_OOB: a look-back window may read before tile 0.
 *
 * Waiting: a block waits only for blocks of lower index, which simt's
 * workers start first and run to the end one block at a time, so a wait
 * always ends; it yields (__nanosleep) so that the threads of its own
 * block run meanwhile.  The look-back runs on the calling warp's first
 * lane, nearest predecessor first, and combines as CUB does:
 * exclusive = op(earlier, later).
 */
#ifndef SIMT_CUB_AGENT_SINGLE_PASS_SCAN_OPERATORS_CUH
#define SIMT_CUB_AGENT_SINGLE_PASS_SCAN_OPERATORS_CUH
#pragma GCC system_header

#include <stddef.h>
#include <new>
#include <cuda_runtime.h>
#include "../config.cuh"
#include "../util_type.cuh"

CUB_NAMESPACE_BEGIN

enum ScanTileStatus {
    SCAN_TILE_OOB,
    SCAN_TILE_INVALID = 99,
    SCAN_TILE_PARTIAL,
    SCAN_TILE_INCLUSIVE
};

template <typename T, bool SINGLE_WORD = Traits<T>::PRIMITIVE> struct ScanTileState {
    using StatusWord = unsigned int;

    static constexpr int TILE_STATUS_PADDING = 32;

    StatusWord *d_status;
    T *d_partial;
    T *d_inclusive;

    __host__ __device__ ScanTileState() : d_status(nullptr), d_partial(nullptr), d_inclusive(nullptr) {}

    /* The three arrays' offsets in temporary storage and its size. */
    __host__ __device__ static size_t Layout(int num_tiles, size_t *partial_off, size_t *inclusive_off)
    {
        size_t n = (size_t)(num_tiles > 0 ? num_tiles : 0) + TILE_STATUS_PADDING;
        size_t a = alignof(T) > 16 ? alignof(T) : 16;
        size_t p = (n * sizeof(StatusWord) + a - 1) / a * a;
        size_t q = (p + n * sizeof(T) + a - 1) / a * a;
        *partial_off = p;
        *inclusive_off = q;
        return q + n * sizeof(T);
    }

    __host__ __device__ static cudaError_t AllocationSize(int num_tiles, size_t &temp_storage_bytes)
    {
        size_t p, q;
        temp_storage_bytes = Layout(num_tiles, &p, &q);
        return cudaSuccess;
    }

    __host__ __device__ cudaError_t Init(int num_tiles, void *d_temp_storage, size_t temp_storage_bytes)
    {
        size_t p, q;
        if (!d_temp_storage || temp_storage_bytes < Layout(num_tiles, &p, &q))
            return cudaErrorInvalidValue;
        char *base = static_cast<char *>(d_temp_storage);
        d_status = reinterpret_cast<StatusWord *>(base);
        d_partial = reinterpret_cast<T *>(base + p);
        d_inclusive = reinterpret_cast<T *>(base + q);
        return cudaSuccess;
    }

    /* Called by a grid covering num_tiles threads: tile i INVALID, the
     * padding OOB. */
    __device__ void InitializeStatus(int num_tiles)
    {
        int tile_idx = (int)(blockIdx.x * blockDim.x + threadIdx.x);
        if (tile_idx < num_tiles)
            __atomic_store_n(&d_status[TILE_STATUS_PADDING + tile_idx], (StatusWord)SCAN_TILE_INVALID,
                             __ATOMIC_RELAXED);
        if (blockIdx.x == 0 && threadIdx.x < TILE_STATUS_PADDING)
            __atomic_store_n(&d_status[threadIdx.x], (StatusWord)SCAN_TILE_OOB, __ATOMIC_RELAXED);
    }

    __device__ void SetInclusive(int tile_idx, T tile_inclusive)
    {
        new (&d_inclusive[TILE_STATUS_PADDING + tile_idx]) T(tile_inclusive);
        __atomic_store_n(&d_status[TILE_STATUS_PADDING + tile_idx], (StatusWord)SCAN_TILE_INCLUSIVE,
                         __ATOMIC_RELEASE);
    }

    __device__ void SetPartial(int tile_idx, T tile_partial)
    {
        new (&d_partial[TILE_STATUS_PADDING + tile_idx]) T(tile_partial);
        __atomic_store_n(&d_status[TILE_STATUS_PADDING + tile_idx], (StatusWord)SCAN_TILE_PARTIAL,
                         __ATOMIC_RELEASE);
    }

    /* Waits until tile tile_idx is no longer INVALID; its status and, if
     * PARTIAL or INCLUSIVE, that value.  (The delay CUB takes is accepted;
     * waiting yields instead.) */
    template <class DelayT = int>
    __device__ void WaitForValid(int tile_idx, StatusWord &status, T &value, DelayT delay = {})
    {
        (void)delay;
        StatusWord *s = &d_status[TILE_STATUS_PADDING + tile_idx];
        while ((status = __atomic_load_n(s, __ATOMIC_ACQUIRE)) == (StatusWord)SCAN_TILE_INVALID)
            __nanosleep(100);
        if (status == (StatusWord)SCAN_TILE_PARTIAL)
            value = d_partial[TILE_STATUS_PADDING + tile_idx];
        else if (status == (StatusWord)SCAN_TILE_INCLUSIVE)
            value = d_inclusive[TILE_STATUS_PADDING + tile_idx];
    }

    /* The inclusive value of a tile known to be INCLUSIVE. */
    __device__ T LoadValid(int tile_idx) { return d_inclusive[TILE_STATUS_PADDING + tile_idx]; }
};

/* A BlockScan prefix callback for one block scanning tile after tile:
 * each call returns the total so far and adds the tile's aggregate. */
template <typename T, typename ScanOpT>
struct BlockScanRunningPrefixOp {
    ScanOpT op;
    T running_total;

    __device__ BlockScanRunningPrefixOp(ScanOpT op) : op(op) {}
    __device__ BlockScanRunningPrefixOp(T starting_prefix, ScanOpT op) : op(op), running_total(starting_prefix) {}

    __device__ T operator()(const T &block_aggregate)
    {
        T before = running_total;
        running_total = op(running_total, block_aggregate);
        return before;
    }
};

/* The tile state of a reduce-by-key: each tile's (segments ended, value)
 * pair.  CUB packs small pairs into one word with their status; simt's
 * ScanTileState keeps values apart from the status for any type, so both
 * of CUB's forms are that state of KeyValuePair<KeyT, ValueT>. */
template <typename ValueT, typename KeyT,
          bool SINGLE_WORD = Traits<ValueT>::PRIMITIVE && (sizeof(ValueT) + sizeof(KeyT) < 16)>
struct ReduceByKeyScanTileState : ScanTileState<KeyValuePair<KeyT, ValueT>> {
    using SuperClass = ScanTileState<KeyValuePair<KeyT, ValueT>>;
    using KeyValuePairT = KeyValuePair<KeyT, ValueT>;
};

namespace detail {

/* CUB's look-back delays: how long a GPU block backs off between polls of
 * a predecessor's tile status (constructed per look-back from a seed;
 * operator() gives the delay to apply).  Policies name them as types
 * (AgentScanPolicy's DelayConstructorT and the like).  On simt a delay
 * is a yield of the worker to the block's other threads, whatever the
 * GPU timings in the parameters; simt's own waits yield likewise. */
struct simt_yield_delay {
    __device__ void operator()() { __nanosleep(0); }
};
template <unsigned int... GpuTimings>
struct simt_delay_constructor {
    using delay_t = simt_yield_delay;
    __device__ simt_delay_constructor(unsigned int /* seed */) {}
    __device__ delay_t operator()() { return {}; }
};

template <unsigned int L2WriteLatency>
struct no_delay_constructor_t : simt_delay_constructor<L2WriteLatency> {
    using simt_delay_constructor<L2WriteLatency>::simt_delay_constructor;
};
template <unsigned int Delay, unsigned int L2WriteLatency, unsigned int GridThreshold = 500>
struct reduce_by_key_delay_constructor_t : simt_delay_constructor<Delay, L2WriteLatency, GridThreshold> {
    using simt_delay_constructor<Delay, L2WriteLatency, GridThreshold>::simt_delay_constructor;
};
template <unsigned int Delay, unsigned int L2WriteLatency>
struct fixed_delay_constructor_t : simt_delay_constructor<Delay, L2WriteLatency> {
    using simt_delay_constructor<Delay, L2WriteLatency>::simt_delay_constructor;
};
template <unsigned int InitialDelay, unsigned int L2WriteLatency>
struct exponential_backoff_constructor_t : simt_delay_constructor<InitialDelay, L2WriteLatency> {
    using simt_delay_constructor<InitialDelay, L2WriteLatency>::simt_delay_constructor;
};
template <unsigned int InitialDelay, unsigned int L2WriteLatency>
struct exponential_backoff_jitter_constructor_t : simt_delay_constructor<InitialDelay, L2WriteLatency> {
    using simt_delay_constructor<InitialDelay, L2WriteLatency>::simt_delay_constructor;
};
template <unsigned int InitialDelay, unsigned int L2WriteLatency>
struct exponential_backoff_jitter_window_constructor_t : simt_delay_constructor<InitialDelay, L2WriteLatency> {
    using simt_delay_constructor<InitialDelay, L2WriteLatency>::simt_delay_constructor;
};
template <unsigned int InitialDelay, unsigned int L2WriteLatency>
struct exponential_backon_jitter_window_constructor_t : simt_delay_constructor<InitialDelay, L2WriteLatency> {
    using simt_delay_constructor<InitialDelay, L2WriteLatency>::simt_delay_constructor;
};
template <unsigned int InitialDelay, unsigned int L2WriteLatency>
struct exponential_backon_jitter_constructor_t : simt_delay_constructor<InitialDelay, L2WriteLatency> {
    using simt_delay_constructor<InitialDelay, L2WriteLatency>::simt_delay_constructor;
};
template <unsigned int InitialDelay, unsigned int L2WriteLatency>
struct exponential_backon_constructor_t : simt_delay_constructor<InitialDelay, L2WriteLatency> {
    using simt_delay_constructor<InitialDelay, L2WriteLatency>::simt_delay_constructor;
};

using default_no_delay_constructor_t = no_delay_constructor_t<450>;
using default_no_delay_t = default_no_delay_constructor_t::delay_t;

/* CUB's choice: a fixed delay for primitive types, none otherwise. */
template <class T>
using default_delay_constructor_t =
    ::std::conditional_t<Traits<T>::PRIMITIVE, fixed_delay_constructor_t<350, 450>, default_no_delay_constructor_t>;
template <class T>
using default_delay_t = typename default_delay_constructor_t<T>::delay_t;

template <class KeyT, class ValueT>
using default_reduce_by_key_delay_constructor_t =
    ::std::conditional_t<Traits<ValueT>::PRIMITIVE && (sizeof(ValueT) + sizeof(KeyT) < 16),
                         reduce_by_key_delay_constructor_t<350, 450>,
                         default_delay_constructor_t<KeyValuePair<KeyT, ValueT>>>;

} /* namespace detail */

/* A BlockScan prefix callback that finds the block's exclusive prefix by
 * looking back over the tiles before it.  The first warp calls it with
 * the block's aggregate, for a tile other than 0 (tile 0 sets its
 * inclusive value itself).  Every lane of the warp returns the prefix. */
template <typename T, typename ScanOpT, typename ScanTileStateT,
          typename DelayConstructorT = detail::default_delay_constructor_t<T>>
struct TilePrefixCallbackOp {
    using StatusWord = typename ScanTileStateT::StatusWord;

    struct _TempStorage {
        T exclusive_prefix;
        T inclusive_prefix;
        T block_aggregate;
    };
    struct TempStorage : Uninitialized<_TempStorage> {};

    _TempStorage &temp_storage;
    ScanTileStateT &tile_status;
    ScanOpT scan_op;
    int tile_idx;

    __device__ TilePrefixCallbackOp(ScanTileStateT &tile_status, TempStorage &temp_storage, ScanOpT scan_op,
                                    int tile_idx)
        : temp_storage(temp_storage.Alias()), tile_status(tile_status), scan_op(scan_op), tile_idx(tile_idx)
    {
    }

    __device__ TilePrefixCallbackOp(ScanTileStateT &tile_status, TempStorage &temp_storage, ScanOpT scan_op)
        : TilePrefixCallbackOp(tile_status, temp_storage, scan_op, (int)blockIdx.x)
    {
    }

    __device__ T operator()(T block_aggregate)
    {
        if ((threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y) % 32 == 0) {
            tile_status.SetPartial(tile_idx, block_aggregate);
            StatusWord status;
            T value;
            int p = tile_idx - 1;
            tile_status.WaitForValid(p, status, value);
            T exclusive = value;
            while (status == (StatusWord)SCAN_TILE_PARTIAL && --p >= 0) {
                tile_status.WaitForValid(p, status, value);
                if (status == (StatusWord)SCAN_TILE_OOB)
                    break;
                exclusive = scan_op(value, exclusive);
            }
            T inclusive = scan_op(exclusive, block_aggregate);
            tile_status.SetInclusive(tile_idx, inclusive);
            new (&temp_storage.exclusive_prefix) T(exclusive);
            new (&temp_storage.inclusive_prefix) T(inclusive);
            new (&temp_storage.block_aggregate) T(block_aggregate);
        }
        __syncwarp();
        return temp_storage.exclusive_prefix;
    }

    __device__ T GetExclusivePrefix() { return temp_storage.exclusive_prefix; }
    __device__ T GetInclusivePrefix() { return temp_storage.inclusive_prefix; }
    __device__ T GetBlockAggregate() { return temp_storage.block_aggregate; }
    __device__ int GetTileIdx() const { return tile_idx; }
};

CUB_NAMESPACE_END

#endif
