/*
 * kc_repeat.c: a checking build's checks of one address, repeated by a
 * loop, made once per entry into the loop.
 *
 * `x[i] += a[i][j] * y[j]` in a loop over j checks x[i] twice an
 * iteration, at the same address, with the thread's context (its block's
 * barrier generation, its warp clocks, its atomics) unchanged as long as
 * the loop makes no synchronization.  The first check of the address in
 * the loop leaves the thread's record in the cell; any access of another
 * thread that would race with a later repetition meets that record and is
 * reported there (with the first repetition's line, the same line), and
 * memcheck's and initcheck's verdicts on one address and size do not
 * change without another thread's write, which meets the record too.  So
 * a check whose address the loop does not change is made only until it
 * has been made once since the loop was entered.
 *
 * After the instrumentation (and kc_readonly.c), on each thread function
 * of a racecheck build: natural loops from the retreating edges of a
 * depth-first walk, each the header and the blocks that reach a latch
 * without passing the header; a loop with another entry (irreducible), or
 * whose blocks call anything but the plain accesses' checks, the alignment
 * checks, intrinsics that only compute and functions that touch no memory,
 * is left alone.  For each plain 4- or 8-byte check (no volatile access,
 * no atomic) the largest such loop around it whose blocks do not define
 * its address gets a flag (an alloca that SROA makes a phi): cleared on
 * every edge into the loop's header from outside, set after the check,
 * which becomes simt__unless<entry>(flag, p) (src/check/abi/tsan_abi.c).
 */
#include <stdlib.h>
#include <string.h>

#include "kc_repeat.h"
#include "kc_tier.h"

typedef struct loop {
    int header;
    char *body; /* [n]: the blocks of the loop */
    int size;
    int ok;     /* single entry, no synchronization */
} loop;

static void *xcalloc(size_t n, size_t s)
{
    void *p = calloc(n ? n : 1, s);
    if (!p)
        abort(); /* simt-kc is a compiler: out of memory ends the compile */
    return p;
}

/* A call a loop may make and stay free of synchronization. */
static int call_ok(LLVMValueRef call)
{
    size_t n = 0;
    const char *s = kc_callee_name(call, &n);
    if (!s)
        return 0;
    static const char *const prefixes[] = {"__tsan_read", "__tsan_write", "__tsan_unaligned_read",
                                           "__tsan_unaligned_write", "simt__ro__tsan_", "__ubsan_",
                                           "simt__ubsan_mismatch_if", "llvm.dbg.", "llvm.lifetime."};
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++) {
        size_t l = strlen(prefixes[i]);
        if (n >= l && !memcmp(s, prefixes[i], l))
            return !(n > 11 && strstr(s, "volatile"));
    }
    if (kc_computes_only(call))
        return 1;
    /* A declared function that touches no memory (the C library's math
     * under -fno-math-errno): LLVM 16's memory(none). */
    LLVMValueRef f = LLVMGetCalledValue(call);
    if (!LLVMIsAFunction(f))
        return 0;
    unsigned kind = LLVMGetEnumAttributeKindForName("memory", 6);
    LLVMAttributeRef a = LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind);
    return a && LLVMGetEnumAttributeValue(a) == 0;
}

/* Natural loops: for each block the target of a retreating edge, its
 * body. */
static int find_loops(const kc_cfg *g, loop **out)
{
    int n = g->n, nl = 0;
    char *state = xcalloc((size_t)n, 1); /* 1 on the walk's stack, 2 done */
    int *stack = xcalloc((size_t)n, sizeof *stack), *edge = xcalloc((size_t)n, sizeof *edge);
    loop *loops = xcalloc((size_t)n, sizeof *loops);
    int *lp = xcalloc((size_t)n, sizeof *lp), *work = xcalloc((size_t)n, sizeof *work);
    for (int i = 0; i < n; i++)
        lp[i] = -1;
    int sp = 0;
    stack[sp++] = 0;
    state[0] = 1;
    while (sp) {
        int v = stack[sp - 1];
        if (edge[v] < g->nsucc[v]) {
            int s = g->succ[v][edge[v]++];
            if (s >= n)
                continue;
            if (state[s] == 1) {
                /* v -> s retreats: v is a latch of s's loop */
                if (lp[s] < 0) {
                    lp[s] = nl;
                    loops[nl].header = s;
                    loops[nl].body = xcalloc((size_t)n, 1);
                    loops[nl].body[s] = 1;
                    loops[nl].size = 1;
                    loops[nl++].ok = 1;
                }
                loop *l = &loops[lp[s]];
                int wp = 0;
                if (!l->body[v]) {
                    l->body[v] = 1;
                    l->size++;
                    work[wp++] = v;
                }
                while (wp) {
                    int u = work[--wp];
                    for (int j = 0; j < g->npred[u]; j++) {
                        int p = g->pred[u][j];
                        if (!l->body[p]) {
                            l->body[p] = 1;
                            l->size++;
                            work[wp++] = p;
                        }
                    }
                }
            } else if (!state[s]) {
                state[s] = 1;
                stack[sp++] = s;
            }
        } else {
            state[v] = 2;
            sp--;
        }
    }
    free(state);
    free(stack);
    free(edge);
    free(lp);
    free(work);
    *out = loops;
    return nl;
}

/* Single entry (only the header has predecessors outside), and nothing
 * in it synchronizes. */
static void judge(const kc_cfg *g, loop *l)
{
    /* the entry in it: the walk went past the header (irreducible) */
    if (l->body[0])
        l->ok = 0;
    for (int b = 0; b < g->n && l->ok; b++) {
        if (!l->body[b])
            continue;
        if (b != l->header)
            for (int j = 0; j < g->npred[b]; j++)
                if (!l->body[g->pred[b][j]])
                    l->ok = 0;
        for (LLVMValueRef i = LLVMGetFirstInstruction(g->bb[b]); i && l->ok; i = LLVMGetNextInstruction(i))
            if ((LLVMIsACallInst(i) && !call_ok(i)) || LLVMIsAInvokeInst(i) || LLVMIsAFenceInst(i) ||
                LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i))
                l->ok = 0;
    }
}

int kc_repeat(kc_ctx *k, LLVMValueRef f)
{
    kc_cfg g;
    if (kc_cfg_build(&g, f) < 0) {
        kc_cfg_free(&g);
        return 0;
    }
    loop *loops = NULL;
    int nl = find_loops(&g, &loops), changed = 0;
    for (int i = 0; i < nl; i++)
        judge(&g, &loops[i]);
    LLVMBuilderRef bld = LLVMCreateBuilderInContext(k->c);
    LLVMValueRef entry_first = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(f));
    for (int b = 0; b < g.n && nl; b++) {
        LLVMValueRef i = LLVMGetFirstInstruction(g.bb[b]);
        while (i) {
            LLVMValueRef next = LLVMGetNextInstruction(i);
            size_t n = 0;
            const char *s = LLVMIsACallInst(i) ? kc_callee_name(i, &n) : NULL;
            if (!s || !kc_unless_able(s, n)) {
                i = next;
                continue;
            }
            LLVMValueRef p = LLVMGetOperand(i, 0);
            int def = LLVMIsAInstruction(p) ? kc_block_index(&g, LLVMGetInstructionParent(p)) : -1;
            loop *best = NULL;
            for (int j = 0; j < nl; j++) {
                loop *l = &loops[j];
                if (l->ok && l->body[b] && (def < 0 || !l->body[def]) && (!best || l->size > best->size))
                    best = l;
            }
            if (!best) {
                i = next;
                continue;
            }
            /* the flag: made at the entry, cleared on the edges in */
            LLVMPositionBuilderBefore(bld, entry_first);
            LLVMValueRef flag = LLVMBuildAlloca(bld, k->i1, "");
            LLVMBuildStore(bld, LLVMConstInt(k->i1, 0, 0), flag);
            for (int j = 0; j < g.npred[best->header]; j++) {
                int pb = g.pred[best->header][j];
                if (best->body[pb])
                    continue;
                LLVMPositionBuilderBefore(bld, LLVMGetBasicBlockTerminator(g.bb[pb]));
                LLVMBuildStore(bld, LLVMConstInt(k->i1, 0, 0), flag);
            }
            LLVMPositionBuilderBefore(bld, i);
            LLVMValueRef done = LLVMBuildZExt(bld, LLVMBuildLoad2(bld, k->i1, flag, ""), k->i32, "");
            LLVMValueRef c = kc_replace_check(k, bld, i, "simt__unless", done);
            LLVMPositionBuilderBefore(bld, LLVMGetNextInstruction(c));
            LLVMBuildStore(bld, LLVMConstInt(k->i1, 1, 0), flag);
            changed++;
            i = next;
        }
    }
    LLVMDisposeBuilder(bld);
    for (int i = 0; i < nl; i++)
        free(loops[i].body);
    free(loops);
    kc_cfg_free(&g);
    return changed;
}
