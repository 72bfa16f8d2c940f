/*
 * kc_gen.h: a thread function being compiled (kc_tier.c analyses it,
 * kc_gen.c builds the block function from the analysis).
 */
#ifndef SIMT_KC_GEN_H
#define SIMT_KC_GEN_H

#include "kc_tier.h"

typedef struct kc_seg {
    int leader;                 /* its first block */
    int target;                 /* the leader it always leaves to, or -1 */
    int xb;                     /* or the block whose skeleton branch leaves it */
    /* pre: skeleton phis; hz, hy, hx: the thread loops' headers; lx, ly,
     * lz: their latches; post: the skeleton decision after the loops. */
    LLVMBasicBlockRef pre, hz, hy, hx, lx, ly, lz, post;
    LLVMValueRef x, y, z, tid;  /* i64 loop values and the linear thread id */
    LLVMValueRef row32;         /* tid - x, i32: the first thread of x's row */
    LLVMValueRef tx, ty, tz;    /* threadIdx's fields, i32 */
    LLVMValueRef xcmp, ycmp, zcmp; /* the latches' compares with blockDim */
    LLVMValueRef *aptr;         /* per private variable: this thread's copy */
    LLVMValueRef decline;       /* pre's branch to the decline on a guard's wrap, or NULL */
} kc_seg;

typedef struct kc_tier {
    kc_ctx *k;
    LLVMValueRef fn;
    kc_why *why;
    kc_cfg g;
    /* instructions of the normalized function */
    kc_map iidx;
    LLVMValueRef *ins;
    int nins;
    int *iblk;                  /* block of each */
    char *div;                  /* divergent across a block's threads */
    char *remat;                /* divergent, but recomputed where used */
    kc_map corig;               /* a recomputed copy: its original's index */
    /* blocks */
    char *sync;                 /* where divergent paths run or join */
    char *inregion;             /* decided by a divergent branch */
    LLVMValueRef *barrier;      /* the barrier call a block holds */
    char *extcall;              /* calls a function that may read threadIdx */
    char *leader, *skeleton;
    int *bseg;
    kc_seg *segs;
    int nseg;
    int nalloca;
    int warps;                  /* holds warp collectives: needs whole warps */
    int warp_rows;              /* relies on warps lying in rows: blockDim.x % 32 == 0 */
    /* A column walk's entry guard, taken as uniform: its block (-1: none)
     * and which successor does the work. */
    int guard_bb, guard_work;
    int walks;                  /* column walks planted: rows of threads run in turn */
    int hoist_also;             /* a block besides the leader whose values hoist may move, or -1 */
    /* Rows of threads alike (kc_tier.c, rows_alike): the y and z loops run
     * one row, which stands for all (they would run in lockstep); two in
     * a racecheck build, whose races between rows they show. */
    int rows_once;
    /* Threads apart (kc_tier.c, threads_apart): the x loops run from
     * simt__kc_x0 below simt__kc_x1, which the engine sets per part. */
    int apart;
    /* per-thread storage: values live across segments (slots) and private
     * variables, each an array over the block's threads in one scratch
     * buffer */
    kc_map slot;
    LLVMTypeRef *slot_ty;
    long long *slot_off;
    LLVMValueRef *slot_base;
    int nslot;
    LLVMValueRef *allocas;
    long long *a_off, *a_stride;
    LLVMValueRef *a_base;
    long long per_thread;       /* bytes per thread */
    long long slot_bytes;       /* of those, the slots' */
    /* the block function's entry */
    LLVMBasicBlockRef entry;
    LLVMValueRef bx, by, bz, n64, tidp;
    LLVMValueRef yn, zn;        /* the y and z loops' trip counts */
    LLVMValueRef xlo, xhi;      /* the x loops' range */
    LLVMValueRef acc;           /* a counting barrier's tally: not per thread */
    /* per instruction, for a collective: its operand (opnd) and the value
     * its lanes' copies are read from (orig), opnd with its casts peeled:
     * a shuffle of a float reads the float's slot, not a copy widened to
     * the shuffle's 64 bits; oslot: orig's slot, or -1, read while orig
     * stands (a leader phi is erased before collectives are lowered) */
    LLVMValueRef *orig, *opnd;
    int *oslot;
    struct kc_casts { int n; LLVMOpcode op[8]; LLVMTypeRef ty[8]; } *casts;
    LLVMBuilderRef b;
} kc_tier;

int kc_seg_of_inst(const kc_tier *t, LLVMValueRef v);
/* Which of threadIdx's fields a load reads (0-2), or -1. */
int kc_tid_field(kc_tier *t, LLVMValueRef v);

/* One conjunct of a guard: "u + threadIdx.D  PRED  bound". */
typedef struct kc_guard {
    int dim, sgn, prefix, plus1, nowrap;
    unsigned width;             /* of the sum, for the wrap check */
    LLVMValueRef u, bnd;        /* u NULL: 0 */
} kc_guard;

/* The conjuncts of c, each a guard on threadIdx's fields: the segment's
 * loop values, or before generation (sg NULL) loads of threadIdx. */
int kc_match_guards(kc_tier *t, const kc_seg *sg, LLVMValueRef c, kc_guard *gd, int *n, int max);
int kc_pure_before(LLVMBasicBlockRef bb, LLVMValueRef br);
void kc_generate(kc_tier *t);
/* A thread loop's llvm.loop node: its own id, its accesses parallel. */
LLVMValueRef kc_loop_md(kc_ctx *k);
/* A memcheck build's x loops: their clean accesses' checks under one test
 * before the loop (kc_version.c). */
void kc_version_loops(kc_tier *t);

#endif /* SIMT_KC_GEN_H */
