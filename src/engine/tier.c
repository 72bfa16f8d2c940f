/*
 * tier.c: the engine's side of the compiled tier.
 *
 * simt-kc compiles a launch's thread loop into a block function where it
 * can (see src/compiler/kc.h); a launch runs it when the program was
 * compiled so and SIMT_TIER does not say otherwise.  libsimt's definitions
 * here are what a program compiled without simt-kc links against.
 */
#define __SIMT_KC__ 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt.h"
#include "engine/engine.h"

/* Set by a block function that declined to run its block (a partial last
 * warp where it exchanges warp values): the engine runs that block on the
 * fiber tier. */
SIMT_TLS int simt__kc_declined;

/* The part of a block a compiled block function runs, where its threads
 * are apart (src/compiler/kc.h, KC_APART): threadIdx.x from x0 below x1.
 * Set by the engine before each call (sched.c, run_threads). */
SIMT_TLS unsigned simt__kc_x0, simt__kc_x1 = ~0u;

/* A launch whose thread function simt-kc did not compile asks here. */
int simt__kc_block(void (*thread)(void *), void *args)
{
    (void)thread;
    (void)args;
    return 0;
}

void *simt_shared_static(simt_shared_site *s, size_t size, size_t align)
{
    return simt__shared_static_inline(s, size, align);
}

/* Per-thread storage of the running block function (values live across
 * its barriers, private arrays): one buffer per OS thread, grown on
 * demand.  A worker runs one block function at a time. */
static SIMT_TLS char *scratch;
static SIMT_TLS size_t scratch_size;

void *simt__kc_scratch(size_t bytes);
void *simt__kc_scratch(size_t bytes)
{
    if (bytes > scratch_size) {
        size_t size = scratch_size ? scratch_size : 4096;
        while (size < bytes)
            size *= 2;
        free(scratch);
        scratch = aligned_alloc(64, size);
        scratch_size = scratch ? size : 0;
        if (!scratch) {
            fprintf(stderr, "simt: error: out of memory for a block's per-thread storage (%zu bytes)\n",
                    bytes);
            abort();
        }
    }
    return scratch;
}

int engine_tier_compiled(void)
{
    static int tier = -1;
    int t = __atomic_load_n(&tier, __ATOMIC_RELAXED);
    if (t < 0) {
        const char *s = getenv("SIMT_TIER");
        t = !(s && !strcmp(s, "fiber"));
        if (s && strcmp(s, "fiber") && strcmp(s, "compiled") && *s)
            fprintf(stderr, "simt: warning: SIMT_TIER=%s is neither 'compiled' nor 'fiber': using 'compiled'\n", s);
        __atomic_store_n(&tier, t, __ATOMIC_RELAXED);
    }
    return t;
}
