/*
 * rewrite.c: simtcc's rewriter (see rewrite.h; the output contract is in
 * docs/ARCHITECTURE.md, "simtcc and the rewriter").
 *
 * One forward pass over the token array finds the three constructs it
 * rewrites (launches, __global__ functions, __shared__ declarations) and
 * records edits: byte ranges of the input and the text that replaces them.
 * Short bounded scans around a construct find its parts; nothing rescans
 * the unit.  The edits are then sorted and applied in one copy.
 *
 * Key invariants: an edit's text never holds a newline (copies of tokens
 * collapse their gaps to one space), and applying an edit re-emits the
 * newlines and directive lines of the range it replaces, so the output has
 * the input's lines.  Overlapping edits can only come from malformed input;
 * the later one is dropped.
 */
#include "rewrite.h"

#include "lex.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* No construct the rewriter looks at spans more tokens than this; a scan
 * that gets this far gives up, which keeps malformed input linear. */
#define SCAN_LIMIT 100000

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

/* ---- state ----------------------------------------------------------- */

enum { SC_NS, SC_CLASS, SC_BLOCK };

typedef struct scope {
    uint8_t kind;
    int32_t name; /* SC_NS: token of the namespace's name, or -1 */
} scope;

typedef struct edit {
    uint32_t start, end; /* replaced input bytes; start == end inserts */
    uint32_t text, text_len; /* in rw.text */
    uint32_t seq;
} edit;

/* A namespace-scope __shared__ variable: later uses of its name become
 * calls of its accessor simt__shv_<id>. */
typedef struct nsvar {
    uint32_t off, len; /* its name in the input */
    unsigned id;
    int32_t ns_name;   /* token naming the enclosing namespace, or -1 */
} nsvar;

typedef struct rw {
    lex_unit u;
    const char *s;
    const lex_tok *t;
    long n;
    const rw_options *opt;
    rw_buf *diag;
    rw_buf text;    /* the text of all edits */
    rw_buf scratch; /* pieces assembled before they go into text */
    edit *edits;
    size_t nedits, ecap;
    scope *scopes;
    size_t nscopes, scap;
    nsvar *vars;
    size_t nvars, vcap;
    uint32_t *vhash; /* var index + 1, 0 empty; size vhash_cap */
    size_t vhash_cap;
    unsigned next_shared, next_tparam;
    int errors;
    int oom;
} rw;

/* ---- tokens ---------------------------------------------------------- */

static int is_p(const rw *r, long i, unsigned p)
{
    return i >= 0 && i < r->n && lex_is(&r->t[i], p);
}

static int is_id(const rw *r, long i)
{
    return i >= 0 && i < r->n && r->t[i].kind == TK_IDENT;
}

static int id_eq(const rw *r, long i, const char *w, size_t wl)
{
    return is_id(r, i) && r->t[i].len == wl && memcmp(r->s + r->t[i].off, w, wl) == 0;
}

#define ID_IS(r, i, lit) id_eq((r), (i), (lit), sizeof(lit) - 1)

static uint32_t tok_end(const rw *r, long i)
{
    return r->t[i].off + r->t[i].len;
}

/* Do tokens i and i + 1 touch (no space between them)? */
static int adjacent(const rw *r, long i)
{
    return i + 1 < r->n && tok_end(r, i) == r->t[i + 1].off;
}

static int same_text(const rw *r, long i, long j)
{
    return r->t[i].len == r->t[j].len &&
           memcmp(r->s + r->t[i].off, r->s + r->t[j].off, r->t[i].len) == 0;
}

static int word_in(const rw *r, long i, const char *const *list)
{
    if (!is_id(r, i))
        return 0;
    const char *p = r->s + r->t[i].off;
    size_t n = r->t[i].len;
    for (; *list; list++)
        if (strncmp(*list, p, n) == 0 && (*list)[n] == 0)
            return 1;
    return 0;
}

static const char *const keywords[] = {
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool",
    "break", "case", "catch", "char", "char8_t", "char16_t", "char32_t", "class",
    "compl", "concept", "const", "consteval", "constexpr", "constinit", "const_cast",
    "continue", "co_await", "co_return", "co_yield", "decltype", "default", "delete",
    "do", "double", "dynamic_cast", "else", "enum", "explicit", "export", "extern",
    "false", "float", "for", "friend", "goto", "if", "inline", "int", "long",
    "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr", "operator",
    "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
    "requires", "return", "short", "signed", "sizeof", "static", "static_assert",
    "static_cast", "struct", "switch", "template", "this", "thread_local", "throw",
    "true", "try", "typedef", "typeid", "typename", "union", "unsigned", "using",
    "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
    "__attribute__", "__attribute", "__restrict", "__restrict__", "__inline",
    "__inline__", "__typeof__", "__typeof", "typeof", "__extension__", "__asm__",
    "__volatile__", "__int128", "__thread", "__alignof__", "__signed__", "__const",
    "__declspec", "_Alignas", NULL};

/* Words that make up a fundamental type. */
static const char *const type_words[] = {
    "bool", "char", "char8_t", "char16_t", "char32_t", "wchar_t", "short", "int",
    "long", "signed", "unsigned", "float", "double", "void", "auto", "__int128",
    "__signed__", "_Float16", "__fp16", "__bf16", "__float128", "_Complex",
    "__complex__", NULL};

/* Decl-specifiers that are not part of a __shared__ variable's type. */
static const char *const storage_words[] = {
    "static", "extern", "register", "thread_local", "__thread", "inline", "constexpr",
    "constinit", "mutable", "__inline", "__inline__", NULL};

/* Decl-specifiers that are. */
static const char *const cv_words[] = {
    "const", "volatile", "__restrict", "__restrict__", "__extension__", "__volatile__",
    "__const", NULL};

/* Names followed by a parenthesized argument that is an attribute or a
 * type, never a call. */
static const char *const attr_words[] = {
    "__attribute__", "__attribute", "__declspec", "alignas", "_Alignas", "__align__",
    "decltype", "__typeof__", "__typeof", "typeof", "noexcept", "throw",
    "__launch_bounds__", "__cluster_dims__", "__maxnreg__", NULL};

/* Keywords after which an identifier is an operand, not a declarator. */
static const char *const operand_words[] = {
    "return", "sizeof", "case", "throw", "delete", "co_return", "co_yield",
    "co_await", "else", "do", "new", "typeid", NULL};

static int is_keyword(const rw *r, long i)
{
    return word_in(r, i, keywords);
}

/* An identifier that can name an entity in an expression. */
static int is_name(const rw *r, long i)
{
    return is_id(r, i) && (!is_keyword(r, i) || ID_IS(r, i, "this"));
}

/* The '<' matching the '>' at j, scanning backwards; -1 if none. */
static long angle_open(const rw *r, long j)
{
    int depth = 0;
    for (long steps = 0; j >= 0 && steps < SCAN_LIMIT; j--, steps++) {
        const lex_tok *t = &r->t[j];
        if (t->kind != TK_PUNCT)
            continue;
        switch (t->punct) {
        case '>':
            depth++;
            break;
        case '<':
            if (--depth == 0)
                return j;
            break;
        case ')': case ']': case '}':
            if (t->match < 0)
                return -1;
            j = t->match;
            break;
        case '(': case '[': case '{': case ';':
            return -1;
        default:
            break;
        }
    }
    return -1;
}

/* The '>' matching the '<' at j, before token lim; -1 if none. */
static long angle_close(const rw *r, long j, long lim)
{
    int depth = 0;
    for (long steps = 0; j < lim && steps < SCAN_LIMIT; j++, steps++) {
        const lex_tok *t = &r->t[j];
        if (t->kind != TK_PUNCT)
            continue;
        switch (t->punct) {
        case '<':
            depth++;
            break;
        case '>':
            if (--depth == 0)
                return j;
            break;
        case '(': case '[': case '{':
            if (t->match < 0 || t->match >= lim)
                return -1;
            j = t->match;
            break;
        case ')': case ']': case '}': case ';':
            return -1;
        default:
            break;
        }
    }
    return -1;
}

/* The first top-level token p in [a, lim) — brackets and template
 * argument lists skipped — or lim. */
static long find_top(const rw *r, long a, long lim, unsigned p)
{
    for (long j = a; j < lim; j++) {
        const lex_tok *t = &r->t[j];
        if (t->kind != TK_PUNCT)
            continue;
        if (t->punct == p)
            return j;
        if ((t->punct == '(' || t->punct == '[' || t->punct == '{') && t->match > j &&
            t->match < lim) {
            j = t->match;
        } else if (t->punct == '<' && j > a && (is_id(r, j - 1) || is_p(r, j - 1, '>'))) {
            long c = angle_close(r, j, lim);
            if (c > 0)
                j = c;
        }
    }
    return lim;
}

/* Is the ')' or ']' at j the end of an attribute ("[[...]]",
 * "__attribute__((...))", "alignas(...)", ...)?  Sets *start to its first
 * token. */
static int attr_end(const rw *r, long j, long *start)
{
    const lex_tok *t = &r->t[j];
    if (lex_is(t, ')') && t->match > 0 && word_in(r, t->match - 1, attr_words)) {
        *start = t->match - 1;
        return 1;
    }
    if (lex_is(t, ']') && is_p(r, j - 1, ']') && t->match >= 0 &&
        r->t[j - 1].match == t->match + 1) {
        *start = t->match;
        return 1;
    }
    return 0;
}

/* Is token i the start of an attribute; sets *end to its last token. */
static int attr_start(const rw *r, long i, long *end)
{
    if (word_in(r, i, attr_words) && is_p(r, i + 1, '(') && r->t[i + 1].match > 0) {
        *end = r->t[i + 1].match;
        return 1;
    }
    if (is_p(r, i, '[') && is_p(r, i + 1, '[') && r->t[i].match > 0 &&
        r->t[i + 1].match == r->t[i].match - 1) {
        *end = r->t[i].match;
        return 1;
    }
    return 0;
}

/* ---- output pieces ---------------------------------------------------- */

static void put(rw_buf *b, const char *s)
{
    rw_buf_puts(b, s);
}

/* Token i's text; a newline in it (raw strings) becomes a space. */
static void put_tok(const rw *r, rw_buf *b, long i)
{
    const char *p = r->s + r->t[i].off, *e = p + r->t[i].len;
    while (p < e) {
        const char *nl = memchr(p, '\n', (size_t)(e - p));
        if (!nl) {
            rw_buf_put(b, p, (size_t)(e - p));
            return;
        }
        rw_buf_put(b, p, (size_t)(nl - p));
        rw_buf_put(b, " ", 1);
        p = nl + 1;
    }
}

/* The gap between tokens i and i + 1: kept when it is spaces and tabs,
 * one space when it holds a newline, a comment or a directive. */
static void put_gap(const rw *r, rw_buf *b, long i)
{
    const char *p = r->s + tok_end(r, i), *e = r->s + r->t[i + 1].off;
    for (const char *q = p; q < e; q++) {
        if (*q != ' ' && *q != '\t') {
            rw_buf_put(b, " ", 1);
            return;
        }
    }
    rw_buf_put(b, p, (size_t)(e - p));
}

/* Tokens a..b (inclusive) with their inner gaps; token `swap` is written
 * as `repl` instead. */
static void put_toks(const rw *r, rw_buf *b, long a, long bl, long swap, const char *repl)
{
    for (long i = a; i <= bl; i++) {
        if (i > a)
            put_gap(r, b, i - 1);
        if (i == swap)
            put(b, repl);
        else
            put_tok(r, b, i);
    }
}

/* A C string literal's contents for s. */
static void put_escaped(rw_buf *b, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            rw_buf_printf(b, "\\%c", c);
        else if (c < 0x20 || c == 0x7f)
            rw_buf_printf(b, "\\%03o", c);
        else
            rw_buf_put(b, s, 1);
    }
}

/* ---- edits and diagnostics ------------------------------------------ */

/* Records an edit replacing input bytes [start, end) with r->text from
 * `mark` to its end. */
static void add_edit(rw *r, uint32_t start, uint32_t end, size_t mark)
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

static void replace_toks(rw *r, long a, long b, const char *text)
{
    size_t mark = r->text.len;
    put(&r->text, text);
    add_edit(r, r->t[a].off, tok_end(r, b), mark);
}

/* The file and line of token i as the user wrote them. */
static uint32_t where(const rw *r, long i, const char **file, size_t *flen)
{
    uint32_t phys = i < r->n ? r->t[i].line : r->u.lines + 1;
    return lex_presumed(&r->u, phys, file, flen);
}

static void error_at(rw *r, long i, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void error_at(rw *r, long i, const char *fmt, ...)
{
    const char *f;
    size_t fl;
    uint32_t line = where(r, i, &f, &fl);
    if (f) {
        /* The marker's name is escaped as in a string literal. */
        for (size_t k = 0; k < fl; k++) {
            if (f[k] == '\\' && k + 1 < fl)
                k++;
            rw_buf_put(r->diag, f + k, 1);
        }
    } else {
        put(r->diag, r->opt->filename ? r->opt->filename : "<input>");
    }
    rw_buf_printf(r->diag, ":%u: error: ", line);
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    put(r->diag, msg);
    put(r->diag, "\n");
    r->errors++;
}

/* A token's text, for messages (truncated). */
static const char *tok_text(const rw *r, long i, char *buf, size_t size)
{
    size_t n = r->t[i].len < size - 1 ? r->t[i].len : size - 1;
    memcpy(buf, r->s + r->t[i].off, n);
    buf[n] = 0;
    return buf;
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

static int scope_kind(const rw *r)
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
            j = angle_open(r, j);
            if (j < 0)
                return SC_BLOCK;
            j--;
            continue;
        case ')': case ']':
            if (!attr_end(r, j, &a))
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
    if (is_name(r, j))
        return 1;
    if (is_p(r, j, ']'))
        return r->t[j].match >= 0;
    if (is_p(r, j, ')')) {
        long o = r->t[j].match;
        return o >= 0 && !(is_id(r, o - 1) && !is_name(r, o - 1));
    }
    if (is_p(r, j, '>')) {
        long o = angle_open(r, j);
        return o > 0 && is_name(r, o - 1);
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
            long o = angle_open(r, i);
            if (o < 1 || !is_name(r, o - 1))
                return -1;
            i = o - 1;
        } else if (!is_name(r, i)) {
            return -1;
        }
        long k = i - 1;
        if (ID_IS(r, k, "template") &&
            (is_p(r, k - 1, P_SCOPE) || is_p(r, k - 1, '.') || is_p(r, k - 1, P_ARROW)))
            k--;
        if (is_p(r, k, P_SCOPE)) {
            if (is_name(r, k - 1) || is_p(r, k - 1, '>')) {
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
            if (is_p(r, j + 1, '>') && is_p(r, j + 2, '>') && adjacent(r, j) &&
                adjacent(r, j + 1)) {
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

static int is_launch_open(const rw *r, long i)
{
    return is_p(r, i + 1, '<') && is_p(r, i + 2, '<') && adjacent(r, i) &&
           adjacent(r, i + 1) && !ID_IS(r, i - 1, "operator");
}

/* CALLEE<<<CFG>>>(ARGS) becomes
 *   ::simt__launch_t{::simt__cfg(CFG), [=](auto &&...simt__p) { CALLEE(simt__p...); }, ARGS}
 * CFG and ARGS stay where they are (so launches and uses inside them are
 * rewritten too); the callee moves into the lambda. */
static void launch(rw *r, long i)
{
    long c0 = i > 0 ? callee_start(r, i - 1) : -1;
    if (c0 < 0) {
        error_at(r, i, "expected a kernel before '<<<'");
        return;
    }
    long g = launch_close(r, i + 3);
    if (g < 0) {
        error_at(r, i, "unterminated '<<<' (no matching '>>>')");
        return;
    }
    long p0 = g + 3;
    if (!is_p(r, p0, '(')) {
        error_at(r, g, "kernel launch without an argument list");
        return;
    }
    long p1 = r->t[p0].match;
    if (p1 < 0) {
        error_at(r, p0, "unterminated argument list of a kernel launch");
        return;
    }
    size_t mark = r->text.len;
    put(&r->text, "::simt__launch_t{::simt__cfg(");
    add_edit(r, r->t[c0].off, tok_end(r, i + 2), mark);

    mark = r->text.len;
    put(&r->text, "), [=](auto &&...simt__p) { ");
    put_toks(r, &r->text, c0, i - 1, -1, NULL);
    put(&r->text, p1 > p0 + 1 ? "(simt__p...); }, " : "(simt__p...); }");
    add_edit(r, r->t[g].off, tok_end(r, p0), mark);

    replace_toks(r, p1, p1, "}");
}

/* ---- kernels -------------------------------------------------------------- */

/* The first token of the declarator-id (possibly qualified, possibly a
 * template-id) ending at e; -1 if none. */
static long declarator_id_start(const rw *r, long e)
{
    long i = e;
    for (long steps = 0; steps < SCAN_LIMIT; steps++) {
        if (is_p(r, i, '>')) {
            long o = angle_open(r, i);
            if (o < 1)
                return -1;
            i = o - 1;
        }
        if (!is_name(r, i))
            return -1;
        long k = i - 1;
        if (ID_IS(r, k, "template") && is_p(r, k - 1, P_SCOPE))
            k--;
        if (!is_p(r, k, P_SCOPE))
            return i;
        if (is_name(r, k - 1) || is_p(r, k - 1, '>')) {
            i = k - 1;
            continue;
        }
        return k;
    }
    return -1;
}

/* The next top-level comma in [a, lim), or lim. */
static long next_comma(const rw *r, long a, long lim)
{
    return find_top(r, a, lim, ',');
}

/* Appends argument k of the parenthesized list opened at token lp, or
 * `dflt` when the list has fewer arguments. */
static void put_arg(const rw *r, rw_buf *b, long lp, int k, const char *dflt)
{
    long rp = r->t[lp].match, a = lp + 1;
    for (int idx = 0; a < rp; idx++) {
        long c = next_comma(r, a, rp);
        if (idx == k) {
            if (c > a)
                put_toks(r, b, a, c - 1, -1, NULL);
            else
                put(b, dflt);
            return;
        }
        a = c + 1;
    }
    put(b, dflt);
}

/* Appends "<P1, P2, Ps...>" for the template header whose parameter list
 * is [lt, gt], and names every unnamed parameter in the header so that the
 * list can refer to it. */
static void put_template_args(rw *r, rw_buf *b, long lt, long gt)
{
    put(b, "<");
    for (long a = lt + 1; a < gt;) {
        long c = next_comma(r, a, gt);
        long e = find_top(r, a, c, '=');
        long last = -1, in_parens = -1, slot = e - 1;
        int pack = 0;
        for (long j = a; j < e; j++) {
            const lex_tok *t = &r->t[j];
            if (t->kind == TK_IDENT) {
                last = j;
            } else if (lex_is(t, P_ELLIPSIS)) {
                pack = 1;
            } else if ((lex_is(t, '(') || lex_is(t, '[')) && t->match > j && t->match < e) {
                /* A function pointer's name: R (*F)(A) */
                if (lex_is(t, '(') && (is_p(r, j + 1, '*') || is_p(r, j + 1, '&'))) {
                    if (is_name(r, t->match - 1))
                        in_parens = t->match - 1;
                    else if (t->match == j + 2)
                        slot = j + 1; /* unnamed: R (*)(A) */
                }
                j = t->match;
            } else if (lex_is(t, '<') && j > a) {
                long cl = angle_close(r, j, e);
                if (cl > 0)
                    j = cl;
            }
        }
        if (a > lt + 1)
            put(b, ", ");
        int named = last > a && last == e - 1 && !is_keyword(r, last) &&
                    (is_id(r, last - 1) || is_p(r, last - 1, '>') || is_p(r, last - 1, '*') ||
                     is_p(r, last - 1, '&') || is_p(r, last - 1, P_AND) ||
                     is_p(r, last - 1, P_ELLIPSIS) || is_p(r, last - 1, ')'));
        if (in_parens >= 0) {
            put_tok(r, b, in_parens);
        } else if (named) {
            put_tok(r, b, last);
        } else if (e > a) {
            char name[32];
            snprintf(name, sizeof name, "simt__tp%u", r->next_tparam++);
            size_t mark = r->text.len;
            rw_buf_printf(&r->text, slot == e - 1 ? " %s" : "%s", name);
            add_edit(r, tok_end(r, slot), tok_end(r, slot), mark);
            put(b, name);
        }
        if (pack)
            put(b, "...");
        a = c + 1;
    }
    put(b, ">");
}

/* __global__ at token g: removes it, and when it starts a function
 * definition, inserts the registration prologue after the body's '{'. */
static void kernel(rw *r, long g)
{
    long lb = -1, cd = -1, tmpl_lt = -1, tmpl_gt = -1;
    replace_toks(r, g, g, "");

    /* Back over the decl-specifiers to a template header. */
    for (long j = g - 1, steps = 0; j >= 0 && steps < SCAN_LIMIT; steps++) {
        const lex_tok *t = &r->t[j];
        long a;
        if (t->kind == TK_IDENT || t->kind == TK_STRING || lex_is(t, P_SCOPE) ||
            lex_is(t, '*') || lex_is(t, '&')) {
            j--;
        } else if (lex_is(t, '>')) {
            long o = angle_open(r, j);
            if (o < 0)
                break;
            if (ID_IS(r, o - 1, "template")) {
                tmpl_lt = o;
                tmpl_gt = j;
                break;
            }
            j = o - 1;
        } else if ((lex_is(t, ')') || lex_is(t, ']')) && attr_end(r, j, &a)) {
            if (ID_IS(r, a, "__launch_bounds__"))
                lb = a + 1;
            else if (ID_IS(r, a, "__cluster_dims__"))
                cd = a + 1;
            j = a - 1;
        } else {
            break;
        }
    }

    /* Forward to the parameter list. */
    long lp = -1, j;
    for (j = g + 1; j < r->n && j - g < SCAN_LIMIT; j++) {
        const lex_tok *t = &r->t[j];
        long e;
        if (attr_start(r, j, &e)) {
            if (ID_IS(r, j, "__launch_bounds__"))
                lb = j + 1;
            else if (ID_IS(r, j, "__cluster_dims__"))
                cd = j + 1;
            j = e;
        } else if (lex_is(t, '<')) {
            long c = angle_close(r, j, r->n);
            if (c < 0)
                return;
            j = c;
        } else if (lex_is(t, '(')) {
            if (is_id(r, j - 1) || is_p(r, j - 1, '>'))
                lp = j;
            break;
        } else if (t->kind == TK_PUNCT && !lex_is(t, P_SCOPE) && !lex_is(t, '*') &&
                   !lex_is(t, '&')) {
            return;
        }
    }
    if (lp < 0 || r->t[lp].match < 0)
        return;
    long rp = r->t[lp].match;
    long id0 = declarator_id_start(r, lp - 1);
    if (id0 < 0)
        return;
    long name = lp - 1;
    int has_targs = is_p(r, name, '>');
    if (has_targs)
        name = angle_open(r, name) - 1;

    /* Past trailing specifiers to the body, or to the end of a declaration. */
    long body = -1;
    for (j = rp + 1; j < r->n && j - rp < SCAN_LIMIT; j++) {
        const lex_tok *t = &r->t[j];
        long e;
        if (attr_start(r, j, &e)) {
            if (ID_IS(r, j, "__launch_bounds__"))
                lb = j + 1;
            else if (ID_IS(r, j, "__cluster_dims__"))
                cd = j + 1;
            j = e;
        } else if (lex_is(t, '(') || lex_is(t, '[')) {
            if (t->match < 0)
                return;
            j = t->match;
        } else if (lex_is(t, '{')) {
            body = j;
            break;
        } else if (lex_is(t, ';') || lex_is(t, '=') || lex_is(t, '}') || lex_is(t, ',')) {
            return;
        }
    }
    if (body < 0 || r->t[body].match < 0)
        return;

    /* QNAME: the declarator-id, with the parameters of a primary
     * template appended. */
    rw_buf *q = &r->scratch;
    q->len = 0;
    put_toks(r, q, id0, lp - 1, -1, NULL);
    if (tmpl_lt >= 0 && tmpl_gt > tmpl_lt + 1 && !has_targs)
        put_template_args(r, q, tmpl_lt, tmpl_gt);

    const char *file;
    size_t flen;
    uint32_t line = where(r, name, &file, &flen);
    rw_buf *b = &r->text;
    size_t mark = b->len;
    put(b, " if (__builtin_expect(::simt__probing, 0)) { struct simt__ki { static void "
           "info(::simt_kernel *simt__k) { simt__k->name = \"");
    put_tok(r, b, name);
    put(b, "\"; simt__k->file = \"");
    if (file)
        rw_buf_put(b, file, flen);
    else
        put_escaped(b, r->opt->filename ? r->opt->filename : "<input>");
    rw_buf_printf(b, "\"; simt__k->line = %u; simt__k->max_threads = (", line);
    if (lb >= 0)
        put_arg(r, b, lb, 0, "0");
    else
        put(b, "0");
    put(b, "); simt__k->min_blocks = (");
    if (lb >= 0)
        put_arg(r, b, lb, 1, "0");
    else
        put(b, "0");
    for (int k = 0; k < 3; k++) {
        rw_buf_printf(b, "); simt__k->cluster_dims[%d] = (", k);
        /* CUDA guide, cluster dims: an omitted dimension is 1, as in dim3. */
        if (cd >= 0)
            put_arg(r, b, cd, k, "1");
        else
            put(b, "0");
    }
    put(b, "); } }; ::simt__probe_reply(&::simt__kreg<void (*)(");
    for (long a = lp + 1; a < rp;) {
        long c = next_comma(r, a, rp);
        long e = find_top(r, a, c, '=');
        if (a > lp + 1)
            put(b, ", ");
        if (e > a)
            put_toks(r, b, a, e - 1, -1, NULL);
        a = c + 1;
    }
    put(b, "), &");
    rw_buf_put(b, q->data ? q->data : "", q->len);
    put(b, ", simt__ki>::kernel); return; }");
    add_edit(r, tok_end(r, body), tok_end(r, body), mark);
}

/* __launch_bounds__(...), __cluster_dims__(...), __maxnreg__(...) at i:
 * removed.  Returns the last token handled. */
static long remove_attr(rw *r, long i)
{
    long e = i;
    if (is_p(r, i + 1, '(') && r->t[i + 1].match > i + 1)
        e = r->t[i + 1].match;
    replace_toks(r, i, e, "");
    return e;
}

/* ---- __shared__ ------------------------------------------------------------ */

static uint32_t hash_text(const char *p, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t k = 0; k < n; k++)
        h = (h ^ (unsigned char)p[k]) * 16777619u;
    return h;
}

static void nsvar_rehash(rw *r)
{
    size_t cap = r->vhash_cap ? r->vhash_cap * 2 : 16;
    uint32_t *h = calloc(cap, sizeof *h);
    if (!h) {
        r->oom = 1;
        return;
    }
    free(r->vhash);
    r->vhash = h;
    r->vhash_cap = cap;
    for (size_t v = 0; v < r->nvars; v++) {
        size_t k = hash_text(r->s + r->vars[v].off, r->vars[v].len) & (cap - 1);
        while (h[k])
            k = (k + 1) & (cap - 1);
        h[k] = (uint32_t)v + 1;
    }
}

static long nsvar_find(const rw *r, long i)
{
    if (!r->vhash_cap)
        return -1;
    const char *p = r->s + r->t[i].off;
    size_t n = r->t[i].len;
    size_t k = hash_text(p, n) & (r->vhash_cap - 1);
    long found = -1;
    for (; r->vhash[k]; k = (k + 1) & (r->vhash_cap - 1)) {
        long idx = (long)r->vhash[k] - 1;
        const nsvar *v = &r->vars[idx];
        if (v->len == n && memcmp(r->s + v->off, p, n) == 0 && idx > found)
            found = idx; /* the latest declaration wins */
    }
    return found;
}

static void nsvar_add(rw *r, long name, unsigned id)
{
    if (r->nvars == r->vcap) {
        size_t cap = r->vcap ? r->vcap * 2 : 16;
        nsvar *v = realloc(r->vars, cap * sizeof *v);
        if (!v) {
            r->oom = 1;
            return;
        }
        r->vars = v;
        r->vcap = cap;
    }
    nsvar *v = &r->vars[r->nvars++];
    v->off = r->t[name].off;
    v->len = r->t[name].len;
    v->id = id;
    v->ns_name = -1;
    for (size_t s = r->nscopes; s > 0; s--) {
        if (r->scopes[s - 1].kind == SC_NS) {
            v->ns_name = r->scopes[s - 1].name;
            break;
        }
    }
    if (2 * r->nvars >= r->vhash_cap) {
        nsvar_rehash(r);
    } else {
        size_t k = hash_text(r->s + v->off, v->len) & (r->vhash_cap - 1);
        while (r->vhash[k])
            k = (k + 1) & (r->vhash_cap - 1);
        r->vhash[k] = (uint32_t)r->nvars;
    }
}

/* Identifier i names a namespace-scope __shared__ variable: a use of it
 * becomes a call of its accessor. */
static void nsvar_use(rw *r, long i, long v)
{
    char name[64], buf[96];
    unsigned id = r->vars[v].id;
    if (is_p(r, i - 1, '.') || is_p(r, i - 1, P_ARROW) || is_p(r, i - 1, P_DOT_STAR) ||
        is_p(r, i - 1, P_ARROW_STAR) || is_p(r, i + 1, P_SCOPE))
        return;
    if (is_p(r, i - 1, P_SCOPE)) {
        long q = i - 2;
        if (is_name(r, q) && (r->vars[v].ns_name < 0 || !same_text(r, q, r->vars[v].ns_name)))
            return; /* another namespace's or class's member */
        snprintf(buf, sizeof buf, "simt__shv_%u()", id);
        replace_toks(r, i, i, buf);
        return;
    }
    if (is_id(r, i - 1) && !word_in(r, i - 1, operand_words)) {
        if (ID_IS(r, i - 1, "struct") || ID_IS(r, i - 1, "class") ||
            ID_IS(r, i - 1, "union") || ID_IS(r, i - 1, "enum") ||
            ID_IS(r, i - 1, "namespace") || ID_IS(r, i - 1, "goto"))
            return;
        error_at(r, i, "declaration of '%s' hides a namespace-scope __shared__ variable; "
                       "rename it", tok_text(r, i, name, sizeof name));
        return;
    }
    snprintf(buf, sizeof buf, "(simt__shv_%u())", id);
    replace_toks(r, i, i, buf);
}

/* The end of a type name (nested-name-specifier, template arguments)
 * starting at j, before lim. */
static long skip_type_name(const rw *r, long j, long lim)
{
    if (is_p(r, j, P_SCOPE))
        j++;
    while (j < lim && is_id(r, j)) {
        j++;
        if (is_p(r, j, '<')) {
            long c = angle_close(r, j, lim);
            if (c < 0)
                return j;
            j = c + 1;
        }
        if (!is_p(r, j, P_SCOPE))
            return j;
        j++;
        if (ID_IS(r, j, "template"))
            j++;
    }
    return j;
}

/* Appends the decl-specifiers [ds, d0) of a __shared__ declaration as the
 * type of its typedef, without __shared__ and storage classes.  Standard
 * attributes go to pre, which precedes the typedef; GNU attributes and
 * alignas, as GCC's aligned attribute (alignas cannot apply to a typedef),
 * go to post, which follows its declarator: only there do both GCC and
 * Clang apply them to the type the typedef names. */
static void put_specs(const rw *r, rw_buf *b, rw_buf *pre, rw_buf *post, long ds, long d0)
{
    int space = 0;
    for (long j = ds; j < d0; j++) {
        long e;
        if (ID_IS(r, j, "__shared__") || word_in(r, j, storage_words)) {
            space = 1;
            continue;
        }
        if ((ID_IS(r, j, "alignas") || ID_IS(r, j, "_Alignas")) && attr_start(r, j, &e)) {
            put(post, " __attribute__((aligned(");
            if (e > j + 2)
                put_toks(r, post, j + 2, e - 1, -1, NULL);
            put(post, ")))");
            j = e;
            space = 1;
            continue;
        }
        if ((ID_IS(r, j, "__attribute__") || ID_IS(r, j, "__attribute")) &&
            attr_start(r, j, &e)) {
            put(post, " ");
            put_toks(r, post, j, e, -1, NULL);
            j = e;
            space = 1;
            continue;
        }
        if (is_p(r, j, '[') && attr_start(r, j, &e)) {
            put_toks(r, pre, j, e, -1, NULL);
            put(pre, " ");
            j = e;
            space = 1;
            continue;
        }
        if (b->len && (space || !adjacent(r, j - 1)))
            put(b, " ");
        space = 0;
        put_tok(r, b, j);
    }
}

/* The first token of the declaration holding __shared__ at s0. */
static long decl_start(const rw *r, long s0)
{
    static const char *const stops[] = {"return", "else", "do", "goto", "case", "default",
                                        "throw", "co_return", "public", "private",
                                        "protected", NULL};
    long ds = s0;
    for (long j = s0 - 1, steps = 0; j >= 0 && steps < SCAN_LIMIT; steps++) {
        long a;
        if ((is_id(r, j) && !word_in(r, j, stops)) || is_p(r, j, P_SCOPE)) {
            ds = j--;
        } else if (is_p(r, j, '>')) {
            long o = angle_open(r, j);
            if (o < 1)
                break;
            ds = o;
            j = o - 1;
        } else if ((is_p(r, j, ')') || is_p(r, j, ']')) && attr_end(r, j, &a)) {
            ds = a;
            j = a - 1;
        } else {
            break;
        }
    }
    return ds;
}

/* A __shared__ declaration around token s0.  Returns the last token
 * handled. */
static long shared_decl(rw *r, long s0)
{
    int sk = scope_kind(r);
    if (sk == SC_CLASS) {
        error_at(r, s0, "__shared__ is not allowed on a class member");
        return s0;
    }
    long ds = decl_start(r, s0), de = -1, j;
    for (j = s0 + 1; j < r->n && j - s0 < SCAN_LIMIT; j++) {
        const lex_tok *t = &r->t[j];
        if (lex_is(t, '(') || lex_is(t, '[') || lex_is(t, '{')) {
            if (t->match < 0)
                break;
            j = t->match;
        } else if (lex_is(t, ')') || lex_is(t, ']') || lex_is(t, '}')) {
            break;
        } else if (lex_is(t, ';')) {
            de = j;
            break;
        }
    }
    if (de < 0) {
        error_at(r, s0, "cannot rewrite this __shared__ declaration (no ';' ends it)");
        return s0;
    }

    /* The decl-specifiers: at most one type name, then the declarators. */
    int seen_type = 0, dynamic = 0;
    for (j = ds; j < de;) {
        long e;
        if (j == s0 || word_in(r, j, storage_words) || word_in(r, j, cv_words) ||
            ID_IS(r, j, "typename")) {
            if (ID_IS(r, j, "extern"))
                dynamic = 1;
            j++;
        } else if (word_in(r, j, type_words)) {
            seen_type = 1;
            j++;
        } else if (attr_start(r, j, &e)) {
            if (ID_IS(r, j, "decltype") || ID_IS(r, j, "__typeof__") ||
                ID_IS(r, j, "__typeof") || ID_IS(r, j, "typeof"))
                seen_type = 1;
            j = e + 1;
        } else if (ID_IS(r, j, "struct") || ID_IS(r, j, "class") || ID_IS(r, j, "union") ||
                   ID_IS(r, j, "enum")) {
            j++;
            if (ID_IS(r, j, "class") || ID_IS(r, j, "struct"))
                j++;
            while (attr_start(r, j, &e))
                j = e + 1;
            if (is_id(r, j) || is_p(r, j, P_SCOPE))
                j = skip_type_name(r, j, de);
            if (is_p(r, j, '{') && r->t[j].match > j)
                j = r->t[j].match + 1;
            seen_type = 1;
        } else if (!seen_type && (is_name(r, j) || is_p(r, j, P_SCOPE))) {
            j = skip_type_name(r, j, de);
            seen_type = 1;
        } else {
            break;
        }
    }
    long d0 = j;
    if (!seen_type || d0 >= de) {
        error_at(r, s0, "cannot rewrite this __shared__ declaration (no declarator)");
        return de;
    }

    rw_buf specs = {0}, pre = {0}, post = {0};
    put_specs(r, &specs, &pre, &post, ds, d0);
    size_t mark = r->text.len;
    rw_buf *b = &r->text;
    long a = d0;
    int ok = 1;
    while (a < de && ok) {
        long c = next_comma(r, a, de), name = -1, e;
        for (j = a; j < c; j++) {
            if (attr_start(r, j, &e)) {
                j = e;
            } else if (is_id(r, j) && is_p(r, j + 1, P_SCOPE)) {
                j++; /* a pointer to member: X::*p */
            } else if (is_id(r, j) && !word_in(r, j, cv_words)) {
                name = j;
                break;
            } else if (!is_p(r, j, '*') && !is_p(r, j, '&') && !is_p(r, j, P_AND) &&
                       !is_p(r, j, '(') && !word_in(r, j, cv_words)) {
                break;
            }
        }
        if (name < 0) {
            error_at(r, a < de ? a : s0, "cannot rewrite this __shared__ declaration "
                                         "(no declarator name)");
            ok = 0;
            break;
        }
        for (j = name + 1; j < c; j++) {
            const lex_tok *t = &r->t[j];
            if (lex_is(t, '=') || lex_is(t, '{') || (lex_is(t, '(') && j == name + 1)) {
                error_at(r, j, "initializer not allowed for __shared__ variable");
                ok = 0;
                break;
            }
            if ((lex_is(t, '(') || lex_is(t, '[')) && t->match > j)
                j = t->match;
        }
        if (!ok)
            break;

        unsigned id = r->next_shared++;
        char ty[32];
        snprintf(ty, sizeof ty, "simt__sht_%u", id);
        if (b->len > mark)
            put(b, " ");
        rw_buf_put(b, pre.data ? pre.data : "", pre.len);
        put(b, "typedef ");
        rw_buf_put(b, specs.data ? specs.data : "", specs.len);
        put(b, " ");
        put_toks(r, b, a, c - 1, name, ty);
        rw_buf_put(b, post.data ? post.data : "", post.len);
        put(b, ";");
        if (sk == SC_NS) {
            rw_buf_printf(b, " static inline %s &simt__shv_%u() { ", ty, id);
            if (dynamic)
                rw_buf_printf(b, "return *(%s *)::simt_shared_dynamic(); }", ty);
            else
                rw_buf_printf(b, "static ::simt_shared_site simt__s; return *(%s *)"
                                 "::simt_shared_static(&simt__s, sizeof(%s), alignof(%s)); }",
                              ty, ty, ty);
        } else if (dynamic) {
            rw_buf_printf(b, " %s &", ty);
            put_tok(r, b, name);
            rw_buf_printf(b, " = *(%s *)::simt_shared_dynamic();", ty);
        } else {
            rw_buf_printf(b, " static ::simt_shared_site simt__shs_%u; %s &", id, ty);
            put_tok(r, b, name);
            rw_buf_printf(b, " = *(%s *)::simt_shared_static(&simt__shs_%u, sizeof(%s), "
                             "alignof(%s));", ty, id, ty, ty);
        }
        if (sk == SC_NS)
            nsvar_add(r, name, id);
        a = c + 1;
    }
    if (specs.oom || pre.oom || post.oom)
        r->oom = 1;
    rw_buf_free(&specs);
    rw_buf_free(&pre);
    rw_buf_free(&post);
    if (!ok) {
        r->text.len = mark;
        return de;
    }
    add_edit(r, r->t[ds].off, tok_end(r, de), mark);
    return de;
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
                    kernel(r, i);
                    continue;
                }
                if (ID_IS(r, i, "__shared__")) {
                    i = shared_decl(r, i);
                    continue;
                }
                if (ID_IS(r, i, "__launch_bounds__") || ID_IS(r, i, "__cluster_dims__") ||
                    ID_IS(r, i, "__maxnreg__")) {
                    i = remove_attr(r, i);
                    continue;
                }
            }
            if (r->nvars) {
                long v = nsvar_find(r, i);
                if (v >= 0)
                    nsvar_use(r, i, v);
            }
            continue;
        }
        if (t->kind != TK_PUNCT)
            continue;
        if (t->punct == '<' && is_launch_open(r, i)) {
            launch(r, i);
            i += 2;
        } else if (t->punct == '{') {
            long name = -1;
            int kind = scope_kind(r);
            if (kind != SC_BLOCK)
                kind = classify_brace(r, i, &name);
            push_scope(r, kind, name);
        } else if (t->punct == '}' && r->nscopes > 1) {
            r->nscopes--;
        }
    }
}

static int edit_cmp(const void *x, const void *y)
{
    const edit *a = x, *b = y;
    if (a->start != b->start)
        return a->start < b->start ? -1 : 1;
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
    pass(&r);
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
    return oom ? -1 : r.errors;
}
