/*
 * kc_version.c: a memcheck build's x loops, versioned at run time
 * (a checking build without racecheck, with the inline entry points).
 *
 * An access in an x loop whose address is affine in threadIdx.x costs
 * its check once per loop instead of once per thread: before the loop
 * (kc.rows, between hy and hx) its address is computed for the loop's
 * first thread, the one after it and its last thread, and libsimt-check
 * (simt__check_span_test, src/check/abi/tsan_abi.c, inlined) answers
 * whether every thread's access would pass memcheck's inline fast path
 * without changing anything: aligned, every address in between inside a
 * run of addressable and written device memory cached per site and
 * worker (a TLS array per site).  An access in a counted loop nested in
 * the x loop (an iloop: k from k0 while k < n, both the same for every
 * thread) is tested over x and k at once (simt__check_span_test2: the
 * box's corners bound its addresses).  An alignment check of
 * UndefinedBehaviorSanitizer in the loop is tested the same way
 * (simt__check_span_aligned[2], or simt__check_span_zero32 for a verdict
 * an earlier segment stored per thread).
 *
 * Where the tests pass, a copy of the loop without the checks they cover
 * runs (clean_copy; kc.pick chooses): the normal build's loop, which
 * vectorizes as that does.  Where every such address is affine in
 * threadIdx.y too, the tests are made once more before the y loop over
 * all the block's rows (block_tests), and a block that passes skips its
 * rows' tests.  A write to memory not yet written (initcheck's first
 * writes), an address that is not affine, and any access the tests fail
 * for keep the checked loop, whose reports are the same as before.  A
 * loop whose values are used after it keeps the older form: each covered
 * check guarded by the test (simt__unless__tsan_read4(clean, p) ...),
 * for LLVM's unswitching.
 *
 * The affine addresses: adds, subtractions, multiplications and shifts
 * by a value the loop does not change, GEPs and casts of the x index (and
 * k, or y) and of values defined before the loop; with at most one
 * extension or truncation on the way, whose wrap the run-time test sees:
 * the last thread's address must be the first's plus the steps times the
 * first step (and across the box, the far corner's).  (threadIdx.x's and
 * .y's truncations from the loops' 64-bit indices never wrap.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "kc_gen.h"

/* A loop nested in the x loop that counts k up by one from k0 while
 * k < bound (k <= bound where incl), k0 and bound fixed before the x loop:
 * in its blocks other than the header, k is in [k0, last]. */
typedef struct iloop {
    LLVMValueRef k, k0, bound;
    int sign, incl;
    LLVMBasicBlockRef head;
    LLVMBasicBlockRef *blocks;
    int nblocks;
    LLVMValueRef ks[3], ksteps;  /* k's first, second and last values, before the x loop */
} iloop;

typedef struct vloop {
    kc_tier *t;
    kc_seg *sg;
    LLVMValueRef args;          /* the launch's packed parameters, if only read */
    LLVMBasicBlockRef *body;
    int nbody, cap;
    iloop *loops;
    int nloops;
    LLVMValueRef k;             /* the inner index an address may use, or NULL */
    /* The y loop's blocks outside the x loop, whose values are not there
     * before it: for the block's tests (k is then the y index) and the
     * pack loads moved there. */
    LLVMBasicBlockRef *yblocks;
    int nyblocks;
    LLVMBuilderRef b;
} vloop;

static int block_in(LLVMBasicBlockRef *set, int n, LLVMBasicBlockRef bb)
{
    for (int j = 0; j < n; j++)
        if (set[j] == bb)
            return 1;
    return 0;
}

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
 * from the x index (or v->k); *varies gets 1 for x, 2 for v->k. */
static int affine(vloop *v, LLVMValueRef val, int depth, int *wraps, int *varies)
{
    if (val == v->sg->x || (v->k && val == v->k)) {
        *varies |= val == v->sg->x ? 1 : 2;
        return 1;
    }
    if (!in_body(v, val))
        return v->k && v->k == v->sg->y && LLVMIsAInstruction(val) &&
                       block_in(v->yblocks, v->nyblocks, LLVMGetInstructionParent(val))
                   ? -1
                   : 0;
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
        !(op == LLVMTrunc && (LLVMGetOperand(val, 0) == v->sg->x || LLVMGetOperand(val, 0) == v->sg->y)))
        (*wraps)++;
    *varies |= any;
    return 1;
}

/* val with the x index at xv (and v->k at kv), computed before hy's
 * terminator. */
static LLVMValueRef clone_at(vloop *v, LLVMValueRef val, LLVMValueRef xv, LLVMValueRef kv)
{
    if (val == v->sg->x)
        return xv;
    if (v->k && val == v->k)
        return kv;
    if (!in_body(v, val))
        return val;
    LLVMValueRef c = LLVMInstructionClone(val);
    unsigned n = (unsigned)LLVMGetNumOperands(val);
    for (unsigned i = 0; i < n; i++)
        LLVMSetOperand(c, i, clone_at(v, LLVMGetOperand(val, i), xv, kv));
    if (LLVMIsAGetElementPtrInst(c))
        LLVMSetIsInBounds(c, 0);
    LLVMInsertIntoBuilder(v->b, c);
    LLVMInstructionSetDebugLoc(c, NULL);
    return c;
}

/* The blocks of the body that branch to bb. */
static int preds_of(const vloop *v, LLVMBasicBlockRef bb, LLVMBasicBlockRef *out, int max)
{
    int n = 0;
    for (int j = 0; j < v->nbody; j++) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(v->body[j]);
        unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
        for (unsigned s = 0; s < ns; s++)
            if (LLVMGetSuccessor(term, s) == bb) {
                if (n == max)
                    return -1;
                out[n++] = v->body[j];
                break;
            }
    }
    return n;
}

/* Whether val is an integer the same for every thread of the x loop:
 * defined before it, or computed in it from such values and the launch's
 * parameters (clone_at makes it before the loop). */
static int fixed(vloop *v, LLVMValueRef val)
{
    int wraps = 0, varies = 0;
    return LLVMGetTypeKind(LLVMTypeOf(val)) == LLVMIntegerTypeKind && affine(v, val, 0, &wraps, &varies) >= 0 &&
           !varies;
}

/* The loop headed by h with index phi k, if it is an iloop: its one
 * latch's incoming value k + 1, its blocks (those that reach the latch
 * without passing h) entered through h alone, and h's branch leaving
 * while !(k < bound). */
static int inner_loop(vloop *v, LLVMBasicBlockRef h, LLVMValueRef k, iloop *l)
{
    if (LLVMCountIncoming(k) != 2 || LLVMGetTypeKind(LLVMTypeOf(k)) != LLVMIntegerTypeKind)
        return 0;
    int latch = -1;
    for (int i = 0; i < 2; i++) {
        LLVMValueRef inc = LLVMGetIncomingValue(k, (unsigned)i);
        if (LLVMIsAInstruction(inc) && LLVMGetInstructionOpcode(inc) == LLVMAdd && LLVMGetOperand(inc, 0) == k &&
            LLVMIsAConstantInt(LLVMGetOperand(inc, 1)) && LLVMConstIntGetZExtValue(LLVMGetOperand(inc, 1)) == 1)
            latch = i;
    }
    if (latch < 0 || !fixed(v, LLVMGetIncomingValue(k, (unsigned)!latch)))
        return 0;
    LLVMBasicBlockRef lb = LLVMGetIncomingBlock(k, (unsigned)latch);
    LLVMBasicBlockRef pre = LLVMGetIncomingBlock(k, (unsigned)!latch);
    if (lb == h || !block_in(v->body, v->nbody, lb) || !block_in(v->body, v->nbody, pre))
        return 0;
    /* The blocks: h, then back from the latch. */
    int cap = 16, n = 0, ok = 1;
    LLVMBasicBlockRef *bl = malloc((size_t)cap * sizeof *bl), preds[64];
    if (!bl)
        abort();
    bl[n++] = h;
    bl[n++] = lb;
    for (int j = 1; j < n && ok; j++) {
        int np = preds_of(v, bl[j], preds, 64);
        ok = np > 0;
        for (int q = 0; q < np && ok; q++) {
            if (block_in(bl, n, preds[q]))
                continue;
            if (preds[q] == v->sg->hx) {
                ok = 0;
                break;
            }
            if (n == cap && !(bl = realloc(bl, (size_t)(cap *= 2) * sizeof *bl)))
                abort();
            bl[n++] = preds[q];
        }
    }
    /* Entered through h alone: only h has a predecessor outside. */
    for (int j = 1; j < n && ok; j++) {
        int np = preds_of(v, bl[j], preds, 64);
        for (int q = 0; q < np && ok; q++)
            ok = block_in(bl, n, preds[q]);
    }
    int np = ok ? preds_of(v, h, preds, 64) : 0;
    for (int q = 0; q < np && ok; q++)
        ok = preds[q] == pre || preds[q] == lb;
    LLVMValueRef term = LLVMGetBasicBlockTerminator(h), c;
    if (!ok || !term || !LLVMIsABranchInst(term) || !LLVMIsConditional(term) ||
        !LLVMIsAICmpInst(c = LLVMGetCondition(term))) {
        free(bl);
        return 0;
    }
    int in0 = block_in(bl, n, LLVMGetSuccessor(term, 0)), in1 = block_in(bl, n, LLVMGetSuccessor(term, 1));
    LLVMIntPredicate p = LLVMGetICmpPredicate(c);
    LLVMValueRef bound = NULL;
    if (LLVMGetOperand(c, 0) == k) {
        bound = LLVMGetOperand(c, 1);
    } else if (LLVMGetOperand(c, 1) == k) {
        bound = LLVMGetOperand(c, 0);
        p = p == LLVMIntSGT ? LLVMIntSLT : p == LLVMIntUGT ? LLVMIntULT
          : p == LLVMIntSGE ? LLVMIntSLE : p == LLVMIntUGE ? LLVMIntULE
          : p == LLVMIntSLT ? LLVMIntSGT : p == LLVMIntULT ? LLVMIntUGT
          : p == LLVMIntSLE ? LLVMIntSGE : p == LLVMIntULE ? LLVMIntUGE : LLVMIntEQ;
    }
    /* The predicate under which the loop goes on: k < bound or k <= bound. */
    if (in1 && !in0)
        p = p == LLVMIntSGE ? LLVMIntSLT : p == LLVMIntUGE ? LLVMIntULT
          : p == LLVMIntSGT ? LLVMIntSLE : p == LLVMIntUGT ? LLVMIntULE : LLVMIntEQ;
    else if (!in0 || in1)
        p = LLVMIntEQ;
    if (!bound || !fixed(v, bound) || LLVMTypeOf(bound) != LLVMTypeOf(k) ||
        (p != LLVMIntSLT && p != LLVMIntULT && p != LLVMIntSLE && p != LLVMIntULE)) {
        free(bl);
        return 0;
    }
    *l = (iloop){.k = k, .k0 = LLVMGetIncomingValue(k, (unsigned)!latch), .bound = bound,
                 .sign = p == LLVMIntSLT || p == LLVMIntSLE, .incl = p == LLVMIntSLE || p == LLVMIntULE,
                 .head = h, .blocks = bl, .nblocks = n};
    return 1;
}

/* The x loop's iloops. */
static void find_loops(vloop *v)
{
    for (int j = 0; j < v->nbody; j++) {
        LLVMBasicBlockRef h = v->body[j];
        if (h == v->sg->hx)
            continue;
        for (LLVMValueRef i = LLVMGetFirstInstruction(h); i && LLVMIsAPHINode(i); i = LLVMGetNextInstruction(i)) {
            iloop l;
            if (!inner_loop(v, h, i, &l))
                continue;
            v->loops = realloc(v->loops, (size_t)(v->nloops + 1) * sizeof *v->loops);
            if (!v->loops)
                abort();
            v->loops[v->nloops++] = l;
            break;
        }
    }
}

/* The innermost iloop whose blocks other than its header hold bb. */
static iloop *loop_of(vloop *v, LLVMBasicBlockRef bb)
{
    iloop *best = NULL;
    for (int j = 0; j < v->nloops; j++) {
        iloop *l = &v->loops[j];
        if (bb != l->head && block_in(l->blocks, l->nblocks, bb) && (!best || l->nblocks < best->nblocks))
            best = l;
    }
    return best;
}

/* Where the tests evaluate addresses: the x index's first, second and
 * last values and the steps between the first and last; for an access in
 * an inner loop, its index's too (k: NULL for an access outside one). */
typedef struct span {
    LLVMValueRef x[3], xsteps;
    LLVMValueRef k[3], ksteps;
} span;

/* The address val at (x, k) as an i64, or NULL. */
static LLVMValueRef address_at(vloop *v, LLVMValueRef val, LLVMValueRef x, LLVMValueRef k)
{
    kc_ctx *kc = v->t->k;
    LLVMValueRef a = clone_at(v, val, x, k);
    a = LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMPointerTypeKind ? LLVMBuildPtrToInt(v->b, a, kc->i64, "") : a;
    return LLVMTypeOf(a) == kc->i64 ? a : NULL;
}

/* The run-time test test(first, second, last, steps[, arg]) of address
 * val (i64 or ptr) for the loop, or test2(the six points of an address in
 * an inner loop, steps along x and k[, arg]); NULL if val is not affine. */
static LLVMValueRef span_test(vloop *v, LLVMValueRef val, const char *test, LLVMValueRef arg, const span *sp)
{
    kc_ctx *k = v->t->k;
    int wraps = 0, varies = 0;
    if (affine(v, val, 0, &wraps, &varies) < 0 || wraps > 1)
        return NULL;
    /* simt__check_span_test's first argument: the site's clean run, per
     * worker, the last used first ({lo, hi, the cudaFree count it was
     * found at} each). */
    int site = !strcmp(test, "simt__check_span_test");
    LLVMValueRef av[10];
    LLVMTypeRef params[10];
    unsigned na = 0;
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
        av[na++] = g;
    }
    const int pts1[][2] = {{0, 0}, {1, 0}, {2, 0}, {-1, 0}};
    const int pts2[][2] = {{0, 0}, {1, 0}, {2, 0}, {-1, 0}, {0, 1}, {0, 2}, {2, 2}, {-2, 0}};
    const int (*pts)[2] = v->k ? pts2 : pts1;
    int npts = v->k ? 8 : 4;
    for (int e = 0; e < npts; e++) {
        LLVMValueRef a = pts[e][0] == -1 ? sp->xsteps : pts[e][0] == -2 ? sp->ksteps
                       : address_at(v, val, sp->x[pts[e][0]], v->k ? sp->k[pts[e][1]] : NULL);
        if (!a)
            return NULL;
        av[na++] = a;
    }
    if (arg)
        av[na++] = arg;
    for (unsigned i = 0; i < na; i++)
        params[i] = i || !site ? k->i64 : k->ptr;
    char name[64];
    snprintf(name, sizeof name, "%s%s", test, v->k ? "2" : "");
    LLVMTypeRef ft = LLVMFunctionType(k->i32, params, na, 0);
    LLVMValueRef f = LLVMGetNamedFunction(k->m, name);
    if (!f)
        f = LLVMAddFunction(k->m, name, ft);
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
static LLVMValueRef verdict_test(vloop *v, LLVMValueRef failed, const span *sp)
{
    kc_ctx *k = v->t->k;
    if (LLVMIsALoadInst(failed) && LLVMTypeOf(failed) == k->i32)
        return v->k ? NULL : span_test(v, LLVMGetOperand(failed, 0), "simt__check_span_zero32", NULL, sp);
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
    return span_test(v, LLVMGetOperand(a, 0), "simt__check_span_aligned", LLVMConstInt(k->i64, mask, 0), sp);
}

/* The test of one check the loop makes (an entry point's call, or an
 * alignment check's), over sp; NULL where it has none. */
static LLVMValueRef call_test(vloop *v, LLVMValueRef call, const span *sp)
{
    size_t len;
    const char *s = kc_callee_name(call, &len);
    if (kc_name_is(s, len, "simt__ubsan_mismatch_if"))
        return verdict_test(v, LLVMGetOperand(call, 0), sp);
    unsigned long long size = s[len - 1] == '4' ? 4 : 8;
    return span_test(v, LLVMGetOperand(call, 0), "simt__check_span_test", LLVMConstInt(v->t->k->i64, size, 0), sp);
}

/* A loop whose calls are all versioned checks stores threadIdx (kc_gen.c,
 * build_segment) for them only: the three stores, if found. */
static int tid_stores(kc_tier *t, kc_seg *sg, LLVMValueRef st[3])
{
    st[0] = st[1] = st[2] = NULL;
    if (!t->tidp)
        return 0;
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
    return st[0] && st[1] && st[2];
}

/* The stores go under the loop's test. */
static void tid_unless(kc_tier *t, kc_seg *sg, LLVMValueRef clean)
{
    kc_ctx *k = t->k;
    LLVMValueRef st[3];
    if (!tid_stores(t, sg, st))
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

/* ---- the clean copy ---------------------------------------------------------------- */

typedef struct vmap {
    kc_map idx;
    LLVMValueRef *to;
    int n;
} vmap;

static void vmap_put(vmap *m, LLVMValueRef from, LLVMValueRef to)
{
    m->to = realloc(m->to, (size_t)(m->n + 1) * sizeof *m->to);
    if (!m->to)
        abort();
    m->to[m->n] = to;
    kc_map_put(&m->idx, from, m->n++);
}

static LLVMValueRef vmap_get(const vmap *m, LLVMValueRef from)
{
    int i = kc_map_get(&m->idx, from);
    return i < 0 ? from : m->to[i];
}

static int dropped(LLVMValueRef i, LLVMValueRef *drop, int ndrop)
{
    for (int d = 0; d < ndrop; d++)
        if (drop[d] == i)
            return 1;
    return 0;
}

/* bb's phis with their edges from `from` coming from `to` (LLVM-C sets
 * no phi's incoming block: each is made again); the segment's x follows. */
static void retarget_phis(kc_seg *sg, LLVMBasicBlockRef bb, LLVMBasicBlockRef from, LLVMBasicBlockRef to)
{
    LLVMValueRef first = LLVMGetFirstInstruction(bb);
    if (!first || !LLVMIsAPHINode(first))
        return;
    LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(first)));
    LLVMPositionBuilderBefore(b, first);
    for (LLVMValueRef p = first, next; p && LLVMIsAPHINode(p); p = next) {
        next = LLVMGetNextInstruction(p);
        LLVMValueRef np = LLVMBuildPhi(b, LLVMTypeOf(p), "");
        unsigned n = LLVMCountIncoming(p);
        for (unsigned i = 0; i < n; i++) {
            LLVMValueRef val = LLVMGetIncomingValue(p, i);
            LLVMBasicBlockRef in = LLVMGetIncomingBlock(p, i);
            in = in == from ? to : in;
            LLVMAddIncoming(np, &val, &in, 1);
        }
        if (p == sg->x)
            sg->x = np;
        LLVMReplaceAllUsesWith(p, np);
        LLVMInstructionEraseFromParent(p);
    }
    LLVMDisposeBuilder(b);
}

/* Where block `from` branches to `old`, it branches to `to`. */
static void retarget_branch(LLVMBasicBlockRef from, LLVMBasicBlockRef old, LLVMBasicBlockRef to)
{
    LLVMValueRef term = LLVMGetBasicBlockTerminator(from);
    for (unsigned e = 0; e < LLVMGetNumSuccessors(term); e++)
        if (LLVMGetSuccessor(term, e) == old)
            LLVMSetSuccessor(term, e, to);
}

/* The x loop twice: as it is, where clean is 0, and without the
 * instructions in drop (the checks the tests found clean) where it is
 * not, chosen once before the loop (in kc.pick, which block `from`, the
 * tests', now enters instead of hx).  The clean copy is the normal
 * build's loop, which LLVM vectorizes as it does there; LLVM's own
 * unswitching would make it only under a size limit that a loop of
 * inlined checks passes.  NULL (nothing changed) where a value the loop
 * computes is used after it; else kc.pick. */
static LLVMBasicBlockRef clean_copy(vloop *v, LLVMValueRef clean, LLVMValueRef *drop, int ndrop,
                                    LLVMBasicBlockRef from)
{
    kc_ctx *k = v->t->k;
    kc_seg *sg = v->sg;
    for (int j = 0; j < v->nbody; j++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(v->body[j]); i; i = LLVMGetNextInstruction(i))
            for (LLVMUseRef u = LLVMGetFirstUse(i); u; u = LLVMGetNextUse(u))
                if (!in_body(v, LLVMGetUser(u)))
                    return NULL;
    vmap m = {0};
    LLVMBasicBlockRef *nb = malloc((size_t)v->nbody * sizeof *nb);
    if (!nb)
        abort();
    LLVMBasicBlockRef pick = LLVMInsertBasicBlockInContext(k->c, sg->hx, "kc.pick");
    for (int j = 0; j < v->nbody; j++) {
        nb[j] = LLVMAppendBasicBlockInContext(k->c, v->t->fn, "kc.clean");
        vmap_put(&m, LLVMBasicBlockAsValue(v->body[j]), LLVMBasicBlockAsValue(nb[j]));
    }
    LLVMBuilderRef b = LLVMCreateBuilderInContext(k->c);
    for (int j = 0; j < v->nbody; j++) {
        LLVMPositionBuilderAtEnd(b, nb[j]);
        for (LLVMValueRef i = LLVMGetFirstInstruction(v->body[j]); i; i = LLVMGetNextInstruction(i)) {
            if (dropped(i, drop, ndrop))
                continue;
            LLVMValueRef c;
            if (LLVMIsAPHINode(i)) {
                c = LLVMBuildPhi(b, LLVMTypeOf(i), "");
            } else {
                c = LLVMInstructionClone(i);
                LLVMInsertIntoBuilder(b, c);
            }
            vmap_put(&m, i, c);
        }
    }
    /* Operands through the map; the phis' incoming edges, hy's from pick. */
    for (int j = 0; j < v->nbody; j++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(v->body[j]); i; i = LLVMGetNextInstruction(i)) {
            if (dropped(i, drop, ndrop))
                continue;
            LLVMValueRef c = vmap_get(&m, i);
            if (LLVMIsAPHINode(i)) {
                unsigned n = LLVMCountIncoming(i);
                for (unsigned e = 0; e < n; e++) {
                    LLVMValueRef val = vmap_get(&m, LLVMGetIncomingValue(i, e));
                    LLVMBasicBlockRef bb = LLVMGetIncomingBlock(i, e);
                    bb = bb == from ? pick : LLVMValueAsBasicBlock(vmap_get(&m, LLVMBasicBlockAsValue(bb)));
                    LLVMAddIncoming(c, &val, &bb, 1);
                }
                continue;
            }
            int n = LLVMGetNumOperands(i);
            for (int o = 0; o < n; o++) {
                LLVMValueRef op = LLVMGetOperand(i, (unsigned)o), to = vmap_get(&m, op);
                if (to != op)
                    LLVMSetOperand(c, (unsigned)o, to);
            }
        }
    /* The clean latch's own loop: LLVM records what it did to a loop in
     * its llvm.loop node. */
    LLVMValueRef lx2 = LLVMGetBasicBlockTerminator(LLVMValueAsBasicBlock(vmap_get(&m, LLVMBasicBlockAsValue(sg->lx))));
    LLVMSetMetadata(lx2, LLVMGetMDKindIDInContext(k->c, "llvm.loop", 9), kc_loop_md(k));
    /* The exits' phis get the clean copy's edges. */
    for (int j = 0; j < v->nbody; j++) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(v->body[j]);
        unsigned ns = LLVMGetNumSuccessors(term);
        for (unsigned e = 0; e < ns; e++) {
            LLVMBasicBlockRef out = LLVMGetSuccessor(term, e);
            if (block_in(v->body, v->nbody, out))
                continue;
            for (LLVMValueRef p = LLVMGetFirstInstruction(out); p && LLVMIsAPHINode(p); p = LLVMGetNextInstruction(p)) {
                unsigned n = LLVMCountIncoming(p);
                for (unsigned q = 0; q < n; q++)
                    if (LLVMGetIncomingBlock(p, q) == v->body[j]) {
                        LLVMValueRef val = vmap_get(&m, LLVMGetIncomingValue(p, q));
                        LLVMAddIncoming(p, &val, &nb[j], 1);
                        break;
                    }
            }
        }
    }
    /* hx's phis come from pick now; `from` goes to pick, which picks. */
    retarget_phis(sg, sg->hx, from, pick);
    retarget_branch(from, sg->hx, pick);
    LLVMPositionBuilderAtEnd(b, pick);
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntNE, clean, LLVMConstNull(LLVMTypeOf(clean)), ""), nb[0], sg->hx);
    LLVMDisposeBuilder(b);
    kc_map_free(&m.idx);
    free(m.to);
    free(nb);
    return pick;
}

/* l's index's first, second and last values and the steps between,
 * computed before the x loop. */
static void loop_span(vloop *v, iloop *l)
{
    kc_ctx *k = v->t->k;
    LLVMTypeRef ty = LLVMTypeOf(l->k);
    LLVMValueRef one = LLVMConstInt(ty, 1, 0);
    LLVMIntPredicate p = l->sign ? (l->incl ? LLVMIntSLE : LLVMIntSLT) : (l->incl ? LLVMIntULE : LLVMIntULT);
    LLVMValueRef k0 = clone_at(v, l->k0, NULL, NULL), bound = clone_at(v, l->bound, NULL, NULL);
    LLVMValueRef last = l->incl ? bound : LLVMBuildSub(v->b, bound, one, "");
    l->ks[0] = k0;
    l->ks[1] = LLVMBuildAdd(v->b, k0, one, "");
    l->ks[2] = LLVMBuildSelect(v->b, LLVMBuildICmp(v->b, p, k0, bound, ""), last, k0, "");
    LLVMValueRef d = LLVMBuildSub(v->b, l->ks[2], k0, "");
    l->ksteps = ty == k->i64 ? d : LLVMBuildZExt(v->b, d, k->i64, "");
}

/* The y loop's blocks outside the x loop: those reached from hy without
 * passing hz or lz. */
static void find_yblocks(vloop *v)
{
    kc_seg *sg = v->sg;
    int cap = 16, n = 0;
    LLVMBasicBlockRef *seen = malloc((size_t)cap * sizeof *seen);
    if (!seen)
        abort();
    seen[n++] = sg->hy;
    for (int j = 0; j < n; j++) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(seen[j]);
        unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
        for (unsigned e = 0; e < ns; e++) {
            LLVMBasicBlockRef bb = LLVMGetSuccessor(term, e);
            if (bb == sg->hz || bb == sg->lz || block_in(seen, n, bb))
                continue;
            if (n == cap && !(seen = realloc(seen, (size_t)(cap *= 2) * sizeof *seen)))
                abort();
            seen[n++] = bb;
        }
    }
    v->nyblocks = 0;
    for (int j = 0; j < n; j++)
        if (!block_in(v->body, v->nbody, seen[j]))
            seen[v->nyblocks++] = seen[j];
    v->yblocks = seen;
}

/* The block that enters the y loop: what dominates the loop and is not in
 * it dominates this block's end. */
static LLVMBasicBlockRef rows_pre(const kc_seg *sg)
{
    if (LLVMCountIncoming(sg->y) != 2)
        return sg->hy;
    return LLVMGetIncomingBlock(sg->y, LLVMGetIncomingBlock(sg->y, 0) == sg->ly);
}

/* Whether val is the same for all the y loop's rows (defined before it). */
static int before_rows(const vloop *v, LLVMValueRef val)
{
    return !LLVMIsAInstruction(val) ||
           (!in_body(v, val) && !block_in(v->yblocks, v->nyblocks, LLVMGetInstructionParent(val)));
}

/* Loads of the packed parameters at constant offsets, made once before
 * the loop: the pack is the whole launch's and only read, and LLVM,
 * which cannot know that, keeps them in the loop, where the clean copy's
 * addresses that start from them would not vectorize. */
static void hoist_pack_loads(vloop *v)
{
    if (!v->args)
        return;
    for (int j = 0; j < v->nbody; j++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(v->body[j]), next; i; i = next) {
            next = LLVMGetNextInstruction(i);
            if (!LLVMIsALoadInst(i) || LLVMGetVolatile(i) || LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic)
                continue;
            LLVMValueRef p = LLVMGetOperand(i, 0);
            int fixed_offset = 1;
            /* (The loop's GEPs move with the load; others must be there
             * before the y loop.) */
            for (; LLVMIsAGetElementPtrInst(p); p = LLVMGetOperand(p, 0)) {
                fixed_offset &= in_body(v, p) || before_rows(v, p);
                for (int o = 1; o < LLVMGetNumOperands(p); o++)
                    fixed_offset &= LLVMIsAConstantInt(LLVMGetOperand(p, (unsigned)o)) != NULL;
            }
            if (p != v->args || !fixed_offset)
                continue;
            LLVMValueRef h = clone_at(v, i, NULL, NULL);
            LLVMReplaceAllUsesWith(i, h);
            LLVMInstructionEraseFromParent(i);
        }
}

/* The block's tests: where every access the clean copy leaves unchecked
 * is affine in x and y too, the same tests over all the block's rows
 * (the x range its widest, threadIdx.x from 0 to blockDim.x - 1, where
 * the row's range is the row's own), made once before the y loop.  Where
 * they pass, each row goes to its clean copy without its own tests (a
 * block of 32x8 threads: one test of each access for the block instead
 * of eight); where they fail, the rows' tests decide as before. */
static void block_tests(vloop *v, LLVMValueRef *calls, LLVMValueRef *tests, int n, LLVMValueRef rx[2],
                        LLVMBasicBlockRef rows, LLVMBasicBlockRef pick, LLVMValueRef rowclean)
{
    kc_tier *t = v->t;
    kc_ctx *k = t->k;
    kc_seg *sg = v->sg;
    if (!sg->ly || LLVMCountIncoming(sg->y) != 2 || rows_pre(sg) == sg->hy)
        return;
    /* The rows: from the y loop's first to its bound. */
    LLVMValueRef yn = LLVMGetOperand(sg->ycmp, 1);
    LLVMValueRef y0 = LLVMGetIncomingValue(sg->y, LLVMGetIncomingBlock(sg->y, 0) == sg->ly);
    if (!before_rows(v, yn) || !before_rows(v, y0))
        return;
    for (int c = 0; c < n; c++)
        if (tests[c] && loop_of(v, LLVMGetInstructionParent(calls[c])))
            return;
    LLVMBuilderRef b = v->b;
    LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(rows_pre(sg)));
    /* The x range: the rows' own where it is the same for all, else the
     * block's, which holds each row's. */
    LLVMValueRef one = LLVMConstInt(k->i64, 1, 0);
    LLVMValueRef x0 = rx[0], hi = rx[1];
    if (!before_rows(v, x0) || !before_rows(v, hi)) {
        x0 = t->xlo;
        hi = t->xhi;
        if (!before_rows(v, x0) || !before_rows(v, hi))
            return;
    }
    span sp;
    sp.x[0] = x0;
    sp.x[1] = LLVMBuildAdd(b, x0, one, "");
    sp.x[2] = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntULT, x0, hi, ""), LLVMBuildSub(b, hi, one, ""), x0, "");
    sp.xsteps = LLVMBuildSub(b, sp.x[2], x0, "");
    sp.k[0] = y0;
    sp.k[1] = LLVMBuildAdd(b, y0, one, "");
    sp.k[2] = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntULT, y0, yn, ""), LLVMBuildSub(b, yn, one, ""), y0, "");
    sp.ksteps = LLVMBuildSub(b, sp.k[2], y0, "");
    v->k = sg->y;
    LLVMValueRef bclean = NULL;
    int ok = 1;
    for (int c = 0; c < n && ok; c++) {
        if (!tests[c])
            continue;
        LLVMValueRef bt = call_test(v, calls[c], &sp);
        ok = bt != NULL;
        if (bt)
            bclean = bclean ? LLVMBuildAnd(b, bclean, bt, "") : bt;
    }
    v->k = NULL;
    if (!ok || !bclean)
        return;     /* what it made before the y loop goes unused */
    /* hy -> kc.bsel: the block's verdict, or the row's tests. */
    LLVMBasicBlockRef bsel = LLVMInsertBasicBlockInContext(k->c, rows, "kc.bsel");
    retarget_branch(sg->hy, rows, bsel);
    LLVMPositionBuilderAtEnd(b, bsel);
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntNE, bclean, LLVMConstNull(LLVMTypeOf(bclean)), ""), pick, rows);
    /* pick's choice: the block's verdict or the row's. */
    LLVMValueRef cmp = LLVMGetFirstInstruction(pick);
    LLVMPositionBuilderBefore(b, cmp);
    LLVMValueRef ph = LLVMBuildPhi(b, LLVMTypeOf(rowclean), "kc.clean");
    LLVMValueRef vals[2] = {LLVMConstInt(LLVMTypeOf(rowclean), 1, 0), rowclean};
    LLVMBasicBlockRef from[2] = {bsel, rows};
    LLVMAddIncoming(ph, vals, from, 2);
    LLVMSetOperand(cmp, 0, ph);
    /* hx's and the clean copy's phis have pick's edge; x0 is hy's value,
     * which reaches pick either way. */
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
        find_yblocks(&v);
        v.b = LLVMCreateBuilderInContext(k->c);
        LLVMPositionBuilderBefore(v.b, LLVMGetBasicBlockTerminator(rows_pre(sg)));
        hoist_pack_loads(&v);
        /* The row's tests, in a block of their own between hy and hx. */
        LLVMValueRef x0 = LLVMGetIncomingValue(sg->x, 0), hi = LLVMGetOperand(sg->xcmp, 1);
        LLVMBasicBlockRef rows = LLVMInsertBasicBlockInContext(k->c, sg->hx, "kc.rows");
        retarget_phis(sg, sg->hx, sg->hy, rows);
        retarget_branch(sg->hy, sg->hx, rows);
        LLVMPositionBuilderAtEnd(v.b, rows);
        LLVMPositionBuilderBefore(v.b, LLVMBuildBr(v.b, sg->hx));
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
        find_loops(&v);
        for (int c = 0; c < n; c++) {
            span sp = {.x = {xs[0], xs[1], xs[2]}, .xsteps = steps};
            iloop *l = loop_of(&v, LLVMGetInstructionParent(calls[c]));
            v.k = l ? l->k : NULL;
            if (l && !l->ksteps)
                loop_span(&v, l);
            if (l)
                sp = (span){.x = {xs[0], xs[1], xs[2]}, .xsteps = steps,
                            .k = {l->ks[0], l->ks[1], l->ks[2]}, .ksteps = l->ksteps};
            tests[c] = call_test(&v, calls[c], &sp);
            v.k = NULL;
            if (tests[c])
                clean = clean ? LLVMBuildAnd(v.b, clean, tests[c], "") : tests[c];
        }
        int all = clean != NULL;
        for (int c = 0; c < n; c++)
            all &= tests[c] != NULL;
        /* The clean copy drops the checks the tests cover, and the
         * threadIdx stores that are there for them alone. */
        LLVMValueRef *drop = malloc(((size_t)n + 3) * sizeof *drop);
        if (!drop)
            abort();
        int ndrop = 0;
        for (int c = 0; c < n; c++)
            if (tests[c])
                drop[ndrop++] = calls[c];
        LLVMValueRef st[3];
        if (all && !others && tid_stores(t, sg, st))
            for (int d = 0; d < 3; d++)
                drop[ndrop++] = st[d];
        LLVMBasicBlockRef pick = clean ? clean_copy(&v, clean, drop, ndrop, rows) : NULL;
        int copied = pick != NULL;
        if (pick)
            block_tests(&v, calls, tests, n, (LLVMValueRef[2]){x0, hi}, rows, pick, clean);
        free(drop);
        LLVMBuilderRef b = t->b;
        for (int c = 0; clean && !copied && c < n; c++) {
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
        if (all && !others && !copied)
            tid_unless(t, sg, clean);
        free(tests);
        LLVMDisposeBuilder(v.b);
    }
    free(v.yblocks);
    for (int j = 0; j < v.nloops; j++)
        free(v.loops[j].blocks);
    free(v.loops);
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
