/*
 * simtcc.c: main of simtcc, simt's nvcc-compatible compiler driver.
 *
 *     simtcc -O2 -arch=sm_80 -c kernel.cu -o kernel.o
 *     simtcc kernel.o main.cpp -o app
 *
 * The command line is parsed into a plan (args.c) and run (driver.c).
 */
#include "args.h"
#include "driver.h"
#include "simt.h"

#include <stdio.h>
#include <string.h>

#define STR_(x) #x
#define STR(x) STR_(x)

static void version(void)
{
    /* Build systems identify nvcc by its first line (CMake matches "nvcc:
     * NVIDIA (R) Cuda compiler driver") and the toolkit's version by
     * "V13.0.88": simtcc takes that command line and stands for that
     * toolkit, and says so in those words. */
    printf("simtcc: simt's CUDA compiler driver for CPU cores, in the place of\n"
           "nvcc: NVIDIA (R) Cuda compiler driver\n"
           "simt %d.%d: runs CUDA C++ programs on the host's CPU cores\n"
           "Cuda compilation tools, release 13.0, V13.0.88\n",
           SIMT_VERSION_MAJOR, SIMT_VERSION_MINOR);
}

static void help(void)
{
    puts("Usage: simtcc [options] <inputs>\n"
         "\n"
         "simtcc compiles CUDA C++ (.cu) for the CPU and links it with libsimt: with\n"
         "clang++-16 and simt-kc, simt's kernel compiler (kernels become vectorized loops\n"
         "over a block's threads: the compiled tier), else with the host C++ compiler\n"
         "(the fiber tier).  It takes nvcc's command line; options that only tune GPU code\n"
         "are accepted and ignored, unknown options are errors (as with nvcc).\n"
         "\n"
         "Inputs: .cu (CUDA), .cpp/.cc/.cxx (C++), .c (C), .o/.a/.so (linker inputs).\n"
         "\n"
         "Phases:\n"
         "  -c, -dc, -dw          compile to objects\n"
         "  -E                    preprocess to stdout or -o\n"
         "  -M, -MM               print dependencies;  -MD, -MMD, -MF f, -MT t, -MP\n"
         "  -lib                  make a static library\n"
         "  -dlink                make the (empty) device-link object\n"
         "  -run                  link, then run the program (--run-args a,b)\n"
         "Files:\n"
         "  -o file, -odir dir, -I dir, -isystem dir, -include file, -D m[=v], -U m,\n"
         "  -L dir, -l lib (-lcudart, -lcudadevrt, -lcuda: provided by libsimt),\n"
         "  --options-file file\n"
         "Host compiler:\n"
         "  -ccbin path           g++ or clang++ (default: $SIMTCC_CXX, else clang++-16\n"
         "                        with simt-kc for .cu files and g++ for the rest)\n"
         "  -Xcompiler a,b        host compiler flags;  -Xlinker a,b  linker flags\n"
         "  -std=c++NN            C++ standard (.cu files use at least c++17)\n"
         "  -x cu|c++|c|none      language of the input files\n"
         "  -O0..3, -g, -G, -lineinfo, -w, -shared, -pg\n"
         "CUDA:\n"
         "  -arch=sm_XX, -code=..., -gencode arch=compute_XX,code=sm_XX\n"
         "                        emulated compute capability: the highest named (9.0)\n"
         "  --default-stream legacy|per-thread, -use_fast_math, -rdc=true|false,\n"
         "  --extended-lambda, --expt-relaxed-constexpr, -cudart static|shared|none\n"
         "  --resource-usage      print each kernel's tier (compiled or fiber, and why)\n"
         "Driver:\n"
         "  --dryrun              print the steps, run nothing;  -v  print and run them\n"
         "  -keep, -keep-dir dir  keep intermediate files\n"
         "  --version, --help\n"
         "\n"
         "Environment of simtcc:\n"
         "  SIMTCC_CXX            host C++ compiler (as -ccbin)\n"
         "  SIMTCC_TWO_VIEWS=0    one preprocessed view of a .cu file, not nvcc's host\n"
         "                        and device views\n"
         "  TMPDIR                where intermediate files go\n"
         "  SIMT_KC_ROWS=0, SIMT_KC_WALKS=0, SIMT_KC_PRECHECK=0, SIMT_KC_LOCKSTEP=0,\n"
         "  SIMT_KC_VERSION=0, SIMT_KC_READONLY=0, SIMT_KC_REPEAT=0, SIMT_KC_DUMP,\n"
         "  SIMT_KC_ISA=0, SIMT_KC_SPIN=0, SIMT_KC_TIME, SIMT_KC_PIPELINE,\n"
         "  SIMT_KC_OPTIONS       simt-kc's switches for its developers (src/compiler)\n"
         "Environment of programs:\n"
         "  SIMT_WORKERS=N        worker threads (default: the cores, less one from 8 up)\n"
         "  SIMT_DEVICES=N        emulated devices, 1 to 16 (default 1)\n"
         "  SIMT_TIER=fiber       every kernel on the fiber tier\n"
         "  SIMT_ISA=x86-64|x86-64-v3  compiled blocks run that build (default: each\n"
         "                        kernel the faster, timed on its first blocks)\n"
         "  SIMT_GUEST=0          waiting host threads run no blocks\n"
         "  CUDA_LAUNCH_BLOCKING=1  synchronous launches and copies\n"
         "  SIMT_LEAKS=1          list device memory never freed, at exit\n"
         "  SIMT_STACK_SIZE=BYTES a fiber's stack (k/M suffixes; default: cudaLimitStackSize\n"
         "                        + 128 KiB, at least 256 KiB)\n"
         "  SIMT_SPIN_US=N        microseconds an idle worker spins before it sleeps (50)\n"
         "  SIMT_WATCHDOG=SECONDS report blocks stuck that long (a hang), and stop them\n"
         "  SIMT_SCHEDULE=random[:SEED]|reverse  other orders of threads and blocks\n"
         "  SIMT_TRACE=file.json  a timeline of streams, workers and NVTX (Perfetto)\n"
         "  SIMT_PROFILE=1        nsys-like kernel, copy and NVTX summaries at exit\n"
         "  SIMT_PROFILE_FROM_START=0  record only from cudaProfilerStart\n"
         "  SIMT_CHECK=LIST       a --check build checks only LIST (race,memory,init,sync,\n"
         "                        all; none)\n"
         "  SIMT_ERROR_EXITCODE=N a --check build's exit status when it reported errors");
}

static void list_arch(int code)
{
    /* nvcc 13's list; args.c accepts the same. */
    static const char *const archs[] = {"75", "80", "86", "87", "88", "89", "90", "100",
                                        "110", "103", "120", "121", NULL};
    for (const char *const *a = archs; *a; a++)
        printf("%s_%s\n", code ? "sm" : "compute", *a);
}

int main(int argc, char **argv)
{
    plan p;
    char err[512];
    if (args_parse(&p, argc, argv, err, sizeof err) < 0) {
        if (p.verbose || p.dryrun)
            driver_print_env(argv[0]);
        fprintf(stderr, "simtcc: error: %s\n", err);
        plan_free(&p);
        return 1;
    }
    int rc = 0;
    if (p.help || p.version || p.list_arch || p.list_code) {
        if (p.help)
            help();
        if (p.version)
            version();
        if (p.list_arch)
            list_arch(0);
        if (p.list_code)
            list_arch(1);
    } else if (p.ninputs == 0 && p.phase != PHASE_DLINK) {
        fprintf(stderr, "simtcc: error: no input files\n");
        rc = 1;
    } else {
        rc = driver_run(&p, argv[0]);
    }
    plan_free(&p);
    return rc;
}
