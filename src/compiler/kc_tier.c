/*
 * kc_tier.c: the analysis half of the compiled tier — a thread function
 * split at its barriers into segments.
 *
 * The input is one CUDA thread's body with everything inlined.  After
 * normalization (one return block; every barrier call alone in its block),
 *   - divergence: a value is divergent if it can differ between threads of
 *     a block (threadIdx, a thread's own memory, loads at divergent
 *     addresses, volatile and atomic loads, calls, and what depends on
 *     them, including phis where divergent branches join; a load at a
 *     uniform address is uniform, since a store there between the same
 *     barriers would race with it); a block is under uniform control
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
#include <stdio.h>
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

/* A warp collective's result is a 64-bit integer that its users narrow
 * (a float shuffle's trunc and bitcast): those casts move into the
 * collective's block, so that the value crossing into the next segment
 * is the narrow one (a slot of 4-byte elements, twice the vector width).
 * Returns the last instruction that stays with the call. */
static LLVMValueRef result_casts(LLVMValueRef call)
{
    LLVMValueRef last = call;
    if (kc_barrier_kind(call) < KC_SHFL || kc_barrier_kind(call) == KC_SYNCWARP)
        return last;
    for (int n = 0; n < 4; n++) {
        LLVMUseRef u = LLVMGetFirstUse(last);
        if (!u || LLVMGetNextUse(u))
            break;
        LLVMValueRef c = LLVMGetUser(u);
        if (!LLVMIsACastInst(c) || LLVMGetNumOperands(c) != 1 || LLVMIsAPHINode(c))
            break;
        LLVMInstructionRemoveFromParent(c);
        LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(c)));
        LLVMPositionBuilderBefore(b, LLVMGetNextInstruction(last));
        LLVMInsertIntoBuilder(b, c);
        LLVMDisposeBuilder(b);
        last = c;
    }
    return last;
}

/* A shuffle down reads its own lane or a later one of its warp, never an
 * earlier one.  The thread loop that runs it goes up through the lanes and
 * writes only its own thread's storage, so no lane's read can see a later
 * write of this loop: the code after the shuffle can run in the same loop
 * (a reduction step is one loop, not an exchange loop and another). */
static int reads_later_lanes(LLVMValueRef call)
{
    LLVMValueRef op = LLVMGetOperand(call, 1);
    return kc_barrier_kind(call) == KC_SHFL && LLVMIsAConstantInt(op) && LLVMConstIntGetZExtValue(op) == 2;
}

/* Whether bb is a barrier alone (a collective with its result's casts),
 * followed by a block made for it. */
static int barrier_split(LLVMBasicBlockRef bb)
{
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    LLVMValueRef after = LLVMGetNextInstruction(LLVMGetFirstInstruction(bb));
    while (after && after != t && LLVMIsACastInst(after))
        after = LLVMGetNextInstruction(after);
    if (after != t || LLVMGetInstructionOpcode(t) != LLVMBr || LLVMIsConditional(t))
        return 0;
    LLVMBasicBlockRef next = LLVMGetSuccessor(t, 0);
    size_t n;
    const char *name = LLVMGetBasicBlockName(next) ? LLVMGetBasicBlockName(next) : "";
    n = strlen(name);
    return n >= 8 && !memcmp(name, "kc.split", 8) && LLVMGetFirstInstruction(next) == LLVMGetBasicBlockTerminator(next);
}

static void isolate_barriers(kc_ctx *k, LLVMValueRef fn);

/* The field (0, 4, 8) of built-in g that v loads, or -1. */
static int builtin_field(kc_ctx *k, LLVMValueRef v, LLVMValueRef g)
{
    if (!LLVMIsALoadInst(v) || LLVMGetVolatile(v))
        return -1;
    LLVMValueRef p = LLVMGetOperand(v, 0);
    long long off = 0;
    if (LLVMIsAGetElementPtrInst(p)) {
        if (!kc_gep_offset(k, p, &off))
            return -1;
        p = LLVMGetOperand(p, 0);
    }
    return kc_tls_global(p) == g && g && (off == 0 || off == 4 || off == 8) ? (int)off : -1;
}

static int is_add_of(LLVMValueRef v, LLVMValueRef *a, LLVMValueRef *b)
{
    if (!LLVMIsAInstruction(v) || LLVMGetInstructionOpcode(v) != LLVMAdd)
        return 0;
    *a = LLVMGetOperand(v, 0);
    *b = LLVMGetOperand(v, 1);
    return 1;
}

static int const_is(LLVMValueRef v, long long c)
{
    return LLVMIsAConstantInt(v) && LLVMConstIntGetSExtValue(v) == c;
}

/* Whether x < 2 * d, d being blockDim's field f: x is threadIdx's field f
 * (below d) plus 0, 1, d - 1 or d. */
static int below_twice(kc_ctx *k, LLVMValueRef x, LLVMValueRef d, int f)
{
    LLVMValueRef a, b, c, e;
    if (!is_add_of(x, &a, &b))
        return 0;
    for (int sw = 0; sw < 2; sw++) {
        LLVMValueRef tid = sw ? b : a, rest = sw ? a : b;
        if (builtin_field(k, tid, k->g_tid) == f) {
            if (const_is(rest, 0) || const_is(rest, 1) || rest == d)
                return 1;
            if (is_add_of(rest, &c, &e) && ((c == d && const_is(e, -1)) || (e == d && const_is(c, -1))))
                return 1; /* t + (d - 1) */
        }
        /* (t + d) - 1 */
        if (const_is(rest, -1) && is_add_of(tid, &c, &e) &&
            ((builtin_field(k, c, k->g_tid) == f && e == d) || (builtin_field(k, e, k->g_tid) == f && c == d)))
            return 1;
    }
    return 0;
}

/* (threadIdx.x + 1) % blockDim.x, the neighbour in a ring of threads, is
 * a division per thread that no vector unit has.  threadIdx.x <
 * blockDim.x makes the dividend less than twice the divisor: the remainder
 * is one compare and a subtraction. */
static void ring_remainders(kc_ctx *k, LLVMValueRef fn)
{
    LLVMBuilderRef b = LLVMCreateBuilderInContext(k->c);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        LLVMValueRef i = LLVMGetFirstInstruction(bb);
        while (i) {
            LLVMValueRef next = LLVMGetNextInstruction(i);
            if (LLVMGetInstructionOpcode(i) == LLVMURem) {
                LLVMValueRef x = LLVMGetOperand(i, 0), d = LLVMGetOperand(i, 1);
                int f = builtin_field(k, d, k->g_bdim);
                if (f >= 0 && below_twice(k, x, d, f)) {
                    LLVMPositionBuilderBefore(b, i);
                    LLVMValueRef ge = LLVMBuildICmp(b, LLVMIntUGE, x, d, "");
                    LLVMValueRef r = LLVMBuildSelect(b, ge, LLVMBuildSub(b, x, d, ""), x, "kc.ring");
                    LLVMReplaceAllUsesWith(i, r);
                    LLVMInstructionEraseFromParent(i);
                }
            }
            i = next;
        }
    }
    LLVMDisposeBuilder(b);
}

static void normalize(kc_ctx *k, LLVMValueRef fn)
{
    ring_remainders(k, fn);
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
    isolate_barriers(k, fn);
}

/* Every barrier alone in its block. */
static void isolate_barriers(kc_ctx *k, LLVMValueRef fn)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (!LLVMIsACallInst(i) || kc_barrier_kind(i) == KC_BAR_NONE)
                continue;
            /* The barrier's new block comes later in this walk.  What
             * follows a barrier is a block of its own too, so that a loop
             * starting right after it is not its segment's leader. */
            if (LLVMGetPreviousInstruction(i))
                split_after(k, fn, LLVMGetPreviousInstruction(i));
            else if (reads_later_lanes(i))
                continue; /* what follows stays in its thread loop */
            else if (!barrier_split(bb))
                split_after(k, fn, result_casts(i));
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
 * through: the launch's arguments, the block's built-ins and __constant__
 * variables.  Unchanging, so uniform in a racecheck build too, where a
 * load at any other uniform address is not (source_divergent). */
static int uniform_ptr(const kc_tier *t, LLVMValueRef v, int depth)
{
    if (depth > 32)
        return 0;
    if (v == LLVMGetParam(t->fn, 0))
        return 1;
    LLVMValueRef g = kc_tls_global(v);
    if (g)
        return is_builtin_global(t, g);
    if (LLVMIsAGlobalVariable(v))
        return kc_map_get(&t->k->consts, v) >= 0;
    if (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMGetElementPtr)
        return uniform_ptr(t, LLVMGetOperand(v, 0), depth + 1);
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

/* Whether p points into memory every thread of the block sees as one:
 * not a thread's own (its allocas, threadIdx and the other per-thread
 * globals the runtime keeps thread-local), whatever its address. */
static int shared_by_block(const kc_tier *t, LLVMValueRef p)
{
    for (int depth = 0; depth < 32; depth++) {
        if (LLVMIsAAllocaInst(p))
            return 0;
        LLVMValueRef g = kc_tls_global(p);
        if (g)
            return is_builtin_global(t, g);
        if (LLVMIsAGetElementPtrInst(p) || LLVMIsABitCastInst(p) ||
            (LLVMIsAConstantExpr(p) && (LLVMGetConstOpcode(p) == LLVMGetElementPtr ||
                                        LLVMGetConstOpcode(p) == LLVMBitCast)))
            p = LLVMGetOperand(p, 0);
        else
            return !(LLVMIsAGlobalVariable(p) && LLVMIsThreadLocal(p));
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
                size_t len;
                const char *s = kc_callee_name(i, &len);
                if (s && kc_name_is(s, len, "simt_warp_lockstep")) {
                    kc_why_at(t->why, i, "lanes that read what other lanes wrote to volatile "
                                         "shared memory, run in lockstep");
                    return 0;
                }
                if (!kc_call_ok(k, i, t->why))
                    return 0;
                if (!(len > 5 && !memcmp(s, "llvm.", 5)) && !kc_name_is(s, len, "simt_shared_static"))
                    t->extcall[b] = 1;
                break;
            }
            default:
                break;
            }
        }
    }
    /* Racecheck orders a warp's lanes by the clocks the fiber tier's
     * collectives advance; the exchanges of the compiled tier keep none. */
    if (k->check_race && t->warps) {
        kc_why_at(t->why, NULL, "a warp collective in a racecheck build");
        return 0;
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
    case LLVMLoad: {
        /* A load every thread makes at one address reads one value: a
         * store there by any thread between the same two barriers would
         * race with the other threads' loads, which CUDA leaves undefined
         * (a racecheck build, which reports it, keeps the threads' own
         * decisions).  So a flag in shared memory that thread 0 set
         * before the barrier ("while (!converged)") decides for the
         * block. */
        LLVMValueRef p = LLVMGetOperand(v, 0);
        if (LLVMGetVolatile(v) || LLVMGetOrdering(v) != LLVMAtomicOrderingNotAtomic)
            return 1;
        if (uniform_ptr(t, p, 0))
            return 0;
        return t->k->check_race || operands_divergent(t, v, 0, 1) || !shared_by_block(t, p);
    }
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
    const char *live = t->g.live;
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
            if (j < 0 || !t->div[j] || b == t->guard_bb)
                continue;
            /* A branch whose other ways all end the block ("if (bad)
             * __trap();", a checked PTX address): the threads that go on
             * did not diverge from any that will reach what follows. */
            int ways = 0;
            for (int k = 0; k < t->g.nsucc[b]; k++)
                ways += t->g.succ[b][k] < nb && live[t->g.succ[b][k]];
            if (ways <= 1)
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
            /* What follows a shuffle down is its segment's (see
             * reads_later_lanes). */
            for (int j = 0; j < t->g.nsucc[b] && !reads_later_lanes(t->barrier[b]); j++)
                t->leader[t->g.succ[b][j]] = 1;
        }
    }
    for (int b = 0; b < nb; b++) {
        LLVMValueRef c = branch_cond(LLVMGetBasicBlockTerminator(t->g.bb[b]));
        if (!c || t->inregion[b])
            continue;
        int j = inst_index(t, c);
        if (j >= 0 && t->div[j] && b != t->guard_bb)
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
    memset(t, 0, sizeof *t);
}

/* ---- column walks: loops the thread loops move into -------------------------------- */

/* A thread that walks a column ("for (i...) y[j] += A[i * n + j]", j the
 * thread's index) touches one element per row: run as a loop over threads
 * around the walk, every thread reads a cache line of its own per row.
 * Turned inside out (the walk outside, a loop over the threads in each
 * step) the threads of a step read consecutive elements: the GPU's
 * coalesced access is the CPU's vectorizable one.  Such a loop gets a
 * barrier of the compiler's own (simt__kc_split, a plain barrier that
 * generates nothing) at the start of its body, which makes it a skeleton
 * loop; the usual "if (j < n)" around it, which would make it divergent,
 * is taken as uniform when it can narrow the thread loops instead
 * (kc_gen.c, narrow_region). */

int kc_tid_field(kc_tier *t, LLVMValueRef v)
{
    if (!LLVMIsALoadInst(v) || LLVMGetVolatile(v))
        return -1;
    LLVMValueRef p = LLVMGetOperand(v, 0);
    long long off = 0;
    if (LLVMIsAGetElementPtrInst(p)) {
        if (!kc_gep_offset(t->k, p, &off))
            return -1;
        p = LLVMGetOperand(p, 0);
    }
    if (!t->k->g_tid || kc_tls_global(p) != t->k->g_tid)
        return -1;
    return off == 0 ? 0 : off == 4 ? 1 : off == 8 ? 2 : -1;
}

/* v can move before the entry segment's loops (kc_gen.c's hoist, after
 * the built-ins' loads are hoisted). */
static int entry_hoistable(kc_tier *t, LLVMValueRef v, int depth)
{
    if (!LLVMIsAInstruction(v))
        return 1;
    int i = inst_index(t, v);
    if (i < 0 || t->div[i] || t->iblk[i] != 0 || depth > 12 || LLVMIsAPHINode(v))
        return 0;
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    if (op == LLVMLoad) {
        if (LLVMGetVolatile(v))
            return 0;
        LLVMValueRef p = LLVMGetOperand(v, 0);
        long long off;
        if (LLVMIsAGetElementPtrInst(p) && kc_gep_offset(t->k, p, &off) && is_builtin_global(t, kc_tls_global(LLVMGetOperand(p, 0))))
            return 1;
        if (is_builtin_global(t, kc_tls_global(p)))
            return 1;
        while (LLVMIsAGetElementPtrInst(p))
            p = LLVMGetOperand(p, 0);
        return p == LLVMGetParam(t->fn, 0);
    }
    if (op == LLVMCall || op == LLVMStore || op == LLVMAlloca || op == LLVMAtomicRMW ||
        op == LLVMAtomicCmpXchg || op == LLVMFence || LLVMIsATerminatorInst(v))
        return 0;
    unsigned n = (unsigned)LLVMGetNumOperands(v);
    for (unsigned o = 0; o < n; o++)
        if (!entry_hoistable(t, LLVMGetOperand(v, o), depth + 1))
            return 0;
    return 1;
}

/* Whether bb leads to the return through empty blocks only. */
static int skips_to_return(const kc_tier *t, LLVMBasicBlockRef bb)
{
    for (int depth = 0; depth < 8; depth++) {
        LLVMValueRef i = LLVMGetFirstInstruction(bb);
        if (!i)
            return 0;
        if (LLVMGetInstructionOpcode(i) == LLVMRet)
            return 1;
        if (LLVMGetInstructionOpcode(i) != LLVMBr || LLVMIsConditional(i))
            return 0;
        bb = LLVMGetSuccessor(i, 0);
    }
    return 0;
}

/* "if (guards on threadIdx) { work }" or "if (!guards) return;" as the
 * entry block's branch, guards kc_gen.c can turn into loop bounds. */
static int entry_guard(kc_tier *t)
{
    LLVMValueRef br = LLVMGetBasicBlockTerminator(t->g.bb[0]);
    if (LLVMGetInstructionOpcode(br) != LLVMBr || !LLVMIsConditional(br))
        return 0;
    int skip0 = skips_to_return(t, LLVMGetSuccessor(br, 0)), skip1 = skips_to_return(t, LLVMGetSuccessor(br, 1));
    if (skip0 == skip1 || !kc_pure_before(t->g.bb[0], br))
        return 0;
    int work_on_true = skip1;
    kc_guard gd[6];
    int ng = 0;
    if (!kc_match_guards(t, NULL, LLVMGetCondition(br), gd, &ng, 6) || (!work_on_true && ng != 1))
        return 0;
    for (int i = 0; i < ng; i++) {
        if (!gd[i].nowrap && gd[i].width >= 64)
            return 0;
        if ((gd[i].u && !entry_hoistable(t, gd[i].u, 0)) || !entry_hoistable(t, gd[i].bnd, 0))
            return 0;
    }
    t->guard_bb = 0;
    t->guard_work = work_on_true ? 0 : 1;
    return 1;
}

/* How an address moves with threadIdx.x: not at all, by one element, or
 * otherwise; *var is set when it depends on the loop's header phis. */
enum { LIN_NONE, LIN_UNIT, LIN_OTHER };

static int lin(kc_tier *t, LLVMValueRef v, LLVMBasicBlockRef h, int depth, int *var)
{
    if (!LLVMIsAInstruction(v))
        return LIN_NONE;
    int i = inst_index(t, v);
    if (i < 0 || depth > 12)
        return LIN_OTHER;
    if (LLVMIsAPHINode(v) && LLVMGetInstructionParent(v) == h) {
        *var = 1;
        return t->div[i] ? LIN_OTHER : LIN_NONE;
    }
    int f = kc_tid_field(t, v);
    if (f >= 0)
        return f == 0 ? LIN_UNIT : LIN_OTHER;
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    if (op == LLVMLoad || op == LLVMCall || LLVMIsAPHINode(v))
        return t->div[i] ? LIN_OTHER : LIN_NONE; /* loop-invariant or not: unknown */
    int r[2] = {LIN_NONE, LIN_NONE};
    unsigned n = (unsigned)LLVMGetNumOperands(v);
    int any = LIN_NONE;
    for (unsigned o = 0; o < n; o++) {
        int x = lin(t, LLVMGetOperand(v, o), h, depth + 1, var);
        if (o < 2)
            r[o] = x;
        if (x > any)
            any = x;
    }
    switch (op) {
    case LLVMSExt: case LLVMZExt: case LLVMTrunc:
        return r[0];
    case LLVMAdd:
        return r[0] == LIN_NONE ? r[1] : r[1] == LIN_NONE ? r[0] : LIN_OTHER;
    case LLVMSub:
        return r[1] == LIN_NONE ? r[0] : LIN_OTHER;
    default:
        return any == LIN_NONE ? LIN_NONE : LIN_OTHER;
    }
}

/* A load or store in the loop whose address moves by one element with
 * threadIdx.x and with the loop's iteration (through its header phis). */
static int coalesced_walk(kc_tier *t, LLVMValueRef mem, LLVMBasicBlockRef h)
{
    LLVMOpcode op = LLVMGetInstructionOpcode(mem);
    LLVMValueRef p = op == LLVMLoad ? LLVMGetOperand(mem, 0) : op == LLVMStore ? LLVMGetOperand(mem, 1) : NULL;
    if (!p || !LLVMIsAGetElementPtrInst(p))
        return 0;
    int var = 0;
    unsigned n = (unsigned)LLVMGetNumOperands(p);
    if (lin(t, LLVMGetOperand(p, 0), h, 0, &var) != LIN_NONE)
        return 0;
    for (unsigned o = 1; o + 1 < n; o++)
        if (lin(t, LLVMGetOperand(p, o), h, 0, &var) != LIN_NONE)
            return 0;
    return lin(t, LLVMGetOperand(p, n - 1), h, 0, &var) == LIN_UNIT && var;
}

/* A header phi's value entering the loop and its step per iteration,
 * both constants: "for (j = 0; j < 4; j++)" gives 0 and 1. */
static int counter(LLVMValueRef phi, LLVMBasicBlockRef h, long long *init, long long *step)
{
    if (!LLVMIsAPHINode(phi) || LLVMGetInstructionParent(phi) != h || LLVMCountIncoming(phi) != 2)
        return 0;
    int have_init = 0, have_step = 0;
    for (unsigned i = 0; i < 2; i++) {
        LLVMValueRef v = LLVMGetIncomingValue(phi, i);
        if (LLVMIsAConstantInt(v)) {
            *init = LLVMConstIntGetSExtValue(v);
            have_init = 1;
        } else if (LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMAdd &&
                   LLVMGetOperand(v, 0) == phi && LLVMIsAConstantInt(LLVMGetOperand(v, 1))) {
            *step = LLVMConstIntGetSExtValue(LLVMGetOperand(v, 1));
            have_step = *step != 0;
        }
    }
    return have_init && have_step;
}

/* Whether the loop headed by h runs a few iterations known at compile
 * time: its exit compares a counter of constant start and step (or that
 * counter stepped once) with a constant.  LLVM unrolls such a loop whole,
 * and the loop over threads around it vectorizes with the walk's rows as
 * straight-line streams of consecutive elements; turned inside out, the
 * thread's values live across its iterations would go to the context
 * arrays instead (Rodinia cfd's four neighbours: 2x slower).  A short
 * loop around a longer one (its walk's rows) is still turned. */
#define KC_WALK_MIN_TRIPS 16

static int short_loop(LLVMValueRef c, LLVMBasicBlockRef h)
{
    if (!c || !LLVMIsAICmpInst(c))
        return 0;
    for (int side = 0; side < 2; side++) {
        LLVMValueRef x = LLVMGetOperand(c, (unsigned)side), bound = LLVMGetOperand(c, (unsigned)!side);
        if (!LLVMIsAConstantInt(bound))
            continue;
        long long init = 0, step = 0, extra = 0;
        if (LLVMIsAInstruction(x) && LLVMGetInstructionOpcode(x) == LLVMAdd &&
            LLVMIsAConstantInt(LLVMGetOperand(x, 1)) && LLVMIsAPHINode(LLVMGetOperand(x, 0))) {
            extra = LLVMConstIntGetSExtValue(LLVMGetOperand(x, 1));
            x = LLVMGetOperand(x, 0);
        }
        if (!counter(x, h, &init, &step))
            continue;
        long long span = LLVMConstIntGetSExtValue(bound) - (init + extra);
        if (span < 0)
            span = -span;
        long long mag = step < 0 ? -step : step;
        if (span / mag <= KC_WALK_MIN_TRIPS)
            return 1;
    }
    return 0;
}

/* Whether the blocks marked in body, h left out, hold a cycle: a loop
 * inside the loop headed by h.  mark: 0 unseen, 1 on the path, 2 done. */
static int cycle_from(const kc_tier *t, const char *body, int h, int u, char *mark)
{
    mark[u] = 1;
    for (int j = 0; j < t->g.nsucc[u]; j++) {
        int v = t->g.succ[u][j];
        if (v == h || v >= t->g.n || !body[v] || mark[v] == 2)
            continue;
        if (mark[v] == 1 || cycle_from(t, body, h, v, mark))
            return 1;
    }
    mark[u] = 2;
    return 0;
}

static int cycle_in(const kc_tier *t, const char *body, int h)
{
    char *mark = xcalloc((size_t)t->g.n, 1);
    int found = 0;
    for (int b = 0; b < t->g.n && !found; b++)
        if (body[b] && b != h && !mark[b])
            found = cycle_from(t, body, h, b, mark);
    free(mark);
    return found;
}

static int reaches(const kc_tier *t, int from, int stop, int target, char *seen)
{
    memset(seen, 0, (size_t)t->g.n);
    int *stack = xcalloc((size_t)t->g.n, sizeof *stack), sp = 0, hit = 0;
    stack[sp++] = from;
    seen[from] = 1;
    while (sp && !hit) {
        int u = stack[--sp];
        for (int j = 0; j < t->g.nsucc[u]; j++) {
            int v = t->g.succ[u][j];
            if (v == target)
                hit = 1;
            if (v == stop || v >= t->g.n || seen[v])
                continue;
            seen[v] = 1;
            stack[sp++] = v;
        }
    }
    free(stack);
    return hit;
}

/* Puts the compiler's barrier at the start of each column walk's body;
 * the number put. */
static int plan_walks(kc_tier *t)
{
    kc_ctx *k = t->k;
    int nb = t->g.n, put = 0;
    char *body = xcalloc((size_t)nb, 1);
    LLVMValueRef *at = xcalloc((size_t)nb, sizeof *at);
    for (int h = 0; h < nb; h++) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(t->g.bb[h]);
        LLVMValueRef c = branch_cond(term);
        if (!c || LLVMGetInstructionOpcode(term) != LLVMBr || t->inregion[h])
            continue;
        int j = inst_index(t, c);
        if (j >= 0 && t->div[j])
            continue;
        int in = -1;
        for (int s = 0; s < t->g.nsucc[h] && in < 0; s++) {
            int v = t->g.succ[h][s];
            if (v != h && v < nb && reaches(t, v, t->g.ipdom[h], h, body))
                in = v;
        }
        if (in < 0 || t->g.npred[in] != 1)
            continue;
        reaches(t, in, h, -1, body); /* the loop's blocks from its body */
        if (short_loop(c, t->g.bb[h]) && !cycle_in(t, body, h))
            continue;
        int walk = 0;
        for (int b = 0; b < nb && !walk; b++) {
            if (!body[b] && b != in)
                continue;
            for (LLVMValueRef i = LLVMGetFirstInstruction(t->g.bb[b]); i && !walk; i = LLVMGetNextInstruction(i))
                walk = coalesced_walk(t, i, t->g.bb[h]);
        }
        if (walk)
            at[in] = LLVMGetFirstInstruction(t->g.bb[in]);
    }
    LLVMTypeRef ft = LLVMFunctionType(k->voidt, NULL, 0, 0);
    LLVMValueRef f = LLVMGetNamedFunction(k->m, "simt__kc_split");
    LLVMBuilderRef b = LLVMCreateBuilderInContext(k->c);
    for (int i = 0; i < nb; i++) {
        if (!at[i])
            continue;
        if (!f)
            f = LLVMAddFunction(k->m, "simt__kc_split", ft);
        LLVMValueRef first = at[i];
        while (first && LLVMIsAPHINode(first))
            first = LLVMGetNextInstruction(first);
        LLVMPositionBuilderBefore(b, first);
        LLVMBuildCall2(b, ft, f, NULL, 0, "");
        put++;
    }
    LLVMDisposeBuilder(b);
    free(body);
    free(at);
    return put;
}

static void remove_splits(kc_ctx *k)
{
    LLVMValueRef f = LLVMGetNamedFunction(k->m, "simt__kc_split");
    LLVMUseRef u;
    while (f && (u = LLVMGetFirstUse(f)) != NULL)
        LLVMInstructionEraseFromParent(LLVMGetUser(u));
}

/* ---- collectives under warp-uniform control ------------------------------------------------ */

/* "if (warp == 0) v = warp_reduce(v);": the branch differs between warps
 * but not within one, so the collectives in it see whole warps.  When the
 * region (up to the branch's post-dominator) computes without effects (no
 * stores, loads, calls or barriers; collectives over the whole warp, its
 * own loops and branches), it runs for every thread and the join selects
 * its results or the values from before: every collective is then under
 * the block's uniform control.  Warps are rows of threadIdx.x only when
 * blockDim.x is a multiple of 32: other blocks decline. */

static int warp_uniform(kc_tier *t, LLVMValueRef v, int depth)
{
    if (!LLVMIsAInstruction(v))
        return 1;
    int i = inst_index(t, v);
    if (i < 0 || depth > 16)
        return 0;
    if (!t->div[i])
        return 1;
    int f = kc_tid_field(t, v);
    if (f == 1 || f == 2)
        return 1; /* a warp lies in one row */
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    if ((op == LLVMUDiv || op == LLVMLShr || op == LLVMSDiv || op == LLVMAShr) &&
        LLVMIsAConstantInt(LLVMGetOperand(v, 1))) {
        unsigned long long c = LLVMConstIntGetZExtValue(LLVMGetOperand(v, 1));
        int whole = (op == LLVMUDiv || op == LLVMSDiv) ? c && c % 32 == 0 : c >= 5 && c < 64;
        LLVMValueRef x = LLVMGetOperand(v, 0);
        if (LLVMIsAZExtInst(x) || LLVMIsASExtInst(x))
            x = LLVMGetOperand(x, 0);
        if (whole && kc_tid_field(t, x) == 0)
            return 1;
    }
    if (op == LLVMICmp) {
        /* threadIdx.x against a warp boundary ("x / 32 == 0" is "x < 32"
         * after instcombine). */
        LLVMValueRef a = LLVMGetOperand(v, 0), c = LLVMGetOperand(v, 1);
        LLVMIntPredicate p = LLVMGetICmpPredicate(v);
        if (LLVMIsAZExtInst(a) || LLVMIsASExtInst(a))
            a = LLVMGetOperand(a, 0);
        if (kc_tid_field(t, a) == 0 && LLVMIsAConstantInt(c)) {
            long long k = LLVMConstIntGetSExtValue(c);
            if ((p == LLVMIntULT || p == LLVMIntUGE || p == LLVMIntSLT || p == LLVMIntSGE) && k % 32 == 0)
                return 1;
            if ((p == LLVMIntULE || p == LLVMIntUGT || p == LLVMIntSLE || p == LLVMIntSGT) && (k + 1) % 32 == 0)
                return 1;
        }
        /* "x + s < u" (unsigned), instcombine's range check ("x / 32 == 0"
         * for a signed x is "x + 31 < 63"): true for x in [-s, u - s). */
        if ((p == LLVMIntULT || p == LLVMIntUGE) && LLVMIsAConstantInt(c) && LLVMIsAInstruction(a) &&
            LLVMGetInstructionOpcode(a) == LLVMAdd && LLVMIsAConstantInt(LLVMGetOperand(a, 1))) {
            LLVMValueRef x = LLVMGetOperand(a, 0);
            if (LLVMIsAZExtInst(x) || LLVMIsASExtInst(x))
                x = LLVMGetOperand(x, 0);
            long long sh = LLVMConstIntGetSExtValue(LLVMGetOperand(a, 1));
            long long u = LLVMConstIntGetSExtValue(c);
            long long lo = sh < 0 ? -sh : 0, hi = u - sh;
            if (kc_tid_field(t, x) == 0 && u > 0 && u < (1ll << 30) && sh > -(1ll << 30) && sh < (1ll << 30) &&
                lo % 32 == 0 && (hi <= 0 || hi % 32 == 0))
                return 1;
        }
    }
    switch (op) {
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl: case LLVMLShr: case LLVMAShr:
    case LLVMUDiv: case LLVMSDiv: case LLVMURem: case LLVMSRem:
    case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMSExt: case LLVMZExt: case LLVMTrunc:
    case LLVMICmp: case LLVMSelect:
        break;
    default:
        return 0;
    }
    unsigned n = (unsigned)LLVMGetNumOperands(v);
    for (unsigned o = 0; o < n; o++)
        if (!warp_uniform(t, LLVMGetOperand(v, o), depth + 1))
            return 0;
    return 1;
}

/* Whether a region's blocks compute without effects and hold a collective. */
static int speculable(kc_tier *t, const char *region)
{
    int coll = 0;
    for (int r = 0; r < t->g.n; r++) {
        if (!region[r])
            continue;
        for (LLVMValueRef i = LLVMGetFirstInstruction(t->g.bb[r]); i; i = LLVMGetNextInstruction(i)) {
            LLVMOpcode op = LLVMGetInstructionOpcode(i);
            if (op == LLVMCall) {
                int kind = kc_barrier_kind(i);
                if (kind >= KC_SHFL) {
                    coll = 1;
                    continue;
                }
                if (kind != KC_BAR_NONE)
                    return 0;
                if (!kc_computes_only(i))
                    return 0;
                continue;
            }
            if (op == LLVMStore || op == LLVMLoad || op == LLVMAtomicRMW || op == LLVMAtomicCmpXchg ||
                op == LLVMFence || op == LLVMAlloca || op == LLVMRet || op == LLVMUnreachable)
                return 0; /* an effect, or a fault where the thread would not have gone */
            if (op == LLVMUDiv || op == LLVMSDiv || op == LLVMURem || op == LLVMSRem) {
                LLVMValueRef d = LLVMGetOperand(i, 1);
                if (!LLVMIsAConstantInt(d) || LLVMConstIntGetZExtValue(d) == 0 ||
                    ((op == LLVMSDiv || op == LLVMSRem) && LLVMConstIntGetSExtValue(d) == -1))
                    return 0; /* a division that could trap */
            }
        }
    }
    return coll;
}

/* Runs one such region unconditionally; 1 if one was found. */
static int speculate_one(kc_tier *t)
{
    kc_ctx *k = t->k;
    int nb = t->g.n, done = 0;
    char *region = xcalloc((size_t)nb, 1);
    for (int b = 0; b < nb && !done; b++) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(t->g.bb[b]);
        if (LLVMGetInstructionOpcode(term) != LLVMBr || !LLVMIsConditional(term) || t->g.nsucc[b] != 2)
            continue;
        LLVMValueRef c = LLVMGetCondition(term);
        int ci = inst_index(t, c);
        int join = t->g.ipdom[b];
        if (ci < 0 || !t->div[ci] || join >= nb || !warp_uniform(t, c, 0))
            continue;
        int side = t->g.succ[b][0] == join ? 1 : t->g.succ[b][1] == join ? 0 : -1;
        if (side < 0 || t->g.succ[b][side] == join || t->g.npred[t->g.succ[b][side]] != 1)
            continue;
        kc_reach_from_succs(&t->g, b, join, region);
        region[join] = 0;
        if (!speculable(t, region))
            continue;
        /* The join's phis: the region's values when c says the region
         * ran, the value from b otherwise. */
        LLVMBasicBlockRef jb = t->g.bb[join], bb = t->g.bb[b];
        LLVMBuilderRef bld = LLVMCreateBuilderInContext(k->c);
        LLVMValueRef p = LLVMGetFirstInstruction(jb);
        while (p && LLVMIsAPHINode(p)) {
            LLVMValueRef next = LLVMGetNextInstruction(p);
            LLVMPositionBuilderBefore(bld, p);
            LLVMValueRef np = LLVMBuildPhi(bld, LLVMTypeOf(p), "kc.spec");
            LLVMValueRef from_b = NULL;
            for (unsigned q = 0; q < LLVMCountIncoming(p); q++) {
                LLVMValueRef v = LLVMGetIncomingValue(p, q);
                LLVMBasicBlockRef ib = LLVMGetIncomingBlock(p, q);
                if (ib == bb)
                    from_b = v;
                else
                    LLVMAddIncoming(np, &v, &ib, 1);
            }
            assert(from_b);
            LLVMValueRef at = p;
            while (at && LLVMIsAPHINode(at))
                at = LLVMGetNextInstruction(at);
            LLVMPositionBuilderBefore(bld, at);
            LLVMValueRef sel = side == 0 ? LLVMBuildSelect(bld, c, np, from_b, "")
                                         : LLVMBuildSelect(bld, c, from_b, np, "");
            LLVMReplaceAllUsesWith(p, sel);
            LLVMInstructionEraseFromParent(p);
            p = next;
        }
        LLVMBasicBlockRef into = LLVMGetSuccessor(term, (unsigned)side);
        LLVMInstructionEraseFromParent(term);
        LLVMPositionBuilderAtEnd(bld, bb);
        LLVMBuildBr(bld, into);
        LLVMDisposeBuilder(bld);
        done = 1;
    }
    free(region);
    return done;
}

/* ---- entry point ------------------------------------------------------------------------ */

/* Whether the kernel's only barriers are the compiler's own (the column
 * walks' simt__kc_split): its threads never wait for one another there. */
static int own_barriers_only(const kc_tier *t)
{
    for (int b = 0; b < t->g.n; b++) {
        size_t n = 0;
        const char *name = t->barrier[b] ? kc_callee_name(t->barrier[b], &n) : NULL;
        if (name && !kc_name_is(name, n, "simt__kc_split"))
            return 0;
    }
    return 1;
}

/* The analyses up to segments; 0 with *why if the function stays on the
 * fiber tier.  guard: try the entry guard as uniform. */
static int analyse(kc_tier *t, kc_ctx *k, LLVMValueRef fn, kc_why *why, int guard)
{
    memset(t, 0, sizeof *t);
    t->k = k;
    t->fn = fn;
    t->why = why;
    t->guard_bb = -1;
    t->hoist_also = -1;
    if (kc_cfg_build(&t->g, fn) != 0)
        return 0;
    t->sync = xcalloc((size_t)t->g.n, 1);
    t->inregion = xcalloc((size_t)t->g.n, 1);
    if (!scan(t))
        return 0;
    if (guard) {
        /* Kernels without barriers of their own only. */
        if (!own_barriers_only(t) || t->warps)
            return 0;
        entry_guard(t);
    }
    divergence(t);
    for (int b = 0; b < t->g.n; b++)
        if (t->barrier[b] && t->inregion[b]) {
            kc_why_barrier(why, t->barrier[b],
                           kc_barrier_kind(t->barrier[b]) >= KC_SHFL
                               ? "a warp collective under thread-dependent control flow"
                               : "__syncthreads under thread-dependent control flow");
            return 0;
        }
    return 1;
}

/* Whether part occurs in s[0, n). */
static int has_part(const char *s, size_t n, const char *part)
{
    size_t m = strlen(part);
    for (size_t i = 0; i + m <= n; i++)
        if (!memcmp(s + i, part, m))
            return 1;
    return 0;
}

/* Threads that differ only in threadIdx.y and .z, in a kernel that reads
 * neither, run the same instructions on the same values: rows of 32x8
 * blocks launched for a 1-D index (PolyBench's atax, mvt).  A GPU may run
 * such rows in lockstep, each load seeing what the others saw and each
 * store writing what the others write; one row then does what all do.
 * That holds while nothing tells the rows apart or lets one see the
 * other's order: no barriers or collectives (counts, votes), no atomics
 * (each returns its own value), no calls (printf prints once per thread,
 * a callee may read threadIdx).  Then the y and z loops run one row.
 * A racecheck build runs two (kc_gen.c): rows that do the same thing
 * race with one another exactly where the first two do, and a row that
 * behaves otherwise because it reads what an earlier row wrote does so
 * through a race the first two show.  SIMT_KC_ROWS=0 (read by simt-kc)
 * turns this off. */
static int checks_only(const kc_tier *t, int b);

/* What --resource-usage says of rows alike. */
static const char *rows_text(const kc_ctx *k)
{
    return k->check_race ? "two rows of threads stand for all" : "one row of threads stands for all";
}

static int rows_alike(kc_tier *t)
{
    const char *env = getenv("SIMT_KC_ROWS");
    if (t->warps || (env && !strcmp(env, "0")) || !own_barriers_only(t))
        return 0;
    for (int b = 0; b < t->g.n; b++)
        if (t->extcall[b] && !checks_only(t, b))
            return 0;
    for (int i = 0; i < t->nins; i++) {
        LLVMValueRef v = t->ins[i];
        switch (LLVMGetInstructionOpcode(v)) {
        case LLVMAtomicRMW:
        case LLVMAtomicCmpXchg:
        case LLVMFence:
            return 0;
        case LLVMLoad:
        case LLVMStore:
            if (LLVMGetOrdering(v) != LLVMAtomicOrderingNotAtomic || kc_tid_field(t, v) > 0)
                return 0;
            break;
        case LLVMCall: {
            size_t n = 0;
            const char *s = kc_callee_name(v, &n);
            /* Intrinsics compute; a cycle counter tells rows apart. */
            if (s && n > 5 && !memcmp(s, "llvm.", 5) &&
                (has_part(s, n, "readcyclecounter") || has_part(s, n, "rdtsc") ||
                 has_part(s, n, "readsteadycounter")))
                return 0;
            break;
        }
        default:
            break;
        }
    }
    return 1;
}

/* Whether block b calls out only to check its accesses: memcheck and
 * initcheck find in one row of threads what they would in each of the
 * rows alike (the same addresses), racecheck in two what it would in all
 * (their accesses pairwise); a report names a thread of those rows. */
static int checks_only(const kc_tier *t, int b)
{
    /* The entry points, kc_readonly's and kc_repeat's forms of them, and
     * kc_readonly's test of the launch's allocations (which reads only). */
    static const char *const prefixes[] = {"__tsan_", "__ubsan_", "simt__ubsan_mismatch_if",
                                           "simt__ro__tsan_", "simt__unless", "simt__check_apart"};
    for (LLVMValueRef i = LLVMGetFirstInstruction(t->g.bb[b]); i; i = LLVMGetNextInstruction(i)) {
        size_t n = 0;
        const char *s = LLVMIsACallInst(i) ? kc_callee_name(i, &n) : NULL;
        if (!s || (n > 5 && !memcmp(s, "llvm.", 5)) || kc_name_is(s, n, "simt_shared_static"))
            continue;
        /* An atomic or a fence, instrumented (each atomic returns its own
         * value; the rows would count once). */
        if (n > 13 && !memcmp(s, "__tsan_atomic", 13))
            return 0;
        size_t p = 0;
        while (p < sizeof prefixes / sizeof *prefixes &&
               !(n >= strlen(prefixes[p]) && !memcmp(s, prefixes[p], strlen(prefixes[p]))))
            p++;
        if (p == sizeof prefixes / sizeof *prefixes)
            return 0;
    }
    return 1;
}

/* A block whose threads never wait for one another (no barriers but the
 * compiler's own, no collectives), share no memory of the block (no
 * __shared__ variable, static or dynamic) and neither print nor call into
 * simt (its reports) runs the same in parts on
 * several workers as whole on one: a grid of fewer blocks than workers
 * is then split (src/engine/engine.c, start_block). */
static int threads_apart(kc_tier *t)
{
    if (t->warps || !own_barriers_only(t))
        return 0;
    for (int i = 0; i < t->nins; i++) {
        LLVMValueRef v = t->ins[i];
        if (!LLVMIsACallInst(v) || kc_barrier_kind(v) != KC_BAR_NONE)
            continue;
        size_t n = 0;
        const char *s = kc_callee_name(v, &n);
        if (s && kc_name_is(s, n, "simt_shared_static"))
            return 0;
        if (t->k->g_arena && kc_tls_global(v) == t->k->g_arena)
            return 0;
        /* One block's printf lines come out in thread order on one
         * worker, and of its misuse reports (which end the block) the
         * first thread's: parts on several would interleave them by
         * chance.  Calls into simt itself or the C library's output keep
         * the block whole; math library calls do not. */
        if (s && (has_part(s, n, "simt") || has_part(s, n, "printf") || kc_name_is(s, n, "puts") ||
             kc_name_is(s, n, "putchar")))
            return 0;
    }
    return 1;
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
    int ok = 0;
    /* Collectives under warp-uniform branches first (each changes the CFG:
     * analysed again). */
    kc_why scratch0 = {{0}};
    int rows = 0;
    for (int round = 0; round < 8; round++) {
        int more = analyse(&t, k, fn, &scratch0, 0) == 0 && t.ins && speculate_one(&t);
        tier_free(&t);
        if (!more)
            break;
        rows = 1;
    }
    /* Column walks first: a barrier-free kernel whose loops walk columns
     * gets its barriers of the compiler's own.  Any failure after that
     * takes them out again and compiles the kernel as it was. */
    kc_why scratch = {{0}};
    int walks = 0;
    const char *env = getenv("SIMT_KC_WALKS");
    if ((!env || strcmp(env, "0")) && analyse(&t, k, fn, &scratch, 1))
        walks = plan_walks(&t);
    tier_free(&t);
    if (walks) {
        isolate_barriers(k, fn);
        if (analyse(&t, k, fn, &scratch, 1) && segments(&t)) {
            t.walks = walks;
            t.warp_rows = rows;
            int once = t.rows_once = rows_alike(&t);
            int apart = t.apart = threads_apart(&t);
            kc_generate(&t);
            tier_free(&t);
            /* For --resource-usage: said after "compiled tier". */
            snprintf(why->text, sizeof why->text, "%d column walk%s turned inside out%s%s", walks,
                     walks == 1 ? "" : "s", once ? "; " : "", once ? rows_text(k) : "");
            return KC_COMPILED | (apart ? KC_APART : 0);
        }
        tier_free(&t);
        remove_splits(k);
    }
    if (!analyse(&t, k, fn, why, 0) || !segments(&t))
        goto done;
    t.warp_rows = rows;
    t.rows_once = rows_alike(&t);
    t.apart = threads_apart(&t);
    kc_generate(&t);
    if (t.rows_once)
        snprintf(why->text, sizeof why->text, "%s", rows_text(k));
    ok = KC_COMPILED | (t.apart ? KC_APART : 0);
done:
    tier_free(&t);
    return ok;
}
