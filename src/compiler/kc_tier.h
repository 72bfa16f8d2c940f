/*
 * kc_tier.h: the parts of the compiled-tier transformation (kc_scan.c,
 * kc_tier.c, kc_gen.c) share these.
 */
#ifndef SIMT_KC_TIER_H
#define SIMT_KC_TIER_H

#include "kc.h"

/* Calls that split a thread function: block barriers, and warp
 * collectives over the whole warp (constant full mask), which the compiled
 * tier runs as an exchange between two loops. */
enum {
    KC_BAR_NONE, KC_BAR_PLAIN, KC_BAR_COUNT, KC_BAR_AND, KC_BAR_OR,
    KC_SHFL, KC_VOTE, KC_REDUCE, KC_SYNCWARP
};

int kc_barrier_kind(LLVMValueRef call);
const char *kc_callee_name(LLVMValueRef call, size_t *len);
/* An intrinsic that only computes (thread-local addresses, min, max...):
 * not a memory intrinsic, not a call of a function. */
int kc_computes_only(LLVMValueRef call);
int kc_name_is(const char *s, size_t n, const char *lit);
/* A function by name, or the function an alias of that name stands for:
 * clang names a static function declared extern "C" in C++ by its mangled
 * name and gives it its C name as an alias (simt.h's
 * simt__shared_static_inline). */
LLVMValueRef kc_named_function(LLVMModuleRef m, const char *name);
/* Whether a thread may make this call (0: *why says why not). */
int kc_call_ok(kc_ctx *k, LLVMValueRef call, kc_why *why);
void kc_why_barrier(kc_why *why, LLVMValueRef call, const char *what);
/* A GEP whose indices are all constants: its byte offset. */
int kc_gep_offset(kc_ctx *k, LLVMValueRef gep, long long *off);
/* Where a pointer loaded from q lies in the launch's packed parameters
 * (args): q is args or a constant offset into it. */
int kc_pack_offset(kc_ctx *k, LLVMValueRef q, LLVMValueRef args, long long *off);
/* A checker entry point of a plain 4- or 8-byte access, which has an
 * simt__unless form (checked unless its first argument says clean;
 * src/check/abi/tsan_abi.c): kc_version.c and kc_repeat.c make them. */
int kc_unless_able(const char *s, size_t n);
/* Replaces a checker call (one pointer operand) with PREFIX<its name>(first,
 * pointer) at the same place and line; returns the new call. */
LLVMValueRef kc_replace_check(kc_ctx *k, LLVMBuilderRef bld, LLVMValueRef call, const char *prefix,
                              LLVMValueRef first);
/* An instruction's number in a module's walk, kept in metadata `kind`
 * while a copy of the module is analysed (kc_lockstep.c, kc_spin.c): set,
 * and read back (0: none). */
void kc_set_tag(kc_ctx *k, LLVMValueRef inst, unsigned kind, unsigned n);
unsigned kc_tag_of(LLVMValueRef inst, unsigned kind);
/* "FILE:LINE" of inst from the line table into buf, the file's directory
 * included; 0 where it has none. */
int kc_debug_site(LLVMValueRef inst, char *buf, size_t size);
/* The thread-local global a llvm.threadlocal.address call names, or NULL. */
LLVMValueRef kc_tls_global(LLVMValueRef v);

#endif /* SIMT_KC_TIER_H */
