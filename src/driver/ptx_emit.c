/*
 * ptx_emit.c: inline PTX arithmetic (see ptx.h): integer and
 * floating-point arithmetic, logic and bit manipulation, comparison and
 * selection, conversions.  Each handler checks an instruction's form
 * (modifiers, types, operand shapes) against the PTX ISA and writes one
 * C++ statement calling simt/ptx/asm.hpp, which holds the semantics.
 * A form the PTX ISA has and simt does not is refused by name.
 */
#include "ptx.h"

#include <stdio.h>
#include <string.h>

#define P(...) rw_buf_printf(ptx_out(c), __VA_ARGS__)

/* PTX rounding modifiers, in simt's order (SIMT_RN, SIMT_RZ, SIMT_RU,
 * SIMT_RD of simt/lang/intrinsics.hpp). */
static const char *const frnd[] = {"rn", "rz", "rp", "rm", NULL};
static const char *const irnd[] = {"rni", "rzi", "rpi", "rmi", NULL};

int ptx_type_is_int(int t)
{
    return t >= PTX_T_B8 && t <= PTX_T_S64;
}

static int is_bits(int t)
{
    return t >= PTX_T_B8 && t <= PTX_T_B64;
}

/* An integer type of 16, 32 or 64 bits, u or s (b too when allow_b). */
static int int_type(int t, int allow_b)
{
    return ptx_type_is_int(t) && ptx_type_bits(t) >= 16 && (allow_b || !is_bits(t));
}

static int is_fp(int t)
{
    return t == PTX_T_F32 || t == PTX_T_F64;
}

static int is_half(int t)
{
    return t == PTX_T_F16 || t == PTX_T_F16X2 || t == PTX_T_BF16 || t == PTX_T_BF16X2;
}

/* The type of twice the width (mul.wide, mad.wide). */
static int widen(int t)
{
    switch (t) {
    case PTX_T_U16: return PTX_T_U32;
    case PTX_T_S16: return PTX_T_S32;
    case PTX_T_U32: return PTX_T_U64;
    case PTX_T_S32: return PTX_T_S64;
    default: return PTX_T_NONE;
    }
}

const ptx_val *ptx_scalar(ptx_ctx *c, const ptx_insn *in, int k)
{
    const ptx_opnd *o = &in->o[k];
    if (o->kind == PO_LABEL) {
        ptx_fail(c, o->pos, "unknown register '%s'", ptx_label_text(c, o->off));
        return NULL;
    }
    if (o->kind != PO_VAL) {
        ptx_fail(c, o->pos, "operand %d of '%s' must be a register or a constant", k + 1,
                 in->text);
        return NULL;
    }
    return &o->v[0];
}

/* Operand k read as a value of type t. */
static int src(ptx_ctx *c, const ptx_insn *in, int k, int t)
{
    const ptx_val *v = ptx_scalar(c, in, k);
    if (!v)
        return -1;
    if (v->neg || v->sel[0])
        return ptx_fail(c, in->o[k].pos, "operand %d of '%s' takes no '!' or selector", k + 1,
                        in->text);
    if (v->kind == PV_SINK)
        return ptx_fail(c, in->o[k].pos, "'_' is not a source operand");
    ptx_put_src(c, v, t);
    return 0;
}

/* The last operand of a call: operand k of type t, then ");". */
static int src_last(ptx_ctx *c, const ptx_insn *in, int k, int t)
{
    if (src(c, in, k, t) < 0)
        return -1;
    P("); ");
    return 0;
}

int ptx_pred_src(ptx_ctx *c, const ptx_insn *in, int k)
{
    const ptx_val *v = ptx_scalar(c, in, k);
    return v ? ptx_put_pred(c, v, in->o[k].pos) : -1;
}

int ptx_begin(ptx_ctx *c, const ptx_insn *in, int k, int t)
{
    const ptx_val *v = ptx_scalar(c, in, k);
    return v ? ptx_begin_wr(c, t, v, in->o[k].pos) : -1;
}

/* d = fn(a, ...): operand 0 written as dt, operand k read as st[k - 1];
 * `extra`, when given, is a last argument. */
static int call(ptx_ctx *c, ptx_insn *in, int dt, const char *fn, const int *st, int nsrc,
                const char *extra)
{
    if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, nsrc + 1, nsrc + 1) < 0)
        return -1;
    if (ptx_begin(c, in, 0, dt) < 0)
        return -1;
    P("::simt_ptx::%s(", fn);
    for (int k = 1; k <= nsrc; k++) {
        if (k > 1)
            P(", ");
        if (src(c, in, k, st[k - 1]) < 0)
            return -1;
    }
    if (extra)
        P("%s%s", nsrc ? ", " : "", extra);
    P(")); ");
    return 0;
}

/* The common shape: every operand of type t. */
static int call_t(ptx_ctx *c, ptx_insn *in, int t, const char *fn, int nsrc, const char *extra)
{
    int st[4] = {t, t, t, t};
    return call(c, in, t, fn, st, nsrc, extra);
}

/* call of name<T> (T: t's C type), its operands of types st. */
static int call_of(ptx_ctx *c, ptx_insn *in, const char *name, int t, int dt, const int *st,
                   int nsrc)
{
    char fn[64];
    snprintf(fn, sizeof fn, "%s<%s>", name, ptx_ctype(t));
    return call(c, in, dt, fn, st, nsrc, NULL);
}

/* call_t of name<T>. */
static int call_t_of(ptx_ctx *c, ptx_insn *in, const char *name, int t, int nsrc)
{
    int st[4] = {t, t, t, t};
    return call_of(c, in, name, t, t, st, nsrc);
}

static int bad_type(ptx_ctx *c, ptx_insn *in, int t)
{
    if (is_half(t))
        return ptx_unsupported(c, in, "half-precision arithmetic");
    if (t == PTX_T_NONE)
        return ptx_unsupported(c, in, "no type");
    return ptx_unsupported(c, in, "type");
}

/* ---- integer and floating-point arithmetic --------------------------------- */

/* Floating-point modifiers: rounding (default nearest), .ftz and .sat
 * (.f32 only). */
static int fp_mods(ptx_ctx *c, ptx_insn *in, int t, int *rnd, int *ftz, int *sat)
{
    *rnd = ptx_take_of(in, frnd);
    *ftz = ptx_take(in, "ftz");
    if (sat)
        *sat = ptx_take(in, "sat");
    if (t == PTX_T_F64 && (*ftz || (sat && *sat)))
        return ptx_unsupported(c, in, ".ftz and .sat take .f32");
    if (*rnd < 0)
        *rnd = 0;
    return 0;
}

/* A floating-point operation of nargs operands with its modifiers
 * (fp_mods): name<T, rounding, ftz, sat>. */
static int fp_call(ptx_ctx *c, ptx_insn *in, int t, const char *name, int nargs)
{
    int rnd, ftz, sat;
    if (fp_mods(c, in, t, &rnd, &ftz, &sat) < 0)
        return -1;
    char fn[96];
    snprintf(fn, sizeof fn, "%s<%s, %d, %d, %d>", name, ptx_ctype(t), rnd, ftz, sat);
    return call_t(c, in, t, fn, nargs, NULL);
}

static int h_addsub(ptx_ctx *c, ptx_insn *in)
{
    int sub = in->op[0] == 's', carry_in = strchr(in->op, 'c') != NULL;
    int t = ptx_take_type(in);
    char fn[96];
    if (int_type(t, 0)) {
        int cc = ptx_take(in, "cc"), sat = carry_in ? 0 : ptx_take(in, "sat");
        if (sat && (t != PTX_T_S32 || cc))
            return ptx_unsupported(c, in, ".sat takes .s32");
        if (cc || carry_in) {
            if (ptx_type_bits(t) < 32)
                return ptx_unsupported(c, in, "carries take 32- and 64-bit types");
            ptx_use_cc(c);
            snprintf(fn, sizeof fn, "%s<%s, %s, %s>", sub ? "subc" : "addc", ptx_ctype(t),
                     carry_in ? "true" : "false", cc ? "true" : "false");
            return call_t(c, in, t, fn, 2, "simt__cc");
        }
        snprintf(fn, sizeof fn, "%s%s<%s>", sub ? "isub" : "iadd", sat ? "_sat" : "",
                 ptx_ctype(t));
        return call_t(c, in, t, fn, 2, NULL);
    }
    if (is_fp(t) && !carry_in)
        return fp_call(c, in, t, sub ? "fsub" : "fadd", 2);
    return bad_type(c, in, t);
}

static int h_mul(ptx_ctx *c, ptx_insn *in)
{
    static const char *const modes[] = {"lo", "hi", "wide", NULL};
    int t = ptx_take_type(in);
    char fn[96];
    if (int_type(t, 0)) {
        int m = ptx_take_of(in, modes);
        if (m < 0)
            return ptx_unsupported(c, in, "integer mul takes .lo, .hi or .wide");
        if (m == 2) {
            int w = widen(t);
            if (w == PTX_T_NONE)
                return ptx_unsupported(c, in, ".wide takes 16- and 32-bit types");
            int st[2] = {t, t};
            snprintf(fn, sizeof fn, "mul_wide<%s>", ptx_ctype(t));
            return call(c, in, w, fn, st, 2, NULL);
        }
        snprintf(fn, sizeof fn, "mul_%s<%s>", modes[m], ptx_ctype(t));
        return call_t(c, in, t, fn, 2, NULL);
    }
    if (is_fp(t))
        return fp_call(c, in, t, "fmul", 2);
    return bad_type(c, in, t);
}

static int h_mad(ptx_ctx *c, ptx_insn *in)
{
    static const char *const modes[] = {"lo", "hi", "wide", NULL};
    int carry_in = strcmp(in->op, "madc") == 0;
    int t = ptx_take_type(in);
    char fn[128];
    if (int_type(t, 0)) {
        int m = ptx_take_of(in, modes), cc = ptx_take(in, "cc");
        int sat = carry_in ? 0 : ptx_take(in, "sat");
        if (m < 0)
            return ptx_unsupported(c, in, "integer mad takes .lo, .hi or .wide");
        if (sat && (m != 1 || t != PTX_T_S32 || cc))
            return ptx_unsupported(c, in, ".sat takes .hi.s32");
        if (cc || carry_in) {
            if (m == 2 || ptx_type_bits(t) < 32)
                return ptx_unsupported(c, in, "carries take .lo or .hi, 32- and 64-bit types");
            ptx_use_cc(c);
            snprintf(fn, sizeof fn, "madc<%s, %d, %s, %s>", ptx_ctype(t), m == 1,
                     carry_in ? "true" : "false", cc ? "true" : "false");
            return call_t(c, in, t, fn, 3, "simt__cc");
        }
        if (m == 2) {
            int w = widen(t);
            if (w == PTX_T_NONE)
                return ptx_unsupported(c, in, ".wide takes 16- and 32-bit types");
            int st[3] = {t, t, w};
            snprintf(fn, sizeof fn, "mad_wide<%s>", ptx_ctype(t));
            return call(c, in, w, fn, st, 3, NULL);
        }
        snprintf(fn, sizeof fn, "mad_%s%s<%s>", modes[m], sat ? "_sat" : "", ptx_ctype(t));
        return call_t(c, in, t, fn, 3, NULL);
    }
    if (is_fp(t) && !carry_in)
        return fp_call(c, in, t, "ffma", 3);
    return bad_type(c, in, t);
}

static int h_fma(ptx_ctx *c, ptx_insn *in)
{
    int t = ptx_take_type(in);
    return is_fp(t) ? fp_call(c, in, t, "ffma", 3) : bad_type(c, in, t);
}

static int h_24(ptx_ctx *c, ptx_insn *in)
{
    static const char *const modes[] = {"lo", "hi", NULL};
    int mad = in->op[1] == 'a';
    int t = ptx_take_type(in), m = ptx_take_of(in, modes), sat = mad ? ptx_take(in, "sat") : 0;
    if (t != PTX_T_U32 && t != PTX_T_S32)
        return bad_type(c, in, t);
    if (m < 0)
        return ptx_unsupported(c, in, "takes .lo or .hi");
    if (sat && (m != 1 || t != PTX_T_S32))
        return ptx_unsupported(c, in, ".sat takes .hi.s32");
    char fn[96];
    if (mad)
        snprintf(fn, sizeof fn, "mad24<%s, %d, %d>", ptx_ctype(t), m, sat);
    else
        snprintf(fn, sizeof fn, "mul24<%s, %d>", ptx_ctype(t), m);
    return call_t(c, in, t, fn, mad ? 3 : 2, NULL);
}

static int h_sad(ptx_ctx *c, ptx_insn *in)
{
    int t = ptx_take_type(in);
    return int_type(t, 0) ? call_t_of(c, in, "sad", t, 3) : bad_type(c, in, t);
}

static int h_divrem(ptx_ctx *c, ptx_insn *in)
{
    int rem = in->op[0] == 'r';
    int t = ptx_take_type(in);
    if (int_type(t, 0))
        return call_t_of(c, in, rem ? "irem" : "idiv", t, 2);
    char fn[96];
    if (!is_fp(t) || rem)
        return bad_type(c, in, t);
    int approx = ptx_take(in, "approx"), full = ptx_take(in, "full");
    int rnd, ftz;
    if (fp_mods(c, in, t, &rnd, &ftz, NULL) < 0)
        return -1;
    if (approx || full) {
        if (t != PTX_T_F32 || approx + full > 1)
            return ptx_unsupported(c, in, ".approx and .full take .f32");
        snprintf(fn, sizeof fn, "%s<%d>", approx ? "div_approx" : "div_full", ftz);
    } else {
        snprintf(fn, sizeof fn, "fdiv<%s, %d, %d>", ptx_ctype(t), rnd, ftz);
    }
    return call_t(c, in, t, fn, 2, NULL);
}

static int h_absneg(ptx_ctx *c, ptx_insn *in)
{
    int neg = in->op[0] == 'n';
    int t = ptx_take_type(in);
    if (int_type(t, 0) && ptx_type_is_signed(t))
        return call_t_of(c, in, neg ? "ineg" : "iabs", t, 1);
    char fn[96];
    if (!is_fp(t))
        return bad_type(c, in, t);
    int rnd, ftz;
    if (fp_mods(c, in, t, &rnd, &ftz, NULL) < 0)
        return -1;
    snprintf(fn, sizeof fn, "%s<%s, %d>", neg ? "fpneg" : "fpabs", ptx_ctype(t), ftz);
    return call_t(c, in, t, fn, 1, NULL);
}

static int h_minmax(ptx_ctx *c, ptx_insn *in)
{
    int mx = in->op[1] == 'a';
    int t = ptx_take_type(in);
    char fn[96];
    if (int_type(t, 0)) {
        int relu = ptx_take(in, "relu");
        if (relu && t != PTX_T_S32)
            return ptx_unsupported(c, in, ".relu takes .s32 here");
        snprintf(fn, sizeof fn, "%s<%s, %d>", mx ? "imax" : "imin", ptx_ctype(t), relu);
        return call_t(c, in, t, fn, 2, NULL);
    }
    if (!is_fp(t))
        return bad_type(c, in, t);
    int nanp = ptx_take(in, "NaN");
    int rnd, ftz;
    if (fp_mods(c, in, t, &rnd, &ftz, NULL) < 0)
        return -1;
    snprintf(fn, sizeof fn, "%s<%s, %d, %d>", mx ? "fpmax" : "fpmin", ptx_ctype(t), ftz, nanp);
    return call_t(c, in, t, fn, 2, NULL);
}

/* ---- bits ---------------------------------------------------------------------- */

static int h_count(ptx_ctx *c, ptx_insn *in)
{
    int t = ptx_take_type(in);
    if (t != PTX_T_B32 && t != PTX_T_B64)
        return bad_type(c, in, t);
    int st[1] = {t};
    return call_of(c, in, in->op, t, PTX_T_U32, st, 1);
}

static int h_bfind(ptx_ctx *c, ptx_insn *in)
{
    int shift = ptx_take(in, "shiftamt");
    int t = ptx_take_type(in);
    if (!int_type(t, 0) || ptx_type_bits(t) < 32)
        return bad_type(c, in, t);
    char fn[64];
    snprintf(fn, sizeof fn, "bfind<%s, %d>", ptx_ctype(t), shift);
    int st[1] = {t};
    return call(c, in, PTX_T_U32, fn, st, 1, NULL);
}

static int h_brev(ptx_ctx *c, ptx_insn *in)
{
    int t = ptx_take_type(in);
    if (t != PTX_T_B32 && t != PTX_T_B64)
        return bad_type(c, in, t);
    return call_t_of(c, in, "brev", t, 1);
}

static int h_bfe(ptx_ctx *c, ptx_insn *in)
{
    int t = ptx_take_type(in);
    if (!int_type(t, 0) || ptx_type_bits(t) < 32)
        return bad_type(c, in, t);
    int st[3] = {t, PTX_T_U32, PTX_T_U32};
    return call_of(c, in, "bfe", t, t, st, 3);
}

static int h_bfi(ptx_ctx *c, ptx_insn *in)
{
    int t = ptx_take_type(in);
    if (t != PTX_T_B32 && t != PTX_T_B64)
        return bad_type(c, in, t);
    int st[4] = {t, t, PTX_T_U32, PTX_T_U32};
    return call_of(c, in, "bfi", t, t, st, 4);
}

static int h_prmt(ptx_ctx *c, ptx_insn *in)
{
    static const char *const modes[] = {"f4e", "b4e", "rc8", "ecl", "ecr", "rc16", NULL};
    int m = ptx_take_of(in, modes);
    int t = ptx_take_type(in);
    if (t != PTX_T_B32)
        return bad_type(c, in, t);
    char fn[64];
    snprintf(fn, sizeof fn, "prmt<%d>", m + 1);
    return call_t(c, in, t, fn, 3, NULL);
}

static int h_lop3(ptx_ctx *c, ptx_insn *in)
{
    static const char *const ops[] = {"or", "and", NULL};
    int op = ptx_take_of(in, ops);
    int t = ptx_take_type(in);
    if (t != PTX_T_B32)
        return bad_type(c, in, t);
    if (op < 0)
        return call_t(c, in, t, "lop3", 4, NULL);
    /* lop3.BoolOp.b32 d|p, a, b, c, immLut, q */
    if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, 6, 6) < 0)
        return -1;
    if (in->o[0].kind != PO_PAIR)
        return ptx_fail(c, in->o[0].pos, "'%s' writes d|p", in->text);
    unsigned tmp = ptx_temp(c);
    P("{ unsigned int simt__t%u = ::simt_ptx::lop3(", tmp);
    for (int k = 1; k <= 4; k++) {
        if (k > 1)
            P(", ");
        if (src(c, in, k, t) < 0)
            return -1;
    }
    P("); ");
    if (ptx_begin_wr(c, t, &in->o[0].v[0], in->o[0].pos) < 0)
        return -1;
    P("simt__t%u); ", tmp);
    if (ptx_put_pred_dst(c, &in->o[0].v[1], in->o[0].pos) < 0)
        return -1;
    P(" = (simt__t%u != 0) %s ", tmp, op ? "&&" : "||");
    if (ptx_pred_src(c, in, 5) < 0)
        return -1;
    P("; } ");
    return 0;
}

static int h_shf(ptx_ctx *c, ptx_insn *in)
{
    static const char *const dirs[] = {"l", "r", NULL};
    static const char *const modes[] = {"wrap", "clamp", NULL};
    int d = ptx_take_of(in, dirs), m = ptx_take_of(in, modes);
    int t = ptx_take_type(in);
    if (t != PTX_T_B32)
        return bad_type(c, in, t);
    if (d < 0 || m < 0)
        return ptx_unsupported(c, in, "takes .l or .r, and .wrap or .clamp");
    char fn[64];
    snprintf(fn, sizeof fn, "shf<%d, %d>", d == 0, m);
    return call_t(c, in, t, fn, 3, NULL);
}

static int h_shift(ptx_ctx *c, ptx_insn *in)
{
    int t = ptx_take_type(in);
    if (!int_type(t, 1) || (in->op[2] == 'l' && ptx_type_is_signed(t)))
        return bad_type(c, in, t);
    char fn[64];
    snprintf(fn, sizeof fn, "%s<%s>", in->op, ptx_ctype(t));
    int st[2] = {t, PTX_T_U32};
    return call(c, in, t, fn, st, 2, NULL);
}

/* and, or, xor, not, cnot: on .pred registers or integers. */
static int h_logic(ptx_ctx *c, ptx_insn *in)
{
    int unary = in->op[0] == 'n' || in->op[0] == 'c';
    int t = ptx_take_type(in);
    const char *op = in->op[0] == 'a' ? "&" : in->op[0] == 'o' ? "|" : "^";
    if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, unary ? 2 : 3, unary ? 2 : 3) < 0)
        return -1;
    if (t == PTX_T_PRED && in->op[0] != 'c') {
        const ptx_val *d = ptx_scalar(c, in, 0);
        if (!d || ptx_put_pred_dst(c, d, in->o[0].pos) < 0)
            return -1;
        P(" = %s(", unary ? "!" : "");
        if (ptx_pred_src(c, in, 1) < 0)
            return -1;
        if (!unary) {
            P(") %s (", in->op[0] == 'a' ? "&&" : in->op[0] == 'o' ? "||" : "!=");
            if (ptx_pred_src(c, in, 2) < 0)
                return -1;
        }
        P("); ");
        return 0;
    }
    if (!int_type(t, 1))
        return bad_type(c, in, t);
    if (ptx_begin(c, in, 0, t) < 0)
        return -1;
    P("(%s)(", ptx_ctype(t));
    if (in->op[0] == 'n')
        P("~");
    if (src(c, in, 1, t) < 0)
        return -1;
    if (in->op[0] == 'c') {
        P(" == 0");
    } else if (!unary) {
        P(" %s ", op);
        if (src(c, in, 2, t) < 0)
            return -1;
    }
    P(")); ");
    return 0;
}

static int h_testp(ptx_ctx *c, ptx_insn *in)
{
    static const char *const ops[] = {"finite", "infinite", "number", "notanumber", "normal",
                                      "subnormal", NULL};
    int op = ptx_take_of(in, ops);
    int t = ptx_take_type(in);
    if (!is_fp(t))
        return bad_type(c, in, t);
    if (op < 0)
        return ptx_unsupported(c, in, "no test");
    if (ptx_begin_pred(c, in) < 0)
        return -1;
    P(" = ::simt_ptx::testp<%s, %d>(", ptx_ctype(t), op);
    return src_last(c, in, 1, t);
}

static int h_copysign(ptx_ctx *c, ptx_insn *in)
{
    int t = ptx_take_type(in);
    if (!is_fp(t))
        return bad_type(c, in, t);
    char fn[64];
    snprintf(fn, sizeof fn, "fcopysign<%s>", ptx_ctype(t));
    return call_t(c, in, t, fn, 2, NULL);
}

/* dp4a.atype.btype, dp2a.mode.atype.btype: 32-bit sums. */
static int h_dp(ptx_ctx *c, ptx_insn *in)
{
    static const char *const modes[] = {"lo", "hi", NULL};
    int two = in->op[2] == '2';
    int m = two ? ptx_take_of(in, modes) : 0;
    int at = ptx_take_type(in), bt = ptx_take_type(in);
    if ((at != PTX_T_U32 && at != PTX_T_S32) || (bt != PTX_T_U32 && bt != PTX_T_S32))
        return ptx_unsupported(c, in, "types are .u32 or .s32");
    if (m < 0)
        return ptx_unsupported(c, in, "takes .lo or .hi");
    char fn[64];
    if (two)
        snprintf(fn, sizeof fn, "dp2a<%d, %d, %d>", at == PTX_T_S32, bt == PTX_T_S32, m);
    else
        snprintf(fn, sizeof fn, "dp4a<%d, %d>", at == PTX_T_S32, bt == PTX_T_S32);
    return call_t(c, in, PTX_T_U32, fn, 3, NULL);
}

/* ---- comparison and selection --------------------------------------------------- */

static const char *const cmps[] = {"eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs",
                                   "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan", NULL};
static const char *const boolops[] = {"and", "or", "xor", NULL};
static const char *const boolc[] = {"&&", "||", "!="};

/* Writes "bool simt__tN = cmp<...>(a, b) [op c]; " and returns N. */
static int compare(ptx_ctx *c, ptx_insn *in, int t, int cmp, int bop, int ftz, int first)
{
    if (is_fp(t) ? (cmp >= 6 && cmp <= 9) : cmp >= 10)
        return ptx_unsupported(c, in, "comparison for this type");
    if (ftz && t != PTX_T_F32)
        return ptx_unsupported(c, in, ".ftz takes .f32");
    unsigned tmp = ptx_temp(c);
    P("bool simt__t%u = ::simt_ptx::cmp<%s, %d, %d>(", tmp, ptx_ctype(t), cmp, ftz);
    if (src(c, in, first, t) < 0)
        return -1;
    P(", ");
    if (src_last(c, in, first + 1, t) < 0)
        return -1;
    if (bop >= 0) {
        P("bool simt__t%u = ", tmp + 1);
        if (ptx_pred_src(c, in, first + 2) < 0)
            return -1;
        P("; ");
        ptx_temp(c);
    }
    return (int)tmp;
}

static int h_setp(ptx_ctx *c, ptx_insn *in)
{
    int cmp = ptx_take_of(in, cmps), bop = ptx_take_of(in, boolops), ftz = ptx_take(in, "ftz");
    int t = ptx_take_type(in);
    if (cmp < 0)
        return ptx_unsupported(c, in, "no comparison");
    if (!int_type(t, 1) && !is_fp(t))
        return bad_type(c, in, t);
    if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, bop < 0 ? 3 : 4, bop < 0 ? 3 : 4) < 0)
        return -1;
    const ptx_opnd *d = &in->o[0];
    if (d->kind != PO_VAL && d->kind != PO_PAIR)
        return ptx_fail(c, d->pos, "setp writes p or p|q");
    P("{ ");
    int tmp = compare(c, in, t, cmp, bop, ftz, 1);
    if (tmp < 0)
        return -1;
    for (int k = 0; k < d->n; k++) {
        if (ptx_put_pred_dst(c, &d->v[k], d->pos) < 0)
            return -1;
        if (bop >= 0)
            P(" = (%ssimt__t%d) %s simt__t%d; ", k ? "!" : "", tmp, boolc[bop], tmp + 1);
        else
            P(" = %ssimt__t%d; ", k ? "!" : "", tmp);
    }
    P("} ");
    return 0;
}

static int h_set(ptx_ctx *c, ptx_insn *in)
{
    int cmp = ptx_take_of(in, cmps), bop = ptx_take_of(in, boolops), ftz = ptx_take(in, "ftz");
    int dt = ptx_take_type(in), t = ptx_take_type(in);
    if (cmp < 0)
        return ptx_unsupported(c, in, "no comparison");
    if (dt != PTX_T_U32 && dt != PTX_T_S32 && dt != PTX_T_F32)
        return ptx_unsupported(c, in, "destination type is .u32, .s32 or .f32");
    if (!int_type(t, 1) && !is_fp(t))
        return bad_type(c, in, t);
    if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, bop < 0 ? 3 : 4, bop < 0 ? 3 : 4) < 0)
        return -1;
    P("{ ");
    int tmp = compare(c, in, t, cmp, bop, ftz, 1);
    if (tmp < 0 || ptx_begin(c, in, 0, dt) < 0)
        return -1;
    if (bop >= 0)
        P("::simt_ptx::set_value<%s, %s, %d>(simt__t%d %s simt__t%d)); } ", ptx_ctype(dt),
          ptx_ctype(t), cmp, tmp, boolc[bop], tmp + 1);
    else
        P("::simt_ptx::set_value<%s, %s, %d>(simt__t%d)); } ", ptx_ctype(dt), ptx_ctype(t), cmp,
          tmp);
    return 0;
}

/* The end of a selection: ") ? a : b); " with operands 1 and 2 of type t. */
static int put_choice(ptx_ctx *c, ptx_insn *in, int t)
{
    P(") ? ");
    if (src(c, in, 1, t) < 0)
        return -1;
    P(" : ");
    return src_last(c, in, 2, t);
}

static int h_selp(ptx_ctx *c, ptx_insn *in)
{
    int t = ptx_take_type(in);
    if (!int_type(t, 1) && !is_fp(t))
        return bad_type(c, in, t);
    if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, 4, 4) < 0 || ptx_begin(c, in, 0, t) < 0)
        return -1;
    P("(");
    if (ptx_pred_src(c, in, 3) < 0)
        return -1;
    return put_choice(c, in, t);
}

static int h_slct(ptx_ctx *c, ptx_insn *in)
{
    int ftz = ptx_take(in, "ftz");
    int dt = ptx_take_type(in), ct = ptx_take_type(in);
    if (!int_type(dt, 1) && !is_fp(dt))
        return bad_type(c, in, dt);
    if (ct != PTX_T_S32 && ct != PTX_T_F32)
        return ptx_unsupported(c, in, "the selector is .s32 or .f32");
    if (ftz && ct != PTX_T_F32)
        return ptx_unsupported(c, in, ".ftz takes an .f32 selector");
    if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, 4, 4) < 0 || ptx_begin(c, in, 0, dt) < 0)
        return -1;
    P("::simt_ptx::slct_first<%s, %d>(", ptx_ctype(ct), ftz);
    if (src(c, in, 3, ct) < 0)
        return -1;
    return put_choice(c, in, dt);
}

/* ---- conversions ---------------------------------------------------------------- */

static int h_cvt(ptx_ctx *c, ptx_insn *in)
{
    int fr = ptx_take_of(in, frnd), ir = ptx_take_of(in, irnd), rna = ptx_take(in, "rna");
    int ftz = ptx_take(in, "ftz"), sat = ptx_take(in, "sat"), relu = ptx_take(in, "relu");
    int satf = ptx_take(in, "satfinite");
    int dt = ptx_take_type(in), st = ptx_take_type(in);
    if (dt == PTX_T_NONE || st == PTX_T_NONE || dt == PTX_T_PRED || st == PTX_T_PRED)
        return ptx_unsupported(c, in, "takes a destination and a source type");
    if ((fr >= 0) + (ir >= 0) + rna > 1)
        return ptx_unsupported(c, in, "more than one rounding modifier");
    int mode = rna ? 4 : fr >= 0 ? fr : ir >= 0 ? ir : -1;
    if ((relu || satf) && dt != PTX_T_F16 && dt != PTX_T_BF16 && dt != PTX_T_F16X2 &&
        dt != PTX_T_BF16X2)
        return ptx_unsupported(c, in, ".relu and .satfinite take half-precision destinations");
    if (ir >= 0 && !ptx_type_is_float(st))
        return ptx_unsupported(c, in, "integer rounding takes a floating-point source");
    if (ir >= 0 && ptx_type_is_float(dt) && dt != st)
        return ptx_unsupported(c, in, "rounding to an integral value keeps the type");
    if (rna && !(dt == PTX_T_F16 || dt == PTX_T_BF16))
        return ptx_unsupported(c, in, ".rna");
    char fn[160];
    if (dt == PTX_T_F16X2 || dt == PTX_T_BF16X2) {
        if (st != PTX_T_F32 || ftz || sat || (fr != 0 && fr != 1))
            return ptx_unsupported(c, in, "packs two .f32 values with .rn or .rz");
        snprintf(fn, sizeof fn, "cvt_x2<%s, %d, %d, %d>",
                 dt == PTX_T_F16X2 ? "::simt_ptx::f16" : "::simt_ptx::bf16", fr, relu, satf);
        int sts[2] = {PTX_T_F32, PTX_T_F32};
        return call(c, in, PTX_T_U32, fn, sts, 2, NULL);
    }
    if (is_half(st) && st != PTX_T_F16 && st != PTX_T_BF16)
        return ptx_unsupported(c, in, "packed source");
    if (ftz && dt != PTX_T_F32 && st != PTX_T_F32)
        return ptx_unsupported(c, in, ".ftz takes .f32");
    snprintf(fn, sizeof fn, "cvt<%s, %s, %d, %d, %d, %d, %d, %d>", ptx_ctype(dt), ptx_ctype(st),
             mode, ir >= 0, ftz, sat, relu, satf);
    int sts[1] = {st};
    return call(c, in, dt, fn, sts, 1, NULL);
}

/* ---- floating-point functions -------------------------------------------------- */

/* rcp, sqrt, rsqrt, sin, cos, lg2, ex2. */
static int h_fpfunc(ptx_ctx *c, ptx_insn *in)
{
    int approx = ptx_take(in, "approx");
    int t = ptx_take_type(in), rnd = ptx_take_of(in, frnd), ftz = ptx_take(in, "ftz");
    int ieee = strcmp(in->op, "rcp") == 0 || strcmp(in->op, "sqrt") == 0;
    char fn[96];
    if (!is_fp(t))
        return bad_type(c, in, t);
    if (ftz && t != PTX_T_F32)
        return ptx_unsupported(c, in, ".ftz takes .f32");
    if (approx) {
        if (rnd >= 0)
            return ptx_unsupported(c, in, ".approx with a rounding modifier");
        if (t != PTX_T_F32)
            return ptx_unsupported(c, in, "the .f64 approximation");
        snprintf(fn, sizeof fn, "%s_approx<%d>", in->op, ftz);
    } else if (ieee) {
        if (rnd < 0)
            rnd = 0;
        snprintf(fn, sizeof fn, "f%s<%s, %d, %d>", in->op, ptx_ctype(t), rnd, ftz);
    } else {
        return ptx_unsupported(c, in, "only the .approx form exists");
    }
    return call_t(c, in, t, fn, 1, NULL);
}

/* ---- dispatch --------------------------------------------------------------------- */

static const ptx_handler handlers[] = {
    {"add", h_addsub}, {"sub", h_addsub}, {"addc", h_addsub}, {"subc", h_addsub},
    {"mul", h_mul}, {"mad", h_mad}, {"madc", h_mad}, {"fma", h_fma}, {"mul24", h_24},
    {"mad24", h_24}, {"sad", h_sad}, {"div", h_divrem}, {"rem", h_divrem}, {"abs", h_absneg},
    {"neg", h_absneg}, {"min", h_minmax}, {"max", h_minmax}, {"popc", h_count},
    {"clz", h_count}, {"bfind", h_bfind}, {"brev", h_brev}, {"bfe", h_bfe}, {"bfi", h_bfi},
    {"prmt", h_prmt}, {"lop3", h_lop3}, {"shf", h_shf}, {"shl", h_shift}, {"shr", h_shift},
    {"and", h_logic}, {"or", h_logic}, {"xor", h_logic}, {"not", h_logic}, {"cnot", h_logic},
    {"testp", h_testp}, {"copysign", h_copysign}, {"dp4a", h_dp}, {"dp2a", h_dp},
    {"setp", h_setp}, {"set", h_set}, {"selp", h_selp}, {"slct", h_slct}, {"cvt", h_cvt},
    {"rcp", h_fpfunc}, {"sqrt", h_fpfunc}, {"rsqrt", h_fpfunc}, {"sin", h_fpfunc},
    {"cos", h_fpfunc}, {"lg2", h_fpfunc}, {"ex2", h_fpfunc},
};

int ptx_begin_pred(ptx_ctx *c, ptx_insn *in)
{
    if (ptx_check_done(c, in) < 0 || ptx_want_ops(c, in, 2, 2) < 0)
        return -1;
    const ptx_val *d = ptx_scalar(c, in, 0);
    return d ? ptx_put_pred_dst(c, d, in->o[0].pos) : -1;
}

int ptx_dispatch(ptx_ctx *c, ptx_insn *in, const ptx_handler *table, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        if (strcmp(in->op, table[k].op) == 0) {
            table[k].fn(c, in);
            return 1;
        }
    }
    return 0;
}

int ptx_emit_alu(ptx_ctx *c, ptx_insn *in)
{
    return ptx_dispatch(c, in, handlers, sizeof handlers / sizeof handlers[0]);
}
