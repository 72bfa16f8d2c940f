/*
 * kc_main.c: simt-kc, the kernel compiler simtcc runs on each .cu file.
 *
 *   simt-kc IN.bc -o OUT.o [-O1|-O2|-O3] [--resource-usage] [--emit-llvm]
 *           [--device-view DEV.bc [--merge-only]] [--lockstep-only]
 *           [--check|--check-race [--check-inline ABI.bc]]
 *
 * IN.bc is clang's output for the rewritten unit with LLVM's passes off.
 * Every call simt__kc_block(thread, args) (include/simt/lang/launch.hpp) names a
 * thread function: simt-kc inlines everything it calls, compiles it into a
 * block function (kc_tier.c, kc_gen.c) and makes the call run it; then it
 * runs LLVM's standard pipeline and writes the object file.
 *
 * --check (a checking build), --check-race (one with racecheck, whose
 * barriers then tell the checker, and whose warp collectives keep a kernel
 * on the fiber tier): ThreadSanitizer's instrumentation runs on
 * the threads as they are before the transformation, so that every access
 * of a CUDA thread calls its entry point with the thread's own address;
 * ABI.bc (libsimt-check's entry points as bitcode) is linked in and
 * internalized, so that the standard pipeline inlines them.
 *
 * --merge-only (with --device-view) writes the merged module as bitcode,
 * for clang to compile (-G, -O0, checking builds of those, a host
 * sanitizer's build: the fiber tier).  --lockstep-only does the same with
 * or without a device view, and first gives the module's warp-synchronous
 * exchanges their lockstep (kc_lockstep.h), as the optimizing build does.
 *
 * SIMT_KC_TIME=1 prints the CPU seconds of each phase.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Support.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "kc.h"
#include "kc_isa.h"
#include "kc_lockstep.h"
#include "kc_spin.h"
#include "kc_readonly.h"
#include "kc_repeat.h"
#include "kc_merge.h"
#include "kc_tier.h"

/* libstdc++'s demangler (C linkage). */
char *__cxa_demangle(const char *mangled, char *buf, size_t *len, int *status);

static void die(const char *msg, const char *detail)
{
    fprintf(stderr, "simt-kc: error: %s%s%s\n", msg, detail ? ": " : "", detail ? detail : "");
    exit(1);
}

static int has_attr(LLVMValueRef f, const char *name)
{
    unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
    return LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind) != NULL;
}

static void add_attr(kc_ctx *k, LLVMValueRef f, const char *name)
{
    unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
    LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(k->c, kind, 0));
}

/* ---- the functions a thread reaches ------------------------------------------ */

typedef struct fnset {
    LLVMValueRef *f;
    char *state; /* 1: on the walk's stack, 2: done */
    size_t n, cap;
} fnset;

static int fn_find(const fnset *s, LLVMValueRef f)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->f[i] == f)
            return (int)i;
    return -1;
}

static int fn_add(fnset *s, LLVMValueRef f)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 64;
        s->f = realloc(s->f, s->cap * sizeof *s->f);
        s->state = realloc(s->state, s->cap);
        if (!s->f || !s->state)
            die("out of memory", NULL);
    }
    s->f[s->n] = f;
    s->state[s->n] = 0;
    return (int)s->n++;
}

/* Marks every function f reaches always-inline, except those on a cycle
 * (recursion) and those the user marked noinline. */
static void mark_inline(kc_ctx *k, fnset *s, LLVMValueRef f, int top)
{
    int i = fn_find(s, f);
    if (i >= 0)
        return;
    i = fn_add(s, f);
    s->state[i] = 1;
    int recursive = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef in = LLVMGetFirstInstruction(b); in; in = LLVMGetNextInstruction(in)) {
            if (!LLVMIsACallInst(in))
                continue;
            LLVMValueRef callee = LLVMGetCalledValue(in);
            if (!callee || !LLVMIsAFunction(callee) || LLVMIsDeclaration(callee))
                continue;
            int j = fn_find(s, callee);
            if (j >= 0 && s->state[j] == 1) {
                recursive = 1;
                continue;
            }
            mark_inline(k, s, callee, 0);
        }
    i = fn_find(s, f);
    s->state[i] = 2;
    if (!top && !recursive && !has_attr(f, "noinline") && !has_attr(f, "alwaysinline"))
        add_attr(k, f, "alwaysinline");
}

/* The kernel a thread function runs: the function it reaches that answers
 * the launch's probe (simt__probe_reply). */
static LLVMValueRef kernel_of(LLVMValueRef thread)
{
    fnset s = {0};
    fn_add(&s, thread);
    LLVMValueRef found = NULL;
    for (size_t i = 0; i < s.n && !found; i++)
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(s.f[i]); b && !found; b = LLVMGetNextBasicBlock(b))
            for (LLVMValueRef in = LLVMGetFirstInstruction(b); in; in = LLVMGetNextInstruction(in)) {
                if (!LLVMIsACallInst(in))
                    continue;
                LLVMValueRef c = LLVMGetCalledValue(in);
                if (!c || !LLVMIsAFunction(c))
                    continue;
                size_t n;
                const char *name = LLVMGetValueName2(c, &n);
                if (kc_name_is(name, n, "simt__probe_reply")) {
                    found = s.f[i];
                    break;
                }
                if (!LLVMIsDeclaration(c) && fn_find(&s, c) < 0)
                    fn_add(&s, c);
            }
    free(s.f);
    free(s.state);
    return found;
}

static char *kernel_name(LLVMValueRef thread)
{
    LLVMValueRef kf = kernel_of(thread);
    if (!kf)
        return strdup("(a kernel)");
    size_t n;
    const char *m = LLVMGetValueName2(kf, &n);
    int st = 0;
    char *d = __cxa_demangle(m, NULL, NULL, &st);
    return d && st == 0 ? d : strdup(m);
}

/* ---- the module ------------------------------------------------------------------- */

static LLVMValueRef tls_global(kc_ctx *k, const char *name, unsigned fields)
{
    LLVMValueRef g = LLVMGetNamedGlobal(k->m, name);
    if (g || !fields)
        return g;
    g = LLVMAddGlobal(k->m, LLVMArrayType(k->i32, fields), name);
    LLVMSetThreadLocal(g, 1);
    LLVMSetThreadLocalMode(g, LLVMInitialExecTLSModel);
    LLVMSetLinkage(g, LLVMExternalLinkage);
    return g;
}

/* The variables the rewriter marked __constant__ (an annotation, since it
 * removes the qualifier): device code only reads them, so that every
 * thread of a block that reads one at the same place reads the same. */
static void find_constants(kc_ctx *k)
{
    LLVMValueRef a = LLVMGetNamedGlobal(k->m, "llvm.global.annotations");
    LLVMValueRef init = a ? LLVMGetInitializer(a) : NULL;
    if (!init || LLVMGetValueKind(init) != LLVMConstantArrayValueKind)
        return;
    for (int i = 0, n = LLVMGetNumOperands(init); i < n; i++) {
        LLVMValueRef e = LLVMGetOperand(init, (unsigned)i);
        if (LLVMGetNumOperands(e) < 2)
            continue;
        LLVMValueRef var = LLVMGetOperand(e, 0), note = LLVMGetOperand(e, 1);
        if (!LLVMIsAGlobalVariable(var) || !LLVMIsAGlobalVariable(note) || !LLVMGetInitializer(note))
            continue;
        size_t len;
        const char *text = LLVMIsAConstantDataSequential(LLVMGetInitializer(note))
                               ? LLVMGetAsString(LLVMGetInitializer(note), &len)
                               : NULL;
        if (text && len >= 13 && !memcmp(text, "simt.constant", 13))
            kc_map_put(&k->consts, var, 1);
    }
}

/* SIMT_KC_TIME=1: the CPU seconds of each phase on stderr. */
static void phase(const char *what)
{
    static clock_t last;
    static int on = -1;
    if (on < 0)
        on = getenv("SIMT_KC_TIME") != NULL;
    clock_t now = clock();
    if (on && what)
        fprintf(stderr, "simt-kc: %-24s %.3f s\n", what, (double)(now - last) / CLOCKS_PER_SEC);
    last = now;
}

static void run_passes(LLVMModuleRef m, LLVMTargetMachineRef tm, const char *pipeline)
{
    LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();
    LLVMErrorRef e = LLVMRunPasses(m, pipeline, tm, o);
    LLVMDisposePassBuilderOptions(o);
    if (e) {
        char *msg = LLVMGetErrorMessage(e);
        die("LLVM's passes failed", msg);
    }
}

/* Whether p (an access's address) is never the program's device data: a
 * thread's own stack variables, a thread-local variable (threadIdx and the
 * other built-ins, simt's own state) or the packed launch parameters a
 * thread function receives (args). */
static int not_data(LLVMValueRef p, LLVMValueRef args)
{
    while (LLVMIsAGetElementPtrInst(p) || LLVMIsABitCastInst(p) ||
           (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr))
        p = LLVMGetOperand(p, 0);
    return LLVMIsAAllocaInst(p) || kc_tls_global(p) || (args && p == args);
}

/* UndefinedBehaviorSanitizer's alignment check is a branch around its
 * handler's call at each access: a thread-dependent branch in the
 * thread's code, which simt-kc would take for divergent control flow.
 * Each becomes a call of simt__ubsan_mismatch_if(failed, data, pointer)
 * (src/check/abi), which the pipeline inlines after the transformation. */
static void unbranch_ubsan(kc_ctx *k, LLVMValueRef f, LLVMValueRef args)
{
    LLVMTypeRef params[3] = {k->i32, k->ptr, k->i64};
    LLVMTypeRef ft = LLVMFunctionType(k->voidt, params, 3, 0);
    LLVMValueRef helper = NULL;
    LLVMBuilderRef bld = LLVMCreateBuilderInContext(k->c);
    LLVMBasicBlockRef h = LLVMGetFirstBasicBlock(f);
    while (h) {
        LLVMBasicBlockRef next = LLVMGetNextBasicBlock(h);
        /* h: handler calls (equal checks merged), then a branch on. */
        LLVMValueRef br = LLVMGetFirstInstruction(h);
        int calls = 0;
        for (; br && LLVMIsACallInst(br); br = LLVMGetNextInstruction(br)) {
            size_t n;
            const char *s = kc_callee_name(br, &n);
            if (!kc_name_is(s, n, "__ubsan_handle_type_mismatch_v1"))
                break;
            calls++;
        }
        LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(h));
        LLVMValueRef term = u ? LLVMGetUser(u) : NULL;
        if (!calls || !br || !LLVMIsABranchInst(br) || LLVMIsConditional(br) || LLVMGetNextUse(u) ||
            !term || !LLVMIsABranchInst(term) || !LLVMIsConditional(term)) {
            h = next;
            continue;
        }
        LLVMBasicBlockRef cont = LLVMGetSuccessor(br, 0);
        int handler_on_true = LLVMGetSuccessor(term, 0) == h;
        LLVMValueRef first = LLVMGetFirstInstruction(cont);
        if (LLVMGetSuccessor(term, handler_on_true ? 1 : 0) != cont || (first && LLVMIsAPHINode(first))) {
            h = next;
            continue;
        }
        if (!helper && !(helper = LLVMGetNamedFunction(k->m, "simt__ubsan_mismatch_if")))
            helper = LLVMAddFunction(k->m, "simt__ubsan_mismatch_if", ft);
        LLVMPositionBuilderBefore(bld, term);
        LLVMValueRef failed = NULL;
        for (LLVMValueRef call = LLVMGetFirstInstruction(h); call != br; call = LLVMGetNextInstruction(call)) {
            /* The alignment of what is never device data (the launch's
             * parameters) is simt's business: no check. */
            LLVMValueRef pi = LLVMGetOperand(call, 1);
            if (LLVMIsAPtrToIntInst(pi) && not_data(LLVMGetOperand(pi, 0), args))
                continue;
            if (!failed) {
                LLVMValueRef c = LLVMGetCondition(term);
                failed = LLVMBuildZExt(bld, handler_on_true ? c : LLVMBuildNot(bld, c, ""), k->i32, "");
            }
            LLVMValueRef av[3] = {failed, LLVMGetOperand(call, 0), pi};
            LLVMValueRef nc = LLVMBuildCall2(bld, ft, helper, av, 3, "");
            LLVMInstructionSetDebugLoc(nc, LLVMInstructionGetDebugLoc(call));
        }
        LLVMBuildBr(bld, cont);
        LLVMInstructionEraseFromParent(term);
        LLVMDeleteBasicBlock(h);
        h = next;
    }
    LLVMDisposeBuilder(bld);
}

/* ThreadSanitizer's instrumentation as clang's -fsanitize=thread
 * -fno-sanitize-thread-func-entry-exit runs it, with compound assignments
 * reading before they write (initcheck sees the read), on every function
 * clang marked sanitize_thread; then the checks of what is never device
 * data go (not_data), so that they cost nothing and a call naming
 * threadIdx's address does not keep simt-kc from making it the loops'
 * induction value.  A copy between such addresses (a thread's copy of its
 * parameters) is LLVM's memcpy again, which SROA takes apart. */
static void instrument(kc_ctx *k, LLVMTargetMachineRef tm, const fnset *threads)
{
    const char *argv[] = {"simt-kc", "-tsan-instrument-func-entry-exit=0",
                          "-tsan-compound-read-before-write=1"};
    LLVMParseCommandLineOptions(3, argv, NULL);
    run_passes(k->m, tm, "tsan-module,function(tsan)");
    LLVMBuilderRef bld = LLVMCreateBuilderInContext(k->c);
    for (LLVMValueRef f = LLVMGetFirstFunction(k->m); f; f = LLVMGetNextFunction(f)) {
        LLVMValueRef args = fn_find(threads, f) >= 0 && LLVMCountParams(f) ? LLVMGetParam(f, 0) : NULL;
        unbranch_ubsan(k, f, args);
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b)) {
            LLVMValueRef i = LLVMGetFirstInstruction(b);
            while (i) {
                LLVMValueRef next = LLVMGetNextInstruction(i);
                size_t n;
                const char *s = LLVMIsACallInst(i) ? kc_callee_name(i, &n) : NULL;
                if (!s || n < 7 || memcmp(s, "__tsan_", 7) || LLVMGetNumArgOperands(i) < 1) {
                    i = next;
                    continue;
                }
                LLVMValueRef p = LLVMGetOperand(i, 0);
                if (kc_name_is(s, n, "__tsan_memcpy") || kc_name_is(s, n, "__tsan_memmove")) {
                    if (not_data(p, args) && not_data(LLVMGetOperand(i, 1), args)) {
                        LLVMPositionBuilderBefore(bld, i);
                        LLVMBuildMemCpy(bld, p, 1, LLVMGetOperand(i, 1), 1, LLVMGetOperand(i, 2));
                        LLVMReplaceAllUsesWith(i, p);
                        LLVMInstructionEraseFromParent(i);
                    }
                } else if (kc_name_is(s, n, "__tsan_memset")) {
                    if (not_data(p, args)) {
                        LLVMPositionBuilderBefore(bld, i);
                        LLVMValueRef v = LLVMBuildTrunc(bld, LLVMGetOperand(i, 1), k->i8, "");
                        LLVMBuildMemSet(bld, p, v, LLVMGetOperand(i, 2), 1);
                        LLVMReplaceAllUsesWith(i, p);
                        LLVMInstructionEraseFromParent(i);
                    }
                } else if (LLVMGetTypeKind(LLVMTypeOf(p)) == LLVMPointerTypeKind && !LLVMGetFirstUse(i) &&
                           not_data(p, args)) {
                    LLVMInstructionEraseFromParent(i);
                }
                i = next;
            }
        }
    }
    LLVMDisposeBuilder(bld);
}

/* Links the checker's entry points (bitcode) into m, each made internal,
 * so that the pipeline inlines them and drops what it does not use. */
static void link_check_abi(kc_ctx *k, const char *path)
{
    LLVMMemoryBufferRef buf;
    LLVMModuleRef abi;
    char *err = NULL;
    if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &err))
        die("cannot read", err);
    if (LLVMParseBitcodeInContext2(k->c, buf, &abi))
        die("cannot parse bitcode", path);
    size_t n = 0, cap = 64;
    char **names = malloc(cap * sizeof *names);
    if (!names)
        die("out of memory", NULL);
    for (LLVMValueRef f = LLVMGetFirstFunction(abi); f; f = LLVMGetNextFunction(f)) {
        if (LLVMIsDeclaration(f))
            continue;
        if (n == cap && !(names = realloc(names, (cap *= 2) * sizeof *names)))
            die("out of memory", NULL);
        size_t len;
        const char *s = LLVMGetValueName2(f, &len);
        names[n++] = strndup(s, len);
    }
    if (LLVMLinkModules2(k->m, abi))
        die("cannot link", path);
    for (size_t i = 0; i < n; i++) {
        LLVMValueRef f = LLVMGetNamedFunction(k->m, names[i]);
        if (f && !LLVMIsDeclaration(f))
            LLVMSetLinkage(f, LLVMInternalLinkage);
        free(names[i]);
    }
    free(names);
}

/* Loads of simt__probing in a thread read 0: a compiled block never
 * answers a probe, and the probe's branch folds away. */
static void drop_probe(kc_ctx *k, LLVMValueRef f)
{
    if (!k->g_probing)
        return;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b)) {
        LLVMValueRef in = LLVMGetFirstInstruction(b);
        while (in) {
            LLVMValueRef next = LLVMGetNextInstruction(in);
            if (LLVMIsALoadInst(in) && kc_tls_global(LLVMGetOperand(in, 0)) == k->g_probing) {
                LLVMReplaceAllUsesWith(in, LLVMConstNull(LLVMTypeOf(in)));
                LLVMInstructionEraseFromParent(in);
            }
            in = next;
        }
    }
}

/* simt__kc_block(thread, args) becomes thread(args) (now a block function)
 * and what kc_compile_thread answered (KC_COMPILED, maybe KC_APART); with
 * args NULL only that.  Answer 0 (the fiber tier): the call becomes 0, what
 * libsimt's simt__kc_block would return, and the thread function, which
 * nothing runs then, goes, so that the pipeline does not compile its copy
 * of the kernel and all it called. */
static void resolve_markers(kc_ctx *k, LLVMValueRef marker, LLVMValueRef thread, int answer)
{
    LLVMBuilderRef b = LLVMCreateBuilderInContext(k->c);
    LLVMTypeRef pt = k->ptr;
    LLVMTypeRef ft = LLVMFunctionType(k->voidt, &pt, 1, 0);
    LLVMUseRef u = LLVMGetFirstUse(marker);
    while (u) {
        LLVMUseRef next = LLVMGetNextUse(u);
        LLVMValueRef call = LLVMGetUser(u);
        if (LLVMIsACallInst(call) && LLVMGetOperand(call, 0) == thread) {
            LLVMValueRef args = LLVMGetOperand(call, 1);
            if (answer && !LLVMIsNull(args)) {
                LLVMPositionBuilderBefore(b, call);
                LLVMBuildCall2(b, ft, thread, &args, 1, "");
            }
            LLVMReplaceAllUsesWith(call, LLVMConstInt(k->i32, (unsigned long long)answer, 0));
            LLVMInstructionEraseFromParent(call);
        }
        u = next;
    }
    LLVMDisposeBuilder(b);
    if (!answer && !LLVMGetFirstUse(thread))
        LLVMDeleteFunction(thread);
}

/* Calls of simt_shared_static that no compiled block hoisted: the inline
 * lookup. */
static void lower_shared(kc_ctx *k)
{
    LLVMValueRef f = LLVMGetNamedFunction(k->m, "simt_shared_static");
    LLVMValueRef inl = kc_named_function(k->m, "simt__shared_static_inline");
    if (!f || !inl)
        return;
    LLVMReplaceAllUsesWith(f, inl);
}

static LLVMTargetMachineRef target_machine(LLVMModuleRef m, LLVMCodeGenOptLevel level)
{
    const char *triple = LLVMGetTarget(m);
    LLVMTargetRef t;
    char *err = NULL;
    if (LLVMGetTargetFromTriple(triple, &t, &err))
        die("unknown target", err);
    const char *cpu = "", *features = "";
    unsigned cl, fl;
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
        LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, "target-cpu", 10);
        if (!a)
            continue;
        cpu = LLVMGetStringAttributeValue(a, &cl);
        LLVMAttributeRef fa =
            LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, "target-features", 15);
        if (fa)
            features = LLVMGetStringAttributeValue(fa, &fl);
        break;
    }
    char cpubuf[128], featbuf[4096];
    snprintf(cpubuf, sizeof cpubuf, "%.*s", *cpu ? (int)cl : 0, cpu);
    snprintf(featbuf, sizeof featbuf, "%.*s", *features ? (int)fl : 0, features);
    return LLVMCreateTargetMachine(t, triple, cpubuf, featbuf, level, LLVMRelocPIC, LLVMCodeModelDefault);
}

/* --lockstep-only's copy of the module, inlined and simplified as the
 * optimizing build's (kc_lockstep_unoptimized). */
static LLVMTargetMachineRef lockstep_tm;

static void lockstep_optimize(LLVMModuleRef m)
{
    run_passes(m, lockstep_tm,
               "always-inline,cgscc(inline),function(lower-expect,sroa,early-cse,instcombine,simplifycfg)");
}

int main(int argc, char **argv)
{
    const char *in = NULL, *out = NULL;
    int opt = 2, usage = 0, emit_ll = 0, merge_only = 0, lockstep_only = 0, check = 0;
    const char *dev_view = NULL; /* the device view (kc_merge.h); IN.bc is the host's */
    const char *check_abi = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-o") && i + 1 < argc)
            out = argv[++i];
        else if (argv[i][0] == '-' && argv[i][1] == 'O')
            opt = argv[i][2] == 's' || argv[i][2] == 'z' ? 2 : atoi(argv[i] + 2);
        else if (!strcmp(argv[i], "--resource-usage"))
            usage = 1;
        else if (!strcmp(argv[i], "--emit-llvm"))
            emit_ll = 1;
        else if (!strcmp(argv[i], "--device-view") && i + 1 < argc)
            dev_view = argv[++i];
        else if (!strcmp(argv[i], "--merge-only"))
            merge_only = 1;
        else if (!strcmp(argv[i], "--lockstep-only"))
            lockstep_only = 1;
        else if (!strcmp(argv[i], "--check"))
            check = 1;
        else if (!strcmp(argv[i], "--check-race"))
            check = 2;
        else if (!strcmp(argv[i], "--check-inline") && i + 1 < argc)
            check_abi = argv[++i];
        else if (argv[i][0] != '-' && !in)
            in = argv[i];
        else
            die("unknown argument", argv[i]);
    }
    if (!in || !out)
        die("usage: simt-kc IN.bc -o OUT.o [-O2] [--resource-usage]", NULL);
    if (opt < 1)
        opt = 1;
    if (opt > 3)
        opt = 3;

    LLVMInitializeNativeTarget();
    LLVMInitializeNativeAsmPrinter();
    /* A loop that sums floats (a thread's dot product or convolution)
     * vectorizes its loads and multiplies and keeps its adds in the
     * source's order, as gcc does for the suites' OpenMP twins; LLVM asks
     * for it only on targets whose cost model opts in (AArch64).  The
     * sums are the same bits.  Rodinia heartwall took 8-19% less, PolyBench
     * syr2k half (docs/PERFORMANCE.md, "Float sums"). */
    const char *argv1[] = {"simt-kc", "-force-ordered-reductions"};
    LLVMParseCommandLineOptions(2, argv1, NULL);
    kc_ctx k;
    memset(&k, 0, sizeof k);
    k.c = LLVMContextCreate();
    LLVMMemoryBufferRef buf;
    char *err = NULL;
    phase(NULL);
    if (LLVMCreateMemoryBufferWithContentsOfFile(in, &buf, &err))
        die("cannot read", err);
    if (LLVMParseBitcodeInContext2(k.c, buf, &k.m))
        die("cannot parse bitcode", in);
    if (dev_view && kc_merge_views(k.c, &k.m, dev_view, &err))
        die("cannot merge the device view", err);
    phase("reading");
    if (lockstep_only) {
        k.i32 = LLVMInt32TypeInContext(k.c);
        k.ptr = LLVMPointerTypeInContext(k.c, 0);
        k.voidt = LLVMVoidTypeInContext(k.c);
        lockstep_tm = target_machine(k.m, LLVMCodeGenLevelNone);
        kc_lockstep_unoptimized(&k, lockstep_optimize);
        LLVMDisposeTargetMachine(lockstep_tm);
        phase("the lockstep and waiting loops");
    }
    if ((dev_view && merge_only) || lockstep_only) {
        /* The fiber tier's builds (-G, -O0, --check, a host sanitizer's):
         * clang compiles the merged module (with --lockstep-only, the
         * lockstep's calls in it). */
        if (LLVMWriteBitcodeToFile(k.m, out))
            die("cannot write", out);
        LLVMDisposeModule(k.m);
        LLVMContextDispose(k.c);
        return 0;
    }
    LLVMTargetMachineRef tm = target_machine(k.m, opt >= 3 ? LLVMCodeGenLevelAggressive : LLVMCodeGenLevelDefault);
    k.td = LLVMCreateTargetDataLayout(tm);
    k.i1 = LLVMInt1TypeInContext(k.c);
    k.i8 = LLVMInt8TypeInContext(k.c);
    k.i32 = LLVMInt32TypeInContext(k.c);
    k.i64 = LLVMInt64TypeInContext(k.c);
    k.ptr = LLVMPointerTypeInContext(k.c, 0);
    k.voidt = LLVMVoidTypeInContext(k.c);
    k.check_race = check == 2;
    /* SIMT_KC_VERSION=0: a memcheck build's x loops stay checked per thread. */
    const char *ver = getenv("SIMT_KC_VERSION");
    k.check_version = check == 1 && check_abi && !(ver && !strcmp(ver, "0"));

    /* Barriers and warp collectives are convergent, as a GPU compiler
     * has them: no pass may duplicate one into both arms of a branch
     * (which would make a uniform barrier look thread-dependent) or sink
     * it into one. */
    static const char *const convergent[] = {
        "simt_syncthreads", "simt_syncthreads_count", "simt_syncthreads_and",
        "simt_syncthreads_or", "simt_shfl", "simt_vote", "simt_match", "simt_reduce",
        "simt_syncwarp", "simt_activemask", "simt_range_sync", "simt_cluster_sync",
        "simt_cluster_arrive", "simt_cluster_wait", "simt_grid_sync", NULL};
    for (const char *const *c = convergent; *c; c++) {
        LLVMValueRef f = LLVMGetNamedFunction(k.m, *c);
        if (f)
            add_attr(&k, f, "convergent");
    }
    LLVMValueRef marker = LLVMGetNamedFunction(k.m, "simt__kc_block");
    fnset threads = {0};
    if (marker)
        for (LLVMUseRef u = LLVMGetFirstUse(marker); u; u = LLVMGetNextUse(u)) {
            LLVMValueRef call = LLVMGetUser(u);
            LLVMValueRef t = LLVMIsACallInst(call) ? LLVMGetOperand(call, 0) : NULL;
            if (t && LLVMIsAFunction(t) && !LLVMIsDeclaration(t) && fn_find(&threads, t) < 0)
                fn_add(&threads, t);
        }
    char **names = calloc(threads.n + 1, sizeof *names);
    fnset copies = {calloc(threads.n + 1, sizeof(LLVMValueRef)), NULL, 0, 0};
    kc_why *fiber = NULL;
    if (!names || !copies.f)
        die("out of memory", NULL);
    if (threads.n) {
        fnset seen = {0};
        /* A thread certainly bound for the fiber tier is neither inlined
         * nor compiled (kc_scan.c); what it calls is inlined only where
         * another thread calls it too. */
        if (!(fiber = calloc(threads.n, sizeof *fiber)))
            die("out of memory", NULL);
        for (size_t i = 0; i < threads.n; i++) {
            names[i] = kernel_name(threads.f[i]);
            if (!kc_certainly_fiber(&k, threads.f[i], &fiber[i]))
                fiber[i].text[0] = 0; /* a reason (never empty) says yes */
        }
        kc_precheck_done();
        for (size_t i = 0; i < threads.n; i++)
            if (!fiber[i].text[0])
                mark_inline(&k, &seen, threads.f[i], 1);
        free(seen.f);
        free(seen.state);
        phase("marking");
        run_passes(k.m, tm, "always-inline");
        phase("inlining");
        k.g_probing = LLVMGetNamedGlobal(k.m, "simt__probing");
        for (size_t i = 0; i < threads.n; i++)
            if (!fiber[i].text[0])
                drop_probe(&k, threads.f[i]);
        run_passes(k.m, tm, "function(lower-expect,sroa,early-cse,instcombine,simplifycfg,loop-simplify)");
        phase("simplifying");
        /* Loops that wait for another thread (kc_spin.c), before the
         * checkers' calls come between a loop's reads and its branches. */
        kc_spin(&k);
        /* Lanes in lockstep where they read each other's volatile
         * shared memory (kc_lockstep.c); a racecheck build reports it. */
        if (!k.check_race)
            kc_lockstep(&k);
        if (check) {
            /* Again after the instrumentation: the copies and the
             * branches it gave back to LLVM come apart. */
            instrument(&k, tm, &threads);
            run_passes(k.m, tm, "function(sroa,early-cse,instcombine,simplifycfg,loop-simplify)");
            /* Racecheck's reads of what the kernel never writes
             * (kc_readonly.c); SIMT_KC_READONLY=0 keeps every check. */
            const char *ro = getenv("SIMT_KC_READONLY");
            if (k.check_race && !(ro && !strcmp(ro, "0")))
                for (size_t i = 0; i < threads.n; i++)
                    if (!fiber[i].text[0])
                        kc_readonly(&k, threads.f[i]);
            /* A loop's repeated checks of one address made once
             * (kc_repeat.c); SIMT_KC_REPEAT=0 keeps them. */
            const char *rep = getenv("SIMT_KC_REPEAT");
            if (k.check_race && check_abi && !(rep && !strcmp(rep, "0"))) {
                int n = 0;
                for (size_t i = 0; i < threads.n; i++)
                    if (!fiber[i].text[0])
                        n += kc_repeat(&k, threads.f[i]);
                if (n)
                    run_passes(k.m, tm, "function(sroa)");
            }
        }
        k.g_tid = tls_global(&k, "threadIdx", 3);
        k.g_bid = tls_global(&k, "blockIdx", 0);
        k.g_bdim = tls_global(&k, "blockDim", 3);
        k.g_gdim = tls_global(&k, "gridDim", 0);
        k.g_arena = tls_global(&k, "simt__arena", 0);
        find_constants(&k);
        for (size_t i = 0; i < threads.n; i++) {
            kc_why why = fiber[i];
            if (getenv("SIMT_KC_DUMP"))
                LLVMDumpValue(threads.f[i]);
            int ok = why.text[0] ? 0 : kc_compile_thread(&k, threads.f[i], &why);
            if (ok) {
                char *msg = NULL;
                if (LLVMVerifyFunction(threads.f[i], LLVMReturnStatusAction)) {
                    LLVMVerifyModule(k.m, LLVMReturnStatusAction, &msg);
                    fprintf(stderr, "simt-kc: internal error: the block function of %s is invalid:\n%s\n",
                            names[i], msg ? msg : "");
                    if (getenv("SIMT_KC_DUMP"))
                        LLVMDumpValue(threads.f[i]);
                    exit(1);
                }
            }
            resolve_markers(&k, marker, threads.f[i], ok);
            if (ok && !check && (copies.f[copies.n] = kc_isa_clone(&k, threads.f[i])))
                copies.n++;
            if (usage) {
                int dup = 0;
                for (size_t j = 0; j < i; j++)
                    dup |= !strcmp(names[j], names[i]);
                if (!dup) {
                    if (ok && why.text[0])
                        fprintf(stderr, "simtcc: kernel %s: compiled tier, %s\n", names[i], why.text);
                    else if (ok)
                        fprintf(stderr, "simtcc: kernel %s: compiled tier\n", names[i]);
                    else
                        fprintf(stderr, "simtcc: kernel %s: fiber tier: %s\n", names[i], why.text);
                }
            }
        }
    }
    if (check && !threads.n)
        instrument(&k, tm, &threads);
    if (check && check_abi)
        link_check_abi(&k, check_abi);
    if (k.check_version) {
        /* The versioned x loops (kc_version.c): non-trivial unswitching on
         * their tests, whatever the checked loop's size. */
        const char *argv3[] = {"simt-kc", "-unswitch-threshold=2000"};
        LLVMParseCommandLineOptions(2, argv3, NULL);
    }
    phase("the transformation");
    lower_shared(&k);
    char pipeline[512], outbuf[4096];
    snprintf(pipeline, sizeof pipeline, "default<O%d>", opt);
    if (getenv("SIMT_KC_PIPELINE"))
        snprintf(pipeline, sizeof pipeline, "%s", getenv("SIMT_KC_PIPELINE"));
    if (getenv("SIMT_KC_OPTIONS")) {
        /* LLVM's own options, separated by spaces (for experiments). */
        static char opts[1024];
        const char *argv2[32] = {"simt-kc"};
        int argc2 = 1;
        snprintf(opts, sizeof opts, "%s", getenv("SIMT_KC_OPTIONS"));
        for (char *save = NULL, *o = strtok_r(opts, " ", &save); o && argc2 < 32;
             o = strtok_r(NULL, " ", &save))
            argv2[argc2++] = o;
        LLVMParseCommandLineOptions(argc2, argv2, NULL);
    }
    run_passes(k.m, tm, pipeline);
    for (size_t i = 0; i < copies.n; i++)
        kc_isa_finish(&k, copies.f[i]);
    phase("the pipeline");
    if (emit_ll) {
        if (LLVMPrintModuleToFile(k.m, out, &err))
            die("cannot write", err);
    } else if (snprintf(outbuf, sizeof outbuf, "%s", out),
               LLVMTargetMachineEmitToFile(tm, k.m, outbuf, LLVMObjectFile, &err)) {
        die("cannot write the object file", err);
    }
    phase("code generation");
    for (size_t i = 0; i < threads.n; i++)
        free(names[i]);
    free(names);
    free(fiber);
    free(threads.f);
    free(threads.state);
    free(copies.f);
    LLVMDisposeTargetData(k.td);
    LLVMDisposeModule(k.m);
    LLVMDisposeTargetMachine(tm);
    LLVMContextDispose(k.c);
    return 0;
}
