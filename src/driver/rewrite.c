/*
 * rewrite.c: simtcc's rewriter (see rewrite.h; the output contract is in
 * docs/ARCHITECTURE.md, "simtcc and the rewriter").
 *
 * One forward pass over the token array finds the constructs it rewrites
 * (launches, __global__ and __device__ functions, __shared__ declarations,
 * and in device code shifts and inline asm) and records edits: byte
 * ranges of the input and the text that replaces them.
 * Short bounded scans around a construct find its parts; nothing rescans
 * the unit.  The edits are then sorted and applied in one copy.
 *
 * Key invariants: an edit's text never holds a newline (copies of tokens
 * collapse their gaps to one space), and applying an edit re-emits the
 * newlines and directive lines of the range it replaces, so the output has
 * the input's lines.  Overlapping edits can only come from malformed input;
 * the later one is dropped.
 */
#include "rw.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- buffers --------------------------------------------------------- */

void rw_buf_put(rw_buf *b, const char *s, size_t n)
{
    if (b->oom || n == 0)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *d = realloc(b->data, cap);
        if (!d) {
            b->oom = 1;
            return;
        }
        b->data = d;
        b->cap = cap;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = 0;
}

void rw_buf_puts(rw_buf *b, const char *s)
{
    rw_buf_put(b, s, strlen(s));
}

void rw_buf_printf(rw_buf *b, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        rw_buf_put(b, small, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) {
        b->oom = 1;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    rw_buf_put(b, big, (size_t)n);
    free(big);
}

void rw_buf_free(rw_buf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

/* ---- edits and diagnostics ------------------------------------------ */

/* Records an edit replacing input bytes [start, end) with r->text from
 * `mark` to its end. */
void rw_add_edit(rw *r, uint32_t start, uint32_t end, size_t mark)
{
    if (r->nedits == r->ecap) {
        size_t cap = r->ecap ? r->ecap * 2 : 64;
        edit *e = realloc(r->edits, cap * sizeof *e);
        if (!e) {
            r->oom = 1;
            return;
        }
        r->edits = e;
        r->ecap = cap;
    }
    edit *e = &r->edits[r->nedits];
    e->start = start;
    e->end = end;
    e->text = (uint32_t)mark;
    e->text_len = (uint32_t)(r->text.len - mark);
    e->seq = (uint32_t)r->nedits;
    r->nedits++;
}

void rw_replace_toks(rw *r, long a, long b, const char *text)
{
    size_t mark = r->text.len;
    rw_put(&r->text, text);
    rw_add_edit(r, r->t[a].off, tok_end(r, b), mark);
}

/* The file and line of token i as the user wrote them. */
uint32_t rw_where(const rw *r, long i, const char **file, size_t *flen)
{
    uint32_t phys = i < r->n ? r->t[i].line : r->u.lines + 1;
    return lex_presumed(&r->u, phys, file, flen);
}

void rw_error_at(rw *r, long i, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

void rw_error_at(rw *r, long i, const char *fmt, ...)
{
    const char *f;
    size_t fl;
    uint32_t line = rw_where(r, i, &f, &fl);
    if (f) {
        /* The marker's name is escaped as in a string literal. */
        for (size_t k = 0; k < fl; k++) {
            if (f[k] == '\\' && k + 1 < fl)
                k++;
            rw_buf_put(r->diag, f + k, 1);
        }
    } else {
        rw_put(r->diag, r->opt->filename ? r->opt->filename : "<input>");
    }
    rw_buf_printf(r->diag, ":%u: error: ", line);
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    rw_put(r->diag, msg);
    rw_put(r->diag, "\n");
    r->errors++;
}

/* ---- scopes ----------------------------------------------------------- */

static void push_scope(rw *r, int kind, long name)
{
    if (r->nscopes == r->scap) {
        size_t cap = r->scap ? r->scap * 2 : 64;
        scope *s = realloc(r->scopes, cap * sizeof *s);
        if (!s) {
            r->oom = 1;
            return;
        }
        r->scopes = s;
        r->scap = cap;
    }
    r->scopes[r->nscopes].kind = (uint8_t)kind;
    r->scopes[r->nscopes].name = (int32_t)name;
    r->nscopes++;
}

int rw_scope_kind(const rw *r)
{
    return r->nscopes ? r->scopes[r->nscopes - 1].kind : SC_NS;
}

/* What the '{' at i opens, when it is met at namespace or class scope:
 * a namespace or linkage-specification body (SC_NS, *name = the
 * namespace's name token or -1), a class or enumeration body (SC_CLASS),
 * or anything else — function and lambda bodies, initializers — SC_BLOCK. */
static int classify_brace(const rw *r, long i, long *name)
{
    long j = i - 1;
    *name = -1;
    if (j >= 1 && r->t[j].kind == TK_STRING && ID_IS(r, j - 1, "extern"))
        return SC_NS;
    for (long steps = 0; j >= 0 && steps < SCAN_LIMIT; steps++) {
        const lex_tok *t = &r->t[j];
        long a;
        if (t->kind == TK_IDENT) {
            if (ID_IS(r, j, "namespace")) {
                if (is_id(r, i - 1) && i - 1 != j)
                    *name = i - 1;
                else if (is_id(r, j + 1) && !rw_is_keyword(r, j + 1))
                    *name = j + 1; /* namespace std __attribute__((...)) { */
                return SC_NS;
            }
            if (ID_IS(r, j, "struct") || ID_IS(r, j, "class") || ID_IS(r, j, "union") ||
                ID_IS(r, j, "enum"))
                return SC_CLASS;
            j--;
            continue;
        }
        if (t->kind != TK_PUNCT)
            return SC_BLOCK;
        switch (t->punct) {
        case P_SCOPE: case ',': case ':': case '*': case '&': case P_AND:
        case P_ELLIPSIS: case P_ARROW:
            j--;
            continue;
        case '>':
            j = rw_angle_open(r, j);
            if (j < 0)
                return SC_BLOCK;
            j--;
            continue;
        case ')': case ']':
            if (!rw_attr_end(r, j, &a))
                return SC_BLOCK; /* a parameter list or a lambda: a body */
            j = a - 1;
            continue;
        default:
            return SC_BLOCK;
        }
    }
    return SC_BLOCK;
}

/* ---- launches ----------------------------------------------------------- */

/* Can the token at j end a postfix-expression? */
static int ends_postfix(const rw *r, long j)
{
    if (rw_is_name(r, j))
        return 1;
    if (is_p(r, j, ']'))
        return r->t[j].match >= 0;
    if (is_p(r, j, ')')) {
        long o = r->t[j].match;
        return o >= 0 && !(is_id(r, o - 1) && !rw_is_name(r, o - 1));
    }
    if (is_p(r, j, '>')) {
        long o = rw_angle_open(r, j);
        return o > 0 && rw_is_name(r, o - 1);
    }
    return 0;
}

/* The first token of the launch's callee, the postfix-expression ending
 * at token e; -1 if there is none. */
static long callee_start(const rw *r, long e)
{
    long i = e;
    for (long steps = 0; i >= 0 && steps < SCAN_LIMIT; steps++) {
        const lex_tok *t = &r->t[i];
        if (lex_is(t, ')') || lex_is(t, ']')) {
            long o = t->match;
            if (o < 0)
                return -1;
            if (o > 0 && ends_postfix(r, o - 1)) { /* a call or a subscript */
                i = o - 1;
                continue;
            }
            return lex_is(t, ')') ? o : -1;
        }
        if (lex_is(t, '>')) {
            long o = rw_angle_open(r, i);
            if (o < 1 || !rw_is_name(r, o - 1))
                return -1;
            i = o - 1;
        } else if (!rw_is_name(r, i)) {
            return -1;
        }
        long k = i - 1;
        if (ID_IS(r, k, "template") &&
            (is_p(r, k - 1, P_SCOPE) || is_p(r, k - 1, '.') || is_p(r, k - 1, P_ARROW)))
            k--;
        if (is_p(r, k, P_SCOPE)) {
            if (rw_is_name(r, k - 1) || is_p(r, k - 1, '>')) {
                i = k - 1;
                continue;
            }
            return k;
        }
        if (is_p(r, k, '.') || is_p(r, k, P_ARROW)) {
            i = k - 1;
            continue;
        }
        return i;
    }
    return -1;
}

/* The first '>' of the ">>>" closing a launch configuration that starts
 * at token j: the last three of the first run of three or more adjacent
 * '>' outside brackets.  -1 if the configuration is unterminated. */
static long launch_close(const rw *r, long j)
{
    for (long steps = 0; j < r->n && steps < SCAN_LIMIT; j++, steps++) {
        const lex_tok *t = &r->t[j];
        if (t->kind != TK_PUNCT)
            continue;
        switch (t->punct) {
        case '(': case '[': case '{':
            if (t->match < 0)
                return -1;
            j = t->match;
            break;
        case ')': case ']': case '}': case ';':
            return -1;
        case '>':
            /* nvcc reads ">>" then '>', space or not between them. */
            if (is_p(r, j + 1, '>') && is_p(r, j + 2, '>') && adjacent(r, j)) {
                long e = j + 2;
                while (is_p(r, e + 1, '>') && adjacent(r, e))
                    e++;
                return e - 2;
            }
            break;
        default:
            break;
        }
    }
    return -1;
}

/* As in nvcc, a launch opens with "<<" then '<', space or not between them
 * ("k << < g, b >> > (...)" is what some formatters make of a launch);
 * "operator<< <T>" names a specialization instead. */
static int is_launch_open(const rw *r, long i)
{
    return is_p(r, i + 1, '<') && is_p(r, i + 2, '<') && adjacent(r, i) &&
           !ID_IS(r, i - 1, "operator");
}

/* CALLEE<<<CFG>>>(ARGS) becomes
 *   ::simt__launch_t{::simt__cfg(CFG),
 *       [=](auto &&...simt__p) -> decltype(CALLEE(simt__p...)) { CALLEE(simt__p...); }, ARGS}
 * CFG and ARGS stay where they are (so launches and uses inside them are
 * rewritten too); the callee moves into the lambda. */
static void launch(rw *r, long i)
{
    long c0 = i > 0 ? callee_start(r, i - 1) : -1;
    if (c0 < 0) {
        rw_error_at(r, i, "expected a kernel before '<<<'");
        return;
    }
    long g = launch_close(r, i + 3);
    if (g < 0) {
        rw_error_at(r, i, "unterminated '<<<' (no matching '>>>')");
        return;
    }
    r->launch_gt = g;
    long p0 = g + 3;
    if (!is_p(r, p0, '(')) {
        rw_error_at(r, g, "kernel launch without an argument list");
        return;
    }
    long p1 = r->t[p0].match;
    if (p1 < 0) {
        rw_error_at(r, p0, "unterminated argument list of a kernel launch");
        return;
    }
    size_t mark = r->text.len;
    /* A launch is a void expression: "return k<<<...>>>();" is valid in a
     * void function, and stays valid cast to void. */
    if (ID_IS(r, c0 - 1, "return"))
        rw_put(&r->text, "(void)");
    rw_put(&r->text, "::simt__launch_t{::simt__cfg(");
    rw_add_edit(r, r->t[c0].off, tok_end(r, i + 2), mark);

    /* The trailing return type makes a call the kernel cannot take a
     * substitution failure, which launch.hpp tests (NULL passed for a
     * pointer parameter). */
    mark = r->text.len;
    rw_put(&r->text, "), [=](auto &&...simt__p) -> decltype(");
    rw_put_toks(r, &r->text, c0, i - 1, -1, NULL);
    rw_put(&r->text, "(simt__p...)) { ");
    rw_put_toks(r, &r->text, c0, i - 1, -1, NULL);
    rw_put(&r->text, p1 > p0 + 1 ? "(simt__p...); }, " : "(simt__p...); }");
    rw_add_edit(r, r->t[g].off, tok_end(r, p0), mark);

    /* A braced list has no type a forwarded argument could take; in the
     * call nvcc makes it initializes the kernel's parameter, so it is
     * given that parameter's type here. */
    int k = 0;
    for (long a = p0 + 1; a < p1; a = rw_next_comma(r, a, p1) + 1, k++) {
        if (!is_p(r, a, '{'))
            continue;
        mark = r->text.len;
        rw_buf_printf(&r->text, "::simt_detail::launch_param_t<%d, decltype(", k);
        rw_put_toks(r, &r->text, c0, i - 1, -1, NULL);
        rw_put(&r->text, ")>");
        rw_add_edit(r, r->t[a].off, r->t[a].off, mark);
    }

    rw_replace_toks(r, p1, p1, "}");
}

/* ---- the pass --------------------------------------------------------------- */

static void pass(rw *r)
{
    push_scope(r, SC_NS, -1);
    for (long i = 0; i < r->n && !r->oom; i++) {
        const lex_tok *t = &r->t[i];
        if (t->kind == TK_IDENT) {
            const char *p = r->s + t->off;
            if (t->len >= 10 && p[0] == '_' && p[1] == '_') {
                if (ID_IS(r, i, "__global__")) {
                    rw_kernel(r, i);
                    continue;
                }
                if (ID_IS(r, i, "__shared__")) {
                    i = rw_shared_decl(r, i);
                    continue;
                }
                if (ID_IS(r, i, "__device__")) {
                    rw_device(r, i);
                    continue;
                }
                if (ID_IS(r, i, "__constant__")) {
                    rw_space_constant(r, i);
                    /* For simt-kc: device code reads it the same in every
                     * thread (kc_main.c, find_constants). */
                    rw_replace_toks(r, i, i, "__attribute__((annotate(\"simt.constant\")))");
                    continue;
                }
                if (ID_IS(r, i, "__launch_bounds__") || ID_IS(r, i, "__cluster_dims__") ||
                    ID_IS(r, i, "__maxnreg__")) {
                    i = rw_remove_attr(r, i);
                    continue;
                }
            }
            if (t->len == 11 && ID_IS(r, i, "__managed__")) {
                rw_replace_toks(r, i, i, "");
                continue;
            }
            rw_space_ident(r, i);
            if (t->len == 8 && ID_IS(r, i, "__host__")) {
                rw_replace_toks(r, i, i, ""); /* host code is what every function is */
                continue;
            }
            long e = rw_names_ident(r, i);
            if (e != i) {
                i = e;
                continue;
            }
            if ((i < r->kernel_end || i < r->device_end) && rw_is_asm(r, i)) {
                i = rw_asm(r, i);
                continue;
            }
            if (r->nvars) {
                long v = rw_nsvar_find(r, i);
                if (v >= 0)
                    rw_nsvar_use(r, i, v);
            }
            continue;
        }
        if (t->kind != TK_PUNCT)
            continue;
        if (i < r->kernel_end && (t->punct == '<' || t->punct == '>' || t->punct == P_ASSIGN_OP)) {
            if (!(t->punct == '<' && is_launch_open(r, i))) {
                i = rw_shift(r, i);
                continue;
            }
        }
        if (t->punct == '<' && is_launch_open(r, i)) {
            launch(r, i);
            i += 2;
        } else if (t->punct == '{') {
            long name = -1;
            int kind = rw_scope_kind(r);
            int outer = kind;
            if (kind != SC_BLOCK)
                kind = classify_brace(r, i, &name);
            push_scope(r, kind, name);
            rw_names_open(r, i, outer);
            rw_space_open(r, i, outer);
        } else if (t->punct == '}' && r->nscopes > 1) {
            r->nscopes--;
            rw_names_close(r, i);
        }
    }
}

static int edit_cmp(const void *x, const void *y)
{
    const edit *a = x, *b = y;
    if (a->start != b->start)
        return a->start < b->start ? -1 : 1;
    /* At one offset, text inserted there (after the token before it)
     * goes before a replacement of the token that starts there. */
    int ai = a->start == a->end, bi = b->start == b->end;
    if (ai != bi)
        return ai ? -1 : 1;
    return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* The newlines and directive lines of input bytes [start, end), which an
 * edit replaces. */
static void put_residue(const rw *r, rw_buf *out, uint32_t start, uint32_t end)
{
    const lex_unit *u = &r->u;
    size_t lo = 0, hi = u->ndirectives;
    while (lo < hi) { /* the first directive at or after start */
        size_t mid = lo + (hi - lo) / 2;
        if (u->directives[mid].off < start)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (uint32_t p = start; p < end; p++) {
        if (lo < u->ndirectives && u->directives[lo].off == p) {
            const lex_span *d = &u->directives[lo++];
            uint32_t stop = d->off + d->len < end ? d->off + d->len : end;
            rw_buf_put(out, r->s + p, stop - p);
            p = stop - 1;
        } else if (r->s[p] == '\n') {
            rw_buf_put(out, "\n", 1);
        }
    }
}

static void apply(rw *r, rw_buf *out)
{
    if (r->nedits)
        qsort(r->edits, r->nedits, sizeof *r->edits, edit_cmp);
    uint32_t pos = 0;
    for (size_t k = 0; k < r->nedits; k++) {
        const edit *e = &r->edits[k];
        if (e->start < pos)
            continue; /* overlaps an earlier edit: malformed input */
        rw_buf_put(out, r->s + pos, e->start - pos);
        if (e->text_len)
            rw_buf_put(out, r->text.data + e->text, e->text_len);
        put_residue(r, out, e->start, e->end);
        pos = e->end;
    }
    rw_buf_put(out, r->s + pos, r->u.len - pos);
    if (r->u.len && r->s[r->u.len - 1] != '\n')
        rw_buf_put(out, "\n", 1);
    rw_buf_printf(out, "static const int simt__arch_note __attribute__((unused)) = "
                       "::simt__note_arch(%d);", r->opt->arch);
}

int rewrite(const char *src, size_t len, const rw_options *opt, rw_buf *out, rw_buf *diag)
{
    rw r;
    memset(&r, 0, sizeof r);
    if (lex_run(&r.u, src, len) < 0)
        return -1;
    r.s = src;
    r.t = r.u.toks;
    r.n = (long)r.u.ntoks;
    r.opt = opt;
    r.diag = diag;
    r.launch_gt = -1;
    rw_names_init(&r);
    pass(&r);
    rw_space_finish(&r);
    if (!r.oom && !r.text.oom)
        apply(&r, out);
    int oom = r.oom || r.text.oom || r.scratch.oom || out->oom || diag->oom;
    lex_free(&r.u);
    rw_buf_free(&r.text);
    rw_buf_free(&r.scratch);
    free(r.edits);
    free(r.scopes);
    free(r.vars);
    free(r.vhash);
    free(r.shadows);
    free(r.owned);
    rw_space_free(&r);
    return oom ? -1 : r.errors;
}
