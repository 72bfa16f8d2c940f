/*
 * spare.h: one freed object of each kind a thread keeps for its next
 * allocation of that kind.
 *
 * A host thread that launches a small grid and runs it itself while it
 * synchronizes frees the grid, its command and its argument pack, and
 * allocates them again at its next launch.  Taking them from a slot of
 * its own skips the grid cache's two lock pairs (of the launch's seven)
 * and malloc's bookkeeping: about 240 instructions of 4,200 (callgrind,
 * a loop of such launches).  Objects freed by another thread (a worker
 * that ran the grid) go back the usual way.  A thread's spares are freed
 * with free() when it exits, so only malloc'd memory may be kept.
 * Recycled objects are not poisoned: a use after free of one is not
 * caught by ASan, as with the grid cache before.
 */
#ifndef SIMT_BASE_SPARE_H
#define SIMT_BASE_SPARE_H

#include "simt.h"

enum spare_kind { SPARE_GRID, SPARE_CMD, SPARE_PACK, SPARE_KINDS };

extern SIMT_TLS void *simt__spares[SPARE_KINDS];
extern SIMT_TLS int simt__spares_owned;

/* Registers this thread's exit destructor; 0 where it cannot be. */
int simt__spare_claim(void);

/* This thread's spare of `kind`, taken, or NULL. */
static inline void *simt__spare_take(enum spare_kind kind)
{
    void *p = simt__spares[kind];
    simt__spares[kind] = NULL;
    return p;
}

/* Keeps p as this thread's spare of `kind`: 1, or 0 where the slot is
 * taken (the caller frees p). */
static inline int simt__spare_put(enum spare_kind kind, void *p)
{
    if (simt__spares[kind] || (simt__spares_owned <= 0 && !simt__spare_claim()))
        return 0;
    simt__spares[kind] = p;
    return 1;
}

#endif
