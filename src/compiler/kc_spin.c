/*
 * kc_spin.c: loops that wait for another thread.
 *
 * A GPU schedules each thread on its own since Volta: a thread that spins
 * until another thread of its block writes a flag (`while (*flag == 0);`,
 * a lock taken with `while (atomicCAS(&lock, 0, 1) != 0);`) lets that
 * thread run, and the loop ends.  simt runs a block's threads one after
 * another until one waits at a barrier or a collective, so such a thread
 * spun for ever when the writer came after it.
 *
 * A loop waits when a branch that leaves it depends on a poll: a read in
 * the loop, at an address the loop does not change, of memory another
 * thread may write and this read does not change (a volatile or atomic
 * load, an atomic exchange, an atomic add of 0, a compare-and-swap whose
 * expected value does not come from its own last result; not a load of
 * what the loop itself stores there).  A loop that
 * retries a compare-and-swap with the value it read (atomicAdd of floats,
 * atomicMax) makes progress by itself, as does one that takes work from a
 * counter (an atomic add of 1): neither waits.
 *
 * Each waiting loop gets a count in its function's frame, set to 0 where
 * the loop is entered, and a call of simt_spin(&count, site) at the top of
 * every round (src/engine/sched.c): it lets the block's other threads run
 * every few rounds, or backs off when none can.  A thread that calls it
 * stays on the fiber tier, where threads can be switched
 * (kc_scan.c); `simtcc --resource-usage` names the loop.
 *
 * Loops are found from the edges a depth-first walk meets going back to a
 * block still on its path: the header, and the blocks that reach the edge
 * without passing the header.  Runs after inlining and simplification,
 * on every function of the unit.  SIMT_KC_SPIN=0 turns it off.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "kc_spin.h"
#include "kc_tier.h"

#define BUDGET 256 /* values looked at for one question (loops make cycles) */

static int in_loop(const kc_cfg *g, const char *body, LLVMValueRef v)
{
    if (!v || !LLVMIsAInstruction(v))
        return 0;
    int x = kc_block_index(g, LLVMGetInstructionParent(v));
    return x >= 0 && body[x];
}

/* Whether v, computed in the loop, reaches `target` through the values it
 * is computed from, without a read from memory between. */
static int computed_from(const kc_cfg *g, const char *body, LLVMValueRef v, LLVMValueRef target,
                         int *budget)
{
    if (v == target)
        return 1;
    if (!in_loop(g, body, v) || --*budget < 0 || LLVMIsALoadInst(v) || LLVMIsAAtomicRMWInst(v) ||
        LLVMIsAAtomicCmpXchgInst(v) || LLVMIsACallInst(v))
        return 0;
    int n = LLVMGetNumOperands(v);
    for (int i = 0; i < n; i++)
        if (computed_from(g, body, LLVMGetOperand(v, i), target, budget))
            return 1;
    return 0;
}

/* Whether address p changes from round to round: computed in the loop
 * from a value that the loop's phis carry. */
static int varies(const kc_cfg *g, const char *body, LLVMValueRef p, int *budget)
{
    if (!in_loop(g, body, p) || --*budget < 0)
        return 0;
    if (LLVMIsAPHINode(p))
        return 1;
    if (LLVMIsALoadInst(p) || LLVMIsACallInst(p))
        return 0; /* a pointer read from memory: the same, as far as anyone knows */
    int n = LLVMGetNumOperands(p);
    for (int i = 0; i < n; i++)
        if (varies(g, body, LLVMGetOperand(p, i), budget))
            return 1;
    return 0;
}

static int all_ones(LLVMValueRef v)
{
    return LLVMIsAConstantInt(v) && LLVMConstIntGetSExtValue(v) == -1;
}

/* Whether the loop stores to p itself: a load of p that checks the
 * loop's own store (a warp's tagged histogram update, `do { v = s[d] + 1;
 * s[d] = v; } while (s[d] != v);`) retries, it does not wait. */
static int stores_to(const kc_cfg *g, const char *body, LLVMValueRef p)
{
    for (int x = 0; x < g->n; x++)
        if (body[x])
            for (LLVMValueRef i = LLVMGetFirstInstruction(g->bb[x]); i; i = LLVMGetNextInstruction(i))
                if (LLVMIsAStoreInst(i) && LLVMGetOperand(i, 1) == p)
                    return 1;
    return 0;
}

/* Whether instruction i of the loop is a poll, as the header says. */
static int poll(const kc_cfg *g, const char *body, LLVMValueRef i)
{
    int budget = BUDGET;
    if (LLVMIsALoadInst(i)) {
        if (!LLVMGetVolatile(i) && LLVMGetOrdering(i) == LLVMAtomicOrderingNotAtomic)
            return 0;
        if (stores_to(g, body, LLVMGetOperand(i, 0)))
            return 0;
    } else if (LLVMIsAAtomicRMWInst(i)) {
        LLVMAtomicRMWBinOp op = LLVMGetAtomicRMWBinOp(i);
        LLVMValueRef v = LLVMGetOperand(i, 1);
        int same = LLVMIsNull(v) && (op == LLVMAtomicRMWBinOpAdd || op == LLVMAtomicRMWBinOpSub ||
                                     op == LLVMAtomicRMWBinOpOr || op == LLVMAtomicRMWBinOpXor ||
                                     op == LLVMAtomicRMWBinOpUMax);
        same |= op == LLVMAtomicRMWBinOpAnd && all_ones(v);
        /* An exchange of a value made from its last result moves on. */
        same |= op == LLVMAtomicRMWBinOpXchg && !computed_from(g, body, v, i, &budget);
        if (!same)
            return 0;
    } else if (LLVMIsAAtomicCmpXchgInst(i)) {
        if (computed_from(g, body, LLVMGetOperand(i, 1), i, &budget))
            return 0; /* retried with what it read */
    } else {
        return 0;
    }
    budget = BUDGET;
    return !varies(g, body, LLVMGetOperand(i, 0), &budget);
}

/* The poll that v (a branch's condition) is computed from, or NULL. */
static LLVMValueRef polled(const kc_cfg *g, const char *body, LLVMValueRef v, int *budget)
{
    if (!in_loop(g, body, v) || --*budget < 0)
        return NULL;
    if (poll(g, body, v))
        return v;
    if (LLVMIsALoadInst(v) || LLVMIsAAtomicRMWInst(v) || LLVMIsAAtomicCmpXchgInst(v) ||
        LLVMIsACallInst(v))
        return NULL;
    int n = LLVMGetNumOperands(v);
    for (int i = 0; i < n; i++) {
        LLVMValueRef p = polled(g, body, LLVMGetOperand(v, i), budget);
        if (p)
            return p;
    }
    return NULL;
}

/* The branch leaving the loop that depends on a poll, or NULL. */
static LLVMValueRef loop_poll(const kc_cfg *g, const char *body)
{
    for (int x = 0; x < g->n; x++) {
        if (!body[x])
            continue;
        int leaves = 0;
        for (int j = 0; j < g->nsucc[x]; j++)
            leaves |= !body[g->succ[x][j]];
        LLVMValueRef t = LLVMGetBasicBlockTerminator(g->bb[x]);
        LLVMValueRef cond = NULL;
        if (!leaves || !t)
            continue;
        if (LLVMIsABranchInst(t) && LLVMIsConditional(t))
            cond = LLVMGetCondition(t);
        else if (LLVMIsASwitchInst(t))
            cond = LLVMGetOperand(t, 0);
        int budget = BUDGET;
        if (cond && polled(g, body, cond, &budget))
            return t; /* the branch: its line is the program's, the poll's may be a header's */
    }
    return NULL;
}

/* Marks in body the blocks of the loop whose back edges end at h: h, and
 * what reaches one of its tails (marked in body already) going backwards
 * without passing h. */
static void fill_loop(const kc_cfg *g, int h, char *body, int *stack)
{
    int sp = 0;
    for (int x = 0; x < g->n; x++)
        if (body[x] && x != h)
            stack[sp++] = x;
    body[h] = 1;
    while (sp) {
        int v = stack[--sp];
        for (int j = 0; j < g->npred[v]; j++) {
            int u = g->pred[v][j];
            if (!body[u]) {
                body[u] = 1;
                stack[sp++] = u;
            }
        }
    }
}

static LLVMValueRef spin_fn(kc_ctx *k, LLVMTypeRef *type)
{
    LLVMTypeRef params[2] = {k->ptr, k->ptr};
    *type = LLVMFunctionType(k->voidt, params, 2, 0);
    LLVMValueRef f = LLVMGetNamedFunction(k->m, "simt_spin");
    if (!f)
        f = LLVMAddFunction(k->m, "simt_spin", *type);
    return f;
}

static int eh_pad(LLVMValueRef i)
{
    LLVMOpcode op = i ? LLVMGetInstructionOpcode(i) : LLVMRet;
    return op == LLVMLandingPad || op == LLVMCatchPad || op == LLVMCleanupPad || op == LLVMCatchSwitch;
}

static LLVMValueRef first_non_phi(LLVMBasicBlockRef bb)
{
    LLVMValueRef i = LLVMGetFirstInstruction(bb);
    while (i && LLVMIsAPHINode(i))
        i = LLVMGetNextInstruction(i);
    return i;
}

/* The count, its resets on the edges into the loop, the call; 0 where
 * exception handling leaves no place for them (a handler's pad must come
 * first in its block), as host code may. */
static int instrument_loop(kc_ctx *k, LLVMBuilderRef b, const kc_cfg *g, const char *body, int h,
                           LLVMValueRef at)
{
    if (eh_pad(first_non_phi(g->bb[h])))
        return 0;
    for (int x = 0; x < g->n; x++)
        for (int j = 0; body[x] && j < g->npred[x]; j++)
            if (!body[g->pred[x][j]] && eh_pad(LLVMGetBasicBlockTerminator(g->bb[g->pred[x][j]])))
                return 0;

    LLVMBasicBlockRef entry = g->bb[0];
    LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(entry));
    LLVMValueRef count = LLVMBuildAlloca(b, k->i32, "simt.spins");
    LLVMValueRef zero = LLVMConstInt(k->i32, 0, 0);
    for (int x = 0; x < g->n; x++) {
        if (!body[x])
            continue;
        for (int j = 0; j < g->npred[x]; j++) {
            int u = g->pred[x][j];
            if (body[u])
                continue;
            LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(g->bb[u]));
            LLVMBuildStore(b, zero, count);
        }
    }
    char text[300];
    if (!kc_debug_site(at, text, sizeof text))
        snprintf(text, sizeof text, "(a loop that waits)");
    LLVMPositionBuilderBefore(b, first_non_phi(g->bb[h]));
    LLVMTypeRef type;
    LLVMValueRef f = spin_fn(k, &type);
    LLVMValueRef args[2] = {count, LLVMBuildGlobalStringPtr(b, text, "simt.spin.site")};
    LLVMValueRef call = LLVMBuildCall2(b, type, f, args, 2, "");
    LLVMInstructionSetDebugLoc(call, LLVMInstructionGetDebugLoc(at));
    return 1;
}

/* Whether fn reads memory as a poll could: worth a graph. */
static int may_poll(LLVMValueRef fn)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            if (LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i) ||
                (LLVMIsALoadInst(i) &&
                 (LLVMGetVolatile(i) || LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic)))
                return 1;
    return 0;
}

/* What each_loop does with a loop (body marks its blocks, h its header);
 * returns 1 if it changed the function (instructions only). */
typedef int (*loop_fn)(const kc_cfg *g, const char *body, int h, void *arg);

/* Calls f for every loop of fn; returns how many it changed. */
static int each_loop(LLVMValueRef fn, loop_fn f, void *arg)
{
    kc_cfg g;
    if (kc_cfg_build(&g, fn) != 0) {
        kc_cfg_free(&g);
        return 0;
    }
    int n = g.n, loops = 0;
    /* Depth-first from the entry: an edge to a block on the path is a back
     * edge, its target a loop's header. */
    char *state = calloc((size_t)n, 1), *header = calloc((size_t)n, 1), *body = malloc((size_t)n);
    int *stack = malloc(sizeof(int) * (size_t)(n + 1)), *pos = malloc(sizeof(int) * (size_t)(n + 1));
    int *tails = NULL, ntails = 0; /* back edges: tail, header */
    if (!state || !header || !body || !stack || !pos)
        abort(); /* simt-kc is a compiler: out of memory ends the compile */
    int sp = 0;
    stack[sp] = 0;
    pos[sp++] = 0;
    state[0] = 1;
    while (sp) {
        int u = stack[sp - 1];
        if (pos[sp - 1] == g.nsucc[u]) {
            state[u] = 2;
            sp--;
            continue;
        }
        int v = g.succ[u][pos[sp - 1]++];
        if (state[v] == 1) {
            header[v] = 1;
            if (!(tails = realloc(tails, sizeof(int) * (size_t)(2 * ntails + 2))))
                abort();
            tails[2 * ntails] = u;
            tails[2 * ntails++ + 1] = v;
        } else if (!state[v]) {
            state[v] = 1;
            stack[sp] = v;
            pos[sp++] = 0;
        }
    }
    for (int h = 0; h < n; h++) {
        if (!header[h])
            continue;
        memset(body, 0, (size_t)n);
        for (int e = 0; e < ntails; e++)
            if (tails[2 * e + 1] == h)
                body[tails[2 * e]] = 1;
        fill_loop(&g, h, body, stack);
        if (!body[0]) /* the entry in it: not a loop of h's */
            loops += f(&g, body, h, arg);
    }
    free(tails);
    free(state);
    free(header);
    free(body);
    free(stack);
    free(pos);
    kc_cfg_free(&g);
    return loops;
}

struct spin_arg {
    kc_ctx *k;
    LLVMBuilderRef b;
    unsigned kind;      /* the branches' tags (modules left unoptimized) */
    char *mark;         /* kc_spin_find: tags of branches that leave a waiting loop */
    const char *want;   /* kc_spin_untag: the same */
    unsigned ntags;
};

static int spin_loop(const kc_cfg *g, const char *body, int h, void *arg)
{
    struct spin_arg *a = arg;
    LLVMValueRef at = loop_poll(g, body);
    return at && instrument_loop(a->k, a->b, g, body, h, at);
}

static int spin_off(void)
{
    const char *env = getenv("SIMT_KC_SPIN");
    return env && !strcmp(env, "0");
}

int kc_spin(kc_ctx *k)
{
    if (spin_off())
        return 0;
    int n = 0;
    struct spin_arg a = {k, LLVMCreateBuilderInContext(k->c), 0, NULL, NULL, 0};
    for (LLVMValueRef fn = LLVMGetFirstFunction(k->m); fn; fn = LLVMGetNextFunction(fn))
        if (!LLVMIsDeclaration(fn) && may_poll(fn))
            n += each_loop(fn, spin_loop, &a);
    LLVMDisposeBuilder(a.b);
    return n;
}

/* ---- modules left unoptimized ------------------------------------------------- */

static int two_way(LLVMValueRef t)
{
    return t && ((LLVMIsABranchInst(t) && LLVMIsConditional(t)) || LLVMIsASwitchInst(t));
}

unsigned kc_spin_tag(kc_ctx *k, unsigned kind)
{
    unsigned n = 0;
    if (spin_off())
        return 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(k->m); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
            LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
            if (!two_way(t))
                continue;
            kc_set_tag(k, t, kind, ++n);
        }
    return n;
}

static int want_loop(const kc_cfg *g, const char *body, int h, void *arg)
{
    (void)h;
    struct spin_arg *a = arg;
    LLVMValueRef at = loop_poll(g, body);
    unsigned t = at ? kc_tag_of(at, a->kind) : 0;
    if (t && t <= a->ntags)
        a->mark[t] = 1;
    return 0;
}

void kc_spin_find(LLVMModuleRef copy, unsigned kind, char *want, unsigned ntags)
{
    struct spin_arg a = {NULL, NULL, kind, want, NULL, ntags};
    for (LLVMValueRef fn = LLVMGetFirstFunction(copy); fn; fn = LLVMGetNextFunction(fn))
        if (!LLVMIsDeclaration(fn) && may_poll(fn))
            each_loop(fn, want_loop, &a);
}

/* A loop that a wanted branch leaves. */
static int wanted_loop(const kc_cfg *g, const char *body, int h, void *arg)
{
    struct spin_arg *a = arg;
    for (int x = 0; x < g->n; x++) {
        if (!body[x])
            continue;
        LLVMValueRef t = LLVMGetBasicBlockTerminator(g->bb[x]);
        unsigned tag = two_way(t) ? kc_tag_of(t, a->kind) : 0;
        if (!tag || tag > a->ntags || !a->want[tag])
            continue;
        for (int j = 0; j < g->nsucc[x]; j++)
            if (!body[g->succ[x][j]])
                return instrument_loop(a->k, a->b, g, body, h, t);
    }
    return 0;
}

int kc_spin_untag(kc_ctx *k, unsigned kind, const char *want, unsigned ntags)
{
    int n = 0;
    struct spin_arg a = {k, LLVMCreateBuilderInContext(k->c), kind, NULL, want, ntags};
    for (LLVMValueRef fn = LLVMGetFirstFunction(k->m); fn; fn = LLVMGetNextFunction(fn)) {
        int any = 0;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
            LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
            unsigned tag = t ? kc_tag_of(t, kind) : 0;
            any |= tag && tag <= ntags && want[tag];
        }
        if (any)
            n += each_loop(fn, wanted_loop, &a);
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
            LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
            if (t)
                LLVMSetMetadata(t, kind, NULL);
        }
    }
    LLVMDisposeBuilder(a.b);
    return n;
}
