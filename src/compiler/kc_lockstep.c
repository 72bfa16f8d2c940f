/*
 * kc_lockstep.c: lanes in lockstep where a program counts on it.
 *
 * Code written for converged warps exchanges values through volatile
 * shared memory with no __syncwarp between the steps (the reduction's
 * `if (tid < 32) { s[tid] += s[tid + 16]; s[tid] += s[tid + 8]; ... }`,
 * the warp scan's `s[i] = v = v + s[i - 1]; ...`).  CUDA leaves it a race
 * since Volta, but an H100 still runs such a warp's lanes together and the
 * sums come out; a CPU that runs each thread to its next barrier before
 * the next thread starts reads partners' slots before they are written.
 *
 * A function whose volatile accesses to shared memory include a load
 * whose address depends on threadIdx and a store (one lane reading what
 * another wrote) gets a call of simt_warp_lockstep(site) before each of
 * its volatile shared accesses.  On the fiber tier the call waits until
 * every lane of the warp that still runs has come to such a call (or
 * waits elsewhere, or has exited) and lets them go on together
 * (src/engine/warp.c): each access is made by all the warp's lanes
 * before any makes the next, which is lockstep for every access that
 * matters.  kc_compile_thread keeps such a thread on the fiber tier.
 *
 * Runs after inlining and simplification (addresses are SSA values by
 * then), on every function of the unit: the fiber tier's kernels as well
 * as the threads simt-kc compiles.  Not in racecheck builds: there the
 * race is reported instead.  SIMT_KC_LOCKSTEP=0 turns it off.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "kc_lockstep.h"
#include "kc_tier.h"

#define DEPTH 24 /* how far an address is followed back */

/* The pointer a load reads through, as a thread-local global, or NULL. */
static LLVMValueRef tls_base(LLVMValueRef p)
{
    while (p && LLVMIsAGetElementPtrInst(p))
        p = LLVMGetOperand(p, 0);
    return kc_tls_global(p);
}

/* Whether pointer p points into the block's shared memory: the arena's
 * pointers (a load from simt__arena's fields, the dynamic array and the
 * static variables' fast path) or the static variables' slow path. */
static int from_shared(LLVMValueRef p, LLVMValueRef arena, int depth)
{
    if (!p || depth > DEPTH)
        return 0;
    if (LLVMIsAGetElementPtrInst(p) || LLVMIsABitCastInst(p) || LLVMIsAAddrSpaceCastInst(p))
        return from_shared(LLVMGetOperand(p, 0), arena, depth + 1);
    if (LLVMIsAPHINode(p)) {
        for (unsigned i = 0; i < LLVMCountIncoming(p); i++)
            if (from_shared(LLVMGetIncomingValue(p, i), arena, depth + 1))
                return 1;
        return 0;
    }
    if (LLVMIsASelectInst(p))
        return from_shared(LLVMGetOperand(p, 1), arena, depth + 1) ||
               from_shared(LLVMGetOperand(p, 2), arena, depth + 1);
    if (LLVMIsALoadInst(p))
        return arena && tls_base(LLVMGetOperand(p, 0)) == arena;
    if (LLVMIsACallInst(p)) {
        size_t n = 0;
        const char *s = kc_callee_name(p, &n);
        /* Uninlined (a thread certainly bound for the fiber tier is not
         * inlined): the helpers' own names, inside their mangled ones. */
        return s && (kc_name_is(s, n, "simt__shared_static_slow") ||
                     kc_name_is(s, n, "simt_shared_static") ||
                     memmem(s, n, "simt__shared_static_inline", 26) ||
                     memmem(s, n, "simt_shared_dynamic", 19));
    }
    return 0;
}

/* Whether v's value depends on threadIdx (a load of one of its fields),
 * looking at no more than *budget values (loops make the graph cyclic). */
static int per_thread(LLVMValueRef v, LLVMValueRef tid, int *budget)
{
    if (!v || !LLVMIsAInstruction(v) || --*budget < 0)
        return 0;
    if (LLVMIsALoadInst(v))
        return tls_base(LLVMGetOperand(v, 0)) == tid;
    if (LLVMIsACallInst(v))
        return 0; /* a value from memory or a function: not followed */
    if (LLVMIsAPHINode(v)) {
        for (unsigned i = 0; i < LLVMCountIncoming(v); i++)
            if (per_thread(LLVMGetIncomingValue(v, i), tid, budget))
                return 1;
        return 0;
    }
    int n = LLVMGetNumOperands(v);
    for (int i = 0; i < n; i++)
        if (per_thread(LLVMGetOperand(v, i), tid, budget))
            return 1;
    return 0;
}

static LLVMValueRef tls_named(kc_ctx *k, const char *name)
{
    LLVMValueRef g = LLVMGetNamedGlobal(k->m, name);
    return g && LLVMIsThreadLocal(g) ? g : NULL;
}

/* The "file:line" of inst, as the fiber tier names a site. */
static LLVMValueRef site_of(kc_ctx *k, LLVMBuilderRef b, LLVMValueRef inst)
{
    char text[300];
    unsigned len = 0;
    const char *file = LLVMGetDebugLocFilename(inst, &len);
    unsigned line = LLVMGetDebugLocLine(inst);
    if (file && len)
        snprintf(text, sizeof text, "%.*s:%u", (int)(len > 256 ? 256 : len), file, line);
    else
        snprintf(text, sizeof text, "(volatile shared access)");
    (void)k;
    return LLVMBuildGlobalStringPtr(b, text, "simt.lockstep.site");
}

static LLVMValueRef lockstep_fn(kc_ctx *k, LLVMTypeRef *type)
{
    LLVMTypeRef params[1] = {k->ptr};
    *type = LLVMFunctionType(k->voidt, params, 1, 0);
    LLVMValueRef f = LLVMGetNamedFunction(k->m, "simt_warp_lockstep");
    if (!f) {
        f = LLVMAddFunction(k->m, "simt_warp_lockstep", *type);
        /* As every warp collective: no pass may move it into a branch. */
        unsigned kind = LLVMGetEnumAttributeKindForName("convergent", 10);
        LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                                LLVMCreateEnumAttribute(k->c, kind, 0));
    }
    return f;
}

static int shared_access(LLVMValueRef i, LLVMValueRef arena, int *store)
{
    int ld = LLVMIsALoadInst(i) != NULL;
    if ((!ld && !LLVMIsAStoreInst(i)) || !LLVMGetVolatile(i))
        return 0;
    *store = !ld;
    return from_shared(LLVMGetOperand(i, ld ? 0 : 1), arena, 0);
}

/* Whether fn has lanes that read what other lanes wrote, as above. */
static int wants_lockstep(LLVMValueRef fn, LLVMValueRef arena, LLVMValueRef tid)
{
    int loads = 0, stores = 0, store;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (!shared_access(i, arena, &store))
                continue;
            if (store)
                stores = 1;
            else if (!loads) {
                int budget = 256;
                loads = per_thread(LLVMGetOperand(i, 0), tid, &budget);
            }
            if (loads && stores)
                return 1;
        }
    return 0;
}

int kc_lockstep(kc_ctx *k)
{
    const char *env = getenv("SIMT_KC_LOCKSTEP");
    if (env && !strcmp(env, "0"))
        return 0;
    LLVMValueRef arena = tls_named(k, "simt__arena"), tid = tls_named(k, "threadIdx");
    if (!arena || !tid)
        return 0;
    int n = 0;
    LLVMBuilderRef b = LLVMCreateBuilderInContext(k->c);
    for (LLVMValueRef fn = LLVMGetFirstFunction(k->m); fn; fn = LLVMGetNextFunction(fn)) {
        if (LLVMIsDeclaration(fn) || !wants_lockstep(fn, arena, tid))
            continue;
        LLVMTypeRef type;
        LLVMValueRef f = lockstep_fn(k, &type);
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                int store;
                if (!shared_access(i, arena, &store))
                    continue;
                LLVMPositionBuilderBefore(b, i);
                LLVMValueRef args[1] = {site_of(k, b, i)};
                LLVMValueRef call = LLVMBuildCall2(b, type, f, args, 1, "");
                LLVMInstructionSetDebugLoc(call, LLVMInstructionGetDebugLoc(i));
            }
        n++;
    }
    LLVMDisposeBuilder(b);
    return n;
}
