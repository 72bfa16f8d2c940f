/*
 * rw_space.c: nvcc's static rules on execution spaces.
 *
 * simt runs device code on the host, so nothing stops a kernel from calling
 * a host function or main from calling a __device__ function; nvcc rejects
 * both, and programs built with simt must not come to depend on it.  The
 * rewriter reports, in nvcc's words:
 *
 *   - device code (a kernel's body, a __device__ function's that is not
 *     also __host__) calling a host function: a host-only CUDA runtime
 *     function (cudaDeviceSynchronize and the synchronous copies, gone from
 *     device code with CUDA 12's device runtime), or a function of the
 *     .cu file itself defined without __device__;
 *   - host code (a function of the .cu file without __device__, not a
 *     template) calling a __device__ function of the file;
 *   - host code reading a __device__ variable of the file by name (a
 *     warning, as nvcc 13 gives it);
 *   - device code assigning to a __constant__ variable of the file that is
 *     not an array, by name (nvcc 13: "expression must be a modifiable
 *     lvalue"; it lets an array's elements through, and so does this).
 *
 * Only what the file itself defines counts, and a name with a definition
 * on each side (overloads) or of any other kind is left alone: a false
 * rejection costs more than a missed one.  Calls are collected during the
 * pass and judged at its end, when every definition has been seen.
 */
#include "rw.h"

#include <stdlib.h>

enum { F_HOST = 1, F_DEVICE = 2, F_HD = 4, F_GLOBAL = 8, F_VAR = 16, F_OTHER = 32, F_CONST = 64 };

typedef struct fn_def {
    long name;       /* token */
    long lp;         /* its parameter list's '(', or -1 */
    unsigned kind;   /* F_* */
} fn_def;

typedef struct use {
    long at;        /* the identifier used */
    long in;        /* the enclosing function's name token */
    int side;       /* F_GLOBAL, F_DEVICE: device code; F_HOST: host code */
} use;

typedef struct rw_space {
    fn_def *defs;
    size_t ndefs, dcap;
    use *uses;
    size_t nuses, ucap;
    long kernel_name, device_name; /* of the bodies kernel_end, devonly_end close */
    long devonly_end;              /* '}' of a __device__ (not __host__) body */
    long host_end, host_name;      /* '}' and name of a host function's body */
    long main_off, main_len;       /* the main file's name in the first line marker */
    uint32_t *head;                /* defs by name: index + 1, 0 empty */
    size_t hcap;
} rw_space;

/* Host-only runtime functions device code may not call (CUDA guide,
 * device runtime API: what cuda_device_runtime_api.h does not declare). */
static const char *const host_only_api[] = {
    "cudaDeviceSynchronize", "cudaMemcpy", "cudaMemcpy2D", "cudaMemcpy3D", "cudaMemset",
    "cudaMemset2D", "cudaMemset3D", "cudaStreamCreate", "cudaStreamSynchronize",
    "cudaEventSynchronize", "cudaMemcpyToSymbol", "cudaMemcpyFromSymbol", "cudaMallocManaged",
    "cudaMallocHost", "cudaHostAlloc", "cudaFreeHost", "cudaDeviceReset", "cudaSetDevice",
    "cudaEventCreate", "cudaEventElapsedTime", "cudaStreamQuery", "cudaEventQuery",
    /* Host-only too, and each would wait for or reorder work in a kernel. */
    "cudaMemcpyPeer", "cudaMemcpy3DPeer", "cudaMemcpyToArray", "cudaMemcpyFromArray",
    "cudaMemcpy2DToArray", "cudaMemcpy2DFromArray", "cudaMemcpyArrayToArray",
    "cudaMemcpy2DArrayToArray", "cudaMemcpyToSymbolAsync", "cudaMemcpyFromSymbolAsync",
    "cudaMallocAsync", "cudaFreeAsync", "cudaMallocFromPoolAsync", "cudaMallocPitch",
    "cudaMalloc3D", "cudaMallocArray", "cudaFreeArray", "cudaStreamCreateWithPriority",
    "cudaStreamBeginCapture", "cudaStreamEndCapture", "cudaGraphInstantiate",
    "cudaGraphInstantiateWithFlags", "cudaGraphUpload", "cudaLaunchKernel",
    "cudaLaunchCooperativeKernel", "cudaLaunchHostFunc", "cudaStreamAddCallback",
    "cudaHostRegister", "cudaHostUnregister", "cudaDeviceSetLimit", "cudaMemPrefetchAsync",
    /* The device runtime makes no texture or surface objects (5.6.4.2.2.1.2). */
    "cudaCreateTextureObject", "cudaDestroyTextureObject", "cudaCreateSurfaceObject",
    "cudaDestroySurfaceObject", NULL};

static rw_space *space(rw *r)
{
    if (!r->space) {
        r->space = calloc(1, sizeof *r->space);
        if (!r->space) {
            r->oom = 1;
            return NULL;
        }
        r->space->main_off = -1;
        if (r->u.nmarkers) {
            r->space->main_off = r->u.markers[0].file_off;
            r->space->main_len = r->u.markers[0].file_len;
        }
    }
    return r->space;
}

void rw_space_free(rw *r)
{
    if (r->space) {
        free(r->space->defs);
        free(r->space->uses);
        free(r->space->head);
        free(r->space);
        r->space = NULL;
    }
}

/* Is token i in the .cu file itself (not a header)? */
static int in_main_file(rw *r, long i)
{
    rw_space *s = space(r);
    const char *f;
    size_t fl;
    rw_where(r, i, &f, &fl);
    if (s && s->main_off < 0)
        return 1; /* no line markers: all of it is the file */
    return s && f && fl == (size_t)s->main_len && memcmp(f, r->s + s->main_off, fl) == 0;
}

static void add_def(rw *r, long name, long lp, unsigned kind)
{
    rw_space *s = space(r);
    if (!s || !is_id(r, name))
        return;
    if (s->ndefs == s->dcap) {
        size_t cap = s->dcap ? s->dcap * 2 : 32;
        fn_def *d = realloc(s->defs, cap * sizeof *d);
        if (!d) {
            r->oom = 1;
            return;
        }
        s->defs = d;
        s->dcap = cap;
    }
    s->defs[s->ndefs++] = (fn_def){name, lp, kind};
}

static void add_use(rw *r, long at, long in, int side)
{
    rw_space *s = space(r);
    if (!s)
        return;
    if (s->nuses == s->ucap) {
        size_t cap = s->ucap ? s->ucap * 2 : 32;
        use *u = realloc(s->uses, cap * sizeof *u);
        if (!u) {
            r->oom = 1;
            return;
        }
        s->uses = u;
        s->ucap = cap;
    }
    s->uses[s->nuses++] = (use){at, in, side};
}

/* Is there a __host__ among the decl-specifiers around token i (back to
 * the previous declaration, forward to the parameter list at lp)? */
static int has_host(const rw *r, long i, long lp)
{
    for (long j = i - 1, steps = 0; j >= 0 && steps < 32; j--, steps++) {
        if (ID_IS(r, j, "__host__"))
            return 1;
        if (!is_id(r, j))
            break;
    }
    for (long j = i + 1; j < lp && j - i < 64; j++)
        if (ID_IS(r, j, "__host__"))
            return 1;
    return 0;
}

void rw_space_kernel(rw *r, long name)
{
    rw_space *s = space(r);
    if (!s)
        return;
    s->kernel_name = name;
    add_def(r, name, -1, F_GLOBAL);
}

void rw_space_device(rw *r, long i, long lp, long body)
{
    rw_space *s = space(r);
    if (!s)
        return;
    int hd = has_host(r, i, lp >= 0 ? lp : i + 64);
    if (lp < 0) {
        /* A variable: its name is the last identifier before = ; [ { ( */
        if (rw_scope_kind(r) != SC_NS || !in_main_file(r, i))
            return;
        for (long j = i - 2; j <= i + 2; j++)
            if (ID_IS(r, j, "__managed__"))
                return; /* the host reads managed variables */
        for (long j = i + 1; j < r->n && j - i < 64; j++) {
            if (is_p(r, j, '=') || is_p(r, j, ';') || is_p(r, j, '[') || is_p(r, j, '{') ||
                is_p(r, j, '(') || is_p(r, j, ',')) {
                if (is_id(r, j - 1) && !rw_is_keyword(r, j - 1))
                    add_def(r, j - 1, -1, F_VAR);
                return;
            }
        }
        return;
    }
    long name = lp - 1;
    if (body >= 0 && !hd && r->t[body].match > s->devonly_end) {
        s->devonly_end = r->t[body].match;
        s->device_name = name;
    }
    if (rw_scope_kind(r) == SC_NS)
        add_def(r, name, lp, hd ? F_HD : F_DEVICE);
    else
        add_def(r, name, lp, F_OTHER); /* a member: never judged */
}

void rw_space_constant(rw *r, long i)
{
    rw_space *s = space(r);
    if (!s || rw_scope_kind(r) != SC_NS || !in_main_file(r, i))
        return;
    /* Its name is the last identifier before = ; [ { ( , */
    for (long j = i + 1; j < r->n && j - i < 64; j++) {
        if (is_p(r, j, '=') || is_p(r, j, ';') || is_p(r, j, '[') || is_p(r, j, '{') ||
            is_p(r, j, '(') || is_p(r, j, ',')) {
            if (!is_p(r, j, '[') && is_id(r, j - 1) && !rw_is_keyword(r, j - 1))
                add_def(r, j - 1, -1, F_CONST);
            return;
        }
    }
}

/* Is the identifier at i the target of an assignment, ++ or --? */
static int assigned(const rw *r, long i)
{
    return is_p(r, i + 1, '=') || is_p(r, i + 1, P_ASSIGN_OP) || is_p(r, i + 1, P_INC) ||
           is_p(r, i + 1, P_DEC) || is_p(r, i - 1, P_INC) || is_p(r, i - 1, P_DEC);
}

/* A function body at namespace scope opens at o (outer: the scope kind it
 * is met in): a host function of the file when nothing marked it. */
void rw_space_open(rw *r, long o, int outer)
{
    rw_space *s = space(r);
    if (!s || r->t[o].match < 0)
        return;
    long c = r->t[o].match;
    if (c == r->kernel_end || c == r->device_end)
        return;
    long j = o - 1;
    while (ID_IS(r, j, "const") || ID_IS(r, j, "noexcept") || ID_IS(r, j, "override"))
        j--;
    if (!is_p(r, j, ')') || r->t[j].match < 1)
        return;
    long lp = r->t[j].match, name = lp - 1;
    if (!is_id(r, name) || rw_is_keyword(r, name))
        return;
    if (outer != SC_NS) {
        if (outer == SC_CLASS)
            add_def(r, name, lp, F_OTHER);
        return;
    }
    /* Back over the decl-specifiers: a template, constexpr or a qualified
     * name (a member defined outside its class) is not judged. */
    if (is_p(r, name - 1, P_SCOPE))
        return;
    for (long k = name - 1, steps = 0; k >= 0 && steps < 64; k--, steps++) {
        if (ID_IS(r, k, "constexpr") || ID_IS(r, k, "consteval") || ID_IS(r, k, "operator"))
            return;
        if (is_p(r, k, '>'))
            return; /* template <...> or a template-id return type */
        if (!is_id(r, k) && !is_p(r, k, '*') && !is_p(r, k, '&') && !is_p(r, k, P_SCOPE))
            break;
    }
    if (!in_main_file(r, name))
        return;
    add_def(r, name, lp, F_HOST);
    if (c > s->host_end) {
        s->host_end = c;
        s->host_name = name;
    }
}

void rw_space_ident(rw *r, long i)
{
    rw_space *s = r->space;
    if (!s)
        return;
    long p = i - 1;
    if (is_p(r, p, '.') || is_p(r, p, P_ARROW) || is_p(r, p, '~') ||
        (is_p(r, p, P_SCOPE) && (is_id(r, p - 1) || is_p(r, p - 1, '>'))))
        return;
    int call = is_p(r, i + 1, '(');
    if (i < r->kernel_end || i < s->devonly_end) {
        /* Device code of the file itself: a header's kernels call what
         * their own namespaces declare, never the file's functions. */
        if (!(call || assigned(r, i)) || !in_main_file(r, i))
            return;
        int kernel = i < r->kernel_end && (s->devonly_end <= i || r->kernel_end < s->devonly_end);
        long in = kernel ? s->kernel_name : s->device_name;
        add_use(r, i, in, kernel ? F_GLOBAL : F_DEVICE);
        return;
    }
    if (i < s->host_end && i >= r->device_end)
        add_use(r, i, s->host_name, F_HOST);
}

/* What the definitions of the name at token i make of it: the F_* bits of
 * every definition with its text, and the first one's index. */
static size_t text_hash(const rw *r, long i, size_t cap)
{
    uint32_t h = 2166136261u;
    for (uint32_t k = 0; k < r->t[i].len; k++)
        h = (h ^ (unsigned char)r->s[r->t[i].off + k]) * 16777619u;
    return h & (cap - 1);
}

static unsigned kinds_of(const rw_space *s, const rw *r, long i, long *first)
{
    unsigned k = 0;
    *first = -1;
    for (size_t h = text_hash(r, i, s->hcap); s->head[h]; h = (h + 1) & (s->hcap - 1)) {
        size_t d = s->head[h] - 1;
        if (!same_text(r, s->defs[d].name, i))
            continue;
        k |= s->defs[d].kind;
        if (*first < 0 || (long)d < *first)
            *first = (long)d;
    }
    return k;
}

static int index_defs(rw *r, rw_space *s)
{
    s->hcap = 64;
    while (s->hcap < 2 * s->ndefs)
        s->hcap *= 2;
    s->head = calloc(s->hcap, sizeof *s->head);
    if (!s->head) {
        r->oom = 1;
        return -1;
    }
    for (size_t d = 0; d < s->ndefs; d++) {
        size_t h = text_hash(r, s->defs[d].name, s->hcap);
        while (s->head[h])
            h = (h + 1) & (s->hcap - 1);
        s->head[h] = (uint32_t)d + 1;
    }
    return 0;
}

/* NAME(T1, T2) as nvcc names a C++ function: the parameter types. */
static void put_signature(const rw *r, rw_buf *b, long name, long lp)
{
    rw_put_tok(r, b, name);
    rw_put(b, "(");
    long rp = r->t[lp].match;
    int first = 1;
    for (long a = lp + 1; a < rp;) {
        long e = rw_next_comma(r, a, rp);
        long last = e - 1;
        if (last > a && is_id(r, last) && !rw_is_keyword(r, last))
            last--; /* the parameter's name */
        if (!(a == last && ID_IS(r, a, "void"))) {
            if (!first)
                rw_put(b, ", ");
            for (long t = a; t <= last; t++) {
                if (t > a && !is_p(r, t, ',') && !(is_p(r, t - 1, P_SCOPE) || is_p(r, t, P_SCOPE)))
                    rw_put(b, " ");
                rw_put_tok(r, b, t);
            }
            first = 0;
        }
        a = e + 1;
    }
    rw_put(b, ")");
}

/* Can the call whose '(' is at cp take the parameters of the definition
 * whose '(' is at lp (by count, default arguments counted as optional)? */
static int arity_fits(const rw *r, long cp, long lp)
{
    long ce = r->t[cp].match, pe = r->t[lp].match;
    if (ce < 0 || pe < 0)
        return 0;
    long args = 0, params = 0, required = 0;
    for (long a = cp + 1; a < ce; a = rw_next_comma(r, a, ce) + 1)
        args++;
    for (long a = lp + 1; a < pe;) {
        long e = rw_next_comma(r, a, pe);
        if (is_p(r, a, P_ELLIPSIS) || is_p(r, e - 1, P_ELLIPSIS))
            return 1; /* variadic */
        if (!(e == a + 1 && ID_IS(r, a, "void"))) {
            params++;
            if (rw_find_top(r, a, e, '=') == e)
                required = params;
        }
        a = e + 1;
    }
    return args >= required && args <= params;
}

/* Is the name at `at` declared again between the function name `in` and
 * it, or there (a parameter or local: a type word or * & before it)? */
static int declared_within(const rw *r, long in, long at)
{
    for (long k = in + 1; k <= at; k++) {
        if (!same_text(r, k, at))
            continue;
        if ((is_id(r, k - 1) && !ID_IS(r, k - 1, "return")) ||
            ((is_p(r, k - 1, '*') || is_p(r, k - 1, '&')) && is_id(r, k - 2)))
            return 1;
    }
    return 0;
}

static const char *side_word(int side)
{
    return side == F_GLOBAL ? "__global__" : side == F_DEVICE ? "__device__" : "__host__";
}

void rw_space_finish(rw *r)
{
    rw_space *s = r->space;
    if (!s || !s->nuses || index_defs(r, s) < 0)
        return;
    for (size_t k = 0; k < s->nuses; k++) {
        const use *u = &s->uses[k];
        long first;
        unsigned kinds = kinds_of(s, r, u->at, &first);
        rw_buf *b = &r->scratch;
        b->len = 0;
        if (u->side != F_HOST && !is_p(r, u->at + 1, '(')) {
            /* A write to a __constant__ variable, in a kernel or a
             * namespace-scope __device__ function (not a member's body,
             * where the name may be the class's). */
            long f;
            unsigned in_kinds = kinds_of(s, r, u->in, &f);
            if (kinds == F_CONST && (in_kinds == F_GLOBAL || in_kinds == F_DEVICE) &&
                !declared_within(r, u->in, u->at))
                rw_error_at(r, u->at, "expression must be a modifiable lvalue");
            continue;
        }
        if (u->side != F_HOST) {
            if (rw_word_in(r, u->at, host_only_api) && !kinds) {
                rw_put(b, "calling a __host__ function(\"");
                rw_put_tok(r, b, u->at);
            } else if (kinds == F_HOST && arity_fits(r, u->at + 1, s->defs[first].lp)) {
                rw_put(b, "calling a __host__ function(\"");
                put_signature(r, b, s->defs[first].name, s->defs[first].lp);
            } else {
                continue;
            }
        } else if (is_p(r, u->at + 1, '(')) {
            if (kinds != F_DEVICE || !arity_fits(r, u->at + 1, s->defs[first].lp))
                continue;
            rw_put(b, "calling a __device__ function(\"");
            put_signature(r, b, s->defs[first].name, s->defs[first].lp);
        } else {
            /* A read of a __device__ variable: not an assignment's target,
             * not an operand of &, sizeof, decltype or a call's argument. */
            if (kinds != F_VAR || is_p(r, u->at + 1, '=') || is_p(r, u->at + 1, '[') ||
                is_p(r, u->at + 1, '.') || is_p(r, u->at + 1, P_ARROW))
                continue;
            long p = u->at - 1;
            if (!(is_p(r, p, '=') || ID_IS(r, p, "return") || is_p(r, p, '+') ||
                  is_p(r, p, '-') || is_p(r, p, '*') || is_p(r, p, '/') || is_p(r, p, '<') ||
                  is_p(r, p, '>') || is_p(r, p, P_EQ) || is_p(r, p, P_NE)))
                continue;
            const char *f;
            size_t fl;
            uint32_t line = rw_where(r, u->at, &f, &fl);
            if (f)
                rw_buf_put(r->diag, f, fl);
            rw_buf_printf(r->diag, ":%u: warning: a __device__ variable \"", line);
            rw_put_tok(r, r->diag, u->at);
            rw_put(r->diag, "\" cannot be directly read in a host function\n");
            continue;
        }
        rw_put(b, "\") from a ");
        rw_put(b, side_word(u->side));
        rw_put(b, " function(\"");
        rw_put_tok(r, b, u->in);
        rw_put(b, "\") is not allowed");
        if (!b->oom)
            rw_error_at(r, u->at, "%s", b->data);
    }
}
