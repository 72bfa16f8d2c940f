/*
 * ptx_emit2.c: inline PTX beyond arithmetic (see ptx.h): moves, loads
 * and stores, atomics, address spaces, fences and barriers, warp
 * collectives, timing, branches, and the video instructions.  As in
 * ptx_emit.c, handlers check an instruction's form and write C++ that
 * calls simt/ptx/asm.hpp.  Collectives and barriers pass the
 * instruction's "file:line", which the core's diagnostics name.
 */
#include "ptx.h"

#include <stdio.h>
#include <string.h>

#define P(...) rw_buf_printf(ptx_out(c), __VA_ARGS__)

/* simt/ptx/asm.hpp's state spaces and orderings. */
enum { SP_GENERIC, SP_GLOBAL, SP_SHARED, SP_LOCAL, SP_CONST };
enum { ORD_PLAIN, ORD_RELAXED, ORD_ACQUIRE, ORD_RELEASE };

static int src_val(ptx_ctx *c, const ptx_val *v, size_t pos, int t)
{
    if (v->neg || v->sel[0])
        return ptx_fail(c, pos, "this operand takes no '!' or selector");
    if (v->kind == PV_SINK)
        return ptx_fail(c, pos, "'_' is not a source operand");
    ptx_put_src(c, v, t);
    return 0;
}

static int src(ptx_ctx *c, const ptx_insn *in, int k, int t)
{
    const ptx_val *v = ptx_scalar(c, in, k);
    return v ? src_val(c, v, in->o[k].pos, t) : -1;
}

/* The element type of a vector part of `bits` bits. */
static int bits_type(int bits)
{
    return bits == 8 ? PTX_T_B8 : bits == 16 ? PTX_T_B16 : bits == 32 ? PTX_T_B32
                                                          : bits == 64 ? PTX_T_B64 : PTX_T_NONE;
}

/* A membermask operand, or the active mask for the forms without .sync. */
static int put_mask(ptx_ctx *c, const ptx_insn *in, int k, int sync)
{
    if (!sync) {
        P("::simt_ptx::activemask(");
        ptx_put_site(c, in);
        P(")");
        return 0;
    }
    return src(c, in, k, PTX_T_U32);
}

/* ---- moves ----------------------------------------------------------------------- */

static int h_mov(ptx_ctx *c, ptx_insn *in)
{
    int t = ptx_take_type(in);
    if (t == PTX_T_NONE)
        return ptx_unsupported(c, in, "no type");
    if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, 2, 2) < 0)
        return -1;
    const ptx_opnd *d = &in->o[0], *a = &in->o[1];
    if (a->kind == PO_LABEL)
        return ptx_unsupported(c, in, "the address of a symbol");
    if (t == PTX_T_PRED) {
        const ptx_val *dv = ptx_scalar(c, in, 0);
        if (!dv || ptx_put_pred_dst(c, dv, d->pos) < 0)
            return -1;
        P(" = ");
        if (ptx_pred_src(c, in, 1) < 0)
            return -1;
        P("; ");
        return 0;
    }
    const ptx_opnd *vec = a->kind == PO_VEC ? a : d->kind == PO_VEC ? d : NULL;
    if (!vec) {
        if (ptx_begin(c, in, 0, t) < 0 || src(c, in, 1, t) < 0)
            return -1;
        P("); ");
        return 0;
    }
    int bits = ptx_type_bits(t);
    int et = (vec->n == 2 || vec->n == 4) ? bits_type(bits / vec->n) : PTX_T_NONE;
    if (et == PTX_T_NONE || bits < 32 || (a->kind == PO_VEC && d->kind == PO_VEC))
        return ptx_unsupported(c, in, "vector shape");
    if (a->kind == PO_VEC) { /* packing: the first element is the least significant */
        const ptx_val *dv = ptx_scalar(c, in, 0);
        if (!dv || ptx_begin_wr(c, t, dv, d->pos) < 0)
            return -1;
        P("::simt_ptx::pack<%s, %s>(", ptx_ctype(t), ptx_ctype(et));
        for (int k = 0; k < a->n; k++) {
            if (k)
                P(", ");
            if (src_val(c, &a->v[k], a->pos, et) < 0)
                return -1;
        }
        P(")); ");
        return 0;
    }
    unsigned tmp = ptx_temp(c);
    P("{ %s simt__t%u = ", ptx_ctype(t), tmp);
    if (src(c, in, 1, t) < 0)
        return -1;
    P("; ");
    for (int k = 0; k < d->n; k++) {
        if (d->v[k].kind == PV_SINK)
            continue;
        if (ptx_begin_wr(c, et, &d->v[k], d->pos) < 0)
            return -1;
        P("::simt_ptx::part<%s>(simt__t%u, %d)); ", ptx_ctype(et), tmp, k);
    }
    P("} ");
    return 0;
}

/* ---- memory ------------------------------------------------------------------------ */

static const char *const space_names[] = {"global", "shared", "shared::cta", "local", "const",
                                          "param", "shared::cluster", NULL};
static const int space_ids[] = {SP_GLOBAL, SP_SHARED, SP_SHARED, SP_LOCAL, SP_CONST, -1, -1};
static const char *const scopes[] = {"cta", "cluster", "gpu", "sys", NULL};
static const char *const cache_ops[] = {"ca", "cg", "cs", "lu", "cv", "wb", "wt", "nc",
                                        "unified", NULL};

/* The state space: SP_GENERIC when none is named. */
static int take_space(ptx_ctx *c, ptx_insn *in)
{
    int s = ptx_take_of(in, space_names);
    if (s < 0)
        return SP_GENERIC;
    if (space_ids[s] < 0)
        return ptx_unsupported(c, in, s == 5 ? "the .param space" : "distributed shared memory");
    return space_ids[s];
}

/* Cache and eviction hints, which change no result; 1 when one of them
 * takes a cache-policy operand. */
static int take_hints(ptx_insn *in)
{
    int policy = 0;
    while (ptx_take_of(in, cache_ops) >= 0) {
    }
    for (int k = 0; k < in->nsfx; k++) {
        if (in->used[k] || (strncmp(in->sfx[k], "L1::", 4) && strncmp(in->sfx[k], "L2::", 4)))
            continue;
        in->used[k] = 1;
        if (strcmp(in->sfx[k], "L2::cache_hint") == 0)
            policy = 1;
    }
    return policy;
}

static int mem_operand(ptx_ctx *c, const ptx_insn *in, int k)
{
    if (in->o[k].kind != PO_MEM)
        return ptx_fail(c, in->o[k].pos, "operand %d of '%s' must be an address [a]", k + 1,
                        in->text);
    return 0;
}

/* "ADDR, OFF" for the address operand k. */
static int put_addr(ptx_ctx *c, const ptx_insn *in, int k)
{
    const ptx_opnd *o = &in->o[k];
    if (src_val(c, &o->v[0], o->pos, PTX_T_U64) < 0)
        return -1;
    P(", %lldll", (long long)o->off);
    return 0;
}

static int h_ldst(ptx_ctx *c, ptx_insn *in)
{
    static const char *const sems[] = {"weak", "volatile", "relaxed", "acquire", "release",
                                       "mmio", NULL};
    static const int ords[] = {ORD_PLAIN, ORD_RELAXED, ORD_RELAXED, ORD_ACQUIRE, ORD_RELEASE,
                               ORD_RELAXED};
    static const char *const vecs[] = {"v2", "v4", "v8", NULL};
    int st = in->op[0] == 's';
    int sem = ptx_take_of(in, sems);
    ptx_take_of(in, scopes);
    int space = take_space(c, in);
    if (space < 0)
        return -1;
    int policy = take_hints(in);
    int v = ptx_take_of(in, vecs);
    int t = ptx_take_type(in);
    int n = v < 0 ? 1 : 2 << v, ord = sem < 0 ? ORD_PLAIN : ords[sem];
    if (t == PTX_T_NONE || t == PTX_T_PRED || t == PTX_T_F16X2 || t == PTX_T_BF16X2)
        return ptx_unsupported(c, in, "type");
    if (ord == (st ? ORD_ACQUIRE : ORD_RELEASE))
        return ptx_unsupported(c, in, st ? "an acquiring store" : "a releasing load");
    if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, 2, 2 + policy) < 0)
        return -1;
    int mem = st ? 0 : 1, val = st ? 1 : 0;
    if (mem_operand(c, in, mem) < 0)
        return -1;
    const ptx_opnd *vo = &in->o[val];
    if (vo->kind != (n == 1 ? PO_VAL : PO_VEC) || vo->n != n)
        return ptx_fail(c, vo->pos, "'%s' takes %d value%s", in->text, n, n > 1 ? "s" : "");
    int bytes = ptx_type_bits(t) / 8;
    for (int k = 0; k < n; k++) {
        const ptx_val *e = &vo->v[k];
        if (st) {
            P("::simt_ptx::st<%s, %d, %d, %du>(", ptx_ctype(t), space, ord, n * bytes);
            if (put_addr(c, in, mem) < 0)
                return -1;
            P(", %d, ", k);
            if (src_val(c, e, vo->pos, t) < 0)
                return -1;
            P(", ");
            ptx_put_file_line(c, in);
            P("); ");
            continue;
        }
        if (e->kind == PV_SINK)
            continue;
        if (ptx_begin_wr(c, t, e, vo->pos) < 0)
            return -1;
        P("::simt_ptx::ld<%s, %d, %d, %du>(", ptx_ctype(t), space, ord, n * bytes);
        if (put_addr(c, in, mem) < 0)
            return -1;
        P(", %d, ", k);
        ptx_put_file_line(c, in);
        P(")); ");
    }
    return 0;
}

/* atom and red: the operation, checked against the types the PTX ISA
 * gives it. */
static int h_atom(ptx_ctx *c, ptx_insn *in)
{
    static const char *const ops[] = {"add", "min", "max", "inc", "dec", "and", "or", "xor",
                                      "exch", "cas", NULL};
    static const char *const sems[] = {"relaxed", "acquire", "release", "acq_rel", NULL};
    int red = in->op[0] == 'r';
    ptx_take_of(in, sems);
    ptx_take_of(in, scopes);
    int space = take_space(c, in);
    if (space < 0)
        return -1;
    if (space == SP_LOCAL || space == SP_CONST)
        return ptx_unsupported(c, in, "state space");
    int op = ptx_take_of(in, ops);
    int policy = take_hints(in);
    int t = ptx_take_type(in);
    if (op < 0)
        return ptx_unsupported(c, in, "no operation");
    int bits = ptx_type_bits(t), ok;
    switch (op) {
    case 0: /* add */
        ok = t == PTX_T_U32 || t == PTX_T_S32 || t == PTX_T_U64 || t == PTX_T_S64 ||
             t == PTX_T_F32 || t == PTX_T_F64;
        break;
    case 1: case 2: /* min, max */
        ok = ptx_type_is_int(t) && bits >= 32 && t != PTX_T_B32 && t != PTX_T_B64;
        break;
    case 3: case 4: /* inc, dec */
        ok = t == PTX_T_U32;
        break;
    case 9: /* cas */
        ok = t == PTX_T_B16 || t == PTX_T_B32 || t == PTX_T_B64;
        break;
    default: /* bitwise, exch */
        ok = t == PTX_T_B32 || t == PTX_T_B64;
        break;
    }
    if (!ok)
        return ptx_unsupported(c, in, t == PTX_T_NONE ? "no type" : "type for this operation");
    if (red && op >= 8)
        return ptx_unsupported(c, in, "red has no exch or cas");
    int nsrc = op == 9 ? 2 : 1, lo = (red ? 1 : 2) + nsrc;
    if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, lo, lo + policy) < 0)
        return -1;
    int mem = red ? 0 : 1;
    if (mem_operand(c, in, mem) < 0)
        return -1;
    if (!red && ptx_begin(c, in, 0, t) < 0)
        return -1;
    if (op == 9)
        P("::simt_ptx::atom_cas<%s, %d>(", ptx_ctype(t), space);
    else
        P("::simt_ptx::atom<%d, %s, %d>(", op, ptx_ctype(t), space);
    if (put_addr(c, in, mem) < 0)
        return -1;
    for (int k = 0; k < nsrc; k++) {
        P(", ");
        if (src(c, in, mem + 1 + k, t) < 0)
            return -1;
    }
    P(", ");
    ptx_put_file_line(c, in);
    P(red ? "); " : ")); ");
    return 0;
}

static int h_cvta(ptx_ctx *c, ptx_insn *in)
{
    int to = ptx_take(in, "to");
    int space = take_space(c, in);
    if (space < 0)
        return -1;
    int t = ptx_take_type(in);
    if (space == SP_GENERIC)
        return ptx_unsupported(c, in, "no state space");
    if (t != PTX_T_U32 && t != PTX_T_U64)
        return ptx_unsupported(c, in, "type is .u32 or .u64");
    if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, 2, 2) < 0 || ptx_begin(c, in, 0, t) < 0)
        return -1;
    P("::simt_ptx::cvta<%d, %d>(", to, space);
    if (src(c, in, 1, PTX_T_U64) < 0)
        return -1;
    P(")); ");
    return 0;
}

static int h_isspacep(ptx_ctx *c, ptx_insn *in)
{
    int space = take_space(c, in);
    if (space < 0)
        return -1;
    if (space != SP_SHARED)
        return ptx_unsupported(c, in, "simt tells only shared memory apart");
    if (ptx_begin_pred(c, in) < 0)
        return -1;
    P(" = ::simt_ptx::is_shared(");
    if (src(c, in, 1, PTX_T_U64) < 0)
        return -1;
    P("); ");
    return 0;
}

/* prefetch and prefetchu bring data closer; a CPU's caches need no hint. */
static int h_prefetch(ptx_ctx *c, ptx_insn *in)
{
    static const char *const levels[] = {"L1", "L2", NULL};
    if (take_space(c, in) < 0)
        return -1;
    int level = ptx_take_of(in, levels);
    take_hints(in);
    if (level < 0 && !ptx_take(in, "tensormap"))
        return ptx_unsupported(c, in, "no cache level");
    if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, 1, 1) < 0 || mem_operand(c, in, 0) < 0)
        return -1;
    P("(void)0; ");
    return 0;
}

/* ---- fences and barriers ---------------------------------------------------------- */

static int h_fence(ptx_ctx *c, ptx_insn *in)
{
    static const char *const words[] = {
        "sc", "acq_rel", "acquire", "release", "cta", "cluster", "gpu", "sys", "gl", "proxy",
        "alias", "async", "global", "shared", "shared::cta", "shared::cluster", "tensormap",
        "generic", "mbarrier_init", "to_async", "to_generic", NULL};
    while (ptx_take_of(in, words) >= 0) {
    }
    if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, 0, 0) < 0)
        return -1;
    P("::simt_ptx::fence(); ");
    return 0;
}

/* bar and barrier: whole-block synchronization, its reductions, and
 * bar.warp.sync. */
static int h_bar(ptx_ctx *c, ptx_insn *in)
{
    static const char *const reds[] = {"popc", "and", "or", NULL};
    ptx_take(in, "cta");
    ptx_take(in, "aligned");
    if (ptx_take(in, "warp")) {
        if (!ptx_take(in, "sync") || ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, 1, 1) < 0)
            return ptx_unsupported(c, in, NULL);
        P("::simt_syncwarp(");
        ptx_put_site(c, in);
        P(", ");
        if (src(c, in, 0, PTX_T_U32) < 0)
            return -1;
        P("); ");
        return 0;
    }
    if (ptx_take(in, "arrive"))
        return ptx_unsupported(c, in, "named barriers that threads arrive at without waiting");
    if (ptx_take(in, "sync")) {
        if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, 1, 2) < 0)
            return -1;
        P("::simt_ptx::bar_sync(");
        ptx_put_site(c, in);
        P(", ");
        ptx_put_file_line(c, in);
        P(", ");
        if (src(c, in, 0, PTX_T_U32) < 0)
            return -1;
        P(", ");
        if (in->nops == 2) {
            P("(long long)");
            if (src(c, in, 1, PTX_T_U32) < 0)
                return -1;
        } else {
            P("-1ll");
        }
        P("); ");
        return 0;
    }
    if (!ptx_take(in, "red"))
        return ptx_unsupported(c, in, NULL);
    int op = ptx_take_of(in, reds);
    int t = ptx_take_type(in);
    if (op < 0 || (op == 0 ? t != PTX_T_U32 : t != PTX_T_PRED))
        return ptx_unsupported(c, in, "bar.red.popc.u32, bar.red.and.pred or bar.red.or.pred");
    if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, 3, 4) < 0)
        return -1;
    const ptx_val *d = ptx_scalar(c, in, 0);
    if (!d)
        return -1;
    if (op == 0) {
        if (ptx_begin_wr(c, PTX_T_U32, d, in->o[0].pos) < 0)
            return -1;
    } else {
        if (ptx_put_pred_dst(c, d, in->o[0].pos) < 0)
            return -1;
        P(" = (");
    }
    P("::simt_ptx::bar_red<%d>(", op);
    ptx_put_site(c, in);
    P(", ");
    ptx_put_file_line(c, in);
    P(", ");
    if (src(c, in, 1, PTX_T_U32) < 0)
        return -1;
    P(", ");
    if (in->nops == 4) {
        P("(long long)");
        if (src(c, in, 2, PTX_T_U32) < 0)
            return -1;
    } else {
        P("-1ll");
    }
    P(", ");
    if (ptx_pred_src(c, in, in->nops - 1) < 0)
        return -1;
    P(op == 0 ? ")); " : ") != 0); ");
    return 0;
}

/* ---- warps -------------------------------------------------------------------------- */

static int h_vote(ptx_ctx *c, ptx_insn *in)
{
    static const char *const modes[] = {"all", "any", "uni", "ballot", NULL};
    int sync = ptx_take(in, "sync"), m = ptx_take_of(in, modes), t = ptx_take_type(in);
    if (m < 0 || (m == 3 ? t != PTX_T_B32 : t != PTX_T_PRED))
        return ptx_unsupported(c, in, "vote.all, .any, .uni (.pred) or .ballot (.b32)");
    if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, sync ? 3 : 2, sync ? 3 : 2) < 0)
        return -1;
    const ptx_val *d = ptx_scalar(c, in, 0);
    if (!d)
        return -1;
    if (m == 3) {
        if (ptx_begin_wr(c, PTX_T_U32, d, in->o[0].pos) < 0)
            return -1;
    } else {
        if (ptx_put_pred_dst(c, d, in->o[0].pos) < 0)
            return -1;
        P(" = (");
    }
    P("::simt_ptx::vote<%d>(", m);
    ptx_put_site(c, in);
    P(", ");
    if (put_mask(c, in, 2, sync) < 0)
        return -1;
    P(", ");
    if (ptx_pred_src(c, in, 1) < 0)
        return -1;
    P(m == 3 ? ")); " : ") != 0); ");
    return 0;
}

static int h_shfl(ptx_ctx *c, ptx_insn *in)
{
    static const char *const modes[] = {"up", "down", "bfly", "idx", NULL};
    int sync = ptx_take(in, "sync"), m = ptx_take_of(in, modes), t = ptx_take_type(in);
    if (m < 0 || t != PTX_T_B32)
        return ptx_unsupported(c, in, "shfl.up, .down, .bfly or .idx with .b32");
    if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, sync ? 5 : 4, sync ? 5 : 4) < 0)
        return -1;
    const ptx_opnd *d = &in->o[0];
    if (d->kind != PO_VAL && d->kind != PO_PAIR)
        return ptx_fail(c, d->pos, "shfl writes d or d|p");
    unsigned tmp = ptx_temp(c);
    P("{ bool simt__t%u; ", tmp);
    if (ptx_begin_wr(c, PTX_T_B32, &d->v[0], d->pos) < 0)
        return -1;
    P("::simt_ptx::shfl<%d>(", m);
    ptx_put_site(c, in);
    for (int k = 1; k <= 3; k++) {
        P(", ");
        if (src(c, in, k, PTX_T_B32) < 0)
            return -1;
    }
    P(", ");
    if (put_mask(c, in, 4, sync) < 0)
        return -1;
    P(", &simt__t%u)); ", tmp);
    if (d->kind == PO_PAIR) {
        if (ptx_put_pred_dst(c, &d->v[1], d->pos) < 0)
            return -1;
        P(" = simt__t%u; ", tmp);
    }
    P("} ");
    return 0;
}

static int h_activemask(ptx_ctx *c, ptx_insn *in)
{
    if (ptx_take_type(in) != PTX_T_B32)
        return ptx_unsupported(c, in, "type is .b32");
    if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, 1, 1) < 0 ||
        ptx_begin(c, in, 0, PTX_T_B32) < 0)
        return -1;
    P("::simt_ptx::activemask(");
    ptx_put_site(c, in);
    P(")); ");
    return 0;
}

static int h_match(ptx_ctx *c, ptx_insn *in)
{
    static const char *const modes[] = {"any", "all", NULL};
    int m = ptx_take_of(in, modes), sync = ptx_take(in, "sync"), t = ptx_take_type(in);
    if (m < 0 || !sync || (t != PTX_T_B32 && t != PTX_T_B64))
        return ptx_unsupported(c, in, "match.any.sync or match.all.sync, .b32 or .b64");
    if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, 3, 3) < 0)
        return -1;
    const ptx_opnd *d = &in->o[0];
    if (d->kind != PO_VAL && !(m == 1 && d->kind == PO_PAIR))
        return ptx_fail(c, d->pos, "'%s' writes %s", in->text, m ? "d or d|p" : "d");
    unsigned tmp = ptx_temp(c);
    P("{ int simt__t%u = 0; ", tmp);
    if (ptx_begin_wr(c, PTX_T_B32, &d->v[0], d->pos) < 0)
        return -1;
    P("::simt_ptx::match<%d, %s>(", m, ptx_ctype(t));
    ptx_put_site(c, in);
    P(", ");
    if (src(c, in, 2, PTX_T_U32) < 0)
        return -1;
    P(", ");
    if (src(c, in, 1, t) < 0)
        return -1;
    P(", &simt__t%u)); ", tmp);
    if (d->kind == PO_PAIR) {
        if (ptx_put_pred_dst(c, &d->v[1], d->pos) < 0)
            return -1;
        P(" = simt__t%u != 0; ", tmp);
    }
    P("} ");
    return 0;
}

static int h_redux(ptx_ctx *c, ptx_insn *in)
{
    static const char *const ops[] = {"add", "min", "max", "and", "or", "xor", NULL};
    int sync = ptx_take(in, "sync"), op = ptx_take_of(in, ops), t = ptx_take_type(in);
    if (!sync || op < 0 ||
        (op < 3 ? (t != PTX_T_U32 && t != PTX_T_S32) : t != PTX_T_B32))
        return ptx_unsupported(c, in, "redux.sync: add, min, max (.u32, .s32), and, or, xor (.b32)");
    if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, 3, 3) < 0 || ptx_begin(c, in, 0, t) < 0)
        return -1;
    P("::simt_ptx::redux<%d, %s>(", op, ptx_ctype(t));
    ptx_put_site(c, in);
    P(", ");
    if (src(c, in, 2, PTX_T_U32) < 0)
        return -1;
    P(", ");
    if (src(c, in, 1, t) < 0)
        return -1;
    P(")); ");
    return 0;
}

static int h_elect(ptx_ctx *c, ptx_insn *in)
{
    if (!ptx_take(in, "sync") || ptx_check_done(c, in) < 0)
        return ptx_unsupported(c, in, NULL);
    if (ptx_want_ops(c, in, 2, 2) < 0)
        return -1;
    const ptx_opnd *d = &in->o[0];
    if (d->kind != PO_PAIR)
        return ptx_fail(c, d->pos, "elect.sync writes d|p");
    unsigned tmp = ptx_temp(c);
    P("{ bool simt__t%u; ", tmp);
    if (ptx_begin_wr(c, PTX_T_U32, &d->v[0], d->pos) < 0)
        return -1;
    P("::simt_ptx::elect(");
    ptx_put_site(c, in);
    P(", ");
    if (src(c, in, 1, PTX_T_U32) < 0)
        return -1;
    P(", &simt__t%u)); ", tmp);
    if (ptx_put_pred_dst(c, &d->v[1], d->pos) < 0)
        return -1;
    P(" = simt__t%u; } ", tmp);
    return 0;
}

/* ---- time, traps, branches ----------------------------------------------------------- */

static int h_misc(ptx_ctx *c, ptx_insn *in)
{
    if (strcmp(in->op, "nanosleep") == 0) {
        if (ptx_take_type(in) != PTX_T_U32)
            return ptx_unsupported(c, in, "type is .u32");
        if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, 1, 1) < 0)
            return -1;
        P("::simt_nanosleep(");
        if (src(c, in, 0, PTX_T_U32) < 0)
            return -1;
        P("); ");
        return 0;
    }
    if (strcmp(in->op, "bra") == 0) {
        ptx_take(in, "uni");
        if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, 1, 1) < 0)
            return -1;
        if (in->o[0].kind != PO_LABEL)
            return ptx_unsupported(c, in, "a branch to anything but a label of its asm statement");
        char lb[48];
        P("goto %s; ", ptx_label_name(c, in->o[0].off, lb, sizeof lb));
        return 0;
    }
    /* trap, brkpt */
    if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, 0, 0) < 0)
        return -1;
    P("::simt_%s(", in->op);
    ptx_put_site(c, in);
    P("); ");
    return 0;
}

/* ---- video instructions -------------------------------------------------------------- */

enum { V_ADD, V_SUB, V_AVRG, V_ABSDIFF, V_MIN, V_MAX };

/* Which operation a video opcode names, and its width (1: scalar, 2, 4). */
static int video_op(const char *op, int *width)
{
    static const char *const names[] = {"vadd", "vsub", "vavrg", "vabsdiff", "vmin", "vmax"};
    for (int k = 0; k < 6; k++) {
        size_t l = strlen(names[k]);
        if (strncmp(op, names[k], l) != 0)
            continue;
        if (op[l] == 0 && k != V_AVRG)
            *width = 1;
        else if ((op[l] == '2' || op[l] == '4') && op[l + 1] == 0)
            *width = op[l] - '0';
        else
            continue;
        return k;
    }
    return -1;
}

/* A SIMD element selector ".b3210" (bytes 0..7) or ".h10" (halves 0..3):
 * nibble i is the element lane i reads.  Returns -1 if malformed. */
static long simd_sel(const char *s, int width, long dflt)
{
    if (!s[0])
        return dflt;
    if (s[0] != (width == 4 ? 'b' : 'h') || (int)strlen(s + 1) != width)
        return -1;
    long v = 0;
    for (int i = 0; i < width; i++) {
        int d = s[1 + i] - '0';
        if (d < 0 || d >= 2 * width)
            return -1;
        v |= (long)d << 4 * (width - 1 - i);
    }
    return v;
}

/* A SIMD destination mask ".b310" / ".h1": bit i for each lane named. */
static int simd_mask(const char *s, int width)
{
    if (!s[0])
        return (1 << width) - 1;
    if (s[0] != (width == 4 ? 'b' : 'h') || !s[1])
        return -1;
    int m = 0, prev = width;
    for (const char *p = s + 1; *p; p++) {
        int d = *p - '0';
        if (d < 0 || d >= prev)
            return -1; /* lanes are named in descending order */
        m |= 1 << d;
        prev = d;
    }
    return m;
}

/* A scalar video selector: -1 for the whole word, 0..3 a byte, 4..5 a
 * half-word; -2 if malformed. */
static int word_sel(const char *s)
{
    if (!s[0])
        return -1;
    if (s[0] == 'b' && s[1] >= '0' && s[1] <= '3' && !s[2])
        return s[1] - '0';
    if (s[0] == 'h' && (s[1] == '0' || s[1] == '1') && !s[2])
        return 4 + s[1] - '0';
    return -2;
}

/* The value of a video source operand, which may carry a selector. */
static int video_src(ptx_ctx *c, const ptx_insn *in, int k)
{
    const ptx_val *v = ptx_scalar(c, in, k);
    if (!v)
        return -1;
    ptx_val plain = *v;
    plain.sel[0] = 0;
    return src_val(c, &plain, in->o[k].pos, PTX_T_U32);
}

static int h_video(ptx_ctx *c, ptx_insn *in)
{
    int width, op = video_op(in->op, &width);
    static const char *const op2s[] = {"add", "min", "max", NULL};
    int dt = ptx_take_type(in), at = ptx_take_type(in), bt = ptx_take_type(in);
    int sat = ptx_take(in, "sat"), op2 = ptx_take_of(in, op2s);
    if ((dt != PTX_T_U32 && dt != PTX_T_S32) || (at != PTX_T_U32 && at != PTX_T_S32) ||
        (bt != PTX_T_U32 && bt != PTX_T_S32))
        return ptx_unsupported(c, in, "types are .u32 or .s32: d, a, b");
    if (ptx_check_done(c, in) < 0)
        return -1;
    const ptx_val *d = ptx_scalar(c, in, 0);
    if (!d)
        return -1;
    int sd = dt == PTX_T_S32, sa = at == PTX_T_S32, sb = bt == PTX_T_S32;
    ptx_val dplain = *d;
    dplain.sel[0] = 0;
    if (width == 1) {
        int dsel = word_sel(d->sel);
        int has_c = op2 >= 0 || dsel >= 0;
        if (ptx_want_ops(c, in, has_c ? 4 : 3, has_c ? 4 : 3) < 0)
            return -1;
        if (op2 >= 0 && dsel >= 0)
            return ptx_unsupported(c, in, "a secondary operation and a destination selector");
        const ptx_val *a = ptx_scalar(c, in, 1), *b = ptx_scalar(c, in, 2);
        if (!a || !b)
            return -1;
        int asel = word_sel(a->sel), bsel = word_sel(b->sel);
        if (dsel < -1 || asel < -1 || bsel < -1)
            return ptx_fail(c, in->pos, "'%s': selectors are .b0 to .b3, .h0 and .h1", in->text);
        if (ptx_begin_wr(c, PTX_T_U32, &dplain, in->o[0].pos) < 0)
            return -1;
        P("::simt_ptx::vop<%d, %d, %d, %d, %d, %d, %d, %d, %d>(", op, sd, sa, sb, sat, op2 + 1,
          dsel, asel, bsel);
        if (video_src(c, in, 1) < 0)
            return -1;
        P(", ");
        if (video_src(c, in, 2) < 0)
            return -1;
        P(", ");
        if (has_c) {
            if (src(c, in, 3, PTX_T_U32) < 0)
                return -1;
        } else {
            P("0u");
        }
        P(")); ");
        return 0;
    }
    if (op2 > 0)
        return ptx_unsupported(c, in, "SIMD video instructions accumulate with .add only");
    if (sat && op2 == 0)
        return ptx_unsupported(c, in, ".sat with .add");
    if (ptx_want_ops(c, in, 4, 4) < 0)
        return -1;
    const ptx_val *a = ptx_scalar(c, in, 1), *b = ptx_scalar(c, in, 2);
    if (!a || !b)
        return -1;
    long asel = simd_sel(a->sel, width, width == 4 ? 0x3210 : 0x10);
    long bsel = simd_sel(b->sel, width, width == 4 ? 0x7654 : 0x32);
    int mask = simd_mask(d->sel, width);
    if (asel < 0 || bsel < 0 || mask < 0)
        return ptx_fail(c, in->pos, "'%s': malformed selector or mask", in->text);
    if (ptx_begin_wr(c, PTX_T_U32, &dplain, in->o[0].pos) < 0)
        return -1;
    P("::simt_ptx::vop%d<%d, %d, %d, %d, %d, %d, 0x%lxu, 0x%lxu, 0x%xu>(", width, op, sd, sa, sb,
      sat, op2 == 0, asel, bsel, mask);
    if (video_src(c, in, 1) < 0)
        return -1;
    P(", ");
    if (video_src(c, in, 2) < 0)
        return -1;
    P(", ");
    if (src(c, in, 3, PTX_T_U32) < 0)
        return -1;
    P(")); ");
    return 0;
}

/* ---- dispatch ------------------------------------------------------------------------ */

static const ptx_handler handlers[] = {
    {"mov", h_mov}, {"ld", h_ldst}, {"ldu", h_ldst}, {"st", h_ldst}, {"atom", h_atom},
    {"red", h_atom}, {"cvta", h_cvta}, {"isspacep", h_isspacep}, {"prefetch", h_prefetch},
    {"prefetchu", h_prefetch}, {"membar", h_fence}, {"fence", h_fence}, {"bar", h_bar},
    {"barrier", h_bar}, {"vote", h_vote}, {"shfl", h_shfl}, {"activemask", h_activemask},
    {"match", h_match}, {"redux", h_redux}, {"elect", h_elect}, {"nanosleep", h_misc},
    {"bra", h_misc}, {"trap", h_misc}, {"brkpt", h_misc},
};

int ptx_emit_other(ptx_ctx *c, ptx_insn *in)
{
    if (ptx_dispatch(c, in, handlers, sizeof handlers / sizeof handlers[0]))
        return 1;
    int width;
    if (video_op(in->op, &width) < 0)
        return 0;
    h_video(c, in);
    return 1;
}
