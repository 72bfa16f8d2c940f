/*
 * kc_lockstep.h: lanes in lockstep where a program counts on it
 * (kc_lockstep.c says when and how).
 */
#ifndef SIMT_KC_LOCKSTEP_H
#define SIMT_KC_LOCKSTEP_H

#include "kc.h"

/* Puts a call of simt_warp_lockstep before each volatile shared access of
 * the functions of k's module whose lanes read what other lanes wrote;
 * returns how many functions it changed. */
int kc_lockstep(kc_ctx *k);

/* The same for a module the kernel compiler leaves unoptimized (-G, -O0,
 * a host sanitizer's build): a copy of it, given to optimize (inlining
 * and simplification), tells which of its volatile accesses need the
 * calls, and which of its loops wait for another thread (kc_spin.h);
 * returns how many calls and loops it got.  k needs its context, module,
 * i32, ptr and void types. */
int kc_lockstep_unoptimized(kc_ctx *k, void (*optimize)(LLVMModuleRef m));

#endif /* SIMT_KC_LOCKSTEP_H */
