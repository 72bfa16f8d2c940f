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
 * whose address depends on threadIdx and a store, with no barrier between
 * them on some path, where no store of that stretch writes the load's
 * address (one lane reading what another wrote), gets a call of
 * simt_warp_lockstep(site) before each of its volatile shared accesses.  On the fiber tier the call waits until
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
#include "kc_spin.h"
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
         * inlined, nor a sanitizer's checked helper in the copy of an
         * unoptimized module): the helpers' own names, inside their
         * mangled ones. */
        return s && (kc_name_is(s, n, "simt__shared_static_slow") ||
                     memmem(s, n, "simt_shared_static", 18) ||
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
    if (LLVMIsACallInst(v)) {
        /* A value from memory or a function: not followed.  An
         * intrinsic's is its operands' (UBSan checks an index's
         * arithmetic through llvm.*.with.overflow). */
        LLVMValueRef callee = LLVMGetCalledValue(v);
        if (!callee || !LLVMIsAFunction(callee) || !LLVMGetIntrinsicID(callee))
            return 0;
    }
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

/* Whether call i orders all the lanes of its warp: a barrier of the
 * block, a cluster or the grid, a warp's or a group's sync.  On the
 * fiber tier every lane of the warp reaches it before any goes on, so
 * what lanes did before it is done before any lane goes past it. */
static int warp_barrier(LLVMValueRef i)
{
    size_t n = 0;
    const char *s = LLVMIsACallInst(i) ? kc_callee_name(i, &n) : NULL;
    return s && (kc_name_is(s, n, "simt_syncthreads") || kc_name_is(s, n, "simt_syncthreads_count") ||
                 kc_name_is(s, n, "simt_syncthreads_and") || kc_name_is(s, n, "simt_syncthreads_or") ||
                 kc_name_is(s, n, "simt_syncwarp") || kc_name_is(s, n, "simt_range_sync") ||
                 kc_name_is(s, n, "simt_cluster_sync") || kc_name_is(s, n, "simt_grid_sync"));
}

/* The volatile shared accesses met between two warp barriers. */
struct interval {
    LLVMValueRef *stores, *loads; /* their addresses; loads: per thread ones */
    size_t nstores, nloads, cap;
};

static void interval_add(struct interval *v, int store, LLVMValueRef addr)
{
    if (v->nstores + v->nloads == v->cap) {
        v->cap = v->cap ? 2 * v->cap : 16;
        v->stores = realloc(v->stores, v->cap * sizeof *v->stores);
        v->loads = realloc(v->loads, v->cap * sizeof *v->loads);
        if (!v->stores || !v->loads)
            abort(); /* simt-kc is a compiler: out of memory ends the compile */
    }
    if (store)
        v->stores[v->nstores++] = addr;
    else
        v->loads[v->nloads++] = addr;
}

/* Whether the interval has a lane's store and another lane's load that
 * may meet: a store, and a per-thread load at an address no store of the
 * interval writes.  A load at the address of a store of the stretch reads
 * its own lane's slot: another lane that stored there would race with
 * that store (two writers of one slot, with no barrier between), which
 * CUDA leaves undefined. */
static int interval_meets(const struct interval *v)
{
    if (!v->nstores)
        return 0;
    for (size_t b = 0; b < v->nloads; b++) {
        size_t a = 0;
        while (a < v->nstores && v->stores[a] != v->loads[b])
            a++;
        if (a == v->nstores)
            return 1;
    }
    return 0;
}

/* Collects into v the volatile shared accesses reachable from instruction
 * `from` (of block bb) before any warp barrier; `seen` maps the blocks
 * entered at their top during stretch number `stretch` to it. */
static void interval_walk(LLVMBasicBlockRef bb, LLVMValueRef from, LLVMValueRef arena, LLVMValueRef tid,
                          kc_map *seen, int stretch, struct interval *v)
{
    for (;;) {
        for (LLVMValueRef i = from; i; i = LLVMGetNextInstruction(i)) {
            int store;
            if (warp_barrier(i))
                return;
            if (!shared_access(i, arena, &store))
                continue;
            LLVMValueRef addr = LLVMGetOperand(i, store ? 1 : 0);
            int budget = 256;
            if (store || per_thread(addr, tid, &budget))
                interval_add(v, store, addr);
        }
        LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
        unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
        LLVMBasicBlockRef next = NULL;
        for (unsigned k = 0; k < ns; k++) {
            LLVMBasicBlockRef to = LLVMGetSuccessor(t, k);
            if (kc_map_get(seen, to) == stretch)
                continue;
            kc_map_put(seen, to, stretch);
            if (!next)
                next = to; /* followed here, the others by recursion */
            else
                interval_walk(to, LLVMGetFirstInstruction(to), arena, tid, seen, stretch, v);
        }
        if (!next)
            return;
        bb = next;
        from = LLVMGetFirstInstruction(next);
    }
}

/* Whether fn has lanes that read what other lanes wrote, as above: a
 * volatile shared store and a per-thread volatile shared load that one
 * stretch of the function between two warp barriers (or its entry and a
 * barrier) may both execute.  Lanes run one after another up to a
 * barrier, so there one lane's load sees a store another lane made
 * earlier in the stretch, which a converged warp would make after.  Code
 * that puts a barrier between each exchange's reads and writes (the
 * cuda-samples' scan: `t = s[pos] + s[pos - offset]; __syncthreads();
 * s[pos] = t;`) needs no lockstep. */
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
        }
    if (!loads || !stores)
        return 0;
    /* The stretches: from the entry and from each barrier. */
    int meets = 0, stretch = 0;
    kc_map seen = {0};
    struct interval v = {0};
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && !meets; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !meets; i = LLVMGetNextInstruction(i)) {
            int entry = bb == LLVMGetEntryBasicBlock(fn) && i == LLVMGetFirstInstruction(bb);
            if (!entry && !warp_barrier(i))
                continue;
            v.nstores = v.nloads = 0;
            interval_walk(bb, entry ? i : LLVMGetNextInstruction(i), arena, tid, &seen, stretch++, &v);
            meets = interval_meets(&v);
        }
    kc_map_free(&seen);
    free(v.stores);
    free(v.loads);
    return meets;
}

static void lockstep_before(kc_ctx *k, LLVMBuilderRef b, LLVMValueRef i)
{
    LLVMTypeRef type;
    LLVMValueRef f = lockstep_fn(k, &type);
    LLVMPositionBuilderBefore(b, i);
    LLVMValueRef args[1] = {site_of(k, b, i)};
    LLVMValueRef call = LLVMBuildCall2(b, type, f, args, 1, "");
    LLVMInstructionSetDebugLoc(call, LLVMInstructionGetDebugLoc(i));
}

static int lockstep_off(void)
{
    const char *env = getenv("SIMT_KC_LOCKSTEP");
    return env && !strcmp(env, "0");
}

int kc_lockstep(kc_ctx *k)
{
    if (lockstep_off())
        return 0;
    LLVMValueRef arena = tls_named(k, "simt__arena"), tid = tls_named(k, "threadIdx");
    if (!arena || !tid)
        return 0;
    int n = 0;
    LLVMBuilderRef b = LLVMCreateBuilderInContext(k->c);
    for (LLVMValueRef fn = LLVMGetFirstFunction(k->m); fn; fn = LLVMGetNextFunction(fn)) {
        if (LLVMIsDeclaration(fn) || !wants_lockstep(fn, arena, tid))
            continue;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                int store;
                if (shared_access(i, arena, &store))
                    lockstep_before(k, b, i);
            }
        n++;
    }
    LLVMDisposeBuilder(b);
    return n;
}

/* ---- modules left unoptimized ------------------------------------------------- */

static int volatile_access(LLVMValueRef i)
{
    return (LLVMIsALoadInst(i) || LLVMIsAStoreInst(i)) && LLVMGetVolatile(i);
}

/* An atomic operation: a loop around one may wait for another thread
 * (kc_spin.c). */
static int atomic_op(LLVMValueRef i)
{
    return LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i) ||
           (LLVMIsALoadInst(i) && LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic);
}

/* Whether fn makes an atomic operation or calls a function inlined always
 * (marked 1 or 4). */
static int reaches_atomic(LLVMValueRef fn, const kc_map *marked)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (atomic_op(i))
                return 1;
            LLVMValueRef callee = LLVMIsACallInst(i) ? LLVMGetCalledValue(i) : NULL;
            int v = callee && LLVMIsAFunction(callee) ? kc_map_get(marked, callee) : -1;
            if (v == 1 || v == 4)
                return 1;
        }
    return 0;
}

/* Whether fn branches back to a block laid out before (-O0 keeps the
 * source's order): a loop. */
static int has_loop(LLVMValueRef fn)
{
    kc_map order = {0};
    int n = 0, loop = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        kc_map_put(&order, bb, n++);
    n = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && !loop; bb = LLVMGetNextBasicBlock(bb), n++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
        unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
        for (unsigned j = 0; j < ns; j++)
            loop |= kc_map_get(&order, LLVMGetSuccessor(t, j)) <= n;
    }
    kc_map_free(&order);
    return loop;
}

/* Whether fn is small enough to be a wrapper of what it calls
 * (atomicCAS of simt_detail::acas, ...): -O0 code, a few statements. */
static int small(LLVMValueRef fn)
{
    int n = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && n <= 64; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && n <= 64; i = LLVMGetNextInstruction(i))
            n++;
    return n <= 64;
}

/* Whether fn makes a volatile access or calls a marked function. */
static int reaches_volatile(LLVMValueRef fn, const kc_map *marked)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (volatile_access(i))
                return 1;
            LLVMValueRef callee = LLVMIsACallInst(i) ? LLVMGetCalledValue(i) : NULL;
            if (callee && LLVMIsAFunction(callee) && kc_map_get(marked, callee) == 1)
                return 1;
        }
    return 0;
}

/* Marks 2 on what fn calls, transitively, that is not marked yet. */
static void mark_callees(LLVMValueRef fn, kc_map *marked)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            LLVMValueRef callee = LLVMIsACallInst(i) ? LLVMGetCalledValue(i) : NULL;
            if (callee && LLVMIsAFunction(callee) && !LLVMIsDeclaration(callee) &&
                kc_map_get(marked, callee) < 0) {
                kc_map_put(marked, callee, 2);
                mark_callees(callee, marked);
            }
        }
}

/* In m (the copy): the functions that make volatile accesses and those
 * that call them (marked 1) inlined always, and what they call (2) left to
 * the inliner and simplified, as the optimizing build inlines what a
 * thread calls: a pointer into shared memory passed to a device function
 * is known as such only in its caller, and reached through the calls of
 * simt's own helpers.  Atomic operations are seen from the loops around
 * them (kc_spin.c): the functions that make them and their small callers
 * (wrappers such as atomicCAS) are inlined always (4) up to one with a
 * loop, which is simplified (3) but not inlined further; a larger one
 * without a loop (0) stops the climb, and what they call is left as it is
 * (inlining a library's every caller of atomicAdd, and all they call,
 * cost an -O0 build of Thrust's algorithms half its time again).  The
 * rest of the module stays as -O0 left it. */
static void inline_volatile(kc_ctx *k, LLVMModuleRef m)
{
    kc_map marked = {0};
    for (int more = 1; more;) {
        more = 0;
        for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
            if (!LLVMIsDeclaration(fn) && kc_map_get(&marked, fn) != 1 && reaches_volatile(fn, &marked)) {
                kc_map_put(&marked, fn, 1);
                more = 1;
            }
    }
    for (int more = 1; more;) {
        more = 0;
        for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
            if (!LLVMIsDeclaration(fn) && kc_map_get(&marked, fn) < 0 && reaches_atomic(fn, &marked)) {
                int v = has_loop(fn) ? 3 : small(fn) ? 4 : 0;
                kc_map_put(&marked, fn, v);
                more |= v == 4;
            }
    }
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
        if (kc_map_get(&marked, fn) == 1)
            mark_callees(fn, &marked);
    unsigned optnone = LLVMGetEnumAttributeKindForName("optnone", 7);
    unsigned noinline = LLVMGetEnumAttributeKindForName("noinline", 8);
    unsigned always = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
        int v = kc_map_get(&marked, fn);
        if (v <= 0)
            continue;
        LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, optnone);
        LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, noinline);
        if (v == 1 || v == 4)
            LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                                    LLVMCreateEnumAttribute(k->c, always, 0));
    }
    kc_map_free(&marked);
}

int kc_lockstep_unoptimized(kc_ctx *k, void (*optimize)(LLVMModuleRef m))
{
    int lockstep = !lockstep_off() && tls_named(k, "simt__arena") && tls_named(k, "threadIdx");
    /* Every volatile access, tagged with its number (from 1); the reads
     * a loop may poll (kc_spin.c), counted. */
    unsigned kind = LLVMGetMDKindIDInContext(k->c, "simt.lockstep", 13), n = 0, cap = 0, polls = 0;
    LLVMValueRef *acc = NULL;
    for (LLVMValueRef fn = LLVMGetFirstFunction(k->m); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                polls += volatile_access(i) || atomic_op(i);
                if (!lockstep || !volatile_access(i))
                    continue;
                if (n == cap && !(acc = realloc(acc, (cap = cap ? 2 * cap : 64) * sizeof *acc)))
                    abort(); /* simt-kc is a compiler: out of memory ends the compile */
                acc[n++] = i;
                kc_set_tag(k, i, kind, n);
            }
    /* Loops that wait for another thread (kc_spin.c) poll volatile or
     * atomic memory: their branches, tagged. */
    unsigned spin_kind = LLVMGetMDKindIDInContext(k->c, "simt.spin", 9);
    unsigned nspin = polls ? kc_spin_tag(k, spin_kind) : 0;
    if (!n && !nspin)
        return 0;
    /* A copy, inlined and simplified as the optimizing build's module is
     * (-O0 marks every function optnone and noinline), says which
     * accesses need the lockstep there, and which loops wait; the module
     * itself gets the same calls, its code otherwise untouched (one CUDA
     * thread is still one stack in the debugger, every variable where -O0
     * keeps it). */
    LLVMModuleRef copy = LLVMCloneModule(k->m);
    inline_volatile(k, copy);
    optimize(copy);
    char *want = calloc(n + 1, 1), *want_spin = calloc(nspin + 1, 1);
    if (!want || !want_spin)
        abort();
    if (nspin)
        kc_spin_find(copy, spin_kind, want_spin, nspin);
    LLVMValueRef arena = LLVMGetNamedGlobal(copy, "simt__arena"), tid = LLVMGetNamedGlobal(copy, "threadIdx");
    for (LLVMValueRef fn = LLVMGetFirstFunction(copy); fn && n && arena && tid; fn = LLVMGetNextFunction(fn)) {
        if (LLVMIsDeclaration(fn) || !wants_lockstep(fn, arena, tid))
            continue;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                int store;
                unsigned t = shared_access(i, arena, &store) ? kc_tag_of(i, kind) : 0;
                if (t && t <= n)
                    want[t] = 1;
            }
    }
    LLVMDisposeModule(copy);
    int changed = 0;
    LLVMBuilderRef b = LLVMCreateBuilderInContext(k->c);
    for (unsigned t = 1; t <= n; t++) {
        LLVMSetMetadata(acc[t - 1], kind, NULL);
        if (want[t]) {
            lockstep_before(k, b, acc[t - 1]);
            changed++;
        }
    }
    LLVMDisposeBuilder(b);
    if (nspin)
        changed += kc_spin_untag(k, spin_kind, want_spin, nspin);
    free(want);
    free(want_spin);
    free(acc);
    return changed;
}
