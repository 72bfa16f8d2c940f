/*
 * kc.h: simt-kc, the kernel compiler.
 *
 * simtcc compiles a .cu file with clang to LLVM bitcode without running
 * LLVM's optimizations, and hands it to simt-kc, which:
 *   1. inlines everything each launch's thread function calls
 *      (kc_main.c, the pre-pipeline);
 *   2. turns each thread function into a block function: the CUDA thread's
 *      body split at its barriers into segments, each a loop over the
 *      block's threads (kc_tier.c), using the CFG analyses of kc_cfg.c and
 *      the divergence analysis of kc_div.c;
 *   3. runs LLVM's standard pipeline and writes the object file.
 * A thread function that cannot be proved safe to compile goes (nothing
 * runs it): its launches run on the fiber tier.  One whose call graph
 * certainly makes a call only the fiber tier runs is found before step 1
 * (kc_scan.c) and neither inlined nor compiled.
 */
#ifndef SIMT_KC_H
#define SIMT_KC_H

#include <stddef.h>
#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

/* ---- maps from LLVM objects to small integers ---------------------------- */

typedef struct kc_map {
    const void **keys;
    int *vals;
    size_t cap, n;
} kc_map;

void kc_map_put(kc_map *m, const void *k, int v);
int kc_map_get(const kc_map *m, const void *k); /* -1: absent */
/* k is about to be freed: a later object at its address is not k. */
void kc_map_forget(kc_map *m, const void *k);
void kc_map_free(kc_map *m);

/* ---- the control-flow graph of one function --------------------------------- */

typedef struct kc_cfg {
    int n;                      /* blocks; index n is the virtual exit */
    LLVMBasicBlockRef *bb;
    kc_map index;               /* block -> index */
    int **succ, *nsucc;
    int **pred, *npred;
    int *ipdom;                 /* immediate post-dominator, n: the exit */
    char *live;                 /* some path returns (others end in unreachable) */
} kc_cfg;

int kc_cfg_build(kc_cfg *g, LLVMValueRef fn);
void kc_cfg_free(kc_cfg *g);
int kc_block_index(const kc_cfg *g, LLVMBasicBlockRef b);
/* Marks in `out` (n entries) every block reachable from the successors of
 * block x without passing through block `stop` (x's region when stop is
 * its post-dominator). */
void kc_reach_from_succs(const kc_cfg *g, int x, int stop, char *out);

/* ---- the transformation ----------------------------------------------------- */

typedef struct kc_ctx {
    LLVMContextRef c;
    LLVMModuleRef m;
    LLVMTargetDataRef td;
    LLVMTypeRef i1, i8, i32, i64, ptr, voidt;
    LLVMValueRef g_tid, g_bid, g_bdim, g_gdim, g_arena, g_probing;
    kc_map consts; /* __constant__ variables (kc_find_constants) */
    int check_race; /* a racecheck build: barriers tell the checker (kc_gen.c) */
    int check_version; /* memcheck's x loops versioned (kc_version.c) */
} kc_ctx;

/* libsimt's thread-local int of that name (src/engine/tier.c), and its
 * address in the running thread (kc_gen.c). */
LLVMValueRef kc_tls_i32(kc_ctx *k, const char *name);
LLVMValueRef kc_tls_addr(kc_ctx *k, LLVMBuilderRef b, LLVMValueRef g);

/* Why a function stays on the fiber tier, for --resource-usage. */
typedef struct kc_why {
    char text[512];
} kc_why;

/* What kc_compile_thread answers for a compiled kernel, and what the
 * launch's probe of its block function returns (src/engine/tier.c):
 * KC_COMPILED, or'ed with KC_APART where the block's threads never wait
 * for one another nor share memory, so that parts of one block may run on
 * several workers (the block function then runs threadIdx.x from
 * simt__kc_x0 below simt__kc_x1 only). */
enum { KC_COMPILED = 1, KC_APART = 2 };

/* Is fn (a thread function, everything inlined) safe to compile?  0 with
 * the reason in *why if not.  Transforms it into a block function if so,
 * and returns KC_COMPILED and maybe KC_APART. */
int kc_compile_thread(kc_ctx *k, LLVMValueRef fn, kc_why *why);

/* Before inlining (kc_scan.c): whether fn (a thread function) certainly
 * ends on the fiber tier, with the reason in *why; kc_precheck_done frees
 * what the answers kept. */
int kc_certainly_fiber(kc_ctx *k, LLVMValueRef fn, kc_why *why);
void kc_precheck_done(void);

/* A reason from the instruction that forced it: "CONSTRUCT at FILE:LINE". */
void kc_why_at(kc_why *why, LLVMValueRef inst, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif /* SIMT_KC_H */
