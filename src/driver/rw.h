/*
 * rw.h: the rewriter's internals, shared by its modules:
 *
 *   rewrite.c   the pass over the tokens, launches, edits, diagnostics
 *   rw_scan.c   bounded scans over tokens and copies of them into text
 *   rw_decl.c   declarations: __global__ and __device__ functions, __shared__
 *               variables
 *   rw_shift.c  shifts in kernel bodies
 *   rw_asm.c    inline asm in device code (PTX, translated by ptx.h)
 *   rw_names.c  the names simtcc maps to its own (math functions, printf)
 *   rw_space.c  nvcc's rules on which side may call what
 *
 * Key invariant: an edit's text never holds a newline; rw_put_toks() is
 * the one way token text gets into an edit, and it collapses gaps.
 */
#ifndef SIMT_DRIVER_RW_H
#define SIMT_DRIVER_RW_H

#include "lex.h"
#include "rewrite.h"

#include <stdint.h>
#include <string.h>

/* No construct the rewriter looks at spans more tokens than this; a scan
 * that gets this far gives up, which keeps malformed input linear. */
#define SCAN_LIMIT 100000

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

struct rw_shadow;
struct rw_owned;
struct rw_space;
#define RW_NAME_SLOTS 256

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
    long kernel_end; /* the '}' closing the kernel body being passed, or 0 */
    long device_end; /* the '}' closing the device code being passed, or 0 */
    long dev_scan_end; /* how far the last __device__ declaration was read */
    int dev_scan_shared; /* ... and whether it declares a __shared__ variable */
    unsigned next_asm;
    long launch_gt;  /* the first '>' of the last launch's ">>>", or -1 */
    unsigned names_on; /* groups of mapped names whose header marker was seen */
    int16_t name_slot[RW_NAME_SLOTS]; /* mapped names' hash: index + 1, 0 empty */
    struct rw_shadow *shadows; /* declarations hiding mapped names, innermost last */
    size_t nshadows, shcap;
    struct rw_owned *owned; /* mapped names declared by classes and namespaces */
    size_t nowned, owcap;
    struct rw_space *space; /* nvcc's execution-space rules (rw_space.c) */
    int errors;
    int oom;
} rw;

/* ---- tokens ---------------------------------------------------------- */

static inline int is_p(const rw *r, long i, unsigned p)
{
    return i >= 0 && i < r->n && lex_is(&r->t[i], p);
}

static inline int is_id(const rw *r, long i)
{
    return i >= 0 && i < r->n && r->t[i].kind == TK_IDENT;
}

static inline int id_eq(const rw *r, long i, const char *w, size_t wl)
{
    return is_id(r, i) && r->t[i].len == wl && memcmp(r->s + r->t[i].off, w, wl) == 0;
}

#define ID_IS(r, i, lit) id_eq((r), (i), (lit), sizeof(lit) - 1)

static inline uint32_t tok_end(const rw *r, long i)
{
    return r->t[i].off + r->t[i].len;
}

/* Do tokens i and i + 1 touch (no space between them)? */
static inline int adjacent(const rw *r, long i)
{
    return i + 1 < r->n && tok_end(r, i) == r->t[i + 1].off;
}

static inline int same_text(const rw *r, long i, long j)
{
    return r->t[i].len == r->t[j].len &&
           memcmp(r->s + r->t[i].off, r->s + r->t[j].off, r->t[i].len) == 0;
}


int rw_word_in(const rw *r, long i, const char *const *list);
int rw_is_keyword(const rw *r, long i);
/* An identifier that can name an entity in an expression. */
int rw_is_name(const rw *r, long i);

/* The '<' matching the '>' at j, scanning backwards; -1 if none. */
long rw_angle_open(const rw *r, long j);
/* The '>' matching the '<' at j, before token lim; -1 if none. */
long rw_angle_close(const rw *r, long j, long lim);
/* The first top-level token p in [a, lim) — brackets and template
 * argument lists skipped — or lim. */
long rw_find_top(const rw *r, long a, long lim, unsigned p);
/* The next top-level comma in [a, lim), or lim. */
long rw_next_comma(const rw *r, long a, long lim);
/* Attributes ("[[...]]", "__attribute__((...))", "alignas(...)", ...)
 * and type operators ("decltype(...)") that end at the ')' or ']' at j,
 * or start at i: their other end goes to *start or *end. */
int rw_attr_end(const rw *r, long j, long *start);
int rw_attr_start(const rw *r, long i, long *end);

/* rw_shift.c: a shift at token i of a kernel body ('<' '<', '>' '>',
 * "<<=", ">>=") gets the GPU's meaning of counts of the operand's width
 * or more; returns the last token it read. */
long rw_shift(rw *r, long i);

/* rw_asm.c: is token i asm, __asm__ or __asm?  rw_asm() translates the
 * inline PTX of an asm statement at token i of device code; returns the
 * last token it read (the pass goes on into the operand expressions). */
int rw_is_asm(const rw *r, long i);
long rw_asm(rw *r, long i);

/* rw_names.c: the names simtcc maps to its own.  rw_names_init() before
 * the pass; rw_names_ident() for each identifier i (renames a call of the
 * C library's function, records declarations that hide it; returns the
 * last token it read); rw_names_open() after a '{' at o pushed its scope
 * (outer_kind: the scope it is in), rw_names_close() after a '}' at c
 * popped one. */
void rw_names_init(rw *r);
long rw_names_ident(rw *r, long i);
void rw_names_open(rw *r, long o, int outer_kind);
void rw_names_close(rw *r, long c);

/* rw_space.c: nvcc's execution-space rules (device code calling host
 * functions and the reverse, host code reading __device__ variables).
 * The hooks: a kernel named at token `name` whose body the pass enters;
 * a __device__ at i (parameter list lp or -1, body or -1); a '{' at o in
 * a scope of kind outer; each identifier; the end of the pass. */
void rw_space_kernel(rw *r, long name);
void rw_space_device(rw *r, long i, long lp, long body);
void rw_space_open(rw *r, long o, int outer);
void rw_space_ident(rw *r, long i);
/* __constant__ at token i (the rewriter removes it): a variable of the file
 * device code may not assign. */
void rw_space_constant(rw *r, long i);
void rw_space_finish(rw *r);
void rw_space_free(rw *r);

/* ---- text ------------------------------------------------------------- */

void rw_put(rw_buf *b, const char *s);
/* Token i's text; a newline in it (raw strings) becomes a space. */
void rw_put_tok(const rw *r, rw_buf *b, long i);
/* Tokens a..bl (inclusive) with their inner gaps, each collapsed to one
 * space when it holds a newline, a comment or a directive; token `swap`
 * is written as `repl` instead. */
void rw_put_toks(const rw *r, rw_buf *b, long a, long bl, long swap, const char *repl);
/* A C string literal's contents for s. */
void rw_put_escaped(rw_buf *b, const char *s);

/* ---- edits, diagnostics, scopes (rewrite.c) ----------------------------- */

/* Records an edit replacing input bytes [start, end) with r->text from
 * `mark` to its end. */
void rw_add_edit(rw *r, uint32_t start, uint32_t end, size_t mark);
void rw_replace_toks(rw *r, long a, long b, const char *text);
/* The file and line of token i as the user wrote them. */
uint32_t rw_where(const rw *r, long i, const char **file, size_t *flen);
void rw_error_at(rw *r, long i, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int rw_scope_kind(const rw *r);

/* ---- declarations (rw_decl.c) ------------------------------------------- */

/* __global__ at token g: removes it, and when it starts a function
 * definition, inserts the registration prologue after the body's '{'. */
void rw_kernel(rw *r, long g);
/* __device__ at token i: removed; when it starts a function definition
 * or a lambda, the body is device code (r->device_end). */
void rw_device(rw *r, long i);
/* __launch_bounds__(...), __cluster_dims__(...), __maxnreg__(...) at i:
 * removed.  Returns the last token handled. */
long rw_remove_attr(rw *r, long i);
/* A __shared__ declaration around token s0.  Returns the last token
 * handled. */
long rw_shared_decl(rw *r, long s0);
/* The namespace-scope __shared__ variable identifier i names, or -1. */
long rw_nsvar_find(const rw *r, long i);
/* Identifier i names namespace-scope __shared__ variable v: a use of it
 * becomes a call of its accessor. */
void rw_nsvar_use(rw *r, long i, long v);

#endif /* SIMT_DRIVER_RW_H */
