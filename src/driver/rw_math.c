/*
 * rw_math.c: using-declarations of the C math names in a .cu unit.
 *
 * In a .cu file the C math names (sqrt, expf, ...) are function-like
 * macros that call simt_h_<name> (include/simt/lang/math.hpp): the GPU's
 * function in a kernel, the C library's in host code.  A using-declaration
 * names a function without calling it, so the macro leaves it alone:
 * "using std::sqrt; return sqrt(x);", C++'s idiom for generic code (Thrust's
 * complex numbers use it), would bring in std::sqrt while the call asks for
 * simt_h_sqrt, which a namespace's own sqrt overloads then hide.  Each such
 * declaration gets a second one for simt_h_<name>, once math.hpp has
 * declared them (the C++ library's own "using ::sqrt;" comes before).
 */
#include "rw.h"

static const char *const hosted[] = {
    "sin",       "cos",        "tan",       "asin",       "acos",      "atan",
    "sinh",      "cosh",       "tanh",      "asinh",      "acosh",     "atanh",
    "exp",       "exp2",       "exp10",     "expm1",      "log",       "log2",
    "log10",     "log1p",      "sqrt",      "cbrt",       "erf",       "erfc",
    "lgamma",    "tgamma",     "pow",       "atan2",      "hypot",     "fmod",
    "remainder", "remquo",     "fdim",      "fmin",       "fmax",      "fma",
    "fabs",      "rint",       "nearbyint", "logb",       "nextafter", "fabsf",
    "rintf",     "nearbyintf", "logbf",     "nextafterf", "floorf",    "ceilf",
    "truncf",    "roundf",     "sincos",    "sinf",       "cosf",      "tanf",
    "asinf",     "acosf",      "atanf",     "sinhf",      "coshf",     "tanhf",
    "asinhf",    "acoshf",     "atanhf",    "expf",       "exp2f",     "exp10f",
    "expm1f",    "logf",       "log2f",     "log10f",     "log1pf",    "sqrtf",
    "cbrtf",     "erff",       "erfcf",     "lgammaf",    "tgammaf",   "powf",
    "atan2f",    "hypotf",     "fmodf",     "remainderf", "remquof",   "fdimf",
    "fminf",     "fmaxf",      "fmaf",      "sincosf",    "j0f",       "j1f",
    "jnf",       "y0f",        "y1f",       "ynf",        "jn",        "yn",
    NULL};

long rw_using_math(rw *r, long i)
{
    long j = i + 1;
    if (ID_IS(r, j, "std"))
        j++;
    if (!is_p(r, j, P_SCOPE))
        return i;
    j++;
    if (!rw_word_in(r, j, hosted) || !is_p(r, j + 1, ';'))
        return i;
    size_t mark = r->text.len;
    rw_put(&r->text, "; using ::simt_h_");
    rw_put_tok(r, &r->text, j);
    rw_put(&r->text, ";");
    rw_add_edit(r, r->t[j + 1].off, tok_end(r, j + 1), mark);
    return j + 1;
}
