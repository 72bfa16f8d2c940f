/*
 * device/mbarrier.h: what the asynchronous-copy modules share inside the
 * core (mbarrier.c, pipeline.c).  The public API is simt/core/mbarrier.h and
 * simt/core/pipeline.h.
 */
#ifndef SIMT_DEVICE_MBARRIER_H
#define SIMT_DEVICE_MBARRIER_H

#include <stdint.h>

#include "engine/engine.h"

/* "file:line" as a string that lives as long as the program (thread wait
 * sites outlive the call). */
const char *async_site(const char *file, unsigned line);

/* Reports a misuse by the running CUDA thread and fails its grid: "what"
 * and "todo" complete the message "simt: error: WHAT in kernel K block
 * (..) thread (..) at FILE:LINE — TODO". */
void async_fail(const char *file, unsigned line, const char *todo, const char *what, ...)
    __attribute__((noreturn, format(printf, 4, 5)));

/* Whether p lies in the shared memory of the block running on w. */
int async_in_shared(const struct worker *w, const void *p);

/* __pipeline_arrive_on: an arrival on bar that happens once t's first
 * `seq` asynchronous copies have completed (pipeline.c calls it). */
void mbar_arrive_on(uint64_t *bar, struct sthread *t, uint64_t seq, const char *file,
                    unsigned line);

/* pipeline.c: performs t's asynchronous copies numbered below seq that
 * have not landed yet. */
void pipe_complete_upto(struct sthread *t, uint64_t seq);

#endif
