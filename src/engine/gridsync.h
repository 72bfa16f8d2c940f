/*
 * gridsync.h: grid-wide synchronization of cooperative launches
 * (cooperative_groups::this_grid().sync()).
 *
 * A grid.sync() is a block barrier whose completion, instead of releasing
 * the block, makes the block arrive at the grid barrier; the block that
 * arrives last releases every waiting block.  Blocks live on different
 * workers: the releasing worker posts each waiting block to its owner's
 * inbox and the owner releases it (a worker touches only its own blocks).
 */
#ifndef SIMT_ENGINE_GRIDSYNC_H
#define SIMT_ENGINE_GRIDSYNC_H

#include "engine/engine.h"

struct gridbar {
    pthread_mutex_t lock;
    unsigned long long live_blocks;   /* blocks not finished */
    unsigned long long arrived;       /* blocks waiting in this phase */
    struct block *waiting;            /* those blocks, via ->gb_next */
    /* synccheck: the fewest grid.sync()s a finished block arrived at, and
     * that block's index. */
    unsigned long long exited_syncs;
    uint3 exited_idx;
};

int gridbar_create(struct grid *g);
void gridbar_destroy(struct grid *g);

/* b's threads all arrived at grid.sync (the caller is the last of them,
 * still running): arrives for the block.  Returns 1 when the grid barrier
 * completed (b was released locally), 0 when b now waits outside. */
int gridbar_block_arrived(struct worker *w, struct block *b);
/* A block of a cooperative grid finished (b, or NULL for one abandoned
 * unstarted): one fewer to wait for. */
void gridbar_block_finished(struct grid *g, const struct block *b);

/* ---- inboxes --------------------------------------------------------------- */
/* Hands b (waiting outside, owned by owner) back to its worker: released,
 * or aborted when its grid has failed. */
void engine_post_block(struct block *b);
/* Waits until the worker's inbox has blocks, then releases or aborts them.
 * Called when every resident block waits outside and nothing else can
 * run. */
void engine_wait_inbox(struct worker *w);
/* Releases or aborts the blocks in the inbox without waiting. */
void engine_drain_inbox(struct worker *w);

#endif
