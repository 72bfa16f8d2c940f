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
#include <string.h>

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

void kc_why_at(kc_why *why, LLVMValueRef inst, const char *fmt, ...)
{
    char what[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    unsigned line = 0;
    const char *file = NULL;
    unsigned flen = 0;
    if (inst && LLVMIsAInstruction(inst)) {
        line = LLVMGetDebugLocLine(inst);
        file = LLVMGetDebugLocFilename(inst, &flen);
    }
    if (file && line) {
        snprintf(why->text, sizeof why->text, "%s at %.*s:%u", what, (int)flen, file, line);
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
