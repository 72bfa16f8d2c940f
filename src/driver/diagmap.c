/*
 * diagmap.c: the compiler's diagnostics on rewritten lines, in the user's
 * columns (diagmap.h).
 *
 * Columns are matched by tokens: each line is cut into identifier or
 * number runs, whitespace runs and single punctuation characters, and the
 * two lines' tokens are aligned by the longest common subsequence weighted
 * by length.  The rewriter copies the user's text byte for byte and only
 * inserts or replaces constructs, so the copied text aligns and a column
 * inside it moves by what was inserted before it.
 */
#include "diagmap.h"

#include <assert.h>
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

/* ---- aligning one line ----------------------------------------------------- */

enum { DM_MAX_CELLS = 1 << 22 }; /* past this, common prefix and suffix only */

typedef struct tok {
    size_t off, len;
} tok;

static int is_word(unsigned char c)
{
    return isalnum(c) || c == '_';
}

/* s's tokens; NULL when out of memory. */
static tok *tokens(const char *s, size_t *n)
{
    size_t len = strlen(s), k = 0;
    tok *t = malloc((len + 1) * sizeof *t);
    if (!t)
        return NULL;
    for (size_t i = 0; i < len;) {
        size_t j = i + 1;
        if (is_word((unsigned char)s[i]))
            while (j < len && is_word((unsigned char)s[j]))
                j++;
        else if (s[i] == ' ' || s[i] == '\t')
            while (j < len && (s[j] == ' ' || s[j] == '\t'))
                j++;
        t[k++] = (tok){i, j - i};
        i = j;
    }
    *n = k;
    return t;
}

/* Without an alignment: the common prefix keeps its columns, the common
 * suffix moves by the difference in length, the rest goes to the start
 * of what changed. */
static size_t col_by_ends(const char *in, const char *out, size_t c0)
{
    size_t la = strlen(in), lb = strlen(out), p = 0, s = 0;
    while (p < la && p < lb && in[p] == out[p])
        p++;
    while (s < la - p && s < lb - p && in[la - 1 - s] == out[lb - 1 - s])
        s++;
    if (c0 < p)
        return c0;
    if (c0 >= lb - s)
        return c0 - lb + la;
    return p;
}

size_t simt__dm_col(const char *in, const char *out, size_t col)
{
    size_t c0 = col ? col - 1 : 0, na, nb;
    tok *a = tokens(in, &na), *b = tokens(out, &nb);
    size_t r = (size_t)-1;
    uint32_t *L = NULL;
    if (a && b && (na + 1) * (nb + 1) <= DM_MAX_CELLS)
        L = calloc((na + 1) * (nb + 1), sizeof *L);
    if (!L)
        goto fallback;
#define AT(i, j) L[(i) * (nb + 1) + (j)]
#define SAME(i, j) (a[i].len == b[j].len && !memcmp(in + a[i].off, out + b[j].off, a[i].len))
    for (size_t i = na; i-- > 0;)
        for (size_t j = nb; j-- > 0;) {
            uint32_t best = AT(i + 1, j) > AT(i, j + 1) ? AT(i + 1, j) : AT(i, j + 1);
            if (SAME(i, j) && AT(i + 1, j + 1) + a[i].len > best)
                best = AT(i + 1, j + 1) + (uint32_t)a[i].len;
            AT(i, j) = best;
        }
    /* Walk the alignment to the token holding c0; `after` is where the
     * last matched token before it ends in `in`. */
    size_t i = 0, j = 0, after = 0;
    while (j < nb) {
        int hit = c0 >= b[j].off && c0 < b[j].off + b[j].len;
        if (i < na && SAME(i, j) && AT(i, j) == AT(i + 1, j + 1) + a[i].len) {
            if (hit) {
                r = a[i].off + (c0 - b[j].off);
                break;
            }
            after = a[i].off + a[i].len;
            i++, j++;
        } else if (i < na && AT(i + 1, j) >= AT(i, j + 1)) {
            i++;
        } else {
            if (hit)
                break;
            j++;
        }
    }
#undef SAME
#undef AT
    if (r == (size_t)-1) { /* inserted text: the start of what it replaced */
        r = after;
        while (in[r] == ' ' || in[r] == '\t')
            r++;
        if (!in[r] && r > 0)
            r = after;
    }
    goto done;
fallback:
    r = col_by_ends(in, out, c0);
done:
    free(L);
    free(a);
    free(b);
    return r + 1;
}

/* ---- the map ------------------------------------------------------------------ */

/* The line at *p in s[0, len), without its '\n'; advances *p past it.
 * NULL at the end. */
static const char *next_line(const char *s, size_t len, size_t *p, size_t *n)
{
    if (*p >= len)
        return NULL;
    const char *l = s + *p, *e = memchr(l, '\n', len - *p);
    *n = e ? (size_t)(e - l) : len - *p;
    *p += *n + (e != NULL);
    return l;
}

/* A line marker ("# N "file"", "#line N "file""): its number, and its
 * file unescaped into a new string (*file stays when it names none).
 * Returns 0 if l is not one, -1 when out of memory. */
static int marker(const char *l, size_t n, long *line, char **file)
{
    size_t p = 0;
    if (!n || l[0] != '#')
        return 0;
    p = 1;
    while (p < n && (l[p] == ' ' || l[p] == '\t'))
        p++;
    if (n - p >= 4 && !memcmp(l + p, "line", 4))
        p += 4;
    while (p < n && (l[p] == ' ' || l[p] == '\t'))
        p++;
    if (p >= n || !isdigit((unsigned char)l[p]))
        return 0;
    long v = 0;
    for (; p < n && isdigit((unsigned char)l[p]); p++)
        if (v < 100000000)
            v = v * 10 + (l[p] - '0');
    *line = v;
    while (p < n && (l[p] == ' ' || l[p] == '\t'))
        p++;
    if (p < n && l[p] == '"') {
        char *f = malloc(n - p), *w = f;
        if (!f)
            return -1;
        for (p++; p < n && l[p] != '"'; p++) {
            if (l[p] == '\\' && p + 1 < n)
                p++;
            *w++ = l[p];
        }
        *w = 0;
        free(*file);
        *file = f;
    }
    return 1;
}

static char *dup_n(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = 0;
    }
    return d;
}

int simt__dm_build(simt__dm *m, const char *in, size_t inlen, const char *out, size_t outlen,
                   const char *file0)
{
    char *file = dup_n(file0, strlen(file0));
    long line = 1;
    size_t pa = 0, pb = 0, na, nb;
    const char *a, *b;
    int rc = file ? 0 : -1;
    while (!rc && (a = next_line(in, inlen, &pa, &na))) {
        b = next_line(out, outlen, &pb, &nb);
        if (!b) {
            rc = -1;
            break;
        }
        int mk = marker(a, na, &line, &file);
        if (mk < 0) {
            rc = -1;
        } else if (mk == 0) {
            if (na != nb || memcmp(a, b, na)) {
                if (m->n == m->cap) {
                    size_t cap = m->cap ? 2 * m->cap : 16;
                    simt__dm_line *v = realloc(m->v, cap * sizeof *v);
                    if (!v) {
                        rc = -1;
                        break;
                    }
                    m->v = v, m->cap = cap;
                }
                simt__dm_line *e = &m->v[m->n];
                *e = (simt__dm_line){dup_n(file, strlen(file)), line, dup_n(a, na), dup_n(b, nb)};
                m->n++;
                if (!e->file || !e->in || !e->out)
                    rc = -1;
            }
            line++;
        }
    }
    free(file);
    if (rc)
        simt__dm_free(m);
    return rc;
}

void simt__dm_free(simt__dm *m)
{
    for (size_t k = 0; k < m->n; k++) {
        free(m->v[k].file);
        free(m->v[k].in);
        free(m->v[k].out);
    }
    free(m->v);
    *m = (simt__dm){0};
}

/* ---- the filter --------------------------------------------------------------- */

/* s with tabs expanded to stops of 8, as clang quotes a line; NULL when
 * out of memory. */
static char *expand_tabs(const char *s)
{
    size_t n = 0, tabs = 0;
    for (const char *p = s; *p; p++)
        tabs += *p == '\t';
    char *d = malloc(strlen(s) + 7 * tabs + 1);
    if (!d)
        return NULL;
    for (const char *p = s; *p; p++) {
        if (*p == '\t') {
            do
                d[n++] = ' ';
            while (n % 8);
        } else {
            d[n++] = *p;
        }
    }
    d[n] = 0;
    return d;
}

/* Where byte column col (1-based) of s shows, 0-based: tabs to stops of 8
 * when expanded, UTF-8 continuation bytes take no room. */
static size_t display_col(const char *s, size_t col, int expanded)
{
    size_t d = 0;
    for (size_t k = 0; k + 1 < col && s[k]; k++) {
        if (s[k] == '\t' && expanded)
            d = (d / 8 + 1) * 8;
        else if (((unsigned char)s[k] & 0xC0) != 0x80)
            d++;
    }
    return d;
}

/* "FILE:LINE:COL: kind" at the start of l: m's entry for FILE:LINE (NULL
 * if none), the column and where COL starts and ends. */
static const simt__dm_line *header(const simt__dm *m, const char *l, size_t *col, size_t *c0,
                                   size_t *c1)
{
    static const char *const kinds[] = {"error", "warning", "note", "fatal error", "remark"};
    for (const char *p = strchr(l, ':'); p; p = strchr(p + 1, ':')) {
        const char *q = p + 1, *ln = q;
        while (isdigit((unsigned char)*q))
            q++;
        if (q == ln || *q != ':')
            continue;
        const char *cs = ++q;
        while (isdigit((unsigned char)*q))
            q++;
        if (q == cs || q[0] != ':' || q[1] != ' ')
            continue;
        int kind = 0;
        for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
            kind |= !strncmp(q + 2, kinds[k], strlen(kinds[k]));
        if (!kind)
            continue;
        long line = strtol(ln, NULL, 10);
        size_t flen = (size_t)(p - l);
        for (size_t k = 0; k < m->n; k++) {
            const simt__dm_line *e = &m->v[k];
            if (e->line == line && strlen(e->file) == flen && !memcmp(e->file, l, flen)) {
                *col = (size_t)strtoul(cs, NULL, 10);
                *c0 = (size_t)(cs - l);
                *c1 = (size_t)(q - l);
                return e;
            }
        }
        return NULL;
    }
    return NULL;
}

/* l ends with s: the length of what comes before it, or -1. */
static long ends_with(const char *l, const char *s)
{
    size_t a = strlen(l), b = strlen(s);
    return b <= a && !memcmp(l + a - b, s, b) ? (long)(a - b) : -1;
}

void simt__dm_filter(const simt__dm *m, FILE *from, FILE *to)
{
    char *l = NULL;
    size_t cap = 0;
    ssize_t n;
    const simt__dm_line *e = NULL; /* the last header's line */
    size_t col = 0;                /* its column in the user's text */
    int phase = 0;                 /* 1: the quoted line may follow, 2: the caret */
    long lead = 0;                 /* the quote's prefix ("  5 | " for gcc) */
    int expanded = 0;
    while ((n = getline(&l, &cap, from)) > 0) {
        int nl = l[n - 1] == '\n';
        if (nl)
            l[--n] = 0;
        size_t c, c0, c1;
        const simt__dm_line *h = header(m, l, &c, &c0, &c1);
        if (h) {
            e = h, col = simt__dm_col(h->in, h->out, c), phase = 1;
            fprintf(to, "%.*s%zu%s", (int)c0, l, col, l + c1);
        } else if (phase == 1) {
            char *xo = expand_tabs(e->out), *xi = expand_tabs(e->in);
            phase = 0;
            /* clang quotes the text it compiled; gcc reads the line from
             * the file, the user's text: then only the caret moves. */
            if ((lead = ends_with(l, e->out)) >= 0) {
                expanded = 0, phase = 2;
                fprintf(to, "%.*s%s", (int)lead, l, e->in);
            } else if (xo && xi && (lead = ends_with(l, xo)) >= 0) {
                expanded = 1, phase = 2;
                fprintf(to, "%.*s%s", (int)lead, l, xi);
            } else if ((lead = ends_with(l, e->in)) >= 0) {
                expanded = 0, phase = 2;
                fputs(l, to);
            } else if (xi && (lead = ends_with(l, xi)) >= 0) {
                expanded = 1, phase = 2;
                fputs(l, to);
            } else {
                fputs(l, to);
            }
            free(xo);
            free(xi);
        } else if (phase == 2 && strspn(l, " ~^|0123456789") == (size_t)n &&
                   (size_t)n >= (size_t)lead) {
            fprintf(to, "%.*s%*s^", (int)lead, l, (int)display_col(e->in, col, expanded), "");
            phase = 0;
        } else {
            fputs(l, to);
            phase = 0;
        }
        if (nl)
            fputc('\n', to);
    }
    free(l);
    fflush(to);
}
