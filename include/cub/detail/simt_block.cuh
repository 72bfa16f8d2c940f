/*
 * cub/detail/simt_block.cuh: what simt's block collectives share.
 *
 * A block collective runs in every thread of the block (CUB's contract).
 * Each thread deposits its part in the collective's TempStorage (shared
 * memory: the user's, or the collective's own static __shared__ block),
 * a barrier, then the work that needs the whole block is done by thread 0
 * alone (a CPU runs it as fast as 32 lanes would), a barrier, and every
 * thread reads its result.  As in CUB, a barrier is needed before the
 * same TempStorage serves another collective.
 */
#ifndef SIMT_CUB_DETAIL_SIMT_BLOCK_CUH
#define SIMT_CUB_DETAIL_SIMT_BLOCK_CUH
#pragma GCC system_header

#include "../util_type.cuh"
#include "../util_ptx.cuh"

namespace simt_cub {

/* Raw storage for N values of T: no constructor runs in shared memory, and
 * TempStorage types may go in unions. */
template <class T, int N> struct slots {
    alignas(T) unsigned char raw[sizeof(T) * (N > 0 ? N : 1)];
    T &operator[](int i) { return reinterpret_cast<T *>(raw)[i]; }
    T *data() { return reinterpret_cast<T *>(raw); }
};

/* CUB's warp reduction tree (WarpReduceShfl: at offsets 1, 2, 4, 8, 16 a
 * lane adds the lane `offset` above it when that lane is valid), for the
 * `valid` lanes v[0..valid) of one warp; returns lane 0's value. */
template <class T, class Op> inline T warp_tree(T *v, int valid, Op &op)
{
    for (int offset = 1; offset < 32; offset *= 2)
        for (int i = 0; i + offset < valid; i += 2 * offset)
            v[i] = op(v[i], v[i + offset]);
    return v[0];
}

/* The linear thread index CUB uses for a block of static dimensions. */
template <int X, int Y, int Z> inline int block_tid()
{
    return ::cub::RowMajorTid(X, Y, Z);
}

} /* namespace simt_cub */

#endif
