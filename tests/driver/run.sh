#!/bin/sh
# tests/driver/run.sh: simtcc's tests.
#
#   C tests      test_rewrite.c (the rewriter in process), test_args.c (the
#                command line), run by tests/unit/runner.c
#   compiles     tests/driver/cu/*.cu rewritten and compiled: with a stub
#                prelude (g++ and clang++ -fsyntax-only), and with simt's
#                headers through simtcc -c
#                (and nvcc -c, where there is one: they are valid CUDA)
#   command line simtcc itself: errors, --dryrun, -E, -M, -c, -keep, linking
#
# Prints "N passed, N failed"; exits non-zero if any failed.
# Environment: B (build dir, default build), CC, CXX, SANITIZE.
cd "$(dirname "$0")/../.." || exit 1
B=${B:-build}
CC=${CC:-cc}
CXX=${CXX:-c++}
SIMTCC="$(pwd)/$B/bin/simtcc"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT INT TERM
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL %s\n' "$*"; }
# check NAME COMMAND...: passes when the command succeeds
check() {
    what=$1; shift
    if "$@" > "$T/out" 2>&1; then ok; else bad "$what"; head -n 20 "$T/out"; fi
}
# contains NAME FILE TEXT: passes when FILE holds TEXT
contains() {
    if grep -qF -- "$3" "$2"; then ok; else bad "$1: no '$3' in"; head -n 20 "$2"; fi
}

if ! make -s ${SANITIZE:+SANITIZE=$SANITIZE} "$B/bin/simtcc" "$B/lib/simt/include" > "$T/make" 2>&1; then
    cat "$T/make"; echo "0 passed, 1 failed"; exit 1
fi
if grep -q 'warning' "$T/make"; then bad "simtcc builds with warnings"; cat "$T/make"; fi

# ---- C tests ---------------------------------------------------------------------
SAN=${SANITIZE:+-fsanitize=$SANITIZE -fno-omit-frame-pointer}
mkdir -p "$B/tests"
if $CC -std=c17 -D_GNU_SOURCE -g -O1 $SAN -Wall -Wextra -Wno-unused-parameter \
    -Itests/unit -Isrc/driver tests/driver/test_rewrite.c tests/driver/test_asm.c tests/driver/test_args.c \
    tests/unit/runner.c src/driver/lex.c src/driver/rewrite.c src/driver/rw_scan.c src/driver/rw_decl.c src/driver/rw_shift.c src/driver/rw_asm.c src/driver/rw_names.c src/driver/rw_space.c \
    src/driver/ptx_parse.c src/driver/ptx_emit.c src/driver/ptx_emit2.c src/driver/args.c \
    -o "$B/tests/driver-tests" > "$T/cc" 2>&1; then
    "$B/tests/driver-tests" > "$T/unit" 2>&1
    grep -v '^ok ' "$T/unit" | grep -v '^[0-9]* passed'
    line=$(tail -n 1 "$T/unit")
    case "$line" in
    *passed*)
        p=${line%% passed*}; f=${line#*passed, }; f=${f%% failed*}
        pass=$((pass + p)); fail=$((fail + f)) ;;
    *) bad "driver C tests crashed" ;;
    esac
else
    bad "driver C tests do not build"; cat "$T/cc"
fi

# ---- rewritten code compiles -------------------------------------------------------
# With simt's headers through simtcc (g++ and clang++ as host compilers);
# before include/cuda_runtime.h existed, against a stub prelude.
PP_DEFS="-D__CUDACC__ -D__NVCC__ -D__SIMT__ -D__SIMT_CU__"
for src in tests/driver/cu/*.cu; do
    name=$(basename "$src" .cu)
    if [ -f include/cuda_runtime.h ]; then
        if "$SIMTCC" -E "$src" -o "$T/$name.ii" > "$T/out" 2>&1 &&
           "$SIMTCC" --simt-rewrite "$T/$name.ii" -o "$T/$name.rw.ii" >> "$T/out" 2>&1; then
            l1=$(wc -l < "$T/$name.ii"); l2=$(wc -l < "$T/$name.rw.ii")
            [ "$l1" = "$l2" ] && ok || bad "$src: $l1 lines preprocessed, $l2 rewritten"
        else
            bad "$src: simtcc -E or --simt-rewrite failed"; head -n 20 "$T/out"
        fi
        for cxx in g++ clang++; do
            command -v $cxx > /dev/null 2>&1 || continue
            check "$src: simtcc -ccbin $cxx -c" "$SIMTCC" -ccbin $cxx -c "$src" -o "$T/$name.o"
        done
        continue
    fi
    for cxx in g++ clang++; do
        command -v $cxx > /dev/null 2>&1 || continue
        if $cxx -E -x c++ -std=c++17 -Iinclude -include tests/driver/stub/cuda_runtime.h \
            $PP_DEFS "$src" -o "$T/$name.ii" > "$T/out" 2>&1 &&
           "$SIMTCC" --simt-rewrite "$T/$name.ii" -o "$T/$name.rw.ii" >> "$T/out" 2>&1 &&
           $cxx -std=c++17 -fsyntax-only -x c++-cpp-output "$T/$name.rw.ii" >> "$T/out" 2>&1; then
            ok
        else
            bad "$src: rewritten with the stub prelude, $cxx rejects it"; head -n 30 "$T/out"
        fi
        l1=$(wc -l < "$T/$name.ii"); l2=$(wc -l < "$T/$name.rw.ii")
        [ "$l1" = "$l2" ] && ok || bad "$src: $l1 lines preprocessed, $l2 rewritten"
    done
done

# The test programs are CUDA that nvcc accepts.
if command -v nvcc > /dev/null 2>&1 && [ "${SIMT_NVCC_CHECK:-1}" != 0 ]; then
    for src in tests/driver/cu/*.cu; do
        check "$src: nvcc -c accepts it" nvcc -std=c++17 -arch=sm_90 -c "$src" -o "$T/nvcc.o"
    done
fi

# ---- the command line ------------------------------------------------------------------
ROOT=$(pwd)
cd "$T" || exit 1
mkdir tmp
export TMPDIR="$T/tmp"   # simtcc's temporaries, to check that none is left
printf '__global__ void k(int *p) { p[0] = 1; }\nint main() { k<<<1, 1>>>((int *)0); return 0; }\n' > a.cu
printf 'int helper(void) { return 1; }\n' > h.c
printf 'int cxx_helper() { return 2; }\n' > h.cpp

"$SIMTCC" -Wall a.cu > out 2>&1; rc=$?
[ $rc = 1 ] && ok || bad "unknown option: exit status $rc"
contains "unknown option" out "simtcc: error: unknown option '-Wall'"
"$SIMTCC" > out 2>&1 && bad "no inputs accepted" || contains "no inputs" out "no input files"

"$SIMTCC" --version > out 2>&1
contains "--version" out "simtcc"
contains "--version" out "release 13.0, V13.0"
"$SIMTCC" --help > out 2>&1
contains "--help" out "Usage: simtcc"

# .cu files compile with clang++-16 through simt-kc where both are there.
CU=g++
if [ -x "$(dirname "$SIMTCC")/simt-kc" ] && command -v clang++-16 > /dev/null 2>&1; then
    CU=clang++-16
fi
"$SIMTCC" --dryrun -O2 -std=c++14 -arch=sm_80 -Iinc -DX=1 a.cu h.c h.cpp -o app -lcudart -lfoo \
    -Xlinker -rpath,/opt > out 2>&1
contains "dryrun preprocess" out "-E -x c++ -std=c++17 -I "
contains "dryrun implicit include" out "-include cuda_runtime.h -D__CUDACC__ -D__NVCC__ -D__SIMT__ -D__SIMT_CU__ -D__CUDACC_VER_MAJOR__=13 -D__CUDACC_VER_MINOR__=0 -D__CUDACC_VER_BUILD__=88"
# A .cu file keeps line tables without -g (nvcc -lineinfo's): reports
# name the user's lines.
contains "dryrun user flags" out "-U_FORTIFY_SOURCE -I inc -D X=1 -O2 -g1 a.cu -o "
contains "dryrun rewrite" out "--simt-rewrite "
contains "dryrun arch" out "-arch compute_80"
contains "dryrun compile" out "$CU -x c++-cpp-output -std=c++17 -c -O2 -g1 -fno-strict-aliasing "
contains "dryrun C file" out "gcc -c -I "
contains "dryrun C++ file" out "g++ -std=c++14 -c -I "
contains "dryrun link" out "-lfoo -Wl,-rpath -Wl,/opt -lsimt -lpthread -ldl -lm -Wl,--as-needed -o app"
grep -q -- '-lcudart' out && bad "dryrun: -lcudart not dropped" || ok
grep -q 'simtcc-' out && ok || bad "dryrun: no temporary directory"
[ -e app ] && bad "dryrun ran something" || ok

# nvcc's -v shape, as CMake's CUDA language reads it: the toolkit's
# variables first, then the host link line holding LIBRARIES verbatim.
"$SIMTCC" -v __cmake_determine_cuda > out 2>&1
contains "-v: TOP" out "#\$ TOP=$(cd "$(dirname "$SIMTCC")/.." && pwd -P)"
contains "-v: INCLUDES" out "#\$ INCLUDES=\"-I"
contains "-v: NVVMIR_LIBRARY_DIR" out "/nvvm/libdevice"
"$SIMTCC" --dryrun a.cu -o app > out 2>&1
libs=$(sed -n 's/^#\$ LIBRARIES= *//p' out)
[ -n "$libs" ] && grep -v '^#\$ LIBRARIES' out | grep -qF -- " $libs -lsimt" && ok ||
    { bad "--dryrun: the link line lacks LIBRARIES ($libs)"; cat out; }
"$SIMTCC" --version > out 2>&1
contains "--version: nvcc's identification" out "nvcc: NVIDIA (R) Cuda compiler driver"
contains "--version: the toolkit's version" out "V13.0.88"

"$SIMTCC" --dryrun -gencode arch=compute_75,code=sm_75 -gencode arch=compute_86,code=[sm_86,compute_86] -c a.cu > out 2>&1
contains "-gencode: the highest architecture" out "-arch compute_86"
contains "-gencode: __CUDA_ARCH_LIST__" out "-D__CUDA_ARCH_LIST__=860"
contains "-gencode: __CUDA_ARCH__" out "-D__CUDA_ARCH__=860"
contains "-c: object named after the source" out "-o a.o"

"$SIMTCC" --dryrun -ccbin gcc -c a.cu > out 2>&1
contains "-ccbin gcc means g++" out "#\$ g++ -E"
"$SIMTCC" --dryrun -ccbin /usr/bin/clang -c a.cu h.c > out 2>&1
contains "-ccbin clang means clang++" out "#\$ /usr/bin/clang++ -E"
contains "-ccbin clang: C with clang" out "#\$ /usr/bin/clang -c"
SIMTCC_CXX=clang++-14 "$SIMTCC" --dryrun -c a.cu > out 2>&1
contains "SIMTCC_CXX" out "#\$ clang++-14 -E"
"$SIMTCC" --dryrun -G -lineinfo --default-stream per-thread -use_fast_math -rdc=true -c a.cu > out 2>&1
contains "-G" out "-O0 -g"
contains "-lineinfo" out "-g1"
contains "per-thread stream" out "-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1"
contains "fast math" out "-D__USE_FAST_MATH__=1"
contains "-rdc" out "-D__CUDACC_RDC__"
"$SIMTCC" --dryrun -MD -c a.cu -o obj/a.o > out 2>&1
contains "-MD names the dependency file" out "-MD -MF obj/a.d -MT obj/a.o"
"$SIMTCC" --dryrun -shared -Xcompiler -fPIC a.cu -o liba.so > out 2>&1
contains "-shared" out "$CU -shared -fPIC "
"$SIMTCC" --dryrun -lib a.cu -o liba.a > out 2>&1
contains "-lib" out "ar rcs liba.a "
"$SIMTCC" --dryrun -x cu -c h.cpp > out 2>&1
contains "-x cu" out "--simt-rewrite"

# Real runs: C and C++ need only the host compiler, .cu files simt's headers.
if [ -f "$ROOT/include/cuda_runtime.h" ]; then
"$SIMTCC" -E a.cu -o a.ii > out 2>&1 && contains "-E" a.ii "k<<<1, 1>>>((int *)0)" || { bad "-E"; cat out; }
"$SIMTCC" -M a.cu > out 2>&1 && contains "-M" out "a.o: a.cu" || { bad "-M"; cat out; }
mkdir -p cu && "$SIMTCC" -cuda a.cu -odir cu > out 2>&1 &&
    contains "-cuda" cu/a.cu.cpp.ii "::simt__launch_t{" || { bad "-cuda"; cat out; }
printf '__global__ void k() {\n  __shared__ int x = 1;\n}\n' > bad.cu
"$SIMTCC" -c bad.cu > out 2>&1; rc=$?
[ $rc = 1 ] && ok || bad "rewrite error: exit status $rc"
contains "rewrite error names the user's line" out "bad.cu:2: error: initializer not allowed for __shared__ variable"
# Inline PTX simt does not translate is a compile error naming the line,
# never the assembler's.
printf '__global__ void k(unsigned *p) {\n  asm("mov.u32 %%0, 1;\\n\\t"\n      "xyz.b32 %%0;" : "=r"(p[0]));\n}\n' > ptx.cu
"$SIMTCC" -c ptx.cu > out 2>&1; rc=$?
[ $rc = 1 ] && ok || bad "unsupported inline PTX: exit status $rc"
contains "unsupported inline PTX names the user's line" out "ptx.cu:3: error: inline PTX instruction 'xyz.b32' is not supported by simt"
printf '__device__ int f(int x) {\n  asm("mov.u32 %%0, 1;" : "=m"(x));\n  return x;\n}\n' > ptx2.cu
"$SIMTCC" -c ptx2.cu > out 2>&1; rc=$?
[ $rc = 1 ] && ok || bad "malformed inline asm: exit status $rc"
contains "malformed inline asm names the user's line" out "ptx2.cu:2: error: inline PTX: asm constraint"
printf 'int main() { return undeclared; }\n' > bad2.cu
"$SIMTCC" -c bad2.cu > out 2>&1 && bad "compile error accepted" || contains "compile error names the .cu" out "bad2.cu:1"
# A compile error on a line the rewriter changed: the user's column, and
# the user's line quoted under it, not the rewritten text.
printf '__global__ void k(int *p) { *p = 1; }\nvoid h(int *d) {\n    k<<<1, 1>>>(d); int x = undefined_a;\n}\n__global__ void g(int *p) { __shared__ int s; s = undefined_b; p[0] = s; }\n' > col.cu
"$SIMTCC" -c col.cu > out 2>&1 && bad "col.cu: compiled"
contains "column after a launch" out "col.cu:3:29: error"
contains "a launch's line quoted as written" out "    k<<<1, 1>>>(d); int x = undefined_a;"
grep -qx "$(printf '%28s^' '')" out && ok || bad "caret under the launch line's column: $(cat out)"
contains "column in a kernel with __shared__" out "col.cu:5:51: error"
grep -q "simt__" out && bad "rewritten text in diagnostics: $(cat out)" || ok
fi
# A memcheck and initcheck build compiles its kernels for the compiled
# tier (racecheck keeps them on the fiber tier).
if command -v clang++-16 > /dev/null 2>&1; then
"$SIMTCC" --check=memory,init --resource-usage -c "$ROOT/tests/check/sanitizer/oob_global.cu" -o t.o > out 2>&1
contains "--check=memory: the compiled tier" out "kernel fill(int*, int): compiled tier"
# Barriers under branches on __constant__ memory are under uniform control.
"$SIMTCC" --resource-usage -c "$ROOT/tests/cuda/core/constant_branch.cu" -o t.o > out 2>&1
contains "__constant__ branches: the compiled tier" out "kernel step(float const*, float*): compiled tier"
# ... and under branches on any memory every thread reads at one address.
"$SIMTCC" --resource-usage -c "$ROOT/tests/cuda/core/shared_flag_loop.cu" -o t.o > out 2>&1
contains "a shared flag's loop: the compiled tier" out "kernel converge(float*, float const*, int*): compiled tier"
contains "the last block's flag: the compiled tier" out "kernel grid_sum(int const*, int*, int*): compiled tier"
# Volatile shared exchanges with a barrier between reads and writes need
# no lockstep; the warp-synchronous ones keep it.
"$SIMTCC" --resource-usage -c "$ROOT/tests/cuda/compat/volatile_barrier_scan.cu" -o t.o > out 2>&1
contains "a volatile scan with barriers: the compiled tier" out "kernel scan(unsigned int const*, unsigned int*): compiled tier"
contains "a volatile tree with barriers: the compiled tier" out "kernel reduce(float const*, float*): compiled tier"
"$SIMTCC" --resource-usage -c "$ROOT/tests/cuda/compat/warp_sync_volatile.cu" -o t.o > out 2>&1
contains "a warp-synchronous reduction: lockstep" out "kernel reduce(float const*, float*): fiber tier: lanes that read what other lanes wrote"
# Loops that wait for another thread keep their kernel on the fiber tier;
# loops that make progress by themselves do not.
"$SIMTCC" --resource-usage -c "$ROOT/tests/driver/cu/spin_loops.cu" -o t.o > out 2>&1
wait_at="fiber tier: a loop that waits for memory another thread writes at"
contains "a test-and-set lock waits" out "kernel tas_lock(int*, int*): $wait_at"
contains "an atomic poll waits" out "kernel or_poll(unsigned int*, unsigned int*): $wait_at"
contains "the lock's loop named" out "tests/driver/cu/spin_loops.cu:8"
contains "the poll's loop named" out "tests/driver/cu/spin_loops.cu:18"
contains "a retried compare-and-swap: the compiled tier" out "kernel retry_add(double*, double const*): compiled tier"
contains "a tagged update: the compiled tier" out "kernel tagged_histogram(unsigned int const*, unsigned int*, int): compiled tier"
contains "a volatile search: the compiled tier" out "kernel search(int const volatile*, int, int, int*): compiled tier"
contains "a work counter: the compiled tier" out "kernel work_queue(unsigned int*, float*, int): compiled tier"
fi
check "-c of a C file" "$SIMTCC" -c h.c
[ -f h.o ] && ok || bad "-c: h.o not made"
check "-c of a C++ file with -odir" "$SIMTCC" -c h.cpp -odir "$T"
[ -f "$T/h.o" ] && ok || bad "-odir"
mkdir -p kd
check "-keep" "$SIMTCC" -keep -keep-dir kd -Werror all-warnings -w --dryrun -c a.cu
[ -z "$(ls -A "$TMPDIR")" ] && ok || { bad "temporaries left behind:"; ls -R "$TMPDIR"; }

# __CUDA_ARCH__: defined in .cu files (the one pass holds the device
# code), not in C++ files; -U__CUDA_ARCH__ takes it away.
printf '#ifdef __CUDA_ARCH__\narch __CUDA_ARCH__\n#else\nhost pass\n#endif\n' > arch.cu
cp arch.cu arch.cpp
"$SIMTCC" -E -arch=sm_80 arch.cu > out 2>&1
contains "__CUDA_ARCH__ in a .cu file" out "arch 800"
"$SIMTCC" -E arch.cu > out 2>&1
contains "__CUDA_ARCH__ of the default architecture" out "arch 900"
"$SIMTCC" -E -U__CUDA_ARCH__ arch.cu > out 2>&1
contains "-U__CUDA_ARCH__" out "host pass"
"$SIMTCC" -E arch.cpp > out 2>&1
contains "no __CUDA_ARCH__ in a C++ file" out "host pass"

# The whole way, once libsimt exists.
if [ -f "$ROOT/$B/lib/libsimt.a" ]; then
    printf '#include <cstdio>\n__global__ void k(int *p) { __shared__ int s[4]; s[threadIdx.x] = threadIdx.x; __syncthreads(); p[threadIdx.x] = s[3 - threadIdx.x]; }\nint main() { int *d; cudaMallocManaged(&d, 16); k<<<1, 4>>>(d); cudaDeviceSynchronize(); printf("%%d %%d %%d %%d\\n", d[0], d[1], d[2], d[3]); return 0; }\n' > e2e.cu
    # A sanitizer build of libsimt needs the program linked with its runtime.
    if "$SIMTCC" -O2 ${SANITIZE:+-Xcompiler -fsanitize=$SANITIZE} e2e.cu -o e2e > out 2>&1 &&
       ./e2e > run.out 2>&1; then
        contains "end to end" run.out "3 2 1 0"
    else
        bad "end to end: simtcc e2e.cu && ./e2e"; cat out run.out 2>/dev/null | head -n 20
    fi
    # libstdc++ is linked as needed (driver.c; a launch's packs are the C
    # library's memory, launch.hpp): e2e calls nothing of it, vec.cu does.
    # vec.cu's argument, aligned to 64, takes aligned_alloc's path.
    if [ -x e2e ] && [ -z "${SANITIZE:-}" ] && command -v readelf > /dev/null 2>&1; then
        readelf -d e2e | grep -q 'libstdc++' && bad "e2e: libstdc++ loaded, though unused" || ok
        printf '#include <cstdio>\n#include <vector>\nstruct alignas(64) S { int v[16]; };\n__global__ void k(S s, int *p) { p[threadIdx.x] = s.v[threadIdx.x] * 2; }\nint main() { std::vector<int> h(8); S s; for (int i = 0; i < 16; i++) s.v[i] = i; int *d; cudaMalloc(&d, 32); k<<<1, 8>>>(s, d); cudaMemcpy(h.data(), d, 32, cudaMemcpyDeviceToHost); printf("%%d %%d\\n", h[1], h[7]); return 0; }\n' > vec.cu
        "$SIMTCC" -O2 vec.cu -o vec > out 2>&1 && ./vec > run.out 2>&1
        contains "vec.cu: libstdc++ as needed" run.out "2 14"
        readelf -d vec 2> /dev/null | grep -q 'libstdc++' && ok || bad "vec.cu: libstdc++ not linked"
    fi
    # Compiled blocks have a baseline and an x86-64-v3 build (kc_isa.c);
    # SIMT_ISA picks, and a value it does not know is said and ignored.
    if [ -x e2e ] && command -v clang++-16 > /dev/null 2>&1 && [ "$(uname -m)" = x86_64 ]; then
        nm e2e | grep -q 'x86-64-v3$' && ok || bad "e2e: no x86-64-v3 build of its block"
        SIMT_ISA=x86-64 ./e2e > run.out 2>&1
        contains "SIMT_ISA=x86-64" run.out "3 2 1 0"
        SIMT_ISA=avx9 ./e2e > run.out 2>&1
        contains "SIMT_ISA=avx9: the result" run.out "3 2 1 0"
        contains "SIMT_ISA=avx9: the warning" run.out "simt: warning: SIMT_ISA=avx9 is neither 'x86-64' nor 'x86-64-v3'"
        SIMT_KC_ISA=0 "$SIMTCC" -O2 e2e.cu -o e2e1 > out 2>&1 && ! nm e2e1 | grep -q 'x86-64-v3$' && ok ||
            bad "SIMT_KC_ISA=0: one build"
        # A block whose copy would differ only in encoding (each thread a
        # chain of multiplies and adds, not a sum: nothing to vectorize)
        # keeps one build.
        printf '#include <cstdio>\n__global__ void k(const float *a, float *o, int n) { float s = 0; for (int j = 0; j < n; j++) s = s * 0.5f + a[threadIdx.x * n + j]; o[threadIdx.x] = s; }\nint main() { float *a, *o; cudaMallocManaged(&a, 4096 * 4); cudaMallocManaged(&o, 64 * 4); for (int i = 0; i < 4096; i++) a[i] = i %% 7 * 0.5f; k<<<1, 64>>>(a, o, 64); cudaDeviceSynchronize(); printf("%%g %%g\\n", o[0], o[5]); return 0; }\n' > chain.cu
        "$SIMTCC" -O2 chain.cu -o chain > out 2>&1 && ! nm chain | grep -q 'x86-64-v3$' && ok ||
            bad "chain.cu: a copy that gains nothing stays"
        ./chain > run.out 2>&1
        contains "chain.cu: the result" run.out "2.52756 4.11024"
        # Each kernel runs the build its first blocks ran faster in
        # (tier.c): the same sums whichever it is.  A block with fast-math
        # flags, whose builds may round differently, runs the CPU's.
        printf '#include <cstdio>\n__global__ void ax(const float *x, float *y, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = 2.0f * x[i] + y[i]; }\nint main() { int n = 64 * 256; float *x, *y; cudaMallocManaged(&x, n * 4); cudaMallocManaged(&y, n * 4); for (int i = 0; i < n; i++) { x[i] = i %% 4; y[i] = 0; } for (int r = 0; r < 30; r++) ax<<<64, 256>>>(x, y, n); cudaDeviceSynchronize(); double s = 0; for (int i = 0; i < n; i++) s += y[i]; printf("%%.1f\\n", s); return 0; }\n' > pick.cu
        if "$SIMTCC" -O2 pick.cu -o pick > out 2>&1; then
            for isa in timed x86-64 x86-64-v3; do
                if [ $isa = timed ]; then ./pick > run.out 2>&1; else SIMT_ISA=$isa ./pick > run.out 2>&1; fi
                contains "pick.cu, $isa" run.out "1474560.0"
            done
        else
            bad "pick.cu: simtcc"; head -n 20 out
        fi
        "$SIMTCC" -O2 -c pick.cu -o pick.o > out 2>&1 && nm pick.o | grep -q ' U simt__kc_build$' && ok ||
            bad "pick.cu: its blocks do not read simt__kc_build"
        "$SIMTCC" -O2 -Xcompiler -ffp-contract=fast -c pick.cu -o pickf.o > out 2>&1 &&
            nm pickf.o | grep -q ' U simt__kc_isa$' && ! nm pickf.o | grep -q simt__kc_build && ok ||
            bad "pick.cu -ffp-contract=fast: not the CPU's build"
    fi
    # A Makefile's own link line: the host compiler with -lcudart.
    if [ -z "$SANITIZE" ]; then
        if "$SIMTCC" -c e2e.cu -o e2e.o > out 2>&1 &&
           $CC e2e.o -L"$ROOT/$B/lib" -lcudart -o e2e_cc > out 2>&1 && ./e2e_cc > run.out 2>&1; then
            contains "linked by $CC -lcudart" run.out "3 2 1 0"
        else
            bad "$CC e2e.o -lcudart"; cat out run.out 2>/dev/null | head -n 20
        fi
        # A checking build linked the same way finds the checker (the
        # stand-in names libsimt-check.a) and reports the write past the end.
        printf '__global__ void k(int *p, int n) { int i = threadIdx.x; if (i <= n) p[i] = i; }\nint main() { int *d; cudaMalloc(&d, 8 * sizeof(int)); k<<<1, 32>>>(d, 8); cudaDeviceSynchronize(); return 0; }\n' > oob.cu
        if ! command -v clang++-16 > /dev/null 2>&1; then
            : # --check needs clang-16
        elif "$SIMTCC" --check=memory -c oob.cu -o oob.o > out 2>&1 &&
           $CC oob.o -L"$ROOT/$B/lib" -lcudart -o oob_cc > out 2>&1; then
            ./oob_cc > run.out 2>&1
            contains "checking build linked by $CC -lcudart" run.out \
                "simt: error: invalid __global__ write of size 4 bytes"
            contains "checking build linked by $CC -lcudart: summary" run.out "ERROR SUMMARY: 1 error"
            # Its correct twin stays silent and exits 0.
            sed 's/i <= n/i < n/' oob.cu > inb.cu
            if "$SIMTCC" --check=memory -c inb.cu -o inb.o > out 2>&1 &&
               $CC inb.o -L"$ROOT/$B/lib" -lcudart -o inb_cc > out 2>&1 && ./inb_cc > run.out 2>&1 &&
               ! grep -q "simt: error" run.out; then
                ok
            else
                bad "checking build linked by $CC -lcudart: its correct twin"; head -n 20 out run.out
            fi
        else
            bad "$CC oob.o -lcudart (--check=memory)"; cat out 2>/dev/null | head -n 20
        fi
    fi
    # A program's own C file may use libsimt's internal names (names/user.c):
    # libsimt.a exports only the API.
    if "$SIMTCC" -O2 ${SANITIZE:+-Xcompiler -fsanitize=$SANITIZE} "$ROOT/tests/driver/names/names.cu" \
           "$ROOT/tests/driver/names/user.c" -o names > out 2>&1 && ./names > run.out 2>&1; then
        contains "internal names left to the program" run.out \
            "h[255] 1530, sum 78, mem_lookup(1) 6, fiber_create 1, no error"
        contains "internal names left to the program: printf" run.out "kernel 3"
    else
        bad "internal names left to the program: simtcc names.cu user.c && ./names"
        cat out run.out 2>/dev/null | head -n 20
    fi
    if nm -g --defined-only "$ROOT/$B/lib/libsimt.a" 2> /dev/null | awk 'NF == 3 { print $3 }' |
           grep -vE '^(simt_|cuda[A-Z]|cu[A-Z]|curand[A-Z]|nccl[A-Z]|nvtx[A-Z]|__cuda|_ZN[0-9]+simt|(threadIdx|blockIdx|blockDim|gridDim|clock)$)' > names.nm; then
        bad "libsimt.a exports names that are not the API:"; head -n 20 names.nm
    else
        ok
    fi
fi

# clangd reads a .cu file through simt's headers in clang's CUDA mode
# (include/simt/lang/clang_cuda.h), <<<>>> and built-ins included.
if command -v clangd > /dev/null 2>&1 && [ -f "$ROOT/include/simt/lang/clang_cuda.h" ]; then
    mkdir -p clangd && cp "$ROOT/tests/cuda/core/matmul_tiled.cu" clangd/ &&
        printf '%s\n' -xcuda --cuda-host-only -nocudainc -nocudalib -Xclang \
            -fcuda-allow-variadic-functions -std=c++17 "-I$ROOT/include" -include \
            simt/lang/clang_cuda.h > clangd/compile_flags.txt
    (cd clangd && timeout 120 clangd --check=matmul_tiled.cu) > out 2>&1
    contains "clangd --check on a .cu file" out "All checks completed, 0 errors"
fi

# Every environment variable simt's sources read is in simtcc --help and
# the README (the linker's and the shell's own left out).
"$SIMTCC" --help > help.txt 2>&1
for v in $(grep -rhoE '(getenv|env_int)\("[A-Z_0-9]+"' "$ROOT/src" | grep -oE '"[A-Z_0-9]+"' | tr -d '"' |
           sort -u | grep -vxE 'PATH|LIBRARY_PATH|HOME'); do
    if grep -qw -- "$v" help.txt && grep -qw -- "$v" "$ROOT/README.md"; then ok; else
        bad "environment variable $v: not in simtcc --help and README.md"; fi
done

# CUDA libraries simt does not provide: a clear message naming what it
# provides, not the linker's or the compiler's raw error; a library or
# header the program brings itself is its own.
printf '#include <cublas_v2.h>\nint main() { return 0; }\n' > needs_cublas.cu
"$SIMTCC" -c needs_cublas.cu -o needs_cublas.o > out 2>&1 && bad "cublas_v2.h: compiled"
contains "cublas_v2.h note" out "simt: note: needs_cublas.cu:1: cublas_v2.h is cuBLAS's header: simt does not provide cuBLAS; it provides the CUDA runtime"
printf 'int main() { return 0; }\n' > plain.cu
"$SIMTCC" plain.cu -o plain -lcublas -lcufft_static -lcurand -lnvToolsExt > out 2>&1 && bad "-lcublas: linked"
contains "-lcublas error" out "simt: error: -lcublas: simt does not provide cuBLAS (libcublas); it provides"
contains "-lcufft_static error" out "simt: error: -lcufft_static: simt does not provide cuFFT"
grep -q "curand\|nvToolsExt" out && bad "-lcurand or -lnvToolsExt reported: $(cat out)" || ok
mkdir -p own && printf 'int cublasCreate_v2(void **h) { *h = 0; return 0; }\n' > own/fake.c &&
    gcc -c own/fake.c -o own/fake.o && ar rcs own/libcublas.a own/fake.o
if "$SIMTCC" plain.cu -o plain -Lown -lcublas > out 2>&1; then ok; else bad "-Lown -lcublas: $(cat out)"; fi

# cuRAND's MTGP32 parameter table, which simt does not provide: the
# compiler's error says what to pass instead.
printf '#include <curand_kernel.h>\n#include <curand_mtgp32_host.h>\nint main() { mtgp32_kernel_params_t *k = 0; return (int)curandMakeMTGP32Constants(mtgp32dc_params_fast_11213, k); }\n' > mtgp_table.cu
"$SIMTCC" -c mtgp_table.cu -o mtgp_table.o > out 2>&1 && bad "mtgp32dc_params_fast_11213: compiled"
contains "MTGP32 table error" out "simt does not provide cuRAND's MTGP32 parameter table; pass mtgp32_params_fast_t sets of your own"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
