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

static LLVMValueRef tls_addr(kc_ctx *k, LLVMBuilderRef b, LLVMValueRef g)
{
    const char *name = "llvm.threadlocal.address";
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    LLVMTypeRef pt = k->ptr;
    LLVMValueRef f = LLVMGetIntrinsicDeclaration(k->m, id, &pt, 1);
    LLVMTypeRef ft = LLVMIntrinsicGetType(k->c, id, &pt, 1);
    return LLVMBuildCall2(b, ft, f, &g, 1, "");
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

/* v as segment s sees it, for an instruction the builder is placed at. */
static LLVMValueRef materialize(kc_tier *t, LLVMValueRef v, int s)
{
    if (!LLVMIsAInstruction(v))
        return v;
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

static void find_slots(kc_tier *t)
{
    t->slot_ty = xcalloc((size_t)t->nins, sizeof *t->slot_ty);
    t->slot_off = xcalloc((size_t)t->nins, sizeof *t->slot_off);
    for (int i = 0; i < t->nins; i++) {
        LLVMValueRef v = t->ins[i];
        if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVoidTypeKind || is_alloca(v))
            continue;
        if (is_leader_phi(t, v)) {
            if (!leader_phi_uniform(t, v))
                add_slot(t, v);
            continue;
        }
        if (!t->div[i])
            continue;
        int s = t->bseg[t->iblk[i]];
        for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
            LLVMValueRef user = LLVMGetUser(u);
            unsigned n = (unsigned)LLVMGetNumOperands(user);
            int cross = 0;
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
                add_slot(t, v);
                break;
            }
        }
    }
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

static void build_entry(kc_tier *t)
{
    kc_ctx *k = t->k;
    LLVMBuilderRef b = t->b;
    t->entry = LLVMInsertBasicBlockInContext(k->c, t->g.bb[0], "kc.entry");
    LLVMPositionBuilderAtEnd(b, t->entry);
    LLVMValueRef bd = tls_addr(k, b, k->g_bdim);
    LLVMValueRef f4 = ci64(k, 4), f8 = ci64(k, 8);
    t->bx = LLVMBuildZExt(b, LLVMBuildLoad2(b, k->i32, bd, "kc.bx"), k->i64, "");
    t->by = LLVMBuildZExt(b, LLVMBuildLoad2(b, k->i32, LLVMBuildGEP2(b, k->i8, bd, &f4, 1, ""), "kc.by"),
                          k->i64, "");
    t->bz = LLVMBuildZExt(b, LLVMBuildLoad2(b, k->i32, LLVMBuildGEP2(b, k->i8, bd, &f8, 1, ""), "kc.bz"),
                          k->i64, "");
    t->n64 = LLVMBuildNUWMul(b, LLVMBuildNUWMul(b, t->bx, t->by, ""), t->bz, "kc.n");
    if (k->g_tid)
        t->tidp = tls_addr(k, b, k->g_tid);
    t->slot_base = xcalloc((size_t)t->nslot, sizeof *t->slot_base);
    if (t->per_thread) {
        LLVMTypeRef arg = k->i64;
        LLVMTypeRef ft = LLVMFunctionType(k->ptr, &arg, 1, 0);
        LLVMValueRef f = LLVMGetNamedFunction(k->m, "simt__kc_scratch");
        if (!f)
            f = LLVMAddFunction(k->m, "simt__kc_scratch", ft);
        LLVMValueRef bytes = LLVMBuildNUWMul(b, t->n64, ci64(k, t->per_thread), "");
        LLVMValueRef scratch = LLVMBuildCall2(b, ft, f, &bytes, 1, "kc.scratch");
        for (int s = 0; s < t->nslot; s++) {
            LLVMValueRef off = LLVMBuildNUWMul(b, t->n64, ci64(k, t->slot_off[s]), "");
            t->slot_base[s] = LLVMBuildGEP2(b, k->i8, scratch, &off, 1, "kc.slot");
        }
        for (int a = 0; a < t->nalloca; a++) {
            LLVMValueRef off = LLVMBuildNUWMul(b, t->n64, ci64(k, t->a_off[a]), "");
            t->a_base[a] = LLVMBuildGEP2(b, k->i8, scratch, &off, 1, "kc.privs");
        }
    }
}

static LLVMValueRef loop_md(kc_ctx *k)
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
                          LLVMBasicBlockRef head, LLVMBasicBlockRef out)
{
    LLVMPositionBuilderAtEnd(t->b, l);
    LLVMValueRef next = LLVMBuildNUWAdd(t->b, iv, ci64(t->k, 1), "");
    LLVMValueRef c = LLVMBuildICmp(t->b, LLVMIntULT, next, n, "");
    LLVMValueRef br = LLVMBuildCondBr(t->b, c, head, out);
    LLVMAddIncoming(iv, &next, &l, 1);
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
    LLVMAddIncoming(sg->x, &zero, &sg->hy, 1);
    LLVMValueRef zy = LLVMBuildNUWAdd(b, LLVMBuildNUWMul(b, sg->z, t->by, ""), sg->y, "");
    sg->tid = LLVMBuildNUWAdd(b, LLVMBuildNUWMul(b, zy, t->bx, ""), sg->x, "kc.tid");
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
    LLVMValueRef br = latch(t, sg->lx, sg->x, t->bx, sg->hx, sg->ly);
    LLVMSetMetadata(br, LLVMGetMDKindIDInContext(k->c, "llvm.loop", 9), loop_md(k));
    latch(t, sg->ly, sg->y, t->by, sg->hy, sg->lz);
    latch(t, sg->lz, sg->z, t->bz, sg->hz, sg->post);
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
            LLVMValueRef l = LLVMBuildLoad2(t->b, t->slot_ty[slot], slot_ptr(t, t->b, slot, us), "");
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

static void leader_phis(kc_tier *t, const stub *st, int nst)
{
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
            LLVMReplaceAllUsesWith(i, repl);
            t->ins[kc_map_get(&t->iidx, i)] = NULL;
            LLVMInstructionEraseFromParent(i);
            i = next;
        }
    }
}

/* ---- what the loops give: barriers, built-ins, private variables --------------- */

static void lower_barrier(kc_tier *t, LLVMValueRef call, int s, LLVMValueRef acc)
{
    kc_ctx *k = t->k;
    int kind = kc_barrier_kind(call);
    if (kind == KC_BAR_PLAIN) {
        LLVMInstructionEraseFromParent(call);
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
    LLVMInstructionEraseFromParent(call);
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

static LLVMValueRef hoist_load(kc_tier *t, hoisted *h, int *nh, LLVMValueRef g, long long off,
                               LLVMTypeRef ty)
{
    for (int i = 0; i < *nh; i++)
        if (h[i].g == g && h[i].off == off && h[i].ty == ty)
            return h[i].v;
    before_terminator(t, t->entry);
    LLVMValueRef a = tls_addr(t->k, t->b, g);
    LLVMValueRef o = ci64(t->k, off);
    a = LLVMBuildGEP2(t->b, t->k->i8, a, &o, 1, "");
    LLVMValueRef v = LLVMBuildLoad2(t->b, ty, a, "kc.builtin");
    h[*nh].g = g;
    h[*nh].off = off;
    h[*nh].ty = ty;
    h[*nh].v = v;
    (*nh)++;
    return v;
}

static void lower_instructions(kc_tier *t)
{
    kc_ctx *k = t->k;
    hoisted *h = xcalloc((size_t)t->nins + 1, sizeof *h);
    int nh = 0;
    LLVMValueRef acc = NULL;
    LLVMValueRef inline_ss = LLVMGetNamedFunction(k->m, "simt__shared_static_inline");
    for (int i = 0; i < t->nins; i++) {
        LLVMValueRef v = t->ins[i];
        int s = t->bseg[t->iblk[i]];
        if (!v)
            continue;
        LLVMOpcode op = LLVMGetInstructionOpcode(v);
        if (op == LLVMCall && kc_barrier_kind(v) != KC_BAR_NONE) {
            if (!acc && kc_barrier_kind(v) != KC_BAR_PLAIN) {
                LLVMPositionBuilderBefore(t->b, LLVMGetFirstInstruction(t->entry));
                acc = t->acc = LLVMBuildAlloca(t->b, k->i32, "kc.count");
            }
            lower_barrier(t, v, s, acc);
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
                    h[nh].key = site;
                    h[nh++].v = r;
                }
                LLVMReplaceAllUsesWith(v, r);
                LLVMInstructionEraseFromParent(v);
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
            LLVMInstructionEraseFromParent(v);
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
                LLVMInstructionEraseFromParent(user);
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
        LLVMInstructionEraseFromParent(al);
    }
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
            if (p && p != t->acc && !LLVMGetVolatile(i) &&
                LLVMGetOrdering(i) == LLVMAtomicOrderingNotAtomic)
                LLVMSetMetadata(i, kind, ag);
        }
    }
    for (int e = 0; e < nst; e++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(st[e].bb); i; i = LLVMGetNextInstruction(i))
            if (LLVMGetInstructionOpcode(i) == LLVMStore)
                LLVMSetMetadata(i, kind, ag);
}

void kc_generate(kc_tier *t)
{
    kc_ctx *k = t->k;
    t->b = LLVMCreateBuilderInContext(k->c);
    find_slots(t);
    build_entry(t);
    for (int s = 0; s < t->nseg; s++)
        build_segment(t, s);
    LLVMPositionBuilderAtEnd(t->b, t->entry);
    LLVMBuildBr(t->b, t->segs[t->bseg[0]].pre);
    /* Divergent values used in other segments: stored where defined,
     * loaded where used. */
    for (int i = 0; i < t->nins; i++) {
        LLVMValueRef v = t->ins[i];
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
    mark_parallel(t, st, nst);
    free(st);
    /* The return block: its segment returns from pre. */
    for (int s = 0; s < t->nseg; s++) {
        if (t->segs[s].lx)
            continue;
        LLVMDeleteBasicBlock(t->g.bb[t->segs[s].leader]);
    }
    LLVMDisposeBuilder(t->b);
}
