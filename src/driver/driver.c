/*
 * driver.c: simtcc's steps (see driver.h).
 *
 * Commands are argument vectors run with posix_spawnp, never through a
 * shell, so file names need no quoting (--dryrun and -v quote them for
 * display only).  The first failing step ends the run with its status.
 */
#include "driver.h"
#include "libs.h"

#include "diagmap.h"
#include "rewrite.h"
#include "views.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

typedef struct driver {
    const plan *p;
    const char *cxx, *cc; /* cc NULL: cxx -x c */
    /* .cu files: clang++-16 and simt-kc (the compiled tier), or NULL: cxx
     * (the fiber tier only) */
    const char *kc_cxx;
    char kc[PATH_MAX + 16];
    char self[PATH_MAX];
    char prefix[PATH_MAX + 8]; /* <bin>/..: nvcc's TOP */
    char incdir[PATH_MAX + 40], libdir[PATH_MAX + 40];
    const char *tmpdir;   /* NULL until made */
    int host_view;        /* preprocessing the host's view: no __CUDA_ARCH__ */
    strvec owned;         /* strings to free */
    strvec objs;          /* link inputs, in command-line order */
    /* The rewritten file being compiled and its changed lines: run()
     * passes the compiler's stderr through simt__dm_filter (diagmap.h). */
    const char *dm_out;
    simt__dm dm;
} driver;

/* ---- temporary files, removed on exit and on fatal signals ---------- */

static char **temp_paths;
static volatile sig_atomic_t ntemps;
static size_t temp_cap;
static char temp_dir[PATH_MAX];

static void remove_temps(void)
{
    for (sig_atomic_t k = ntemps; k > 0; k--)
        unlink(temp_paths[k - 1]);
    ntemps = 0;
    if (temp_dir[0])
        rmdir(temp_dir);
    temp_dir[0] = 0;
}

static void on_signal(int sig)
{
    remove_temps();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void add_temp(char *path)
{
    sigset_t all, old;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    if ((size_t)ntemps == temp_cap) {
        size_t cap = temp_cap ? temp_cap * 2 : 16;
        char **v = realloc(temp_paths, cap * sizeof *v);
        if (v) {
            temp_paths = v;
            temp_cap = cap;
        }
    }
    if ((size_t)ntemps < temp_cap)
        temp_paths[ntemps++] = path;
    sigprocmask(SIG_SETMASK, &old, NULL);
}

/* Strings the driver owns (strvec_own). */
#define owned(d, s) strvec_own(&(d)->owned, (s))
#define fmt(d, ...) strvec_printf(&(d)->owned, __VA_ARGS__)

static int make_tmpdir(driver *d)
{
    if (d->tmpdir)
        return 0;
    if (d->p->keep) {
        d->tmpdir = d->p->keep_dir ? d->p->keep_dir : ".";
        return 0;
    }
    const char *base = getenv("TMPDIR");
    if (!base || !*base)
        base = "/tmp";
    snprintf(temp_dir, sizeof temp_dir, "%s/simtcc-XXXXXX", base);
    if (d->p->dryrun) {
        d->tmpdir = fmt(d, "%s", temp_dir);
        temp_dir[0] = 0;
        return 0;
    }
    if (!mkdtemp(temp_dir)) {
        fprintf(stderr, "simtcc: error: cannot create a temporary directory in %s: %s\n", base,
                strerror(errno));
        temp_dir[0] = 0;
        return -1;
    }
    d->tmpdir = fmt(d, "%s", temp_dir);
    atexit(remove_temps);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGHUP, on_signal);
    return 0;
}

/* The length of path's base name without its extension; *base is set. */
static int stem(const char *path, const char **base)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    const char *dot = strrchr(b, '.');
    *base = b;
    return dot && dot != b ? (int)(dot - b) : (int)strlen(b);
}

/* A temporary file for input k: <tmp>/<base><suffix> (<base>-<k> when an
 * earlier input has the same base name, as a.cu and x/a.cu), or with -keep
 * <keep-dir>/<base>.simt<suffix>.  Objects keep plain names because -lib
 * archives them under those names. */
static const char *temp_file(driver *d, size_t k, const char *path, const char *suffix)
{
    const char *base, *other;
    int n = stem(path, &base);
    if (d->p->keep)
        return fmt(d, "%s/%.*s.simt%s", d->tmpdir, n, base, suffix);
    int clash = 0;
    for (size_t j = 0; j < k && !clash; j++)
        clash = stem(d->p->inputs[j].path, &other) == n && !strncmp(other, base, (size_t)n);
    char *t = clash ? fmt(d, "%s/%.*s-%zu%s", d->tmpdir, n, base, k, suffix)
                    : fmt(d, "%s/%.*s%s", d->tmpdir, n, base, suffix);
    if (!d->p->dryrun)
        add_temp(t);
    return t;
}

/* ---- tools ------------------------------------------------------------ */

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* s with the first `from` in its base name replaced by `to`; NULL if none. */
static char *swap_in_base(driver *d, const char *s, const char *from, const char *to)
{
    const char *base = strrchr(s, '/');
    base = base ? base + 1 : s;
    const char *at = strstr(base, from);
    if (!at)
        return NULL;
    return fmt(d, "%.*s%s%s", (int)(at - s), s, to, at + strlen(from));
}

static int base_is(const char *s, const char *name)
{
    const char *base = strrchr(s, '/');
    return !strcmp(base ? base + 1 : s, name);
}

static int on_path(const char *name)
{
    if (strchr(name, '/'))
        return access(name, X_OK) == 0;
    const char *path = getenv("PATH");
    char buf[PATH_MAX];
    while (path && *path) {
        const char *end = strchr(path, ':');
        size_t n = end ? (size_t)(end - path) : strlen(path);
        snprintf(buf, sizeof buf, "%.*s/%s", (int)n, n ? path : ".", name);
        if (access(buf, X_OK) == 0)
            return 1;
        path = end ? end + 1 : NULL;
    }
    return 0;
}

/* The compiled tier needs simt-kc beside simtcc and clang 16 (its bitcode
 * is what simt-kc reads).  A host compiler the user named is used for .cu
 * files too, through simt-kc when it is clang 16. */
static void pick_kc(driver *d, const char *named)
{
    d->kc_cxx = NULL;
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", d->self);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    snprintf(d->kc, sizeof d->kc, "%s/simt-kc", dir);
    if (access(d->kc, X_OK) != 0)
        return;
    const char *want = named ? named : "clang++-16";
    const char *base = strrchr(want, '/');
    base = base ? base + 1 : want;
    if (strcmp(base, "clang++-16") != 0 || !on_path(want))
        return;
    d->kc_cxx = want;
}

/* -ccbin names the host compiler: a directory holding g++, a C++ compiler,
 * or a C compiler standing for its C++ sibling (gcc-12 -> g++-12, clang ->
 * clang++, cc -> c++). */
static void pick_tools(driver *d)
{
    const char *c = d->p->ccbin;
    if (!c)
        c = getenv("SIMTCC_CXX");
    if (!c || !*c)
        c = "g++";
    if (is_dir(c)) {
        c = fmt(d, "%s/g++", c);
    } else if (!strstr(c, "++")) {
        char *s = swap_in_base(d, c, "clang", "clang++");
        if (!s)
            s = swap_in_base(d, c, "gcc", "g++");
        if (!s && base_is(c, "cc"))
            s = swap_in_base(d, c, "cc", "c++");
        if (s)
            c = s;
    }
    d->cxx = c;
    pick_kc(d, d->p->ccbin || getenv("SIMTCC_CXX") ? c : NULL);
    d->cc = swap_in_base(d, c, "clang++", "clang");
    if (!d->cc)
        d->cc = swap_in_base(d, c, "g++", "gcc");
    if (!d->cc && base_is(c, "c++"))
        d->cc = swap_in_base(d, c, "c++", "cc");
}

static int exists(const char *dir, const char *file)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    return access(path, F_OK) == 0;
}

/* simt's headers and libraries from simtcc's own place (through the link
 * when called as nvcc): an installed tree is nvcc's (<top>/include,
 * <top>/lib64); the build tree keeps <top>/lib/simt/include and <top>/lib. */
static void locate(driver *d, const char *self)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
    } else if (!realpath(self, exe)) {
        snprintf(exe, sizeof exe, "%s", self);
    }
    snprintf(d->self, sizeof d->self, "%s", exe);
    char *slash = strrchr(exe, '/');
    if (slash)
        *slash = 0;
    else
        snprintf(exe, sizeof exe, ".");
    char up[PATH_MAX + 4];
    snprintf(up, sizeof up, "%s/..", exe);
    if (!realpath(up, d->prefix))
        snprintf(d->prefix, sizeof d->prefix, "%s", up);
    snprintf(d->incdir, sizeof d->incdir, "%s/include", d->prefix);
    if (!exists(d->incdir, "cuda_runtime.h"))
        snprintf(d->incdir, sizeof d->incdir, "%s/lib/simt/include", d->prefix);
    snprintf(d->libdir, sizeof d->libdir, "%s/lib64", d->prefix);
    if (!exists(d->libdir, "libsimt.a"))
        snprintf(d->libdir, sizeof d->libdir, "%s/lib", d->prefix);
}

/* ---- commands --------------------------------------------------------- */

/* One argument as a shell reads it back (quoted when it must be). */
static void put_arg(FILE *f, const char *a)
{
    int plain = *a != 0;
    for (const char *q = a; *q; q++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                    "-_=+./,:@%^", *q))
            plain = 0;
    if (plain) {
        fputs(a, f);
        return;
    }
    fputc('\'', f);
    for (const char *q = a; *q; q++) {
        if (*q == '\'')
            fputs("'\\''", f);
        else
            fputc(*q, f);
    }
    fputc('\'', f);
}

static void print_cmd(const strvec *argv)
{
    fputs("#$", stderr);
    for (size_t k = 0; k < argv->n; k++) {
        fputc(' ', stderr);
        put_arg(stderr, argv->v[k]);
    }
    fputc('\n', stderr);
}

/* -v and --dryrun begin as nvcc's do, with the toolkit's layout as
 * variable assignments: build systems read them (CMake's CUDA language
 * takes the toolkit root from TOP, the library root from
 * NVVMIR_LIBRARY_DIR's parent, the implicit include directories from
 * INCLUDES, and the host link line as the step holding LIBRARIES
 * verbatim).  simt has no libdevice: the directory is named for CMake's
 * sake, as nvcc names it. */
static void print_env(const driver *d)
{
    char here[PATH_MAX];
    snprintf(here, sizeof here, "%s", d->self);
    char *slash = strrchr(here, '/');
    if (slash)
        *slash = 0;
    const char *path = getenv("PATH");
    fprintf(stderr, "#$ _HERE_=%s\n", here);
    fprintf(stderr, "#$ TOP=%s\n", d->prefix);
    fprintf(stderr, "#$ NVVMIR_LIBRARY_DIR=%s/nvvm/libdevice\n", d->prefix);
    fprintf(stderr, "#$ PATH=%s%s%s\n", here, path ? ":" : "", path ? path : "");
    fprintf(stderr, "#$ INCLUDES=\"-I%s\"\n", d->incdir);
    fputs("#$ LIBRARIES=  ", stderr);
    char lib[PATH_MAX + 48];
    snprintf(lib, sizeof lib, "-L%s", d->libdir);
    put_arg(stderr, lib);
    fputc('\n', stderr);
}

/* Runs argv (not NULL-terminated; it is pushed here).  Returns its exit
 * status, 1 if it could not run or died of a signal. */
static int run(driver *d, strvec *argv)
{
    if (d->p->verbose || d->p->dryrun)
        print_cmd(argv);
    if (d->p->dryrun)
        return 0;
    fflush(stdout);
    /* A compile of rewritten text: its diagnostics in the user's columns. */
    int fds[2] = {-1, -1};
    for (size_t k = 0; d->dm.n && k < argv->n; k++)
        if (!strcmp(argv->v[k], d->dm_out)) {
            if (pipe(fds) != 0)
                fds[0] = fds[1] = -1;
            break;
        }
    posix_spawn_file_actions_t fa, *pfa = NULL;
    if (fds[0] >= 0 && posix_spawn_file_actions_init(&fa) == 0) {
        posix_spawn_file_actions_adddup2(&fa, fds[1], 2);
        posix_spawn_file_actions_addclose(&fa, fds[0]);
        posix_spawn_file_actions_addclose(&fa, fds[1]);
        pfa = &fa;
    }
    fflush(stderr);
    strvec_push(argv, NULL);
    pid_t pid;
    int rc = posix_spawnp(&pid, argv->v[0], pfa, NULL, (char *const *)(void *)argv->v, environ);
    argv->n--;
    if (pfa)
        posix_spawn_file_actions_destroy(pfa);
    if (fds[1] >= 0)
        close(fds[1]);
    if (rc == 0 && fds[0] >= 0) {
        FILE *f = pfa ? fdopen(fds[0], "r") : NULL;
        if (f) {
            simt__dm_filter(&d->dm, f, stderr);
            fclose(f);
            fds[0] = -1;
        }
    }
    if (fds[0] >= 0)
        close(fds[0]);
    if (rc != 0) {
        fprintf(stderr, "simtcc: error: cannot run '%s': %s\n", argv->v[0], strerror(rc));
        return 1;
    }
    int st;
    while (waitpid(pid, &st, 0) < 0) {
        if (errno != EINTR) {
            fprintf(stderr, "simtcc: error: waiting for '%s': %s\n", argv->v[0], strerror(errno));
            return 1;
        }
    }
    if (WIFEXITED(st))
        return WEXITSTATUS(st);
    fprintf(stderr, "simtcc: error: '%s' was killed by signal %d\n", argv->v[0],
            WIFSIGNALED(st) ? WTERMSIG(st) : 0);
    return 1;
}

/* run, then argv freed. */
static int run_once(driver *d, strvec *argv)
{
    int rc = run(d, argv);
    strvec_free(argv);
    return rc;
}

static void push_all(strvec *to, const strvec *from)
{
    for (size_t k = 0; k < from->n; k++)
        strvec_push(to, from->v[k]);
}

/* The C++ standard for .cu files: at least C++17, which the launch
 * lambda (generic, C++14) and simt's headers (C++17) need. */
static const char *cu_std(const plan *p)
{
    if (p->std && (!strcmp(p->std, "c++20") || !strcmp(p->std, "c++23")))
        return !strcmp(p->std, "c++20") ? "-std=c++20" : "-std=c++23";
    return "-std=c++17";
}

/* Optimization and debug flags, for compiling (and preprocessing: -O
 * defines __OPTIMIZE__, which system headers test).  A .cu file holds
 * device code, which nvcc optimizes whatever -O says (-O is the host
 * code's level; ptxas works at -O3 unless -G): simt compiles both with the
 * host compiler, so a .cu file without -O gets -O2, and -G gives -O0. */
static void push_codegen(strvec *c, const plan *p, int cu)
{
    if (p->opt)
        strvec_push(c, p->opt);
    else if (cu && !p->device_debug)
        strvec_push(c, "-O2");
    /* Line tables by default for device code, as nvcc -lineinfo: fault
     * and leak reports name the user's line also without -g (they do not
     * change the code generated). */
    if (p->lineinfo || (cu && !p->debug && !p->device_debug))
        strvec_push(c, "-g1");
    if (p->debug)
        strvec_push(c, "-g");
    if (p->device_debug) {
        strvec_push(c, "-O0");
        strvec_push(c, "-g");
    }
}

/* simt's headers first: a -I naming a real CUDA installation must not
 * shadow them. */
/* Whether .cu files go through simt-kc: not for -G or -O0 (one CUDA
 * thread is one stack in the debugger there, as with nvcc -G). */
static int use_kc(const driver *d)
{
    const plan *p = d->p;
    if (!d->kc_cxx || p->device_debug || (p->opt && !strcmp(p->opt, "-O0")))
        return 0;
    /* Sanitizers instrument in clang's own pipeline, which simt-kc does not
     * run: a sanitized build compiles directly (the fiber tier). */
    for (size_t i = 0; i < p->host.n; i++)
        if (!strncmp(p->host.v[i], "-fsanitize", 10))
            return 0;
    return 1;
}

/* Whether a .cu file that simt-kc does not compile (use_kc) still goes
 * through it for the lockstep of warp-synchronous exchanges
 * (src/compiler/kc_lockstep.h): an -O0 build printed other sums than the
 * -O2 build and the GPU for the classic volatile warp reduction.  Not in
 * checking builds, whose instrumentation comes first (racecheck reports
 * the race instead). */
static int lockstep_step(const driver *d)
{
    return d->kc_cxx && !d->p->check;
}

static const char *cu_cxx(const driver *d)
{
    return d->kc_cxx ? d->kc_cxx : d->cxx;
}

static void push_pp(driver *d, strvec *c, int cuda)
{
    const plan *p = d->p;
    strvec_push(c, "-I");
    strvec_push(c, d->incdir);
    if (cuda) {
        strvec_push(c, "-include");
        strvec_push(c, "cuda_runtime.h");
        static const char *const defs[] = {
            "-D__CUDACC__", "-D__NVCC__", "-D__SIMT__", "-D__SIMT_CU__",
            "-D__CUDACC_VER_MAJOR__=13", "-D__CUDACC_VER_MINOR__=0",
            "-D__CUDACC_VER_BUILD__=88", "-D__CUDA_API_VER_MAJOR__=13",
            "-D__CUDA_API_VER_MINOR__=0", NULL};
        for (const char *const *k = defs; *k; k++)
            strvec_push(c, *k);
        strvec_push(c, fmt(d, "-D__CUDA_ARCH_LIST__=%d", p->arch * 10));
        /* The device's view, which runs the kernels (device code guarded
         * by "#if __CUDA_ARCH__ >= 700" must be there); with clang the
         * host's view too, without it (compile_views). */
        if (!d->host_view)
            strvec_push(c, fmt(d, "-D__CUDA_ARCH__=%d", p->arch * 10));
        if (p->rdc)
            strvec_push(c, "-D__CUDACC_RDC__");
        if (p->extended_lambda)
            strvec_push(c, "-D__CUDACC_EXTENDED_LAMBDA__");
        if (p->relaxed_constexpr)
            strvec_push(c, "-D__CUDACC_RELAXED_CONSTEXPR__");
        if (p->device_debug)
            strvec_push(c, "-D__CUDACC_DEBUG__");
        if (p->fast_math)
            strvec_push(c, "-D__USE_FAST_MATH__=1");
        if (use_kc(d))
            strvec_push(c, "-D__SIMT_KC__");
        if (p->check) {
            /* What the checking build checks, compiled into the program. */
            strvec_push(c, fmt(d, "-DSIMT_CHECK_MASK=%u", p->check));
            strvec_push(c, fmt(d, "-DSIMT_CHECK_EXITCODE=%d",
                               p->error_exitcode ? p->error_exitcode - 1 : 1));
            strvec_push(c, "-include");
            strvec_push(c, "simt/check_build.h");
        }
        if (d->kc_cxx) /* see compile_input */
            strvec_push(c, "-Wno-reserved-user-defined-literal");
        /* Fortified string functions check object sizes that shared
         * memory references do not have. */
        strvec_push(c, "-U_FORTIFY_SOURCE");
    }
    if (p->per_thread_stream)
        strvec_push(c, "-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1");
    push_all(c, &p->pp);
}

static int has_dep_opt(const plan *p, const char *opt)
{
    for (size_t k = 0; k < p->deps.n; k++)
        if (!strcmp(p->deps.v[k], opt))
            return 1;
    return 0;
}

/* -MD/-MMD while compiling to obj: the preprocessing step writes to a
 * temporary file, so the dependency file and target are named here, as
 * the compiler would name them from -o. */
static void push_deps_with_compile(driver *d, strvec *c, const char *obj, int named_here)
{
    const plan *p = d->p;
    if (!p->dep_kind || !strcmp(p->dep_kind, "-M") || !strcmp(p->dep_kind, "-MM"))
        return;
    strvec_push(c, p->dep_kind);
    push_all(c, &p->deps);
    if (!named_here)
        return;
    if (!has_dep_opt(p, "-MF")) {
        const char *base;
        int n = stem(obj, &base);
        strvec_push(c, "-MF");
        strvec_push(c, fmt(d, "%.*s.d", (int)(base - obj) + n, obj));
    }
    if (!has_dep_opt(p, "-MT")) {
        strvec_push(c, "-MT");
        strvec_push(c, obj);
    }
}

static void push_output(strvec *c, const char *out)
{
    if (out) {
        strvec_push(c, "-o");
        strvec_push(c, out);
    }
}

/* Reads the whole file at path ("-": stdin) into a malloc'd buffer; NULL
 * with errno set on failure. */
static char *read_file(const char *path, size_t *len)
{
    int fd = !path || !strcmp(path, "-") ? 0 : open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (n == cap) {
            char *b = realloc(buf, cap *= 2);
            if (!b) {
                free(buf);
                buf = NULL;
                errno = ENOMEM;
                break;
            }
            buf = b;
        }
        ssize_t r = read(fd, buf + n, cap - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            int e = errno;
            free(buf);
            buf = NULL;
            errno = e;
            break;
        }
        if (r == 0)
            break;
        n += (size_t)r;
    }
    if (fd > 0)
        close(fd);
    *len = n;
    return buf;
}

/* The rewrite step, in this process.  quiet: diagnostics only with an
 * error (the host's view repeats the device view's warnings). */
static int rewrite_step_q(driver *d, const char *in, const char *out, int quiet)
{
    const plan *p = d->p;
    if (p->verbose || p->dryrun) {
        strvec c = {0};
        strvec_push(&c, d->self);
        strvec_push(&c, "--simt-rewrite");
        strvec_push(&c, in);
        push_output(&c, out);
        /* nvcc's front end (cicc) takes "-arch compute_XX": CMake reads the
         * default architecture from it. */
        strvec_push(&c, "-arch");
        strvec_push(&c, fmt(d, "compute_%d", p->arch));
        print_cmd(&c);
        strvec_free(&c);
    }
    if (p->dryrun)
        return 0;
    size_t len;
    char *src = read_file(in, &len);
    if (!src) {
        fprintf(stderr, "simtcc: error: cannot read '%s': %s\n", in, strerror(errno));
        return 1;
    }
    rw_buf o = {0}, diag = {0};
    rw_options opt = {in, p->arch};
    int errors = rewrite(src, len, &opt, &o, &diag);
    free(src);
    if (diag.len && (!quiet || errors))
        fwrite(diag.data, 1, diag.len, stderr);
    int rc = 0;
    if (errors < 0) {
        fputs("simtcc: error: out of memory\n", stderr);
        rc = 1;
    } else if (errors > 0) {
        rc = 1;
    } else {
        FILE *f = out && strcmp(out, "-") ? fopen(out, "wb") : stdout;
        if (!f || fwrite(o.data, 1, o.len, f) != o.len || (f != stdout && fclose(f) != 0) ||
            (f == stdout && fflush(stdout) != 0)) {
            fprintf(stderr, "simtcc: error: cannot write '%s': %s\n", out ? out : "<stdout>",
                    strerror(errno));
            rc = 1;
        }
    }
    rw_buf_free(&o);
    rw_buf_free(&diag);
    return rc;
}

static int rewrite_step(driver *d, const char *in, const char *out)
{
    return rewrite_step_q(d, in, out, 0);
}

/* The lines the rewriter changed from ii to rw (file0: ii's name before
 * its first line marker), for run() to remap the compile's diagnostics;
 * without them (unreadable, out of memory) diagnostics pass unchanged. */
static void map_columns(driver *d, const char *ii, const char *rw, const char *file0)
{
    if (d->p->dryrun)
        return;
    size_t a = 0, b = 0;
    char *in = read_file(ii, &a), *out = read_file(rw, &b);
    if (in && out && simt__dm_build(&d->dm, in, a, out, b, file0) == 0)
        d->dm_out = rw;
    free(in);
    free(out);
}

/* ---- per input ------------------------------------------------------------- */

/* Where input k's object goes: -o, or <odir>/<base>.o with -c; a
 * temporary file when it is only to be linked. */
static const char *object_for(driver *d, size_t k)
{
    const plan *p = d->p;
    const char *path = p->inputs[k].path;
    if (p->phase != PHASE_COMPILE)
        return temp_file(d, k, path, ".o");
    if (p->output)
        return p->output;
    const char *base;
    int n = stem(path, &base);
    if (p->odir)
        return fmt(d, "%s/%.*s.o", p->odir, n, base);
    return fmt(d, "%.*s.o", n, base);
}

/* Preprocessing a .cu file: for -E and -M, and as the first compile step. */
static void cu_preprocess_cmd(driver *d, strvec *c)
{
    strvec_push(c, cu_cxx(d));
    strvec_push(c, "-E");
    strvec_push(c, "-x");
    strvec_push(c, "c++");
    strvec_push(c, cu_std(d->p));
    push_pp(d, c, 1);
    push_codegen(c, d->p, 1);
    push_all(c, &d->p->host);
}

/* Host compiler and its language options for a non-CUDA source. */
static void host_cmd(driver *d, strvec *c, int lang)
{
    const plan *p = d->p;
    int is_c = lang == LANG_C || lang == LANG_C_PP;
    strvec_push(c, is_c && d->cc ? d->cc : d->cxx);
    if (is_c && !d->cc) {
        strvec_push(c, "-x");
        strvec_push(c, lang == LANG_C ? "c" : "cpp-output");
    } else if (lang == LANG_CXX_PP) {
        strvec_push(c, "-x");
        strvec_push(c, "c++-cpp-output");
    }
    if (!is_c && p->std)
        strvec_push(c, fmt(d, "-std=%s", p->std));
}

/* -E and -M/-MM of one input: to -o or stdout. */
static int preprocess_input(driver *d, size_t k)
{
    const plan *p = d->p;
    const input *in = &p->inputs[k];
    strvec c = {0};
    if (in->lang == LANG_CU) {
        cu_preprocess_cmd(d, &c);
    } else {
        host_cmd(d, &c, in->lang);
        strvec_push(&c, "-E");
        push_pp(d, &c, 0);
        push_codegen(&c, p, 0);
        push_all(&c, &p->host);
    }
    if (p->phase == PHASE_DEPS) {
        strvec_push(&c, p->dep_kind);
        push_all(&c, &p->deps);
    }
    strvec_push(&c, in->path);
    push_output(&c, p->output);
    return run_once(d, &c);
}

/* -cuda: a .cu input preprocessed and rewritten, the C++ that simtcc
 * compiles, to -o or <odir>/<name>.cu.cpp.ii (nvcc's name for its own). */
static int cuda_input(driver *d, size_t k)
{
    const plan *p = d->p;
    const input *in = &p->inputs[k];
    if (in->lang != LANG_CU)
        return 0;
    const char *out = p->output;
    if (!out) {
        const char *base = strrchr(in->path, '/');
        base = base ? base + 1 : in->path;
        out = p->odir ? fmt(d, "%s/%s.cpp.ii", p->odir, base) : fmt(d, "%s.cpp.ii", base);
    }
    if (make_tmpdir(d) < 0)
        return 1;
    const char *ii = temp_file(d, k, in->path, ".ii");
    strvec c = {0};
    cu_preprocess_cmd(d, &c);
    strvec_push(&c, in->path);
    push_output(&c, ii);
    int rc = run(d, &c);
    strvec_free(&c);
    return rc ? rc : rewrite_step(d, ii, out);
}

/* The host's view of .cu input k, preprocessed like the device's (dev_ii)
 * but without __CUDA_ARCH__, then rewritten: *rw is its rewritten text, or
 * NULL where the two views are one text. */
static int host_view(driver *d, size_t k, const char *dev_ii, const char **rw)
{
    const input *in = &d->p->inputs[k];
    if (views_may_differ(dev_ii) == 0)
        return 0;
    const char *ii = temp_file(d, k, in->path, ".host.ii");
    strvec c = {0};
    d->host_view = 1;
    cu_preprocess_cmd(d, &c);
    d->host_view = 0;
    strvec_push(&c, in->path);
    push_output(&c, ii);
    int rc = run_once(d, &c);
    if (rc)
        return rc;
    int same = views_same(dev_ii, ii);
    if (same < 0) {
        fprintf(stderr, "simtcc: error: cannot read '%s': %s\n", ii, strerror(errno));
        return 1;
    }
    if (same)
        return 0;
    *rw = temp_file(d, k, in->path, ".host.rw.ii");
    return rewrite_step_q(d, ii, *rw, 1);
}

/* The last step of a checking build's .cu file, c (clang with
 * ThreadSanitizer's instrumentation, input pushed, no output): where
 * libsimt-check's inline entry points (simt-check-inline.bc, built beside
 * libsimt-check.a) and llvm-link-16 are there, the instrumented module is
 * linked with them and optimized again, so that the common access is
 * checked inline instead of by a call per access (src/check/abi/tsan_abi.c);
 * otherwise, or with -G or -O0, c compiles obj directly. */
static int check_compile(driver *d, size_t k, strvec *c, const char *obj)
{
    const plan *p = d->p;
    const char *path = p->inputs[k].path;
    const char *abi = fmt(d, "%s/simt-check-inline.bc", d->libdir);
    if (p->device_debug || (p->opt && !strcmp(p->opt, "-O0")) || access(abi, R_OK) != 0 ||
        !on_path("llvm-link-16")) {
        push_output(c, obj);
        return run(d, c);
    }
    const char *inst = temp_file(d, k, path, ".tsan.bc");
    const char *linked = temp_file(d, k, path, ".check.bc");
    strvec_push(c, "-emit-llvm");
    push_output(c, inst);
    int rc = run(d, c);
    if (rc)
        return rc;
    strvec l = {0};
    strvec_push(&l, "llvm-link-16");
    strvec_push(&l, "--only-needed");
    strvec_push(&l, "--internalize");
    strvec_push(&l, inst);
    strvec_push(&l, abi);
    push_output(&l, linked);
    rc = run_once(d, &l);
    if (rc)
        return rc;
    strvec_push(&l, cu_cxx(d));
    strvec_push(&l, "-c");
    strvec_push(&l, p->opt ? p->opt : "-O2");
    strvec_push(&l, "-Wno-unused-command-line-argument");
    for (size_t i = 0; i < p->host.n; i++)
        if (strncmp(p->host.v[i], "-fsanitize", 10) != 0)
            strvec_push(&l, p->host.v[i]);
    strvec_push(&l, "-x");
    strvec_push(&l, "ir");
    strvec_push(&l, linked);
    push_output(&l, obj);
    return run_once(d, &l);
}

/* simt-kc's arguments for a checking build (use_kc): instrument, and
 * inline libsimt-check's entry points where their bitcode is there. */
static void push_kc_check(driver *d, strvec *c)
{
    if (!d->p->check)
        return;
    /* Racecheck (1): barriers tell the checker, warp collectives keep a
     * kernel on the fiber tier. */
    strvec_push(c, d->p->check & 1 ? "--check-race" : "--check");
    const char *abi = fmt(d, "%s/simt-check-inline.bc", d->libdir);
    if (access(abi, R_OK) == 0) {
        strvec_push(c, "--check-inline");
        strvec_push(c, abi);
    }
}

/* The compile of a .cu file's bitcode to an object, as its source would
 * be compiled (the build's optimization, debug and host flags; a
 * sanitizer's instrumentation runs here); "-x ir FILE" and the output
 * follow. */
static void push_ir_compile(driver *d, strvec *c)
{
    strvec_push(c, cu_cxx(d));
    strvec_push(c, "-c");
    push_codegen(c, d->p, 1);
    strvec_push(c, "-Wno-unused-command-line-argument");
    push_all(c, &d->p->host);
}

/* Both views of a .cu file to obj: each compiled by clang to bitcode
 * (cc: the compile command up to its input), merged by simt-kc
 * (src/compiler/kc_merge.c), then compiled by simt-kc, or where the
 * kernels run on the fiber tier (-G, -O0) by clang. */
static int compile_views(driver *d, size_t k, strvec *cc, const char *dev_rw, const char *host_rw,
                         const char *obj)
{
    const plan *p = d->p;
    const input *in = &p->inputs[k];
    const char *bc[2] = {temp_file(d, k, in->path, ".bc"), temp_file(d, k, in->path, ".host.bc")};
    const char *rw[2] = {dev_rw, host_rw};
    size_t base = cc->n;
    int rc = 0;
    for (int v = 0; v < 2 && !rc; v++) {
        cc->n = base;
        /* The device view's warnings are the ones simtcc has always shown;
         * the host view would repeat them.  Its errors are errors. */
        if (v == 1)
            strvec_push(cc, "-w");
        strvec_push(cc, rw[v]);
        strvec_push(cc, "-Xclang");
        strvec_push(cc, "-disable-llvm-passes");
        strvec_push(cc, "-emit-llvm");
        push_output(cc, bc[v]);
        rc = run(d, cc);
    }
    if (rc)
        return rc;
    strvec c = {0};
    strvec_push(&c, d->kc);
    strvec_push(&c, bc[1]);
    strvec_push(&c, "--device-view");
    strvec_push(&c, bc[0]);
    if (use_kc(d)) {
        strvec_push(&c, p->opt ? p->opt : "-O2");
        if (p->resource_usage)
            strvec_push(&c, "--resource-usage");
        push_kc_check(d, &c);
        push_output(&c, obj);
        return run_once(d, &c);
    }
    const char *merged = temp_file(d, k, in->path, ".views.bc");
    strvec_push(&c, lockstep_step(d) ? "--lockstep-only" : "--merge-only");
    push_output(&c, merged);
    rc = run(d, &c);
    c.n = 0;
    if (rc) {
        strvec_free(&c);
        return rc;
    }
    push_ir_compile(d, &c);
    if (p->check) { /* as compile_input */
        strvec_push(&c, "-fsanitize=thread,array-bounds,alignment");
        strvec_push(&c, "-fno-sanitize-thread-func-entry-exit");
        strvec_push(&c, "-mllvm");
        strvec_push(&c, "-tsan-compound-read-before-write=1");
    }
    strvec_push(&c, "-x");
    strvec_push(&c, "ir");
    strvec_push(&c, merged);
    if (p->check) {
        rc = check_compile(d, k, &c, obj);
        strvec_free(&c);
        return rc;
    }
    push_output(&c, obj);
    return run_once(d, &c);
}

/* A .cu file that simt-kc does not compile (-G, -O0, a host sanitizer's
 * build), c its compile command with the input pushed: to bitcode, then
 * through simt-kc for the lockstep (lockstep_step), then to obj with the
 * build's flags, its sanitizer's instrumentation included. */
static int compile_lockstep(driver *d, size_t k, strvec *c, const char *obj)
{
    const plan *p = d->p;
    const char *path = p->inputs[k].path;
    const char *bc = temp_file(d, k, path, ".bc"), *ls = temp_file(d, k, path, ".lockstep.bc");
    strvec_push(c, "-Xclang");
    strvec_push(c, "-disable-llvm-passes");
    strvec_push(c, "-emit-llvm");
    push_output(c, bc);
    int rc = run(d, c);
    if (rc)
        return rc;
    strvec l = {0};
    strvec_push(&l, d->kc);
    strvec_push(&l, bc);
    strvec_push(&l, "--lockstep-only");
    push_output(&l, ls);
    rc = run(d, &l);
    l.n = 0;
    if (!rc) {
        push_ir_compile(d, &l);
        strvec_push(&l, "-x");
        strvec_push(&l, "ir");
        strvec_push(&l, ls);
        push_output(&l, obj);
        rc = run(d, &l);
    }
    strvec_free(&l);
    return rc;
}

/* Compiles input k to obj. */
static int compile_input(driver *d, size_t k, const char *obj)
{
    const plan *p = d->p;
    const input *in = &p->inputs[k];
    strvec c = {0};
    int rc = 0;
    const char *pp_out = NULL;

    if (in->lang == LANG_CU || in->lang == LANG_CU_PP) {
        const char *ii = in->path;
        if (in->lang == LANG_CU) {
            if (make_tmpdir(d) < 0)
                return 1;
            ii = temp_file(d, k, in->path, ".ii");
            cu_preprocess_cmd(d, &c);
            push_deps_with_compile(d, &c, obj, 1);
            strvec_push(&c, in->path);
            push_output(&c, ii);
            rc = run(d, &c);
            c.n = 0;
            if (rc)
                goto done;
        }
        if (make_tmpdir(d) < 0)
            return 1;
        /* The host's view, where it differs from the device's: the host
         * view's rewritten text, or NULL (one view). */
        const char *host_rw = NULL;
        if (in->lang == LANG_CU && d->kc_cxx && !p->dryrun && views_wanted()) {
            rc = host_view(d, k, ii, &host_rw);
            if (rc)
                goto done;
        }
        pp_out = temp_file(d, k, in->path, ".rw.ii");
        rc = rewrite_step(d, ii, pp_out);
        if (rc)
            goto done;
        map_columns(d, ii, pp_out, in->path);
        strvec_push(&c, cu_cxx(d));
        strvec_push(&c, "-x");
        strvec_push(&c, "c++-cpp-output");
        strvec_push(&c, cu_std(p));
        strvec_push(&c, "-c");
        push_codegen(&c, p, 1);
        /* Shared-memory references alias the arena's bytes. */
        strvec_push(&c, "-fno-strict-aliasing");
        if (d->kc_cxx) {
            /* A null dereference is a fault CUDA reports, not a path the
             * optimizer may delete. */
            strvec_push(&c, "-fno-delete-null-pointer-checks");
            /* Signed overflow wraps, as it does in practice with nvcc's
             * host compiler (g++): CUDA programs' random number generators
             * (int a * seed + c) rely on it, and clang's optimizer would
             * otherwise compute them in wider arithmetic. */
            strvec_push(&c, "-fwrapv");
            /* "..."MACRO without a space: g++ warns, clang refuses. */
            strvec_push(&c, "-Wno-reserved-user-defined-literal");
            strvec_push(&c, "-Wno-unused-command-line-argument");
            /* nvcc 13 builds C++17 code with `register` variables and
             * narrowing braced initializers (SHOC's S3D and MaxFlops,
             * Parboil's histo): g++ warns, clang refuses.  Warnings here
             * too. */
            strvec_push(&c, "-Wno-error=register");
            strvec_push(&c, "-Wno-error=c++11-narrowing");
        }
        push_all(&c, &p->host);
        if (p->check) {
            /* A checking build: clang's ThreadSanitizer instrumentation,
             * over simt's checker (src/check/check.h), with line tables
             * for its reports. */
            if (!d->kc_cxx) {
                fprintf(stderr, "simt: error: --check needs clang++-16 (apt-get install "
                                "clang-16)\n");
                rc = 1;
                goto done;
            }
            /* Indexes past a declared array's bound (local arrays and
             * __device__ variables, which the shadow cannot tell). */
            strvec_push(&c, "-fsanitize=thread,array-bounds,alignment");
            strvec_push(&c, "-fno-sanitize-thread-func-entry-exit");
            /* x += 1 reads before it writes: one __tsan_read_write call
             * instead of the write alone, so that initcheck sees the read. */
            strvec_push(&c, "-mllvm");
            strvec_push(&c, "-tsan-compound-read-before-write=1");
            if (!p->debug && !p->device_debug)
                strvec_push(&c, "-gline-tables-only");
        }
        if (host_rw) {
            rc = compile_views(d, k, &c, pp_out, host_rw, obj);
            goto done;
        }
        strvec_push(&c, pp_out);
        if (!use_kc(d)) {
            if (p->check) {
                rc = check_compile(d, k, &c, obj);
                goto done;
            }
            if (lockstep_step(d)) {
                rc = compile_lockstep(d, k, &c, obj);
                goto done;
            }
            push_output(&c, obj);
            rc = run(d, &c);
            goto done;
        }
        /* clang's IR before LLVM's passes, then the kernel compiler. */
        const char *bc = temp_file(d, k, in->path, ".bc");
        strvec_push(&c, "-Xclang");
        strvec_push(&c, "-disable-llvm-passes");
        strvec_push(&c, "-emit-llvm");
        push_output(&c, bc);
        rc = run(d, &c);
        if (rc)
            goto done;
        c.n = 0;
        strvec_push(&c, d->kc);
        strvec_push(&c, bc);
        strvec_push(&c, p->opt ? p->opt : "-O2");
        if (p->resource_usage)
            strvec_push(&c, "--resource-usage");
        push_kc_check(d, &c);
        push_output(&c, obj);
        rc = run(d, &c);
        goto done;
    }

    host_cmd(d, &c, in->lang);
    strvec_push(&c, "-c");
    if (in->lang == LANG_CXX || in->lang == LANG_C)
        push_pp(d, &c, 0);
    push_codegen(&c, p, 0);
    push_all(&c, &p->host);
    push_deps_with_compile(d, &c, obj, 0);
    strvec_push(&c, in->path);
    push_output(&c, obj);
    rc = run(d, &c);
done:
    simt__dm_free(&d->dm);
    d->dm_out = NULL;
    strvec_free(&c);
    return rc;
}

static int link_step(driver *d)
{
    const plan *p = d->p;
    if (libs_check_link(&p->link))
        return 1;
    strvec c = {0};
    /* clang's objects with -fopenmp need clang's OpenMP runtime. */
    strvec_push(&c, cu_cxx(d));
    if (p->shared)
        strvec_push(&c, "-shared");
    push_codegen(&c, p, 0);
    push_all(&c, &p->host);
    push_all(&c, &d->objs);
    /* One argument: see print_env. */
    strvec_push(&c, fmt(d, "-L%s", d->libdir));
    push_all(&c, &p->link);
    if (p->check)
        strvec_push(&c, "-lsimt-check");
    /* The compiler's own libraries come after these: as needed, so that
     * a program that calls nothing of libstdc++ does not load it (0.4 ms
     * of every start; launch.hpp). */
    static const char *const libs[] = {"-lsimt", "-lpthread", "-ldl", "-lm", "-Wl,--as-needed",
                                       NULL};
    for (const char *const *l = libs; *l; l++)
        strvec_push(&c, *l);
    push_output(&c, p->output ? p->output : "a.out");
    return run_once(d, &c);
}

static int archive_step(driver *d)
{
    const plan *p = d->p;
    const char *out = p->output ? p->output : "a.a";
    strvec c = {0};
    strvec_push(&c, "ar");
    strvec_push(&c, "rcs");
    strvec_push(&c, out);
    push_all(&c, &d->objs);
    if (!p->dryrun)
        unlink(out); /* a fresh archive, not one with stale members */
    return run_once(d, &c);
}

/* -dlink: device code does not exist here, so the device-link object a
 * build expects is empty. */
static int dlink_step(driver *d)
{
    strvec c = {0};
    strvec_push(&c, d->cxx);
    strvec_push(&c, "-c");
    strvec_push(&c, "-x");
    strvec_push(&c, "c++");
    strvec_push(&c, "/dev/null");
    push_output(&c, d->p->output ? d->p->output : "a_dlink.o");
    return run_once(d, &c);
}

static int run_step(driver *d)
{
    const plan *p = d->p;
    const char *exe = p->output ? p->output : "a.out";
    strvec c = {0};
    strvec_push(&c, strchr(exe, '/') ? exe : fmt(d, "./%s", exe));
    push_all(&c, &p->run_args);
    return run_once(d, &c);
}

void driver_print_env(const char *self)
{
    driver d;
    memset(&d, 0, sizeof d);
    locate(&d, self);
    print_env(&d);
}

int driver_run(const plan *p, const char *self)
{
    driver d;
    memset(&d, 0, sizeof d);
    d.p = p;
    locate(&d, self);
    pick_tools(&d);
    int rc = 0;
    if (p->verbose || p->dryrun)
        print_env(&d);

    if (p->phase == PHASE_REWRITE) {
        rc = rewrite_step(&d, p->inputs[0].path, p->output);
        goto done;
    }
    if (p->phase == PHASE_DLINK) {
        rc = dlink_step(&d);
        goto done;
    }
    for (size_t k = 0; k < p->ninputs && rc == 0; k++) {
        const input *in = &p->inputs[k];
        if (in->lang == LANG_LINK) {
            strvec_push(&d.objs, in->path);
            continue;
        }
        if (p->phase == PHASE_PREPROCESS || p->phase == PHASE_DEPS) {
            rc = preprocess_input(&d, k);
            continue;
        }
        if (p->phase == PHASE_CUDA) {
            rc = cuda_input(&d, k);
            continue;
        }
        if (p->phase != PHASE_COMPILE && make_tmpdir(&d) < 0) {
            rc = 1;
            break;
        }
        const char *obj = object_for(&d, k);
        rc = compile_input(&d, k, obj);
        if (rc != 0 && !p->dryrun)
            libs_note_includes(in->path, &p->pp);
        strvec_push(&d.objs, obj);
    }
    if (rc == 0 && p->phase == PHASE_LINK) {
        rc = link_step(&d);
        if (rc == 0 && p->run)
            rc = run_step(&d);
    } else if (rc == 0 && p->phase == PHASE_LIB) {
        rc = archive_step(&d);
    }
done:
    if (!p->keep)
        remove_temps();
    for (size_t k = 0; k < d.owned.n; k++)
        free((void *)(uintptr_t)d.owned.v[k]);
    strvec_free(&d.owned);
    strvec_free(&d.objs);
    return rc;
}
