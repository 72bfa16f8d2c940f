/*
 * diag.h: reporting what a kernel did wrong.
 *
 * Messages follow one shape: "simt: error: <what> in kernel <k> block
 * (x,y,z) thread (x,y,z) at file:line — <what to do>".
 */
#ifndef SIMT_ENGINE_DIAG_H
#define SIMT_ENGINE_DIAG_H

#include <stddef.h>
#include "engine/engine.h"

/* Prints msg on stderr (whole, never interleaved with another report) and
 * fails the grid with err. */
void diag_grid_failure(struct grid *g, int err, const char *msg);

/* "file:line (function)" for a code address, or the bare address when the
 * program has no symbols for it. */
void diag_symbolize(const void *pc, char *buf, size_t len);

#endif
