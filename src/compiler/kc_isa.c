/*
 * kc_isa.c: each compiled block function built twice, for the baseline
 * x86-64 (SSE2, which a program compiled without -march gets, as with
 * nvcc's host compiler) and for x86-64-v3 (AVX2, FMA, BMI2: eight floats
 * an instruction in the thread loops, fma() one instruction rather than a
 * call of libm's fmaf).  The block's entry picks one per call by reading
 * simt__kc_build, which the engine sets before each block from the
 * kernel's choice: on a CPU with x86-64-v3, each kernel's first blocks run
 * in both builds, timed, and the faster goes on (src/engine/tier.c;
 * SIMT_ISA names one build for all).  A block built with fast-math flags
 * reads simt__kc_isa, the CPU's, instead: its two builds may differ in the
 * last bits (below), and a choice by timing would make its output vary
 * from run to run.
 *
 * Both builds print the same numbers.  clang writes a * b + c as fmuladd,
 * which a target with FMA fuses: the copy's fmuladd become a multiply and
 * an add after the pipeline, which is what the baseline build, without
 * FMA, compiles them to.  fma() is fused in both (libm's fmaf is exact).
 * Vector widths do not reorder a thread's arithmetic: the thread loops
 * run threads side by side, each thread's operations in its own order.
 * (A program built with -ffast-math or -ffp-contract=fast lets LLVM fuse
 * and reassociate per target: its two builds may differ in the last bits.)
 */
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

#include <llvm-c/DebugInfo.h>

#include "kc_isa.h"
#include "cxx/kc_clone.h"

/* The x86-64-v3 features beyond the baseline's (LLVM 16's names). */
static const char v3_features[] =
    "+avx,+avx2,+bmi,+bmi2,+cx16,+f16c,+fma,+lzcnt,+movbe,+popcnt,+sahf,+sse3,+sse4.1,+sse4.2,"
    "+ssse3,+xsave,+crc32";

static const char *fn_attr(LLVMValueRef f, const char *name, unsigned *len)
{
    LLVMAttributeRef a =
        LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, name, (unsigned)strlen(name));
    *len = 0;
    return a ? LLVMGetStringAttributeValue(a, len) : NULL;
}

static void set_fn_attr(kc_ctx *k, LLVMValueRef f, const char *name, const char *value)
{
    LLVMRemoveStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, name, (unsigned)strlen(name));
    LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                            LLVMCreateStringAttribute(k->c, name, (unsigned)strlen(name), value,
                                                      (unsigned)strlen(value)));
}

/* Built for the baseline: an x86-64 target, no CPU named beyond the
 * baseline and no AVX asked for (-march=native, -mavx2 already have it). */
static int baseline_x86_64(kc_ctx *k, LLVMValueRef fn)
{
    if (strncmp(LLVMGetTarget(k->m), "x86_64", 6) != 0)
        return 0;
    unsigned len;
    const char *cpu = fn_attr(fn, "target-cpu", &len);
    if (cpu && !(len == 6 && !memcmp(cpu, "x86-64", 6)))
        return 0;
    const char *feat = fn_attr(fn, "target-features", &len);
    for (unsigned i = 0; feat && i + 4 <= len; i++)
        if (!memcmp(feat + i, "+avx", 4))
            return 0;
    return 1;
}

LLVMValueRef kc_isa_clone(kc_ctx *k, LLVMValueRef fn)
{
    const char *env = getenv("SIMT_KC_ISA"); /* 0: one build (experiments) */
    if ((env && !strcmp(env, "0")) || !baseline_x86_64(k, fn))
        return NULL;
    size_t nl;
    const char *name = LLVMGetValueName2(fn, &nl);
    char *cname = malloc(nl + 16);
    if (!cname)
        return NULL;
    snprintf(cname, nl + 16, "%.*s.x86-64-v3", (int)nl, name);
    LLVMValueRef copy = kc_clone_function(fn, cname);
    free(cname);
    unsigned len;
    const char *feat = fn_attr(fn, "target-features", &len);
    char *all = malloc((size_t)len + sizeof v3_features + 2);
    if (!all)
        return NULL;
    snprintf(all, (size_t)len + sizeof v3_features + 2, "%.*s%s%s", (int)len, feat ? feat : "",
             len ? "," : "", v3_features);
    set_fn_attr(k, copy, "target-cpu", "x86-64-v3");
    set_fn_attr(k, copy, "target-features", all);
    free(all);

    /* The block's entry passes its own copy of the launch's arguments
     * (launch.hpp, kc<P>::block), which nothing else reaches while the
     * block runs.  Inlined there, as fn was before it had a copy, that
     * was known from the copy's alloca; called through the dispatch
     * below, the parameter must say it, or every store of the kernel may
     * overwrite its arguments and the thread loops reload them (PolyBench
     * adi's kernel4, <<<2, 256>>> and synchronize on the VM: 0.65 us a
     * launch inlined, 1.5 us called without it). */
    unsigned noalias = LLVMGetEnumAttributeKindForName("noalias", 7);
    LLVMAddAttributeAtIndex(fn, 1, LLVMCreateEnumAttribute(k->c, noalias, 0));
    LLVMAddAttributeAtIndex(copy, 1, LLVMCreateEnumAttribute(k->c, noalias, 0));

    int fast = kc_fast_math(fn);
    LLVMValueRef isa =
        fast ? LLVMGetNamedGlobal(k->m, "simt__kc_isa") : kc_tls_i32(k, "simt__kc_build");
    if (!isa) {
        isa = LLVMAddGlobal(k->m, k->i32, "simt__kc_isa");
        LLVMSetLinkage(isa, LLVMExternalLinkage);
    }
    /* Every call of fn (the block's entry, kc_main.c's resolve_markers)
     * calls the build chosen for the running kernel. */
    LLVMBuilderRef b = LLVMCreateBuilderInContext(k->c);
    LLVMTypeRef ft = LLVMGlobalGetValueType(fn);
    for (LLVMUseRef u = LLVMGetFirstUse(fn), next; u; u = next) {
        next = LLVMGetNextUse(u);
        LLVMValueRef call = LLVMGetUser(u);
        if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != fn)
            continue;
        LLVMBasicBlockRef bb = LLVMGetInstructionParent(call);
        unsigned n = (unsigned)LLVMGetNumArgOperands(call);
        LLVMValueRef args[8];
        if (LLVMGetBasicBlockParent(bb) == copy || n > 8)
            continue;
        LLVMPositionBuilderBefore(b, call);
        LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(call));
        LLVMValueRef level = LLVMBuildLoad2(b, k->i32, fast ? isa : kc_tls_addr(k, b, isa), "isa");
        LLVMValueRef v3 = LLVMBuildICmp(b, LLVMIntNE, level, LLVMConstInt(k->i32, 0, 0), "isa.v3");
        LLVMValueRef callee = LLVMBuildSelect(b, v3, copy, fn, "block.isa");
        for (unsigned i = 0; i < n; i++)
            args[i] = LLVMGetOperand(call, i);
        LLVMValueRef nc = LLVMBuildCall2(b, ft, callee, args, n, "");
        LLVMReplaceAllUsesWith(call, nc);
        LLVMInstructionEraseFromParent(call);
    }
    LLVMDisposeBuilder(b);
    return copy;
}

/* A call's clobbers as LLVM 16's false-dependency breaker sees them.  A
 * VEX scalar conversion (vcvtsi2ss, vcvtss2sd, vsqrtss...) merges the
 * upper bits of a register it only reads for them; the breaker picks one
 * written longest ago and zeroes it first if that was recently, but it does
 * not count a call's clobbers as writes.  After a call it then read
 * whatever register the callee wrote last: a loop's next powf waited for
 * the previous one to finish (PolyBench-like powf loop on the GPU
 * machine's Xeon: 13.1 ns a call against 8.1 in the baseline build).  An
 * empty asm statement naming the registers the call clobbers (all but
 * xmm0 and xmm1, which may hold its result) is an explicit write of each
 * that the breaker sees; it emits no instruction. */
static void mark_call_clobbers(kc_ctx *k, LLVMBuilderRef b, LLVMValueRef call)
{
    static char constraints[] = "~{xmm2},~{xmm3},~{xmm4},~{xmm5},~{xmm6},~{xmm7},~{xmm8},~{xmm9},"
                                "~{xmm10},~{xmm11},~{xmm12},~{xmm13},~{xmm14},~{xmm15}";
    static char empty[] = "";
    LLVMValueRef next = LLVMGetNextInstruction(call);
    if (!next || LLVMIsAUnreachableInst(next))
        return;
    LLVMTypeRef ft = LLVMFunctionType(k->voidt, NULL, 0, 0);
    LLVMValueRef asm_ = LLVMGetInlineAsm(ft, empty, 0, constraints, sizeof constraints - 1, 1, 0,
                                         LLVMInlineAsmDialectATT, 0);
    LLVMPositionBuilderBefore(b, next);
    LLVMBuildCall2(b, ft, asm_, NULL, 0, "");
}

/* Whether the copy can run faster than the baseline build after the
 * pipeline: it holds vector code (the baseline's is SSE2, at most 128
 * bits), half precision (F16C), or an operation the baseline makes a call
 * or a sequence of: fma, a count of bits or of leading or trailing zeros,
 * rounding to an integer, a target's own intrinsic.  Otherwise the two
 * differ only in encoding, and the copy was slower: PolyBench syr2k and
 * syrk, scalar loops chaining a float add, took 17.4-19.6 and 10.1-13.4 ms
 * in it on the GPU machine's Xeon against 13.7-15.0 and 7.7-9.1 in the
 * baseline (three rounds alternating; on the VM's EPYC the two took the
 * same). */
static int vector_or_half(LLVMTypeRef ty)
{
    LLVMTypeKind k = LLVMGetTypeKind(ty);
    if (k == LLVMVectorTypeKind || k == LLVMScalableVectorTypeKind)
        return 1;
    return k == LLVMHalfTypeKind || k == LLVMBFloatTypeKind;
}

static int copy_gains(LLVMValueRef copy)
{
    static const char *const gains[] = {"llvm.fma.",   "llvm.ctpop.",     "llvm.ctlz.",
                                        "llvm.cttz.",  "llvm.floor.",     "llvm.ceil.",
                                        "llvm.trunc.", "llvm.rint.",      "llvm.nearbyint.",
                                        "llvm.round.", "llvm.roundeven.", "llvm.lrint.",
                                        "llvm.llrint.", "llvm.lround.",   "llvm.llround.",
                                        "llvm.x86.",   "llvm.masked.",    "llvm.convert."};
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(copy); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (vector_or_half(LLVMTypeOf(i)))
                return 1;
            int n = LLVMGetNumOperands(i);
            for (int o = 0; o < n; o++)
                if (vector_or_half(LLVMTypeOf(LLVMGetOperand(i, (unsigned)o))))
                    return 1;
            LLVMValueRef f = LLVMIsACallInst(i) ? LLVMGetCalledValue(i) : NULL;
            if (!f || !LLVMIsAFunction(f) || !LLVMGetIntrinsicID(f))
                continue;
            size_t nl;
            const char *name = LLVMGetValueName2(f, &nl);
            for (size_t g = 0; g < sizeof gains / sizeof *gains; g++)
                if (!strncmp(name, gains[g], strlen(gains[g])))
                    return 1;
        }
    return 0;
}

/* The copy gains nothing: every call of it calls the baseline build, and
 * the copy goes (the dispatch's select then has one value). */
static void drop_copy(kc_ctx *k, LLVMValueRef copy)
{
    size_t nl, sl = strlen(".x86-64-v3");
    const char *name = LLVMGetValueName2(copy, &nl);
    if (nl <= sl)
        return;
    char *base = malloc(nl - sl + 1);
    if (!base)
        return;
    memcpy(base, name, nl - sl);
    base[nl - sl] = 0;
    LLVMValueRef fn = LLVMGetNamedFunction(k->m, base);
    free(base);
    if (!fn || LLVMGlobalGetValueType(fn) != LLVMGlobalGetValueType(copy))
        return;
    LLVMReplaceAllUsesWith(copy, fn);
    LLVMDeleteFunction(copy);
}

int kc_isa_finish(kc_ctx *k, LLVMValueRef copy)
{
    /* First, so that a copy about to go is not edited (its fmuladd are
     * scalar, or vectors that keep it anyway). */
    if (!copy_gains(copy)) {
        drop_copy(k, copy);
        return 0;
    }
    LLVMBuilderRef b = LLVMCreateBuilderInContext(k->c);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(copy); bb; bb = LLVMGetNextBasicBlock(bb)) {
        LLVMValueRef next;
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = next) {
            next = LLVMGetNextInstruction(i);
            if (!LLVMIsACallInst(i))
                continue;
            LLVMValueRef f = LLVMGetCalledValue(i);
            if (LLVMIsAInlineAsm(f))
                continue;
            if (!(f && LLVMIsAFunction(f) && LLVMGetIntrinsicID(f))) {
                mark_call_clobbers(k, b, i);
                continue;
            }
            size_t nl;
            const char *name = LLVMGetValueName2(f, &nl);
            if (strncmp(name, "llvm.fmuladd.", 13) != 0)
                continue;
            LLVMPositionBuilderBefore(b, i);
            LLVMValueRef p = LLVMBuildFMul(b, LLVMGetOperand(i, 0), LLVMGetOperand(i, 1), "");
            LLVMValueRef s = LLVMBuildFAdd(b, p, LLVMGetOperand(i, 2), "");
            LLVMReplaceAllUsesWith(i, s);
            LLVMInstructionEraseFromParent(i);
        }
    }
    LLVMDisposeBuilder(b);
    return 1;
}
