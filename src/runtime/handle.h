/*
 * handle.h: the registry of the runtime's handles: streams, events,
 * graphs, executable graphs, memory pools, arrays, mipmapped arrays,
 * texture and surface objects.
 *
 * A handle is registered when its object is made and unregistered when it
 * is destroyed, so every API call can tell a live handle of the kind it
 * takes from one that was destroyed (use after destroy, a double destroy)
 * and from one that never was (another kind's handle, garbage).  CUDA
 * answers each kind's misuse with codes of its own (as an H100 with CUDA
 * 13 does, tests/cuda/handles); the modules map handle_check's answer to
 * them.
 *
 * Invariants: a value is live as at most one kind; a destroyed value is
 * remembered (a tombstone) until it is registered again or the
 * tombstones outnumber the live handles by far, after which it reads as
 * foreign (never a handle).  Destroying an object and using it from another thread at
 * once is the program's race, as on a GPU.
 */
#ifndef SIMT_RUNTIME_HANDLE_H
#define SIMT_RUNTIME_HANDLE_H

#include <stdint.h>

enum handle_kind {
    HANDLE_STREAM = 1,
    HANDLE_EVENT,
    HANDLE_GRAPH,
    HANDLE_EXEC,
    HANDLE_POOL,
    HANDLE_ARRAY,
    HANDLE_MIPMAP,
    HANDLE_TEXTURE,
    HANDLE_SURFACE,
};

enum handle_state {
    HANDLE_LIVE,                /* registered as this kind */
    HANDLE_DESTROYED,           /* was this kind, destroyed since */
    HANDLE_MISMATCH,            /* another kind's handle, live or destroyed */
    HANDLE_FOREIGN,             /* NULL, or never a handle */
};

/* Registers h as a live handle of kind k: 0, or -1 when out of memory (the
 * caller fails its creation with cudaErrorMemoryAllocation). */
int simt__handle_add(enum handle_kind k, uintptr_t h);
/* Unregisters h if it is live as kind k and returns HANDLE_LIVE; else
 * changes nothing and returns h's state, so that a double destroy is an
 * error and never frees twice. */
enum handle_state simt__handle_remove(enum handle_kind k, uintptr_t h);
/* h's state as a handle of kind k. */
enum handle_state simt__handle_check(enum handle_kind k, uintptr_t h);

#define HANDLE(p) ((uintptr_t)(const void *)(p))

#endif
