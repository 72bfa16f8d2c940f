/*
 * lex.h: a C++ tokenizer for preprocessed translation units.
 *
 * The rewriter reads tokens but writes bytes: every token keeps its offset
 * and length in the input, so text the rewriter leaves alone is copied from
 * the input unchanged.  Only significant tokens go into the token array;
 * comments (which survive -C) and directive lines (line markers, #pragma)
 * are whitespace to the rewriter, and are found again from the input bytes
 * when a removed range must keep them.
 *
 * Key invariants: tokens are in input order and do not overlap; '<' and '>'
 * are always single-character tokens (so "<<<", ">>>" and the ">>" that
 * closes two template argument lists are runs of adjacent tokens); every
 * ( [ { token's match is the index of its closing partner, and the
 * partner's match points back, or both are -1 when unbalanced.
 */
#ifndef SIMT_DRIVER_LEX_H
#define SIMT_DRIVER_LEX_H

#include <stddef.h>
#include <stdint.h>

enum lex_kind {
    TK_IDENT = 1, /* identifiers and keywords */
    TK_NUMBER,    /* pp-numbers */
    TK_STRING,    /* string literals, any prefix, raw, with ud-suffix */
    TK_CHAR,      /* character literals */
    TK_PUNCT      /* punctuators; see lex_punct */
};

/* Punctuator codes: a single-character punctuator is its character; the
 * longer ones the rewriter needs to tell apart have codes above 255. */
enum lex_punct {
    P_SCOPE = 256, /* :: */
    P_ARROW,       /* -> */
    P_ARROW_STAR,  /* ->* */
    P_DOT_STAR,    /* .* */
    P_ELLIPSIS,    /* ... */
    P_EQ,          /* == */
    P_NE,          /* != */
    P_LE,          /* <= */
    P_GE,          /* >= */
    P_SPACESHIP,   /* <=> */
    P_AND,         /* && */
    P_OR,          /* || */
    P_INC,         /* ++ */
    P_DEC,         /* -- */
    P_HASHHASH,    /* ## */
    P_ASSIGN_OP    /* += -= *= /= %= &= |= ^= <<= >>= */
};

typedef struct lex_tok {
    uint32_t off;   /* byte offset in the input */
    uint32_t len;
    uint32_t line;  /* physical line in the input, 1-based */
    int32_t match;  /* partner of ( ) [ ] { }, else -1 */
    uint16_t kind;  /* enum lex_kind */
    uint16_t punct; /* enum lex_punct or the character, for TK_PUNCT */
} lex_tok;

/* A line marker: physical line `line` of the input and those after it are
 * line `presumed` and on of file `file` (as escaped in the marker). */
typedef struct lex_marker {
    uint32_t line;
    uint32_t presumed;
    uint32_t file_off, file_len;
} lex_marker;

/* A directive line (line marker, #pragma, ...): [off, off+len), no '\n'. */
typedef struct lex_span {
    uint32_t off, len;
} lex_span;

typedef struct lex_unit {
    const char *src;
    size_t len;
    lex_tok *toks;
    size_t ntoks;
    lex_marker *markers;
    size_t nmarkers;
    lex_span *directives;
    size_t ndirectives;
    uint32_t lines; /* newline characters in the input */
} lex_unit;

/* Tokenizes src[0, len).  Never fails on malformed input (an unterminated
 * literal or comment ends at the end of its line or of the input); returns
 * 0, or -1 when out of memory or when the input is 4 GiB or more. */
int lex_run(lex_unit *u, const char *src, size_t len);
void lex_free(lex_unit *u);

/* The user-visible position of physical line `line`: *file, *file_len
 * (escaped, as in the marker; NULL when no marker precedes it) and the
 * presumed line number. */
uint32_t lex_presumed(const lex_unit *u, uint32_t line, const char **file, size_t *file_len);

/* True when token t is punctuator p. */
static inline int lex_is(const lex_tok *t, unsigned p)
{
    return t->kind == TK_PUNCT && t->punct == p;
}

#endif /* SIMT_DRIVER_LEX_H */
