/*
 * rw_test.h: helpers for the rewriter's tests: run the rewriter in this
 * process, check that lines are preserved, compare text and print both
 * sides on a mismatch.
 */
#ifndef SIMT_TEST_RW_TEST_H
#define SIMT_TEST_RW_TEST_H

#include "rewrite.h"
#include "test.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARCH_NOTE_FMT \
    "static const int simt__arch_note __attribute__((unused)) = ::simt__note_arch(%d);"

static inline size_t count_nl(const char *s, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += s[i] == '\n';
    return k;
}

typedef struct rw_result {
    char *out;  /* without the closing arch note */
    char *diag;
    int errors;
} rw_result;

/* Rewrites src (file name "t.cu", arch 90) and checks the invariants
 * every output has: same number of newlines, the arch note at the end. */
static inline rw_result rw_run_arch(const char *file, const char *src, int arch)
{
    rw_buf out = {0}, diag = {0};
    rw_options o = {file, arch};
    size_t len = strlen(src);
    rw_result r;
    r.errors = rewrite(src, len, &o, &out, &diag);
    r.diag = diag.data ? diag.data : calloc(1, 1);
    r.out = out.data ? out.data : calloc(1, 1);
    if (r.errors == 0) {
        char note[160];
        snprintf(note, sizeof note, ARCH_NOTE_FMT, arch);
        size_t nl = strlen(note);
        if (out.len < nl || strcmp(r.out + out.len - nl, note) != 0)
            TEST_FAIL("output does not end with the arch note:\n%s", r.out);
        size_t want = count_nl(src, len) + (len && src[len - 1] != '\n');
        if (count_nl(r.out, out.len) != want)
            TEST_FAIL("lines changed: %zu newlines in, %zu out\n--- in\n%s\n--- out\n%s",
                      count_nl(src, len), count_nl(r.out, out.len), src, r.out);
        r.out[out.len - nl] = 0;
    }
    return r;
}

static inline rw_result rw_run(const char *src)
{
    return rw_run_arch("t.cu", src, 90);
}

static inline void rw_free(rw_result *r)
{
    free(r->out);
    free(r->diag);
}

#define ASSERT_STR_EQ(got, want)                                                   \
    do {                                                                           \
        const char *g_ = (got), *w_ = (want);                                      \
        if (strcmp(g_, w_) != 0) {                                                 \
            size_t k_ = 0;                                                         \
            while (g_[k_] && g_[k_] == w_[k_])                                     \
                k_++;                                                              \
            TEST_FAIL("text differs at byte %zu\n--- got\n%s\n--- want\n%s", k_, g_, w_); \
        }                                                                          \
    } while (0)

/* The rewrite of src must be want. */
#define EXPECT_RW(src, want)                                                       \
    do {                                                                           \
        rw_result r_ = rw_run(src);                                                \
        if (r_.errors)                                                             \
            TEST_FAIL("unexpected errors:\n%s", r_.diag);                          \
        ASSERT_STR_EQ(r_.out, want);                                               \
        rw_free(&r_);                                                              \
    } while (0)

/* The rewrite of src must fail with a diagnostic containing msg. */
#define EXPECT_ERR(src, msg)                                                       \
    do {                                                                           \
        rw_result r_ = rw_run(src);                                                \
        if (r_.errors == 0)                                                        \
            TEST_FAIL("expected an error, got:\n%s", r_.out);                      \
        ASSERT_STR_CONTAINS(r_.diag, msg);                                         \
        rw_free(&r_);                                                              \
    } while (0)

/* The prologue ARCHITECTURE.md specifies, as the rewriter spells it. */
static inline char *prologue(const char *name, const char *file, int line, const char *lb0,
                             const char *lb1, const char *cx, const char *cy, const char *cz,
                             const char *params, const char *qname)
{
    char *s = NULL;
    if (asprintf(&s,
                 " if (__builtin_expect(::simt__probing, 0)) { struct simt__ki { static void "
                 "info(::simt_kernel *simt__k) { simt__k->name = \"%s\"; simt__k->file = "
                 "\"%s\"; simt__k->line = %d; simt__k->max_threads = (%s); "
                 "simt__k->min_blocks = (%s); simt__k->cluster_dims[0] = (%s); "
                 "simt__k->cluster_dims[1] = (%s); simt__k->cluster_dims[2] = (%s); } }; "
                 "::simt__probe_reply(&::simt__kreg<void (*)(%s), &%s, simt__ki>::kernel); "
                 "return; }",
                 name, file, line, lb0, lb1, cx, cy, cz, params, qname) < 0)
        abort();
    return s;
}

/* printf into a new string. */
static inline char *str(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static inline char *str(const char *fmt, ...)
{
    char *s = NULL;
    va_list ap;
    va_start(ap, fmt);
    if (vasprintf(&s, fmt, ap) < 0)
        abort();
    va_end(ap);
    return s;
}

#endif
