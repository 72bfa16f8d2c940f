/*
 * rw_asm.c: inline asm in device code.  In a kernel or __device__
 * function the asm holds PTX, which the host's assembler cannot take; the
 * statement becomes C++ that does what the PTX does (ptx.h translates the
 * instructions, simt/ptx/asm.hpp implements them).  Host code's asm is
 * the host's and stays as written.
 *
 *   asm volatile ("tmpl" : "=r"(OUT) : "r"(IN) : "memory");
 *
 * becomes, on the statement's own lines,
 *
 *   do { auto &simt__o0 = (OUT); unsigned int simt__p1 =
 *        ::simt_ptx::in<unsigned int>((IN)); unsigned int simt__p0 = 0;
 *        ::simt_ptx::compiler_fence(); <PTX as C++>
 *        ::simt_ptx::out(simt__o0, simt__p0); } while (0);
 *
 * The operand expressions stay where they are, so that the rest of the
 * pass rewrites inside them as anywhere else; only the text between them
 * is replaced.  As with GCC's asm, inputs are read before the PTX runs
 * and outputs written after it.
 */
#include "ptx.h"
#include "rw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct asm_operand {
    long lp, rp;          /* the parentheses around its expression */
    long name_tok;        /* [name], or -1 */
    char constraint;      /* h r l f d n, or 0 for a tied input */
    unsigned char dir;    /* PTX_IN, PTX_OUT, PTX_INOUT */
    int tied;             /* a tied input: the output it shares */
} asm_operand;

/* Where each string literal of the template starts in the decoded text,
 * to give instructions their lines. */
typedef struct piece {
    size_t start;
    long tok;
} piece;

typedef struct asm_stmt {
    rw *r;
    long kw, rp; /* the asm keyword and the ')' closing the statement */
    piece pieces[64];
    int npieces;
    asm_operand ops[PTX_MAX_OPERANDS];
    int nops, nout;
    int extended, memory;
} asm_stmt;

static const char *const asm_words[] = {"asm", "__asm__", "__asm", NULL};
static const char *const qualifiers[] = {"volatile", "__volatile__", "__volatile", "inline",
                                         "__inline", "__inline__", NULL};

/* The token holding decoded byte off. */
static long piece_tok(const asm_stmt *a, size_t off)
{
    long tok = a->pieces[0].tok;
    for (int k = 0; k < a->npieces && a->pieces[k].start <= off; k++)
        tok = a->pieces[k].tok;
    return tok;
}

static uint32_t line_of(const void *ctx, size_t off)
{
    const asm_stmt *a = ctx;
    const char *f;
    size_t fl;
    return rw_where(a->r, piece_tok(a, off), &f, &fl);
}

/* Appends the contents of string literal token i, escapes decoded. */
static int decode_literal(rw *r, long i, rw_buf *b)
{
    const char *s = r->s + r->t[i].off;
    size_t n = r->t[i].len;
    if (n < 2 || s[0] != '"' || s[n - 1] != '"') {
        rw_error_at(r, i, "inline PTX: the template must be ordinary string literals");
        return -1;
    }
    for (size_t k = 1; k + 1 < n; k++) {
        char ch = s[k];
        if (ch != '\\') {
            rw_buf_put(b, &ch, 1);
            continue;
        }
        if (++k + 1 >= n)
            break;
        unsigned v = 0;
        switch (s[k]) {
        case 'n': ch = '\n'; break;
        case 't': ch = '\t'; break;
        case 'r': ch = '\r'; break;
        case 'v': ch = '\v'; break;
        case 'f': ch = '\f'; break;
        case 'a': ch = '\a'; break;
        case 'b': ch = '\b'; break;
        case 'x':
            while (k + 2 < n && strchr("0123456789abcdefABCDEF", s[k + 1]) && v < 0x100) {
                char h = s[++k];
                v = v * 16 + (unsigned)(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
            }
            ch = (char)v;
            break;
        default:
            if (s[k] >= '0' && s[k] <= '7') {
                v = (unsigned)(s[k] - '0');
                for (int d = 0; d < 2 && k + 2 < n && s[k + 1] >= '0' && s[k + 1] <= '7'; d++)
                    v = v * 8 + (unsigned)(s[++k] - '0');
                ch = (char)v;
            } else {
                ch = s[k]; /* \" \\ \' \? */
            }
            break;
        }
        rw_buf_put(b, &ch, 1);
    }
    return 0;
}

/* The operand named [name] in the template at s, or -1. */
static int named_operand(const asm_stmt *a, const char *s, size_t n)
{
    for (int k = 0; k < a->nops; k++) {
        long t = a->ops[k].name_tok;
        if (t >= 0 && a->r->t[t].len == n && memcmp(a->r->s + a->r->t[t].off, s, n) == 0)
            return k;
    }
    return -1;
}

/* Resolves the template's '%' escapes into tmpl: "%%" is '%', "%N" and
 * "%[name]" operand references, "%=" a number unique to the statement.
 * A '%' before anything else stays, as nvcc keeps it ("%globaltimer"). */
static int resolve(asm_stmt *a, const rw_buf *raw, rw_buf *tmpl, unsigned id)
{
    rw *r = a->r;
    const char *s = raw->data ? raw->data : "";
    size_t n = raw->len;
    /* Piece starts move with the text: recompute them as bytes go out. */
    size_t orig[64];
    for (int k = 0; k < a->npieces; k++)
        orig[k] = a->pieces[k].start;
    int pk = 0;
    for (size_t i = 0; i < n; i++) {
        while (pk < a->npieces && orig[pk] == i)
            a->pieces[pk++].start = tmpl->len;
        char ch = s[i];
        if (ch == PTX_OPREF) {
            rw_error_at(r, piece_tok(a, tmpl->len), "inline PTX: unexpected control character");
            return -1;
        }
        if (ch != '%' || i + 1 >= n) {
            rw_buf_put(tmpl, &ch, 1);
            continue;
        }
        /* Basic asm (no operands) has no escapes; a PTX name never holds
         * "%%", so reading it as '%' there too costs nothing. */
        char nx = s[i + 1];
        if (nx == '%') {
            rw_buf_put(tmpl, "%", 1);
            i++;
        } else if (!a->extended) {
            rw_buf_put(tmpl, "%", 1);
        } else if (nx == '=') {
            rw_buf_printf(tmpl, "%u", id);
            i++;
        } else if (nx >= '0' && nx <= '9') {
            int idx = 0;
            size_t j = i + 1;
            while (j < n && s[j] >= '0' && s[j] <= '9' && idx < 1000)
                idx = idx * 10 + (s[j++] - '0');
            if (idx >= a->nops) {
                rw_error_at(r, piece_tok(a, tmpl->len),
                            "inline PTX: operand %%%d does not exist (the statement has %d)", idx,
                            a->nops);
                return -1;
            }
            char ref[2] = {PTX_OPREF, (char)(idx + 1)};
            rw_buf_put(tmpl, ref, 2);
            i = j - 1;
        } else if (nx == '[') {
            const char *e = memchr(s + i + 2, ']', n - i - 2);
            int idx = e ? named_operand(a, s + i + 2, (size_t)(e - s - i - 2)) : -1;
            if (idx < 0) {
                rw_error_at(r, piece_tok(a, tmpl->len), "inline PTX: no operand named in %%[...]");
                return -1;
            }
            char ref[2] = {PTX_OPREF, (char)(idx + 1)};
            rw_buf_put(tmpl, ref, 2);
            i = (size_t)(e - s);
        } else {
            rw_buf_put(tmpl, "%", 1);
        }
    }
    while (pk < a->npieces)
        a->pieces[pk++].start = tmpl->len;
    return 0;
}

/* Reads a constraint string: "=r", "+l", "=&r", "f", "n", "0". */
static int read_constraint(asm_stmt *a, long tok, int output, asm_operand *op)
{
    rw *r = a->r;
    rw_buf b = {0};
    int rc = 0;
    for (long t = tok; t < r->n && r->t[t].kind == TK_STRING; t++)
        if ((rc = decode_literal(r, t, &b)) < 0)
            break;
    const char *s = b.data ? b.data : "";
    if (rc == 0) {
        op->dir = PTX_IN;
        op->constraint = 0;
        op->tied = -1;
        for (; *s; s++) {
            if (*s == '=')
                op->dir = PTX_OUT;
            else if (*s == '+')
                op->dir = PTX_INOUT;
            else if (*s == '&' || *s == ' ')
                continue;
            else if (strchr("hrlfd", *s) && !op->constraint)
                op->constraint = *s;
            else if (*s == 'n' && !output)
                continue;
            else if (*s >= '0' && *s <= '9' && !output && op->tied < 0) {
                char *e;
                op->tied = (int)strtol(s, &e, 10);
                s = e - 1;
            }
            else
                break;
        }
        if (!op->constraint && op->tied < 0 && !output && b.data && strchr(b.data, 'n'))
            op->constraint = 'n';
        if (*s) {
            rw_error_at(r, tok, "inline PTX: asm constraint \"%s\" is not supported (PTX "
                                "operands are h, r, l, f, d or n)", b.data ? b.data : "");
            rc = -1;
        } else if (output != (op->dir != PTX_IN)) {
            rw_error_at(r, tok, output ? "inline PTX: an output constraint starts with '=' or '+'"
                                       : "inline PTX: an input constraint has no '=' or '+'");
            rc = -1;
        } else if (op->tied >= 0 && op->tied >= a->nout) {
            rw_error_at(r, tok, "inline PTX: input tied to output %d, which does not exist",
                        op->tied);
            rc = -1;
        } else if (!op->constraint && op->tied < 0) {
            rw_error_at(r, tok, "inline PTX: asm constraint \"%s\" names no register kind",
                        b.data ? b.data : "");
            rc = -1;
        }
    }
    rw_buf_free(&b);
    return rc;
}

/* One section of operands, from token j to the next ':' or the end;
 * returns the token after it. */
static long read_operands(asm_stmt *a, long j, int output)
{
    rw *r = a->r;
    while (j < a->rp && !is_p(r, j, ':') && !is_p(r, j, P_SCOPE)) {
        if (a->nops == PTX_MAX_OPERANDS) {
            rw_error_at(r, j, "inline PTX: more than %d asm operands", PTX_MAX_OPERANDS);
            return -1;
        }
        asm_operand *op = &a->ops[a->nops];
        op->name_tok = -1;
        if (is_p(r, j, '[')) {
            if (!is_id(r, j + 1) || !is_p(r, j + 2, ']')) {
                rw_error_at(r, j, "inline PTX: malformed [name] of an asm operand");
                return -1;
            }
            op->name_tok = j + 1;
            j += 3;
        }
        if (j >= a->rp || r->t[j].kind != TK_STRING) {
            rw_error_at(r, j, "inline PTX: expected an asm operand's constraint string");
            return -1;
        }
        if (read_constraint(a, j, output, op) < 0)
            return -1;
        while (j < a->rp && r->t[j].kind == TK_STRING)
            j++;
        if (!is_p(r, j, '(') || r->t[j].match < 0 || r->t[j].match >= a->rp ||
            r->t[j].match == j + 1) {
            rw_error_at(r, j, "inline PTX: expected an asm operand's (expression)");
            return -1;
        }
        op->lp = j;
        op->rp = r->t[j].match;
        a->nops++;
        if (output)
            a->nout++;
        j = op->rp + 1;
        /* nvcc also takes operands with no comma between them ("r"(v)
         * "l"(p), as cuda-samples' conjugateGradientMultiDeviceCG writes). */
        if (is_p(r, j, ','))
            j++;
        else if (j < a->rp && !is_p(r, j, ':') && !is_p(r, j, P_SCOPE) &&
                 r->t[j].kind != TK_STRING && !is_p(r, j, '[')) {
            rw_error_at(r, j, "inline PTX: expected ',' or ':' after an asm operand");
            return -1;
        }
    }
    return j;
}

static const char *reg_type(char constraint)
{
    switch (constraint) {
    case 'h': return "unsigned short";
    case 'r': return "unsigned int";
    case 'l': return "unsigned long long";
    case 'f': return "float";
    case 'd': return "double";
    default: return "long long";
    }
}

/* Replaces the statement around its operand expressions: from the asm
 * keyword to the first operand's '(', from each operand's ')' to the next
 * one's '(', from the last ')' to the statement's ')'. */
static void emit(asm_stmt *a, const char *body)
{
    rw *r = a->r;
    size_t mark = r->text.len;
    rw_put(&r->text, "do { ");
    uint32_t from = r->t[a->kw].off;
    for (int k = 0; k < a->nops; k++) {
        const asm_operand *op = &a->ops[k];
        if (op->dir != PTX_IN)
            rw_buf_printf(&r->text, "auto &simt__o%d = (", k);
        else if (op->tied >= 0)
            rw_buf_printf(&r->text, "const auto simt__i%d = (", k);
        else if (op->constraint == 'n')
            rw_buf_printf(&r->text, "const long long simt__p%d = (", k);
        else
            rw_buf_printf(&r->text, "%s simt__p%d = ::simt_ptx::in<%s>((", reg_type(op->constraint),
                          k, reg_type(op->constraint));
        rw_add_edit(r, from, tok_end(r, op->lp), mark);
        mark = r->text.len;
        rw_put(&r->text, op->dir == PTX_IN && op->tied < 0 && op->constraint != 'n' ? ")); "
                                                                                    : "); ");
        from = r->t[op->rp].off;
    }
    /* The outputs' registers, after every operand is read. */
    for (int k = 0; k < a->nout; k++) {
        const asm_operand *op = &a->ops[k];
        const char *ty = reg_type(op->constraint);
        int tie = -1;
        for (int i = a->nout; i < a->nops; i++)
            if (a->ops[i].tied == k)
                tie = i;
        if (tie >= 0)
            rw_buf_printf(&r->text, "%s simt__p%d = ::simt_ptx::in<%s>(simt__i%d); ", ty, k, ty,
                          tie);
        else if (op->dir == PTX_INOUT)
            rw_buf_printf(&r->text, "%s simt__p%d = ::simt_ptx::in<%s>(simt__o%d); ", ty, k, ty,
                          k);
        else
            rw_buf_printf(&r->text, "%s simt__p%d = 0; ", ty, k);
    }
    for (int k = a->nout; k < a->nops; k++) {
        if (a->ops[k].tied >= 0)
            rw_buf_printf(&r->text, "%s &simt__p%d = simt__p%d; ",
                          reg_type(a->ops[a->ops[k].tied].constraint), k, a->ops[k].tied);
        /* A template need not name every input ("r"(x) to keep x alive). */
        rw_buf_printf(&r->text, "(void)simt__p%d; ", k);
    }
    if (a->memory)
        rw_put(&r->text, "::simt_ptx::compiler_fence(); ");
    rw_put(&r->text, body);
    for (int k = 0; k < a->nout; k++)
        rw_buf_printf(&r->text, "::simt_ptx::out(simt__o%d, simt__p%d); ", k, k);
    rw_put(&r->text, "} while (0)");
    rw_add_edit(r, from, tok_end(r, a->rp), mark);
}

/* Is the asm at token i a statement (not a declaration's asm label)? */
static int statement_position(const rw *r, long i)
{
    long p = i - 1;
    if (p < 0)
        return 1;
    if (is_p(r, p, ';') || is_p(r, p, '{') || is_p(r, p, '}') || is_p(r, p, ':') ||
        is_p(r, p, ')'))
        return 1;
    return ID_IS(r, p, "else") || ID_IS(r, p, "do");
}

long rw_asm(rw *r, long i)
{
    if (!statement_position(r, i))
        return i;
    asm_stmt a;
    memset(&a, 0, sizeof a);
    a.r = r;
    a.kw = i;
    long j = i + 1;
    while (rw_word_in(r, j, qualifiers))
        j++;
    if (ID_IS(r, j, "goto")) {
        rw_error_at(r, j, "inline PTX: asm goto is not supported in device code");
        return j;
    }
    if (!is_p(r, j, '(') || r->t[j].match < 0) {
        rw_error_at(r, i, "inline PTX: expected '(' after asm");
        return j;
    }
    long lp = j;
    a.rp = r->t[lp].match;
    if (!is_p(r, a.rp + 1, ';')) {
        rw_error_at(r, a.rp, "inline PTX: expected ';' after the asm statement");
        return a.rp;
    }
    /* The template: adjacent string literals. */
    rw_buf raw = {0}, tmpl = {0};
    j = lp + 1;
    if (j >= a.rp || r->t[j].kind != TK_STRING) {
        rw_error_at(r, j, "inline PTX: the asm template must be a string literal");
        return a.rp;
    }
    int ok = 1;
    for (; j < a.rp && r->t[j].kind == TK_STRING; j++) {
        if (a.npieces == 64) {
            rw_error_at(r, j, "inline PTX: a template of more than 64 string literals");
            ok = 0;
            break;
        }
        a.pieces[a.npieces].start = raw.len;
        a.pieces[a.npieces++].tok = j;
        if (decode_literal(r, j, &raw) < 0) {
            ok = 0;
            break;
        }
    }
    /* Operand sections: outputs, inputs, clobbers.  "::" is two colons. */
    int section = 0;
    while (ok && j < a.rp) {
        int colons = is_p(r, j, P_SCOPE) ? 2 : is_p(r, j, ':') ? 1 : 0;
        if (!colons) {
            rw_error_at(r, j, "inline PTX: expected ':' in the asm statement");
            ok = 0;
            break;
        }
        a.extended = 1;
        j++;
        for (int k = 0; k < colons && ok; k++) {
            section++;
            if (section > 3) {
                rw_error_at(r, j, "inline PTX: asm labels (asm goto) are not supported");
                ok = 0;
            } else if (k + 1 < colons) {
                continue; /* an empty section */
            } else if (section <= 2) {
                j = read_operands(&a, j, section == 1);
                ok = j >= 0;
            } else {
                for (; j < a.rp && !is_p(r, j, ':') && !is_p(r, j, P_SCOPE); j++) {
                    if (r->t[j].kind == TK_STRING && r->t[j].len == 8 &&
                        memcmp(r->s + r->t[j].off, "\"memory\"", 8) == 0)
                        a.memory = 1;
                    else if (r->t[j].kind != TK_STRING && !is_p(r, j, ',')) {
                        rw_error_at(r, j, "inline PTX: clobbers are string literals");
                        ok = 0;
                        break;
                    }
                }
            }
        }
    }
    if (ok)
        ok = resolve(&a, &raw, &tmpl, r->next_asm) == 0;
    if (ok) {
        ptx_operand ops[PTX_MAX_OPERANDS];
        for (int k = 0; k < a.nops; k++) {
            int t = a.ops[k].tied;
            ops[k].constraint = t >= 0 ? a.ops[t].constraint : a.ops[k].constraint;
            ops[k].dir = a.ops[k].dir;
        }
        const char *file;
        size_t flen;
        rw_buf fname = {0};
        rw_where(r, i, &file, &flen);
        if (!file) { /* no line marker: the option's name, escaped as a marker's is */
            rw_put_escaped(&fname, r->opt->filename ? r->opt->filename : "<input>");
            file = fname.data ? fname.data : "";
            flen = fname.len;
        }
        ptx_input in = {tmpl.data ? tmpl.data : "", tmpl.len, ops, a.nops, file, flen,
                        line_of, &a, r->next_asm};
        rw_buf body = {0};
        ptx_error err;
        if (ptx_translate(&in, &body, &err) < 0) {
            const char *pre = strncmp(err.msg, "inline PTX", 10) == 0 ? "" : "inline PTX: ";
            rw_error_at(r, piece_tok(&a, err.off), "%s%s", pre, err.msg);
        } else if (body.oom) {
            r->oom = 1;
        } else {
            emit(&a, body.data ? body.data : "");
        }
        rw_buf_free(&body);
        rw_buf_free(&fname);
    }
    r->next_asm++;
    if (raw.oom || tmpl.oom)
        r->oom = 1;
    rw_buf_free(&raw);
    rw_buf_free(&tmpl);
    /* The pass goes on inside: the operand expressions are code too. */
    return lp;
}

int rw_is_asm(const rw *r, long i)
{
    return rw_word_in(r, i, asm_words);
}
