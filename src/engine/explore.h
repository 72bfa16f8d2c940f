/*
 * explore.h: schedule exploration (SIMT_SCHEDULE=random:SEED | reverse).
 *
 * A GPU runs a block's threads at once and its blocks in an order nobody
 * promises; simt runs them one after another in index order, so a program
 * whose result depends on an order CUDA leaves open (a read of shared
 * memory without __syncthreads before it, a block that assumes the one
 * before it ran first) may work by luck.  Exploration changes the order at
 * every point where the engine picks: the order blocks are claimed in,
 * the order a block's threads start in, which thread a wake releases
 * first and, with random, whether a woken thread or a new one runs next.
 * Kernels run on the fiber tier then (one CUDA thread at a time).
 *
 * reverse is one fixed order: last block first, last thread first (woken
 * threads resume in the order they parked: the last thread first again).  random:SEED draws every choice from SEED:
 * the same seed gives the same block order and, per block, the same
 * interleaving (with SIMT_WORKERS=1, the same run).
 *
 * Off (the default) it costs a test of explore_mode where a block starts
 * and where a barrier releases its waiters, nothing per thread.
 */
#ifndef SIMT_ENGINE_EXPLORE_H
#define SIMT_ENGINE_EXPLORE_H

#include "engine/engine.h"

enum { EXPLORE_OFF, EXPLORE_REVERSE, EXPLORE_RANDOM };

/* Set once as the engine starts (SIMT_SCHEDULE), then only read. */
extern int explore_mode;
void explore_start(void);

/* The unit (block or cluster) claimed u-th of g. */
unsigned long long explore_unit(const struct grid *g, unsigned long long u);
/* A block starts: the order its threads start in (b->order, b->rank) and
 * its random stream. */
void explore_block_start(struct block *b);
/* A draw in [0, n) from b's stream (n > 0). */
unsigned explore_below(struct block *b, unsigned n);
/* random: shuffles the list head..tail (linked by next) that a wake
 * releases; returns the new head and sets *tail. */
struct sthread *explore_wake_order(struct block *b, struct sthread *head, struct sthread **tail);

#endif
