/*
 * rw_decl.c: the rewriter's declarations: __global__ functions get their
 * registration prologue, __shared__ variables become references into the
 * block's arena (the output is specified in docs/ARCHITECTURE.md), and
 * __device__ marks the functions whose bodies are device code.
 *
 * Both read a declaration with short scans around the qualifier: back to
 * the start of its decl-specifiers (and a template header), forward to its
 * parameter list, body or terminating ';'.
 */
#include "rw.h"

#include <stdio.h>
#include <stdlib.h>

/* Words that make up a fundamental type. */
static const char *const type_words[] = {
    "bool", "char", "char8_t", "char16_t", "char32_t", "wchar_t", "short", "int",
    "long", "signed", "unsigned", "float", "double", "void", "auto", "__int128",
    "__signed__", "_Float16", "__fp16", "__bf16", "__float128", "_Complex",
    "__complex__", NULL};

/* Decl-specifiers that are not part of a __shared__ variable's type. */
static const char *const storage_words[] = {
    "static", "extern", "register", "thread_local", "__thread", "inline", "constexpr",
    "constinit", "mutable", "__inline", "__inline__", "__device__", NULL};

/* Decl-specifiers that are. */
static const char *const cv_words[] = {
    "const", "volatile", "__restrict", "__restrict__", "__extension__", "__volatile__",
    "__const", NULL};

/* Keywords after which an identifier is an operand, not a declarator. */
static const char *const operand_words[] = {
    "return", "sizeof", "case", "throw", "delete", "co_return", "co_yield",
    "co_await", "else", "do", "new", "typeid", NULL};

/* A token's text, for messages (truncated). */
static const char *tok_text(const rw *r, long i, char *buf, size_t size)
{
    size_t n = r->t[i].len < size - 1 ? r->t[i].len : size - 1;
    memcpy(buf, r->s + r->t[i].off, n);
    buf[n] = 0;
    return buf;
}

/* ---- kernels -------------------------------------------------------------- */

/* The first token of the declarator-id (possibly qualified, possibly a
 * template-id) ending at e; -1 if none. */
static long declarator_id_start(const rw *r, long e)
{
    long i = e;
    for (long steps = 0; steps < SCAN_LIMIT; steps++) {
        if (is_p(r, i, '>')) {
            long o = rw_angle_open(r, i);
            if (o < 1)
                return -1;
            i = o - 1;
        }
        if (!rw_is_name(r, i))
            return -1;
        long k = i - 1;
        if (ID_IS(r, k, "template") && is_p(r, k - 1, P_SCOPE))
            k--;
        if (!is_p(r, k, P_SCOPE))
            return i;
        if (rw_is_name(r, k - 1) || is_p(r, k - 1, '>')) {
            i = k - 1;
            continue;
        }
        return k;
    }
    return -1;
}

/* Appends argument k of the parenthesized list opened at token lp, or
 * `dflt` when the list has fewer arguments. */
static void put_arg(const rw *r, rw_buf *b, long lp, int k, const char *dflt)
{
    long rp = r->t[lp].match, a = lp + 1;
    for (int idx = 0; a < rp; idx++) {
        long c = rw_next_comma(r, a, rp);
        if (idx == k) {
            if (c > a)
                rw_put_toks(r, b, a, c - 1, -1, NULL);
            else
                rw_put(b, dflt);
            return;
        }
        a = c + 1;
    }
    rw_put(b, dflt);
}

/* Appends "<P1, P2, Ps...>" for the template header whose parameter list
 * is [lt, gt], and names every unnamed parameter in the header so that the
 * list can refer to it. */
static void put_template_args(rw *r, rw_buf *b, long lt, long gt)
{
    rw_put(b, "<");
    for (long a = lt + 1; a < gt;) {
        long c = rw_next_comma(r, a, gt);
        long e = rw_find_top(r, a, c, '=');
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
                    if (rw_is_name(r, t->match - 1))
                        in_parens = t->match - 1;
                    else if (t->match == j + 2)
                        slot = j + 1; /* unnamed: R (*)(A) */
                }
                j = t->match;
            } else if (lex_is(t, '<') && j > a) {
                long cl = rw_angle_close(r, j, e);
                if (cl > 0)
                    j = cl;
            }
        }
        if (a > lt + 1)
            rw_put(b, ", ");
        int named = last > a && last == e - 1 && !rw_is_keyword(r, last) &&
                    (is_id(r, last - 1) || is_p(r, last - 1, '>') || is_p(r, last - 1, '*') ||
                     is_p(r, last - 1, '&') || is_p(r, last - 1, P_AND) ||
                     is_p(r, last - 1, P_ELLIPSIS) || is_p(r, last - 1, ')'));
        if (in_parens >= 0) {
            rw_put_tok(r, b, in_parens);
        } else if (named) {
            rw_put_tok(r, b, last);
        } else if (e > a) {
            char name[32];
            snprintf(name, sizeof name, "simt__tp%u", r->next_tparam++);
            size_t mark = r->text.len;
            rw_buf_printf(&r->text, slot == e - 1 ? " %s" : "%s", name);
            rw_add_edit(r, tok_end(r, slot), tok_end(r, slot), mark);
            rw_put(b, name);
        }
        if (pack)
            rw_put(b, "...");
        a = c + 1;
    }
    rw_put(b, ">");
}

/* The reference to a kernel in its own body names it from the global
 * namespace when its declarator-id (tokens a..e) is unqualified: a
 * parameter of the kernel's name (`scale(float *x, float scale)`) hides
 * the plain name there.  The named namespaces it is declared in give the
 * path; an unnamed namespace's members are found through the one around
 * it.  Nothing is written inside a class or block, where the kernel
 * cannot be named so. */
static void put_namespaces(rw *r, rw_buf *b, long a, long e)
{
    for (long k = a; k <= e; k++)
        if (is_p(r, k, P_SCOPE))
            return;
    for (size_t s = 0; s < r->nscopes; s++)
        if (r->scopes[s].kind != SC_NS)
            return;
    rw_put(b, "::");
    for (size_t s = 0; s < r->nscopes; s++) {
        long name = r->scopes[s].name;
        if (name < 0)
            continue;
        long k = name; /* namespace A::B { */
        while (k >= 2 && is_p(r, k - 1, P_SCOPE) && is_id(r, k - 2))
            k -= 2;
        for (; k <= name; k += 2) {
            rw_put_tok(r, b, k);
            rw_put(b, "::");
        }
    }
}

/* __global__ at token g: removes it, and when it starts a function
 * definition, inserts the registration prologue after the body's '{'. */
void rw_kernel(rw *r, long g)
{
    long lb = -1, cd = -1, tmpl_lt = -1, tmpl_gt = -1;
    rw_replace_toks(r, g, g, "");

    /* Back over the decl-specifiers to a template header. */
    long host = -1; /* a __host__ among them */
    for (long j = g - 1, steps = 0; j >= 0 && steps < SCAN_LIMIT; steps++) {
        const lex_tok *t = &r->t[j];
        long a;
        if (t->kind == TK_IDENT || t->kind == TK_STRING || lex_is(t, P_SCOPE) ||
            lex_is(t, '*') || lex_is(t, '&')) {
            if (ID_IS(r, j, "__host__"))
                host = j;
            j--;
        } else if (lex_is(t, '>')) {
            long o = rw_angle_open(r, j);
            if (o < 0)
                break;
            if (ID_IS(r, o - 1, "template")) {
                tmpl_lt = o;
                tmpl_gt = j;
                break;
            }
            j = o - 1;
        } else if ((lex_is(t, ')') || lex_is(t, ']')) && rw_attr_end(r, j, &a)) {
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
        if (rw_attr_start(r, j, &e)) {
            if (ID_IS(r, j, "__launch_bounds__"))
                lb = j + 1;
            else if (ID_IS(r, j, "__cluster_dims__"))
                cd = j + 1;
            j = e;
        } else if (lex_is(t, '<')) {
            long c = rw_angle_close(r, j, r->n);
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
        } else if (ID_IS(r, j, "__host__")) {
            host = j;
        }
    }
    /* nvcc: a kernel runs on the device only; "__global__ __host__" is its
     * EDG front end's "illegal combination of memory qualifiers". */
    if (host >= 0) {
        rw_error_at(r, host, "illegal combination of memory qualifiers");
        return;
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
        name = rw_angle_open(r, name) - 1;

    /* Past trailing specifiers to the body, or to the end of a declaration. */
    long body = -1;
    for (j = rp + 1; j < r->n && j - rp < SCAN_LIMIT; j++) {
        const lex_tok *t = &r->t[j];
        long e;
        if (rw_attr_start(r, j, &e)) {
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
    r->kernel_end = r->t[body].match;
    rw_space_kernel(r, name);

    /* QNAME: the declarator-id, with the parameters of a primary
     * template appended. */
    rw_buf *q = &r->scratch;
    q->len = 0;
    put_namespaces(r, q, id0, lp - 1);
    rw_put_toks(r, q, id0, lp - 1, -1, NULL);
    if (tmpl_lt >= 0 && tmpl_gt > tmpl_lt + 1 && !has_targs)
        put_template_args(r, q, tmpl_lt, tmpl_gt);

    const char *file;
    size_t flen;
    uint32_t line = rw_where(r, name, &file, &flen);
    rw_buf *b = &r->text;
    size_t mark = b->len;
    rw_put(b, " if (__builtin_expect(::simt__probing, 0)) { struct simt__ki { static void "
           "info(::simt_kernel *simt__k) { simt__k->name = \"");
    rw_put_tok(r, b, name);
    rw_put(b, "\"; simt__k->file = \"");
    if (file)
        rw_buf_put(b, file, flen);
    else
        rw_put_escaped(b, r->opt->filename ? r->opt->filename : "<input>");
    rw_buf_printf(b, "\"; simt__k->line = %u; simt__k->max_threads = (", line);
    if (lb >= 0)
        put_arg(r, b, lb, 0, "0");
    else
        rw_put(b, "0");
    rw_put(b, "); simt__k->min_blocks = (");
    if (lb >= 0)
        put_arg(r, b, lb, 1, "0");
    else
        rw_put(b, "0");
    for (int k = 0; k < 3; k++) {
        rw_buf_printf(b, "); simt__k->cluster_dims[%d] = (", k);
        /* CUDA guide, cluster dims: an omitted dimension is 1, as in dim3. */
        if (cd >= 0)
            put_arg(r, b, cd, k, "1");
        else
            rw_put(b, "0");
    }
    rw_put(b, "); } }; ::simt__probe_reply(&::simt__kreg<void (*)(");
    for (long a = lp + 1; a < rp;) {
        long c = rw_next_comma(r, a, rp);
        long e = rw_find_top(r, a, c, '=');
        if (a > lp + 1)
            rw_put(b, ", ");
        if (e > a)
            rw_put_toks(r, b, a, e - 1, -1, NULL);
        a = c + 1;
    }
    rw_put(b, "), &");
    rw_buf_put(b, q->data ? q->data : "", q->len);
    rw_put(b, ", simt__ki>::kernel); return; }");
    rw_add_edit(r, tok_end(r, body), tok_end(r, body), mark);
}

/* __launch_bounds__(...), __cluster_dims__(...), __maxnreg__(...) at i:
 * removed.  Returns the last token handled. */
long rw_remove_attr(rw *r, long i)
{
    long e = i;
    if (is_p(r, i + 1, '(') && r->t[i + 1].match > i + 1)
        e = r->t[i + 1].match;
    rw_replace_toks(r, i, e, "");
    return e;
}

/* ---- __device__ ----------------------------------------------------------------- */

/* Reads the declaration __device__ at i begins: the parameter list's '('
 * (-1 if none: a variable), whether it declares a __shared__ variable, and
 * the token after the decl-specifiers and declarator-id it read. */
static long device_decl(const rw *r, long i, int *shared, long *end)
{
    long j;
    *shared = 0;
    for (j = i + 1; j < r->n && j - i < SCAN_LIMIT; j++) {
        const lex_tok *t = &r->t[j];
        long e;
        if (ID_IS(r, j, "__shared__")) {
            *shared = 1;
            break;
        }
        if (rw_attr_start(r, j, &e)) {
            j = e;
        } else if (lex_is(t, '<')) {
            long c = rw_angle_close(r, j, r->n);
            if (c < 0)
                break;
            j = c;
        } else if (ID_IS(r, j, "operator")) {
            /* operator() or operator@: on to the parameter list. */
            long k = j + 1;
            if (is_p(r, k, '(') && r->t[k].match == k + 1)
                k += 2;
            while (k < r->n && k - j < 8 && !is_p(r, k, '('))
                k++;
            j = k - 1;
        } else if (lex_is(t, '(')) {
            *end = j;
            return j;
        } else if (t->kind != TK_IDENT && !lex_is(t, P_SCOPE) && !lex_is(t, '*') &&
                   !lex_is(t, '&') && !lex_is(t, P_AND) && !lex_is(t, '~')) {
            break;
        }
    }
    *end = j;
    return -1;
}

/* The '{' opening the body of the function whose parameter list closes at
 * rp, or -1 when it is a declaration. */
static long function_body(const rw *r, long rp)
{
    int ctor_init = 0;
    for (long j = rp + 1; j < r->n && j - rp < SCAN_LIMIT; j++) {
        const lex_tok *t = &r->t[j];
        long e;
        if (rw_attr_start(r, j, &e)) {
            j = e;
        } else if (lex_is(t, '(') || lex_is(t, '[')) {
            if (t->match < 0)
                return -1;
            j = t->match;
        } else if (lex_is(t, ':')) {
            ctor_init = 1;
        } else if (lex_is(t, '{')) {
            if (t->match < 0)
                return -1;
            /* A member initializer's braces: "S() : a{1}, b{2} {}". */
            if (ctor_init && (is_id(r, j - 1) || is_p(r, j - 1, '>'))) {
                j = t->match;
                continue;
            }
            return j;
        } else if (lex_is(t, ';') || lex_is(t, '=') || lex_is(t, '}') ||
                   (lex_is(t, ',') && !ctor_init)) {
            return -1;
        }
    }
    return -1;
}

/* __device__ at token i: removed (it survives preprocessing, as __global__
 * does, for this); when it starts a function definition or a lambda, the
 * body is device code, whose inline asm is PTX.  A __shared__ declaration
 * drops it itself (it is a storage word there). */
void rw_device(rw *r, long i)
{
    if (i < r->dev_scan_end) {
        /* The same declaration as the __device__ before it, read already. */
        if (!r->dev_scan_shared)
            rw_replace_toks(r, i, i, "");
        return;
    }
    int shared;
    long end, lp = device_decl(r, i, &shared, &end);
    r->dev_scan_end = end;
    r->dev_scan_shared = shared;
    if (shared)
        return;
    rw_replace_toks(r, i, i, "");
    if (lp < 0 || r->t[lp].match < 0) {
        rw_space_device(r, i, -1, -1);
        return;
    }
    long body = function_body(r, r->t[lp].match);
    rw_space_device(r, i, lp, body);
    if (body >= 0 && r->t[body].match > r->device_end)
        r->device_end = r->t[body].match;
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

long rw_nsvar_find(const rw *r, long i)
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
void rw_nsvar_use(rw *r, long i, long v)
{
    char name[64], buf[96];
    unsigned id = r->vars[v].id;
    if (is_p(r, i - 1, '.') || is_p(r, i - 1, P_ARROW) || is_p(r, i - 1, P_DOT_STAR) ||
        is_p(r, i - 1, P_ARROW_STAR) || is_p(r, i + 1, P_SCOPE))
        return;
    if (is_p(r, i - 1, P_SCOPE)) {
        long q = i - 2;
        if (rw_is_name(r, q) && (r->vars[v].ns_name < 0 || !same_text(r, q, r->vars[v].ns_name)))
            return; /* another namespace's or class's member */
        snprintf(buf, sizeof buf, "simt__shv_%u()", id);
        rw_replace_toks(r, i, i, buf);
        return;
    }
    if (is_id(r, i - 1) && !rw_word_in(r, i - 1, operand_words)) {
        if (ID_IS(r, i - 1, "struct") || ID_IS(r, i - 1, "class") ||
            ID_IS(r, i - 1, "union") || ID_IS(r, i - 1, "enum") ||
            ID_IS(r, i - 1, "namespace") || ID_IS(r, i - 1, "goto"))
            return;
        rw_error_at(r, i, "declaration of '%s' hides a namespace-scope __shared__ variable; "
                       "rename it", tok_text(r, i, name, sizeof name));
        return;
    }
    snprintf(buf, sizeof buf, "(simt__shv_%u())", id);
    rw_replace_toks(r, i, i, buf);
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
            long c = rw_angle_close(r, j, lim);
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

/* An alignment of j's attribute (alignas(X), __align__(X),
 * __attribute__((aligned(X))) alone) that is not one number: sets [*x0,
 * *x1] to X and *e to the attribute's last token. */
static int computed_alignment(const rw *r, long j, long *x0, long *x1, long *e)
{
    long k;
    if (!rw_attr_start(r, j, e))
        return 0;
    if (ID_IS(r, j, "alignas") || ID_IS(r, j, "_Alignas") || ID_IS(r, j, "__align__")) {
        k = j + 1;
    } else if ((ID_IS(r, j, "__attribute__") || ID_IS(r, j, "__attribute")) &&
               is_p(r, j + 1, '(') && is_p(r, j + 2, '(') &&
               (ID_IS(r, j + 3, "aligned") || ID_IS(r, j + 3, "__aligned__")) &&
               is_p(r, j + 4, '(') && r->t[j + 4].match + 2 == *e) {
        k = j + 4;
    } else {
        return 0;
    }
    if (!is_p(r, k, '(') || r->t[k].match <= k + 1)
        return 0;
    *x0 = k + 1;
    *x1 = r->t[k].match - 1;
    return !(*x0 == *x1 && r->t[*x0].kind == TK_NUMBER);
}

/* Appends the decl-specifiers [ds, d0) of a __shared__ declaration as the
 * type of its typedef, without __shared__ and storage classes.  Standard
 * attributes go to pre, which precedes the typedef; GNU attributes and
 * alignas, as GCC's aligned attribute (alignas cannot apply to a typedef),
 * go to post, which follows its declarator: only there do both GCC and
 * Clang apply them to the type the typedef names.
 *
 * With al (a declaration in a function), an alignment that is not a
 * number goes to al instead, as alignas specifiers: in a template it may
 * depend on a template parameter (`__align__(alignof(T))`), which Clang
 * refuses on the typedef, not itself dependent ("requested alignment is
 * dependent but declaration is not dependent").  The caller gives that
 * alignment to the variable's storage. */
static void put_specs(const rw *r, rw_buf *b, rw_buf *pre, rw_buf *post, rw_buf *al, long ds,
                      long d0)
{
    int space = 0;
    for (long j = ds; j < d0; j++) {
        long e, x0, x1;
        if (ID_IS(r, j, "__shared__") || rw_word_in(r, j, storage_words)) {
            space = 1;
            continue;
        }
        if (al && computed_alignment(r, j, &x0, &x1, &e)) {
            rw_put(al, "alignas(");
            rw_put_toks(r, al, x0, x1, -1, NULL);
            rw_put(al, ") ");
            j = e;
            space = 1;
            continue;
        }
        if ((ID_IS(r, j, "alignas") || ID_IS(r, j, "_Alignas")) && rw_attr_start(r, j, &e)) {
            if (e == j + 3 && r->t[j + 2].kind == TK_NUMBER) {
                /* A number: as it is (Clang takes no alignof of a local
                 * class in a template's non-dependent typedef). */
                rw_put(post, " __attribute__((aligned(");
                rw_put_toks(r, post, j + 2, j + 2, -1, NULL);
                rw_put(post, ")))");
                j = e;
                space = 1;
                continue;
            }
            /* alignas takes a type or an expression, the aligned attribute
             * only an expression: a struct with the alignas gives both. */
            char name[48];
            snprintf(name, sizeof name, "simt__ala_%ld", j);
            rw_put(pre, "struct ");
            rw_put(pre, name);
            rw_put(pre, " { alignas(");
            if (e > j + 2)
                rw_put_toks(r, pre, j + 2, e - 1, -1, NULL);
            rw_put(pre, ") char simt__c; }; ");
            rw_put(post, " __attribute__((aligned(alignof(");
            rw_put(post, name);
            rw_put(post, "))))");
            j = e;
            space = 1;
            continue;
        }
        if ((ID_IS(r, j, "__attribute__") || ID_IS(r, j, "__attribute")) &&
            rw_attr_start(r, j, &e)) {
            rw_put(post, " ");
            rw_put_toks(r, post, j, e, -1, NULL);
            j = e;
            space = 1;
            continue;
        }
        if (is_p(r, j, '[') && rw_attr_start(r, j, &e)) {
            rw_put_toks(r, pre, j, e, -1, NULL);
            rw_put(pre, " ");
            j = e;
            space = 1;
            continue;
        }
        if (b->len && (space || !adjacent(r, j - 1)))
            rw_put(b, " ");
        space = 0;
        rw_put_tok(r, b, j);
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
        if ((is_id(r, j) && !rw_word_in(r, j, stops)) || is_p(r, j, P_SCOPE)) {
            ds = j--;
        } else if (is_p(r, j, '>')) {
            long o = rw_angle_open(r, j);
            if (o < 1)
                break;
            ds = o;
            j = o - 1;
        } else if ((is_p(r, j, ')') || is_p(r, j, ']')) && rw_attr_end(r, j, &a)) {
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
long rw_shared_decl(rw *r, long s0)
{
    int sk = rw_scope_kind(r);
    if (sk == SC_CLASS) {
        rw_error_at(r, s0, "__shared__ is not allowed on a class member");
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
        rw_error_at(r, s0, "cannot rewrite this __shared__ declaration (no ';' ends it)");
        return s0;
    }

    /* The decl-specifiers: at most one type name, then the declarators. */
    int seen_type = 0, dynamic = 0;
    for (j = ds; j < de;) {
        long e;
        if (j == s0 || rw_word_in(r, j, storage_words) || rw_word_in(r, j, cv_words) ||
            ID_IS(r, j, "typename")) {
            if (ID_IS(r, j, "extern"))
                dynamic = 1;
            j++;
        } else if (rw_word_in(r, j, type_words)) {
            seen_type = 1;
            j++;
        } else if (rw_attr_start(r, j, &e)) {
            if (ID_IS(r, j, "decltype") || ID_IS(r, j, "__typeof__") ||
                ID_IS(r, j, "__typeof") || ID_IS(r, j, "typeof"))
                seen_type = 1;
            j = e + 1;
        } else if (ID_IS(r, j, "struct") || ID_IS(r, j, "class") || ID_IS(r, j, "union") ||
                   ID_IS(r, j, "enum")) {
            j++;
            if (ID_IS(r, j, "class") || ID_IS(r, j, "struct"))
                j++;
            while (rw_attr_start(r, j, &e))
                j = e + 1;
            if (is_id(r, j) || is_p(r, j, P_SCOPE))
                j = skip_type_name(r, j, de);
            if (is_p(r, j, '{') && r->t[j].match > j)
                j = r->t[j].match + 1;
            seen_type = 1;
        } else if (!seen_type && (rw_is_name(r, j) || is_p(r, j, P_SCOPE))) {
            j = skip_type_name(r, j, de);
            seen_type = 1;
        } else {
            break;
        }
    }
    long d0 = j;
    if (!seen_type || d0 >= de) {
        rw_error_at(r, s0, "cannot rewrite this __shared__ declaration (no declarator)");
        return de;
    }

    rw_buf specs = {0}, pre = {0}, post = {0}, al = {0};
    put_specs(r, &specs, &pre, &post, sk == SC_NS ? NULL : &al, ds, d0);
    size_t mark = r->text.len;
    rw_buf *b = &r->text;
    long a = d0;
    int ok = 1;
    while (a < de && ok) {
        long c = rw_next_comma(r, a, de), name = -1, e;
        for (j = a; j < c; j++) {
            if (rw_attr_start(r, j, &e)) {
                j = e;
            } else if (is_id(r, j) && is_p(r, j + 1, P_SCOPE)) {
                j++; /* a pointer to member: X::*p */
            } else if (is_id(r, j) && !rw_word_in(r, j, cv_words)) {
                name = j;
                break;
            } else if (!is_p(r, j, '*') && !is_p(r, j, '&') && !is_p(r, j, P_AND) &&
                       !is_p(r, j, '(') && !rw_word_in(r, j, cv_words)) {
                break;
            }
        }
        if (name < 0) {
            rw_error_at(r, a < de ? a : s0, "cannot rewrite this __shared__ declaration "
                                         "(no declarator name)");
            ok = 0;
            break;
        }
        for (j = name + 1; j < c; j++) {
            const lex_tok *t = &r->t[j];
            if (lex_is(t, '=') || lex_is(t, '{') || (lex_is(t, '(') && j == name + 1)) {
                rw_error_at(r, j, "initializer not allowed for __shared__ variable");
                ok = 0;
                break;
            }
            if ((lex_is(t, '(') || lex_is(t, '[')) && t->match > j)
                j = t->match;
        }
        if (!ok)
            break;

        unsigned id = r->next_shared++;
        char ty[32], align[160];
        snprintf(ty, sizeof ty, "simt__sht_%u", id);
        snprintf(align, sizeof align, "alignof(%s)", ty);
        if (b->len > mark)
            rw_put(b, " ");
        /* A computed alignment (put_specs): the dynamic arena starts
         * page-aligned, more than any alignment asked; a static variable
         * is placed at the stricter of its type's and this one. */
        if (al.len && !dynamic) {
            rw_buf_printf(b, "struct simt__ala_%u { ", id);
            rw_buf_put(b, al.data, al.len);
            rw_put(b, "char simt__c; }; ");
            snprintf(align, sizeof align, "(alignof(%s) > alignof(simt__ala_%u) ? alignof(%s) : "
                                          "alignof(simt__ala_%u))", ty, id, ty, id);
        }
        rw_buf_put(b, pre.data ? pre.data : "", pre.len);
        rw_put(b, "typedef ");
        rw_buf_put(b, specs.data ? specs.data : "", specs.len);
        rw_put(b, " ");
        rw_put_toks(r, b, a, c - 1, name, ty);
        rw_buf_put(b, post.data ? post.data : "", post.len);
        rw_put(b, ";");
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
            rw_put_tok(r, b, name);
            rw_buf_printf(b, " = *(%s *)::simt_shared_dynamic();", ty);
        } else {
            rw_buf_printf(b, " static ::simt_shared_site simt__shs_%u; %s &", id, ty);
            rw_put_tok(r, b, name);
            rw_buf_printf(b, " = *(%s *)::simt_shared_static(&simt__shs_%u, sizeof(%s), %s);",
                          ty, id, ty, align);
        }
        if (sk == SC_NS)
            nsvar_add(r, name, id);
        a = c + 1;
    }
    if (specs.oom || pre.oom || post.oom || al.oom)
        r->oom = 1;
    rw_buf_free(&specs);
    rw_buf_free(&pre);
    rw_buf_free(&post);
    rw_buf_free(&al);
    if (!ok) {
        r->text.len = mark;
        return de;
    }
    rw_add_edit(r, r->t[ds].off, tok_end(r, de), mark);
    return de;
}
