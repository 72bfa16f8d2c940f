/*
 * ptx_parse.c: reading the PTX of one asm statement (see ptx.h): tokens,
 * statements ("{", "}", ".reg" declarations, labels, instructions with
 * their guards) and operands, and the registers and labels they name.
 * Each instruction goes to an emitter as soon as it is read; registers
 * become C++ locals simt__vN, in C++ blocks where PTX opens "{ }" scopes.
 *
 * Key invariant: every loop advances through the text or stops; tables
 * have fixed caps, so any input ends in time linear in its length.
 */
#include "ptx.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_REGS 4096
#define MAX_LABELS 256
#define NAME_MAX_LEN 64

enum { T_END, T_NAME, T_DIR, T_INT, T_F32, T_F64, T_OPREF, T_PUNCT };

typedef struct tok {
    int kind;
    size_t pos, len;
    uint64_t bits; /* numbers: the value or bit pattern; T_OPREF: the operand */
    int punct;
} tok;

typedef struct reg {
    char name[NAME_MAX_LEN];
    int type;
    int depth;
    unsigned var; /* simt__vN */
} reg;

typedef struct ptx_label {
    char name[NAME_MAX_LEN];
    int defined;
    size_t pos;
} ptx_label;

struct ptx_ctx {
    const ptx_input *in;
    rw_buf *out;
    ptx_error *err;
    int failed;
    size_t pos;  /* lexer position */
    tok t;       /* current token */
    reg *regs;
    int nregs;
    unsigned next_var, next_temp;
    ptx_label labels[MAX_LABELS];
    int nlabels;
    int depth;
    int uses_cc, uses_sink, uses_psink;
};

/* ---- types and special registers ------------------------------------------- */

static const char *const type_names[] = {
    "", "pred", "b8", "b16", "b32", "b64", "u8", "u16", "u32", "u64", "s8", "s16",
    "s32", "s64", "f16", "f16x2", "bf16", "bf16x2", "f32", "f64", NULL};

int ptx_type(const char *s)
{
    for (int t = 1; type_names[t]; t++)
        if (strcmp(s, type_names[t]) == 0)
            return t;
    return PTX_T_NONE;
}

int ptx_type_bits(int t)
{
    switch (t) {
    case PTX_T_PRED: return 1;
    case PTX_T_B8: case PTX_T_U8: case PTX_T_S8: return 8;
    case PTX_T_B16: case PTX_T_U16: case PTX_T_S16: case PTX_T_F16: case PTX_T_BF16: return 16;
    case PTX_T_B64: case PTX_T_U64: case PTX_T_S64: case PTX_T_F64: return 64;
    case PTX_T_NONE: return 0;
    default: return 32;
    }
}

int ptx_type_is_float(int t)
{
    return t >= PTX_T_F16;
}

int ptx_type_is_signed(int t)
{
    return t >= PTX_T_S8 && t <= PTX_T_S64;
}

/* The type simt/ptx/asm.hpp reads an operand as: signedness matters
 * (sign extension, comparisons), the b types are unsigned, the half types
 * are simt_ptx's bit containers. */
const char *ptx_ctype(int t)
{
    switch (t) {
    case PTX_T_PRED: return "bool";
    case PTX_T_B8: case PTX_T_U8: return "unsigned char";
    case PTX_T_S8: return "signed char";
    case PTX_T_B16: case PTX_T_U16: return "unsigned short";
    case PTX_T_S16: return "short";
    case PTX_T_B32: case PTX_T_U32: case PTX_T_F16X2: case PTX_T_BF16X2: return "unsigned int";
    case PTX_T_S32: return "int";
    case PTX_T_B64: case PTX_T_U64: return "unsigned long long";
    case PTX_T_S64: return "long long";
    case PTX_T_F16: return "::simt_ptx::f16";
    case PTX_T_BF16: return "::simt_ptx::bf16";
    case PTX_T_F32: return "float";
    case PTX_T_F64: return "double";
    default: return "void";
    }
}

/* The C++ type of a register declared with PTX type t. */
static const char *reg_ctype(int t)
{
    switch (ptx_type_bits(t)) {
    case 1: return "bool";
    case 8: return "unsigned char";
    case 16: return "unsigned short";
    case 64: return t == PTX_T_F64 ? "double" : "unsigned long long";
    default: return t == PTX_T_F32 ? "float" : "unsigned int";
    }
}

static const struct {
    const char *name;
    int id;
} sregs[] = {
    {"%tid.x", PTX_SR_TID_X}, {"%tid.y", PTX_SR_TID_Y}, {"%tid.z", PTX_SR_TID_Z},
    {"%ntid.x", PTX_SR_NTID_X}, {"%ntid.y", PTX_SR_NTID_Y}, {"%ntid.z", PTX_SR_NTID_Z},
    {"%ctaid.x", PTX_SR_CTAID_X}, {"%ctaid.y", PTX_SR_CTAID_Y}, {"%ctaid.z", PTX_SR_CTAID_Z},
    {"%nctaid.x", PTX_SR_NCTAID_X}, {"%nctaid.y", PTX_SR_NCTAID_Y},
    {"%nctaid.z", PTX_SR_NCTAID_Z}, {"%laneid", PTX_SR_LANEID}, {"%warpid", PTX_SR_WARPID},
    {"%nwarpid", PTX_SR_NWARPID}, {"%smid", PTX_SR_SMID}, {"%nsmid", PTX_SR_NSMID},
    {"%lanemask_eq", PTX_SR_LANEMASK_EQ}, {"%lanemask_le", PTX_SR_LANEMASK_LE},
    {"%lanemask_lt", PTX_SR_LANEMASK_LT}, {"%lanemask_ge", PTX_SR_LANEMASK_GE},
    {"%lanemask_gt", PTX_SR_LANEMASK_GT}, {"%clock", PTX_SR_CLOCK},
    {"%clock_hi", PTX_SR_CLOCK_HI}, {"%clock64", PTX_SR_CLOCK64},
    {"%globaltimer", PTX_SR_GLOBALTIMER}, {"%globaltimer_lo", PTX_SR_GLOBALTIMER_LO},
    {"%globaltimer_hi", PTX_SR_GLOBALTIMER_HI}};

static const char *const sreg_funcs[PTX_SR_COUNT] = {
    "tid_x", "tid_y", "tid_z", "ntid_x", "ntid_y", "ntid_z", "ctaid_x", "ctaid_y", "ctaid_z",
    "nctaid_x", "nctaid_y", "nctaid_z", "laneid", "warpid", "nwarpid", "smid", "nsmid",
    "lanemask_eq", "lanemask_le", "lanemask_lt", "lanemask_ge", "lanemask_gt", "clock",
    "clock_hi", "clock64", "globaltimer", "globaltimer_lo", "globaltimer_hi"};

/* Special registers PTX has and simt does not provide. */
static const char *const other_sregs[] = {
    "%gridid", "%dynamic_smem_size", "%total_smem_size", "%aggr_smem_size", "%clusterid",
    "%nclusterid", "%cluster_ctaid", "%cluster_nctaid", "%cluster_ctarank",
    "%cluster_nctarank", "%is_explicit_cluster", "%reserved_smem_offset_begin",
    "%reserved_smem_offset_end", "%reserved_smem_offset_cap", "%reserved_smem_offset_0",
    "%reserved_smem_offset_1", "%current_graph_exec", "%envreg", "%pm", "%tid", "%ntid",
    "%ctaid", "%nctaid", NULL};

const char *ptx_sreg_func(int sr)
{
    return sreg_funcs[sr];
}

int ptx_sreg_bits(int sr)
{
    return sr == PTX_SR_CLOCK64 || sr == PTX_SR_GLOBALTIMER ? 64 : 32;
}

/* ---- diagnostics and output ------------------------------------------------- */

rw_buf *ptx_out(ptx_ctx *c)
{
    return c->out;
}

int ptx_fail(ptx_ctx *c, size_t pos, const char *fmt, ...)
{
    if (c->failed)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->err->msg, sizeof c->err->msg, fmt, ap);
    va_end(ap);
    c->err->off = pos;
    c->failed = 1;
    return -1;
}

unsigned ptx_temp(ptx_ctx *c)
{
    return c->next_temp++;
}

void ptx_use_cc(ptx_ctx *c)
{
    c->uses_cc = 1;
}

const char *ptx_label_text(const ptx_ctx *c, int64_t label)
{
    return c->labels[label].name;
}

const char *ptx_label_name(ptx_ctx *c, int64_t label, char *buf, size_t size)
{
    snprintf(buf, size, "simt__L%u_%d", c->in->id, (int)label);
    return buf;
}

static void put_site_text(ptx_ctx *c, const ptx_insn *in, int split)
{
    rw_buf *b = c->out;
    rw_buf_put(b, "\"", 1);
    if (c->in->file)
        rw_buf_put(b, c->in->file, c->in->file_len);
    if (split)
        rw_buf_printf(b, "\", %u", in->line);
    else
        rw_buf_printf(b, ":%u\"", in->line);
}

void ptx_put_site(ptx_ctx *c, const ptx_insn *in)
{
    put_site_text(c, in, 0);
}

void ptx_put_file_line(ptx_ctx *c, const ptx_insn *in)
{
    put_site_text(c, in, 1);
}

/* ---- operands as C++ --------------------------------------------------------- */

/* The register a PV_REG operand names; operands are emitted as soon as
 * they are read, so the index is into the current table. */
static const reg *reg_of(const ptx_ctx *c, const ptx_val *v)
{
    assert(v->kind == PV_REG && v->idx >= 0 && v->idx < c->nregs);
    return &c->regs[v->idx];
}

static void put_var(ptx_ctx *c, const ptx_val *v)
{
    if (v->kind == PV_REG)
        rw_buf_printf(c->out, "simt__v%u", reg_of(c, v)->var);
    else
        rw_buf_printf(c->out, "simt__p%d", v->idx);
}

void ptx_put_src(ptx_ctx *c, const ptx_val *v, int t)
{
    rw_buf *b = c->out;
    rw_buf_printf(b, "::simt_ptx::rd<%s>(", ptx_ctype(t));
    switch (v->kind) {
    case PV_REG:
    case PV_OPREF:
        put_var(c, v);
        break;
    case PV_SREG:
        rw_buf_printf(b, "::simt_ptx::sr_%s()", sreg_funcs[v->idx]);
        break;
    case PV_IMM:
        rw_buf_printf(b, "::simt_ptx::imm{0x%llxull}", (unsigned long long)v->bits);
        break;
    case PV_F32:
        rw_buf_printf(b, "::simt_ptx::imm_f32{0x%llxu}", (unsigned long long)v->bits);
        break;
    case PV_F64:
        rw_buf_printf(b, "::simt_ptx::imm_f64{0x%llxull}", (unsigned long long)v->bits);
        break;
    default:
        rw_buf_puts(b, "0");
        break;
    }
    rw_buf_puts(b, ")");
}

int ptx_put_dst(ptx_ctx *c, const ptx_val *v, size_t pos)
{
    if (v->neg || v->sel[0])
        return ptx_fail(c, pos, "a destination operand takes no '!' or selector");
    switch (v->kind) {
    case PV_REG:
        if (reg_of(c, v)->type == PTX_T_PRED)
            return ptx_fail(c, pos, "predicate register '%s' is not a value destination",
                            reg_of(c, v)->name);
        put_var(c, v);
        return 0;
    case PV_OPREF:
        if (c->in->ops[v->idx].constraint == 'n')
            return ptx_fail(c, pos, "operand %%%d is an immediate (\"n\"); it cannot be written",
                            v->idx);
        put_var(c, v);
        return 0;
    case PV_SINK:
        c->uses_sink = 1;
        rw_buf_puts(c->out, "simt__sink");
        return 0;
    default:
        return ptx_fail(c, pos, "a destination operand must be a register");
    }
}

/* A predicate destination: a .pred register or the sink. */
static int put_pred_dst(ptx_ctx *c, const ptx_val *v, size_t pos)
{
    if (v->kind == PV_SINK) {
        c->uses_psink = 1;
        rw_buf_puts(c->out, "simt__psink");
        return 0;
    }
    if (v->kind != PV_REG || reg_of(c, v)->type != PTX_T_PRED || v->neg || v->sel[0])
        return ptx_fail(c, pos, "expected a .pred register");
    put_var(c, v);
    return 0;
}

int ptx_put_pred(ptx_ctx *c, const ptx_val *v, size_t pos)
{
    if (v->kind == PV_IMM && (v->bits == 0 || v->bits == 1) && !v->neg) {
        rw_buf_puts(c->out, v->bits ? "true" : "false");
        return 0;
    }
    if (v->kind != PV_REG || reg_of(c, v)->type != PTX_T_PRED || v->sel[0])
        return ptx_fail(c, pos, "expected a .pred register");
    if (v->neg)
        rw_buf_puts(c->out, "!");
    put_var(c, v);
    return 0;
}

int ptx_put_pred_dst(ptx_ctx *c, const ptx_val *v, size_t pos)
{
    return put_pred_dst(c, v, pos);
}

/* "::simt_ptx::wr<T>(DST, ": the caller writes the value, then "); ". */
int ptx_begin_wr(ptx_ctx *c, int t, const ptx_val *d, size_t pos)
{
    rw_buf_printf(c->out, "::simt_ptx::wr<%s>(", ptx_ctype(t));
    if (ptx_put_dst(c, d, pos) < 0)
        return -1;
    rw_buf_puts(c->out, ", ");
    return 0;
}

/* ---- modifiers --------------------------------------------------------------- */

int ptx_take(ptx_insn *in, const char *sfx)
{
    for (int k = 0; k < in->nsfx; k++) {
        if (!in->used[k] && strcmp(in->sfx[k], sfx) == 0) {
            in->used[k] = 1;
            return 1;
        }
    }
    return 0;
}

int ptx_take_of(ptx_insn *in, const char *const *set)
{
    for (int k = 0; k < in->nsfx; k++) {
        if (in->used[k])
            continue;
        for (int s = 0; set[s]; s++) {
            if (strcmp(in->sfx[k], set[s]) == 0) {
                in->used[k] = 1;
                return s;
            }
        }
    }
    return -1;
}

int ptx_take_type(ptx_insn *in)
{
    for (int k = 0; k < in->nsfx; k++) {
        if (in->used[k])
            continue;
        int t = ptx_type(in->sfx[k]);
        if (t != PTX_T_NONE) {
            in->used[k] = 1;
            return t;
        }
    }
    return PTX_T_NONE;
}

int ptx_unsupported(ptx_ctx *c, const ptx_insn *in, const char *why)
{
    if (why && *why)
        return ptx_fail(c, in->pos, "inline PTX instruction '%s' is not supported by simt (%s)",
                        in->text, why);
    return ptx_fail(c, in->pos, "inline PTX instruction '%s' is not supported by simt", in->text);
}

int ptx_check_done(ptx_ctx *c, ptx_insn *in)
{
    for (int k = 0; k < in->nsfx; k++) {
        if (!in->used[k]) {
            char why[64];
            snprintf(why, sizeof why, "modifier '.%s'", in->sfx[k]);
            return ptx_unsupported(c, in, why);
        }
    }
    return 0;
}

int ptx_want_ops(ptx_ctx *c, const ptx_insn *in, int lo, int hi)
{
    if (in->nops >= lo && in->nops <= hi)
        return 0;
    if (lo == hi)
        return ptx_fail(c, in->pos, "inline PTX instruction '%s' takes %d operands, not %d",
                        in->text, lo, in->nops);
    return ptx_fail(c, in->pos, "inline PTX instruction '%s' takes %d to %d operands, not %d",
                    in->text, lo, hi, in->nops);
}

/* ---- tokens -------------------------------------------------------------------- */

static int is_alpha(int ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

static int is_digit(int ch)
{
    return ch >= '0' && ch <= '9';
}

static int is_name_char(int ch)
{
    return is_alpha(ch) || is_digit(ch) || ch == '_' || ch == '$';
}

static int hex_val(int ch)
{
    if (is_digit(ch))
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

/* Reads a number at p: integers in PTX's bases, 0f/0d bit patterns,
 * decimal floats. */
static int lex_number(ptx_ctx *c, size_t p, tok *t)
{
    const char *s = c->in->text;
    size_t n = c->in->len, q = p;
    t->bits = 0;
    if (s[q] == '0' && q + 1 < n && (s[q + 1] == 'f' || s[q + 1] == 'F' || s[q + 1] == 'd' ||
                                     s[q + 1] == 'D')) {
        int digits = s[q + 1] == 'f' || s[q + 1] == 'F' ? 8 : 16;
        q += 2;
        for (int k = 0; k < digits; k++, q++) {
            if (q >= n || hex_val((unsigned char)s[q]) < 0)
                return ptx_fail(c, p, "malformed floating-point literal (0f takes 8 hex digits, "
                                      "0d 16)");
            t->bits = t->bits << 4 | (uint64_t)hex_val((unsigned char)s[q]);
        }
        t->kind = digits == 8 ? T_F32 : T_F64;
    } else if (s[q] == '0' && q + 1 < n && (s[q + 1] == 'x' || s[q + 1] == 'X')) {
        q += 2;
        if (q >= n || hex_val((unsigned char)s[q]) < 0)
            return ptx_fail(c, p, "malformed hexadecimal literal");
        while (q < n && hex_val((unsigned char)s[q]) >= 0)
            t->bits = t->bits << 4 | (uint64_t)hex_val((unsigned char)s[q++]);
        t->kind = T_INT;
    } else if (s[q] == '0' && q + 1 < n && (s[q + 1] == 'b' || s[q + 1] == 'B')) {
        q += 2;
        if (q >= n || (s[q] != '0' && s[q] != '1'))
            return ptx_fail(c, p, "malformed binary literal");
        while (q < n && (s[q] == '0' || s[q] == '1'))
            t->bits = t->bits << 1 | (uint64_t)(s[q++] - '0');
        t->kind = T_INT;
    } else {
        size_t e = q;
        while (e < n && is_digit((unsigned char)s[e]))
            e++;
        int is_float = 0;
        if (e < n && s[e] == '.' && e + 1 < n && is_digit((unsigned char)s[e + 1])) {
            is_float = 1;
            e++;
            while (e < n && is_digit((unsigned char)s[e]))
                e++;
        }
        if (e < n && (s[e] == 'e' || s[e] == 'E')) {
            size_t f = e + 1;
            if (f < n && (s[f] == '+' || s[f] == '-'))
                f++;
            if (f < n && is_digit((unsigned char)s[f])) {
                is_float = 1;
                e = f;
                while (e < n && is_digit((unsigned char)s[e]))
                    e++;
            }
        }
        if (is_float) {
            char buf[128];
            if (e - q >= sizeof buf)
                return ptx_fail(c, p, "floating-point literal too long");
            memcpy(buf, s + q, e - q);
            buf[e - q] = 0;
            double d = strtod(buf, NULL);
            memcpy(&t->bits, &d, 8);
            t->kind = T_F64;
        } else if (s[q] == '0') { /* octal, as in C */
            for (size_t k = q; k < e; k++) {
                if (s[k] > '7')
                    return ptx_fail(c, p, "malformed octal literal");
                t->bits = t->bits << 3 | (uint64_t)(s[k] - '0');
            }
            t->kind = T_INT;
        } else {
            for (size_t k = q; k < e; k++)
                t->bits = t->bits * 10 + (uint64_t)(s[k] - '0');
            t->kind = T_INT;
        }
        q = e;
    }
    if (t->kind == T_INT && q < n && (s[q] == 'U' || s[q] == 'u'))
        q++;
    if (q < n && (is_name_char((unsigned char)s[q]) || s[q] == '.'))
        return ptx_fail(c, p, "malformed number");
    t->len = q - p;
    return 0;
}

/* Advances c->t to the next token. */
static int next(ptx_ctx *c)
{
    const char *s = c->in->text;
    size_t n = c->in->len, p = c->pos;
    for (;;) {
        while (p < n && (s[p] == ' ' || s[p] == '\t' || s[p] == '\n' || s[p] == '\r' ||
                         s[p] == '\v' || s[p] == '\f'))
            p++;
        if (p + 1 < n && s[p] == '/' && s[p + 1] == '/') {
            while (p < n && s[p] != '\n')
                p++;
            continue;
        }
        if (p + 1 < n && s[p] == '/' && s[p + 1] == '*') {
            const char *e = NULL;
            for (size_t q = p + 2; q + 1 < n; q++) {
                if (s[q] == '*' && s[q + 1] == '/') {
                    e = s + q;
                    break;
                }
            }
            if (!e)
                return ptx_fail(c, p, "unterminated comment in inline PTX");
            p = (size_t)(e - s) + 2;
            continue;
        }
        break;
    }
    tok *t = &c->t;
    t->pos = p;
    t->len = 0;
    t->bits = 0;
    t->punct = 0;
    if (p >= n) {
        t->kind = T_END;
        c->pos = p;
        return 0;
    }
    unsigned char ch = (unsigned char)s[p];
    size_t q = p;
    if (ch == (unsigned char)PTX_OPREF) {
        if (p + 1 >= n)
            return ptx_fail(c, p, "malformed operand reference");
        t->kind = T_OPREF;
        t->bits = (unsigned char)s[p + 1] - 1u;
        t->len = 2;
    } else if (is_alpha(ch) || ch == '_' || ch == '$' || ch == '%') {
        q++;
        while (q < n && is_name_char((unsigned char)s[q]))
            q++;
        t->kind = T_NAME;
        t->len = q - p;
    } else if (ch == '.' && p + 1 < n && (is_alpha((unsigned char)s[p + 1]) || s[p + 1] == '_' ||
                                          is_digit((unsigned char)s[p + 1]))) {
        q++;
        for (;;) {
            if (q < n && is_name_char((unsigned char)s[q]))
                q++;
            else if (q + 2 < n && s[q] == ':' && s[q + 1] == ':' &&
                     is_name_char((unsigned char)s[q + 2]))
                q += 2;
            else
                break;
        }
        t->kind = T_DIR;
        t->len = q - p;
    } else if (is_digit(ch)) {
        if (lex_number(c, p, t) < 0)
            return -1;
    } else if (strchr(",;{}[]()@!+-|:<>", ch)) {
        t->kind = T_PUNCT;
        t->punct = ch;
        t->len = 1;
    } else {
        if (ch >= 0x20 && ch < 0x7f)
            return ptx_fail(c, p, "unexpected character '%c' in inline PTX", ch);
        return ptx_fail(c, p, "unexpected character 0x%02x in inline PTX", ch);
    }
    c->pos = p + t->len;
    return 0;
}

static int is_punct(const ptx_ctx *c, int ch)
{
    return c->t.kind == T_PUNCT && c->t.punct == ch;
}

/* Does the current token touch the previous one (no space between)? */
static int touches(const ptx_ctx *c, size_t prev_end)
{
    return c->t.pos == prev_end;
}

static int tok_text(ptx_ctx *c, const tok *t, char *buf, size_t size, const char *what)
{
    if (t->len >= size)
        return ptx_fail(c, t->pos, "%s too long", what);
    memcpy(buf, c->in->text + t->pos, t->len);
    buf[t->len] = 0;
    return 0;
}

/* ---- registers and labels ----------------------------------------------------- */

static int find_reg(const ptx_ctx *c, const char *name)
{
    for (int k = c->nregs - 1; k >= 0; k--)
        if (strcmp(c->regs[k].name, name) == 0)
            return k;
    return -1;
}

static int add_reg(ptx_ctx *c, const char *name, int type, size_t pos)
{
    for (int k = c->nregs - 1; k >= 0 && c->regs[k].depth == c->depth; k--)
        if (strcmp(c->regs[k].name, name) == 0)
            return ptx_fail(c, pos, "register '%s' declared twice in one scope", name);
    if (c->nregs == MAX_REGS)
        return ptx_fail(c, pos, "more than %d registers in one asm statement", MAX_REGS);
    if (!c->regs) {
        c->regs = malloc(MAX_REGS * sizeof *c->regs);
        if (!c->regs)
            return ptx_fail(c, pos, "out of memory");
    }
    size_t len = strlen(name);
    if (len >= sizeof c->regs[0].name)
        return ptx_fail(c, pos, "register name too long");
    reg *r = &c->regs[c->nregs++];
    memcpy(r->name, name, len + 1);
    r->type = type;
    r->depth = c->depth;
    r->var = c->next_var++;
    return 0;
}

static int find_label(ptx_ctx *c, const char *name, size_t pos)
{
    for (int k = 0; k < c->nlabels; k++)
        if (strcmp(c->labels[k].name, name) == 0)
            return k;
    if (c->nlabels == MAX_LABELS)
        return ptx_fail(c, pos, "more than %d labels in one asm statement", MAX_LABELS);
    ptx_label *l = &c->labels[c->nlabels];
    snprintf(l->name, sizeof l->name, "%s", name);
    l->defined = 0;
    l->pos = pos;
    return c->nlabels++;
}

/* ".reg .TYPE a, b<4>, c;" */
static int reg_decl(ptx_ctx *c)
{
    size_t pos = c->t.pos;
    if (next(c) < 0)
        return -1;
    char tn[32];
    if (c->t.kind != T_DIR || tok_text(c, &c->t, tn, sizeof tn, "type") < 0)
        return ptx_fail(c, pos, "expected a type after .reg");
    if (strcmp(tn, ".v2") == 0 || strcmp(tn, ".v4") == 0 || strcmp(tn, ".v8") == 0)
        return ptx_fail(c, c->t.pos, ".reg vectors are not supported by simt; declare scalars");
    int type = ptx_type(tn + 1);
    if (type == PTX_T_NONE)
        return ptx_fail(c, c->t.pos, "unknown register type '%s'", tn);
    rw_buf_printf(c->out, "%s ", reg_ctype(type));
    int first = 1;
    unsigned first_var = c->next_var;
    for (;;) {
        if (next(c) < 0)
            return -1;
        char name[NAME_MAX_LEN];
        if (c->t.kind != T_NAME || tok_text(c, &c->t, name, sizeof name, "register name") < 0)
            return ptx_fail(c, c->t.pos, "expected a register name in .reg");
        size_t npos = c->t.pos;
        if (next(c) < 0)
            return -1;
        long count = -1;
        if (is_punct(c, '<')) {
            if (next(c) < 0)
                return -1;
            if (c->t.kind != T_INT || c->t.bits > MAX_REGS)
                return ptx_fail(c, c->t.pos, "expected a register count up to %d", MAX_REGS);
            count = (long)c->t.bits;
            if (next(c) < 0)
                return -1;
            if (!is_punct(c, '>'))
                return ptx_fail(c, c->t.pos, "expected '>'");
            if (next(c) < 0)
                return -1;
        }
        for (long k = 0; k < (count < 0 ? 1 : count); k++) {
            char full[NAME_MAX_LEN + 24];
            if (count < 0)
                snprintf(full, sizeof full, "%s", name);
            else
                snprintf(full, sizeof full, "%s%ld", name, k);
            if (add_reg(c, full, type, npos) < 0)
                return -1;
            rw_buf_printf(c->out, "%ssimt__v%u", first ? "" : ", ", c->regs[c->nregs - 1].var);
            first = 0;
        }
        if (is_punct(c, ';'))
            break;
        if (!is_punct(c, ','))
            return ptx_fail(c, c->t.pos, "expected ',' or ';' in .reg");
    }
    if (first)
        return ptx_fail(c, pos, "empty .reg declaration");
    rw_buf_puts(c->out, "; ");
    /* Registers of an r<N> array need not all be used. */
    for (int k = c->nregs - 1; k >= 0 && c->regs[k].var >= first_var; k--)
        rw_buf_printf(c->out, "(void)simt__v%u; ", c->regs[k].var);
    return next(c);
}

/* ---- operands ----------------------------------------------------------------- */

static int sreg_lookup(const char *name)
{
    for (size_t k = 0; k < sizeof sregs / sizeof sregs[0]; k++)
        if (strcmp(sregs[k].name, name) == 0)
            return sregs[k].id;
    return -1;
}

/* A selector or component that touches the operand before it: ".b0",
 * ".x". */
static int read_sel(ptx_ctx *c, size_t prev_end, char *sel, size_t size)
{
    sel[0] = 0;
    if (c->t.kind != T_DIR || !touches(c, prev_end))
        return 0;
    if (c->t.len > size || c->t.len < 2)
        return ptx_fail(c, c->t.pos, "malformed operand selector");
    memcpy(sel, c->in->text + c->t.pos + 1, c->t.len - 1);
    sel[c->t.len - 1] = 0;
    return next(c);
}

/* A scalar operand, or a label's name (*label set, v untouched). */
static int parse_val(ptx_ctx *c, ptx_val *v, int64_t *label)
{
    memset(v, 0, sizeof *v);
    size_t pos = c->t.pos;
    if (is_punct(c, '!')) {
        v->neg = 1;
        if (next(c) < 0)
            return -1;
    }
    int minus = 0;
    if (is_punct(c, '-')) {
        minus = 1;
        if (next(c) < 0)
            return -1;
    }
    tok t = c->t;
    size_t end = t.pos + t.len;
    switch (t.kind) {
    case T_INT:
    case T_F32:
    case T_F64:
        v->kind = t.kind == T_INT ? PV_IMM : t.kind == T_F32 ? PV_F32 : PV_F64;
        v->bits = t.bits;
        if (minus)
            v->bits = t.kind == T_INT ? 0 - t.bits
                                      : t.bits ^ (t.kind == T_F32 ? 0x80000000ull
                                                                  : 0x8000000000000000ull);
        if (next(c) < 0)
            return -1;
        return 0;
    case T_OPREF:
        if (minus)
            break;
        if ((int)t.bits >= c->in->nops)
            return ptx_fail(c, pos, "operand %%%d does not exist", (int)t.bits);
        v->kind = PV_OPREF;
        v->idx = (int)t.bits;
        if (next(c) < 0)
            return -1;
        return read_sel(c, end, v->sel, sizeof v->sel);
    case T_NAME: {
        if (minus)
            break;
        char name[NAME_MAX_LEN + 16];
        if (tok_text(c, &t, name, NAME_MAX_LEN, "name") < 0)
            return -1;
        if (next(c) < 0)
            return -1;
        if (strcmp(name, "_") == 0) {
            v->kind = PV_SINK;
            return 0;
        }
        if (name[0] == '%' && find_reg(c, name) < 0) {
            /* A special register, with its component touching it. */
            char comp[8];
            if (read_sel(c, end, comp, sizeof comp) < 0)
                return -1;
            if (comp[0]) {
                size_t l = strlen(name);
                name[l] = '.';
                snprintf(name + l + 1, 15, "%s", comp);
            }
            int sr = sreg_lookup(name);
            if (sr >= 0) {
                v->kind = PV_SREG;
                v->idx = sr;
                return 0;
            }
            for (int k = 0; other_sregs[k]; k++) {
                size_t l = strlen(other_sregs[k]);
                if (strncmp(name, other_sregs[k], l) == 0 &&
                    (name[l] == 0 || name[l] == '.' || is_digit((unsigned char)name[l])))
                    return ptx_fail(c, pos, "special register '%s' is not supported by simt",
                                    name);
            }
            return ptx_fail(c, pos, "unknown register '%s'", name);
        }
        int r = find_reg(c, name);
        if (r < 0) {
            if (v->neg || !label)
                return ptx_fail(c, pos, "unknown register '%s'", name);
            int l = find_label(c, name, pos);
            if (l < 0)
                return -1;
            *label = l;
            return 1;
        }
        v->kind = PV_REG;
        v->idx = r;
        v->type = (unsigned char)c->regs[r].type;
        return read_sel(c, end, v->sel, sizeof v->sel);
    }
    default:
        break;
    }
    return ptx_fail(c, pos, "expected an operand");
}

static int parse_operand(ptx_ctx *c, ptx_opnd *o)
{
    memset(o, 0, sizeof *o);
    o->pos = c->t.pos;
    o->n = 1;
    if (is_punct(c, '{')) {
        o->kind = PO_VEC;
        o->n = 0;
        if (next(c) < 0)
            return -1;
        for (;;) {
            if (o->n == PTX_MAX_VEC)
                return ptx_fail(c, c->t.pos, "a vector operand has at most %d elements",
                                PTX_MAX_VEC);
            int rc = parse_val(c, &o->v[o->n++], NULL);
            if (rc < 0)
                return -1;
            if (is_punct(c, '}'))
                break;
            if (!is_punct(c, ','))
                return ptx_fail(c, c->t.pos, "expected ',' or '}' in a vector operand");
            if (next(c) < 0)
                return -1;
        }
        return next(c);
    }
    if (is_punct(c, '[')) {
        o->kind = PO_MEM;
        if (next(c) < 0)
            return -1;
        if (parse_val(c, &o->v[0], NULL) < 0)
            return -1;
        if (o->v[0].neg || o->v[0].sel[0] || o->v[0].kind == PV_SINK || o->v[0].kind == PV_F32 ||
            o->v[0].kind == PV_F64)
            return ptx_fail(c, o->pos, "malformed address");
        if (is_punct(c, '+') || is_punct(c, '-')) {
            int minus = is_punct(c, '-');
            if (next(c) < 0)
                return -1;
            if (is_punct(c, '-')) {
                minus = !minus;
                if (next(c) < 0)
                    return -1;
            }
            if (c->t.kind != T_INT)
                return ptx_fail(c, c->t.pos, "an address offset must be an integer constant");
            o->off = minus ? -(int64_t)c->t.bits : (int64_t)c->t.bits;
            if (next(c) < 0)
                return -1;
        }
        if (!is_punct(c, ']'))
            return ptx_fail(c, c->t.pos, "expected ']'");
        return next(c);
    }
    int64_t label = -1;
    int rc = parse_val(c, &o->v[0], &label);
    if (rc < 0)
        return -1;
    if (rc == 1) {
        o->kind = PO_LABEL;
        o->off = label;
        return 0;
    }
    o->kind = PO_VAL;
    if (is_punct(c, '|')) {
        if (next(c) < 0)
            return -1;
        if (parse_val(c, &o->v[1], NULL) < 0)
            return -1;
        o->kind = PO_PAIR;
        o->n = 2;
    }
    return 0;
}

/* ---- statements ------------------------------------------------------------------ */

static int emit_insn(ptx_ctx *c, ptx_insn *in)
{
    if (ptx_emit_alu(c, in) || ptx_emit_other(c, in))
        return c->failed ? -1 : 0;
    return ptx_unsupported(c, in, NULL);
}

/* An instruction, its guard already read; the current token is its
 * opcode. */
static int instruction(ptx_ctx *c, ptx_insn *in)
{
    in->pos = c->t.pos;
    if (c->t.kind != T_NAME || tok_text(c, &c->t, in->op, sizeof in->op, "opcode") < 0)
        return ptx_fail(c, c->t.pos, "expected an instruction");
    snprintf(in->text, sizeof in->text, "%s", in->op);
    size_t tl = strlen(in->text);
    if (next(c) < 0)
        return -1;
    while (c->t.kind == T_DIR) {
        if (in->nsfx == PTX_MAX_SFX)
            return ptx_fail(c, c->t.pos, "too many modifiers");
        if (tok_text(c, &c->t, in->sfx[in->nsfx], sizeof in->sfx[0], "modifier") < 0)
            return -1;
        if (tl + c->t.len < sizeof in->text) {
            memcpy(in->text + tl, in->sfx[in->nsfx], c->t.len);
            tl += c->t.len;
            in->text[tl] = 0;
        }
        memmove(in->sfx[in->nsfx], in->sfx[in->nsfx] + 1, c->t.len); /* drop the dot */
        in->nsfx++;
        if (next(c) < 0)
            return -1;
    }
    if (!is_punct(c, ';')) {
        for (;;) {
            if (in->nops == PTX_MAX_OPNDS)
                return ptx_fail(c, c->t.pos, "too many operands");
            if (parse_operand(c, &in->o[in->nops++]) < 0)
                return -1;
            if (is_punct(c, ';'))
                break;
            if (!is_punct(c, ','))
                return ptx_fail(c, c->t.pos, "expected ',' or ';' after an operand of '%s'",
                                in->text);
            if (next(c) < 0)
                return -1;
        }
    }
    in->line = c->in->line_of ? c->in->line_of(c->in->line_ctx, in->pos) : 0;
    return 0;
}

static int statement(ptx_ctx *c)
{
    rw_buf *b = c->out;
    if (is_punct(c, '{')) {
        c->depth++;
        if (c->depth > 64)
            return ptx_fail(c, c->t.pos, "PTX scopes nested too deeply");
        rw_buf_puts(b, "{ ");
        return next(c);
    }
    if (is_punct(c, '}')) {
        if (c->depth == 0)
            return ptx_fail(c, c->t.pos, "'}' without '{' in inline PTX");
        while (c->nregs > 0 && c->regs[c->nregs - 1].depth == c->depth)
            c->nregs--;
        c->depth--;
        rw_buf_puts(b, "} ");
        return next(c);
    }
    if (is_punct(c, ';'))
        return next(c);
    if (c->t.kind == T_DIR) {
        char d[32];
        if (tok_text(c, &c->t, d, sizeof d, "directive") < 0)
            return -1;
        if (strcmp(d, ".reg") == 0)
            return reg_decl(c);
        return ptx_fail(c, c->t.pos, "PTX directive '%s' is not supported by simt in inline asm",
                        d);
    }
    ptx_insn in;
    memset(&in, 0, sizeof in);
    if (c->t.kind == T_NAME) {
        /* A label: "name:". */
        tok t = c->t;
        size_t save = c->pos;
        if (next(c) < 0)
            return -1;
        if (is_punct(c, ':')) {
            char name[NAME_MAX_LEN];
            if (tok_text(c, &t, name, sizeof name, "label") < 0)
                return -1;
            int l = find_label(c, name, t.pos);
            if (l < 0)
                return -1;
            if (c->labels[l].defined)
                return ptx_fail(c, t.pos, "label '%s' defined twice", name);
            c->labels[l].defined = 1;
            char lb[48];
            rw_buf_printf(b, "%s:; ", ptx_label_name(c, l, lb, sizeof lb));
            return next(c);
        }
        c->pos = save;
        c->t = t;
    }
    int guard = -1, guard_neg = 0;
    if (is_punct(c, '@')) {
        if (next(c) < 0)
            return -1;
        if (is_punct(c, '!')) {
            guard_neg = 1;
            if (next(c) < 0)
                return -1;
        }
        char name[NAME_MAX_LEN];
        if (c->t.kind != T_NAME || tok_text(c, &c->t, name, sizeof name, "predicate") < 0)
            return ptx_fail(c, c->t.pos, "expected a predicate after '@'");
        guard = find_reg(c, name);
        if (guard < 0 || c->regs[guard].type != PTX_T_PRED)
            return ptx_fail(c, c->t.pos, "'%s' is not a .pred register", name);
        if (next(c) < 0)
            return -1;
    }
    if (instruction(c, &in) < 0)
        return -1;
    if (guard >= 0)
        rw_buf_printf(b, "if (%ssimt__v%u) { ", guard_neg ? "!" : "", c->regs[guard].var);
    if (emit_insn(c, &in) < 0)
        return -1;
    if (guard >= 0)
        rw_buf_puts(b, "} ");
    return next(c); /* past ';' */
}

int ptx_translate(const ptx_input *in, rw_buf *out, ptx_error *err)
{
    ptx_ctx c;
    memset(&c, 0, sizeof c);
    c.in = in;
    c.err = err;
    rw_buf body = {0};
    c.out = &body;
    int rc = next(&c);
    while (rc == 0 && c.t.kind != T_END)
        rc = statement(&c);
    if (rc == 0 && c.depth != 0)
        rc = ptx_fail(&c, in->len, "'{' without '}' in inline PTX");
    for (int k = 0; rc == 0 && k < c.nlabels; k++)
        if (!c.labels[k].defined)
            rc = ptx_fail(&c, c.labels[k].pos, "label '%s' is not defined in this asm statement",
                          c.labels[k].name);
    if (rc == 0) {
        if (c.uses_cc)
            rw_buf_puts(out, "unsigned int simt__cc = 0; ");
        if (c.uses_sink)
            rw_buf_puts(out, "unsigned long long simt__sink; ");
        if (c.uses_psink)
            rw_buf_puts(out, "bool simt__psink; ");
        if (body.len)
            rw_buf_put(out, body.data, body.len);
    }
    if (body.oom)
        out->oom = 1;
    rw_buf_free(&body);
    free(c.regs);
    return rc < 0 || c.failed ? -1 : 0;
}
