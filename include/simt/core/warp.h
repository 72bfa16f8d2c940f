/*
 * simt/core/warp.h: warp-level primitives of the core (C API).  The CUDA names
 * (__shfl_sync, __ballot_sync, ...) are in simt/lang/warp.hpp.
 *
 * Each call is a rendezvous of the lanes its mask names, with Volta's
 * independent thread scheduling semantics: results are the hardware's for
 * valid programs, and misuse (a caller outside its mask, inconsistent
 * masks, a named lane that exits, a bad width) is diagnosed.
 */
#ifndef SIMT_WARP_H
#define SIMT_WARP_H

#ifdef __cplusplus
extern "C" {
#endif

enum simt_warp_op {
    SIMT_SHFL_IDX, SIMT_SHFL_UP, SIMT_SHFL_DOWN, SIMT_SHFL_XOR,
    SIMT_VOTE_BALLOT, SIMT_VOTE_ANY, SIMT_VOTE_ALL,
    SIMT_MATCH_ANY, SIMT_MATCH_ALL,
    SIMT_REDUCE_ADD, SIMT_REDUCE_MIN, SIMT_REDUCE_MAX,
    SIMT_REDUCE_UMIN, SIMT_REDUCE_UMAX,
    SIMT_REDUCE_AND, SIMT_REDUCE_OR, SIMT_REDUCE_XOR,
    SIMT_WARP_SYNC
};

/* value holds `size` bytes (1..8); b is srcLane, delta or laneMask. */
unsigned long long simt_shfl(const char *site, int op, unsigned mask, unsigned long long value,
                             unsigned size, int b, int width);
unsigned simt_vote(const char *site, int op, unsigned mask, int predicate);
unsigned simt_match(const char *site, int op, unsigned mask, unsigned long long value,
                    unsigned size, int *pred);
unsigned simt_reduce(const char *site, int op, unsigned mask, unsigned value);
void simt_syncwarp(const char *site, unsigned mask);
unsigned simt_activemask(const char *site);
/* Inserted by simt-kc before the volatile shared accesses of code whose
 * lanes read what other lanes wrote (src/compiler/kc_lockstep.c): waits
 * until every running lane of the warp has come to such a point, as the
 * lanes of a converged warp do each access together. */
void simt_warp_lockstep(const char *site);

#ifdef __cplusplus
}
#endif

#endif /* SIMT_WARP_H */
