/*
 * args.c: simtcc's command line (see args.h).
 *
 * Options are matched in the order nvcc documents them (nvcc --help), each
 * by its short and long name.  A file argument's language is settled after
 * the whole line is read, because nvcc's -x applies to every input file
 * wherever it appears.
 */
#include "args.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void strvec_push(strvec *s, const char *x)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 16;
        const char **v = realloc(s->v, cap * sizeof *v);
        if (!v) {
            fputs("simtcc: error: out of memory\n", stderr);
            exit(1);
        }
        s->v = v;
        s->cap = cap;
    }
    s->v[s->n++] = x;
}

void strvec_free(strvec *s)
{
    free(s->v);
    memset(s, 0, sizeof *s);
}

char *strvec_own(strvec *s, char *x)
{
    if (!x) {
        fputs("simtcc: error: out of memory\n", stderr);
        exit(1);
    }
    strvec_push(s, x);
    return x;
}

char *strvec_printf(strvec *s, const char *fmt, ...)
{
    va_list ap;
    char *x = NULL;
    va_start(ap, fmt);
    if (vasprintf(&x, fmt, ap) < 0)
        x = NULL;
    va_end(ap);
    return strvec_own(s, x);
}

typedef struct ctx {
    plan *p;
    char **argv;
    int argc, i;
    const char *arg; /* the option being matched */
    const char *val; /* its value, once matched */
    int xlang;       /* -x, enum lang */
    int arch;        /* highest compute capability named so far, 0: none */
    int forward_unknown, forward_unknown_link;
    int depth;       /* --options-file nesting */
    strvec files;
    char *err;
    size_t errlen;
} ctx;

static int fail(ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int fail(ctx *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->err, c->errlen, fmt, ap);
    va_end(ap);
    return -1;
}

/* Strings the plan owns (strvec_own). */
#define own(p, s) strvec_own(&(p)->owned, (s))
#define own_printf(p, ...) strvec_printf(&(p)->owned, __VA_ARGS__)

/* The rest of argument a after "-short" or "--long", as nvcc spells
 * them (it rejects --arch and -gpu-architecture); NULL if a is neither. */
static const char *after_name(const char *a, const char *s, const char *l)
{
    if (s && a[0] == '-' && a[1] != '-' && !strncmp(a + 1, s, strlen(s)))
        return a + 1 + strlen(s);
    if (l && a[0] == '-' && a[1] == '-' && !strncmp(a + 2, l, strlen(l)))
        return a + 2 + strlen(l);
    return NULL;
}

/* A flag: the argument is exactly -s or --l. */
static int flag(ctx *c, const char *s, const char *l)
{
    const char *r = after_name(c->arg, s, NULL);
    if (r && !*r)
        return 1;
    r = after_name(c->arg, NULL, l);
    return r && !*r;
}

/* An option with a value: "-s v", "-s=v", "--l v", "--l=v".  Returns 1 and
 * sets c->val, 0 if the argument is another option, -1 if the value is
 * missing. */
static int value(ctx *c, const char *s, const char *l)
{
    const char *r = after_name(c->arg, s, NULL);
    if (!r || (*r && *r != '='))
        r = after_name(c->arg, NULL, l);
    if (!r || (*r && *r != '='))
        return 0;
    if (*r == '=') {
        c->val = r + 1;
        return 1;
    }
    if (c->i + 1 >= c->argc)
        return fail(c, "option '%s' needs a value", c->arg);
    c->val = c->argv[++c->i];
    return 1;
}

/* A single-letter option whose value may also be attached: -Idir. */
static int attached(ctx *c, char letter, const char *l)
{
    const char *a = c->arg;
    if (a[0] == '-' && a[1] == letter && a[2] && a[2] != '=') {
        c->val = a + 2;
        return 1;
    }
    char s[2] = {letter, 0};
    return value(c, s, l);
}

/* Pushes each item of the list v: nvcc splits lists at commas, and the
 * shell it runs its steps through splits them at spaces too, so
 * -Xcompiler "-Wall -Wextra" is two flags there as here. */
static void push_list(plan *p, strvec *to, const char *v)
{
    const char *s = v;
    while (*s) {
        size_t n = strcspn(s, ", \t\n");
        if (n)
            strvec_push(to, own(p, strndup(s, n)));
        s += n;
        if (*s)
            s++;
    }
}

static int is_bool(const char *v)
{
    return !strcmp(v, "true") || !strcmp(v, "false");
}

static int one_of(const char *v, const char *const *list)
{
    for (; *list; list++)
        if (!strcmp(v, *list))
            return 1;
    return 0;
}

/* The GPU architectures nvcc 13 accepts (nvcc --list-gpu-arch): it
 * rejects the retired ones (sm_13, sm_20, ..., sm_72), and so does simtcc,
 * so that a program built here builds with nvcc.  'a' variants exist from
 * sm_90, 'f' variants from sm_100. */
static const int known_archs[] = {75, 80, 86, 87, 88, 89, 90, 100, 103, 110, 120, 121, 0};

/* One architecture name: sm_90, compute_90a, lto_90, sm_100f -> 90/100;
 * native, all, all-major -> 0; -1 if invalid. */
static int arch_one(const char *s, size_t n)
{
    static const char *const whole[] = {"native", "all", "all-major", NULL};
    for (const char *const *w = whole; *w; w++)
        if (strlen(*w) == n && !strncmp(s, *w, n))
            return 0;
    size_t k;
    if (n > 3 && !strncmp(s, "sm_", 3))
        k = 3;
    else if (n > 8 && !strncmp(s, "compute_", 8))
        k = 8;
    else if (n > 4 && !strncmp(s, "lto_", 4))
        k = 4;
    else
        return -1;
    int v = 0;
    size_t d = k;
    while (d < n && s[d] >= '0' && s[d] <= '9' && d - k < 4)
        v = v * 10 + (s[d++] - '0');
    if (d == k || (d < n && !((s[d] == 'a' || s[d] == 'f') && d + 1 == n)))
        return -1;
    if (d < n && (s[d] == 'a' ? v < 90 : v < 100))
        return -1;
    for (const int *a = known_archs; *a; a++)
        if (*a == v)
            return v;
    return -1;
}

int args_arch_value(const char *v)
{
    int best = 0;
    const char *s = v;
    for (;;) {
        const char *e = strchr(s, ',');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        int a = arch_one(s, n);
        if (a < 0)
            return -1;
        if (a > best)
            best = a;
        if (!e)
            break;
        s = e + 1;
    }
    return best;
}

/* -gencode arch=compute_XX,code=sm_XX (code may be a [list] or "list"). */
static int gencode(ctx *c, const char *v)
{
    const char *s = v;
    int keys = 0; /* 1: arch=, 2: code= */
    while (*s) {
        const char *eq = strchr(s, '=');
        if (!eq)
            return fail(c, "invalid -gencode value '%s'", v);
        size_t klen = (size_t)(eq - s);
        if (klen == 4 && !strncmp(s, "arch", 4))
            keys |= 1;
        else if (klen == 4 && !strncmp(s, "code", 4))
            keys |= 2;
        else
            return fail(c, "invalid -gencode value '%s'", v);
        const char *val = eq + 1, *end;
        char close = 0;
        if (*val == '[' || *val == '"') {
            close = *val == '[' ? ']' : '"';
            val++;
            end = strchr(val, close);
            if (!end)
                return fail(c, "invalid -gencode value '%s'", v);
        } else {
            end = strchr(val, ',');
            if (!end)
                end = val + strlen(val);
        }
        char *list = strndup(val, (size_t)(end - val));
        int a = list ? args_arch_value(list) : -1;
        free(list);
        if (a < 0)
            return fail(c, "unsupported gpu architecture in -gencode '%s'", v);
        if (a > c->arch)
            c->arch = a;
        s = end + (close ? 1 : 0);
        if (*s == ',')
            s++;
        else if (*s)
            return fail(c, "invalid -gencode value '%s'", v);
    }
    return keys == 3 ? 0 : fail(c, "invalid -gencode value '%s' (arch=...,code=...)", v);
}

static int arch_option(ctx *c, const char *v)
{
    int a = args_arch_value(v);
    if (a < 0)
        return fail(c, "unsupported gpu architecture '%s'", v);
    if (a > c->arch)
        c->arch = a;
    return 0;
}

/* Languages by file name; LANG_SUFFIX if unknown. */
static int lang_of(const char *path)
{
    static const struct {
        const char *ext;
        int lang;
    } exts[] = {{".cu", LANG_CU}, {".cup", LANG_CU_PP}, {".cpp", LANG_CXX},
                {".cc", LANG_CXX}, {".cxx", LANG_CXX}, {".c++", LANG_CXX},
                {".cp", LANG_CXX}, {".CPP", LANG_CXX}, {".C", LANG_CXX},
                {".ii", LANG_CXX_PP}, {".c", LANG_C}, {".i", LANG_C_PP},
                {".o", LANG_LINK}, {".obj", LANG_LINK}, {".a", LANG_LINK},
                {".lib", LANG_LINK}, {".so", LANG_LINK}, {NULL, 0}};
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (strstr(base, ".so."))
        return LANG_LINK; /* libfoo.so.1 */
    const char *dot = strrchr(base, '.');
    if (!dot)
        return LANG_SUFFIX;
    for (int k = 0; exts[k].ext; k++)
        if (!strcmp(dot, exts[k].ext))
            return exts[k].lang;
    return LANG_SUFFIX;
}

static int parse(ctx *c, int argc, char **argv);

/* --options-file: whitespace-separated arguments, with '', "" and \. */
static int options_file(ctx *c, const char *path)
{
    if (c->depth > 8)
        return fail(c, "--options-file nested too deeply at '%s'", path);
    FILE *f = fopen(path, "r");
    if (!f)
        return fail(c, "cannot open options file '%s'", path);
    strvec args = {0};
    char *word = NULL;
    size_t wlen = 0, wcap = 0;
    int ch, quote = 0, inword = 0;
    for (;;) {
        ch = fgetc(f);
        int end = ch == EOF || (!quote && (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'));
        if (end) {
            if (inword) {
                char *w = own(c->p, strndup(word ? word : "", wlen));
                strvec_push(&args, w);
            }
            inword = 0;
            wlen = 0;
            if (ch == EOF)
                break;
            continue;
        }
        inword = 1;
        if (!quote && (ch == '"' || ch == '\'')) {
            quote = ch;
            continue;
        }
        if (quote && ch == quote) {
            quote = 0;
            continue;
        }
        if (ch == '\\' && quote != '\'') {
            int nx = fgetc(f);
            if (nx != EOF)
                ch = nx;
        }
        if (wlen + 1 >= wcap) {
            wcap = wcap ? wcap * 2 : 64;
            char *nw = realloc(word, wcap);
            if (!nw) {
                fputs("simtcc: error: out of memory\n", stderr);
                exit(1);
            }
            word = nw;
        }
        word[wlen++] = (char)ch;
    }
    fclose(f);
    free(word);
    /* parse() reads argv[1..argc) */
    strvec full = {0};
    strvec_push(&full, path);
    for (size_t k = 0; k < args.n; k++)
        strvec_push(&full, args.v[k]);
    strvec_free(&args);
    ctx saved = *c;
    c->depth++;
    int rc = parse(c, (int)full.n, (char **)(void *)full.v);
    c->argv = saved.argv;
    c->argc = saved.argc;
    c->i = saved.i;
    c->depth--;
    strvec_free(&full);
    return rc;
}

/* Options accepted and ignored: they tune GPU code generation or nvcc's
 * own diagnostics, neither of which exists here. */
static const char *const ignored_flags[] = {
    "m64", "Wno-deprecated-gpu-targets", "Wdefault-stream-launch", "Wmissing-launch-bounds",
    "Wext-lambda-captures-this", "allow-unsupported-compiler",
    "extra-device-vectorization", "src-in-ptx", "source-in-ptx", "restrict",
    "keep-device-functions", "extensible-whole-program", "ewp", "nohdinitlist",
    "no-host-device-initializer-list", "nohdmoveforward", "no-host-device-move-forward",
    "err-no", "display-error-number", "no-err-no", "no-display-error-number", "nodlink",
    "no-device-link", "dlto", "lto", "gen-opt-lto", "objtemp", "objdir-as-tempdir",
    "use-local-env", "fdevice-syntax-only", NULL};

static const char *const ignored_values[] = {
    "Xptxas", "ptxas-options", "Xnvlink", "nvlink-options", "Xcudafe", "Xfatbin",
    "fatbin-options", "Xarchive", "archive-options", "maxrregcount", "threads",
    "split-compile", "diag-suppress", "diag-warn", "diag-error", "time", "dopt", "Ofc",
    "Ofast-compile", "device-stack-protector", "static-global-template-stub",
    "device-entity-has-hidden-visibility", "fdevice-time-trace", "jump-table-density",
    "cudadevrt", NULL};

static const char *const ignored_bools[] = {"ftz", "prec-div", "prec-sqrt", "fmad", NULL};

static const char *const werror_kinds[] = {
    "cross-execution-space-call", "reorder", "default-stream-launch", "missing-launch-bounds",
    "ext-lambda-captures-this", "deprecated-declarations", "all-warnings", NULL};

/* Libraries libsimt stands for (NVTX's is header-only here, as NVTX 3). */
static const char *const cuda_libs[] = {"cudart", "cudart_static", "cudadevrt", "cuda",
                                        "culibos", "nvToolsExt", NULL};

/* --check=LIST: race, memory, init, sync, all (src/check/check.h). */
static int check_option(ctx *c, const char *v)
{
    static const char *const names[] = {"race", "memory", "init", "sync", "all", NULL};
    static const unsigned bits[] = {1, 2, 4, 8, 15};
    for (const char *s = v;;) {
        const char *e = strchr(s, ',');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        unsigned got = 0;
        for (size_t k = 0; names[k]; k++)
            if (strlen(names[k]) == n && !strncmp(names[k], s, n))
                got = bits[k];
        if (!got)
            return fail(c, "invalid value '%s' for --check (race, memory, init, sync or all, "
                           "comma-separated)", v);
        c->p->check |= got;
        if (!e)
            return 0;
        s = e + 1;
    }
}

static int werror(ctx *c, const char *v)
{
    const char *s = v;
    for (;;) {
        const char *e = strchr(s, ',');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        int ok = 0;
        for (const char *const *k = werror_kinds; *k; k++)
            if (strlen(*k) == n && !strncmp(*k, s, n))
                ok = 1;
        if (!ok)
            return fail(c, "invalid value '%s' for -Werror", v);
        if (!e)
            return 0;
        s = e + 1;
    }
}

static int std_option(ctx *c, const char *v)
{
    static const char *const ok[] = {"c++03", "c++11", "c++14", "c++17", "c++20", "c++23", NULL};
    if (!one_of(v, ok))
        return fail(c, "invalid value '%s' for -std", v);
    c->p->std = v;
    return 0;
}

/* One argument; c->arg is set.  Returns 0, or -1 with c->err set. */
static int option(ctx *c)
{
    plan *p = c->p;
    const char *a = c->arg;
    int r;
#define VALUE(s, l)                                                                        \
    if ((r = value(c, (s), (l))) < 0)                                                      \
        return -1;                                                                         \
    else if (r)
#define ATTACHED(ch, l)                                                                    \
    if ((r = attached(c, (ch), (l))) < 0)                                                  \
        return -1;                                                                         \
    else if (r)

    /* Phases. */
    if (flag(c, "c", "compile") || flag(c, "dc", "device-c") || flag(c, "dw", "device-w")) {
        p->phase = PHASE_COMPILE;
        if (!strcmp(a, "-dc") || !strcmp(a, "--device-c"))
            p->rdc = 1;
        return 0;
    }
    if (flag(c, "E", "preprocess")) {
        p->phase = PHASE_PREPROCESS;
        return 0;
    }
    if (flag(c, "M", "generate-dependencies") || flag(c, "MM", "generate-nonsystem-dependencies")) {
        p->phase = PHASE_DEPS;
        p->dep_kind = strcmp(a, "-M") && strcmp(a, "--generate-dependencies") ? "-MM" : "-M";
        return 0;
    }
    if (flag(c, "MD", "generate-dependencies-with-compile")) {
        p->dep_kind = "-MD";
        return 0;
    }
    if (flag(c, "MMD", "generate-nonsystem-dependencies-with-compile")) {
        p->dep_kind = "-MMD";
        return 0;
    }
    if (flag(c, "MP", "generate-dependency-targets")) {
        strvec_push(&p->deps, "-MP");
        return 0;
    }
    VALUE("MF", "dependency-output") {
        strvec_push(&p->deps, "-MF");
        strvec_push(&p->deps, c->val);
        return 0;
    }
    VALUE("MT", "dependency-target-name") {
        strvec_push(&p->deps, "-MT");
        strvec_push(&p->deps, c->val);
        return 0;
    }
    if (flag(c, "dlink", "device-link")) {
        p->phase = PHASE_DLINK;
        return 0;
    }
    if (flag(c, "lib", "lib")) {
        p->phase = PHASE_LIB;
        return 0;
    }
    if (flag(c, "link", "link")) {
        p->phase = PHASE_LINK;
        return 0;
    }
    if (flag(c, "run", "run")) {
        p->phase = PHASE_LINK;
        p->run = 1;
        return 0;
    }
    if (flag(c, "cuda", "cuda")) {
        p->phase = PHASE_CUDA;
        return 0;
    }
    if (flag(c, "ptx", "ptx") || flag(c, "cubin", "cubin") ||
        flag(c, "fatbin", "fatbin") || flag(c, "optix-ir", "optix-ir"))
        return fail(c, "'%s': simt compiles kernels for the CPU and makes no GPU code", a);
    VALUE(NULL, "simt-rewrite") {
        p->phase = PHASE_REWRITE;
        strvec_push(&c->files, c->val);
        return 0;
    }

    /* Files and paths. */
    VALUE("o", "output-file") {
        p->output = c->val;
        return 0;
    }
    VALUE("odir", "output-directory") {
        p->odir = c->val;
        return 0;
    }
    VALUE("include", "pre-include") {
        strvec_push(&p->pp, "-include");
        strvec_push(&p->pp, c->val);
        return 0;
    }
    VALUE("isystem", "system-include") {
        strvec_push(&p->pp, "-isystem");
        strvec_push(&p->pp, c->val);
        return 0;
    }
    VALUE("optf", "options-file") {
        return options_file(c, c->val);
    }
    VALUE("ccbin", "compiler-bindir") {
        p->ccbin = c->val;
        return 0;
    }
    VALUE("keep-dir", "keep-dir") {
        p->keep_dir = c->val;
        return 0;
    }
    VALUE("run-args", "run-args") {
        push_list(p, &p->run_args, c->val);
        return 0;
    }

    /* Language and host compiler. */
    VALUE("x", "x") {
        if (!strcmp(c->val, "cu"))
            c->xlang = LANG_CU;
        else if (!strcmp(c->val, "c++"))
            c->xlang = LANG_CXX;
        else if (!strcmp(c->val, "c"))
            c->xlang = LANG_C;
        else if (!strcmp(c->val, "none"))
            c->xlang = LANG_SUFFIX;
        else
            return fail(c, "invalid value '%s' for -x (cu, c++, c or none)", c->val);
        return 0;
    }
    VALUE("std", "std") {
        return std_option(c, c->val);
    }
    VALUE("Xcompiler", "compiler-options") {
        push_list(p, &p->host, c->val);
        return 0;
    }
    VALUE("Xlinker", "linker-options") {
        strvec items = {0};
        push_list(p, &items, c->val);
        for (size_t k = 0; k < items.n; k++)
            strvec_push(&p->link, own_printf(p, "-Wl,%s", items.v[k]));
        strvec_free(&items);
        return 0;
    }
    if (flag(c, "noeh", "no-exceptions")) {
        strvec_push(&p->host, "-fno-exceptions");
        return 0;
    }
    if (flag(c, "pg", "profile")) {
        strvec_push(&p->host, "-pg");
        return 0;
    }
    if (flag(c, "w", "disable-warnings")) {
        strvec_push(&p->host, "-w");
        return 0;
    }
    if (flag(c, "Wno-deprecated-declarations", "Wno-deprecated-declarations") ||
        flag(c, "Wreorder", "Wreorder")) {
        strvec_push(&p->host, a[1] == '-' ? a + 1 : a);
        return 0;
    }
    VALUE("Werror", "Werror") {
        return werror(c, c->val);
    }
    if (flag(c, "forward-unknown-to-host-compiler", "forward-unknown-to-host-compiler") ||
        flag(c, "forward-unknown-opts", "forward-unknown-opts") ||
        flag(c, "forward-unknown-to-host-linker", "forward-unknown-to-host-linker"))
        return 0; /* seen by args_parse before the line is read */

    /* Code generation. */
    if (flag(c, "g", "debug")) {
        p->debug = 1;
        return 0;
    }
    if (flag(c, "G", "device-debug")) {
        p->device_debug = 1;
        return 0;
    }
    VALUE("check", "check") {
        return check_option(c, c->val);
    }
    VALUE("error-exitcode", "error-exitcode") {
        char *end;
        long n = strtol(c->val, &end, 10);
        if (*end || end == c->val || n < 0 || n > 255)
            return fail(c, "invalid value '%s' for --error-exitcode (0 to 255)", c->val);
        p->error_exitcode = (int)n + 1;
        return 0;
    }
    if (flag(c, "res-usage", "resource-usage")) {
        p->resource_usage = 1;
        return 0;
    }
    if (flag(c, "lineinfo", "generate-line-info")) {
        p->lineinfo = 1;
        return 0;
    }
    VALUE("arch", "gpu-architecture") {
        return arch_option(c, c->val);
    }
    VALUE("code", "gpu-code") {
        return arch_option(c, c->val);
    }
    VALUE("gencode", "generate-code") {
        return gencode(c, c->val);
    }
    if (flag(c, "arch-ls", "list-gpu-arch")) {
        p->list_arch = 1;
        return 0;
    }
    if (flag(c, "code-ls", "list-gpu-code")) {
        p->list_code = 1;
        return 0;
    }
    VALUE("rdc", "relocatable-device-code") {
        if (!is_bool(c->val))
            return fail(c, "invalid value '%s' for -rdc (true or false)", c->val);
        p->rdc = !strcmp(c->val, "true");
        return 0;
    }
    VALUE("cudart", "cudart") {
        static const char *const ok[] = {"none", "shared", "static", NULL};
        if (!one_of(c->val, ok))
            return fail(c, "invalid value '%s' for -cudart (none, shared or static)", c->val);
        return 0; /* libsimt is always linked: rewritten code calls it */
    }
    VALUE("default-stream", "default-stream") {
        static const char *const ok[] = {"legacy", "null", "per-thread", NULL};
        if (!one_of(c->val, ok))
            return fail(c, "invalid value '%s' for --default-stream", c->val);
        p->per_thread_stream = !strcmp(c->val, "per-thread");
        return 0;
    }
    if (flag(c, "use_fast_math", "use_fast_math")) {
        p->fast_math = 1;
        return 0;
    }
    if (flag(c, "expt-relaxed-constexpr", "expt-relaxed-constexpr")) {
        p->relaxed_constexpr = 1;
        return 0;
    }
    if (flag(c, "expt-extended-lambda", "expt-extended-lambda") ||
        flag(c, "extended-lambda", "extended-lambda")) {
        p->extended_lambda = 1;
        return 0;
    }
    if (flag(c, "shared", "shared")) {
        p->shared = 1;
        return 0;
    }
    VALUE("m", "machine") {
        if (strcmp(c->val, "64"))
            return fail(c, "invalid value '%s' for -m (only 64)", c->val);
        return 0;
    }
    for (const char *const *k = ignored_bools; *k; k++) {
        VALUE(*k, *k) {
            if (!is_bool(c->val))
                return fail(c, "invalid value '%s' for -%s (true or false)", c->val, *k);
            return 0;
        }
    }
    for (const char *const *k = ignored_flags; *k; k++)
        if (flag(c, *k, *k))
            return 0;
    for (const char *const *k = ignored_values; *k; k++) {
        VALUE(*k, *k) {
            return 0;
        }
    }
    VALUE("t", NULL) {
        return 0; /* --threads */
    }

    /* Driver behaviour. */
    if (flag(c, "keep", "keep") || flag(c, "save-temps", "save-temps")) {
        p->keep = 1;
        return 0;
    }
    if (flag(c, "dryrun", "dryrun")) {
        p->dryrun = 1;
        return 0;
    }
    if (flag(c, "v", "verbose")) {
        p->verbose = 1;
        return 0;
    }
    if (flag(c, "V", "version")) {
        p->version = 1;
        return 0;
    }
    if (flag(c, "h", "help")) {
        p->help = 1;
        return 0;
    }

    /* The single-letter options that take an attached value come last:
     * -lineinfo, -lib and -link are not -l. */
    ATTACHED('I', "include-path") {
        strvec_push(&p->pp, "-I");
        strvec_push(&p->pp, c->val);
        return 0;
    }
    ATTACHED('D', "define-macro") {
        strvec_push(&p->pp, "-D");
        strvec_push(&p->pp, c->val);
        return 0;
    }
    ATTACHED('U', "undefine-macro") {
        strvec_push(&p->pp, "-U");
        strvec_push(&p->pp, c->val);
        return 0;
    }
    ATTACHED('L', "library-path") {
        strvec_push(&p->link, own_printf(p, "-L%s", c->val));
        return 0;
    }
    ATTACHED('l', "library") {
        if (!one_of(c->val, cuda_libs))
            strvec_push(&p->link, own_printf(p, "-l%s", c->val));
        return 0;
    }
    VALUE("O", "optimize") { /* -O2, -O 2, --optimize=2: nvcc takes any number */
        if (!*c->val || strspn(c->val, "0123456789") != strlen(c->val))
            return fail(c, "invalid optimization level '%s'", c->val);
        p->opt = own_printf(p, "-O%s", c->val);
        return 0;
    }
    if (a[0] == '-' && a[1] == 'O' && a[2] && a[2] != '=') {
        if (strspn(a + 2, "0123456789") != strlen(a + 2))
            return fail(c, "invalid optimization level '%s'", a);
        p->opt = a;
        return 0;
    }
#undef VALUE
#undef ATTACHED

    if (a[0] == '-' && a[1]) {
        if (c->forward_unknown) {
            strvec_push(&p->host, a);
            return 0;
        }
        if (c->forward_unknown_link) {
            strvec_push(&p->link, a);
            return 0;
        }
        return fail(c, "unknown option '%s'", a);
    }
    strvec_push(&c->files, a);
    return 0;
}

static int parse(ctx *c, int argc, char **argv)
{
    c->argv = argv;
    c->argc = argc;
    for (c->i = 1; c->i < c->argc; c->i++) {
        c->arg = c->argv[c->i];
        if (option(c) < 0)
            return -1;
    }
    return 0;
}

int args_parse(plan *p, int argc, char **argv, char *err, size_t errlen)
{
    ctx c;
    memset(p, 0, sizeof *p);
    memset(&c, 0, sizeof c);
    c.p = p;
    c.err = err;
    c.errlen = errlen;
    err[0] = 0;
    for (int k = 1; k < argc; k++) {
        if (!strcmp(argv[k], "-forward-unknown-to-host-compiler") ||
            !strcmp(argv[k], "--forward-unknown-to-host-compiler") ||
            !strcmp(argv[k], "-forward-unknown-opts") ||
            !strcmp(argv[k], "--forward-unknown-opts"))
            c.forward_unknown = 1;
        if (!strcmp(argv[k], "-forward-unknown-to-host-linker") ||
            !strcmp(argv[k], "--forward-unknown-to-host-linker"))
            c.forward_unknown_link = 1;
    }
    int rc = parse(&c, argc, argv);
    for (size_t k = 0; rc == 0 && k < c.files.n; k++) {
        const char *f = c.files.v[k];
        int lang = lang_of(f);
        if (lang != LANG_LINK && c.xlang != LANG_SUFFIX && p->phase != PHASE_REWRITE)
            lang = c.xlang;
        if (p->phase == PHASE_REWRITE)
            lang = LANG_CU_PP;
        if (lang == LANG_SUFFIX) {
            rc = fail(&c, "don't know what to do with '%s'", f);
            break;
        }
        if (p->ninputs == p->icap) {
            p->icap = p->icap ? p->icap * 2 : 8;
            input *in = realloc(p->inputs, p->icap * sizeof *in);
            if (!in) {
                fputs("simtcc: error: out of memory\n", stderr);
                exit(1);
            }
            p->inputs = in;
        }
        p->inputs[p->ninputs].path = f;
        p->inputs[p->ninputs].lang = lang;
        p->ninputs++;
    }
    strvec_free(&c.files);
    p->arch = c.arch ? c.arch : 90;
    if (rc == 0 && p->phase == PHASE_REWRITE && p->ninputs != 1)
        rc = fail(&c, "--simt-rewrite takes one input file");
    if (rc == 0 && p->output && (p->phase == PHASE_COMPILE || p->phase == PHASE_PREPROCESS ||
                                 p->phase == PHASE_DEPS || p->phase == PHASE_CUDA)) {
        size_t sources = 0;
        for (size_t k = 0; k < p->ninputs; k++)
            sources += p->inputs[k].lang != LANG_LINK;
        if (sources > 1)
            rc = fail(&c, "-o names one output, but %zu input files would each make one", sources);
    }
    return rc;
}

void plan_free(plan *p)
{
    for (size_t k = 0; k < p->owned.n; k++)
        free((void *)(uintptr_t)p->owned.v[k]);
    strvec_free(&p->owned);
    strvec_free(&p->pp);
    strvec_free(&p->host);
    strvec_free(&p->link);
    strvec_free(&p->deps);
    strvec_free(&p->run_args);
    free(p->inputs);
    memset(p, 0, sizeof *p);
}
