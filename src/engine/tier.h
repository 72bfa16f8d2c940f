/*
 * engine/tier.h: the build a compiled block runs (tier.c), asked before
 * every compiled block (sched.c, run_threads).
 */
#ifndef SIMT_ENGINE_TIER_H
#define SIMT_ENGINE_TIER_H

#include <stdatomic.h>

#include "engine/engine.h"
#include "engine/kstate.h"

extern SIMT_TLS int simt__kc_build;

/* The kernel's build not yet chosen: its timed trial (tier.c). */
int tier_isa_trial(const struct grid *g, const struct block *b);

/* Before a compiled block of g: sets the build it runs (simt__kc_build)
 * and answers nonzero where its time is to be given to tier_isa_leave.
 * Once the kernel's choice is made, a load and a thread-local store with
 * no call. */
static inline int tier_isa_enter(const struct grid *g, const struct block *b)
{
    int d = g->ks ? atomic_load_explicit(&g->ks->isa.decided, memory_order_relaxed) : 0;
    if (__builtin_expect(d != 0, 1)) {
        simt__kc_build = d - 1;
        return 0;
    }
    return tier_isa_trial(g, b);
}

/* After it: its time ns, token tier_isa_enter's answer. */
void tier_isa_leave(const struct grid *g, int token, long long ns);

#endif
