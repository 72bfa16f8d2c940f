/*
 * kc_spin.h: loops that wait for another thread get a point where the
 * fiber tier lets the block's other threads run (kc_spin.c says which
 * loops and why).
 */
#ifndef SIMT_KC_SPIN_H
#define SIMT_KC_SPIN_H

#include "kc.h"

/* Puts a call of simt_spin(&count, site) at the top of every loop of the
 * module's functions that waits for memory another thread writes, and
 * resets the loop's count where the loop is entered; returns how many
 * loops it changed.  A thread that calls simt_spin stays on the fiber
 * tier (kc_scan.c).  k needs its context, module, i32, ptr and void
 * types. */
int kc_spin(kc_ctx *k);

/* The same for a module left unoptimized (-G, -O0, a host sanitizer's
 * build), on the copy kc_lockstep_unoptimized makes: kc_spin_tag tags
 * each two-way branch of k's module with metadata `kind` (its number from
 * 1; returns how many), kc_spin_find marks in want[tag] the branches of
 * the copy, inlined and simplified, that leave a waiting loop, and
 * kc_spin_untag instruments the loops of k's module those branches leave
 * and drops the tags; returns how many loops it changed. */
unsigned kc_spin_tag(kc_ctx *k, unsigned kind);
void kc_spin_find(LLVMModuleRef copy, unsigned kind, char *want, unsigned ntags);
int kc_spin_untag(kc_ctx *k, unsigned kind, const char *want, unsigned ntags);

#endif /* SIMT_KC_SPIN_H */
