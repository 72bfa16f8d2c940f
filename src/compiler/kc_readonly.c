/*
 * kc_readonly.c: racecheck's reads of memory that the kernel never writes.
 *
 * Most of a racecheck build's time goes to its per-access check
 * (src/check/check.c), and most accesses of a typical kernel are reads
 * of inputs that no thread of the launch writes: gemm's A and B, a
 * stencil's source grid.  No thread of the launch can race on such a
 * read with another thread of the launch.  Only another command (a
 * kernel or copy of another stream) can, and for that the shadow needs
 * one read record of the launch per cell, not one per access.
 *
 * So, for each thread function of a racecheck build, after the
 * instrumentation: every pointer an access uses is traced back to its
 * root: a pointer parameter of the launch (a load from the packed
 * parameters at a constant offset), something never device memory (the
 * thread's stack, thread-locals such as the shared-memory arena, globals
 * of the program's data), or unknown.  A parameter is written if some
 * store, atomic, memory intrinsic or call (any pointer operand of a call:
 * the callee may write through it) uses a pointer rooted at it.  If any
 * write has an unknown root, nothing is known and nothing changes.
 * Otherwise each read of a parameter that no write uses becomes a call
 * of simt__ro__tsan_readN(apart, p) (src/check/abi/tsan_abi.c): `apart`
 * is computed at the function's entry by simt__check_apart (the
 * parameter's pointer is in device memory, in an allocation none of the
 * written parameters points into; the block function makes it once,
 * kc_gen.c), and where it holds, the entry point finds the cell's read
 * record already the launch's and does nothing more; the first read of
 * each cell in the launch is recorded by simt__check_ro_read (check.c).
 *
 * What it misses: a write that reaches a parameter's allocation from a
 * pointer rooted at another parameter (pointer arithmetic from one
 * allocation into another, which C++ leaves undefined): its race with
 * the reads is not seen.
 */
#include <stdlib.h>
#include <string.h>

#include "kc_readonly.h"
#include "kc_tier.h"

#define DEPTH 16   /* how far a pointer is followed back */
#define MAX_ARGS 64 /* distinct parameters tracked */

enum { R_NONE, R_LOCAL, R_ARG, R_UNKNOWN };

typedef struct root {
    int kind;
    long long off; /* R_ARG: the parameter's offset in the pack */
} root;

static root combine(root a, root b)
{
    if (a.kind == R_NONE)
        return b;
    if (b.kind == R_NONE)
        return a;
    if (a.kind == b.kind && (a.kind != R_ARG || a.off == b.off))
        return a;
    return (root){R_UNKNOWN, 0};
}

/* Whether q's base is a thread-local global (the block's shared-memory
 * arena, the built-in variables): pointers kept there are simt's own. */
static int tls_rooted(LLVMValueRef q)
{
    while (LLVMIsAGetElementPtrInst(q) || LLVMIsABitCastInst(q))
        q = LLVMGetOperand(q, 0);
    return kc_tls_global(q) != NULL;
}

/* visiting: the phis on the walk's path (a loop's pointer comes back to
 * its own phi: that adds nothing). */
static root root_of(kc_ctx *k, LLVMValueRef p, LLVMValueRef args, LLVMValueRef *visiting, int depth)
{
    for (;;) {
        if (LLVMIsAGetElementPtrInst(p) || LLVMIsABitCastInst(p) || LLVMIsAAddrSpaceCastInst(p))
            p = LLVMGetOperand(p, 0);
        else if (LLVMIsAConstantExpr(p) && (LLVMGetConstOpcode(p) == LLVMGetElementPtr ||
                                             LLVMGetConstOpcode(p) == LLVMBitCast ||
                                             LLVMGetConstOpcode(p) == LLVMAddrSpaceCast))
            p = LLVMGetOperand(p, 0);
        else
            break;
    }
    if (p == args || LLVMIsAAllocaInst(p) || LLVMIsAGlobalVariable(p) || LLVMIsAFunction(p) ||
        kc_tls_global(p) || LLVMIsAConstantPointerNull(p))
        return (root){R_LOCAL, 0};
    if (LLVMIsALoadInst(p)) {
        LLVMValueRef q = LLVMGetOperand(p, 0);
        long long off;
        if (kc_pack_offset(k, q, args, &off))
            return (root){R_ARG, off};
        if (tls_rooted(q))
            return (root){R_LOCAL, 0};
        return (root){R_UNKNOWN, 0};
    }
    if (depth >= DEPTH)
        return (root){R_UNKNOWN, 0};
    if (LLVMIsAPHINode(p)) {
        for (int i = 0; i < depth; i++)
            if (visiting[i] == p)
                return (root){R_NONE, 0};
        visiting[depth] = p;
        root r = {R_NONE, 0};
        unsigned n = LLVMCountIncoming(p);
        for (unsigned i = 0; i < n && r.kind != R_UNKNOWN; i++)
            r = combine(r, root_of(k, LLVMGetIncomingValue(p, i), args, visiting, depth + 1));
        return r;
    }
    if (LLVMIsASelectInst(p)) {
        visiting[depth] = NULL;
        root a = root_of(k, LLVMGetOperand(p, 1), args, visiting, depth + 1);
        return combine(a, root_of(k, LLVMGetOperand(p, 2), args, visiting, depth + 1));
    }
    return (root){R_UNKNOWN, 0};
}

typedef struct ro_state {
    kc_ctx *k;
    LLVMValueRef args;
    long long written[MAX_ARGS];
    int nwritten;
    int unknown; /* a write whose root is not known: nothing changes */
} ro_state;

static root root_at(ro_state *s, LLVMValueRef p)
{
    LLVMValueRef visiting[DEPTH];
    return root_of(s->k, p, s->args, visiting, 0);
}

static int is_written(const ro_state *s, long long off)
{
    for (int i = 0; i < s->nwritten; i++)
        if (s->written[i] == off)
            return 1;
    return 0;
}

static void mark_written(ro_state *s, LLVMValueRef p)
{
    if (LLVMGetTypeKind(LLVMTypeOf(p)) != LLVMPointerTypeKind)
        return;
    root r = root_at(s, p);
    if (r.kind == R_UNKNOWN || (r.kind == R_ARG && s->nwritten == MAX_ARGS && !is_written(s, r.off)))
        s->unknown = 1;
    else if (r.kind == R_ARG && !is_written(s, r.off))
        s->written[s->nwritten++] = r.off;
}

/* A ThreadSanitizer entry point that only reads (plain, unaligned,
 * volatile; not read_write): its name with the size, or NULL. */
static int is_read_entry(const char *s, size_t n)
{
    static const char *const reads[] = {"__tsan_read", "__tsan_unaligned_read", "__tsan_volatile_read",
                                        "__tsan_unaligned_volatile_read"};
    for (size_t i = 0; i < sizeof reads / sizeof *reads; i++) {
        size_t l = strlen(reads[i]);
        if (n > l && !memcmp(s, reads[i], l) && s[l] >= '0' && s[l] <= '9')
            return 1;
    }
    return 0;
}

/* Calls that write nothing a kernel can see: debug and lifetime markers,
 * computing intrinsics, the alignment checks' handlers (their pointer
 * operands are static data). */
static int writes_nothing(LLVMValueRef call, const char *s, size_t n)
{
    if (s && ((n > 8 && !memcmp(s, "__ubsan_", 8)) || kc_name_is(s, n, "simt__ubsan_mismatch_if") ||
              (n > 9 && !memcmp(s, "llvm.dbg.", 9)) || (n > 14 && !memcmp(s, "llvm.lifetime.", 14))))
        return 1;
    return s && kc_computes_only(call);
}

/* Every instruction of f that may write: its pointers' roots. */
static void find_writes(ro_state *s, LLVMValueRef f)
{
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b && !s->unknown; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i && !s->unknown; i = LLVMGetNextInstruction(i)) {
            if (LLVMIsAStoreInst(i)) {
                mark_written(s, LLVMGetOperand(i, 1));
            } else if (LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i)) {
                mark_written(s, LLVMGetOperand(i, 0));
            } else if (LLVMIsACallInst(i) || LLVMIsAInvokeInst(i)) {
                size_t n = 0;
                const char *name = kc_callee_name(i, &n);
                if ((name && is_read_entry(name, n)) || writes_nothing(i, name, n))
                    continue;
                unsigned nargs = LLVMGetNumArgOperands(i);
                for (unsigned a = 0; a < nargs; a++)
                    mark_written(s, LLVMGetOperand(i, a));
            }
        }
}

/* The entry's insertion point: after its allocas. */
static LLVMValueRef entry_point(LLVMValueRef f)
{
    LLVMValueRef i = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(f));
    while (i && LLVMIsAAllocaInst(i))
        i = LLVMGetNextInstruction(i);
    return i;
}

static LLVMValueRef arg_pointer(ro_state *s, LLVMBuilderRef bld, long long off)
{
    kc_ctx *k = s->k;
    LLVMValueRef idx = LLVMConstInt(k->i64, (unsigned long long)off, 0);
    LLVMValueRef at = LLVMBuildGEP2(bld, k->i8, s->args, &idx, 1, "");
    return LLVMBuildLoad2(bld, k->ptr, at, "");
}

/* simt__check_apart(p, w): reads only the checker's table of
 * allocations, which no kernel changes; the block function makes each
 * call once, at its entry (kc_gen.c, hoist_apart). */
static LLVMValueRef apart_fn(kc_ctx *k, LLVMTypeRef *ft)
{
    LLVMTypeRef params[2] = {k->ptr, k->ptr};
    *ft = LLVMFunctionType(k->i32, params, 2, 0);
    LLVMValueRef f = LLVMGetNamedFunction(k->m, "simt__check_apart");
    if (f)
        return f;
    f = LLVMAddFunction(k->m, "simt__check_apart", *ft);
    static const char *const attrs[] = {"nounwind", "willreturn", "nosync", "nofree"};
    for (size_t i = 0; i < sizeof attrs / sizeof *attrs; i++) {
        unsigned kind = LLVMGetEnumAttributeKindForName(attrs[i], strlen(attrs[i]));
        LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(k->c, kind, 0));
    }
    /* memory(none) */
    unsigned mem = LLVMGetEnumAttributeKindForName("memory", 6);
    LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(k->c, mem, 0));
    return f;
}

int kc_readonly(kc_ctx *k, LLVMValueRef f)
{
    if (!LLVMCountParams(f))
        return 0;
    ro_state s = {.k = k, .args = LLVMGetParam(f, 0)};
    find_writes(&s, f);
    if (s.unknown)
        return 0;
    LLVMBuilderRef bld = LLVMCreateBuilderInContext(k->c);
    LLVMValueRef at = entry_point(f);
    long long ro_off[MAX_ARGS];
    LLVMValueRef ro_apart[MAX_ARGS];
    int nro = 0, changed = 0;
    LLVMTypeRef apart_t;
    LLVMValueRef apart = apart_fn(k, &apart_t);
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b)) {
        LLVMValueRef i = LLVMGetFirstInstruction(b);
        while (i) {
            LLVMValueRef next = LLVMGetNextInstruction(i);
            size_t n = 0;
            const char *name = LLVMIsACallInst(i) ? kc_callee_name(i, &n) : NULL;
            root r = {R_NONE, 0};
            if (name && is_read_entry(name, n))
                r = root_at(&s, LLVMGetOperand(i, 0));
            if (r.kind != R_ARG || is_written(&s, r.off)) {
                i = next;
                continue;
            }
            int j = 0;
            while (j < nro && ro_off[j] != r.off)
                j++;
            if (j == nro) {
                if (nro == MAX_ARGS) {
                    i = next;
                    continue;
                }
                /* apart: in device memory, and in none of the written
                 * parameters' allocations */
                LLVMPositionBuilderBefore(bld, at);
                LLVMValueRef p = arg_pointer(&s, bld, r.off);
                LLVMValueRef av[2] = {p, LLVMConstNull(k->ptr)};
                LLVMValueRef v = LLVMBuildCall2(bld, apart_t, apart, av, 2, "");
                for (int w = 0; w < s.nwritten; w++) {
                    av[1] = arg_pointer(&s, bld, s.written[w]);
                    v = LLVMBuildAnd(bld, v, LLVMBuildCall2(bld, apart_t, apart, av, 2, ""), "");
                }
                ro_off[nro] = r.off;
                ro_apart[nro++] = v;
            }
            kc_replace_check(k, bld, i, "simt__ro", ro_apart[j]);
            changed++;
            i = next;
        }
    }
    LLVMDisposeBuilder(bld);
    return changed;
}
