/*
 * rw_scan.c: the rewriter's reading of tokens: keyword tests, bounded
 * scans for matching angle brackets and top-level punctuators, and copies
 * of token ranges into edit text (see rw.h).
 */
#include "rw.h"

#include <stdio.h>

int rw_word_in(const rw *r, long i, const char *const *list)
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

/* Names followed by a parenthesized argument that is an attribute or a
 * type, never a call. */
static const char *const attr_words[] = {
    "__attribute__", "__attribute", "__declspec", "alignas", "_Alignas", "__align__",
    "decltype", "__typeof__", "__typeof", "typeof", "noexcept", "throw",
    "__launch_bounds__", "__cluster_dims__", "__maxnreg__", NULL};

int rw_is_keyword(const rw *r, long i)
{
    return rw_word_in(r, i, keywords);
}

/* An identifier that can name an entity in an expression. */
int rw_is_name(const rw *r, long i)
{
    return is_id(r, i) && (!rw_is_keyword(r, i) || ID_IS(r, i, "this"));
}

/* The '<' matching the '>' at j, scanning backwards; -1 if none. */
long rw_angle_open(const rw *r, long j)
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
long rw_angle_close(const rw *r, long j, long lim)
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
long rw_find_top(const rw *r, long a, long lim, unsigned p)
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
            long c = rw_angle_close(r, j, lim);
            if (c > 0)
                j = c;
        }
    }
    return lim;
}

/* Is the ')' or ']' at j the end of an attribute ("[[...]]",
 * "__attribute__((...))", "alignas(...)", ...)?  Sets *start to its first
 * token. */
int rw_attr_end(const rw *r, long j, long *start)
{
    const lex_tok *t = &r->t[j];
    if (lex_is(t, ')') && t->match > 0 && rw_word_in(r, t->match - 1, attr_words)) {
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
int rw_attr_start(const rw *r, long i, long *end)
{
    if (rw_word_in(r, i, attr_words) && is_p(r, i + 1, '(') && r->t[i + 1].match > 0) {
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
/* The next top-level comma in [a, lim), or lim. */
long rw_next_comma(const rw *r, long a, long lim)
{
    return rw_find_top(r, a, lim, ',');
}

/* ---- output pieces ---------------------------------------------------- */

void rw_put(rw_buf *b, const char *s)
{
    rw_buf_puts(b, s);
}

/* Token i's text; a newline in it (raw strings) becomes a space. */
void rw_put_tok(const rw *r, rw_buf *b, long i)
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
void rw_put_toks(const rw *r, rw_buf *b, long a, long bl, long swap, const char *repl)
{
    for (long i = a; i <= bl; i++) {
        if (i > a)
            put_gap(r, b, i - 1);
        if (i == swap)
            rw_put(b, repl);
        else
            rw_put_tok(r, b, i);
    }
}

/* A C string literal's contents for s. */
void rw_put_escaped(rw_buf *b, const char *s)
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
