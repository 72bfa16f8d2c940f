/*
 * kc_readonly.h: racecheck's reads of memory that the kernel never writes
 * (kc_readonly.c says which and why).
 */
#ifndef SIMT_KC_READONLY_H
#define SIMT_KC_READONLY_H

#include "kc.h"

/* In a racecheck build, after the instrumentation: turns f's reads of
 * launch parameters that f never writes through into calls of
 * simt__ro__tsan_readN(apart, p); returns how many. */
int kc_readonly(kc_ctx *k, LLVMValueRef f);

#endif /* SIMT_KC_READONLY_H */
