/*
 * kc_tier.c: the analysis half of the compiled tier — a thread function
 * split at its barriers into segments.
 *
 * The input is one CUDA thread's body with everything inlined.  After
 * normalization (one return block; every barrier call alone in its block),
 *   - divergence: a value is divergent if it can differ between threads of
 *     a block (threadIdx, loads other than of the kernel's arguments and
 *     the block's built-ins, calls, and what depends on them, including
 *     phis where divergent branches join); a block is under uniform control
 *     if no divergent branch decides whether it runs;
 *   - every barrier must be under uniform control (else: fiber tier);
 *   - a uniform branch whose region holds a barrier is a skeleton branch:
 *     the block function takes it once, outside the thread loops;
 *   - leaders (the entry, the return, barriers, what follows a barrier or a
 *     skeleton branch, and where two segments would meet) start segments:
 *     the blocks reachable from a leader without entering another.  Each
 *     segment becomes one loop over the block's threads (kc_gen.c), left
 *     by one uniform decision: one target leader, or one skeleton branch.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "kc_gen.h"

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p)
        abort();
    return p;
}

/* ---- normalization --------------------------------------------------------- */

/* Phis of `succ` that name `from` as a predecessor name `to` instead (the C
 * API cannot set an incoming block: the phi is rebuilt). */
static void phis_retarget(kc_ctx *k, LLVMBasicBlockRef succ, LLVMBasicBlockRef from,
                          LLVMBasicBlockRef to)
{
    LLVMBuilderRef b = LLVMCreateBuilderInContext(k->c);
    LLVMValueRef i = LLVMGetFirstInstruction(succ);
    while (i && LLVMIsAPHINode(i)) {
        LLVMValueRef next = LLVMGetNextInstruction(i);
        unsigned n = LLVMCountIncoming(i);
        int hit = 0;
        for (unsigned j = 0; j < n; j++)
            hit |= LLVMGetIncomingBlock(i, j) == from;
        if (hit) {
            LLVMPositionBuilderBefore(b, i);
            LLVMValueRef p = LLVMBuildPhi(b, LLVMTypeOf(i), "");
            for (unsigned j = 0; j < n; j++) {
                LLVMValueRef v = LLVMGetIncomingValue(i, j);
                LLVMBasicBlockRef bb = LLVMGetIncomingBlock(i, j);
                if (bb == from)
                    bb = to;
                LLVMAddIncoming(p, &v, &bb, 1);
            }
            LLVMReplaceAllUsesWith(i, p);
            LLVMInstructionEraseFromParent(i);
        }
        i = next;
    }
    LLVMDisposeBuilder(b);
}

/* Moves everything after `inst` into a new block that its block branches to. */
static LLVMBasicBlockRef split_after(kc_ctx *k, LLVMValueRef fn, LLVMValueRef inst)
{
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(inst);
    LLVMBasicBlockRef nb = LLVMAppendBasicBlockInContext(k->c, fn, "kc.split");
    LLVMBuilderRef b = LLVMCreateBuilderInContext(k->c);
    LLVMPositionBuilderAtEnd(b, nb);
    LLVMValueRef i = LLVMGetNextInstruction(inst);
    while (i) {
        LLVMValueRef next = LLVMGetNextInstruction(i);
        LLVMInstructionRemoveFromParent(i);
        LLVMInsertIntoBuilder(b, i);
        i = next;
    }
    LLVMValueRef t = LLVMGetBasicBlockTerminator(nb);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    for (unsigned s = 0; s < ns; s++) {
        LLVMBasicBlockRef succ = LLVMGetSuccessor(t, s);
        int seen = 0;
        for (unsigned r = 0; r < s; r++)
            seen |= LLVMGetSuccessor(t, r) == succ;
        if (!seen)
            phis_retarget(k, succ, bb, nb);
    }
    LLVMPositionBuilderAtEnd(b, bb);
    LLVMBuildBr(b, nb);
    LLVMDisposeBuilder(b);
    return nb;
}

/* Whether bb is a barrier alone, followed by a block made for it. */
static int barrier_split(LLVMBasicBlockRef bb)
{
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    if (LLVMGetNextInstruction(LLVMGetFirstInstruction(bb)) != t || LLVMGetInstructionOpcode(t) != LLVMBr ||
        LLVMIsConditional(t))
        return 0;
    LLVMBasicBlockRef next = LLVMGetSuccessor(t, 0);
    size_t n;
    const char *name = LLVMGetBasicBlockName(next) ? LLVMGetBasicBlockName(next) : "";
    n = strlen(name);
    return n >= 8 && !memcmp(name, "kc.split", 8) && LLVMGetFirstInstruction(next) == LLVMGetBasicBlockTerminator(next);
}

static void normalize(kc_ctx *k, LLVMValueRef fn)
{
    /* One return block holding nothing but the return. */
    LLVMBuilderRef b = LLVMCreateBuilderInContext(k->c);
    LLVMBasicBlockRef ret = LLVMAppendBasicBlockInContext(k->c, fn, "kc.ret");
    LLVMPositionBuilderAtEnd(b, ret);
    LLVMBuildRetVoid(b);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
        if (bb != ret && t && LLVMGetInstructionOpcode(t) == LLVMRet) {
            LLVMInstructionEraseFromParent(t);
            LLVMPositionBuilderAtEnd(b, bb);
            LLVMBuildBr(b, ret);
        }
    }
    LLVMDisposeBuilder(b);
    /* Every barrier alone in its block. */
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (!LLVMIsACallInst(i) || kc_barrier_kind(i) == KC_BAR_NONE)
                continue;
            /* The barrier's new block comes later in this walk.  What
             * follows a barrier is a block of its own too, so that a loop
             * starting right after it is not its segment's leader. */
            if (LLVMGetPreviousInstruction(i))
                split_after(k, fn, LLVMGetPreviousInstruction(i));
            else if (!barrier_split(bb))
                split_after(k, fn, i);
            break;
        }
    }
}

/* ---- scanning -------------------------------------------------------------------- */

static int inst_index(const kc_tier *t, LLVMValueRef v)
{
    return v ? kc_map_get(&t->iidx, v) : -1;
}

int kc_seg_of_inst(const kc_tier *t, LLVMValueRef v)
{
    int i = inst_index(t, v);
    return i < 0 ? -1 : t->bseg[t->iblk[i]];
}

static int is_builtin_global(const kc_tier *t, LLVMValueRef g)
{
    const kc_ctx *k = t->k;
    return g && (g == k->g_bid || g == k->g_bdim || g == k->g_gdim || g == k->g_arena);
}

/* A pointer every thread of a block reads the same, unchanging, memory
 * through: the launch's arguments and the block's built-ins. */
static int uniform_ptr(const kc_tier *t, LLVMValueRef v, int depth)
{
    if (depth > 32)
        return 0;
    if (v == LLVMGetParam(t->fn, 0))
        return 1;
    LLVMValueRef g = kc_tls_global(v);
    if (g)
        return is_builtin_global(t, g);
    if (LLVMIsAGetElementPtrInst(v)) {
        unsigned n = (unsigned)LLVMGetNumOperands(v);
        for (unsigned i = 1; i < n; i++) {
            int j = inst_index(t, LLVMGetOperand(v, i));
            if (j >= 0 && t->div[j])
                return 0;
        }
        return uniform_ptr(t, LLVMGetOperand(v, 0), depth + 1);
    }
    return 0;
}

static int scan(kc_tier *t)
{
    kc_ctx *k = t->k;
    int n = 0;
    for (int b = 0; b < t->g.n; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(t->g.bb[b]); i; i = LLVMGetNextInstruction(i))
            n++;
    t->nins = n;
    t->ins = xcalloc((size_t)n, sizeof *t->ins);
    t->iblk = xcalloc((size_t)n, sizeof *t->iblk);
    t->div = xcalloc((size_t)n, 1);
    t->barrier = xcalloc((size_t)t->g.n, sizeof *t->barrier);
    t->extcall = xcalloc((size_t)t->g.n, 1);
    n = 0;
    for (int b = 0; b < t->g.n; b++) {
        for (LLVMValueRef i = LLVMGetFirstInstruction(t->g.bb[b]); i; i = LLVMGetNextInstruction(i)) {
            t->ins[n] = i;
            t->iblk[n] = b;
            kc_map_put(&t->iidx, i, n++);
            LLVMOpcode op = LLVMGetInstructionOpcode(i);
            switch (op) {
            case LLVMInvoke:
            case LLVMCallBr:
            case LLVMLandingPad:
            case LLVMResume:
            case LLVMCleanupPad:
            case LLVMCatchPad:
            case LLVMCatchSwitch:
                kc_why_at(t->why, i, "exception handling in device code");
                return 0;
            case LLVMIndirectBr:
                kc_why_at(t->why, i, "a computed goto");
                return 0;
            case LLVMVAArg:
                kc_why_at(t->why, i, "a variadic device function");
                return 0;
            case LLVMAlloca:
                if (b != 0 || !LLVMIsAConstantInt(LLVMGetOperand(i, 0))) {
                    kc_why_at(t->why, i, "a variable-length array");
                    return 0;
                }
                t->nalloca++;
                break;
            case LLVMCall: {
                int kind = kc_barrier_kind(i);
                if (kind != KC_BAR_NONE) {
                    t->barrier[b] = i;
                    t->warps |= kind >= KC_SHFL;
                    break;
                }
                if (!kc_call_ok(k, i, t->why))
                    return 0;
                size_t len;
                const char *s = kc_callee_name(i, &len);
                if (!(len > 5 && !memcmp(s, "llvm.", 5)) && !kc_name_is(s, len, "simt_shared_static"))
                    t->extcall[b] = 1;
                break;
            }
            default:
                break;
            }
        }
    }
    /* threadIdx is read field by field: the loops give each field. */
    if (k->g_tid) {
        for (LLVMUseRef u = LLVMGetFirstUse(k->g_tid); u; u = LLVMGetNextUse(u)) {
            LLVMValueRef call = LLVMGetUser(u);
            if (!LLVMIsAInstruction(call) || LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)) != t->fn)
                continue;
            if (!kc_tls_global(call)) {
                kc_why_at(t->why, call, "threadIdx used other than by reading its fields");
                return 0;
            }
            for (LLVMUseRef w = LLVMGetFirstUse(call); w; w = LLVMGetNextUse(w)) {
                LLVMValueRef user = LLVMGetUser(w);
                long long off = 0;
                LLVMValueRef load = user;
                if (LLVMIsAGetElementPtrInst(user) && !kc_gep_offset(k, user, &off)) {
                    kc_why_at(t->why, user, "threadIdx indexed");
                    return 0;
                }
                LLVMUseRef lu = LLVMIsAGetElementPtrInst(user) ? LLVMGetFirstUse(user) : NULL;
                do {
                    if (lu)
                        load = LLVMGetUser(lu);
                    if (!LLVMIsALoadInst(load) || LLVMTypeOf(load) != k->i32 ||
                        (off != 0 && off != 4 && off != 8)) {
                        kc_why_at(t->why, load, "threadIdx used other than by reading its fields");
                        return 0;
                    }
                } while (lu && (lu = LLVMGetNextUse(lu)) != NULL);
            }
        }
    }
    return 1;
}

/* ---- divergence -------------------------------------------------------------------- */

static int operands_divergent(const kc_tier *t, LLVMValueRef v, unsigned from, unsigned to)
{
    for (unsigned o = from; o < to; o++) {
        int j = inst_index(t, LLVMGetOperand(v, o));
        if (j >= 0 && t->div[j])
            return 1;
    }
    return 0;
}

static int source_divergent(const kc_tier *t, int i)
{
    LLVMValueRef v = t->ins[i];
    int b = t->iblk[i];
    unsigned nops = (unsigned)LLVMGetNumOperands(v);
    switch (LLVMGetInstructionOpcode(v)) {
    case LLVMLoad:
        return LLVMGetVolatile(v) || !uniform_ptr(t, LLVMGetOperand(v, 0), 0);
    case LLVMAlloca:
    case LLVMAtomicRMW:
    case LLVMAtomicCmpXchg:
    case LLVMFence:
        return 1;
    case LLVMPHI: {
        if (t->sync[b])
            return 1;
        return operands_divergent(t, v, 0, nops);
    }
    case LLVMCall: {
        int kind = kc_barrier_kind(v);
        if (kind >= KC_SHFL)
            return 1; /* a lane's result */
        if (kind != KC_BAR_NONE || kc_tls_global(v))
            return 0;
        size_t len;
        const char *s = kc_callee_name(v, &len);
        if (kc_name_is(s, len, "simt_shared_static"))
            return 0;
        if (s && len > 5 && !memcmp(s, "llvm.", 5))
            return operands_divergent(t, v, 0, (unsigned)LLVMGetNumArgOperands(v));
        return 1;
    }
    default:
        return operands_divergent(t, v, 0, nops);
    }
}

static LLVMValueRef branch_cond(LLVMValueRef term)
{
    LLVMOpcode op = LLVMGetInstructionOpcode(term);
    if (op == LLVMBr && LLVMIsConditional(term))
        return LLVMGetCondition(term);
    if (op == LLVMSwitch)
        return LLVMGetOperand(term, 0);
    return NULL;
}

static void divergence(kc_tier *t)
{
    int nb = t->g.n;
    char *region = xcalloc((size_t)nb, 1);
    char *divbr = xcalloc((size_t)nb, 1);
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int i = 0; i < t->nins; i++)
            if (!t->div[i] && source_divergent(t, i)) {
                t->div[i] = 1;
                changed = 1;
            }
        for (int b = 0; b < nb; b++) {
            if (divbr[b])
                continue;
            LLVMValueRef c = branch_cond(LLVMGetBasicBlockTerminator(t->g.bb[b]));
            int j = inst_index(t, c);
            if (j < 0 || !t->div[j])
                continue;
            divbr[b] = 1;
            changed = 1;
            int stop = t->g.ipdom[b];
            kc_reach_from_succs(&t->g, b, stop, region);
            for (int r = 0; r < nb; r++)
                if (region[r])
                    t->sync[r] = t->inregion[r] = 1;
            if (stop < nb)
                t->sync[stop] = 1;
        }
    }
    free(region);
    free(divbr);
}

/* ---- segments ------------------------------------------------------------------------- */

static int flood(kc_tier *t)
{
    int nb = t->g.n;
    int *stack = xcalloc((size_t)nb, sizeof *stack);
    for (;;) {
        int conflict = 0;
        for (int b = 0; b < nb; b++)
            t->bseg[b] = -1;
        t->nseg = 0;
        for (int l = 0; l < nb && !conflict; l++) {
            if (!t->leader[l])
                continue;
            int s = t->nseg++;
            t->segs[s].leader = l;
            t->bseg[l] = s;
            int sp = 0;
            stack[sp++] = l;
            while (sp && !conflict) {
                int u = stack[--sp];
                for (int j = 0; j < t->g.nsucc[u]; j++) {
                    int v = t->g.succ[u][j];
                    if (t->leader[v])
                        continue;
                    if (t->bseg[v] == -1) {
                        t->bseg[v] = s;
                        stack[sp++] = v;
                    } else if (t->bseg[v] != s) {
                        t->leader[v] = 1; /* two segments meet here */
                        conflict = 1;
                        break;
                    }
                }
            }
        }
        if (!conflict)
            break;
    }
    free(stack);
    for (int b = 0; b < nb; b++)
        if (t->bseg[b] < 0) {
            kc_why_at(t->why, LLVMGetFirstInstruction(t->g.bb[b]), "a block no path reaches");
            return 0;
        }
    return 1;
}

/* How each segment is left: to one leader, or by one skeleton branch. */
static int exits(kc_tier *t)
{
    for (int s = 0; s < t->nseg; s++) {
        kc_seg *sg = &t->segs[s];
        sg->target = -1;
        sg->xb = -1;
        int mixed = 0;
        for (int b = 0; b < t->g.n; b++) {
            if (t->bseg[b] != s)
                continue;
            int all = t->g.nsucc[b] > 0, any = 0;
            for (int j = 0; j < t->g.nsucc[b]; j++) {
                int v = t->g.succ[b][j];
                all &= t->leader[v];
                any |= t->leader[v];
            }
            if (!any)
                continue;
            if (t->skeleton[b] && all) {
                if (sg->xb >= 0 || sg->target >= 0)
                    mixed = 1;
                sg->xb = b;
                continue;
            }
            for (int j = 0; j < t->g.nsucc[b]; j++) {
                int v = t->g.succ[b][j];
                if (!t->leader[v])
                    continue;
                if (sg->xb >= 0 || (sg->target >= 0 && sg->target != v))
                    mixed = 1;
                sg->target = v;
            }
        }
        if (mixed) {
            kc_why_at(t->why, LLVMGetFirstInstruction(t->g.bb[sg->leader]),
                      "control flow between barriers that leaves by several ways");
            return 0;
        }
    }
    return 1;
}

static int segments(kc_tier *t)
{
    int nb = t->g.n;
    t->leader = xcalloc((size_t)nb, 1);
    t->skeleton = xcalloc((size_t)nb, 1);
    t->bseg = xcalloc((size_t)nb, sizeof *t->bseg);
    t->segs = xcalloc((size_t)nb, sizeof *t->segs);
    char *region = xcalloc((size_t)nb, 1);
    t->leader[0] = 1;
    for (int b = 0; b < nb; b++) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(t->g.bb[b]);
        if (LLVMGetInstructionOpcode(term) == LLVMRet)
            t->leader[b] = 1;
        if (t->barrier[b]) {
            t->leader[b] = 1;
            for (int j = 0; j < t->g.nsucc[b]; j++)
                t->leader[t->g.succ[b][j]] = 1;
        }
    }
    for (int b = 0; b < nb; b++) {
        LLVMValueRef c = branch_cond(LLVMGetBasicBlockTerminator(t->g.bb[b]));
        if (!c || t->inregion[b])
            continue;
        int j = inst_index(t, c);
        if (j >= 0 && t->div[j])
            continue;
        kc_reach_from_succs(&t->g, b, t->g.ipdom[b], region);
        int holds = 0;
        for (int r = 0; r < nb; r++)
            holds |= region[r] && t->barrier[r];
        if (!holds)
            continue;
        t->skeleton[b] = 1;
        for (int s = 0; s < t->g.nsucc[b]; s++)
            t->leader[t->g.succ[b][s]] = 1;
    }
    free(region);
    return flood(t) && exits(t);
}

/* ---- entry point ------------------------------------------------------------------------ */

static void tier_free(kc_tier *t)
{
    kc_cfg_free(&t->g);
    kc_map_free(&t->iidx);
    kc_map_free(&t->slot);
    kc_map_free(&t->corig);
    free(t->ins);
    free(t->iblk);
    free(t->div);
    free(t->sync);
    free(t->inregion);
    free(t->barrier);
    free(t->extcall);
    free(t->leader);
    free(t->skeleton);
    free(t->bseg);
    if (t->segs)
        for (int s = 0; s < t->nseg; s++)
            free(t->segs[s].aptr);
    free(t->segs);
    free(t->slot_ty);
    free(t->slot_off);
    free(t->slot_base);
    free(t->allocas);
    free(t->a_off);
    free(t->a_stride);
    free(t->a_base);
}

int kc_compile_thread(kc_ctx *k, LLVMValueRef fn, kc_why *why)
{
    if (LLVMCountParams(fn) != 1 || !LLVMGetFirstBasicBlock(fn)) {
        kc_why_at(why, NULL, "not a thread function");
        return 0;
    }
    normalize(k, fn);
    kc_tier t;
    memset(&t, 0, sizeof t);
    t.k = k;
    t.fn = fn;
    t.why = why;
    int ok = 0;
    if (kc_cfg_build(&t.g, fn) != 0)
        goto done;
    t.sync = xcalloc((size_t)t.g.n, 1);
    t.inregion = xcalloc((size_t)t.g.n, 1);
    if (!scan(&t))
        goto done;
    divergence(&t);
    for (int b = 0; b < t.g.n; b++)
        if (t.barrier[b] && t.inregion[b]) {
            kc_why_barrier(why, t.barrier[b],
                           kc_barrier_kind(t.barrier[b]) >= KC_SHFL
                               ? "a warp collective under thread-dependent control flow"
                               : "__syncthreads under thread-dependent control flow");
            goto done;
        }
    if (!segments(&t))
        goto done;
    kc_generate(&t);
    ok = 1;
done:
    tier_free(&t);
    return ok;
}
