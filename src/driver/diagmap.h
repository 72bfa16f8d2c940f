/*
 * diagmap.h: the compiler's diagnostics on lines the rewriter changed,
 * told in the user's columns.
 *
 * The rewriter keeps every line's number (rewrite.h) but not its columns:
 * a launch or a __shared__ declaration grows into longer text, so clang's
 * "file:line:col:" and the source line it quotes under a diagnostic are
 * the rewritten text's.  A diagmap holds, for each line the rewriter
 * changed, its text before and after; simtcc runs the compile of
 * rewritten text with stderr through simt__dm_filter, which gives such a
 * diagnostic the column of the same character in the text before (for a
 * character the rewriter inserted, the start of what it replaced), and
 * quotes that text with the caret there.
 */
#ifndef SIMT_DRIVER_DIAGMAP_H
#define SIMT_DRIVER_DIAGMAP_H

#include <stddef.h>
#include <stdio.h>

typedef struct simt__dm_line {
    char *file;      /* as diagnostics name it (the marker's, unescaped) */
    long line;       /* presumed line */
    char *in, *out;  /* the line before and after rewriting, no '\n' */
} simt__dm_line;

typedef struct simt__dm {
    simt__dm_line *v;
    size_t n, cap;
} simt__dm;

/* Fills m from the rewriter's input and output (the same lines, the
 * output may end with a line of its own);
 * file0 names lines before the first line marker.  Returns 0, or -1 when
 * the texts do not pair line for line or memory ran out (m is then
 * empty: diagnostics pass unchanged). */
int simt__dm_build(simt__dm *m, const char *in, size_t inlen, const char *out, size_t outlen,
                   const char *file0);

/* The 1-based byte column in `in` of 1-based byte column col of `out`. */
size_t simt__dm_col(const char *in, const char *out, size_t col);

/* Copies from to `to`, line by line, remapping diagnostics on m's lines. */
void simt__dm_filter(const simt__dm *m, FILE *from, FILE *to);

void simt__dm_free(simt__dm *m);

#endif /* SIMT_DRIVER_DIAGMAP_H */
