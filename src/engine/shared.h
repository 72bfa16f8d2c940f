/*
 * shared.h: the shared-memory arena of the block a worker runs.
 *
 * Layout: [dynamic part][pad to 128][static variables, in first-use order].
 * The dynamic part starts at the arena's base (page-aligned, so any
 * alignment a program asks of extern __shared__ holds); each kernel's
 * static variables get fixed offsets the first time a block reaches them.
 */
#ifndef SIMT_ENGINE_SHARED_H
#define SIMT_ENGINE_SHARED_H

#include "engine/engine.h"

/* Bytes a worker's arena can hold: the emulated device's opt-in maximum. */
#define SHARED_ARENA_BYTES (232448u + 1024u)

/* Gives a block record its arena (once; records are reused). */
int shared_block_init(struct block *b);
/* A new block of b->grid starts in the record. */
void shared_block_start(struct block *b);
/* b's threads run from now on. */
void shared_block_enter(const struct block *b);
void shared_block_end(struct worker *w);

#endif
