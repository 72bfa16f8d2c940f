/*
 * rewrite.h: simtcc's source rewriter, from preprocessed CUDA C++ to
 * preprocessed C++ that any C++17 compiler builds against simt's headers.
 *
 * The output contract (what launches, __global__ functions and __shared__
 * declarations become) is in docs/ARCHITECTURE.md, "simtcc and the
 * rewriter".  The rewriter is a function from one buffer to another, with
 * no process or file of its own, so that tests and fuzzers call it
 * directly.
 *
 * Key invariant: text outside the rewritten constructs is copied byte for
 * byte, inserted text never holds a newline and removed text leaves its
 * newlines (and directive lines), so every line keeps its number.
 */
#ifndef SIMT_DRIVER_REWRITE_H
#define SIMT_DRIVER_REWRITE_H

#include <stddef.h>

/* A growable byte buffer; zero-initialize before first use. */
typedef struct rw_buf {
    char *data;
    size_t len, cap;
    int oom; /* set once an append failed; later appends do nothing */
} rw_buf;

void rw_buf_put(rw_buf *b, const char *s, size_t n);
void rw_buf_puts(rw_buf *b, const char *s);
void rw_buf_printf(rw_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void rw_buf_free(rw_buf *b);

typedef struct rw_options {
    /* Names the input in diagnostics and prologues until the first line
     * marker; NULL means "<input>". */
    const char *filename;
    /* The emulated compute capability, 10 * major + minor (90 for sm_90). */
    int arch;
} rw_options;

/* Rewrites src[0, len) into out (appended) and appends one
 * "file:line: error: ..." line per error to diag.  Returns the number of
 * errors (the output is then not to be compiled), or -1 when out of
 * memory. */
int rewrite(const char *src, size_t len, const rw_options *opt, rw_buf *out, rw_buf *diag);

#endif /* SIMT_DRIVER_REWRITE_H */
