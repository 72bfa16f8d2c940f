/*
 * device/mbarrier.h: what the asynchronous-copy modules share inside the
 * core (mbarrier.c, pipeline.c).  The public API is simt/core/mbarrier.h and
 * simt/core/pipeline.h.
 */
#ifndef SIMT_DEVICE_MBARRIER_H
#define SIMT_DEVICE_MBARRIER_H

#include <stdint.h>

#include "engine/sync.h"

/* One CUDA thread's asynchronous copies (pipeline.c). */
struct athread;

/* __pipeline_arrive_on: an arrival on bar that happens once a's first
 * `seq` asynchronous copies have completed (pipeline.c calls it). */
void mbar_arrive_on(uint64_t *bar, struct athread *a, uint64_t seq, const char *file,
                    unsigned line);

/* pipeline.c: performs a's asynchronous copies numbered below seq that
 * have not landed yet. */
void pipe_complete_upto(struct athread *a, uint64_t seq);

#endif
