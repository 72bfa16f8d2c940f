/*
 * kc_version.c: a memcheck build's x loops, versioned at run time
 * (a checking build without racecheck, with the inline entry points).
 *
 * An access in an x loop whose address is affine in threadIdx.x costs
 * its check once per loop instead of once per thread: in the loop's
 * preheader (hy) its address is computed for the loop's first thread, the
 * one after it and its last thread, and libsimt-check
 * (simt__check_span_test, src/check/abi/tsan_abi.c, inlined) answers
 * whether every thread's access would pass memcheck's inline fast path
 * without changing anything: aligned, every address in between inside a
 * run of addressable and written device memory cached per site and
 * worker (a TLS array per site).  An alignment check of
 * UndefinedBehaviorSanitizer in the loop is tested the same way
 * (simt__check_span_aligned, or simt__check_span_zero32 for a verdict an
 * earlier segment stored per thread).  The tests' conjunction, computed
 * once before the loop, guards each such check in the loop
 * (simt__unless__tsan_read4(clean, p) ...: the check when !clean), and
 * LLVM's non-trivial loop unswitching makes two loops of it: the checked
 * one, unchanged, and one without those checks, which vectorizes as the
 * normal build's.  A write to memory not yet written (initcheck's first
 * writes), an address that is not affine, and any access the tests fail
 * for keep the checked loop, whose reports are the same as before.
 *
 * The affine addresses: adds, subtractions, multiplications and shifts
 * by a value the loop does not change, GEPs and casts of the x index and
 * of values defined before the loop; with at most one extension or
 * truncation on the way (besides threadIdx.x's own truncation), whose
 * wrap the run-time test sees: the last thread's address must be the
 * first's plus the steps times the first step.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "kc_gen.h"

typedef struct vloop {
    kc_tier *t;
    kc_seg *sg;
    LLVMValueRef args;          /* the launch's packed parameters, if only read */
    LLVMBasicBlockRef *body;
    int nbody, cap;
    LLVMBuilderRef b;
} vloop;

static int in_body(const vloop *v, LLVMValueRef i)
{
    if (!LLVMIsAInstruction(i))
        return 0;
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(i);
    for (int j = 0; j < v->nbody; j++)
        if (v->body[j] == bb)
            return 1;
    return 0;
}

static int add_block(vloop *v, LLVMBasicBlockRef bb)
{
    for (int j = 0; j < v->nbody; j++)
        if (v->body[j] == bb)
            return 0;
    if (v->nbody == v->cap) {
        v->cap = v->cap ? 2 * v->cap : 16;
        v->body = realloc(v->body, (size_t)v->cap * sizeof *v->body);
        if (!v->body)
            abort();
    }
    v->body[v->nbody++] = bb;
    return 1;
}

/* The loop: the blocks reachable from hx up to its latch lx. */
static void find_body(vloop *v)
{
    add_block(v, v->sg->hx);
    for (int j = 0; j < v->nbody; j++) {
        LLVMBasicBlockRef bb = v->body[j];
        if (bb == v->sg->lx)
            continue;
        LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
        unsigned n = term ? LLVMGetNumSuccessors(term) : 0;
        for (unsigned s = 0; s < n; s++)
            add_block(v, LLVMGetSuccessor(term, s));
    }
}

/* Whether p points into the packed parameters args (GEPs of it). */
static int into_pack(LLVMValueRef p, LLVMValueRef args)
{
    while (LLVMIsAGetElementPtrInst(p))
        p = LLVMGetOperand(p, 0);
    return p == args;
}

/* Whether the packed parameters p (or what points into them) are only
 * read: used by loads and GEPs alone.  They are the whole launch's, so a
 * kernel never writes them; a load from them is then the same in every
 * iteration of an x loop (LLVM keeps such loads in a checked loop, whose
 * checks' calls might write any memory, for all it knows). */
static int pack_only_read(LLVMValueRef p, int depth)
{
    if (depth > 8)
        return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(p); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsALoadInst(user) && LLVMGetOperand(user, 0) == p)
            continue;
        if (LLVMIsAGetElementPtrInst(user) && LLVMGetOperand(user, 0) == p && pack_only_read(user, depth + 1))
            continue;
        return 0;
    }
    return 1;
}

/* How v depends on the loop: -1 not an affine address's part, 0 defined
 * before the loop (usable as it is), 1 computed in the loop (cloned into
 * the preheader); *wraps counts the extensions and truncations on the way
 * from the x index. */
static int affine(vloop *v, LLVMValueRef val, int depth, int *wraps, int *varies)
{
    if (val == v->sg->x) {
        *varies = 1;
        return 1;
    }
    if (!in_body(v, val))
        return 0;
    if (depth > 24)
        return -1;
    LLVMOpcode op = LLVMGetInstructionOpcode(val);
    unsigned n = (unsigned)LLVMGetNumOperands(val);
    int vary[8] = {0}, any = 0;
    if (n > 8)
        return -1;
    if (op == LLVMLoad && v->args && !LLVMGetVolatile(val) && into_pack(LLVMGetOperand(val, 0), v->args))
        return affine(v, LLVMGetOperand(val, 0), depth + 1, wraps, varies) < 0 ? -1 : 1;
    switch (op) {
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl: case LLVMGetElementPtr:
    case LLVMSExt: case LLVMZExt: case LLVMTrunc: case LLVMPtrToInt: case LLVMBitCast:
        break;
    default:
        return -1;
    }
    for (unsigned i = 0; i < n; i++) {
        if (affine(v, LLVMGetOperand(val, i), depth + 1, wraps, &vary[i]) < 0)
            return -1;
        any |= vary[i];
    }
    if (op == LLVMMul && vary[0] && vary[1])
        return -1;
    if (op == LLVMShl && vary[1])
        return -1;
    if (any && (op == LLVMSExt || op == LLVMZExt || op == LLVMTrunc) &&
        !(op == LLVMTrunc && LLVMGetOperand(val, 0) == v->sg->x))
        (*wraps)++;
    *varies |= any;
    return 1;
}

/* val with the x index at xv, computed before hy's terminator. */
static LLVMValueRef clone_at(vloop *v, LLVMValueRef val, LLVMValueRef xv)
{
    if (val == v->sg->x)
        return xv;
    if (!in_body(v, val))
        return val;
    LLVMValueRef c = LLVMInstructionClone(val);
    unsigned n = (unsigned)LLVMGetNumOperands(val);
    for (unsigned i = 0; i < n; i++)
        LLVMSetOperand(c, i, clone_at(v, LLVMGetOperand(val, i), xv));
    if (LLVMIsAGetElementPtrInst(c))
        LLVMSetIsInBounds(c, 0);
    LLVMInsertIntoBuilder(v->b, c);
    LLVMInstructionSetDebugLoc(c, NULL);
    return c;
}

/* The run-time test test(first, second, last, steps[, arg]) of address
 * val (i64 or ptr) for the loop; NULL if val is not affine. */
static LLVMValueRef span_test(vloop *v, LLVMValueRef val, const char *test, LLVMValueRef arg,
                              LLVMValueRef xs[3], LLVMValueRef steps)
{
    kc_ctx *k = v->t->k;
    int wraps = 0, varies = 0;
    if (affine(v, val, 0, &wraps, &varies) < 0 || wraps > 1)
        return NULL;
    /* simt__check_span_test's first argument: the site's clean run, per
     * worker, the last used first ({lo, hi, the cudaFree count it was
     * found at} each). */
    int site = !strcmp(test, "simt__check_span_test");
    LLVMValueRef av[6];
    LLVMTypeRef params[6] = {k->ptr, k->i64, k->i64, k->i64, k->i64, k->i64};
    if (site) {
        LLVMTypeRef rt = LLVMArrayType(k->i64, 3 * 8); /* src/check/check.h: CHECK_SITE_RUNS */
        LLVMValueRef g = LLVMAddGlobal(k->m, rt, "kc.site");
        LLVMSetInitializer(g, LLVMConstNull(rt));
        LLVMSetLinkage(g, LLVMInternalLinkage);
        LLVMSetThreadLocal(g, 1);
        /* The general model: an executable's link makes it local-exec;
         * a shared library's sites need no room in the static TLS block. */
        LLVMSetThreadLocalMode(g, LLVMGeneralDynamicTLSModel);
        LLVMSetAlignment(g, 8);
        av[0] = g;
    }
    for (int e = 0; e < 3; e++) {
        LLVMValueRef a = clone_at(v, val, xs[e]);
        a = LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMPointerTypeKind ? LLVMBuildPtrToInt(v->b, a, k->i64, "") : a;
        if (LLVMTypeOf(a) != k->i64)
            return NULL;
        av[site + e] = a;
    }
    av[site + 3] = steps;
    av[site + 4] = arg;
    unsigned na = (unsigned)site + (arg ? 5 : 4);
    LLVMTypeRef ft = LLVMFunctionType(k->i32, params + !site, na, 0);
    LLVMValueRef f = LLVMGetNamedFunction(k->m, test);
    if (!f)
        f = LLVMAddFunction(k->m, test, ft);
    return LLVMBuildCall2(v->b, ft, f, av, na, "kc.clean");
}

int kc_unless_able(const char *s, size_t n)
{
    static const char *const names[] = {
        "__tsan_read4", "__tsan_write4", "__tsan_unaligned_read4", "__tsan_unaligned_write4",
        "__tsan_read_write4", "__tsan_unaligned_read_write4",
        "__tsan_read8", "__tsan_write8", "__tsan_unaligned_read8", "__tsan_unaligned_write8",
        "__tsan_read_write8", "__tsan_unaligned_read_write8"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (kc_name_is(s, n, names[i]))
            return 1;
    return 0;
}

/* An alignment check's verdict's test: zext(icmp ne (and p, mask), 0)
 * with p affine, or a verdict an earlier segment stored per thread (a load
 * from an affine address). */
static LLVMValueRef verdict_test(vloop *v, LLVMValueRef failed, LLVMValueRef xs[3], LLVMValueRef steps)
{
    kc_ctx *k = v->t->k;
    if (LLVMIsALoadInst(failed) && LLVMTypeOf(failed) == k->i32)
        return span_test(v, LLVMGetOperand(failed, 0), "simt__check_span_zero32", NULL, xs, steps);
    if (!LLVMIsAZExtInst(failed))
        return NULL;
    LLVMValueRef c = LLVMGetOperand(failed, 0);
    if (!LLVMIsAICmpInst(c) || LLVMGetICmpPredicate(c) != LLVMIntNE || !LLVMIsAConstantInt(LLVMGetOperand(c, 1)) ||
        LLVMConstIntGetZExtValue(LLVMGetOperand(c, 1)) != 0)
        return NULL;
    LLVMValueRef a = LLVMGetOperand(c, 0);
    if (!LLVMIsAInstruction(a) || LLVMGetInstructionOpcode(a) != LLVMAnd ||
        !LLVMIsAConstantInt(LLVMGetOperand(a, 1)))
        return NULL;
    unsigned long long mask = LLVMConstIntGetZExtValue(LLVMGetOperand(a, 1));
    if (mask & (mask + 1))
        return NULL;
    return span_test(v, LLVMGetOperand(a, 0), "simt__check_span_aligned", LLVMConstInt(k->i64, mask, 0), xs,
                     steps);
}

/* A loop whose calls are all versioned checks stores threadIdx (kc_gen.c,
 * build_segment) for them only: the stores go under the same test. */
static void tid_unless(kc_tier *t, kc_seg *sg, LLVMValueRef clean)
{
    kc_ctx *k = t->k;
    if (!t->tidp)
        return;
    LLVMValueRef st[3] = {NULL, NULL, NULL};
    for (LLVMValueRef i = LLVMGetFirstInstruction(sg->hx); i; i = LLVMGetNextInstruction(i)) {
        if (!LLVMIsAStoreInst(i))
            continue;
        LLVMValueRef p = LLVMGetOperand(i, 1), val = LLVMGetOperand(i, 0);
        int d = p == t->tidp ? 0 : -1;
        if (d < 0 && LLVMIsAGetElementPtrInst(p) && LLVMGetOperand(p, 0) == t->tidp &&
            LLVMIsAConstantInt(LLVMGetOperand(p, 1))) {
            long long off = LLVMConstIntGetSExtValue(LLVMGetOperand(p, 1));
            d = off == 4 ? 1 : off == 8 ? 2 : -1;
        }
        if (d < 0 || st[d] || val != (d == 0 ? sg->tx : d == 1 ? sg->ty : sg->tz))
            continue;
        st[d] = i;
    }
    if (!st[0] || !st[1] || !st[2])
        return;
    LLVMBuilderRef b = LLVMCreateBuilderInContext(k->c);
    LLVMPositionBuilderBefore(b, st[2]);
    LLVMTypeRef params[5] = {k->i32, k->ptr, k->i32, k->i32, k->i32};
    LLVMTypeRef ft = LLVMFunctionType(k->voidt, params, 5, 0);
    LLVMValueRef f = LLVMGetNamedFunction(k->m, "simt__unless_tid");
    if (!f)
        f = LLVMAddFunction(k->m, "simt__unless_tid", ft);
    LLVMValueRef av[5] = {clean, t->tidp, sg->tx, sg->ty, sg->tz};
    LLVMBuildCall2(b, ft, f, av, 5, "");
    LLVMDisposeBuilder(b);
    for (int d = 0; d < 3; d++)
        LLVMInstructionEraseFromParent(st[d]);
}

static void version_loop(kc_tier *t, kc_seg *sg, LLVMValueRef args)
{
    kc_ctx *k = t->k;
    vloop v = {.t = t, .sg = sg, .args = args};
    find_body(&v);
    /* The loop's checks; any other call (it might free memory) keeps the
     * loop as it is. */
    int n = 0, cap = 16, others = 0;
    LLVMValueRef *calls = malloc((size_t)cap * sizeof *calls);
    if (!calls)
        abort();
    for (int j = 0; j < v.nbody && n >= 0; j++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(v.body[j]); i; i = LLVMGetNextInstruction(i)) {
            if (!LLVMIsACallInst(i))
                continue;
            LLVMValueRef callee = LLVMGetCalledValue(i);
            if (LLVMIsAFunction(callee) && LLVMGetIntrinsicID(callee))
                continue;
            size_t len;
            const char *s = kc_callee_name(i, &len);
            if (!s) {
                n = -1;
                break;
            }
            if (kc_unless_able(s, len) || kc_name_is(s, len, "simt__ubsan_mismatch_if")) {
                if (n == cap && !(calls = realloc(calls, (size_t)(cap *= 2) * sizeof *calls)))
                    abort();
                calls[n++] = i;
            } else if (len < 7 || memcmp(s, "__tsan_", 7)) {
                n = -1;
                break;
            } else {
                others = 1;
            }
        }
    if (n > 0) {
        v.b = LLVMCreateBuilderInContext(k->c);
        LLVMPositionBuilderBefore(v.b, LLVMGetBasicBlockTerminator(sg->hy));
        LLVMValueRef x0 = LLVMGetIncomingValue(sg->x, 0), hi = LLVMGetOperand(sg->xcmp, 1);
        LLVMValueRef one = LLVMConstInt(k->i64, 1, 0);
        LLVMValueRef xs[3];
        xs[0] = x0;
        xs[1] = LLVMBuildAdd(v.b, x0, one, "");
        xs[2] = LLVMBuildSelect(v.b, LLVMBuildICmp(v.b, LLVMIntULT, x0, hi, ""), LLVMBuildSub(v.b, hi, one, ""), x0,
                                "");
        LLVMValueRef steps = LLVMBuildSub(v.b, xs[2], x0, "");
        LLVMValueRef clean = NULL;
        LLVMValueRef *tests = calloc((size_t)n, sizeof *tests);
        if (!tests)
            abort();
        for (int c = 0; c < n; c++) {
            size_t len;
            const char *s = kc_callee_name(calls[c], &len);
            if (kc_name_is(s, len, "simt__ubsan_mismatch_if")) {
                tests[c] = verdict_test(&v, LLVMGetOperand(calls[c], 0), xs, steps);
            } else {
                unsigned long long size = s[len - 1] == '4' ? 4 : 8;
                tests[c] = span_test(&v, LLVMGetOperand(calls[c], 0), "simt__check_span_test",
                                     LLVMConstInt(k->i64, size, 0), xs, steps);
            }
            if (tests[c])
                clean = clean ? LLVMBuildAnd(v.b, clean, tests[c], "") : tests[c];
        }
        LLVMBuilderRef b = t->b;
        for (int c = 0; clean && c < n; c++) {
            if (!tests[c])
                continue;
            LLVMValueRef call = calls[c];
            size_t len;
            const char *s = kc_callee_name(call, &len);
            LLVMPositionBuilderBefore(b, call);
            if (kc_name_is(s, len, "simt__ubsan_mismatch_if")) {
                LLVMValueRef failed = LLVMGetOperand(call, 0);
                LLVMValueRef z = LLVMConstNull(k->i32);
                LLVMSetOperand(call, 0, LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntNE, clean, z, ""), z, failed, ""));
                continue;
            }
            char name[64];
            snprintf(name, sizeof name, "simt__unless%.*s", (int)len, s);
            LLVMTypeRef params[2] = {k->i32, k->ptr};
            LLVMTypeRef ft = LLVMFunctionType(k->voidt, params, 2, 0);
            LLVMValueRef f = LLVMGetNamedFunction(k->m, name);
            if (!f)
                f = LLVMAddFunction(k->m, name, ft);
            LLVMValueRef av[2] = {clean, LLVMGetOperand(call, 0)};
            LLVMValueRef nc = LLVMBuildCall2(b, ft, f, av, 2, "");
            LLVMInstructionSetDebugLoc(nc, LLVMInstructionGetDebugLoc(call));
            LLVMInstructionEraseFromParent(call);
        }
        int all = clean != NULL;
        for (int c = 0; c < n; c++)
            all &= tests[c] != NULL;
        if (all && !others)
            tid_unless(t, sg, clean);
        free(tests);
        LLVMDisposeBuilder(v.b);
    }
    free(calls);
    free(v.body);
}

void kc_version_loops(kc_tier *t)
{
    LLVMValueRef args = LLVMCountParams(t->fn) ? LLVMGetParam(t->fn, 0) : NULL;
    if (args && (LLVMGetTypeKind(LLVMTypeOf(args)) != LLVMPointerTypeKind || !pack_only_read(args, 0)))
        args = NULL;
    for (int s = 0; s < t->nseg; s++)
        if (t->segs[s].lx)
            version_loop(t, &t->segs[s], args);
}
