/*
 * warp.h: warp collectives (shuffles, votes, match, reduce, __syncwarp,
 * __activemask) as rendezvous of the lanes they name.
 *
 * A warp is 32 consecutive linear thread ids of a block.  Collectives in
 * flight in one warp are keyed by their mask: disjoint groups of lanes may
 * each have one (independent thread scheduling), overlapping masks that
 * differ are an error.  __activemask() is a convergence point: it returns
 * once every lane of the warp is blocked somewhere or has exited, with the
 * lanes that wait at the same call site.
 */
#ifndef SIMT_ENGINE_WARP_H
#define SIMT_ENGINE_WARP_H

#include <stdint.h>

#include "engine/engine.h"
#include "simt/core/warp.h"

/* One collective in flight. */
struct wcoll {
    unsigned mask;            /* lanes taking part */
    unsigned arrived;
    unsigned char op;         /* enum simt_warp_op */
    unsigned char width;
    unsigned char size;       /* value bytes */
    const char *site;         /* the first arrival's */
};

/* Each collective has at least one lane, and a lane waits in one at most. */
#define WARP_MAX_COLL 32

struct warp {
    unsigned lanes;           /* lanes this warp has (partial last warp) */
    unsigned ncoll;
    struct wcoll coll[WARP_MAX_COLL];
    /* Per lane, what it brought to the collective it waits in: no two
     * collectives in flight share a lane. */
    uint64_t in[32];
    int arg[32];
    unsigned amask_waiting;   /* lanes blocked in __activemask */
    const char *amask_site[32];
};

/* Resets the warp state of a new block (its warps are set up as they are
 * first used). */
void warp_block_begin(struct block *b, struct warp *warps);
/* With warp work pending in the block (b->warp_pending): a thread exited,
 * so lanes it leaves waiting are an error, and its warp may have become
 * converged for __activemask; or a thread is about to block. */
void warp_thread_exited(struct worker *w, struct block *b, unsigned tid);
void warp_thread_blocked(struct worker *w, struct block *b, unsigned tid);

#endif
