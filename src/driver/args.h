/*
 * args.h: simtcc's command line, parsed into a plan.
 *
 * simtcc takes nvcc's command line (so that `make NVCC=simtcc` and build
 * systems that drive nvcc work unchanged): the options nvcc has, in both
 * spellings it accepts (-opt value, -opt=value, --long-name value,
 * --long-name=value).  An option nvcc does not have is an error, as with
 * nvcc; options that mean nothing on a CPU (register limits, PTX options,
 * device link-time optimization...) are accepted and ignored.
 *
 * Key invariant: a plan holds everything the driver needs, so that what a
 * command line does can be tested without running a process.
 */
#ifndef SIMT_DRIVER_ARGS_H
#define SIMT_DRIVER_ARGS_H

#include <stddef.h>

/* A growable array of strings (not owned). */
typedef struct strvec {
    const char **v;
    size_t n, cap;
} strvec;

void strvec_push(strvec *s, const char *x);
void strvec_free(strvec *s);
/* x, freshly allocated, pushed on s, whose owner frees its strings; x
 * NULL (out of memory) ends simtcc. */
char *strvec_own(strvec *s, char *x);
/* A string formatted as printf does, owned by s as strvec_own has it. */
char *strvec_printf(strvec *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

enum lang {
    LANG_SUFFIX = 0, /* -x none: by file name */
    LANG_CU,         /* .cu: preprocess, rewrite, compile */
    LANG_CU_PP,      /* .cup: preprocessed CUDA: rewrite, compile */
    LANG_CXX,        /* .cpp .cc .cxx ...: host compiler */
    LANG_CXX_PP,     /* .ii */
    LANG_C,          /* .c: the C compiler */
    LANG_C_PP,       /* .i */
    LANG_LINK        /* .o .a .so: linker input */
};

enum phase {
    PHASE_LINK = 0, /* the default: compile and link an executable */
    PHASE_COMPILE,  /* -c, -dc, -dw */
    PHASE_PREPROCESS, /* -E */
    PHASE_DEPS,     /* -M, -MM: dependencies only */
    PHASE_DLINK,    /* -dlink: nothing to link on a CPU; an empty object */
    PHASE_LIB,      /* -lib: a static library */
    PHASE_REWRITE,  /* --simt-rewrite: the rewriter alone, on preprocessed input */
    PHASE_CUDA      /* -cuda: each .cu preprocessed and rewritten to <name>.cu.cpp.ii */
};

typedef struct input {
    const char *path;
    int lang; /* enum lang, resolved (never LANG_SUFFIX) */
} input;

typedef struct plan {
    int phase;
    input *inputs;
    size_t ninputs, icap;
    const char *output;   /* -o, NULL: the phase's default */
    const char *odir;     /* -odir */
    const char *ccbin;    /* -ccbin, NULL: $SIMTCC_CXX or g++ */
    strvec pp;            /* preprocessor: -I -isystem -D -U -include, in order */
    strvec host;          /* host compiler flags: -Xcompiler, -pg, -w ... */
    strvec link;          /* linker: -L -l -Wl,..., in order */
    strvec deps;          /* -MF -MT -MP (with their values) */
    const char *dep_kind; /* "-M", "-MM" (phase deps) or "-MD", "-MMD" (with compile) */
    const char *opt;      /* "-O2" ..., NULL: none */
    int debug;            /* -g */
    int device_debug;     /* -G */
    int resource_usage;   /* --resource-usage: each kernel's tier */
    unsigned check;       /* --check=LIST: what a checking build checks (1 race, 2 memory,
                           * 4 init, 8 sync), 0: a normal build */
    int error_exitcode;   /* --error-exitcode=N of a checking build as N + 1, 0: not given */
    int lineinfo;         /* -lineinfo */
    const char *std;      /* "c++17" ..., NULL: not given */
    int arch;             /* emulated compute capability (90 for sm_90) */
    int rdc, shared, keep, dryrun, verbose, run;
    const char *keep_dir;
    strvec run_args;      /* --run-args */
    int per_thread_stream;
    int fast_math, extended_lambda, relaxed_constexpr;
    int help, version, list_arch, list_code;
    strvec owned;         /* strings the plan allocated, freed with it */
} plan;

/* Parses argv[1..argc).  Returns 0, or -1 with a message (without the
 * "simtcc: error: " prefix) in err. */
int args_parse(plan *p, int argc, char **argv, char *err, size_t errlen);
void plan_free(plan *p);

/* The compute capability an -arch/-code/-gencode value names (90 for
 * "sm_90", "compute_90a", "sm_90,compute_90"), the highest of a list; 0
 * for native/all/all-major; -1 if invalid. */
int args_arch_value(const char *v);

#endif /* SIMT_DRIVER_ARGS_H */
