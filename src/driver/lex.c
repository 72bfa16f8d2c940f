/*
 * lex.c: the C++ tokenizer of simtcc (see lex.h).
 *
 * One forward pass over the bytes; arrays grow geometrically, so the cost
 * is linear in the input and there is no allocation per token.  Brackets
 * are matched in the same pass with an explicit stack.
 */
#include "lex.h"

#include <stdlib.h>
#include <string.h>

#define GROW(arr, n, cap)                                                  \
    do {                                                                   \
        if ((n) == (cap)) {                                                \
            size_t nc_ = (cap) ? (cap) * 2 : 64;                           \
            void *np_ = realloc((arr), nc_ * sizeof *(arr));               \
            if (!np_)                                                      \
                goto oom;                                                  \
            (arr) = np_;                                                   \
            (cap) = nc_;                                                   \
        }                                                                  \
    } while (0)

static int is_ident_start(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' ||
           c >= 0x80;
}

static int is_ident_char(unsigned char c)
{
    return is_ident_start(c) || (c >= '0' && c <= '9');
}

static int is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

typedef struct lexer {
    const char *s;
    size_t len;
    size_t pos;
    uint32_t line;
} lexer;

/* Skips a quoted literal whose opening quote is at L->pos; stops after the
 * closing quote or before an unescaped newline (unterminated). */
static void skip_quoted(lexer *L, char q)
{
    L->pos++;
    while (L->pos < L->len) {
        char c = L->s[L->pos];
        if (c == '\\' && L->pos + 1 < L->len) {
            if (L->s[L->pos + 1] == '\n')
                L->line++;
            L->pos += 2;
        } else if (c == q) {
            L->pos++;
            return;
        } else if (c == '\n') {
            return;
        } else {
            L->pos++;
        }
    }
}

/* A raw string R"d(...)d": L->pos is at the opening quote.  Returns 0 when
 * the delimiter is not a valid one (then the caller lexes an ordinary
 * string). */
static int skip_raw(lexer *L)
{
    size_t q = L->pos, p = q + 1;
    while (p < L->len && p - q - 1 <= 16 && L->s[p] != '(') {
        char c = L->s[p];
        if (c == ' ' || c == ')' || c == '\\' || c == '\t' || c == '\v' || c == '\f' ||
            c == '\n' || c == '"')
            return 0;
        p++;
    }
    if (p >= L->len || L->s[p] != '(' || p - q - 1 > 16)
        return 0;
    size_t dlen = p - q - 1;
    const char *delim = L->s + q + 1;
    for (p = p + 1; p < L->len; p++) {
        if (L->s[p] == '\n')
            L->line++;
        else if (L->s[p] == ')' && p + 1 + dlen < L->len &&
                 memcmp(L->s + p + 1, delim, dlen) == 0 && L->s[p + 1 + dlen] == '"') {
            L->pos = p + dlen + 2;
            return 1;
        }
    }
    L->pos = L->len;
    return 1;
}

static void skip_ud_suffix(lexer *L)
{
    while (L->pos < L->len && is_ident_char((unsigned char)L->s[L->pos]))
        L->pos++;
}

/* Is s[0, n) an encoding prefix, and does it end in R (raw)? */
static int literal_prefix(const char *s, size_t n, int *raw)
{
    *raw = n > 0 && s[n - 1] == 'R';
    if (*raw)
        n--;
    if (n == 0)
        return *raw;
    if (n == 1)
        return s[0] == 'u' || s[0] == 'U' || s[0] == 'L';
    return n == 2 && s[0] == 'u' && s[1] == '8';
}

static uint16_t lex_punctuator(lexer *L)
{
    const char *s = L->s + L->pos;
    size_t left = L->len - L->pos;
    char c = s[0], c1 = left > 1 ? s[1] : 0, c2 = left > 2 ? s[2] : 0;
    size_t n = 1;
    uint16_t code = (unsigned char)c;

    switch (c) {
    case ':':
        if (c1 == ':')
            n = 2, code = P_SCOPE;
        break;
    case '-':
        if (c1 == '>' && c2 == '*')
            n = 3, code = P_ARROW_STAR;
        else if (c1 == '>')
            n = 2, code = P_ARROW;
        else if (c1 == '-')
            n = 2, code = P_DEC;
        else if (c1 == '=')
            n = 2, code = P_ASSIGN_OP;
        break;
    case '.':
        if (c1 == '.' && c2 == '.')
            n = 3, code = P_ELLIPSIS;
        else if (c1 == '*')
            n = 2, code = P_DOT_STAR;
        break;
    case '=':
        if (c1 == '=')
            n = 2, code = P_EQ;
        break;
    case '!':
        if (c1 == '=')
            n = 2, code = P_NE;
        break;
    case '<':
        /* '<' stays single so that "<<<" is three adjacent tokens. */
        if (c1 == '=' && c2 == '>')
            n = 3, code = P_SPACESHIP;
        else if (c1 == '=')
            n = 2, code = P_LE;
        else if (c1 == '<' && c2 == '=')
            n = 3, code = P_ASSIGN_OP;
        break;
    case '>':
        /* '>' stays single: ">>" may close two template argument lists. */
        if (c1 == '=')
            n = 2, code = P_GE;
        else if (c1 == '>' && c2 == '=')
            n = 3, code = P_ASSIGN_OP;
        break;
    case '&':
        if (c1 == '&')
            n = 2, code = P_AND;
        else if (c1 == '=')
            n = 2, code = P_ASSIGN_OP;
        break;
    case '|':
        if (c1 == '|')
            n = 2, code = P_OR;
        else if (c1 == '=')
            n = 2, code = P_ASSIGN_OP;
        break;
    case '+':
        if (c1 == '+')
            n = 2, code = P_INC;
        else if (c1 == '=')
            n = 2, code = P_ASSIGN_OP;
        break;
    case '*': case '/': case '%': case '^':
        if (c1 == '=')
            n = 2, code = P_ASSIGN_OP;
        break;
    case '#':
        if (c1 == '#')
            n = 2, code = P_HASHHASH;
        break;
    default:
        break;
    }
    L->pos += n;
    return code;
}

/* Reads a decimal number at s[*p], advancing *p; -1 if none. */
static long read_decimal(const char *s, size_t end, size_t *p)
{
    long v = 0;
    size_t start = *p;
    while (*p < end && is_digit((unsigned char)s[*p])) {
        if (v < 100000000)
            v = v * 10 + (s[*p] - '0');
        (*p)++;
    }
    return *p > start ? v : -1;
}

/* Parses "# N "file" flags" or "#line N "file"" in the directive
 * s[off, end) found on physical line `line`; fills *m and returns 1 if it
 * is a line marker. */
static int parse_marker(const char *s, size_t off, size_t end, uint32_t line,
                        const lex_marker *prev, lex_marker *m)
{
    size_t p = off + 1;
    while (p < end && (s[p] == ' ' || s[p] == '\t'))
        p++;
    if (end - p >= 4 && memcmp(s + p, "line", 4) == 0) {
        p += 4;
        while (p < end && (s[p] == ' ' || s[p] == '\t'))
            p++;
    }
    long n = read_decimal(s, end, &p);
    if (n < 0)
        return 0;
    m->line = line + 1;
    m->presumed = (uint32_t)n;
    m->file_off = prev ? prev->file_off : 0;
    m->file_len = prev ? prev->file_len : 0;
    while (p < end && (s[p] == ' ' || s[p] == '\t'))
        p++;
    if (p < end && s[p] == '"') {
        size_t q = ++p;
        while (q < end && s[q] != '"' && s[q] != '\n') {
            if (s[q] == '\\' && q + 1 < end && s[q + 1] != '\n')
                q++;
            q++;
        }
        if (q < end && s[q] == '"') { /* else malformed: keep the file */
            m->file_off = (uint32_t)p;
            m->file_len = (uint32_t)(q - p);
        }
    }
    return 1;
}

int lex_run(lex_unit *u, const char *src, size_t len)
{
    lexer L = {src, len, 0, 1};
    size_t tcap = 0, mcap = 0, dcap = 0, scap = 0, sn = 0;
    int32_t *stack = NULL;
    int bol = 1;

    memset(u, 0, sizeof *u);
    u->src = src;
    u->len = len;
    if (len >= UINT32_MAX)
        return -1;
    tcap = len / 4 + 64;
    u->toks = malloc(tcap * sizeof *u->toks);
    if (!u->toks)
        goto oom;

    while (L.pos < len) {
        unsigned char c = (unsigned char)src[L.pos];
        size_t start = L.pos;
        uint32_t line = L.line;
        uint16_t kind, punct = 0;

        if (c == '\n') {
            L.line++;
            L.pos++;
            bol = 1;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f') {
            L.pos++;
            continue;
        }
        if (c == '\\' && L.pos + 1 < len && src[L.pos + 1] == '\n') {
            L.pos += 2;
            L.line++;
            continue;
        }
        if (c == '#' && bol) {
            while (L.pos < len && src[L.pos] != '\n') {
                if (src[L.pos] == '\\' && L.pos + 1 < len && src[L.pos + 1] == '\n')
                    L.pos++, L.line++;
                L.pos++;
            }
            GROW(u->directives, u->ndirectives, dcap);
            u->directives[u->ndirectives].off = (uint32_t)start;
            u->directives[u->ndirectives].len = (uint32_t)(L.pos - start);
            u->ndirectives++;
            lex_marker m;
            const lex_marker *prev = u->nmarkers ? &u->markers[u->nmarkers - 1] : NULL;
            if (parse_marker(src, start, L.pos, L.line, prev, &m)) {
                GROW(u->markers, u->nmarkers, mcap);
                u->markers[u->nmarkers++] = m;
            }
            continue;
        }
        bol = 0;
        if (c == '/' && L.pos + 1 < len && src[L.pos + 1] == '/') {
            while (L.pos < len && src[L.pos] != '\n') {
                if (src[L.pos] == '\\' && L.pos + 1 < len && src[L.pos + 1] == '\n')
                    L.pos++, L.line++;
                L.pos++;
            }
            continue;
        }
        if (c == '/' && L.pos + 1 < len && src[L.pos + 1] == '*') {
            L.pos += 2;
            while (L.pos < len && !(src[L.pos] == '*' && L.pos + 1 < len && src[L.pos + 1] == '/')) {
                if (src[L.pos] == '\n')
                    L.line++;
                L.pos++;
            }
            L.pos = L.pos < len ? L.pos + 2 : len;
            continue;
        }

        if (is_ident_start(c)) {
            while (L.pos < len && is_ident_char((unsigned char)src[L.pos]))
                L.pos++;
            kind = TK_IDENT;
            int raw;
            if (L.pos < len && (src[L.pos] == '"' || src[L.pos] == '\'') &&
                literal_prefix(src + start, L.pos - start, &raw)) {
                if (src[L.pos] == '\'') {
                    if (!raw) {
                        skip_quoted(&L, '\'');
                        skip_ud_suffix(&L);
                        kind = TK_CHAR;
                    }
                } else {
                    if (!raw || !skip_raw(&L))
                        skip_quoted(&L, '"');
                    skip_ud_suffix(&L);
                    kind = TK_STRING;
                }
            }
        } else if (is_digit(c) || (c == '.' && L.pos + 1 < len && is_digit((unsigned char)src[L.pos + 1]))) {
            L.pos++;
            while (L.pos < len) {
                unsigned char d = (unsigned char)src[L.pos];
                if ((d == 'e' || d == 'E' || d == 'p' || d == 'P') && L.pos + 1 < len &&
                    (src[L.pos + 1] == '+' || src[L.pos + 1] == '-'))
                    L.pos += 2;
                else if (is_ident_char(d) || d == '.')
                    L.pos++;
                else if (d == '\'' && L.pos + 1 < len && is_ident_char((unsigned char)src[L.pos + 1]))
                    L.pos += 2;
                else
                    break;
            }
            kind = TK_NUMBER;
        } else if (c == '"') {
            skip_quoted(&L, '"');
            skip_ud_suffix(&L);
            kind = TK_STRING;
        } else if (c == '\'') {
            skip_quoted(&L, '\'');
            skip_ud_suffix(&L);
            kind = TK_CHAR;
        } else {
            punct = lex_punctuator(&L);
            kind = TK_PUNCT;
        }

        GROW(u->toks, u->ntoks, tcap);
        lex_tok *t = &u->toks[u->ntoks];
        t->off = (uint32_t)start;
        t->len = (uint32_t)(L.pos - start);
        t->line = line;
        t->match = -1;
        t->kind = kind;
        t->punct = punct;

        if (kind == TK_PUNCT && (punct == '(' || punct == '[' || punct == '{')) {
            GROW(stack, sn, scap);
            stack[sn++] = (int32_t)u->ntoks;
        } else if (kind == TK_PUNCT && (punct == ')' || punct == ']' || punct == '}')) {
            uint16_t open = punct == ')' ? '(' : punct == ']' ? '[' : '{';
            /* Recover from a stray closer: match the nearest opener of its
             * kind and leave the openers above it unmatched. */
            size_t k = sn;
            while (k > 0 && u->toks[stack[k - 1]].punct != open)
                k--;
            if (k > 0) {
                t->match = stack[k - 1];
                u->toks[stack[k - 1]].match = (int32_t)u->ntoks;
                sn = k - 1;
            }
        }
        u->ntoks++;
    }
    u->lines = L.line - 1;
    free(stack);
    return 0;

oom:
    free(stack);
    lex_free(u);
    return -1;
}

void lex_free(lex_unit *u)
{
    free(u->toks);
    free(u->markers);
    free(u->directives);
    u->toks = NULL;
    u->markers = NULL;
    u->directives = NULL;
    u->ntoks = u->nmarkers = u->ndirectives = 0;
}

uint32_t lex_presumed(const lex_unit *u, uint32_t line, const char **file, size_t *file_len)
{
    size_t lo = 0, hi = u->nmarkers;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (u->markers[mid].line <= line)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0) {
        *file = NULL;
        *file_len = 0;
        return line;
    }
    const lex_marker *m = &u->markers[lo - 1];
    *file = m->file_len ? u->src + m->file_off : NULL;
    *file_len = m->file_len;
    return m->presumed + (line - m->line);
}
