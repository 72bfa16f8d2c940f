/*
 * cooperative_groups.h: CUDA's cooperative groups (CUDA guide 5.6.3,
 * "Cooperative Groups API") as a header layer over simt's core.
 *
 * A group object holds no state of its own beyond what CUDA's handles hold
 * (a lane mask and meta-group numbers); every synchronization and exchange
 * is a core primitive: warp collectives for groups within a warp
 * (simt/core/warp.h), __syncthreads for the block, simt_range_sync for tiles of
 * 64 to 1024 threads, the grid barrier of cooperative launches and the
 * cluster barrier (simt/core/groups.h).  The results are the ones CUDA 13's own
 * headers compute on a GPU, in the same order of operations, so that
 * floating-point reductions and scans match the GPU bit for bit.
 *
 * Misuse that CUDA leaves undefined is reported with the thread and the
 * user's line: a collective some member never reaches (the core's deadlock
 * and mask checks), tile sizes that are not powers of two (static_assert;
 * at run time for the dynamic tiled_partition), partitions of parents that
 * cannot be partitioned, reused arrival tokens, grid synchronization
 * without a cooperative launch.
 */
#ifndef SIMT_COOPERATIVE_GROUPS_H
#define SIMT_COOPERATIVE_GROUPS_H
#pragma GCC system_header

#if defined(__cplusplus)

#include "cooperative_groups/details/base.h"

#if __has_include(<cuda/atomic>)
#include <cuda/atomic>
#define _CG_HAS_STL_ATOMICS
#endif

#define _CG_VERSION 1000
#define _CG_CPP11_FEATURES
#define _CG_HAS_GRID_GROUP
#define _CG_HAS_MATCH_COLLECTIVE
#define _CG_HAS_OP_REDUX
#define _CG_HAS_CLUSTER_GROUP
#define _CG_HAS_RESERVED_SHARED

namespace cooperative_groups {

template <unsigned int Size, typename ParentT = void> class thread_block_tile;

namespace details {
struct group_access;

/* A token of a split barrier: 0 made by hand, 1 returned by barrier_arrive,
 * 2 already passed to barrier_wait. */
static inline void use_token(unsigned char &state, const char *group, at_t at)
{
    if (state != 1)
        simt_cg_misuse(at.file, at.line,
                       "pass barrier_wait the token this thread's barrier_arrive on the group "
                       "returned, once per phase (CUDA guide 5.6.3.6.1)",
                       state == 2 ? "%s::barrier_wait with an arrival token that was already used"
                                  : "%s::barrier_wait with a token that barrier_arrive did not "
                                    "return",
                       group);
    state = 2;
}
} /* namespace details */

/* ---- thread_group ------------------------------------------------------------------ */

/* The generic group every group converts to: its type says which, and for
 * groups within a warp it carries their lanes. */
class thread_group {
protected:
    unsigned int _type;
    unsigned int _mask;      /* coalesced type: the lanes of the warp */
    unsigned int _size;
    unsigned int _meta_rank;
    unsigned int _meta_size;
    bool _tiled;             /* made by tiling: members are contiguous lanes */

    explicit thread_group(unsigned int type)
        : _type(type), _mask(0), _size(0), _meta_rank(0), _meta_size(1), _tiled(false)
    {
    }
    friend struct details::group_access;

public:
    unsigned long long size(SIMT_CG_AT) const;
    unsigned long long num_threads(SIMT_CG_AT) const;
    unsigned long long thread_rank(SIMT_CG_AT) const;
    void sync(SIMT_CG_AT) const;
    unsigned int get_type() const { return _type; }
};

template <unsigned int TyId>
struct thread_group_base : public thread_group {
    thread_group_base() : thread_group(TyId) {}
    static constexpr unsigned int id = TyId;
};

/* ---- grid_group -------------------------------------------------------------------- */

class grid_group : public thread_group_base<details::grid_group_id> {
    friend grid_group this_grid();
    grid_group() {}

public:
    static constexpr unsigned int _group_id = details::grid_group_id;

    /* Whether the grid can synchronize.  On an H200 with CUDA 13 a plain
     * launch reports false until the context has made a cooperative launch
     * (the driver's grid workspace then exists, and later plain launches
     * report true); simt answers whether this launch is cooperative, and
     * diagnoses grid.sync() in plain launches, where a GPU traps or, after
     * a cooperative launch, synchronizes only if its blocks happen to be
     * resident together. */
    bool is_valid() const { return simt_grid_is_cooperative() != 0; }

    void sync(SIMT_CG_AT) const { simt_grid_sync(SIMT_CG_HERE.site()); }

    struct arrival_token {
        unsigned char simt_state = 0;
    };
    /* CUDA's arrival waits for the calling thread's block first (a block
     * barrier), then counts the block in; the wait waits for the grid. */
    arrival_token barrier_arrive(SIMT_CG_AT) const
    {
        if (!simt_grid_is_cooperative())
            simt_cg_misuse(simt_cg_file, simt_cg_line,
                           "launch the kernel with cudaLaunchCooperativeKernel (or the "
                           "cudaLaunchAttributeCooperative attribute)",
                           "grid_group::barrier_arrive in a grid that was not launched "
                           "cooperatively: its blocks need not be resident together, so the grid "
                           "cannot synchronize");
        simt_syncthreads(SIMT_CG_HERE.site());
        arrival_token t;
        t.simt_state = 1;
        return t;
    }
    void barrier_wait(arrival_token &&t, SIMT_CG_AT) const
    {
        details::use_token(t.simt_state, "grid_group", SIMT_CG_HERE);
        simt_grid_sync(SIMT_CG_HERE.site());
    }

    static unsigned long long block_rank()
    {
        return blockIdx.x + (unsigned long long)gridDim.x * (blockIdx.y + (unsigned long long)gridDim.y * blockIdx.z);
    }
    static unsigned long long num_blocks()
    {
        return (unsigned long long)gridDim.x * ((unsigned long long)gridDim.y * gridDim.z);
    }
    static unsigned long long thread_rank() { return block_rank() * details::cta_size() + details::cta_rank(); }
    static unsigned long long num_threads() { return num_blocks() * details::cta_size(); }
    static unsigned long long size() { return num_threads(); }
    static dim3 dim_blocks() { return dim3(gridDim.x, gridDim.y, gridDim.z); }
    static dim3 group_dim() { return dim_blocks(); }
    static dim3 block_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    static dim3 dim_threads()
    {
        return dim3(gridDim.x * blockDim.x, gridDim.y * blockDim.y, gridDim.z * blockDim.z);
    }
    static dim3 thread_index()
    {
        return dim3(blockIdx.x * blockDim.x + threadIdx.x, blockIdx.y * blockDim.y + threadIdx.y,
                    blockIdx.z * blockDim.z + threadIdx.z);
    }
    static dim3 dim_clusters()
    {
        unsigned c[3];
        simt_cluster_dim(c);
        return dim3(gridDim.x / c[0], gridDim.y / c[1], gridDim.z / c[2]);
    }
    static unsigned long long num_clusters()
    {
        dim3 d = dim_clusters();
        return (unsigned long long)d.x * d.y * d.z;
    }
    static dim3 cluster_index()
    {
        unsigned i[3];
        simt_cluster_index(i);
        return dim3(i[0], i[1], i[2]);
    }
    static unsigned long long cluster_rank()
    {
        dim3 d = dim_clusters(), i = cluster_index();
        return i.x + (unsigned long long)d.x * (i.y + (unsigned long long)d.y * i.z);
    }
};

inline grid_group this_grid()
{
    return grid_group();
}

/* ---- cluster_group ------------------------------------------------------------------- */

/* CUDA guide 5.6.3.1.2: without a cluster launch a block is a cluster of
 * one, whose barrier is the block's. */
class cluster_group : public thread_group_base<details::cluster_group_id> {
    friend cluster_group this_cluster();
    cluster_group() {}

public:
    static constexpr unsigned int _group_id = details::cluster_group_id;

    struct arrival_token {
        unsigned char simt_state = 0;
        unsigned int simt_phase = 0;
    };

    static void sync(SIMT_CG_AT)
    {
        if (simt_launch_is_cluster())
            simt_cluster_sync(SIMT_CG_HERE.site());
        else
            simt_syncthreads(SIMT_CG_HERE.site());
    }
    static arrival_token barrier_arrive(SIMT_CG_AT)
    {
        arrival_token t;
        t.simt_state = 1;
        if (simt_launch_is_cluster()) {
            t.simt_phase = simt_cluster_arrive(SIMT_CG_HERE.site());
            simt_cg_scratch_area()->cluster_phase[details::cta_rank()] = t.simt_phase;
        }
        return t;
    }
    static void barrier_wait(arrival_token &&t, SIMT_CG_AT)
    {
        details::use_token(t.simt_state, "cluster_group", SIMT_CG_HERE);
        if (simt_launch_is_cluster())
            simt_cluster_wait(SIMT_CG_HERE.site(), t.simt_phase);
        else
            simt_syncthreads(SIMT_CG_HERE.site());
    }
    /* CUDA 13: the wait for the calling thread's last arrival. */
    static void barrier_wait(SIMT_CG_AT)
    {
        if (simt_launch_is_cluster())
            simt_cluster_wait(SIMT_CG_HERE.site(), simt_cg_scratch_area()->cluster_phase[details::cta_rank()]);
        else
            simt_syncthreads(SIMT_CG_HERE.site());
    }

    static unsigned int query_shared_rank(const void *addr, SIMT_CG_AT)
    {
        return simt_cluster_query_shared_rank(addr, SIMT_CG_HERE.site());
    }
    template <typename T>
    static T *map_shared_rank(T *addr, int rank, SIMT_CG_AT)
    {
        return static_cast<T *>(
            simt_cluster_map_shared_rank((void *)addr, (unsigned)rank, SIMT_CG_HERE.site()));
    }

    static dim3 dim_blocks()
    {
        unsigned c[3];
        simt_cluster_dim(c);
        return dim3(c[0], c[1], c[2]);
    }
    static unsigned int num_blocks() { return simt_cluster_num_blocks(); }
    static dim3 block_index()
    {
        dim3 c = dim_blocks();
        return dim3(blockIdx.x % c.x, blockIdx.y % c.y, blockIdx.z % c.z);
    }
    static unsigned int block_rank() { return simt_cluster_block_rank(); }
    static dim3 dim_threads()
    {
        dim3 c = dim_blocks();
        return dim3(c.x * blockDim.x, c.y * blockDim.y, c.z * blockDim.z);
    }
    static unsigned int num_threads() { return num_blocks() * details::cta_size(); }
    static unsigned int size() { return num_threads(); }
    static dim3 thread_index()
    {
        dim3 b = block_index();
        return dim3(b.x * blockDim.x + threadIdx.x, b.y * blockDim.y + threadIdx.y,
                    b.z * blockDim.z + threadIdx.z);
    }
    static unsigned int thread_rank() { return block_rank() * details::cta_size() + details::cta_rank(); }
};

inline cluster_group this_cluster()
{
    return cluster_group();
}

/* ---- thread_block -------------------------------------------------------------------- */

/* CUDA guide 5.6.3.1.4: tiles wider than a warp need no memory of the
 * program on compute capability 8.0 and later, which simt emulates; the
 * type remains for programs written for older devices. */
template <unsigned int MaxBlockSize = 1024>
struct alignas(8) block_tile_memory {
};

class thread_block : public thread_group_base<details::thread_block_id> {
    friend thread_block this_thread_block();
    template <unsigned int MaxBlockSize>
    friend thread_block this_thread_block(block_tile_memory<MaxBlockSize> &scratch);
    friend struct details::group_access;
    thread_block() {}

public:
    static constexpr unsigned int _group_id = details::thread_block_id;

    static void sync(SIMT_CG_AT) { simt_syncthreads(SIMT_CG_HERE.site()); }

    /* CUDA's own implementation: the arrival does nothing, the wait is the
     * block barrier. */
    struct arrival_token {
        unsigned char simt_state = 0;
    };
    arrival_token barrier_arrive() const
    {
        arrival_token t;
        t.simt_state = 1;
        return t;
    }
    void barrier_wait(arrival_token &&t, SIMT_CG_AT) const
    {
        details::use_token(t.simt_state, "thread_block", SIMT_CG_HERE);
        simt_syncthreads(SIMT_CG_HERE.site());
    }

    static unsigned int thread_rank() { return details::cta_rank(); }
    static unsigned int num_threads() { return details::cta_size(); }
    static unsigned int size() { return num_threads(); }
    static dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    static dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
    static dim3 dim_threads() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
    static dim3 group_dim() { return dim_threads(); }
};

inline thread_block this_thread_block()
{
    return thread_block();
}

template <unsigned int MaxBlockSize>
inline thread_block this_thread_block(block_tile_memory<MaxBlockSize> &scratch)
{
    (void)scratch;
    return thread_block();
}

namespace experimental {
/* CUDA 11's spelling of block_tile_memory. */
template <unsigned int TileCommunicationSize = 8, unsigned int MaxBlockSize = 1024>
struct alignas(8) block_tile_memory {
};
template <unsigned int TileCommunicationSize, unsigned int MaxBlockSize>
inline thread_block this_thread_block(block_tile_memory<TileCommunicationSize, MaxBlockSize> &)
{
    return cooperative_groups::this_thread_block();
}
} /* namespace experimental */

/* ---- coalesced_group ------------------------------------------------------------------- */

class coalesced_group : public thread_group_base<details::coalesced_group_id> {
    friend struct details::group_access;

protected:
    explicit coalesced_group(unsigned int mask)
    {
        _mask = mask;
        _size = details::popc(mask);
        _meta_rank = 0;
        _meta_size = 1;
        _tiled = false;
    }

public:
    static constexpr unsigned int _group_id = details::coalesced_group_id;

    unsigned int num_threads() const { return _size; }
    unsigned int size() const { return num_threads(); }
    unsigned int thread_rank() const { return details::popc(_mask & details::lanemask_lt()); }
    unsigned int meta_group_rank() const { return _meta_rank; }
    unsigned int meta_group_size() const { return _meta_size; }

    void sync(SIMT_CG_AT) const { simt_syncwarp(SIMT_CG_HERE.site(), _mask); }

    /* The lane of rank src_rank (CUDA: lane 0's rank needs no search). */
    template <typename T>
    T shfl(T var, int srcRank, SIMT_CG_AT) const
    {
        static_assert(details::check_value<T, 32>::ok, "");
        unsigned lane = srcRank == 0 ? (unsigned)__builtin_ctz(_mask | 0x80000000u)
                        : _size == 32 ? (unsigned)srcRank
                                      : details::fns(_mask, 0, srcRank + 1);
        return details::shfl_idx(SIMT_CG_HERE.site(), _mask, var, (int)lane, 32);
    }
    template <typename T>
    T shfl_down(T var, unsigned int delta, SIMT_CG_AT) const
    {
        static_assert(details::check_value<T, 32>::ok, "");
        const char *site = SIMT_CG_HERE.site();
        if (_size == 32)
            return details::shfl_down(site, 0xffffffffu, var, delta, 32);
        unsigned lane = details::fns(_mask, details::laneid(), (int)delta + 1);
        if (lane >= 32)
            lane = details::laneid();
        return details::shfl_idx(site, _mask, var, (int)lane, 32);
    }
    template <typename T>
    T shfl_up(T var, int delta, SIMT_CG_AT) const
    {
        static_assert(details::check_value<T, 32>::ok, "");
        const char *site = SIMT_CG_HERE.site();
        if (_size == 32)
            return details::shfl_up(site, 0xffffffffu, var, (unsigned)delta, 32);
        unsigned lane = details::fns(_mask, details::laneid(), -(delta + 1));
        if (lane >= 32)
            lane = details::laneid();
        return details::shfl_idx(site, _mask, var, (int)lane, 32);
    }

    int any(int predicate, SIMT_CG_AT) const
    {
        return details::ballot(SIMT_CG_HERE.site(), _mask, predicate) != 0;
    }
    int all(int predicate, SIMT_CG_AT) const
    {
        return details::ballot(SIMT_CG_HERE.site(), _mask, predicate) == _mask;
    }
    unsigned int ballot(int predicate, SIMT_CG_AT) const
    {
        if (_size == 32)
            return details::ballot(SIMT_CG_HERE.site(), 0xffffffffu, predicate);
        return details::pack_lanes(_mask, details::ballot(SIMT_CG_HERE.site(), _mask, predicate));
    }
    template <typename T>
    unsigned int match_any(T val, SIMT_CG_AT) const
    {
        static_assert(details::check_arithmetic<T>::ok, "");
        unsigned m = simt__match_any_sync(SIMT_CG_HERE.site(), _size == 32 ? 0xffffffffu : _mask, val);
        return _size == 32 ? m : details::pack_lanes(_mask, m);
    }
    template <typename T>
    unsigned int match_all(T val, int &pred, SIMT_CG_AT) const
    {
        static_assert(details::check_arithmetic<T>::ok, "");
        unsigned m = simt__match_all_sync(SIMT_CG_HERE.site(), _size == 32 ? 0xffffffffu : _mask, val,
                                          &pred);
        return _size == 32 ? m : details::pack_lanes(_mask, m);
    }
};

/* The lanes of the warp that reached this call together (CUDA guide
 * 5.6.3.1.5; simt's __activemask: the lanes converged at this site). */
inline coalesced_group coalesced_threads(SIMT_CG_AT);

/* ---- thread_block_tile ---------------------------------------------------------------- */

namespace details {

template <unsigned int Size>
struct valid_tile_size {
    static constexpr bool value = Size >= 1 && Size <= 1024 && (Size & (Size - 1)) == 0;
};

/* Every tile: its rank is the block rank's low bits (tiles split the block
 * into consecutive ranges of Size threads). */
template <unsigned int Size>
struct tile_rank {
    static_assert(valid_tile_size<Size>::value,
                  "thread_block_tile<Size>: Size must be a power of two from 1 to 1024 (CUDA guide "
                  "5.6.3.1.4)");
    static unsigned int thread_rank() { return cta_rank() & (Size - 1); }
    static constexpr unsigned int num_threads() { return Size; }
    static constexpr unsigned int size() { return Size; }
};

/* Tiles of 1 to 32 threads: lanes of one warp. */
template <unsigned int Size>
struct warp_tile : tile_rank<Size> {
    static constexpr unsigned int _group_id = coalesced_group_id;
    static constexpr unsigned int lanes = Size == 32 ? 0xffffffffu : (1u << (Size & 31)) - 1u;

    /* The tile's lanes, as CUDA names them. */
    static unsigned int build_mask()
    {
        return Size == 32 ? 0xffffffffu : lanes << (laneid() & ~(Size - 1));
    }
    /* Those that exist: in a block's partial last warp a tile may name
     * lanes past the block's end, which a GPU (H200) leaves out of the
     * tile's collectives. */
    static unsigned int mask() { return build_mask() & warp_lanes(); }

    static void sync(SIMT_CG_AT) { simt_syncwarp(SIMT_CG_HERE.site(), mask()); }

    template <typename T>
    static T shfl(T var, int srcRank, SIMT_CG_AT)
    {
        static_assert(check_value<T, 32>::ok, "");
        return shfl_idx(SIMT_CG_HERE.site(), mask(), var, srcRank, (int)Size);
    }
    template <typename T>
    static T shfl_down(T var, unsigned int delta, SIMT_CG_AT)
    {
        static_assert(check_value<T, 32>::ok, "");
        return details::shfl_down(SIMT_CG_HERE.site(), mask(), var, delta, (int)Size);
    }
    template <typename T>
    static T shfl_up(T var, unsigned int delta, SIMT_CG_AT)
    {
        static_assert(check_value<T, 32>::ok, "");
        return details::shfl_up(SIMT_CG_HERE.site(), mask(), var, delta, (int)Size);
    }
    template <typename T>
    static T shfl_xor(T var, unsigned int laneMask, SIMT_CG_AT)
    {
        static_assert(check_value<T, 32>::ok, "");
        return details::shfl_xor(SIMT_CG_HERE.site(), mask(), var, laneMask, (int)Size);
    }
    static int any(int predicate, SIMT_CG_AT)
    {
        return details::ballot(SIMT_CG_HERE.site(), mask(), predicate) != 0;
    }
    /* Compared with CUDA's mask: false in a tile cut short by the block. */
    static int all(int predicate, SIMT_CG_AT)
    {
        return details::ballot(SIMT_CG_HERE.site(), mask(), predicate) == build_mask();
    }
    static unsigned int ballot(int predicate, SIMT_CG_AT)
    {
        return details::ballot(SIMT_CG_HERE.site(), mask(), predicate) >> (laneid() & ~(Size - 1));
    }
    template <typename T>
    static unsigned int match_any(T val, SIMT_CG_AT)
    {
        static_assert(check_arithmetic<T>::ok, "");
        return simt__match_any_sync(SIMT_CG_HERE.site(), mask(), val) >> (laneid() & ~(Size - 1));
    }
    template <typename T>
    static unsigned int match_all(T val, int &pred, SIMT_CG_AT)
    {
        static_assert(check_arithmetic<T>::ok, "");
        return simt__match_all_sync(SIMT_CG_HERE.site(), mask(), val, &pred) >>
               (laneid() & ~(Size - 1));
    }
};

/* Tiles of 64 to 1024 threads: whole warps, synchronized as a range of the
 * block; values cross warps through the block's scratch area. */
template <unsigned int Size>
struct multi_warp_tile : tile_rank<Size> {
    static constexpr unsigned int _group_id = multi_tile_group_id;
    static constexpr unsigned int num_warps = Size / 32;

    /* The block rank of the tile's rank 0. */
    static unsigned int first() { return cta_rank() & ~(Size - 1); }
    static void sync(SIMT_CG_AT) { simt_range_sync(SIMT_CG_HERE.site(), first(), Size); }
    static void sync_at(at_t at) { simt_range_sync(at.site(), first(), Size); }

    /* CUDA guide 5.6.3.1.4: in tiles wider than 32 every thread must name
     * the same source rank. */
    template <typename T>
    static T shfl(T var, unsigned int srcRank, SIMT_CG_AT)
    {
        static_assert(check_value<T, 8>::ok, "");
        at_t at = SIMT_CG_HERE;
        simt_cg_scratch *s = simt_cg_scratch_area();
        unsigned me = cta_rank(), f = first();
        s->value[me] = to_slot(var);
        s->src[me] = srcRank;
        sync_at(at);
        unsigned want = s->src[f];
        if (srcRank != want)
            simt_cg_misuse(at.file, at.line,
                           "in tiles of more than 32 threads every thread must name the same "
                           "source rank (CUDA guide 5.6.3.1.4)",
                           "thread_block_tile<%u>::shfl from rank %u while rank 0 of the tile "
                           "reads rank %u",
                           Size, srcRank, want);
        if (srcRank >= Size)
            simt_cg_misuse(at.file, at.line, "read a rank within the tile",
                           "thread_block_tile<%u>::shfl from rank %u", Size, srcRank);
        T r = from_slot<T>(s->value[f + srcRank]);
        sync_at(at);
        return r;
    }

    /* A vote: each warp votes, then the warps' results combine. */
    static int vote(int op, int predicate, at_t at)
    {
        const char *site = at.site();
        int w = (int)simt_vote(site, op, 0xffffffffu, predicate != 0);
        simt_cg_scratch *s = simt_cg_scratch_area();
        unsigned wi = cta_rank() / 32, w0 = first() / 32;
        if (laneid() == 0)
            s->warp[wi] = (unsigned long long)w;
        sync_at(at);
        int r = op == SIMT_VOTE_ALL;
        for (unsigned i = 0; i < num_warps; i++) {
            if (op == SIMT_VOTE_ALL)
                r = r && s->warp[w0 + i];
            else
                r = r || s->warp[w0 + i];
        }
        sync_at(at);
        return r;
    }
    static int any(int predicate, SIMT_CG_AT) { return vote(SIMT_VOTE_ANY, predicate, SIMT_CG_HERE); }
    static int all(int predicate, SIMT_CG_AT) { return vote(SIMT_VOTE_ALL, predicate, SIMT_CG_HERE); }
};

template <unsigned int Size>
using tile_ops = typename std::conditional<(Size <= 32), warp_tile<Size>, multi_warp_tile<Size>>::type;

template <class P>
struct is_tile_parent : std::false_type {};
template <>
struct is_tile_parent<thread_block> : std::true_type {};
template <unsigned int S, class P>
struct is_tile_parent<thread_block_tile<S, P>> : std::true_type {};

/* What a tile with its parent in the handle keeps: the meta-group numbers,
 * and for tiles within a warp what thread_group needs to see it. */
template <unsigned int Size, bool InWarp = (Size <= 32)>
struct void_tile_base;

template <unsigned int Size>
struct void_tile_base<Size, true> : public thread_group {
    void_tile_base(unsigned int meta_rank, unsigned int meta_size) : thread_group(coalesced_group_id)
    {
        _mask = warp_tile<Size>::mask();
        _size = Size;
        _meta_rank = meta_rank;
        _meta_size = meta_size;
        _tiled = true;
    }
    unsigned int meta_group_rank() const { return _meta_rank; }
    unsigned int meta_group_size() const { return _meta_size; }
};

template <unsigned int Size>
struct void_tile_base<Size, false> {
    unsigned int _meta_rank, _meta_size;
    void_tile_base(unsigned int meta_rank, unsigned int meta_size)
        : _meta_rank(meta_rank), _meta_size(meta_size)
    {
    }
    unsigned int meta_group_rank() const { return _meta_rank; }
    unsigned int meta_group_size() const { return _meta_size; }
};

} /* namespace details */

/* A tile whose parent is in its type: meta-group numbers come from the
 * parent's (static) rank and size. */
template <unsigned int Size, typename ParentT>
class thread_block_tile : public details::tile_ops<Size> {
    static_assert(details::is_tile_parent<ParentT>::value,
                  "tiled_partition<Size>(parent): the parent must be a thread_block or a "
                  "thread_block_tile (CUDA guide 5.6.3.3.1); partition a coalesced_group with "
                  "tiled_partition(group, size), labeled_partition or binary_partition");
    friend struct details::group_access;

protected:
    explicit thread_block_tile(const ParentT &) {}

public:
    static unsigned int meta_group_rank() { return ParentT::thread_rank() / Size; }
    static unsigned int meta_group_size() { return (ParentT::size() + Size - 1) / Size; }

    operator thread_block_tile<Size, void>() const
    {
        return thread_block_tile<Size, void>(*this);
    }
};

/* A tile whose parent is only in its handle. */
template <unsigned int Size>
class thread_block_tile<Size, void> : public details::tile_ops<Size>,
                                      public details::void_tile_base<Size> {
    friend struct details::group_access;
    template <unsigned int, typename> friend class thread_block_tile;

public:
    template <typename ParentT>
    thread_block_tile(const thread_block_tile<Size, ParentT> &g)
        : details::void_tile_base<Size>(g.meta_group_rank(), g.meta_group_size())
    {
    }

    using details::tile_ops<Size>::sync;
    using details::tile_ops<Size>::thread_rank;
    using details::tile_ops<Size>::num_threads;
    using details::tile_ops<Size>::size;
    using details::void_tile_base<Size>::meta_group_rank;
    using details::void_tile_base<Size>::meta_group_size;
};

/* ---- construction and access ------------------------------------------------------------ */

namespace details {

struct group_access {
    static coalesced_group coalesced(unsigned mask, unsigned meta_rank, unsigned meta_size, bool tiled)
    {
        coalesced_group g(mask);
        g._meta_rank = meta_rank;
        g._meta_size = meta_size;
        g._tiled = tiled;
        return g;
    }
    static unsigned mask_of(const thread_group &g) { return g._mask; }
    static bool tiled(const thread_group &g) { return g._tiled; }
    template <unsigned S, class P>
    static unsigned mask_of(const thread_block_tile<S, P> &)
    {
        static_assert(S <= 32, "");
        return warp_tile<S>::mask();
    }

    template <unsigned Size, class ParentT>
    static thread_block_tile<Size, ParentT> tile(const ParentT &g, at_t at)
    {
        make_checks<Size, ParentT>(g, at);
        return thread_block_tile<Size, ParentT>(g);
    }

    /* Tiles wider than a warp: on a GPU their construction synchronizes the
     * parent (the tile's barrier is reset first), so every member of the
     * parent must make it. */
    template <unsigned Size, class ParentT>
    static void make_checks(const ParentT &g, at_t at)
    {
        if (Size > 32) {
            unsigned n = (unsigned)ParentT::size();
            if (n % Size)
                simt_cg_misuse(at.file, at.line,
                               "partition a parent whose size is a multiple of the tile size "
                               "(CUDA guide 5.6.3.3.1)",
                               "tiled_partition<%u> of a group of %u threads", Size, n);
            g.sync(at.file, at.line);
        }
    }
};

template <unsigned Size, class ParentT>
struct smaller_than_parent : std::true_type {};
template <unsigned Size, unsigned P, class GP>
struct smaller_than_parent<Size, thread_block_tile<P, GP>> : std::integral_constant<bool, (Size < P)> {};

} /* namespace details */

/* CUDA guide 5.6.3.3.1: a collective partition of a thread_block or a tile
 * into tiles of Size consecutive threads. */
template <unsigned int Size, typename ParentT>
inline thread_block_tile<Size, ParentT> tiled_partition(const ParentT &g, SIMT_CG_AT)
{
    static_assert(details::valid_tile_size<Size>::value,
                  "tiled_partition<Size>: Size must be a power of two from 1 to 1024 (CUDA guide "
                  "5.6.3.3.1)");
    static_assert(details::is_tile_parent<ParentT>::value,
                  "tiled_partition<Size>(parent): the parent must be a thread_block or a "
                  "thread_block_tile (CUDA guide 5.6.3.3.1); partition a coalesced_group with "
                  "tiled_partition(group, size), labeled_partition or binary_partition");
    static_assert(details::smaller_than_parent<Size, ParentT>::value,
                  "tiled_partition<Size>(tile): Size must be smaller than the parent tile");
    return details::group_access::tile<Size, ParentT>(g, SIMT_CG_HERE);
}

/* The calling thread alone. */
inline thread_block_tile<1, void> this_thread()
{
    return thread_block_tile<1, void>(
        details::group_access::tile<1, thread_block_tile<1, thread_block>>(
            details::group_access::tile<1, thread_block>(this_thread_block(), {"", 0}), {"", 0}));
}

inline coalesced_group coalesced_threads(const char *simt_cg_file, unsigned simt_cg_line)
{
    return details::group_access::coalesced(simt_activemask(SIMT_CG_HERE.site()), 0, 1, false);
}

/* ---- dynamic tiles --------------------------------------------------------------------- */

namespace details {

static inline void check_dynamic_tile(unsigned tilesz, at_t at)
{
    if (tilesz == 0 || tilesz > 32 || (tilesz & (tilesz - 1)))
        simt_cg_misuse(at.file, at.line,
                       "use a size of 1, 2, 4, 8, 16 or 32, or tiled_partition<Size> for tiles "
                       "of up to 1024 threads (CUDA guide 5.6.3.3.1)",
                       "tiled_partition(parent, %u): the dynamic tiled_partition makes tiles of "
                       "1, 2, 4, 8, 16 or 32 threads",
                       tilesz);
}

static inline thread_group block_tiles(unsigned tilesz, at_t at)
{
    check_dynamic_tile(tilesz, at);
    unsigned base = cta_rank() & ~(tilesz - 1);
    unsigned len = cta_size() - base < tilesz ? cta_size() - base : tilesz;
    unsigned mask = (0xffffffffu >> (32 - len)) << (laneid() & ~(tilesz - 1));
    thread_group g = group_access::coalesced(mask, cta_rank() / tilesz,
                                             (cta_size() + tilesz - 1) / tilesz, true);
    return g;
}

static inline coalesced_group coalesced_tiles(const coalesced_group &parent, unsigned tilesz, at_t at)
{
    check_dynamic_tile(tilesz, at);
    if (parent.size() <= tilesz)
        return parent;
    unsigned pmask = group_access::mask_of(parent);
    if (group_access::tiled(parent)) {
        unsigned base = parent.thread_rank() & ~(tilesz - 1);
        unsigned len = parent.size() - base < tilesz ? parent.size() - base : tilesz;
        unsigned mask = (0xffffffffu >> (32 - len)) << (laneid() & ~(tilesz - 1));
        return group_access::coalesced(mask, parent.thread_rank() / tilesz, parent.size() / tilesz, true);
    }
    /* Tiles of consecutive ranks among scattered lanes. */
    unsigned mask = 0, members = 0;
    int seen = (int)(parent.thread_rank() / tilesz * tilesz);
    for (unsigned bit = 0; bit < 32; bit++) {
        if (pmask >> bit & 1u) {
            if (seen <= 0 && members < tilesz) {
                mask |= 1u << bit;
                members++;
            }
            seen--;
        }
    }
    return group_access::coalesced(mask, parent.thread_rank() / tilesz,
                                   (parent.size() + tilesz - 1) / tilesz, false);
}

} /* namespace details */

inline thread_group tiled_partition(const thread_block &parent, unsigned int tilesz, SIMT_CG_AT)
{
    (void)parent;
    return details::block_tiles(tilesz, SIMT_CG_HERE);
}

inline coalesced_group tiled_partition(const coalesced_group &parent, unsigned int tilesz, SIMT_CG_AT)
{
    return details::coalesced_tiles(parent, tilesz, SIMT_CG_HERE);
}

inline thread_group tiled_partition(const thread_group &parent, unsigned int tilesz, SIMT_CG_AT)
{
    switch (parent.get_type()) {
    case details::coalesced_group_id:
        return details::coalesced_tiles(static_cast<const coalesced_group &>(parent), tilesz,
                                        SIMT_CG_HERE);
    case details::thread_block_id:
        return details::block_tiles(tilesz, SIMT_CG_HERE);
    default:
        simt_cg_misuse(simt_cg_file, simt_cg_line,
                       "partition a thread_block, a tile or a coalesced_group (CUDA guide "
                       "5.6.3.3.1)",
                       "tiled_partition(parent, %u) of a %s", tilesz,
                       parent.get_type() == details::grid_group_id ? "grid_group" : "cluster_group");
    }
}

/* ---- binary and labeled partitions (CUDA guide 5.6.3.3.2, 5.6.3.3.3) ------------------- */

namespace details {

static inline coalesced_group binary_split(unsigned mask, bool pred, at_t at)
{
    unsigned set = ballot(at.site(), mask, pred);
    if (set == mask || set == 0)
        return group_access::coalesced(mask, 0, 1, false);
    unsigned sub = mask & (pred ? set : ~set);
    return group_access::coalesced(sub, pred ? 1u : 0u, 2, false);
}

template <typename Label>
static inline coalesced_group label_split(unsigned mask, Label label, at_t at)
{
    const char *site = at.site();
    unsigned sub = simt__match_any_sync(site, mask, label);
    unsigned leader = (unsigned)__builtin_ctz(sub);
    unsigned leaders = ballot(site, mask, leader == laneid());
    unsigned rank = popc(leaders & ((1u << leader) - 1u));
    return group_access::coalesced(sub, rank, popc(leaders), false);
}

template <typename Label>
static inline coalesced_group labeled(unsigned mask, Label label, at_t at)
{
    static_assert(std::is_integral<Label>::value || std::is_pointer<Label>::value,
                  "labeled_partition: the label must be of an integral or pointer type");
    return label_split(mask, label, at);
}
static inline coalesced_group labeled(unsigned mask, bool label, at_t at)
{
    return binary_split(mask, label, at);
}
template <typename T>
static inline coalesced_group labeled(unsigned mask, T *label, at_t at)
{
    return label_split(mask, (unsigned long long)(size_t)label, at);
}

} /* namespace details */

inline coalesced_group binary_partition(const coalesced_group &g, bool pred, SIMT_CG_AT)
{
    return details::binary_split(details::group_access::mask_of(g), pred, SIMT_CG_HERE);
}

template <unsigned int Size, typename ParentT>
inline coalesced_group binary_partition(const thread_block_tile<Size, ParentT> &g, bool pred, SIMT_CG_AT)
{
    static_assert(Size <= 32,
                  "binary_partition: tiles of at most 32 threads (CUDA guide 5.6.3.3.3)");
    return details::binary_split(details::group_access::mask_of(g), pred, SIMT_CG_HERE);
}

template <typename Label>
inline coalesced_group labeled_partition(const coalesced_group &g, Label label, SIMT_CG_AT)
{
    return details::labeled(details::group_access::mask_of(g), label, SIMT_CG_HERE);
}

template <typename Label, unsigned int Size, typename ParentT>
inline coalesced_group labeled_partition(const thread_block_tile<Size, ParentT> &g, Label label,
                                         SIMT_CG_AT)
{
    static_assert(Size <= 32,
                  "labeled_partition: tiles of at most 32 threads (CUDA guide 5.6.3.3.2)");
    return details::labeled(details::group_access::mask_of(g), label, SIMT_CG_HERE);
}

/* ---- thread_group's dispatch ------------------------------------------------------------ */

namespace details {
/* CUDA 13's thread_group keeps a grid_group's workspace pointer in the
 * storage of its type field, so a thread_group made from a grid_group no
 * longer knows it is one: on an H200 its size() and thread_rank() are 0 and
 * its sync() does nothing (nor synchronizes the grid).  simt reports the
 * use rather than return what the program cannot have meant. */
static inline void grid_as_thread_group(const char *what, at_t at)
{
    simt_cg_misuse(at.file, at.line,
                   "use the grid_group itself (grid.sync(), cg::sync(grid), grid.size())",
                   "thread_group::%s of a thread_group made from a grid_group: CUDA's "
                   "thread_group does not keep the grid (on a GPU it returns 0 and its sync "
                   "does nothing)",
                   what);
}
} /* namespace details */

inline unsigned long long thread_group::num_threads(const char *simt_cg_file, unsigned simt_cg_line) const
{
    switch (_type) {
    case details::coalesced_group_id: return _size;
    case details::thread_block_id: return thread_block::num_threads();
    case details::grid_group_id: details::grid_as_thread_group("size()", SIMT_CG_HERE);
    case details::cluster_group_id: return cluster_group::num_threads();
    }
    return 0;
}

inline unsigned long long thread_group::size(const char *simt_cg_file, unsigned simt_cg_line) const
{
    return num_threads(SIMT_CG_FWD);
}

inline unsigned long long thread_group::thread_rank(const char *simt_cg_file, unsigned simt_cg_line) const
{
    switch (_type) {
    case details::coalesced_group_id: return details::popc(_mask & details::lanemask_lt());
    case details::thread_block_id: return thread_block::thread_rank();
    case details::grid_group_id: details::grid_as_thread_group("thread_rank()", SIMT_CG_HERE);
    case details::cluster_group_id: return cluster_group::thread_rank();
    }
    return 0;
}

inline void thread_group::sync(const char *simt_cg_file, unsigned simt_cg_line) const
{
    switch (_type) {
    case details::coalesced_group_id:
        simt_syncwarp(SIMT_CG_HERE.site(), _mask);
        break;
    case details::thread_block_id:
        thread_block::sync(SIMT_CG_FWD);
        break;
    case details::grid_group_id:
        details::grid_as_thread_group("sync()", SIMT_CG_HERE);
    case details::cluster_group_id:
        cluster_group::sync(SIMT_CG_FWD);
        break;
    }
}

/* ---- free functions ---------------------------------------------------------------------- */

template <class GroupT>
inline void sync(GroupT const &g, SIMT_CG_AT)
{
    g.sync(SIMT_CG_FWD);
}

template <class GroupT>
inline auto thread_rank(GroupT const &g) -> decltype(g.thread_rank())
{
    return g.thread_rank();
}

template <class GroupT>
inline auto group_size(GroupT const &g) -> decltype(g.num_threads())
{
    return g.num_threads();
}

/* invoke_one: the lowest-ranked thread calls fn (elect.sync on a GPU, a
 * collective of the group). */
template <typename Group, typename Fn, typename... Args>
inline void invoke_one(const Group &group, Fn &&fn, Args &&...args)
{
    if (group.thread_rank() == 0)
        std::forward<Fn>(fn)(std::forward<Args>(args)...);
}

template <typename Group, typename Fn, typename... Args>
inline auto invoke_one_broadcast(const Group &group, Fn &&fn, Args &&...args)
    -> typename std::remove_reference<decltype(std::forward<Fn>(fn)(std::forward<Args>(args)...))>::type
{
    using R = typename std::remove_reference<decltype(std::forward<Fn>(fn)(std::forward<Args>(args)...))>::type;
    static_assert(!std::is_same<R, void>::value,
                  "invoke_one_broadcast: for invocables returning void use invoke_one");
    details::remove_qual<R> result{};
    if (group.thread_rank() == 0)
        result = std::forward<Fn>(fn)(std::forward<Args>(args)...);
    return group.shfl(result, 0);
}

} /* namespace cooperative_groups */

#endif /* __cplusplus */

#endif /* SIMT_COOPERATIVE_GROUPS_H */
