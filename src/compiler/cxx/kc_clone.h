/*
 * kc_clone.h: what simt-kc needs of LLVM that its C API lacks, with a C
 * interface (kc_clone.cpp; docs/ARCHITECTURE.md says why it is C++).
 */
#ifndef SIMT_KC_CLONE_H
#define SIMT_KC_CLONE_H

#include <llvm-c/Core.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A copy of function f in f's module, named `name`, internal: its
 * instructions, arguments, attributes and debug information (a
 * subprogram of its own, as LLVM's inliner and verifier expect). */
LLVMValueRef kc_clone_function(LLVMValueRef f, const char *name);

/* Whether an instruction of f carries fast-math flags (-ffast-math,
 * -ffp-contract=fast): the C API of LLVM 16 cannot read them. */
int kc_fast_math(LLVMValueRef f);

#ifdef __cplusplus
}
#endif

#endif
