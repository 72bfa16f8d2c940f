/*
 * test_args.c: simtcc's command line, parsed in process: every option nvcc
 * has that simtcc accepts, their spellings, and the errors.
 */
#include "args.h"
#include "test.h"

#include <unistd.h>

static int parse(plan *p, char *err, const char *const *argv)
{
    int argc = 0;
    while (argv[argc])
        argc++;
    return args_parse(p, argc, (char **)(void *)argv, err, 256);
}

#define PARSE(p, ...)                                                                     \
    do {                                                                                  \
        const char *const argv_[] = {"simtcc", __VA_ARGS__, NULL};                        \
        char err_[256];                                                                   \
        if (parse((p), err_, argv_) != 0)                                                 \
            TEST_FAIL("rejected: %s", err_);                                              \
    } while (0)

#define REJECT(msg, ...)                                                                  \
    do {                                                                                  \
        const char *const argv_[] = {"simtcc", __VA_ARGS__, NULL};                        \
        char err_[256];                                                                   \
        plan p_;                                                                          \
        if (parse(&p_, err_, argv_) == 0)                                                 \
            TEST_FAIL("accepted: %s", argv_[1]);                                          \
        ASSERT_STR_CONTAINS(err_, msg);                                                   \
        plan_free(&p_);                                                                   \
    } while (0)

static int has(const strvec *v, const char *s)
{
    for (size_t k = 0; k < v->n; k++)
        if (!strcmp(v->v[k], s))
            return 1;
    return 0;
}

TEST(args_unknown_option_is_an_error)
{
    REJECT("unknown option '-Wall'", "-Wall", "x.cu");
    REJECT("unknown option '-foo'", "-foo", "x.cu");
    REJECT("unknown option '--bogus'", "--bogus");
    REJECT("unknown option '-ofile'", "-ofile", "x.cu");
}

TEST(args_spellings_as_nvcc)
{
    /* Short names take one dash, long names two, as nvcc has them. */
    REJECT("unknown option '--arch=sm_80'", "--arch=sm_80", "x.cu");
    REJECT("unknown option '-gpu-architecture=sm_80'", "-gpu-architecture=sm_80", "x.cu");
    REJECT("unknown option '--c'", "--c", "x.cu");
    plan p;
    PARSE(&p, "--gpu-architecture", "sm_80", "-o=out", "-I=inc", "x.cu");
    ASSERT_EQ(p.arch, 80);
    ASSERT(!strcmp(p.output, "out"));
    ASSERT(!strcmp(p.pp.v[1], "inc"));
    plan_free(&p);
}

TEST(args_forward_unknown_to_host_compiler)
{
    plan p;
    PARSE(&p, "-Wall", "-forward-unknown-to-host-compiler", "x.cu");
    ASSERT(has(&p.host, "-Wall"));
    plan_free(&p);
}

TEST(args_every_accepted_option_parses)
{
    static const char *const lines[][4] = {
        {"-c"}, {"--compile"}, {"-dc"}, {"--device-c"}, {"-dw"}, {"-E"}, {"--preprocess"},
        {"-M"}, {"-MM"}, {"-MD"}, {"-MMD"}, {"-MF", "x.d"}, {"-MF=x.d"}, {"-MT", "t"},
        {"-MP"}, {"--generate-dependencies"}, {"-lib"}, {"-link"}, {"-run"}, {"--run"},
        {"-o", "out"}, {"--output-file=out"}, {"-odir", "d"}, {"--output-directory", "d"},
        {"-I", "dir"}, {"-Idir"}, {"--include-path", "dir"}, {"-isystem", "dir"},
        {"-include", "h.h"}, {"--pre-include=h.h"}, {"-D", "X=1"}, {"-DX"}, {"-U", "X"},
        {"-UX"}, {"-L", "lib"}, {"-Llib"}, {"-l", "m"}, {"-lm"}, {"--library", "m"},
        {"-lcudart"}, {"-lcudart_static"}, {"-lcudadevrt"}, {"-lcuda"}, {"-O0"}, {"-O1"},
        {"-O2"}, {"-O3"}, {"-O4"}, {"-O", "2"}, {"--optimize", "2"}, {"--optimize=3"}, {"-g"}, {"--debug"}, {"-G"},
        {"-lineinfo"}, {"--generate-line-info"}, {"-std=c++11"}, {"-std=c++14"},
        {"-std=c++17"}, {"-std", "c++20"}, {"--std=c++17"}, {"-x", "cu"}, {"--x", "cu"}, {"-x", "c++"},
        {"-x", "c"}, {"-x", "none"}, {"-Xcompiler", "-fPIC,-Wall"}, {"-Xcompiler=-O3"},
        {"--compiler-options", "-fopenmp"}, {"--compiler-options=-g3"}, {"-Xlinker", "-rpath,/x"},
        {"--linker-options=--as-needed"}, {"-ccbin", "g++"}, {"--compiler-bindir", "clang++"},
        {"-ccbin=gcc"}, {"-arch=sm_80"}, {"-arch", "sm_90a"}, {"-arch=compute_75"},
        {"-arch=native"}, {"-arch=all"}, {"-arch=all-major"}, {"--gpu-architecture=sm_86"},
        {"-code=sm_80"}, {"-code", "sm_80,compute_80"}, {"--gpu-code=sm_90"},
        {"-gencode", "arch=compute_80,code=sm_80"}, {"-gencode=arch=compute_90,code=[sm_90,compute_90]"},
        {"--generate-code", "arch=compute_75,code=\"sm_75,compute_75\""}, {"-rdc=true"},
        {"-rdc", "false"}, {"--relocatable-device-code=true"}, {"-dlink"}, {"--device-link"},
        {"-cudart", "static"}, {"-cudart=shared"}, {"--cudart", "none"},
        {"--default-stream", "per-thread"}, {"--default-stream=legacy"}, {"-default-stream", "null"},
        {"-use_fast_math"}, {"--use_fast_math"}, {"-ftz=true"}, {"-prec-div=false"},
        {"-prec-sqrt", "true"}, {"-fmad=false"}, {"--ftz", "false"}, {"--expt-relaxed-constexpr"},
        {"-expt-relaxed-constexpr"}, {"--expt-extended-lambda"}, {"--extended-lambda"},
        {"-extended-lambda"}, {"-shared"}, {"--shared"}, {"-Xptxas", "-v"},
        {"--ptxas-options=-v"}, {"-Xnvlink", "x"}, {"-Xcudafe", "--diag_suppress=1"},
        {"-Xfatbin", "-compress-all"}, {"-Xarchive", "x"}, {"-maxrregcount", "32"},
        {"-maxrregcount=64"}, {"--resource-usage"}, {"-res-usage"}, {"-m64"}, {"-m", "64"},
        {"--machine=64"}, {"-w"}, {"--disable-warnings"}, {"-Werror", "all-warnings"},
        {"-Werror=cross-execution-space-call,reorder"}, {"--Werror", "deprecated-declarations"},
        {"-Wno-deprecated-gpu-targets"}, {"-Wno-deprecated-declarations"}, {"-Wreorder"},
        {"-Wdefault-stream-launch"}, {"-Wmissing-launch-bounds"}, {"-Wext-lambda-captures-this"},
        {"-diag-suppress=177,550"}, {"--diag-suppress", "20012"}, {"-diag-warn", "1"},
        {"-diag-error=2"}, {"-t", "4"}, {"--threads", "0"}, {"-t=2"}, {"-split-compile", "4"},
        {"-keep"}, {"--keep"}, {"-keep-dir", "k"}, {"-save-temps"}, {"--dryrun"}, {"-dryrun"},
        {"-v"}, {"--verbose"}, {"--version"}, {"-V"}, {"-h"}, {"--help"}, {"--run-args", "a,b"},
        {"-allow-unsupported-compiler"}, {"-extra-device-vectorization"}, {"-src-in-ptx"},
        {"-restrict"}, {"-ewp"}, {"-nohdinitlist"}, {"-err-no"}, {"-noeh"}, {"-pg"},
        {"-dlto"}, {"-lto"}, {"-dopt", "on"}, {"-Ofc", "0"}, {"-time", "t.csv"},
        {"--list-gpu-arch"}, {"--list-gpu-code"}, {"-objtemp"}, {"-keep-device-functions"},
        {"-cudadevrt", "static"}, {"-forward-unknown-to-host-compiler"},
        {"-forward-unknown-opts"}, {"--forward-unknown-to-host-linker"},
    };
    for (size_t k = 0; k < sizeof lines / sizeof lines[0]; k++) {
        const char *argv[6] = {"simtcc", NULL, NULL, NULL, NULL, NULL};
        int n = 1;
        for (int j = 0; j < 4 && lines[k][j]; j++)
            argv[n++] = lines[k][j];
        argv[n++] = "x.cu";
        plan p;
        char err[256];
        if (parse(&p, err, argv) != 0)
            TEST_FAIL("'%s' rejected: %s", lines[k][0], err);
        plan_free(&p);
    }
}

TEST(args_bad_values_are_errors)
{
    REJECT("invalid value 'c++98' for -std", "-std=c++98", "x.cu");
    REJECT("invalid value 'cuda' for -x", "-x", "cuda", "x.cu");
    REJECT("unsupported gpu architecture 'sm_99'", "-arch=sm_99", "x.cu");
    REJECT("unsupported gpu architecture 'gfx90a'", "-arch", "gfx90a", "x.cu");
    REJECT("invalid -gencode value", "-gencode", "arch=compute_80", "x.cu");
    REJECT("unsupported gpu architecture in -gencode", "-gencode", "arch=compute_80,code=sm_1", "x.cu");
    REJECT("invalid -gencode value", "-gencode", "foo=bar", "x.cu");
    REJECT("invalid value 'maybe' for -rdc", "-rdc=maybe", "x.cu");
    REJECT("invalid value 'yes' for -ftz", "-ftz=yes", "x.cu");
    REJECT("invalid value 'dynamic' for -cudart", "-cudart", "dynamic", "x.cu");
    REJECT("invalid value 'fast' for --default-stream", "--default-stream", "fast", "x.cu");
    REJECT("invalid value 'foo' for -Werror", "-Werror", "foo", "x.cu");
    REJECT("invalid optimization level '-Ofast'", "-Ofast", "x.cu");
    REJECT("invalid optimization level 'x.cu'", "-O", "x.cu");
    REJECT("invalid value '32' for -m", "-m", "32", "x.cu");
    REJECT("needs a value", "x.cu", "-o");
    REJECT("don't know what to do with 'x.txt'", "x.txt");
    REJECT("makes no GPU code", "-ptx", "x.cu");
    REJECT("makes no GPU code", "-cubin", "x.cu");
    REJECT("-o names one output", "-c", "a.cu", "b.cu", "-o", "x.o");
    REJECT("-o names one output", "-cuda", "a.cu", "b.cu", "-o", "x.ii");
}

TEST(args_arch_extraction)
{
    plan p;
    PARSE(&p, "x.cu");
    ASSERT_EQ(p.arch, 90);
    plan_free(&p);
    PARSE(&p, "-arch=sm_75", "x.cu");
    ASSERT_EQ(p.arch, 75);
    plan_free(&p);
    PARSE(&p, "-arch", "compute_90a", "x.cu");
    ASSERT_EQ(p.arch, 90);
    plan_free(&p);
    PARSE(&p, "-arch=native", "x.cu");
    ASSERT_EQ(p.arch, 90);
    plan_free(&p);
    PARSE(&p, "-gencode", "arch=compute_75,code=sm_75", "-gencode",
          "arch=compute_86,code=[sm_86,compute_86]", "-gencode=arch=compute_80,code=sm_80", "x.cu");
    ASSERT_EQ(p.arch, 86);
    plan_free(&p);
    PARSE(&p, "-arch=sm_80", "-code=sm_80,sm_100f", "x.cu");
    ASSERT_EQ(p.arch, 100);
    plan_free(&p);
    PARSE(&p, "--generate-code", "arch=compute_120,code=\"sm_120,compute_120\"", "x.cu");
    ASSERT_EQ(p.arch, 120);
    plan_free(&p);
    /* What nvcc 13 no longer accepts. */
    ASSERT_EQ(args_arch_value("sm_13"), -1);
    ASSERT_EQ(args_arch_value("compute_20"), -1);
    ASSERT_EQ(args_arch_value("sm_70"), -1);
    ASSERT_EQ(args_arch_value("sm_101"), -1);
    ASSERT_EQ(args_arch_value("sm_80a"), -1);
    ASSERT_EQ(args_arch_value("sm_90f"), -1);
    ASSERT_EQ(args_arch_value("sm_90a"), 90);
    ASSERT_EQ(args_arch_value("sm_100f"), 100);
    ASSERT_EQ(args_arch_value("sm_75"), 75);
    ASSERT_EQ(args_arch_value("sm_89"), 89);
    ASSERT_EQ(args_arch_value("lto_90"), 90);
    ASSERT_EQ(args_arch_value("sm_90x"), -1);
    ASSERT_EQ(args_arch_value("sm_"), -1);
    ASSERT_EQ(args_arch_value("all-major"), 0);
}

TEST(args_inputs_and_languages)
{
    plan p;
    PARSE(&p, "a.cu", "b.cpp", "c.c", "d.o", "e.a", "libf.so", "libg.so.1", "h.cc", "i.cxx",
          "j.cup", "k.ii");
    ASSERT_EQ(p.ninputs, 11);
    ASSERT_EQ(p.inputs[0].lang, LANG_CU);
    ASSERT_EQ(p.inputs[1].lang, LANG_CXX);
    ASSERT_EQ(p.inputs[2].lang, LANG_C);
    ASSERT_EQ(p.inputs[3].lang, LANG_LINK);
    ASSERT_EQ(p.inputs[4].lang, LANG_LINK);
    ASSERT_EQ(p.inputs[5].lang, LANG_LINK);
    ASSERT_EQ(p.inputs[6].lang, LANG_LINK);
    ASSERT_EQ(p.inputs[7].lang, LANG_CXX);
    ASSERT_EQ(p.inputs[8].lang, LANG_CXX);
    ASSERT_EQ(p.inputs[9].lang, LANG_CU_PP);
    ASSERT_EQ(p.inputs[10].lang, LANG_CXX_PP);
    plan_free(&p);

    /* -x applies to every source file, wherever it is; not to objects. */
    PARSE(&p, "a.cpp", "b.o", "-x", "cu", "c.c");
    ASSERT_EQ(p.inputs[0].lang, LANG_CU);
    ASSERT_EQ(p.inputs[1].lang, LANG_LINK);
    ASSERT_EQ(p.inputs[2].lang, LANG_CU);
    plan_free(&p);
    PARSE(&p, "-x", "c++", "a.cu");
    ASSERT_EQ(p.inputs[0].lang, LANG_CXX);
    plan_free(&p);
}

TEST(args_collects_flags_in_order)
{
    plan p;
    PARSE(&p, "-Iinc", "-DA=1", "-isystem", "sys", "-UB", "-include", "pre.h", "-Xcompiler",
          "-fPIC,-fopenmp", "-Xlinker", "-rpath,/opt", "-L/l", "-lfoo", "-lcudart", "-l",
          "cuda", "-O3", "-G", "-lineinfo", "--default-stream", "per-thread", "-c", "x.cu");
    const char *pp[] = {"-I", "inc", "-D", "A=1", "-isystem", "sys", "-U", "B", "-include", "pre.h"};
    ASSERT_EQ(p.pp.n, 10);
    for (int k = 0; k < 10; k++)
        ASSERT(!strcmp(p.pp.v[k], pp[k]));
    ASSERT_EQ(p.host.n, 2);
    ASSERT(!strcmp(p.host.v[0], "-fPIC") && !strcmp(p.host.v[1], "-fopenmp"));
    ASSERT_EQ(p.link.n, 4);
    ASSERT(!strcmp(p.link.v[0], "-Wl,-rpath"));
    ASSERT(!strcmp(p.link.v[1], "-Wl,/opt"));
    ASSERT(!strcmp(p.link.v[2], "-L/l"));
    ASSERT(!strcmp(p.link.v[3], "-lfoo"));
    ASSERT(!strcmp(p.opt, "-O3"));
    ASSERT(p.device_debug && p.lineinfo && p.per_thread_stream);
    ASSERT_EQ(p.phase, PHASE_COMPILE);
    plan_free(&p);
}

TEST(args_host_flag_lists)
{
    plan p;
    PARSE(&p, "-Xcompiler", "-Wall -Wextra,-fPIC", "--compiler-options=-O3", "-Xlinker",
          "--as-needed -z,now", "x.cu");
    ASSERT_EQ(p.host.n, 4);
    ASSERT(!strcmp(p.host.v[1], "-Wextra") && !strcmp(p.host.v[3], "-O3"));
    ASSERT_EQ(p.link.n, 3);
    ASSERT(!strcmp(p.link.v[1], "-Wl,-z") && !strcmp(p.link.v[2], "-Wl,now"));
    plan_free(&p);
}

TEST(args_dependency_options)
{
    plan p;
    PARSE(&p, "-MD", "-MF", "x.d", "-MT", "obj", "-MP", "-c", "x.cu");
    ASSERT(!strcmp(p.dep_kind, "-MD"));
    ASSERT_EQ(p.deps.n, 5);
    ASSERT_EQ(p.phase, PHASE_COMPILE);
    plan_free(&p);
    PARSE(&p, "-MM", "x.cu");
    ASSERT(!strcmp(p.dep_kind, "-MM"));
    ASSERT_EQ(p.phase, PHASE_DEPS);
    plan_free(&p);
}

TEST(args_options_file)
{
    char path[] = "/tmp/simtcc-optf-XXXXXX";
    int fd = mkstemp(path);
    ASSERT(fd >= 0);
    const char *text = "-I 'dir with space' -DX=\"a b\"\n  -O2 x.cu\n";
    ASSERT_EQ(write(fd, text, strlen(text)), (long long)strlen(text));
    close(fd);
    plan p;
    PARSE(&p, "--options-file", path, "-c");
    unlink(path);
    ASSERT_EQ(p.ninputs, 1);
    ASSERT(!strcmp(p.inputs[0].path, "x.cu"));
    ASSERT(!strcmp(p.pp.v[1], "dir with space"));
    ASSERT(!strcmp(p.pp.v[2], "-DX=a b") || !strcmp(p.pp.v[3], "X=a b"));
    ASSERT(!strcmp(p.opt, "-O2"));
    ASSERT_EQ(p.phase, PHASE_COMPILE);
    plan_free(&p);
}
