/*
 * simt/core/cg_core.h: what cooperative_groups.h needs from the core beyond the
 * warp, block, grid and cluster primitives (C API).
 *
 * Member functions of CUDA's group types (g.sync(), tile.shfl(...)) cannot
 * expand SIMT_SITE at the user's call: they take __builtin_FILE() and
 * __builtin_LINE() as default arguments, which GCC and Clang evaluate at
 * the caller, and simt_cg_site turns that pair into the "file:line" string
 * the core's diagnostics and call-site matching expect.
 *
 * Tiles wider than a warp (64..1024 threads) exchange values through the
 * running block's scratch area, outside its shared memory, so that they cost
 * the program none of its shared memory (on a GPU the same scratch lives in
 * the 1 KiB of shared memory the system reserves per block).
 */
#ifndef SIMT_CG_CORE_H
#define SIMT_CG_CORE_H
#pragma GCC system_header

#ifdef __cplusplus
extern "C" {
#endif

/* "file:line", the same string for the same pair, for as long as the
 * program runs. */
const char *simt_cg_site(const char *file, unsigned line);

/* Reports a misuse a header layer found: "simt: error: WHAT in kernel K
 * block (x,y,z) thread (x,y,z) at FILE:LINE — TODO"; the grid fails with
 * cudaErrorLaunchFailure and the calling block ends.  Outside a kernel it
 * prints the message and aborts. */
void simt_cg_misuse(const char *file, unsigned line, const char *todo, const char *what, ...)
    __attribute__((noreturn, format(printf, 4, 5)));

/* The running block's exchange area for tiles wider than a warp.  Its
 * contents are meaningful only between two synchronizations of the tile
 * that uses them: a collective writes, synchronizes, reads, synchronizes;
 * and a thread's cluster phase from its barrier_arrive to its
 * barrier_wait(). */
struct simt_cg_scratch {
    unsigned long long value[1024]; /* one per thread: multi-warp shfl */
    unsigned src[1024];             /* the source rank each thread named */
    unsigned long long warp[32];    /* one per warp: partial results */
    unsigned long long tile[32];    /* one per tile, at its first warp: broadcasts */
    unsigned cluster_phase[1024];   /* each thread's last cluster barrier_arrive */
};
struct simt_cg_scratch *simt_cg_scratch_area(void);

#ifdef __cplusplus
}
#endif

#endif /* SIMT_CG_CORE_H */
