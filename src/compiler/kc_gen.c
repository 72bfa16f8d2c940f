/*
 * kc_gen.c: the generation half of the compiled tier — a thread function,
 * split into segments by kc_tier.c, becomes a block function.
 *
 *   kc.entry   the block's built-ins loaded once, the scratch buffer for
 *              per-thread storage, then the first segment
 *   per segment:
 *     pre      skeleton phis (uniform values where segments meet)
 *     hz/hy/hx loops over threadIdx.z, .y, .x; hx computes the linear id
 *     ...      the segment's own blocks, once per thread; every edge that
 *              leaves the segment goes through a stub to the x latch
 *     lx/ly/lz latches; lx carries llvm.loop.parallel_accesses
 *     post     the segment's one uniform decision: the next segment
 *
 * A divergent value used in another segment is stored to its slot (an
 * array over the block's threads) where it is defined and loaded where it
 * is used; a divergent phi where segments meet is stored by the stubs of
 * the edges into it.  Private variables (allocas) become arrays over the
 * block's threads in the same scratch buffer.  Uniform values need no
 * storage: every thread computes the same one, and the last thread's
 * dominates every later use.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "kc_gen.h"

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p)
        abort();
    return p;
}

static LLVMValueRef ci64(kc_ctx *k, long long v)
{
    return LLVMConstInt(k->i64, (unsigned long long)v, 0);
}

LLVMValueRef kc_tls_addr(kc_ctx *k, LLVMBuilderRef b, LLVMValueRef g)
{
    const char *name = "llvm.threadlocal.address";
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    LLVMTypeRef pt = k->ptr;
    LLVMValueRef f = LLVMGetIntrinsicDeclaration(k->m, id, &pt, 1);
    LLVMTypeRef ft = LLVMIntrinsicGetType(k->c, id, &pt, 1);
    return LLVMBuildCall2(b, ft, f, &g, 1, "");
}

LLVMValueRef kc_tls_i32(kc_ctx *k, const char *name)
{
    LLVMValueRef g = LLVMGetNamedGlobal(k->m, name);
    if (!g) {
        g = LLVMAddGlobal(k->m, k->i32, name);
        LLVMSetThreadLocal(g, 1);
        LLVMSetThreadLocalMode(g, LLVMInitialExecTLSModel);
    }
    return g;
}

/* Erases instruction v.  The maps keyed by instructions forget it first:
 * an instruction built later may take its address (and a lookup of that
 * one found v's entry, a lowering that changed with the allocator). */
static void erase(kc_tier *t, LLVMValueRef v)
{
    kc_map_forget(&t->iidx, v);
    kc_map_forget(&t->slot, v);
    kc_map_forget(&t->corig, v);
    LLVMInstructionEraseFromParent(v);
}

static LLVMValueRef before_terminator(kc_tier *t, LLVMBasicBlockRef bb)
{
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    if (term)
        LLVMPositionBuilderBefore(t->b, term);
    else
        LLVMPositionBuilderAtEnd(t->b, bb);
    return term;
}

static int is_alloca(LLVMValueRef v)
{
    return v && LLVMIsAAllocaInst(v);
}

static int alloca_index(kc_tier *t, LLVMValueRef v)
{
    for (int a = 0; a < t->nalloca; a++)
        if (t->allocas[a] == v)
            return a;
    return -1;
}

/* Segment s's pointer to this thread's copy of private variable a. */
static LLVMValueRef alloca_ptr(kc_tier *t, int s, int a)
{
    kc_seg *sg = &t->segs[s];
    if (!sg->aptr[a]) {
        LLVMBuilderRef b = LLVMCreateBuilderInContext(t->k->c);
        LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(sg->hx));
        LLVMValueRef off = LLVMBuildMul(b, sg->tid, ci64(t->k, t->a_stride[a]), "");
        sg->aptr[a] = LLVMBuildGEP2(b, t->k->i8, t->a_base[a], &off, 1, "kc.priv");
        LLVMDisposeBuilder(b);
    }
    return sg->aptr[a];
}

static LLVMValueRef slot_ptr(kc_tier *t, LLVMBuilderRef b, int slot, int s)
{
    LLVMValueRef tid = t->segs[s].tid;
    return LLVMBuildGEP2(b, t->slot_ty[slot], t->slot_base[slot], &tid, 1, "");
}

static LLVMValueRef builtin_load(kc_tier *t, LLVMValueRef load, long long *off);

/* ---- values recomputed where they are used ------------------------------------- */

/* A divergent value that is cheap arithmetic on threadIdx's fields and on
 * uniform values ("i = blockIdx.x * blockDim.x + threadIdx.x", "&s[tx +
 * 1]") is recomputed in each segment that uses it rather than stored to a
 * slot: the use then sees an affine function of the loop values, which
 * vectorizes as a contiguous access, where a slot would give a gather.
 * UndefinedBehaviorSanitizer's alignment verdict on such an address
 * (zext(icmp ne (and (ptrtoint p), mask), 0), a dozen operations deep
 * for "sum[r * nq * np + q * np + p]") is recomputed too: a memcheck
 * build's loop then tests it from the address, once for all its threads
 * and steps (kc_version.c), instead of reading every thread's stored
 * verdict at each step of a loop around the segment. */
static int tid_field(kc_tier *t, LLVMValueRef v, long long *off)
{
    return LLVMIsALoadInst(v) && !LLVMGetVolatile(v) && builtin_load(t, v, off) == t->k->g_tid;
}

static int remat_ok(kc_tier *t, LLVMValueRef v, int depth, int *budget)
{
    if (!LLVMIsAInstruction(v))
        return 1;
    int i = kc_map_get(&t->iidx, v);
    if (i < 0 || !t->div[i])
        return 1; /* uniform: every segment after its own sees it */
    long long off;
    if (tid_field(t, v, &off))
        return 1;
    if (depth > 12 || --*budget < 0)
        return 0;
    switch (LLVMGetInstructionOpcode(v)) {
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl: case LLVMLShr: case LLVMAShr:
    case LLVMAnd: case LLVMOr: case LLVMXor:
    case LLVMSExt: case LLVMZExt: case LLVMTrunc: case LLVMPtrToInt:
    case LLVMGetElementPtr: case LLVMICmp: case LLVMSelect:
        break;
    default:
        return 0;
    }
    unsigned n = (unsigned)LLVMGetNumOperands(v);
    for (unsigned o = 0; o < n; o++) {
        LLVMValueRef x = LLVMGetOperand(v, o);
        if (is_alloca(x) || !remat_ok(t, x, depth + 1, budget))
            return 0;
    }
    return 1;
}

/* v recomputed in segment s at the builder's position: every divergent
 * value it needs is recomputed too, from the segment's own loop values
 * (an operand's copy in s may belong to another visit of s). */
static LLVMValueRef remat_clone(kc_tier *t, LLVMValueRef v, int s)
{
    if (!LLVMIsAInstruction(v))
        return v;
    /* Operands already rewritten for another segment: a segment's loop
     * value, or a copy made there, stands for its original. */
    for (int q = 0; q < t->nseg; q++) {
        kc_seg *sq = &t->segs[q];
        if (sq->lx && (v == sq->tx || v == sq->ty || v == sq->tz))
            return v == sq->tx ? t->segs[s].tx : v == sq->ty ? t->segs[s].ty : t->segs[s].tz;
    }
    int i = kc_map_get(&t->iidx, v);
    if (i < 0 && (i = kc_map_get(&t->corig, v)) >= 0)
        v = t->ins[i];
    if (i < 0 || !t->div[i])
        return v;
    long long off;
    if (tid_field(t, v, &off)) {
        kc_seg *sg = &t->segs[s];
        return off == 0 ? sg->tx : off == 4 ? sg->ty : sg->tz;
    }
    LLVMValueRef c = LLVMInstructionClone(v);
    unsigned n = (unsigned)LLVMGetNumOperands(v);
    for (unsigned o = 0; o < n; o++)
        LLVMSetOperand(c, o, remat_clone(t, LLVMGetOperand(v, o), s));
    LLVMInsertIntoBuilder(t->b, c);
    kc_map_put(&t->corig, c, i);
    return c;
}

/* v as segment s sees it, for an instruction the builder is placed at. */
static LLVMValueRef materialize(kc_tier *t, LLVMValueRef v, int s)
{
    if (!LLVMIsAInstruction(v))
        return v;
    {
        int i = kc_map_get(&t->iidx, v);
        if (i >= 0 && t->remat[i] && kc_seg_of_inst(t, v) != s)
            return remat_clone(t, v, s);
    }
    if (is_alloca(v)) {
        int a = alloca_index(t, v);
        assert(a >= 0);
        return alloca_ptr(t, s, a);
    }
    int slot = kc_map_get(&t->slot, v);
    if (slot < 0 || kc_seg_of_inst(t, v) == s)
        return v;
    return LLVMBuildLoad2(t->b, t->slot_ty[slot], slot_ptr(t, t->b, slot, s), "");
}

/* ---- which values need storage ------------------------------------------------ */

static int is_leader_phi(kc_tier *t, LLVMValueRef v)
{
    if (!LLVMIsAPHINode(v))
        return 0;
    int b = kc_block_index(&t->g, LLVMGetInstructionParent(v));
    return b >= 0 && t->leader[b];
}

/* The segment a use of an instruction's value sits in: its user's, or for
 * a phi the incoming block's. */
static int use_seg(kc_tier *t, LLVMValueRef user, unsigned op)
{
    if (LLVMIsAPHINode(user))
        return t->bseg[kc_block_index(&t->g, LLVMGetIncomingBlock(user, op))];
    return kc_seg_of_inst(t, user);
}

static int leader_phi_uniform(kc_tier *t, LLVMValueRef phi)
{
    int i = kc_map_get(&t->iidx, phi);
    if (t->div[i])
        return 0;
    /* One value per predecessor segment: which edge of a segment a thread
     * left by is not uniform. */
    unsigned n = LLVMCountIncoming(phi);
    for (unsigned a = 0; a < n; a++)
        for (unsigned c = a + 1; c < n; c++) {
            int sa = t->bseg[kc_block_index(&t->g, LLVMGetIncomingBlock(phi, a))];
            int sc = t->bseg[kc_block_index(&t->g, LLVMGetIncomingBlock(phi, c))];
            if (sa == sc && LLVMGetIncomingValue(phi, a) != LLVMGetIncomingValue(phi, c))
                return 0;
        }
    return 1;
}

static void add_slot(kc_tier *t, LLVMValueRef v)
{
    LLVMTypeRef ty = LLVMTypeOf(v);
    long long size = (long long)LLVMABISizeOfType(t->k->td, ty);
    t->slot_ty[t->nslot] = ty;
    t->slot_off[t->nslot] = t->per_thread;
    t->per_thread += (size + 15) & ~15ll;
    kc_map_put(&t->slot, v, t->nslot++);
}

/* The value under a collective's operand's casts (a float under the
 * bitcast and zext that widen it to the shuffle's 64 bits), as long as
 * each cast is divergent and has no other use than the next: the casts
 * are then recomputed from that value's slot where the collective reads
 * it.  Marks the casts in peeled; records them, innermost last, in cs. */
static LLVMValueRef peel_casts(kc_tier *t, LLVMValueRef op, char *peeled, struct kc_casts *cs)
{
    LLVMValueRef chain[8];
    int n = 0;
    LLVMValueRef x = op;
    while (n < 8 && LLVMIsACastInst(x) && LLVMGetNumOperands(x) == 1) {
        int i = kc_map_get(&t->iidx, x);
        LLVMUseRef u = LLVMGetFirstUse(x);
        if (i < 0 || !t->div[i] || !u || LLVMGetNextUse(u))
            break;
        LLVMValueRef in = LLVMGetOperand(x, 0);
        if (!LLVMIsAInstruction(in) || kc_map_get(&t->iidx, in) < 0)
            break;
        chain[n++] = x;
        if (peeled)
            peeled[i] = 1;
        x = in;
    }
    if (cs) {
        cs->n = n;
        for (int j = 0; j < n; j++) {
            cs->op[j] = LLVMGetInstructionOpcode(chain[j]);
            cs->ty[j] = LLVMTypeOf(chain[j]);
        }
    }
    return x;
}

/* Whether instruction u reads phi p's slot: uses p, or is a collective
 * reading its lanes' copies of p. */
static int reads_phi(kc_tier *t, LLVMValueRef u, LLVMValueRef p)
{
    int j = kc_map_get(&t->iidx, u);
    if (j >= 0 && t->orig[j] == p)
        return 1;
    for (int o = 0; o < LLVMGetNumOperands(u); o++)
        if (LLVMGetOperand(u, o) == p)
            return 1;
    return 0;
}

/* The loop-carried value of a leader phi p, next round's p (v = v * 0.5f +
 * s[t + 1] in a loop with barriers), gets a slot of its own and a copy
 * into p's slot at the loop's latch: a whole thread loop that only copies.
 * It can share p's slot instead when nothing reads p after v is stored
 * and before control is back at p: no read of p after v's definition in
 * its block, and none in a block reachable from there without passing p's
 * block.  Returns p, or NULL. */
static LLVMValueRef slot_sharer(kc_tier *t, int i)
{
    LLVMValueRef v = t->ins[i], p = NULL;
    int s = t->bseg[t->iblk[i]];
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (is_leader_phi(t, user)) {
            if (p && p != user)
                return NULL;
            p = user;
            continue;
        }
        if (kc_seg_of_inst(t, user) != s || LLVMIsAPHINode(user))
            return NULL; /* read elsewhere: keeps its own slot */
    }
    if (!p || leader_phi_uniform(t, p) || LLVMTypeOf(p) != LLVMTypeOf(v))
        return NULL;
    int pb = kc_block_index(&t->g, LLVMGetInstructionParent(p));
    int db = t->iblk[i];
    if (db == pb)
        return NULL;
    for (LLVMValueRef x = LLVMGetNextInstruction(v); x; x = LLVMGetNextInstruction(x))
        if (reads_phi(t, x, p))
            return NULL;
    char *reach = xcalloc((size_t)t->g.n + 1, 1);
    kc_reach_from_succs(&t->g, db, pb, reach);
    int ok = 1;
    for (int j = 0; j < t->nins && ok; j++) {
        LLVMValueRef x = t->ins[j];
        if (!x || !reads_phi(t, x, p))
            continue;
        if (LLVMIsAPHINode(x)) {
            for (unsigned q = 0; q < LLVMCountIncoming(x); q++)
                if (LLVMGetIncomingValue(x, q) == p &&
                    reach[kc_block_index(&t->g, LLVMGetIncomingBlock(x, q))])
                    ok = 0;
        } else if (reach[t->iblk[j]]) {
            ok = 0;
        }
    }
    free(reach);
    return ok ? p : NULL;
}

static void find_slots(kc_tier *t)
{
    t->slot_ty = xcalloc((size_t)t->nins, sizeof *t->slot_ty);
    t->slot_off = xcalloc((size_t)t->nins, sizeof *t->slot_off);
    /* A collective's operand is read from its slot by the other lanes. */
    char *operand = xcalloc((size_t)t->nins, 1);
    char *peeled = xcalloc((size_t)t->nins, 1);
    for (int c = 0; c < t->nins; c++) {
        int j = t->orig[c] ? kc_map_get(&t->iidx, t->orig[c]) : -1;
        if (j >= 0)
            operand[j] = 1;
        if (t->orig[c])
            peel_casts(t, t->opnd[c], peeled, NULL);
    }
    for (int i = 0; i < t->nins; i++) {
        LLVMValueRef v = t->ins[i];
        if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVoidTypeKind || is_alloca(v))
            continue;
        if (is_leader_phi(t, v)) {
            if (!leader_phi_uniform(t, v) && kc_map_get(&t->slot, v) < 0)
                add_slot(t, v);
            continue;
        }
        if (!t->div[i])
            continue;
        int s = t->bseg[t->iblk[i]];
        int budget = 16;
        if (!operand[i] && remat_ok(t, v, 0, &budget)) {
            t->remat[i] = 1; /* recomputed where used: no slot */
            continue;
        }
        if (operand[i]) {
            add_slot(t, v);
            continue;
        }
        for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
            LLVMValueRef user = LLVMGetUser(u);
            unsigned n = (unsigned)LLVMGetNumOperands(user);
            int cross = 0;
            /* A collective whose operand was peeled to a value below this
             * cast recomputes the cast from that value's slot. */
            if (peeled[i] && LLVMIsACallInst(user) && kc_barrier_kind(user) >= KC_SHFL)
                continue;
            for (unsigned o = 0; o < n && !cross; o++)
                if (LLVMGetOperand(user, o) == v && !is_leader_phi(t, user) &&
                    use_seg(t, user, o) != s)
                    cross = 1;
            if (is_leader_phi(t, user)) {
                for (unsigned o = 0; o < LLVMCountIncoming(user); o++)
                    if (LLVMGetIncomingValue(user, o) == v && use_seg(t, user, o) != s)
                        cross = 1;
            }
            if (cross) {
                LLVMValueRef p = slot_sharer(t, i);
                if (!p) {
                    add_slot(t, v);
                    break;
                }
                if (kc_map_get(&t->slot, p) < 0)
                    add_slot(t, p);
                kc_map_put(&t->slot, v, kc_map_get(&t->slot, p));
                break;
            }
        }
    }
    free(operand);
    free(peeled);
    t->slot_bytes = t->per_thread;
    t->allocas = xcalloc((size_t)t->nalloca, sizeof *t->allocas);
    t->a_off = xcalloc((size_t)t->nalloca, sizeof *t->a_off);
    t->a_stride = xcalloc((size_t)t->nalloca, sizeof *t->a_stride);
    t->a_base = xcalloc((size_t)t->nalloca, sizeof *t->a_base);
    int a = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(t->g.bb[0]); i; i = LLVMGetNextInstruction(i)) {
        if (!is_alloca(i))
            continue;
        long long count = LLVMConstIntGetSExtValue(LLVMGetOperand(i, 0));
        long long size = (long long)LLVMABISizeOfType(t->k->td, LLVMGetAllocatedType(i)) * count;
        t->allocas[a] = i;
        t->a_stride[a] = (size + 15) & ~15ll;
        t->a_off[a] = t->per_thread;
        t->per_thread += t->a_stride[a];
        a++;
    }
    t->nalloca = a;
}

/* ---- the skeleton ---------------------------------------------------------------- */

static LLVMBasicBlockRef block(kc_tier *t, const char *name)
{
    return LLVMAppendBasicBlockInContext(t->k->c, t->fn, name);
}

/* A block that declines to run the block (the engine runs it on the fiber
 * tier): only before any thread's work has run. */
static void fill_decline(kc_tier *t, LLVMBasicBlockRef no)
{
    kc_ctx *k = t->k;
    LLVMBuilderRef b = LLVMCreateBuilderInContext(k->c);
    LLVMPositionBuilderAtEnd(b, no);
    LLVMValueRef flag = kc_tls_i32(k, "simt__kc_declined");
    LLVMBuildStore(b, LLVMConstInt(k->i32, 1, 0), kc_tls_addr(k, b, flag));
    LLVMBuildRetVoid(b);
    LLVMDisposeBuilder(b);
}

static void build_entry(kc_tier *t)
{
    kc_ctx *k = t->k;
    LLVMBuilderRef b = t->b;
    t->entry = LLVMInsertBasicBlockInContext(k->c, t->g.bb[0], "kc.entry");
    LLVMPositionBuilderAtEnd(b, t->entry);
    LLVMValueRef bd = kc_tls_addr(k, b, k->g_bdim);
    LLVMValueRef f4 = ci64(k, 4), f8 = ci64(k, 8);
    t->bx = LLVMBuildZExt(b, LLVMBuildLoad2(b, k->i32, bd, "kc.bx"), k->i64, "");
    t->by = LLVMBuildZExt(b, LLVMBuildLoad2(b, k->i32, LLVMBuildGEP2(b, k->i8, bd, &f4, 1, ""), "kc.by"),
                          k->i64, "");
    t->bz = LLVMBuildZExt(b, LLVMBuildLoad2(b, k->i32, LLVMBuildGEP2(b, k->i8, bd, &f8, 1, ""), "kc.bz"),
                          k->i64, "");
    t->n64 = LLVMBuildNUWMul(b, LLVMBuildNUWMul(b, t->bx, t->by, ""), t->bz, "kc.n");
    t->yn = t->rows_once ? ci64(k, 1) : t->by;
    t->zn = t->rows_once ? ci64(k, 1) : t->bz;
    if (t->rows_once && k->check_race) {
        /* Racecheck runs two rows (y 0 and 1, else z 0 and 1): a race
         * between any two rows alike is one between these two. */
        LLVMValueRef two = ci64(k, 2), one = ci64(k, 1);
        LLVMValueRef ymany = LLVMBuildICmp(b, LLVMIntUGE, t->by, two, "");
        t->yn = LLVMBuildSelect(b, ymany, two, t->by, "kc.yn");
        LLVMValueRef z2 = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntUGE, t->bz, two, ""), two, t->bz, "");
        t->zn = LLVMBuildSelect(b, ymany, one, z2, "kc.zn");
    }
    t->xlo = ci64(k, 0);
    t->xhi = t->bx;
    if (t->apart) {
        /* The part of the block's x range the engine gave this call. */
        LLVMValueRef x0 = kc_tls_i32(k, "simt__kc_x0"), x1 = kc_tls_i32(k, "simt__kc_x1");
        t->xlo = LLVMBuildZExt(b, LLVMBuildLoad2(b, k->i32, kc_tls_addr(k, b, x0), "kc.x0"), k->i64, "");
        LLVMValueRef hi = LLVMBuildZExt(b, LLVMBuildLoad2(b, k->i32, kc_tls_addr(k, b, x1), "kc.x1"), k->i64, "");
        t->xhi = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntULT, hi, t->bx, ""), hi, t->bx, "kc.xhi");
    }
    if (t->warps) {
        /* Whole warps only: a block with a partial last warp runs on the
         * fiber tier, which reports what its collectives do there. */
        LLVMBasicBlockRef go = LLVMAppendBasicBlockInContext(k->c, t->fn, "kc.go");
        LLVMBasicBlockRef no = LLVMAppendBasicBlockInContext(k->c, t->fn, "kc.decline");
        LLVMValueRef part = LLVMBuildAnd(b, t->warp_rows ? t->bx : t->n64, ci64(k, 31), "");
        LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntNE, part, ci64(k, 0), ""), no, go);
        fill_decline(t, no);
        t->entry = go;
        LLVMPositionBuilderAtEnd(b, go);
    }
    if (k->g_tid)
        t->tidp = kc_tls_addr(k, b, k->g_tid);
    t->slot_base = xcalloc((size_t)t->nslot, sizeof *t->slot_base);
    if (t->per_thread) {
        LLVMTypeRef arg = k->i64;
        LLVMTypeRef ft = LLVMFunctionType(k->ptr, &arg, 1, 0);
        LLVMValueRef f = LLVMGetNamedFunction(k->m, "simt__kc_scratch");
        if (!f)
            f = LLVMAddFunction(k->m, "simt__kc_scratch", ft);
        /* Slots first, each with a warp's worth of elements on either
         * side (a shuffle loads its neighbours' values unconditionally and
         * selects), then the private variables. */
        LLVMValueRef n64p = LLVMBuildNUWAdd(b, t->n64, ci64(k, 64), "");
        LLVMValueRef slots = LLVMBuildNUWMul(b, n64p, ci64(k, t->slot_bytes), "");
        LLVMValueRef privs = LLVMBuildNUWMul(b, t->n64, ci64(k, t->per_thread - t->slot_bytes), "");
        LLVMValueRef bytes = LLVMBuildNUWAdd(b, slots, privs, "");
        LLVMValueRef scratch = LLVMBuildCall2(b, ft, f, &bytes, 1, "kc.scratch");
        for (int s = 0; s < t->nslot; s++) {
            long long pad = 32 * (long long)LLVMABISizeOfType(k->td, t->slot_ty[s]);
            LLVMValueRef off = LLVMBuildNUWAdd(b, LLVMBuildNUWMul(b, n64p, ci64(k, t->slot_off[s]), ""),
                                               ci64(k, pad), "");
            t->slot_base[s] = LLVMBuildGEP2(b, k->i8, scratch, &off, 1, "kc.slot");
        }
        for (int a = 0; a < t->nalloca; a++) {
            LLVMValueRef off = LLVMBuildNUWAdd(
                b, slots, LLVMBuildNUWMul(b, t->n64, ci64(k, t->a_off[a] - t->slot_bytes), ""), "");
            t->a_base[a] = LLVMBuildGEP2(b, k->i8, scratch, &off, 1, "kc.privs");
        }
    }
}

LLVMValueRef kc_loop_md(kc_ctx *k)
{
    LLVMMetadataRef ag = LLVMMDNodeInContext2(k->c, NULL, 0);
    LLVMMetadataRef ops[2];
    ops[0] = LLVMMDStringInContext2(k->c, "llvm.loop.parallel_accesses", 27);
    ops[1] = ag;
    LLVMMetadataRef pa = LLVMMDNodeInContext2(k->c, ops, 2);
    LLVMMetadataRef tmp = LLVMTemporaryMDNode(k->c, NULL, 0);
    ops[0] = tmp;
    ops[1] = pa;
    LLVMMetadataRef id = LLVMMDNodeInContext2(k->c, ops, 2);
    LLVMMetadataReplaceAllUsesWith(tmp, id);
    return LLVMMetadataAsValue(k->c, id);
}

static LLVMValueRef access_group(kc_ctx *k)
{
    return LLVMMetadataAsValue(k->c, LLVMMDNodeInContext2(k->c, NULL, 0));
}

static LLVMValueRef latch(kc_tier *t, LLVMBasicBlockRef l, LLVMValueRef iv, LLVMValueRef n,
                          LLVMBasicBlockRef head, LLVMBasicBlockRef out, LLVMValueRef *cmp)
{
    LLVMPositionBuilderAtEnd(t->b, l);
    LLVMValueRef next = LLVMBuildNUWAdd(t->b, iv, ci64(t->k, 1), "");
    LLVMValueRef c = LLVMBuildICmp(t->b, LLVMIntULT, next, n, "");
    LLVMValueRef br = LLVMBuildCondBr(t->b, c, head, out);
    LLVMAddIncoming(iv, &next, &l, 1);
    if (cmp)
        *cmp = c;
    return br;
}

static void build_segment(kc_tier *t, int s)
{
    kc_ctx *k = t->k;
    kc_seg *sg = &t->segs[s];
    LLVMBuilderRef b = t->b;
    sg->aptr = xcalloc((size_t)t->nalloca, sizeof *sg->aptr);
    sg->pre = block(t, "kc.pre");
    LLVMValueRef ret = LLVMGetBasicBlockTerminator(t->g.bb[sg->leader]);
    if (LLVMGetInstructionOpcode(ret) == LLVMRet) {
        /* The return segment: nothing per thread. */
        LLVMPositionBuilderAtEnd(b, sg->pre);
        LLVMBuildRetVoid(b);
        return;
    }
    sg->hz = block(t, "kc.hz");
    sg->hy = block(t, "kc.hy");
    sg->hx = block(t, "kc.hx");
    sg->lx = block(t, "kc.lx");
    sg->ly = block(t, "kc.ly");
    sg->lz = block(t, "kc.lz");
    sg->post = block(t, "kc.post");
    LLVMValueRef zero = ci64(k, 0);
    LLVMPositionBuilderAtEnd(b, sg->pre);
    LLVMBuildBr(b, sg->hz);
    LLVMPositionBuilderAtEnd(b, sg->hz);
    sg->z = LLVMBuildPhi(b, k->i64, "kc.z");
    LLVMAddIncoming(sg->z, &zero, &sg->pre, 1);
    LLVMBuildBr(b, sg->hy);
    LLVMPositionBuilderAtEnd(b, sg->hy);
    sg->y = LLVMBuildPhi(b, k->i64, "kc.y");
    LLVMAddIncoming(sg->y, &zero, &sg->hz, 1);
    LLVMBuildBr(b, sg->hx);
    LLVMPositionBuilderAtEnd(b, sg->hx);
    sg->x = LLVMBuildPhi(b, k->i64, "kc.x");
    LLVMAddIncoming(sg->x, &t->xlo, &sg->hy, 1);
    LLVMValueRef zy = LLVMBuildNUWAdd(b, LLVMBuildNUWMul(b, sg->z, t->by, ""), sg->y, "");
    LLVMValueRef row = LLVMBuildNUWMul(b, zy, t->bx, "");
    sg->tid = LLVMBuildNUWAdd(b, row, sg->x, "kc.tid");
    sg->row32 = LLVMBuildTrunc(b, row, k->i32, "kc.row");
    sg->tx = LLVMBuildTrunc(b, sg->x, k->i32, "kc.tx");
    sg->ty = LLVMBuildTrunc(b, sg->y, k->i32, "kc.ty");
    sg->tz = LLVMBuildTrunc(b, sg->z, k->i32, "kc.tz");
    int calls = 0;
    for (int bb = 0; bb < t->g.n; bb++)
        calls |= t->bseg[bb] == s && t->extcall[bb];
    if (calls && t->tidp) {
        /* Called functions (printf, diagnostics) read threadIdx. */
        LLVMValueRef f4 = ci64(k, 4), f8 = ci64(k, 8);
        LLVMBuildStore(b, sg->tx, t->tidp);
        LLVMBuildStore(b, sg->ty, LLVMBuildGEP2(b, k->i8, t->tidp, &f4, 1, ""));
        LLVMBuildStore(b, sg->tz, LLVMBuildGEP2(b, k->i8, t->tidp, &f8, 1, ""));
    }
    LLVMBuildBr(b, t->g.bb[sg->leader]);
    LLVMValueRef br = latch(t, sg->lx, sg->x, t->xhi, sg->hx, sg->ly, &sg->xcmp);
    LLVMSetMetadata(br, LLVMGetMDKindIDInContext(k->c, "llvm.loop", 9), kc_loop_md(k));
    latch(t, sg->ly, sg->y, t->yn, sg->hy, sg->lz, &sg->ycmp);
    latch(t, sg->lz, sg->z, t->zn, sg->hz, sg->post, &sg->zcmp);
}

/* ---- storage of values live across segments -------------------------------------- */

static void store_after_def(kc_tier *t, LLVMValueRef v, int slot)
{
    int s = kc_seg_of_inst(t, v);
    LLVMValueRef at = LLVMGetNextInstruction(v);
    while (at && LLVMIsAPHINode(at))
        at = LLVMGetNextInstruction(at);
    LLVMPositionBuilderBefore(t->b, at);
    LLVMBuildStore(t->b, v, slot_ptr(t, t->b, slot, s));
}

/* Uses of v in segments other than its own read it from its slot, or
 * (slot < 0: a recomputed value) compute it again. */
static void reload_cross_uses(kc_tier *t, LLVMValueRef v, int slot)
{
    int s = kc_seg_of_inst(t, v);
    /* Users first: changing operands edits the use list being walked. */
    size_t nu = 0, cap = 8;
    LLVMValueRef *users = xcalloc(cap, sizeof *users);
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        if (nu == cap) {
            cap *= 2;
            users = realloc(users, cap * sizeof *users);
            if (!users)
                abort();
        }
        users[nu++] = LLVMGetUser(u);
    }
    for (size_t i = 0; i < nu; i++) {
        LLVMValueRef user = users[i];
        int dup = 0;
        for (size_t j = 0; j < i; j++)
            dup |= users[j] == user;
        if (dup || is_leader_phi(t, user) || kc_map_get(&t->iidx, user) < 0)
            continue;
        unsigned n = (unsigned)LLVMGetNumOperands(user);
        for (unsigned o = 0; o < n; o++) {
            if (LLVMGetOperand(user, o) != v)
                continue;
            int us = use_seg(t, user, o);
            if (us == s)
                continue;
            if (LLVMIsAPHINode(user))
                before_terminator(t, LLVMGetIncomingBlock(user, o));
            else
                LLVMPositionBuilderBefore(t->b, user);
            LLVMValueRef l = slot < 0 ? remat_clone(t, v, us)
                                      : LLVMBuildLoad2(t->b, t->slot_ty[slot], slot_ptr(t, t->b, slot, us), "");
            LLVMSetOperand(user, o, l);
        }
    }
    free(users);
}

/* ---- exits and skeleton phis ------------------------------------------------------ */

typedef struct stub {
    LLVMBasicBlockRef bb, from;
    int to;                     /* leader block */
} stub;

static void build_exits(kc_tier *t, stub **stubs, int *nstubs)
{
    int cap = 16, n = 0;
    stub *st = xcalloc((size_t)cap, sizeof *st);
    for (int b = 0; b < t->g.n; b++) {
        int s = t->bseg[b];
        if (!t->segs[s].lx)
            continue;
        LLVMValueRef term = LLVMGetBasicBlockTerminator(t->g.bb[b]);
        for (int j = 0; j < t->g.nsucc[b]; j++) {
            int v = t->g.succ[b][j];
            if (!t->leader[v])
                continue;
            if (n == cap) {
                cap *= 2;
                st = realloc(st, (size_t)cap * sizeof *st);
                if (!st)
                    abort();
            }
            LLVMBasicBlockRef sb = block(t, "kc.exit");
            LLVMPositionBuilderAtEnd(t->b, sb);
            LLVMBuildBr(t->b, t->segs[s].lx);
            LLVMSetSuccessor(term, (unsigned)j, sb);
            st[n].bb = sb;
            st[n].from = t->g.bb[b];
            st[n].to = v;
            n++;
        }
    }
    /* The uniform decision after each segment's loops. */
    for (int s = 0; s < t->nseg; s++) {
        kc_seg *sg = &t->segs[s];
        if (!sg->post)
            continue;
        LLVMPositionBuilderAtEnd(t->b, sg->post);
        if (sg->xb >= 0) {
            LLVMValueRef term = LLVMGetBasicBlockTerminator(t->g.bb[sg->xb]);
            LLVMValueRef c = LLVMInstructionClone(term);
            LLVMInsertIntoBuilder(t->b, c);
            for (int j = 0; j < t->g.nsucc[sg->xb]; j++)
                LLVMSetSuccessor(c, (unsigned)j, t->segs[t->bseg[t->g.succ[sg->xb][j]]].pre);
        } else if (sg->target >= 0) {
            LLVMBuildBr(t->b, t->segs[t->bseg[sg->target]].pre);
        } else {
            LLVMBuildUnreachable(t->b);
        }
    }
    *stubs = st;
    *nstubs = n;
}

static LLVMValueRef first_non_phi(LLVMBasicBlockRef bb)
{
    LLVMValueRef i = LLVMGetFirstInstruction(bb);
    while (i && LLVMIsAPHINode(i))
        i = LLVMGetNextInstruction(i);
    return i;
}

/* Two passes: every phi's incoming values are read (and stored by the
 * stubs) while all phis still stand, then each is replaced.  Replacing as
 * we go would hand a later phi's stub the replacement of an earlier one
 * (a load in another segment's thread loop) instead of the phi, whose
 * slot materialize() knows how to read. */
static void leader_phis(kc_tier *t, const stub *st, int nst)
{
    size_t nr = 0;
    LLVMValueRef (*done)[2] = xcalloc((size_t)t->nins, sizeof *done);
    for (int s = 0; s < t->nseg; s++) {
        kc_seg *sg = &t->segs[s];
        LLVMBasicBlockRef lb = t->g.bb[sg->leader];
        LLVMValueRef i = LLVMGetFirstInstruction(lb);
        while (i && LLVMIsAPHINode(i)) {
            LLVMValueRef next = LLVMGetNextInstruction(i);
            int slot = kc_map_get(&t->slot, i);
            LLVMValueRef repl;
            if (slot < 0) {
                /* Uniform: a phi of the skeleton, one entry per edge from
                 * a segment's decision into this one. */
                LLVMPositionBuilderAtEnd(t->b, sg->pre);
                LLVMPositionBuilderBefore(t->b, LLVMGetFirstInstruction(sg->pre));
                repl = LLVMBuildPhi(t->b, LLVMTypeOf(i), "kc.u");
                for (int p = 0; p < t->nseg; p++) {
                    kc_seg *ps = &t->segs[p];
                    if (!ps->post)
                        continue;
                    LLVMValueRef pt = LLVMGetBasicBlockTerminator(ps->post);
                    unsigned ns = LLVMGetNumSuccessors(pt);
                    for (unsigned j = 0; j < ns; j++) {
                        if (LLVMGetSuccessor(pt, j) != sg->pre)
                            continue;
                        LLVMValueRef val = NULL;
                        for (unsigned q = 0; q < LLVMCountIncoming(i); q++) {
                            int qb = kc_block_index(&t->g, LLVMGetIncomingBlock(i, q));
                            if (t->bseg[qb] == p)
                                val = LLVMGetIncomingValue(i, q);
                        }
                        if (!val)
                            val = LLVMGetUndef(LLVMTypeOf(i));
                        LLVMBasicBlockRef from = ps->post;
                        LLVMAddIncoming(repl, &val, &from, 1);
                    }
                }
            } else {
                for (int e = 0; e < nst; e++) {
                    if (st[e].to != sg->leader)
                        continue;
                    int from = t->bseg[kc_block_index(&t->g, st[e].from)];
                    LLVMValueRef val = NULL;
                    for (unsigned q = 0; q < LLVMCountIncoming(i); q++)
                        if (LLVMGetIncomingBlock(i, q) == st[e].from)
                            val = LLVMGetIncomingValue(i, q);
                    assert(val);
                    before_terminator(t, st[e].bb);
                    val = materialize(t, val, from);
                    LLVMBuildStore(t->b, val, slot_ptr(t, t->b, slot, from));
                }
                reload_cross_uses(t, i, slot);
                LLVMPositionBuilderBefore(t->b, first_non_phi(lb));
                repl = LLVMBuildLoad2(t->b, t->slot_ty[slot], slot_ptr(t, t->b, slot, s), "");
            }
            assert(nr < (size_t)t->nins);
            done[nr][0] = i;
            done[nr++][1] = repl;
            i = next;
        }
    }
    for (size_t r = 0; r < nr; r++) {
        LLVMReplaceAllUsesWith(done[r][0], done[r][1]);
        t->ins[kc_map_get(&t->iidx, done[r][0])] = NULL;
        erase(t, done[r][0]);
    }
    free(done);
}

/* ---- what the loops give: barriers, built-ins, private variables --------------- */

/* A block's barrier, once for the block as its threads' loop ends, tells
 * the engine's watchdog that the block is making progress
 * (simt__kc_barrier, src/engine/watchdog.c), and in a racecheck build
 * starts the checker's next generation of its accesses too
 * (simt__check_kc_barrier, src/check/check.c, which does both).  The
 * splits simt-kc makes itself (column walks) are not barriers. */
static void tell_engine(kc_tier *t, LLVMValueRef call, int s)
{
    kc_ctx *k = t->k;
    size_t n;
    const char *name = kc_callee_name(call, &n);
    if (kc_name_is(name, n, "simt__kc_split"))
        return;
    const char *fn = k->check_race ? "simt__check_kc_barrier" : "simt__kc_barrier";
    LLVMTypeRef ft = LLVMFunctionType(k->voidt, NULL, 0, 0);
    LLVMValueRef f = LLVMGetNamedFunction(k->m, fn);
    if (!f)
        f = LLVMAddFunction(k->m, fn, ft);
    before_terminator(t, t->segs[s].post);
    LLVMBuildCall2(t->b, ft, f, NULL, 0, "");
}

static void lower_barrier(kc_tier *t, LLVMValueRef call, int s, LLVMValueRef acc)
{
    kc_ctx *k = t->k;
    int kind = kc_barrier_kind(call);
    tell_engine(t, call, s);
    if (kind == KC_BAR_PLAIN) {
        erase(t, call);
        return;
    }
    kc_seg *sg = &t->segs[s];
    LLVMBuilderRef b = t->b;
    before_terminator(t, sg->pre);
    LLVMBuildStore(b, LLVMConstInt(k->i32, 0, 0), acc);
    LLVMPositionBuilderBefore(b, call);
    LLVMValueRef p = LLVMGetOperand(call, 0);
    LLVMValueRef one = LLVMBuildZExt(b, LLVMBuildICmp(b, LLVMIntNE, p, LLVMConstNull(LLVMTypeOf(p)), ""),
                                     k->i32, "");
    LLVMBuildStore(b, LLVMBuildAdd(b, LLVMBuildLoad2(b, k->i32, acc, ""), one, ""), acc);
    before_terminator(t, sg->post);
    LLVMValueRef r = LLVMBuildLoad2(b, k->i32, acc, "");
    if (kind == KC_BAR_AND)
        r = LLVMBuildZExt(b, LLVMBuildICmp(b, LLVMIntEQ, LLVMBuildZExt(b, r, k->i64, ""), t->n64, ""),
                          k->i32, "");
    else if (kind == KC_BAR_OR)
        r = LLVMBuildZExt(b, LLVMBuildICmp(b, LLVMIntNE, r, LLVMConstInt(k->i32, 0, 0), ""), k->i32, "");
    LLVMReplaceAllUsesWith(call, r);
    erase(t, call);
}

/* The lane a shuffle reads, as simt's engine computes it (shfl_source in
 * src/engine/warp.c, after PTX's shfl.sync). */
static LLVMValueRef shfl_source(kc_tier *t, int op, LLVMValueRef lane, LLVMValueRef bv,
                                LLVMValueRef width)
{
    kc_ctx *k = t->k;
    LLVMBuilderRef b = t->b;
    LLVMValueRef c32 = LLVMConstInt(k->i32, 32, 0), c31 = LLVMConstInt(k->i32, 31, 0);
    LLVMValueRef segmask = LLVMBuildSub(b, c32, width, "");
    LLVMValueRef nseg = LLVMBuildNot(b, segmask, "");
    LLVMValueRef cval = op == 1 ? LLVMConstInt(k->i32, 0, 0) : c31;
    LLVMValueRef maxl = LLVMBuildOr(b, LLVMBuildAnd(b, lane, segmask, ""), LLVMBuildAnd(b, cval, nseg, ""), "");
    LLVMValueRef bb = LLVMBuildAnd(b, bv, c31, "");
    LLVMValueRef j, ok;
    switch (op) {
    case 1: /* up */
        j = LLVMBuildSub(b, lane, bb, "");
        ok = LLVMBuildICmp(b, LLVMIntSGE, j, maxl, "");
        break;
    /* Signed compares below: j and maxl lie in [0, 62] (SSE2 has no
     * unsigned vector compare). */
    case 2: /* down */
        j = LLVMBuildAdd(b, lane, bb, "");
        ok = LLVMBuildICmp(b, LLVMIntSLE, j, maxl, "");
        break;
    case 3: /* xor */
        j = LLVMBuildXor(b, lane, bb, "");
        ok = LLVMBuildICmp(b, LLVMIntSLE, j, maxl, "");
        break;
    default: /* idx */
        j = LLVMBuildOr(b, LLVMBuildAnd(b, lane, segmask, ""), LLVMBuildAnd(b, bb, nseg, ""), "");
        ok = LLVMBuildICmp(b, LLVMIntSLE, j, maxl, "");
        break;
    }
    return LLVMBuildSelect(b, ok, j, lane, "");
}

/* Whether v is the same for every thread of the block: a constant, an
 * argument, an instruction of the kernel the analysis found uniform, or a
 * value of the skeleton (outside every thread loop). */
static int block_uniform(kc_tier *t, LLVMValueRef v)
{
    if (!LLVMIsAInstruction(v))
        return LLVMIsAConstant(v) || LLVMIsAArgument(v);
    int i = kc_map_get(&t->iidx, v);
    if (i >= 0)
        return !t->div[i];
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(v);
    for (int s = 0; s < t->nseg; s++)
        if (bb == t->segs[s].pre || bb == t->segs[s].post)
            return 1;
    return 0;
}

/* Lane l's value of a collective's operand, which its warp stored to a
 * slot before this segment. */
static LLVMValueRef lane_value(kc_tier *t, int slot, LLVMValueRef wbase, LLVMValueRef l64,
                               const struct kc_casts *cs)
{
    LLVMValueRef idx = LLVMBuildAdd(t->b, wbase, l64, "");
    LLVMValueRef p = LLVMBuildGEP2(t->b, t->slot_ty[slot], t->slot_base[slot], &idx, 1, "");
    LLVMValueRef v = LLVMBuildLoad2(t->b, t->slot_ty[slot], p, "");
    for (int j = cs->n - 1; j >= 0; j--)
        v = LLVMBuildCast(t->b, cs->op[j], v, cs->ty[j], "");
    return v;
}

/* A warp collective over the whole warp, alone in its segment: every lane
 * of every warp has stored its operand; each thread reads its warp's. */
static void lower_collective(kc_tier *t, LLVMValueRef call, int s, int kind, int ci)
{
    const struct kc_casts *cs = &t->casts[ci];
    kc_ctx *k = t->k;
    LLVMBuilderRef b = t->b;
    if (kind == KC_SYNCWARP) {
        erase(t, call);
        return;
    }
    LLVMPositionBuilderBefore(b, call);
    kc_seg *sg = &t->segs[s];
    int op = (int)LLVMConstIntGetZExtValue(LLVMGetOperand(call, 1));
    /* The lane from 32-bit values: the vectorizer keeps threadIdx.x as a
     * vector of i32, where the 64-bit id would take two registers per
     * four lanes and be truncated. */
    LLVMValueRef lane = LLVMBuildAnd(b, LLVMBuildAdd(b, sg->tx, sg->row32, ""), LLVMConstInt(k->i32, 31, 0),
                                     "kc.lane");
    LLVMValueRef lane64 = LLVMBuildZExt(b, lane, k->i64, "");
    LLVMValueRef wbase = LLVMBuildSub(b, sg->tid, lane64, "");
    LLVMValueRef val = LLVMGetOperand(call, 3);
    int slot = t->oslot[ci];
    LLVMValueRef r;
    if (kind == KC_SHFL) {
        LLVMValueRef bv = LLVMGetOperand(call, 5), wv = LLVMGetOperand(call, 6);
        if (slot < 0) {
            r = val; /* the same in every lane */
        } else if ((op == 1 || op == 2) && block_uniform(t, bv) && LLVMIsAConstantInt(wv) &&
                   LLVMConstIntGetZExtValue(wv) == 32) {
            /* Up or down over the whole warp by a distance every thread
             * shares: two loads in thread order and a select, which
             * vectorize (the slots' padding holds the loads of lanes
             * whose source lies past their warp). */
            LLVMValueRef d = LLVMBuildAnd(b, bv, LLVMConstInt(k->i32, 31, 0), "");
            /* lane + d <= 31 as lane < 32 - d (the bound a loop
             * invariant), and signed: lane and d lie in [0, 31], and
             * SSE2 compares only signed integers, an unsigned compare
             * costing two more operations a vector. */
            LLVMValueRef ok = op == 2 ? LLVMBuildICmp(b, LLVMIntSLT, lane,
                                                      LLVMBuildSub(b, LLVMConstInt(k->i32, 32, 0), d, ""), "")
                                      : LLVMBuildICmp(b, LLVMIntSGE, lane, d, "");
            LLVMValueRef d64 = LLVMBuildZExt(b, d, k->i64, "");
            LLVMValueRef other = lane_value(t, slot, sg->tid, op == 2 ? d64 : LLVMBuildNeg(b, d64, ""), cs);
            LLVMValueRef own = lane_value(t, slot, sg->tid, ci64(k, 0), cs);
            r = LLVMBuildSelect(b, ok, other, own, "");
        } else {
            LLVMValueRef src = shfl_source(t, op, lane, LLVMGetOperand(call, 5), LLVMGetOperand(call, 6));
            r = lane_value(t, slot, wbase, LLVMBuildZExt(b, src, k->i64, ""), cs);
        }
    } else {
        /* Votes and reductions: the warp's 32 operands, in lane order. */
        LLVMValueRef acc = NULL;
        for (unsigned l = 0; l < 32; l++) {
            LLVMValueRef v = slot < 0 ? val : lane_value(t, slot, wbase, ci64(k, l), cs);
            if (kind == KC_VOTE) {
                LLVMValueRef bit = LLVMBuildZExt(b, LLVMBuildICmp(b, LLVMIntNE, v, LLVMConstNull(LLVMTypeOf(v)), ""),
                                                 k->i32, "");
                bit = LLVMBuildShl(b, bit, LLVMConstInt(k->i32, l, 0), "");
                acc = acc ? LLVMBuildOr(b, acc, bit, "") : bit;
                continue;
            }
            v = LLVMBuildTrunc(b, LLVMBuildZExt(b, v, k->i64, ""), k->i32, "");
            if (!acc) {
                acc = v;
                continue;
            }
            switch (op) {
            case 9: acc = LLVMBuildAdd(b, acc, v, ""); break;
            case 10: acc = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSLT, v, acc, ""), v, acc, ""); break;
            case 11: acc = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSGT, v, acc, ""), v, acc, ""); break;
            case 12: acc = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntULT, v, acc, ""), v, acc, ""); break;
            case 13: acc = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntUGT, v, acc, ""), v, acc, ""); break;
            case 14: acc = LLVMBuildAnd(b, acc, v, ""); break;
            case 15: acc = LLVMBuildOr(b, acc, v, ""); break;
            default: acc = LLVMBuildXor(b, acc, v, ""); break;
            }
        }
        if (kind == KC_VOTE && op == 5) /* any */
            acc = LLVMBuildZExt(b, LLVMBuildICmp(b, LLVMIntNE, acc, LLVMConstInt(k->i32, 0, 0), ""), k->i32, "");
        else if (kind == KC_VOTE && op == 6) /* all */
            acc = LLVMBuildZExt(b, LLVMBuildICmp(b, LLVMIntEQ, acc, LLVMConstInt(k->i32, 0xffffffffu, 0), ""),
                                k->i32, "");
        r = acc;
    }
    if (LLVMTypeOf(r) != LLVMTypeOf(call))
        r = LLVMBuildZExt(b, r, LLVMTypeOf(call), "");
    LLVMReplaceAllUsesWith(call, r);
    erase(t, call);
}

/* A load through a thread-local built-in at a constant offset: its
 * thread-local global and offset. */
static LLVMValueRef builtin_load(kc_tier *t, LLVMValueRef load, long long *off)
{
    LLVMValueRef p = LLVMGetOperand(load, 0);
    *off = 0;
    if (LLVMIsAGetElementPtrInst(p)) {
        if (!kc_gep_offset(t->k, p, off))
            return NULL;
        p = LLVMGetOperand(p, 0);
    }
    return kc_tls_global(p);
}

typedef struct hoisted {
    LLVMValueRef g, v, key;
    long long off;
    LLVMTypeRef ty;
} hoisted;

/* What CUDA bounds a block's built-ins to, as the load's !range: a
 * dimension of the grid or the block is at least 1 (and a block has at
 * most 1024 threads a side), a block index below 2^31 - 1.  LLVM then
 * folds the math functions' "gridDim.x != 0" (in a kernel or not,
 * math.hpp) and drops overflow checks that guard vector loops. */
static void set_builtin_range(kc_ctx *k, LLVMValueRef v, LLVMValueRef g, long long off, LLVMTypeRef ty)
{
    if (ty != k->i32 || off < 0 || off > 8 || off % 4)
        return;
    long long lo, hi;
    if (g == k->g_gdim) {
        lo = 1;
        hi = 1ll << 31;
    } else if (g == k->g_bdim) {
        lo = 1;
        hi = 1025;
    } else if (g == k->g_bid) {
        lo = 0;
        hi = (1ll << 31) - 1;
    } else {
        return;
    }
    LLVMMetadataRef ops[2] = {LLVMValueAsMetadata(LLVMConstInt(k->i32, (unsigned long long)lo, 0)),
                              LLVMValueAsMetadata(LLVMConstInt(k->i32, (unsigned long long)hi, 0))};
    LLVMSetMetadata(v, LLVMGetMDKindIDInContext(k->c, "range", 5),
                    LLVMMetadataAsValue(k->c, LLVMMDNodeInContext2(k->c, ops, 2)));
}

static LLVMValueRef hoist_load(kc_tier *t, hoisted *h, int *nh, LLVMValueRef g, long long off,
                               LLVMTypeRef ty)
{
    for (int i = 0; i < *nh; i++)
        if (h[i].g == g && h[i].off == off && h[i].ty == ty)
            return h[i].v;
    before_terminator(t, t->entry);
    LLVMValueRef a = kc_tls_addr(t->k, t->b, g);
    LLVMValueRef o = ci64(t->k, off);
    a = LLVMBuildGEP2(t->b, t->k->i8, a, &o, 1, "");
    LLVMValueRef v = LLVMBuildLoad2(t->b, ty, a, "kc.builtin");
    set_builtin_range(t->k, v, g, off, ty);
    h[*nh].g = g;
    h[*nh].off = off;
    h[*nh].ty = ty;
    h[*nh].v = v;
    (*nh)++;
    return v;
}

/* simt__check_apart of launch parameters (kc_readonly.c) answers the
 * same for the whole launch: made once, at the block function's entry,
 * not by each thread (LLVM keeps the parameters' loads in the thread
 * loops, beside the checker's calls). */
static int hoist_apart(kc_tier *t, LLVMValueRef v, hoisted *h, int *nh)
{
    size_t len;
    const char *name = kc_callee_name(v, &len);
    if (!kc_name_is(name, len, "simt__check_apart"))
        return 0;
    kc_ctx *k = t->k;
    LLVMValueRef args = LLVMGetParam(t->fn, 0);
    long long off[2];
    for (unsigned a = 0; a < 2; a++) {
        LLVMValueRef p = LLVMGetOperand(v, a);
        if (LLVMIsAConstantPointerNull(p))
            off[a] = -1;
        else if (!LLVMIsALoadInst(p) || LLVMGetVolatile(p) ||
                 !kc_pack_offset(k, LLVMGetOperand(p, 0), args, &off[a]) || off[a] < 0 ||
                 off[a] >= 1 << 20)
            return 0;
    }
    LLVMValueRef f = LLVMGetCalledValue(v);
    long long key = off[0] << 21 | (off[1] + 1);
    LLVMValueRef r = NULL;
    for (int i = 0; i < *nh && !r; i++)
        if (h[i].g == f && h[i].off == key)
            r = h[i].v;
    if (!r) {
        before_terminator(t, t->entry);
        LLVMValueRef ops[2];
        for (unsigned a = 0; a < 2; a++) {
            if (off[a] < 0) {
                ops[a] = LLVMConstNull(k->ptr);
                continue;
            }
            LLVMValueRef o = ci64(k, off[a]);
            LLVMValueRef at = LLVMBuildGEP2(t->b, k->i8, args, &o, 1, "");
            ops[a] = LLVMBuildLoad2(t->b, k->ptr, at, "");
        }
        r = LLVMBuildCall2(t->b, LLVMGetCalledFunctionType(v), f, ops, 2, "kc.apart");
        h[*nh].g = f;
        h[*nh].off = key;
        h[*nh].v = r;
        (*nh)++;
    }
    LLVMReplaceAllUsesWith(v, r);
    erase(t, v);
    return 1;
}

static void lower_instructions(kc_tier *t)
{
    kc_ctx *k = t->k;
    hoisted *h = xcalloc((size_t)t->nins + 1, sizeof *h);
    int nh = 0;
    LLVMValueRef acc = NULL;
    LLVMValueRef inline_ss = kc_named_function(k->m, "simt__shared_static_inline");
    for (int i = 0; i < t->nins; i++) {
        LLVMValueRef v = t->ins[i];
        int s = t->bseg[t->iblk[i]];
        if (!v)
            continue;
        LLVMOpcode op = LLVMGetInstructionOpcode(v);
        if (op == LLVMCall && kc_barrier_kind(v) >= KC_SHFL) {
            lower_collective(t, v, s, kc_barrier_kind(v), i);
            t->ins[i] = NULL;
            continue;
        }
        if (op == LLVMCall && kc_barrier_kind(v) != KC_BAR_NONE) {
            if (!acc && kc_barrier_kind(v) != KC_BAR_PLAIN) {
                LLVMPositionBuilderBefore(t->b, LLVMGetFirstInstruction(t->entry));
                acc = t->acc = LLVMBuildAlloca(t->b, k->i32, "kc.count");
            }
            lower_barrier(t, v, s, acc);
            t->ins[i] = NULL;
            continue;
        }
        if (op == LLVMCall && hoist_apart(t, v, h, &nh)) {
            t->ins[i] = NULL;
            continue;
        }
        if (op == LLVMCall && inline_ss) {
            size_t len;
            const char *name = kc_callee_name(v, &len);
            int consts = 1;
            for (unsigned a = 0; a < 3 && kc_name_is(name, len, "simt_shared_static"); a++)
                consts &= LLVMIsAConstant(LLVMGetOperand(v, a)) != NULL;
            if (kc_name_is(name, len, "simt_shared_static") && consts) {
                LLVMValueRef site = LLVMGetOperand(v, 0), r = NULL;
                for (int j = 0; j < nh; j++)
                    if (h[j].key == site)
                        r = h[j].v;
                if (!r) {
                    before_terminator(t, t->entry);
                    LLVMValueRef args[3] = {site, LLVMGetOperand(v, 1), LLVMGetOperand(v, 2)};
                    r = LLVMBuildCall2(t->b, LLVMGlobalGetValueType(inline_ss), inline_ss, args, 3,
                                       "kc.shared");
                    /* An inlinable call needs a location: the declaration's. */
                    LLVMInstructionSetDebugLoc(r, LLVMInstructionGetDebugLoc(v));
                    h[nh].key = site;
                    h[nh++].v = r;
                }
                LLVMReplaceAllUsesWith(v, r);
                erase(t, v);
                t->ins[i] = NULL;
                continue;
            }
        }
        if (op != LLVMLoad || LLVMGetVolatile(v))
            continue;
        long long off;
        LLVMValueRef g = builtin_load(t, v, &off);
        if (!g)
            continue;
        LLVMValueRef r = NULL;
        if (g == k->g_tid) {
            kc_seg *sg = &t->segs[s];
            r = off == 0 ? sg->tx : off == 4 ? sg->ty : sg->tz;
        } else if (g == k->g_probing) {
            r = LLVMConstNull(LLVMTypeOf(v));
        } else if (g == k->g_bid || g == k->g_bdim || g == k->g_gdim || g == k->g_arena) {
            r = hoist_load(t, h, &nh, g, off, LLVMTypeOf(v));
        }
        if (r) {
            LLVMReplaceAllUsesWith(v, r);
            erase(t, v);
            t->ins[i] = NULL;
        }
    }
    free(h);
}

static void lower_allocas(kc_tier *t)
{
    unsigned lifetime_s = LLVMLookupIntrinsicID("llvm.lifetime.start", 19);
    unsigned lifetime_e = LLVMLookupIntrinsicID("llvm.lifetime.end", 17);
    for (int a = 0; a < t->nalloca; a++) {
        LLVMValueRef al = t->allocas[a];
        LLVMUseRef u;
        while ((u = LLVMGetFirstUse(al)) != NULL) {
            LLVMValueRef user = LLVMGetUser(u);
            if (!LLVMIsAInstruction(user)) {
                /* Metadata uses (debug declarations) see the value gone. */
                break;
            }
            LLVMValueRef f = LLVMIsACallInst(user) ? LLVMGetCalledValue(user) : NULL;
            unsigned id = f && LLVMIsAFunction(f) ? LLVMGetIntrinsicID(f) : 0;
            if (id && (id == lifetime_s || id == lifetime_e)) {
                erase(t, user);
                continue;
            }
            int s = kc_seg_of_inst(t, user);
            assert(s >= 0);
            LLVMValueRef p = alloca_ptr(t, s, a);
            unsigned n = (unsigned)LLVMGetNumOperands(user);
            for (unsigned o = 0; o < n; o++)
                if (LLVMGetOperand(user, o) == al)
                    LLVMSetOperand(user, o, p);
        }
        LLVMReplaceAllUsesWith(al, LLVMGetUndef(LLVMTypeOf(al)));
        erase(t, al);
    }
}

/* A thread loop's access (operand `o` its address) whose address the
 * block shares takes it through a freeze, which scalar evolution cannot
 * see into.  LLVM 16's loop access analysis took the step of such an
 * address along an enclosing loop (coord[i * num + x] in a walk, num per
 * step of i) for its stride in the thread loop, and versioned the
 * vectorized loop on num == 1, which never holds: the thread loop ran
 * scalar (Rodinia streamcluster's kernel, docs/PERFORMANCE.md).  The
 * stride of an address that moves with the thread is left to that
 * analysis (d_sums[ei * d_mul], 1 in half of srad_v1's launches). */
static void freeze_uniform_address(kc_tier *t, LLVMValueRef access, unsigned o)
{
    LLVMValueRef p = LLVMGetOperand(access, o);
    if (!LLVMIsAGetElementPtrInst(p) || !block_uniform(t, p))
        return;
    LLVMPositionBuilderBefore(t->b, access);
    LLVMSetOperand(access, o, LLVMBuildFreeze(t->b, p, "kc.uniform"));
}

/* Loads and stores of a segment's threads touch nothing another thread of
 * the block touches before the next barrier (a valid program has no data
 * race): the loop vectorizer may run them side by side. */
static void mark_parallel(kc_tier *t, const stub *st, int nst)
{
    kc_ctx *k = t->k;
    unsigned kind = LLVMGetMDKindIDInContext(k->c, "llvm.access.group", 17);
    LLVMValueRef ag = access_group(k);
    for (int b = 0; b < t->g.n; b++) {
        if (!t->segs[t->bseg[b]].lx)
            continue;
        for (LLVMValueRef i = LLVMGetFirstInstruction(t->g.bb[b]); i; i = LLVMGetNextInstruction(i)) {
            LLVMOpcode op = LLVMGetInstructionOpcode(i);
            LLVMValueRef p = op == LLVMLoad ? LLVMGetOperand(i, 0) : op == LLVMStore ? LLVMGetOperand(i, 1) : NULL;
            if (!p || p == t->acc || LLVMGetVolatile(i) || LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic)
                continue;
            LLVMSetMetadata(i, kind, ag);
            freeze_uniform_address(t, i, op == LLVMLoad ? 0 : 1);
        }
    }
    for (int e = 0; e < nst; e++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(st[e].bb); i; i = LLVMGetNextInstruction(i))
            if (LLVMGetInstructionOpcode(i) == LLVMStore)
                LLVMSetMetadata(i, kind, ag);
}

/* ---- guards: a segment that starts with "if (i < n)" --------------------------- */

/* Moves v, and the uniform computation it needs, from the segment's loop
 * into its pre block (before `at`); 0 if it cannot be. */
static int hoist(kc_tier *t, LLVMValueRef v, int s, LLVMValueRef at, int depth)
{
    if (!LLVMIsAInstruction(v))
        return 1;
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(v);
    int bi = kc_block_index(&t->g, bb);
    if (bi < 0 || t->bseg[bi] != s)
        return 1; /* defined before the segment */
    if (depth > 12 || (bi != t->segs[s].leader && bi != t->hoist_also) || LLVMIsAPHINode(v))
        return 0;
    int i = kc_map_get(&t->iidx, v);
    if (i >= 0 && t->div[i])
        return 0;
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    if (op == LLVMLoad) {
        /* Only the launch's arguments: the pack, read-only. */
        LLVMValueRef p = LLVMGetOperand(v, 0);
        while (LLVMIsAGetElementPtrInst(p))
            p = LLVMGetOperand(p, 0);
        if (p != LLVMGetParam(t->fn, 0) || LLVMGetVolatile(v))
            return 0;
    } else if (op == LLVMCall || op == LLVMStore || op == LLVMAlloca || op == LLVMAtomicRMW ||
               op == LLVMAtomicCmpXchg || op == LLVMFence || LLVMIsATerminatorInst(v)) {
        return 0;
    }
    unsigned n = (unsigned)LLVMGetNumOperands(v);
    for (unsigned o = 0; o < n; o++)
        if (!hoist(t, LLVMGetOperand(v, o), s, at, depth + 1))
            return 0;
    LLVMInstructionRemoveFromParent(v);
    LLVMPositionBuilderBefore(t->b, at);
    LLVMInsertIntoBuilder(t->b, v);
    return 1;
}

/* Whether a thread entering bb does nothing more in this segment: empty
 * blocks (no phi, an unconditional branch) to the x latch. */
static int is_skip_stub(LLVMBasicBlockRef bb, const kc_seg *sg)
{
    for (int depth = 0; depth < 8; depth++) {
        LLVMValueRef i = LLVMGetFirstInstruction(bb);
        if (!i || LLVMGetInstructionOpcode(i) != LLVMBr || LLVMIsConditional(i))
            return 0;
        bb = LLVMGetSuccessor(i, 0);
        if (bb == sg->lx)
            return 1;
    }
    return 0;
}

static LLVMIntPredicate swapped(LLVMIntPredicate p)
{
    switch (p) {
    case LLVMIntSLT: return LLVMIntSGT;
    case LLVMIntSGT: return LLVMIntSLT;
    case LLVMIntSLE: return LLVMIntSGE;
    case LLVMIntSGE: return LLVMIntSLE;
    case LLVMIntULT: return LLVMIntUGT;
    case LLVMIntUGT: return LLVMIntULT;
    case LLVMIntULE: return LLVMIntUGE;
    case LLVMIntUGE: return LLVMIntULE;
    default: return p;
    }
}

/* An add's no-wrap flag (LLVM 16's C API has no getter: its text has). */
static int has_flag(LLVMValueRef add, const char *flag)
{
    char *text = LLVMPrintValueToString(add);
    int r = strstr(text, flag) != NULL;
    LLVMDisposeMessage(text);
    return r;
}

/* The threshold T in [0, n] with {x : u + x < b} = [0, T) (or with <=,
 * plus1), computed without overflow in the compare's signedness. */
static LLVMValueRef threshold(kc_tier *t, LLVMValueRef u, LLVMValueRef bnd, LLVMValueRef n, int sgn,
                              int plus1)
{
    LLVMBuilderRef b = t->b;
    kc_ctx *k = t->k;
    LLVMIntPredicate le = sgn ? LLVMIntSLE : LLVMIntULE, lt = sgn ? LLVMIntSLT : LLVMIntULT;
    LLVMIntPredicate ge = sgn ? LLVMIntSGE : LLVMIntUGE;
    LLVMValueRef span = plus1 ? LLVMBuildSub(b, n, ci64(k, 1), "") : n;
    LLVMValueRef none = LLVMBuildICmp(b, plus1 ? lt : le, bnd, u, "");
    LLVMValueRef all = LLVMBuildICmp(b, ge, bnd, LLVMBuildAdd(b, u, span, ""), "");
    LLVMValueRef mid = LLVMBuildSub(b, bnd, u, "");
    if (plus1)
        mid = LLVMBuildAdd(b, mid, ci64(k, 1), "");
    LLVMValueRef r = LLVMBuildSelect(b, all, n, mid, "");
    return LLVMBuildSelect(b, none, ci64(k, 0), r, "kc.thr");
}


static int is_ext(LLVMValueRef v, int sgn)
{
    return (sgn && LLVMIsASExtInst(v)) || (!sgn && LLVMIsAZExtInst(v)) || LLVMIsAZExtInst(v);
}

/* Which of threadIdx's fields v is (through an extension), or -1: a
 * segment's loop value, or before generation (sg NULL) a load. */
static int tfield(kc_tier *t, const kc_seg *sg, LLVMValueRef v)
{
    if (LLVMIsASExtInst(v) || LLVMIsAZExtInst(v))
        v = LLVMGetOperand(v, 0);
    if (!sg)
        return kc_tid_field(t, v);
    return v == sg->tx ? 0 : v == sg->ty ? 1 : v == sg->tz ? 2 : -1;
}

static int match_guard(kc_tier *t, const kc_seg *sg, LLVMValueRef c, kc_guard *gd)
{
    if (!LLVMIsAICmpInst(c))
        return 0;
    LLVMIntPredicate p = LLVMGetICmpPredicate(c);
    LLVMValueRef a = LLVMGetOperand(c, 0), bnd = LLVMGetOperand(c, 1);
    switch (p) {
    case LLVMIntSLT: case LLVMIntSLE: case LLVMIntSGT: case LLVMIntSGE: gd->sgn = 1; break;
    case LLVMIntULT: case LLVMIntULE: case LLVMIntUGT: case LLVMIntUGE: gd->sgn = 0; break;
    default: return 0;
    }
    for (int swap = 0;; swap++) {
        LLVMValueRef x = a;
        if (is_ext(x, gd->sgn) && LLVMIsAInstruction(LLVMGetOperand(x, 0)) &&
            LLVMGetInstructionOpcode(LLVMGetOperand(x, 0)) == LLVMAdd)
            x = LLVMGetOperand(x, 0); /* ext(u + t) */
        int f = tfield(t, sg, x);
        if (f >= 0) {
            gd->dim = f;
            gd->u = NULL;
            gd->nowrap = 1;
            gd->width = LLVMGetIntTypeWidth(LLVMTypeOf(x));
            break;
        }
        if (LLVMIsAInstruction(x) && LLVMGetInstructionOpcode(x) == LLVMAdd) {
            int f0 = tfield(t, sg, LLVMGetOperand(x, 0)), f1 = tfield(t, sg, LLVMGetOperand(x, 1));
            if ((f0 >= 0) != (f1 >= 0)) {
                gd->dim = f0 >= 0 ? f0 : f1;
                gd->u = LLVMGetOperand(x, f0 >= 0 ? 1 : 0);
                gd->nowrap = has_flag(x, gd->sgn ? " nsw " : " nuw ");
                gd->width = LLVMGetIntTypeWidth(LLVMTypeOf(x));
                break;
            }
        }
        if (swap)
            return 0;
        LLVMValueRef tmp = a;
        a = bnd;
        bnd = tmp;
        p = swapped(p);
    }
    if (LLVMGetTypeKind(LLVMTypeOf(bnd)) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(LLVMTypeOf(bnd)) > 64 ||
        gd->width > 64)
        return 0;
    gd->bnd = bnd;
    gd->prefix = p == LLVMIntSLT || p == LLVMIntSLE || p == LLVMIntULT || p == LLVMIntULE;
    gd->plus1 = p == LLVMIntSLE || p == LLVMIntULE || p == LLVMIntSGT || p == LLVMIntUGT;
    return 1;
}

/* The conjuncts of c ("a && b" is a select or an and of i1), each a guard. */
int kc_match_guards(kc_tier *t, const kc_seg *sg, LLVMValueRef c, kc_guard *gd, int *n, int max)
{
    if (LLVMIsAInstruction(c) &&
        ((LLVMGetInstructionOpcode(c) == LLVMSelect && LLVMIsAConstantInt(LLVMGetOperand(c, 2)) &&
          LLVMConstIntGetZExtValue(LLVMGetOperand(c, 2)) == 0) ||
         (LLVMGetInstructionOpcode(c) == LLVMAnd && LLVMTypeOf(c) == LLVMInt1TypeInContext(LLVMGetTypeContext(LLVMTypeOf(c)))))) {
        return kc_match_guards(t, sg, LLVMGetOperand(c, 0), gd, n, max) &&
               kc_match_guards(t, sg, LLVMGetOperand(c, 1), gd, n, max);
    }
    if (*n == max || !match_guard(t, sg, c, &gd[*n]))
        return 0;
    (*n)++;
    return 1;
}

/* Nothing with an effect in bb before `br`: threads a guard skips may
 * skip it.  kc_readonly's simt__check_apart calls at the entry only read
 * the checker's table of allocations. */
int kc_pure_before(LLVMBasicBlockRef bb, LLVMValueRef br)
{
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i != br; i = LLVMGetNextInstruction(i)) {
        LLVMOpcode op = LLVMGetInstructionOpcode(i);
        size_t n = 0;
        const char *s = op == LLVMCall ? kc_callee_name(i, &n) : NULL;
        if (op == LLVMCall && !kc_computes_only(i) && !kc_name_is(s, n, "simt__check_apart"))
            return 0;
        if (op == LLVMStore || op == LLVMAtomicRMW || op == LLVMAtomicCmpXchg || op == LLVMFence)
            return 0;
    }
    return 1;
}

/* The threads for which branch `br` (segment s's, on guards of threadIdx's
 * fields) takes its work side: the box [lo, hi) of thread coordinates,
 * intersected with what lo and hi hold, computed in s's pre block.  0 if
 * the guards are not of that shape. */
static int guard_range(kc_tier *t, int s, LLVMValueRef br, int work_on_true, int first, LLVMValueRef lo[3],
                       LLVMValueRef hi[3])
{
    kc_ctx *k = t->k;
    kc_seg *sg = &t->segs[s];
    kc_guard gd[6];
    int ng = 0;
    if (work_on_true ? !kc_match_guards(t, sg, LLVMGetCondition(br), gd, &ng, 6)
                     : !match_guard(t, sg, LLVMGetCondition(br), &gd[ng++]))
        return 0;
    /* Work on the false side ("if (i >= n) return;"): one guard, whose
     * complement is a guard too. */
    if (!work_on_true)
        gd[0].prefix = !gd[0].prefix;
    int need_check = 0;
    for (int i = 0; i < ng; i++)
        need_check |= !gd[i].nowrap;
    if (need_check && !first)
        return 0; /* a wrap could only be caught before any thread ran */
    LLVMValueRef at = LLVMGetBasicBlockTerminator(sg->pre);
    for (int i = 0; i < ng; i++)
        if ((gd[i].u && !hoist(t, gd[i].u, s, at, 0)) || !hoist(t, gd[i].bnd, s, at, 0))
            return 0;
    LLVMBuilderRef b = t->b;
    LLVMPositionBuilderBefore(b, at);
    LLVMValueRef ext[3] = {t->bx, t->by, t->bz};
    LLVMValueRef bad = NULL;
    for (int i = 0; i < ng; i++) {
        kc_guard *g = &gd[i];
        int sgn = g->sgn;
        LLVMValueRef u = g->u ? (LLVMGetIntTypeWidth(LLVMTypeOf(g->u)) == 64
                                     ? g->u
                                     : sgn ? LLVMBuildSExt(b, g->u, k->i64, "") : LLVMBuildZExt(b, g->u, k->i64, ""))
                              : ci64(k, 0);
        LLVMValueRef bv = LLVMGetIntTypeWidth(LLVMTypeOf(g->bnd)) == 64
                              ? g->bnd
                              : sgn ? LLVMBuildSExt(b, g->bnd, k->i64, "") : LLVMBuildZExt(b, g->bnd, k->i64, "");
        if (!g->nowrap && g->width < 64) {
            /* u + t must not wrap for any thread: else the block declines. */
            long long lim = sgn ? (long long)((1ull << (g->width - 1)) - 1) : (long long)((1ull << g->width) - 1);
            LLVMValueRef top = LLVMBuildAdd(b, u, LLVMBuildSub(b, ext[g->dim], ci64(k, 1), ""), "");
            LLVMValueRef w = LLVMBuildICmp(b, sgn ? LLVMIntSGT : LLVMIntUGT, top, ci64(k, lim), "");
            bad = bad ? LLVMBuildOr(b, bad, w, "") : w;
        } else if (!g->nowrap) {
            return 0; /* a 64-bit sum that may wrap: left alone */
        }
        LLVMValueRef thr = threshold(t, u, bv, ext[g->dim], sgn, g->plus1);
        /* True for t < T (lt, le) or t >= T (gt, ge): intersect. */
        if (g->prefix)
            hi[g->dim] = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntULT, thr, hi[g->dim], ""), thr, hi[g->dim], "");
        else
            lo[g->dim] = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntUGT, thr, lo[g->dim], ""), thr, lo[g->dim], "");
    }
    if (bad && sg->decline) {
        /* A later guard of a chain (narrow_guard): the same decline. */
        LLVMSetCondition(sg->decline, LLVMBuildOr(b, LLVMGetCondition(sg->decline), bad, ""));
    } else if (bad) {
        LLVMBasicBlockRef go = LLVMAppendBasicBlockInContext(k->c, t->fn, "kc.go");
        LLVMBasicBlockRef no = LLVMAppendBasicBlockInContext(k->c, t->fn, "kc.decline");
        fill_decline(t, no);
        /* The pre block ends in its branch to hz: move that to go. */
        LLVMInstructionRemoveFromParent(at);
        LLVMPositionBuilderAtEnd(b, sg->pre);
        sg->decline = LLVMBuildCondBr(b, bad, no, go);
        LLVMPositionBuilderAtEnd(b, go);
        LLVMInsertIntoBuilder(b, at);
        /* hz's phi names pre as its predecessor: now go. */
        LLVMValueRef zero = ci64(k, 0);
        LLVMPositionBuilderBefore(b, sg->z);
        LLVMValueRef nz = LLVMBuildPhi(b, k->i64, "kc.z");
        LLVMAddIncoming(nz, &zero, &go, 1);
        LLVMValueRef zn = LLVMGetIncomingValue(sg->z, 1);
        LLVMBasicBlockRef zb = LLVMGetIncomingBlock(sg->z, 1);
        LLVMAddIncoming(nz, &zn, &zb, 1);
        LLVMReplaceAllUsesWith(sg->z, nz);
        erase(t, sg->z);
        sg->z = nz;
    }
    return 1;
}

/* Segment s's thread loops from lo to hi, each entered only when not
 * empty (nonempty: known not to be; the loops' bodies then keep
 * dominating what follows them, as uniform values need). */
static void apply_range(kc_tier *t, int s, LLVMValueRef lo[3], LLVMValueRef hi[3], int nonempty)
{
    kc_seg *sg = &t->segs[s];
    LLVMBuilderRef b = t->b;
    LLVMValueRef iv[3] = {sg->x, sg->y, sg->z}, cmp[3] = {sg->xcmp, sg->ycmp, sg->zcmp};
    LLVMBasicBlockRef before[3] = {sg->hy, sg->hz, NULL}, head[3] = {sg->hx, sg->hy, sg->hz};
    LLVMBasicBlockRef skip[3] = {sg->ly, sg->lz, sg->post};
    for (int d = 0; d < 3; d++) {
        if (lo[d] == LLVMGetIncomingValue(iv[d], 0) && hi[d] == LLVMGetOperand(cmp[d], 1))
            continue;
        LLVMSetOperand(iv[d], 0, lo[d]);
        LLVMSetOperand(cmp[d], 1, hi[d]);
        if (nonempty)
            continue;
        LLVMBasicBlockRef from = before[d] ? before[d] : LLVMGetIncomingBlock(iv[d], 0);
        LLVMValueRef term = LLVMGetBasicBlockTerminator(from);
        erase(t, term);
        LLVMPositionBuilderAtEnd(b, from);
        LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntULT, lo[d], hi[d], ""), head[d], skip[d]);
    }
}

/* The loops' current bounds. */
static void seg_range(kc_tier *t, int s, LLVMValueRef lo[3], LLVMValueRef hi[3])
{
    kc_seg *sg = &t->segs[s];
    LLVMValueRef iv[3] = {sg->x, sg->y, sg->z}, cmp[3] = {sg->xcmp, sg->ycmp, sg->zcmp};
    for (int d = 0; d < 3; d++) {
        lo[d] = LLVMGetIncomingValue(iv[d], 0);
        hi[d] = LLVMGetOperand(cmp[d], 1);
    }
}

/* Under rows_outside each segment's y and z loops run one row: [yv,
 * yv + 1).  A guard narrowed into them would make each a loop of zero or
 * one trip that LLVM keeps, and the x loop inside it then vectorizes only
 * behind run-time checks on the row's stride (PolyBench doitgen's
 * "q < nq": its x loop ran scalar, about 4x slower).  The row's test
 * moves into the x range instead, which is empty for a row outside the
 * guard, and the one-trip loops fold away. */
static void fold_rows(kc_tier *t, int s, LLVMValueRef lo[3], LLVMValueRef hi[3])
{
    if (!t->walks)
        return;
    LLVMValueRef olo[3], ohi[3];
    seg_range(t, s, olo, ohi);
    LLVMBuilderRef b = t->b;
    LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(t->segs[s].pre));
    LLVMValueRef in = NULL;
    for (int d = 1; d < 3; d++) {
        if (lo[d] == olo[d] && hi[d] == ohi[d])
            continue;
        LLVMValueRef c = LLVMBuildICmp(b, LLVMIntULT, lo[d], hi[d], "kc.row.in");
        in = in ? LLVMBuildAnd(b, in, c, "") : c;
        lo[d] = olo[d];
        hi[d] = ohi[d];
    }
    if (in)
        hi[0] = LLVMBuildSelect(b, in, hi[0], lo[0], "");
}

/* Block-uniform values of segment s's first block that later segments
 * use (a launch argument loaded before "if (i < n)" and used after the
 * barrier) are defined inside the thread loops, which dominate what
 * follows them only while they run at least once: a narrowed range may
 * be empty.  Moved to the pre block; 0 where one cannot move. */
static int hoist_escaping(kc_tier *t, int s, LLVMBasicBlockRef lb, LLVMValueRef br)
{
    LLVMValueRef at = LLVMGetBasicBlockTerminator(t->segs[s].pre);
    for (LLVMValueRef v = LLVMGetFirstInstruction(lb), next; v && v != br; v = next) {
        next = LLVMGetNextInstruction(v);
        int out = 0;
        for (LLVMUseRef u = LLVMGetFirstUse(v); u && !out; u = LLVMGetNextUse(u)) {
            LLVMValueRef user = LLVMGetUser(u);
            int bi = LLVMIsAInstruction(user) ? kc_block_index(&t->g, LLVMGetInstructionParent(user)) : 0;
            out = bi < 0 || t->bseg[bi] != s;
        }
        if (out && !hoist(t, v, s, at, 0))
            return 0;
    }
    return 1;
}

/* A segment whose first block branches on guards of threadIdx's fields
 * ("i < n", "x < w && y < h": u + threadIdx.D against a bound, any
 * predicate but equality, either order) to its work or straight out of
 * it: the thread loops run over the threads that do the work only, and
 * the branch goes away, which lets the x loop vectorize.  "if (a && b &&
 * c)" may reach here as a chain of such branches, each block the only way
 * into the next (PolyBench jacobi-2d's four guards: the first narrowed
 * alone left the x loop scalar, with a branch per thread): each is
 * narrowed in turn, within what the ones before it left. */
static void narrow_guard(kc_tier *t, int s, int first)
{
    kc_seg *sg = &t->segs[s];
    LLVMBasicBlockRef lb = t->g.bb[sg->leader];
    /* A later link's guards are computed in its own block: hoist may
     * move them from there too (it dominates nothing the leader does). */
    t->hoist_also = -1;
    for (int link = 0; link < 6; link++) {
        LLVMValueRef br = LLVMGetBasicBlockTerminator(lb);
        if (LLVMGetInstructionOpcode(br) != LLVMBr || !LLVMIsConditional(br))
            break;
        int skip_true = is_skip_stub(LLVMGetSuccessor(br, 0), sg);
        int skip_false = is_skip_stub(LLVMGetSuccessor(br, 1), sg);
        if (skip_true == skip_false || !kc_pure_before(lb, br))
            break;
        int work_on_true = skip_false;
        if (!hoist_escaping(t, s, lb, br))
            break;
        LLVMValueRef lo[3], hi[3];
        seg_range(t, s, lo, hi);
        if (!guard_range(t, s, br, work_on_true, first, lo, hi))
            break;
        fold_rows(t, s, lo, hi);
        apply_range(t, s, lo, hi, 0);
        LLVMSetCondition(br, LLVMConstInt(t->k->i1, work_on_true, 0));
        LLVMBasicBlockRef next = LLVMGetSuccessor(br, work_on_true ? 0 : 1);
        int bi = kc_block_index(&t->g, next);
        if (bi < 0 || t->bseg[bi] != s || t->g.npred[bi] != 1)
            break;
        lb = next;
        t->hoist_also = bi;
    }
    t->hoist_also = -1;
}

/* A kernel with column walks runs one row of threads (one threadIdx.y
 * and .z) through the whole skeleton before the next: only the x loops
 * move inside the walks.  The walk's coalesced dimension is x; and a
 * program in which threads of several rows update one element (PolyBench's
 * atax: blocks of 32x8 threads, j from threadIdx.x only) keeps what it
 * computed before the walk turned inside out, row after row, instead of
 * adding every row's updates into the element step by step. */
static void rows_outside(kc_tier *t)
{
    kc_ctx *k = t->k;
    LLVMBuilderRef b = t->b;
    LLVMBasicBlockRef first = t->segs[t->bseg[0]].pre;
    LLVMBasicBlockRef oz = block(t, "kc.oz"), oy = block(t, "kc.oy");
    LLVMBasicBlockRef ly = block(t, "kc.oly"), lz = block(t, "kc.olz"), out = block(t, "kc.out");
    LLVMValueRef term = LLVMGetBasicBlockTerminator(t->entry);
    for (unsigned j = 0; j < LLVMGetNumSuccessors(term); j++)
        if (LLVMGetSuccessor(term, j) == first)
            LLVMSetSuccessor(term, j, oz);
    LLVMValueRef zero = ci64(k, 0), one = ci64(k, 1);
    LLVMPositionBuilderAtEnd(b, oz);
    LLVMValueRef zv = LLVMBuildPhi(b, k->i64, "kc.row.z");
    LLVMAddIncoming(zv, &zero, &t->entry, 1);
    LLVMValueRef zv1 = LLVMBuildNUWAdd(b, zv, one, "");
    LLVMBuildBr(b, oy);
    LLVMPositionBuilderAtEnd(b, oy);
    LLVMValueRef yv = LLVMBuildPhi(b, k->i64, "kc.row.y");
    LLVMAddIncoming(yv, &zero, &oz, 1);
    LLVMValueRef yv1 = LLVMBuildNUWAdd(b, yv, one, "");
    LLVMBuildBr(b, first);
    LLVMPositionBuilderAtEnd(b, ly);
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntULT, yv1, t->yn, ""), oy, lz);
    LLVMAddIncoming(yv, &yv1, &ly, 1);
    LLVMPositionBuilderAtEnd(b, lz);
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntULT, zv1, t->zn, ""), oz, out);
    LLVMAddIncoming(zv, &zv1, &lz, 1);
    LLVMPositionBuilderAtEnd(b, out);
    LLVMBuildRetVoid(b);
    for (int s = 0; s < t->nseg; s++) {
        kc_seg *sg = &t->segs[s];
        if (!sg->lx) {
            LLVMValueRef ret = LLVMGetBasicBlockTerminator(sg->pre);
            if (ret && LLVMGetInstructionOpcode(ret) == LLVMRet) {
                erase(t, ret);
                LLVMPositionBuilderAtEnd(b, sg->pre);
                LLVMBuildBr(b, ly);
            }
            continue;
        }
        LLVMValueRef lo[3], hi[3];
        seg_range(t, s, lo, hi);
        lo[1] = yv;
        hi[1] = yv1;
        lo[2] = zv;
        hi[2] = zv1;
        apply_range(t, s, lo, hi, 1);
    }
}

/* The kernel's entry guard taken as uniform (kc_tier.c, column walks): the
 * entry segment's skeleton branch goes to the work when some thread passes
 * the guards, and every other segment runs over those threads only.  If
 * the guards cannot be narrowed after all, every block declines. */
static void narrow_region(kc_tier *t)
{
    kc_ctx *k = t->k;
    int s0 = t->bseg[0];
    kc_seg *sg = &t->segs[s0];
    LLVMValueRef br = LLVMGetBasicBlockTerminator(t->g.bb[t->guard_bb]);
    LLVMValueRef lo[3], hi[3];
    seg_range(t, s0, lo, hi);
    LLVMValueRef post_br = LLVMGetBasicBlockTerminator(sg->post);
    if (!guard_range(t, s0, br, t->guard_work == 0, 1, lo, hi)) {
        /* The entry segment has no effect (kc_tier.c checked): declining
         * after it is declining before any thread's work. */
        LLVMBasicBlockRef no = LLVMAppendBasicBlockInContext(k->c, t->fn, "kc.decline");
        fill_decline(t, no);
        /* The z latch leaves to the decline; post stays, unreachable, for
         * the phis that name it. */
        LLVMValueRef lz = LLVMGetBasicBlockTerminator(sg->lz);
        for (unsigned j = 0; j < LLVMGetNumSuccessors(lz); j++)
            if (LLVMGetSuccessor(lz, j) == sg->post)
                LLVMSetSuccessor(lz, j, no);
        return;
    }
    fold_rows(t, s0, lo, hi);
    LLVMBuilderRef b = t->b;
    LLVMPositionBuilderBefore(b, post_br);
    LLVMValueRef some = NULL;
    for (int d = 0; d < 3; d++) {
        LLVMValueRef c = LLVMBuildICmp(b, LLVMIntULT, lo[d], hi[d], "");
        some = some ? LLVMBuildAnd(b, some, c, "") : c;
    }
    LLVMSetCondition(post_br, t->guard_work == 0 ? some : LLVMBuildNot(b, some, ""));
    for (int s = 0; s < t->nseg; s++)
        if (s != s0 && t->segs[s].lx)
            apply_range(t, s, lo, hi, 1);
}

void kc_generate(kc_tier *t)
{
    kc_ctx *k = t->k;
    t->b = LLVMCreateBuilderInContext(k->c);
    /* Collectives read other lanes' operands from their slots: remember the
     * operands before uses in other segments turn into loads. */
    t->orig = xcalloc((size_t)t->nins, sizeof *t->orig);
    t->opnd = xcalloc((size_t)t->nins, sizeof *t->opnd);
    t->casts = xcalloc((size_t)t->nins, sizeof *t->casts);
    t->remat = xcalloc((size_t)t->nins, 1);
    for (int i = 0; i < t->nins; i++)
        if (LLVMIsACallInst(t->ins[i]) && kc_barrier_kind(t->ins[i]) >= KC_SHFL &&
            kc_barrier_kind(t->ins[i]) != KC_SYNCWARP) {
            t->opnd[i] = LLVMGetOperand(t->ins[i], 3);
            t->orig[i] = peel_casts(t, t->opnd[i], NULL, &t->casts[i]);
        }
    find_slots(t);
    t->oslot = xcalloc((size_t)t->nins, sizeof *t->oslot);
    for (int i = 0; i < t->nins; i++)
        t->oslot[i] = t->orig[i] && LLVMIsAInstruction(t->orig[i]) ? kc_map_get(&t->slot, t->orig[i]) : -1;
    build_entry(t);
    for (int s = 0; s < t->nseg; s++)
        build_segment(t, s);
    LLVMPositionBuilderAtEnd(t->b, t->entry);
    LLVMBuildBr(t->b, t->segs[t->bseg[0]].pre);
    /* Divergent values used in other segments: stored where defined,
     * loaded where used. */
    for (int i = 0; i < t->nins; i++) {
        LLVMValueRef v = t->ins[i];
        if (t->remat[i]) {
            reload_cross_uses(t, v, -1);
            continue;
        }
        int slot = kc_map_get(&t->slot, v);
        if (slot < 0 || is_leader_phi(t, v))
            continue;
        store_after_def(t, v, slot);
        reload_cross_uses(t, v, slot);
    }
    stub *st;
    int nst;
    build_exits(t, &st, &nst);
    leader_phis(t, st, nst);
    lower_instructions(t);
    lower_allocas(t);
    if (t->walks)
        rows_outside(t);
    if (t->guard_bb >= 0)
        narrow_region(t);
    for (int s = 0; s < t->nseg; s++)
        if (t->segs[s].lx)
            narrow_guard(t, s, s == t->bseg[0]);
    mark_parallel(t, st, nst);
    if (t->k->check_version)
        kc_version_loops(t);
    free(st);
    free(t->orig);
    free(t->oslot);
    free(t->opnd);
    free(t->casts);
    free(t->remat);
    t->remat = NULL;
    /* The return block: its segment returns from pre. */
    for (int s = 0; s < t->nseg; s++) {
        if (t->segs[s].lx)
            continue;
        LLVMDeleteBasicBlock(t->g.bb[t->segs[s].leader]);
    }
    LLVMDisposeBuilder(t->b);
}
