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

#endif /* SIMT_KC_LOCKSTEP_H */
