/*
 * kc_repeat.h: a checking build's checks of one address, repeated by a
 * loop, made once per entry into the loop (kc_repeat.c says when).
 */
#ifndef SIMT_KC_REPEAT_H
#define SIMT_KC_REPEAT_H

#include "kc.h"

/* Turns each plain 4- or 8-byte check in f whose address a surrounding
 * loop without synchronization does not change into a call of its
 * simt__unless form under a flag the loop's entry clears; returns how
 * many.  Needs the checker's inlined entry points (--check-inline) and
 * SROA after it. */
int kc_repeat(kc_ctx *k, LLVMValueRef f);

#endif /* SIMT_KC_REPEAT_H */
