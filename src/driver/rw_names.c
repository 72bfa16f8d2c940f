/*
 * rw_names.c: the names simtcc maps to its own.
 *
 * In a .cu file the C math functions (sqrt, expf, ...), printf, malloc and
 * free are simt's: a call of sqrt becomes a call of simt_h_sqrt
 * (include/simt/lang/math.hpp: the GPU's function in a kernel, the C
 * library's in host code), a call of printf one of simt_printf, of malloc
 * one of simt_malloc (the device malloc heap in a kernel).  The
 * rewriter renames the calls that C++'s name lookup resolves to the C
 * library's function, and nothing else:
 *
 *   - calls only (the name followed by '('), unqualified, '::'-qualified or
 *     qualified by a namespace named std (std::, ::std::, cuda::std::);
 *     never a member access (s.exp(), p->log()) or another qualifier
 *     (thrust::exp, S::log);
 *   - never a declaration (a local `std::vector<long long> exp(n);`, a
 *     parameter, a member, a function of a namespace), and the name such a
 *     declaration brings in hides the C library's to the end of its scope:
 *     the block, the function body for a parameter, the whole class body
 *     for a member (members are visible in every member function), the
 *     namespace's bodies for a namespace member, and the bodies of member
 *     functions defined outside their class or in a derived class;
 *   - "using std::NAME;" in a block brings the C library's name back and
 *     gets "using ::simt_h_NAME;", so the renamed calls find it.
 *
 * A function declared in the global namespace or in std overloads the C
 * library's instead of hiding it; a renamed call still reaches it (and any
 * overload only argument-dependent lookup finds), because simt_h_NAME
 * falls back to an unqualified call of NAME for arguments simt's function
 * does not take.
 *
 * Renaming starts at markers the headers declare once the targets exist:
 * simt__math_hosted_declared (math.hpp) and simt__printf_mapped
 * (cuda_runtime.h); the C++ library's own declarations come before.
 *
 * Key invariant: a token is renamed only when it names the C library's
 * function, so declarations and their uses always keep one spelling.
 */
#include "rw.h"

#include <stdlib.h>

enum { G_MATH = 1, G_PRINTF = 2 };

static const struct mapped_group {
    const char *marker, *prefix;
} groups[] = {
    {NULL, NULL},
    {"simt__math_hosted_declared", "simt_h_"},
    {"simt__printf_mapped", "simt_"},
};

static const struct mapped_name {
    const char *name;
    unsigned char group;
} mapped[] = {
#define M(n) {#n, G_MATH}
    M(sin), M(cos), M(tan), M(asin), M(acos), M(atan), M(sinh), M(cosh), M(tanh),
    M(asinh), M(acosh), M(atanh), M(exp), M(exp2), M(exp10), M(expm1), M(log), M(log2),
    M(log10), M(log1p), M(sqrt), M(cbrt), M(erf), M(erfc), M(lgamma), M(tgamma), M(pow),
    M(atan2), M(hypot), M(fmod), M(remainder), M(remquo), M(fdim), M(fmin), M(fmax),
    M(fma), M(fabs), M(rint), M(nearbyint), M(logb), M(nextafter), M(fabsf), M(rintf),
    M(nearbyintf), M(logbf), M(nextafterf), M(floorf), M(ceilf), M(truncf), M(roundf),
    M(sincos), M(sinf), M(cosf), M(tanf), M(asinf), M(acosf), M(atanf), M(sinhf),
    M(coshf), M(tanhf), M(asinhf), M(acoshf), M(atanhf), M(expf), M(exp2f), M(exp10f),
    M(expm1f), M(logf), M(log2f), M(log10f), M(log1pf), M(sqrtf), M(cbrtf), M(erff),
    M(erfcf), M(lgammaf), M(tgammaf), M(powf), M(atan2f), M(hypotf), M(fmodf),
    M(remainderf), M(remquof), M(fdimf), M(fminf), M(fmaxf), M(fmaf), M(sincosf), M(j0f),
    M(j1f), M(jnf), M(y0f), M(y1f), M(ynf), M(jn), M(yn),
#undef M
    {"printf", G_PRINTF}, {"vprintf", G_PRINTF},
    /* The device malloc heap (runtime/devheap.c); the runtime's names, as
     * printf, so they share its group. */
    {"malloc", G_PRINTF}, {"free", G_PRINTF},
};
#define NMAPPED (sizeof mapped / sizeof mapped[0])
#define MAX_LEN 10

/* Keywords after which a name starts an expression, not a declarator. */
static const char *const expr_words[] = {
    "return", "case", "throw", "co_return", "co_yield", "co_await", "else", "do",
    "sizeof", "new", "delete", "typeid", "alignof", "__alignof__", "goto", "and", "or",
    "not", "xor", "bitand", "bitor", "compl", "not_eq", "and_eq", "or_eq", "xor_eq",
    "__extension__", "operator", "template", "typename", NULL};

/* Words between a function's ')' and its body. */
static const char *const fn_quals[] = {
    "const", "volatile", "override", "final", "mutable", "constexpr", "consteval",
    "try", "__device__", "__host__", "__global__", "__restrict__", "__restrict", NULL};

enum { SH_HIDDEN, SH_MAPPED };

typedef struct rw_shadow {
    int16_t name;   /* index in mapped[] */
    uint8_t kind;   /* SH_HIDDEN: the C library's name is hidden */
    uint32_t depth; /* scope depth it belongs to */
    long from;      /* the token it applies after */
} rw_shadow;

typedef struct rw_owned {
    long owner; /* token naming the class or namespace */
    int16_t name;
} rw_owned;

static unsigned hash_name(const char *p, size_t n)
{
    unsigned h = 2166136261u;
    for (size_t k = 0; k < n; k++)
        h = (h ^ (unsigned char)p[k]) * 16777619u;
    return h;
}

void rw_names_init(rw *r)
{
    memset(r->name_slot, 0, sizeof r->name_slot);
    for (size_t k = 0; k < NMAPPED; k++) {
        unsigned h = hash_name(mapped[k].name, strlen(mapped[k].name));
        size_t s = h % RW_NAME_SLOTS;
        while (r->name_slot[s])
            s = (s + 1) % RW_NAME_SLOTS;
        r->name_slot[s] = (int16_t)(k + 1);
    }
}

/* The mapped name token i is, whose group's marker has been seen; -1 if
 * none. */
static int find_mapped(const rw *r, long i)
{
    if (!is_id(r, i) || !r->names_on)
        return -1;
    const lex_tok *t = &r->t[i];
    if (t->len < 2 || t->len > MAX_LEN)
        return -1;
    const char *p = r->s + t->off;
    size_t s = hash_name(p, t->len) % RW_NAME_SLOTS;
    for (; r->name_slot[s]; s = (s + 1) % RW_NAME_SLOTS) {
        int k = r->name_slot[s] - 1;
        if (strncmp(mapped[k].name, p, t->len) == 0 && mapped[k].name[t->len] == 0)
            return (r->names_on & mapped[k].group) ? k : -1;
    }
    return -1;
}

/* ---- scopes of names ------------------------------------------------------ */

static void push_shadow(rw *r, int k, int kind, size_t depth, long from)
{
    if (r->nshadows == r->shcap) {
        size_t cap = r->shcap ? r->shcap * 2 : 32;
        rw_shadow *s = realloc(r->shadows, cap * sizeof *s);
        if (!s) {
            r->oom = 1;
            return;
        }
        r->shadows = s;
        r->shcap = cap;
    }
    rw_shadow *s = &r->shadows[r->nshadows++];
    s->name = (int16_t)k;
    s->kind = (uint8_t)kind;
    s->depth = (uint32_t)depth;
    s->from = from;
}

static void add_owned(rw *r, long owner, int k)
{
    for (size_t o = 0; o < r->nowned; o++)
        if (r->owned[o].name == k && same_text(r, r->owned[o].owner, owner))
            return;
    if (r->nowned == r->owcap) {
        size_t cap = r->owcap ? r->owcap * 2 : 16;
        rw_owned *o = realloc(r->owned, cap * sizeof *o);
        if (!o) {
            r->oom = 1;
            return;
        }
        r->owned = o;
        r->owcap = cap;
    }
    r->owned[r->nowned].owner = owner;
    r->owned[r->nowned].name = (int16_t)k;
    r->nowned++;
}

/* The names class or namespace `owner` declares hide the C library's in
 * the scope opened at token `from`. */
static void bring_owned(rw *r, long owner, long from)
{
    for (size_t o = 0; o < r->nowned; o++)
        if (same_text(r, r->owned[o].owner, owner))
            push_shadow(r, r->owned[o].name, SH_HIDDEN, r->nscopes, from);
}

/* Does the innermost declaration of mapped name k visible at token i hide
 * the C library's? */
static int hidden(const rw *r, int k, long i)
{
    for (size_t s = r->nshadows; s-- > 0;) {
        const rw_shadow *sh = &r->shadows[s];
        if (sh->name == k && sh->from <= i && sh->depth <= r->nscopes)
            return sh->kind == SH_HIDDEN;
    }
    return 0;
}

/* The innermost named namespace, or -1 when the scope is the global
 * namespace or std (whose functions overload the C library's); sets *std
 * when inside std. */
static long named_namespace(const rw *r, int *in_std)
{
    *in_std = 0;
    long name = -1;
    for (size_t s = 0; s < r->nscopes; s++) {
        if (r->scopes[s].kind != SC_NS || r->scopes[s].name < 0)
            continue;
        if (ID_IS(r, r->scopes[s].name, "std"))
            *in_std = 1;
        name = r->scopes[s].name;
    }
    return *in_std ? -1 : name;
}

/* ---- declarators ------------------------------------------------------------ */

/* Can a declaration start after token j (the token before its type)? `call`:
 * the declarator is followed by '(' (so inside parentheses it is a call). */
static int decl_start(const rw *r, long j, int call)
{
    long a;
    if (j < 0)
        return 1;
    const lex_tok *t = &r->t[j];
    if (t->kind == TK_IDENT)
        return !rw_word_in(r, j, expr_words);
    if (t->kind != TK_PUNCT)
        return 0;
    switch (t->punct) {
    case ';': case '{': case '}':
        return 1;
    case '(': case ',':
        return !call;
    case ':':
        return ID_IS(r, j - 1, "public") || ID_IS(r, j - 1, "private") ||
               ID_IS(r, j - 1, "protected");
    case ')': case ']':
        return rw_attr_end(r, j, &a);
    case '>':
        a = rw_angle_open(r, j);
        return a > 0 && ID_IS(r, a - 1, "template");
    default:
        return 0;
    }
}

/* Is the mapped name at i (unqualified, not a member access) a declarator:
 * `T exp`, `T *exp`, `std::vector<long long> exp(n)`, `const float &exp`? */
static int is_declarator(const rw *r, long i)
{
    long p = i - 1, a;
    if (p < 0)
        return 0;
    const lex_tok *t = &r->t[p];
    if (t->kind == TK_IDENT)
        return !rw_word_in(r, p, expr_words);
    if (lex_is(t, ')') || lex_is(t, ']'))
        return rw_attr_end(r, p, &a);
    long q = p;
    while (q >= 0 && (is_p(r, q, '*') || is_p(r, q, '&') || is_p(r, q, P_AND) ||
                      ID_IS(r, q, "const") || ID_IS(r, q, "volatile") ||
                      ID_IS(r, q, "__restrict__") || ID_IS(r, q, "__restrict")))
        q--;
    if (q < 0 || (q == p && !is_p(r, p, '>')))
        return 0;
    long ts; /* the type's first token */
    if (is_p(r, q, '>')) {
        long o = rw_angle_open(r, q);
        if (o < 1 || !rw_is_name(r, o - 1))
            return 0;
        ts = o - 1;
    } else if (is_id(r, q)) {
        if (rw_word_in(r, q, expr_words))
            return 0;
        if (rw_is_keyword(r, q))
            return 1; /* int *exp, const auto &exp */
        ts = q;
    } else {
        return 0;
    }
    while (is_p(r, ts - 1, P_SCOPE)) { /* A::B<C>::T */
        long b = ts - 2;
        if (is_p(r, b, '>')) {
            long o = rw_angle_open(r, b);
            if (o < 1)
                return 0;
            b = o - 1;
        }
        if (!is_id(r, b)) {
            ts--;
            break;
        }
        ts = b;
    }
    return decl_start(r, ts - 1, is_p(r, i + 1, '('));
}

/* The '(' whose list holds token i, or -1 when i is not in parentheses
 * within its statement. */
static long enclosing_paren(const rw *r, long i)
{
    for (long j = i - 1, steps = 0; j >= 0 && steps < SCAN_LIMIT; j--, steps++) {
        const lex_tok *t = &r->t[j];
        if (t->kind != TK_PUNCT)
            continue;
        switch (t->punct) {
        case ')': case ']':
            if (t->match < 0)
                return -1;
            j = t->match;
            break;
        case '(':
            return t->match > i ? j : -1;
        case '{': case '}': case ';': case '[':
            return -1;
        default:
            break;
        }
    }
    return -1;
}

/* The '{' of the body after the ')' at c (a function's, a lambda's, a
 * for/if/catch statement's), or -1. */
static long body_after(const rw *r, long c)
{
    long a;
    for (long j = c + 1, steps = 0; j < r->n && steps < SCAN_LIMIT; j++, steps++) {
        if (is_p(r, j, '{'))
            return j;
        if (rw_word_in(r, j, fn_quals) || is_p(r, j, '&') || is_p(r, j, P_AND))
            continue;
        if (rw_attr_start(r, j, &a)) { /* noexcept(...), __attribute__((...)) */
            j = a;
            continue;
        }
        if (ID_IS(r, j, "noexcept") || ID_IS(r, j, "throw"))
            continue;
        if (is_p(r, j, P_ARROW)) { /* a trailing return type */
            for (j++; j < r->n && steps < SCAN_LIMIT; j++, steps++) {
                if (is_p(r, j, '{'))
                    return j;
                if (is_p(r, j, '(') || is_p(r, j, '[')) {
                    if (r->t[j].match < 0)
                        return -1;
                    j = r->t[j].match;
                } else if (is_p(r, j, ';') || is_p(r, j, '=') || is_p(r, j, ')') ||
                           is_p(r, j, '}') || is_p(r, j, ',')) {
                    return -1;
                }
            }
            return -1;
        }
        if (is_p(r, j, ':')) { /* a constructor's initializers */
            for (j++; j < r->n && steps < SCAN_LIMIT; j++, steps++) {
                while (is_id(r, j) || is_p(r, j, P_SCOPE))
                    j++;
                if (is_p(r, j, '<')) {
                    j = rw_angle_close(r, j, r->n);
                    if (j < 0)
                        return -1;
                    j++;
                }
                if ((!is_p(r, j, '(') && !is_p(r, j, '{')) || r->t[j].match < 0)
                    return -1;
                j = r->t[j].match + 1;
                if (is_p(r, j, P_ELLIPSIS))
                    j++;
                if (is_p(r, j, '{'))
                    return j;
                if (!is_p(r, j, ','))
                    return -1;
            }
            return -1;
        }
        return -1;
    }
    return -1;
}

/* A declaration of mapped name k at token i: hides the C library's name
 * where the declaration's scope says. */
static void declare(rw *r, int k, long i)
{
    long p = enclosing_paren(r, i);
    if (p >= 0) { /* a parameter, or a for/if/catch statement's variable */
        long b = body_after(r, r->t[p].match);
        if (b >= 0)
            push_shadow(r, k, SH_HIDDEN, r->nscopes + 1, b);
        return;
    }
    switch (rw_scope_kind(r)) {
    case SC_BLOCK:
    case SC_CLASS: /* the class body's scan has seen it already */
        push_shadow(r, k, SH_HIDDEN, r->nscopes, i);
        return;
    default: {
        int in_std;
        long ns = named_namespace(r, &in_std);
        if (ns < 0)
            return; /* global or std: an overload */
        push_shadow(r, k, SH_HIDDEN, r->nscopes, i);
        add_owned(r, ns, k);
        return;
    }
    }
}

/* ---- scopes opening and closing ---------------------------------------- */

/* The name of the class whose body opens at token o, or -1; *bases gets the
 * token after it (where a base clause would start). */
static long class_name(const rw *r, long o, long *bases)
{
    long j = o - 1, key = -1, a;
    *bases = o;
    for (long steps = 0; j >= 0 && steps < SCAN_LIMIT; j--, steps++) {
        if (ID_IS(r, j, "struct") || ID_IS(r, j, "class") || ID_IS(r, j, "union")) {
            key = j;
            break;
        }
        if ((is_p(r, j, ')') || is_p(r, j, ']')) && r->t[j].match >= 0)
            j = r->t[j].match;
        else if (is_p(r, j, '>') && (a = rw_angle_open(r, j)) >= 0)
            j = a;
        else if (is_p(r, j, ';') || is_p(r, j, '{') || is_p(r, j, '}'))
            return -1;
    }
    if (key < 0)
        return -1;
    long name = -1;
    for (j = key + 1; j < o; j++) {
        if (rw_attr_start(r, j, &a)) {
            j = a;
            continue;
        }
        if (!is_id(r, j) || rw_is_keyword(r, j))
            break;
        name = j;
        if (!is_p(r, j + 1, P_SCOPE))
            break;
        j++;
    }
    *bases = name >= 0 ? name + 1 : o;
    return name;
}

/* A class body opens at token o: every member whose name is mapped hides
 * the C library's in the whole body (and in derived classes and members
 * defined outside, through the owner table); so do the base classes'. */
static void open_class(rw *r, long o)
{
    long c = r->t[o].match, bases;
    if (c < 0)
        return;
    long cn = class_name(r, o, &bases);
    for (long j = bases; j >= 0 && j < o; j++)
        if (is_id(r, j) && !rw_is_keyword(r, j))
            bring_owned(r, j, o);
    int friend_decl = 0, using_decl = 0;
    for (long j = o + 1; j < c; j++) {
        const lex_tok *t = &r->t[j];
        if (t->kind == TK_PUNCT) {
            if ((t->punct == '(' || t->punct == '[' || t->punct == '{') && t->match > j) {
                j = t->match;
                if (t->punct == '{' && !is_p(r, j + 1, ';') && !is_p(r, j + 1, ','))
                    friend_decl = using_decl = 0; /* a member function's body */
            } else if (t->punct == ';' || t->punct == ':') {
                friend_decl = using_decl = 0;
            }
            continue;
        }
        if (ID_IS(r, j, "friend"))
            friend_decl = 1;
        else if (ID_IS(r, j, "using"))
            using_decl = 1;
        int k = find_mapped(r, j);
        if (k < 0 || friend_decl || is_p(r, j - 1, '.') || is_p(r, j - 1, P_ARROW) ||
            is_p(r, j - 1, '~'))
            continue;
        if (is_p(r, j - 1, P_SCOPE) ? using_decl : is_declarator(r, j)) {
            push_shadow(r, k, SH_HIDDEN, r->nscopes, o);
            if (cn >= 0)
                add_owned(r, cn, k);
        }
    }
}

/* A function body opens at token b at namespace scope: when the function is
 * a member defined outside its class (R X::f(...) {), X's names hide the C
 * library's in it. */
static void open_function(rw *r, long b)
{
    long j = b - 1, a;
    for (long steps = 0; j >= 0 && steps < 64; steps++) {
        if (rw_word_in(r, j, fn_quals) || ID_IS(r, j, "noexcept") || is_p(r, j, '&') ||
            is_p(r, j, P_AND)) {
            j--;
            continue;
        }
        if ((is_p(r, j, ')') || is_p(r, j, ']')) && rw_attr_end(r, j, &a)) {
            j = a - 1;
            continue;
        }
        break;
    }
    /* Back over a constructor's initializers: m(a), n{b} */
    for (long steps = 0; steps < 256; steps++) {
        if ((!is_p(r, j, ')') && !is_p(r, j, '}')) || r->t[j].match < 1)
            return;
        long n = r->t[j].match - 1;
        if (is_p(r, n, '>') && (a = rw_angle_open(r, n)) > 0)
            n = a - 1;
        if (!is_id(r, n))
            return;
        if (is_p(r, n - 1, ',') || (is_p(r, n - 1, ':') && is_p(r, n - 2, ')'))) {
            j = n - 2;
            continue;
        }
        if (!is_p(r, n - 1, P_SCOPE))
            return;
        long q = n - 2;
        if (is_p(r, q, '>') && (a = rw_angle_open(r, q)) > 0)
            q = a - 1;
        if (is_id(r, q))
            bring_owned(r, q, b);
        return;
    }
}

void rw_names_open(rw *r, long o, int outer_kind)
{
    if (!r->names_on)
        return;
    int kind = rw_scope_kind(r);
    if (kind == SC_CLASS)
        open_class(r, o);
    else if (kind == SC_NS && r->scopes[r->nscopes - 1].name >= 0)
        bring_owned(r, r->scopes[r->nscopes - 1].name, o);
    else if (kind == SC_BLOCK && outer_kind == SC_NS)
        open_function(r, o);
}

void rw_names_close(rw *r, long c)
{
    while (r->nshadows && r->shadows[r->nshadows - 1].depth > r->nscopes &&
           r->shadows[r->nshadows - 1].from < c)
        r->nshadows--;
}

/* ---- uses ------------------------------------------------------------------- */

static void rename_tok(rw *r, long i, int k)
{
    size_t mark = r->text.len;
    rw_put(&r->text, groups[mapped[k].group].prefix);
    rw_put(&r->text, mapped[k].name);
    rw_add_edit(r, r->t[i].off, tok_end(r, i), mark);
}

/* "using [::][std::]NAME;" or "using Q::NAME;" at token i. */
static long using_decl(rw *r, long i)
{
    long j = i + 1, q0 = j;
    while ((is_id(r, j) && is_p(r, j + 1, P_SCOPE)) || is_p(r, j, P_SCOPE))
        j++;
    int k = find_mapped(r, j);
    if (k < 0 || j == q0 || !is_p(r, j - 1, P_SCOPE) || !is_p(r, j + 1, ';'))
        return i;
    /* the C library's: ::NAME, std::NAME, ::std::NAME */
    int library = j == q0 + 1 || (j - 2 >= q0 && ID_IS(r, j - 2, "std") &&
                                   (j - 2 == q0 || (j - 3 == q0 && is_p(r, q0, P_SCOPE))));
    if (library) {
        size_t mark = r->text.len;
        rw_put(&r->text, "; using ::");
        rw_put(&r->text, groups[mapped[k].group].prefix);
        rw_put(&r->text, mapped[k].name);
        rw_put(&r->text, ";");
        rw_add_edit(r, r->t[j + 1].off, tok_end(r, j + 1), mark);
    }
    if (rw_scope_kind(r) == SC_BLOCK) {
        push_shadow(r, k, library ? SH_MAPPED : SH_HIDDEN, r->nscopes, j);
    } else if (rw_scope_kind(r) == SC_NS && !library) {
        int in_std;
        long ns = named_namespace(r, &in_std);
        if (ns >= 0) {
            push_shadow(r, k, SH_HIDDEN, r->nscopes, j);
            add_owned(r, ns, k);
        }
    }
    return j + 1;
}

long rw_names_ident(rw *r, long i)
{
    const lex_tok *t = &r->t[i];
    if (t->len >= 19 && r->s[t->off] == 's' && r->s[t->off + 4] == '_') {
        for (unsigned g = 1; g < sizeof groups / sizeof groups[0]; g++)
            if (id_eq(r, i, groups[g].marker, strlen(groups[g].marker)))
                r->names_on |= 1u << (g - 1);
        return i;
    }
    if (!r->names_on)
        return i;
    if (t->len == 5 && ID_IS(r, i, "using"))
        return using_decl(r, i);
    int k = find_mapped(r, i);
    if (k < 0)
        return i;
    long p = i - 1;
    if (is_p(r, p, '.') || is_p(r, p, P_ARROW) || is_p(r, p, P_ARROW_STAR) ||
        is_p(r, p, P_DOT_STAR) || is_p(r, p, '~'))
        return i; /* a member */
    if (is_p(r, p, P_SCOPE)) {
        /* ::NAME and std::NAME name the C library's; X::NAME another's */
        if ((is_id(r, p - 1) && !ID_IS(r, p - 1, "std")) || is_p(r, p - 1, '>'))
            return i;
        if (is_p(r, i + 1, '('))
            rename_tok(r, i, k);
        return i;
    }
    if (is_declarator(r, i)) {
        declare(r, k, i);
        return i;
    }
    if (is_p(r, i + 1, '(') && !hidden(r, k, i))
        rename_tok(r, i, k);
    return i;
}
