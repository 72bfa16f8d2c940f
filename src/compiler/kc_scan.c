/*
 * kc_scan.c: what a thread function contains, and whether the compiled
 * tier can run it.
 *
 * The compiled tier runs a block's threads as loops, so nothing in a
 * thread may wait for another thread except at the barriers the loops are
 * split at.  A call that could park the thread (warp collectives, mbarrier
 * and pipeline waits, cluster and grid syncs, the device runtime), leave it
 * for good (trap, assert) or reach code simt-kc cannot see (an indirect call,
 * a function of another translation unit) keeps the kernel on the fiber
 * tier, with the construct and line as the reason.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "kc_tier.h"

/* A constant C string an operand names, without its terminator. */
static const char *string_arg(LLVMValueRef s, size_t *len)
{
    if (!s || !LLVMIsAGlobalVariable(s) || !LLVMGetInitializer(s) ||
        !LLVMIsAConstantDataSequential(LLVMGetInitializer(s)))
        return NULL;
    const char *t = LLVMGetAsString(LLVMGetInitializer(s), len);
    if (*len && t[*len - 1] == 0)
        (*len)--;
    return t;
}

int kc_debug_site(LLVMValueRef inst, char *buf, size_t size)
{
    if (!inst || !LLVMIsAInstruction(inst))
        return 0;
    unsigned line = LLVMGetDebugLocLine(inst), flen = 0, dlen = 0;
    const char *file = LLVMGetDebugLocFilename(inst, &flen);
    if (!file || !flen || !line)
        return 0;
    /* A name relative to the compilation's directory (clang shortens the
     * paths below it): that directory first. */
    const char *dir = file[0] != '/' ? LLVMGetDebugLocDirectory(inst, &dlen) : NULL;
    if (dir && dlen)
        snprintf(buf, size, "%.*s/%.*s:%u", (int)dlen, dir, (int)flen, file, line);
    else
        snprintf(buf, size, "%.*s:%u", (int)flen, file, line);
    return 1;
}

void kc_why_at(kc_why *why, LLVMValueRef inst, const char *fmt, ...)
{
    char what[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    char at[300];
    if (kc_debug_site(inst, at, sizeof at)) {
        snprintf(why->text, sizeof why->text, "%s at %.250s", what, at);
        return;
    }
    /* Without line tables: a call that names its site, as simt's device
     * functions do ("file.cu:LINE" first, or assert's file and line). */
    size_t n = 0;
    const char *site = NULL;
    if (inst && LLVMIsACallInst(inst) && LLVMGetNumArgOperands(inst) >= 1) {
        size_t cn;
        const char *callee = kc_callee_name(inst, &cn);
        if (kc_name_is(callee, cn, "simt__assert_fail") && LLVMGetNumArgOperands(inst) >= 3 &&
            LLVMIsAConstantInt(LLVMGetOperand(inst, 2))) {
            const char *f = string_arg(LLVMGetOperand(inst, 1), &n);
            if (f) {
                snprintf(why->text, sizeof why->text, "%s at %.*s:%llu", what, (int)n, f,
                         LLVMConstIntGetZExtValue(LLVMGetOperand(inst, 2)));
                return;
            }
        }
        site = string_arg(LLVMGetOperand(inst, 0), &n);
        if (site && !memchr(site, ':', n))
            site = NULL;
    }
    if (site)
        snprintf(why->text, sizeof why->text, "%s at %.*s", what, (int)n, site);
    else
        snprintf(why->text, sizeof why->text, "%s", what);
}

const char *kc_callee_name(LLVMValueRef call, size_t *len)
{
    LLVMValueRef f = LLVMGetCalledValue(call);
    if (!f || !LLVMIsAFunction(f)) {
        *len = 0;
        return NULL;
    }
    return LLVMGetValueName2(f, len);
}

LLVMValueRef kc_named_function(LLVMModuleRef m, const char *name)
{
    LLVMValueRef f = LLVMGetNamedFunction(m, name);
    if (f)
        return f;
    LLVMValueRef a = LLVMGetNamedGlobalAlias(m, name, strlen(name));
    f = a ? LLVMAliasGetAliasee(a) : NULL;
    return f && LLVMIsAFunction(f) ? f : NULL;
}

int kc_name_is(const char *s, size_t n, const char *lit)
{
    return s && n == strlen(lit) && !memcmp(s, lit, n);
}

static int name_starts(const char *s, size_t n, const char *lit)
{
    size_t l = strlen(lit);
    return s && n >= l && !memcmp(s, lit, l);
}

static int const_is(LLVMValueRef v, unsigned long long want)
{
    return v && LLVMIsAConstantInt(v) && LLVMConstIntGetZExtValue(v) == want;
}

static int const_in(LLVMValueRef v, unsigned lo, unsigned hi)
{
    if (!v || !LLVMIsAConstantInt(v))
        return 0;
    unsigned long long x = LLVMConstIntGetZExtValue(v);
    return x >= lo && x <= hi;
}

int kc_computes_only(LLVMValueRef call)
{
    size_t n;
    const char *name = kc_callee_name(call, &n);
    return name && n >= 5 && !memcmp(name, "llvm.", 5) && !(n >= 8 && !memcmp(name, "llvm.mem", 8));
}

int kc_barrier_kind(LLVMValueRef call)
{
    size_t n;
    const char *s = kc_callee_name(call, &n);
    /* simt/core/warp.h: simt_shfl(site, op, mask, ...), simt_vote, simt_reduce
     * alike, simt_syncwarp(site, mask); ops as enum simt_warp_op. */
    if (kc_name_is(s, n, "simt_shfl")) {
        /* A width the fiber tier would reject (not a power of two up to 32)
         * stays there, with its report. */
        LLVMValueRef w = LLVMGetOperand(call, 6);
        int width_ok = const_is(w, 1) || const_is(w, 2) || const_is(w, 4) || const_is(w, 8) ||
                       const_is(w, 16) || const_is(w, 32);
        return width_ok && const_in(LLVMGetOperand(call, 1), 0, 3) &&
                       const_is(LLVMGetOperand(call, 2), 0xffffffffu)
                   ? KC_SHFL
                   : KC_BAR_NONE;
    }
    if (kc_name_is(s, n, "simt_vote"))
        return const_in(LLVMGetOperand(call, 1), 4, 6) && const_is(LLVMGetOperand(call, 2), 0xffffffffu)
                   ? KC_VOTE
                   : KC_BAR_NONE;
    if (kc_name_is(s, n, "simt_reduce"))
        return const_in(LLVMGetOperand(call, 1), 9, 16) && const_is(LLVMGetOperand(call, 2), 0xffffffffu)
                   ? KC_REDUCE
                   : KC_BAR_NONE;
    if (kc_name_is(s, n, "simt_syncwarp"))
        return const_is(LLVMGetOperand(call, 1), 0xffffffffu) ? KC_SYNCWARP : KC_BAR_NONE;
    if (kc_name_is(s, n, "simt_syncthreads") || kc_name_is(s, n, "simt__kc_split"))
        return KC_BAR_PLAIN;
    if (kc_name_is(s, n, "simt_syncthreads_count"))
        return KC_BAR_COUNT;
    if (kc_name_is(s, n, "simt_syncthreads_and"))
        return KC_BAR_AND;
    if (kc_name_is(s, n, "simt_syncthreads_or"))
        return KC_BAR_OR;
    return KC_BAR_NONE;
}

/* The site string a barrier call names ("file.cu:LINE"), for reasons. */
static const char *site_of(LLVMValueRef call, size_t *len)
{
    unsigned n = (unsigned)LLVMGetNumArgOperands(call);
    int coll = kc_barrier_kind(call) >= KC_SHFL;
    *len = 0;
    return string_arg(LLVMGetOperand(call, coll ? 0 : n - 1), len);
}

void kc_why_barrier(kc_why *why, LLVMValueRef call, const char *what)
{
    size_t n;
    const char *site = site_of(call, &n);
    if (site)
        snprintf(why->text, sizeof why->text, "%s at %.*s", what, (int)n, site);
    else
        kc_why_at(why, call, "%s", what);
}

/* Functions of libsimt and the CUDA runtime a compiled thread may not call:
 * they can park the calling thread or end it. */
static const char *const blocking[] = {
    "simt_shfl", "simt_vote", "simt_match", "simt_reduce", "simt_syncwarp",
    "simt_activemask", "simt_grid_", "simt_range_sync", "simt_cluster_",
    "simt_mbar_", "simt_atomic_wait", "simt_atomic_notify", "simt_pipe_", "simt_nanosleep",
    "simt__assert_fail", "simt_latch", "simt_semaphore",
    "simt_async", "cuda", "simt_launch", "simt__probe", NULL};

static int callee_ok(kc_ctx *k, LLVMValueRef call, LLVMValueRef callee, kc_why *why, int depth);

/* A function simt-kc did not inline (recursive, __noinline__): the thread
 * may call it if nothing it reaches could block. */
static int body_ok(kc_ctx *k, LLVMValueRef f, kc_why *why, int depth)
{
    if (depth > 16)
        return 1; /* recursion: each function was checked at a lower depth */
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
            LLVMOpcode op = LLVMGetInstructionOpcode(i);
            if (op == LLVMCall && !callee_ok(k, i, LLVMGetCalledValue(i), why, depth + 1))
                return 0;
            if (op == LLVMInvoke || op == LLVMCallBr) {
                kc_why_at(why, i, "exception handling in device code");
                return 0;
            }
        }
    return 1;
}

static int callee_ok(kc_ctx *k, LLVMValueRef call, LLVMValueRef callee, kc_why *why, int depth)
{
    if (LLVMIsAInlineAsm(callee)) {
        kc_why_at(why, call, "inline assembly");
        return 0;
    }
    if (!LLVMIsAFunction(callee)) {
        kc_why_at(why, call, "a call through a function pointer");
        return 0;
    }
    size_t n;
    const char *s = LLVMGetValueName2(callee, &n);
    if (name_starts(s, n, "llvm."))
        return 1;
    if (kc_barrier_kind(call) != KC_BAR_NONE) {
        if (depth == 0)
            return 1;
        kc_why_barrier(why, call, "__syncthreads in a function that is not inlined");
        return 0;
    }
    if (kc_name_is(s, n, "simt_spin")) {
        /* kc_spin.c: the loop's thread must be able to let others run. */
        kc_why_at(why, call, "a loop that waits for memory another thread writes");
        return 0;
    }
    for (const char *const *b = blocking; *b; b++)
        if (name_starts(s, n, *b)) {
            kc_why_at(why, call, "a call of %.*s", (int)n, s);
            return 0;
        }
    /* A trap or a misuse report ends the whole block on either tier. */
    int ends_block = kc_name_is(s, n, "simt_trap") || kc_name_is(s, n, "simt_brkpt") ||
                     kc_name_is(s, n, "simt_cg_misuse");
    unsigned nr = LLVMGetEnumAttributeKindForName("noreturn", 8);
    if (!ends_block && LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeFunctionIndex, nr)) {
        kc_why_at(why, call, "a call of %.*s, which does not return", (int)n, s);
        return 0;
    }
    if (!LLVMIsDeclaration(callee))
        return body_ok(k, callee, why, depth);
    /* A C++ function defined elsewhere may be device code of another
     * translation unit (-rdc), which could block; the C library cannot. */
    if (name_starts(s, n, "_Z") && !name_starts(s, n, "_Znw") && !name_starts(s, n, "_Zna") &&
        !name_starts(s, n, "_Zdl") && !name_starts(s, n, "_Zda")) {
        kc_why_at(why, call, "a call of a function defined in another file (%.*s)", (int)n, s);
        return 0;
    }
    return 1;
}

int kc_call_ok(kc_ctx *k, LLVMValueRef call, kc_why *why)
{
    return callee_ok(k, call, LLVMGetCalledValue(call), why, 0);
}

int kc_gep_offset(kc_ctx *k, LLVMValueRef gep, long long *off)
{
    LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
    unsigned n = (unsigned)LLVMGetNumOperands(gep);
    long long o = 0;
    for (unsigned i = 1; i < n; i++) {
        LLVMValueRef idx = LLVMGetOperand(gep, i);
        if (!LLVMIsAConstantInt(idx))
            return 0;
        long long v = LLVMConstIntGetSExtValue(idx);
        if (i == 1) {
            o += v * (long long)LLVMABISizeOfType(k->td, t);
            continue;
        }
        LLVMTypeKind kind = LLVMGetTypeKind(t);
        if (kind == LLVMStructTypeKind) {
            o += (long long)LLVMOffsetOfElement(k->td, t, (unsigned)v);
            t = LLVMStructGetTypeAtIndex(t, (unsigned)v);
        } else if (kind == LLVMArrayTypeKind || kind == LLVMVectorTypeKind) {
            t = LLVMGetElementType(t);
            o += v * (long long)LLVMABISizeOfType(k->td, t);
        } else {
            return 0;
        }
    }
    *off = o;
    return 1;
}

int kc_pack_offset(kc_ctx *k, LLVMValueRef q, LLVMValueRef args, long long *off)
{
    if (q == args) {
        *off = 0;
        return 1;
    }
    if (LLVMIsAGetElementPtrInst(q) && LLVMGetOperand(q, 0) == args)
        return kc_gep_offset(k, q, off);
    return 0;
}

LLVMValueRef kc_tls_global(LLVMValueRef v)
{
    if (!v || !LLVMIsACallInst(v))
        return NULL;
    size_t n;
    const char *s = kc_callee_name(v, &n);
    if (!name_starts(s, n, "llvm.threadlocal.address"))
        return NULL;
    return LLVMGetOperand(v, 0);
}

/* ---- before inlining: threads certainly bound for the fiber tier ---------- */

/* Inlining a thread's whole call graph and simplifying it is most of what
 * simt-kc costs on a file of cooperative-groups templates, and it is wasted
 * on a thread that then stays on the fiber tier.  Such a thread is found
 * first where its call graph certainly keeps a call that no argument
 * makes acceptable (simt_range_sync, simt_activemask, a shuffle whose
 * constant mask is not the whole warp...): a call in a block on every
 * path from its function's entry to a return, in a function called from
 * such a block, and so on up to the thread.  Inlining and simplifying
 * only take paths away (a branch that folds, the kernel prologue's answer
 * to a launch's probe, which drop_probe folds): while the thread still
 * returns on some path, that path runs the call, so kc_compile_thread
 * finds it and the kernel stays on the fiber tier.  A thread that returns
 * on no path once simplified (every thread traps, or reports misuse)
 * could have been compiled: it ends on the fiber tier instead, with the
 * same report.  A call that does not return (noreturn) ends its path.
 * SIMT_KC_PRECHECK=0 turns this off. */

typedef struct precheck {
    kc_map found; /* function -> index in calls + 1, 0: none, -2: on the walk */
    LLVMValueRef *calls;
    int ncalls, cap;
} precheck;

static int never_returns(LLVMValueRef call)
{
    unsigned nr = LLVMGetEnumAttributeKindForName("noreturn", 8);
    LLVMValueRef f = LLVMGetCalledValue(call);
    return LLVMGetCallSiteEnumAttribute(call, LLVMAttributeFunctionIndex, nr) ||
           (f && LLVMIsAFunction(f) && LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, nr));
}

/* The calls that led to the function being walked, innermost last. */
typedef struct callstack {
    LLVMValueRef at[64];
    int n;
} callstack;

/* The constant v is in this context once inlined, as far as clang's
 * unoptimized code shows it: through a local variable stored once and
 * a parameter (the caller's argument); else NULL. */
static LLVMValueRef const_in_context(LLVMValueRef v, const callstack *cs, int depth)
{
    for (int steps = 0; v && steps < 64; steps++) {
        if (LLVMIsAConstantInt(v))
            return v;
        if (LLVMIsALoadInst(v) && LLVMIsAAllocaInst(LLVMGetOperand(v, 0))) {
            LLVMValueRef a = LLVMGetOperand(v, 0), stored = NULL;
            for (LLVMUseRef u = LLVMGetFirstUse(a); u; u = LLVMGetNextUse(u)) {
                LLVMValueRef user = LLVMGetUser(u);
                if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 1) == a && !stored)
                    stored = LLVMGetOperand(user, 0);
                else if (!(LLVMIsALoadInst(user) && LLVMGetOperand(user, 0) == a))
                    return NULL;
            }
            v = stored;
            continue;
        }
        if (LLVMIsAArgument(v) && depth > 0) {
            LLVMValueRef f = LLVMGetParamParent(v);
            unsigned np = LLVMCountParams(f), i = 0;
            while (i < np && LLVMGetParam(f, i) != v)
                i++;
            LLVMValueRef call = cs->at[--depth];
            if (i == np || i >= (unsigned)LLVMGetNumArgOperands(call))
                return NULL;
            v = LLVMGetOperand(call, i);
            continue;
        }
        return NULL;
    }
    return NULL;
}

/* A warp collective: 1 if callee_ok certainly refuses it once inlined,
 * judging its operands in the context they have then; 0 if it accepts it
 * or may (an operand not known yet). */
static int collective_refused(LLVMValueRef call, const char *s, size_t n, const callstack *cs)
{
    static const struct {
        const char *name;
        unsigned ops[3], nops;
    } decided[] = {{"simt_shfl", {1, 2, 6}, 3}, {"simt_vote", {1, 2, 0}, 2},
                   {"simt_reduce", {1, 2, 0}, 2}, {"simt_syncwarp", {1, 0, 0}, 1}};
    for (size_t d = 0; d < sizeof decided / sizeof *decided; d++) {
        if (!kc_name_is(s, n, decided[d].name))
            continue;
        /* kc_barrier_kind on a copy of the call whose operands are the
         * constants they become. */
        unsigned na = (unsigned)LLVMGetNumArgOperands(call);
        LLVMValueRef saved[3];
        int all = 1;
        for (unsigned o = 0; o < decided[d].nops; o++) {
            unsigned op = decided[d].ops[o];
            if (op >= na)
                return 1;
            saved[o] = LLVMGetOperand(call, op);
            LLVMValueRef c = const_in_context(saved[o], cs, cs->n);
            if (!c)
                all = 0;
            else
                LLVMSetOperand(call, op, c);
        }
        int kind = kc_barrier_kind(call);
        for (unsigned o = 0; o < decided[d].nops; o++)
            LLVMSetOperand(call, decided[d].ops[o], saved[o]);
        return all && kind == KC_BAR_NONE;
    }
    return -1;
}

/* A call that keeps any thread making it on the fiber tier, whatever
 * inlining makes of its arguments: as callee_ok would answer after it. */
static int certainly_blocks(LLVMValueRef call)
{
    LLVMValueRef f = LLVMGetCalledValue(call);
    if (!f || !LLVMIsAFunction(f) || !LLVMIsDeclaration(f))
        return 0;
    /* A call the simplification could delete (it only reads and returns). */
    unsigned wr = LLVMGetEnumAttributeKindForName("willreturn", 10);
    if (LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, wr) ||
        LLVMGetCallSiteEnumAttribute(call, LLVMAttributeFunctionIndex, wr))
        return 0;
    size_t n;
    const char *s = LLVMGetValueName2(f, &n);
    int matched = 0;
    for (const char *const *b = blocking; *b && !matched; b++)
        matched = name_starts(s, n, *b);
    if (!matched)
        return 0;
    /* The warp collectives the compiled tier runs: only where the
     * operands that decide it are constants already and decide against. */
    callstack none;
    none.n = 0;
    int coll = collective_refused(call, s, n, &none);
    return coll < 0 ? 1 : coll;
}

/* Per block: 1 a dead end (a call that does not return), 2 gone (it
 * answers the probe). */
static char block_kind(LLVMBasicBlockRef b, int entry)
{
    char kind = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
        if (!LLVMIsACallInst(i))
            continue;
        size_t n = 0;
        const char *s = kc_callee_name(i, &n);
        if (!entry && kc_name_is(s, n, "simt__probe_reply"))
            return 2;
        if (never_returns(i))
            kind = 1;
    }
    return kind;
}

/* A conditional branch on a constant (clang folds a template's constant
 * conditions even without optimizing): the successor it takes, else -1. */
static int taken_succ(LLVMValueRef term)
{
    if (!LLVMIsABranchInst(term) || !LLVMIsConditional(term))
        return -1;
    LLVMValueRef c = LLVMGetCondition(term);
    if (!LLVMIsAConstantInt(c))
        return -1;
    return LLVMConstIntGetZExtValue(c) ? 0 : 1;
}

/* Whether some path from the entry reaches a return without passing
 * block `skip` (-1: none). */
static int path_avoids(const kc_cfg *g, const char *kind, int skip, int *stack, char *seen)
{
    if (skip == 0)
        return 0;
    memset(seen, 0, (size_t)g->n);
    int sp = 0;
    stack[sp++] = 0;
    seen[0] = 1;
    while (sp) {
        int b = stack[--sp];
        if (kind[b])
            continue;
        LLVMValueRef t = LLVMGetBasicBlockTerminator(g->bb[b]);
        if (LLVMGetInstructionOpcode(t) == LLVMRet)
            return 1;
        int taken = taken_succ(t);
        for (int s = 0; s < g->nsucc[b]; s++) {
            int to = g->succ[b][s];
            if (taken >= 0 && s != taken)
                continue;
            if (to == skip || seen[to])
                continue;
            seen[to] = 1;
            stack[sp++] = to;
        }
    }
    return 0;
}

enum { PRECHECK_MAX_BLOCKS = 4096 };

/* The first certainly-blocking call on every path through f to a return
 * (through the calls on every such path), or NULL. */
static LLVMValueRef must_block(precheck *p, LLVMValueRef f)
{
    int v = kc_map_get(&p->found, f);
    if (v == -2 || v == 0)
        return NULL;
    if (v > 0)
        return p->calls[v - 1];
    kc_map_put(&p->found, f, -2);
    LLVMValueRef hit = NULL;
    kc_cfg g;
    if (kc_cfg_build(&g, f) != 0 || g.n > PRECHECK_MAX_BLOCKS) {
        kc_cfg_free(&g);
        kc_map_put(&p->found, f, 0);
        return NULL;
    }
    char *kind = calloc((size_t)g.n + 1, 1), *seen = calloc((size_t)g.n + 1, 1);
    int *stack = calloc((size_t)g.n + 1, sizeof *stack);
    if (!kind || !seen || !stack)
        abort();
    for (int b = 0; b < g.n; b++)
        kind[b] = block_kind(g.bb[b], b == 0);
    int returns = path_avoids(&g, kind, -1, stack, seen);
    for (int b = 0; b < g.n && returns && !hit; b++) {
        if (kind[b] || path_avoids(&g, kind, b, stack, seen))
            continue;
        for (LLVMValueRef i = LLVMGetFirstInstruction(g.bb[b]); i && !hit; i = LLVMGetNextInstruction(i)) {
            if (!LLVMIsACallInst(i))
                continue;
            LLVMValueRef callee = LLVMGetCalledValue(i);
            if (certainly_blocks(i))
                hit = i;
            else if (callee && LLVMIsAFunction(callee) && !LLVMIsDeclaration(callee))
                hit = must_block(p, callee);
        }
    }
    free(kind);
    free(seen);
    free(stack);
    kc_cfg_free(&g);
    if (hit) {
        if (p->ncalls == p->cap) {
            p->cap = p->cap ? p->cap * 2 : 16;
            if (!(p->calls = realloc(p->calls, (size_t)p->cap * sizeof *p->calls)))
                abort();
        }
        p->calls[p->ncalls++] = hit;
    }
    kc_map_put(&p->found, f, hit ? p->ncalls : 0);
    return hit;
}

/* The first call in the inlined code's order (a callee's blocks where it
 * is called) that callee_ok refuses, skipping the blocks that cannot run
 * (the probe's answer, a constant branch's other side) and the warp
 * collectives it may accept once inlined: what kc_compile_thread would
 * name, unless simplifying takes it away or a collective skipped here
 * is refused after all.  *budget bounds the walk. */
static LLVMValueRef first_refused(kc_ctx *k, LLVMValueRef f, kc_map *on_walk, int *budget, callstack *cs)
{
    kc_cfg g;
    if (--*budget < 0 || kc_map_get(on_walk, f) == 1 || kc_cfg_build(&g, f) != 0)
        return NULL;
    kc_map_put(on_walk, f, 1);
    char *live = calloc((size_t)g.n + 1, 1);
    if (!live)
        abort();
    live[0] = 1;
    LLVMValueRef hit = NULL;
    for (int b = 0; b < g.n && !hit; b++) {
        if (!live[b] || block_kind(g.bb[b], b == 0) == 2)
            continue;
        LLVMValueRef t = LLVMGetBasicBlockTerminator(g.bb[b]);
        int taken = taken_succ(t);
        for (int s = 0; s < g.nsucc[b]; s++)
            if (taken < 0 || s == taken)
                live[g.succ[b][s]] = 1; /* layout order mostly follows the flow */
        for (LLVMValueRef i = LLVMGetFirstInstruction(g.bb[b]); i && !hit; i = LLVMGetNextInstruction(i)) {
            if (LLVMIsAInvokeInst(i) || LLVMIsACallBrInst(i)) {
                hit = i; /* exception handling: scan's reason */
                continue;
            }
            if (!LLVMIsACallInst(i))
                continue;
            LLVMValueRef callee = LLVMGetCalledValue(i);
            if (callee && LLVMIsAFunction(callee) && !LLVMIsDeclaration(callee)) {
                if (cs->n == (int)(sizeof cs->at / sizeof *cs->at)) {
                    hit = i; /* too deep to follow: stop here */
                    continue;
                }
                cs->at[cs->n++] = i;
                hit = first_refused(k, callee, on_walk, budget, cs);
                cs->n--;
                continue;
            }
            size_t n;
            const char *s = kc_callee_name(i, &n);
            int coll = collective_refused(i, s, n, cs);
            if (coll >= 0) {
                if (coll)
                    hit = i;
                continue;
            }
            kc_why scratch;
            if (!kc_call_ok(k, i, &scratch))
                hit = i;
        }
    }
    free(live);
    kc_cfg_free(&g);
    kc_map_put(on_walk, f, 0);
    return hit;
}

static precheck the_precheck;

int kc_certainly_fiber(kc_ctx *k, LLVMValueRef thread, kc_why *why)
{
    const char *env = getenv("SIMT_KC_PRECHECK");
    if (env && !strcmp(env, "0"))
        return 0;
    LLVMValueRef call = must_block(&the_precheck, thread);
    if (!call)
        return 0;
    /* Only where the call kc_compile_thread would name is that call too,
     * so that --resource-usage gives the reason it gave after inlining. */
    kc_map on_walk = {0};
    int budget = 100000;
    callstack cs;
    cs.n = 0;
    LLVMValueRef first = first_refused(k, thread, &on_walk, &budget, &cs);
    kc_map_free(&on_walk);
    return first == call && !kc_call_ok(k, call, why);
}

void kc_precheck_done(void)
{
    kc_map_free(&the_precheck.found);
    free(the_precheck.calls);
    memset(&the_precheck, 0, sizeof the_precheck);
}

LLVMValueRef kc_replace_check(kc_ctx *k, LLVMBuilderRef bld, LLVMValueRef call, const char *prefix,
                              LLVMValueRef first)
{
    size_t n = 0;
    const char *s = kc_callee_name(call, &n);
    char name[128];
    snprintf(name, sizeof name, "%s%.*s", prefix, (int)n, s);
    LLVMTypeRef params[2] = {k->i32, k->ptr};
    LLVMTypeRef ft = LLVMFunctionType(k->voidt, params, 2, 0);
    LLVMValueRef f = LLVMGetNamedFunction(k->m, name);
    if (!f)
        f = LLVMAddFunction(k->m, name, ft);
    LLVMPositionBuilderBefore(bld, call);
    LLVMValueRef av[2] = {first, LLVMGetOperand(call, 0)};
    LLVMValueRef c = LLVMBuildCall2(bld, ft, f, av, 2, "");
    LLVMInstructionSetDebugLoc(c, LLVMInstructionGetDebugLoc(call));
    LLVMInstructionEraseFromParent(call);
    return c;
}

void kc_set_tag(kc_ctx *k, LLVMValueRef inst, unsigned kind, unsigned n)
{
    LLVMMetadataRef num = LLVMValueAsMetadata(LLVMConstInt(k->i32, n, 0));
    LLVMSetMetadata(inst, kind, LLVMMetadataAsValue(k->c, LLVMMDNodeInContext2(k->c, &num, 1)));
}

unsigned kc_tag_of(LLVMValueRef inst, unsigned kind)
{
    LLVMValueRef md = LLVMGetMetadata(inst, kind);
    if (!md || LLVMGetMDNodeNumOperands(md) != 1)
        return 0;
    LLVMValueRef v;
    LLVMGetMDNodeOperands(md, &v);
    return v && LLVMIsAConstantInt(v) ? (unsigned)LLVMConstIntGetZExtValue(v) : 0;
}
