/*
 * kc_isa.h: a second build of each compiled block function for x86-64-v3
 * (kc_isa.c).
 */
#ifndef SIMT_KC_ISA_H
#define SIMT_KC_ISA_H

#include "kc.h"

/* Where fn (a compiled block function) is built for the baseline x86-64
 * (the host compiler's default), adds its copy for x86-64-v3 and makes
 * every call of fn call the copy where libsimt says the CPU has it
 * (simt__kc_isa).  Before LLVM's pipeline.  Returns the copy, or NULL. */
LLVMValueRef kc_isa_clone(kc_ctx *k, LLVMValueRef fn);

/* After the pipeline: the copy's fmuladd (clang's a * b + c) becomes a
 * multiply and an add, as the baseline build has it; its calls mark the
 * vector registers they clobber (kc_isa.c says why).  A copy that cannot
 * run faster than the baseline (no vector code, no instruction the
 * baseline lacks) is deleted and its calls call the baseline: returns 0
 * then, 1 where the copy stays. */
int kc_isa_finish(kc_ctx *k, LLVMValueRef copy);

#endif
