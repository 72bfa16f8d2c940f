#!/bin/sh
# tests/run.sh: the whole test suite (make test runs it).
#
#   unit tests     tests/unit/*.c, C tests of the runtime's internals
#   driver tests   tests/driver/run.sh, simtcc and its rewriter
#   CUDA programs  tests/cuda/**/NAME.cu: compiled with simtcc, run, and
#                  compared with NAME.out, the output the same program printed
#                  on an NVIDIA GPU (tests/record-gpu.sh records them), or
#                  with the output of the twin NAME.twin names (a program nvcc
#                  no longer builds, written to print what its twin prints);
#                  NAME.flags holds extra simtcc flags, NAME.env extra
#                  environment, NAME.rc the expected exit status; NAME.gpus
#                  the GPUs its recording needs: until a machine with that
#                  many recorded it, it must run cleanly (exit status, no
#                  simt: error but those NAME.expect lists) and is counted
#                  as awaiting its recording; NAME.np: an MPI program, built
#                  with Open MPI's flags and run as that many processes
#                  under mpirun
#   checks         tests/check/NAME.cu: programs whose behaviour CUDA leaves
#                  undefined; simt must diagnose them: NAME.expect lists
#                  lines stderr must contain, NAME.rc the exit status
#
# Prints one line per failure and a closing "N passed, N failed".
#
# SIMT_TEST_DIRS and SIMT_CHECK_DIRS narrow the CUDA programs and checks to
# some folders (a folder that does not exist: none; tests/cuda/sanitizer's
# programs run again built with --check=all unless SIMT_TEST_DIRS is set,
# or when SIMT_CHECK_TWINS=1); SIMT_QUICK=1 leaves out the unit, driver, project and nvcc
# sections (CI's reruns of a subset on the other tier and worker counts);
# SIMT_BUILT=DIR keeps the programs built, for such reruns.
B=${B:-build}
case "$B" in /*) SIMTCC="$B/bin/simtcc" ;; *) SIMTCC="$(pwd)/$B/bin/simtcc" ;; esac
# SIMT_CHECK_ALL_AS=LIST: a test's --check=all (its NAME.flags) becomes
# --check=LIST (memcheck and initcheck alone build kernels for the compiled
# tier; SIMT_CHECK_DIRS may name the test files that such a build reports).
SIMT_CHECK_ALL_AS=${SIMT_CHECK_ALL_AS:-}
# Extra simtcc flags for every program, e.g. a sanitizer build:
#   make SANITIZE=address && B=build-address SIMTCC_FLAGS="-Xcompiler -fsanitize=address" sh tests/run.sh
SIMTCC_FLAGS=${SIMTCC_FLAGS:-}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT INT TERM
pass=0
fail=0
pending=""

note() { printf '%s\n' "$*"; }
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); note "FAIL $*"; }

# ---- unit tests ------------------------------------------------------------
if [ -x "$B/tests/unit-tests" ] && [ -z "${SIMT_QUICK:-}" ]; then
    "$B/tests/unit-tests" > "$T/unit.log" 2>&1
    p=$(grep -c '^ok ' "$T/unit.log")
    f=$(grep -c '^FAIL ' "$T/unit.log")
    pass=$((pass + p))
    fail=$((fail + f))
    grep '^FAIL \|killed' "$T/unit.log"
    if ! tail -n 1 "$T/unit.log" | grep -q 'passed'; then
        bad "unit test runner crashed"; tail -n 20 "$T/unit.log"
    fi
fi

# run_sub SCRIPT: runs a runner that ends with "N passed, N failed" and
# adds its counts; shows its failures.
run_sub() {
    B="$B" sh "$1" > "$T/sub.log" 2>&1
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$T/sub.log" | tail -n 1)
    if [ -n "$line" ]; then
        p=${line%% passed*}
        f=${line#*passed, }
        f=${f%% failed*}
        pass=$((pass + p))
        fail=$((fail + f))
        [ "$f" = 0 ] || grep -v -E '^[0-9]+ passed|^ok ' "$T/sub.log" | head -n 40
    else
        bad "$1 did not report"; tail -n 20 "$T/sub.log"
    fi
}

# ---- driver tests ------------------------------------------------------------
if [ -f tests/driver/run.sh ] && [ -z "${SIMT_QUICK:-}" ]; then
    run_sub tests/driver/run.sh
fi

# ---- CUDA programs and checks ------------------------------------------------
# program_setup dir name: the program's simtcc flags, launcher, extra
# environment and its key in SIMT_BUILT (flags, launch, envs, key); fails,
# with why in `missing`, where the program cannot be built here.
program_setup() {
    flags=""
    envs=""
    launch=""
    missing=""
    [ -f "$1/$2.flags" ] && flags=$(cat "$1/$2.flags")
    [ -n "$SIMT_CHECK_ALL_AS" ] && flags=$(printf '%s' "$flags" | sed "s/--check=all/--check=$SIMT_CHECK_ALL_AS/")
    if [ -f "$1/$2.np" ]; then
        if ! command -v mpicxx > /dev/null 2>&1; then
            missing="an MPI program, and Open MPI is missing (make deps installs it)"; return 1
        fi
        flags="$flags $(mpicxx --showme:compile) $(mpicxx --showme:link)"
        # More processes than cores, as root (CI), and without the
        # cross-memory attach that containers may forbid.
        launch="mpirun --oversubscribe --mca btl_vader_single_copy_mechanism none -np $(cat "$1/$2.np")"
        envs="OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1"
    fi
    # SIMT_BUILT=DIR keeps each program built there, named by what built
    # it (build folder, flags, the source's name and text): a later run
    # with only the run-time environment changed (SIMT_TIER, SIMT_WORKERS,
    # SIMT_SCHEDULE) reuses it.  Headers and simt itself are not in the
    # name: DIR is for reruns against one build, as .ci/run's.
    key=""
    if [ -n "${SIMT_BUILT:-}" ]; then
        key="$SIMT_BUILT/$({ printf '%s\n' "$SIMTCC" "$SIMTCC_FLAGS" "$flags" "$1/$2.cu"; cat "$1/$2.cu"; } | cksum | tr ' ' _)"
    fi
}

# in_shards FN FILE...: runs FN INDEX SHARD FILE for each FILE (INDEX
# counts from 1), in JOBS interleaved shards at once; returns when all
# are done.
in_shards() {
    fn=$1
    shift
    j=0
    while [ "$j" -lt "$JOBS" ]; do
        (
            i=0
            for src in "$@"; do
                i=$((i + 1))
                [ $((i % JOBS)) = "$j" ] || continue
                "$fn" "$i" "$j" "$src"
            done
        ) &
        j=$((j + 1))
    done
    wait
}

# prebuild FILE...: compiling is most of the suite's time and one simtcc
# keeps one core busy, so with SIMT_JOBS > 1 the programs are first built
# that many at a time into SIMT_BUILT, where run_program then finds them.
# A program that fails to build here is built again, and reported, by
# run_program.
prebuild_one() { # index shard file
    d=$(dirname "$3"); n=$(basename "$3" .cu)
    program_setup "$d" "$n" || return 0
    [ -x "$key" ] && return 0
    if (cd "$d" && $SIMTCC $SIMTCC_FLAGS $flags "$n.cu" -o "$key.$2.tmp") > /dev/null 2>&1; then
        mv "$key.$2.tmp" "$key"
    else
        rm -f "$key.$2.tmp"
    fi
}
prebuild() {
    [ "$JOBS" -gt 1 ] && [ -n "${SIMT_BUILT:-}" ] || return 0
    in_shards prebuild_one "$@"
}

run_program() { # dir name kind
    src="$1/$2.cu"
    exe="$T/$2.$3"
    if ! program_setup "$1" "$2"; then
        bad "$src: $missing"; return
    fi
    # Built from the test's folder, as a user builds it: __FILE__ (and so
    # the file:line in diagnostics) is the bare file name.
    if [ -n "$key" ] && [ -x "$key" ]; then
        cp "$key" "$exe"
    elif ! (cd "$1" && $SIMTCC $SIMTCC_FLAGS $flags "$2.cu" -o "$exe") > "$T/$2.build" 2>&1; then
        bad "$src: simtcc failed"; head -n 20 "$T/$2.build"; return
    elif [ -n "$key" ]; then
        cp "$exe" "$key"
    fi
    [ -f "$1/$2.env" ] && envs="$envs $(cat "$1/$2.env")"
    args=""
    [ -f "$1/$2.args" ] && args=$(cat "$1/$2.args")
    # glibc's malloc perturbation (.ci/run sets it for simt-kc) stays off in
    # the programs: a test that reads memory it never wrote prints what the
    # GPU printed only by luck either way.
    (cd "$1" && env -u MALLOC_PERTURB_ -u GLIBC_TUNABLES $envs timeout 120 $launch "$exe" $args) \
        > "$T/$2.stdout" 2> "$T/$2.stderr"
    rc=$?
    want_rc=0
    [ -f "$1/$2.rc" ] && want_rc=$(cat "$1/$2.rc")
    if [ "$rc" != "$want_rc" ]; then
        bad "$src: exit status $rc, expected $want_rc"; head -n 20 "$T/$2.stderr"; return
    fi
    if [ "$3" = cuda ]; then
        want="$1/$2.out"
        # A program nvcc can no longer build (texture references) is
        # compared with its twin's GPU-recorded output: NAME.twin names it.
        [ -f "$1/$2.twin" ] && want="$1/$(cat "$1/$2.twin")"
        if [ ! -f "$want" ] && [ -f "$1/$2.gpus" ]; then
            # Errors it provokes on purpose are listed in NAME.expect.
            if [ -f "$1/$2.expect" ]; then
                while IFS= read -r line; do
                    if [ -n "$line" ] && ! grep -qF -- "$line" "$T/$2.stderr"; then
                        bad "$src: stderr lacks: $line"; return
                    fi
                done < "$1/$2.expect"
            elif grep -q '^simt: error' "$T/$2.stderr"; then
                bad "$src: reports an error"; head -n 20 "$T/$2.stderr"; return
            fi
            pending="$pending $src"
            ok; return
        fi
        if [ ! -f "$want" ]; then
            bad "$src: no GPU-recorded output ($want)"; return
        fi
        if ! cmp -s "$want" "$T/$2.stdout"; then
            bad "$src: output differs from the GPU's"
            diff "$want" "$T/$2.stdout" | head -n 20
            return
        fi
    else
        while IFS= read -r want; do
            [ -z "$want" ] && continue
            if ! grep -qF -- "$want" "$T/$2.stderr"; then
                bad "$src: stderr lacks: $want"; head -n 20 "$T/$2.stderr"; return
            fi
        done < "$1/$2.expect"
    fi
    ok
}

# SIMT_JOBS: programs built at once (default: the cores); without
# SIMT_BUILT they are kept in the scratch folder for this run.
JOBS=${SIMT_JOBS:-$(nproc 2> /dev/null || echo 1)}
if [ "$JOBS" -gt 1 ] && [ -z "${SIMT_BUILT:-}" ]; then
    SIMT_BUILT="$T/built"
    mkdir -p "$SIMT_BUILT"
fi
if [ -x "$SIMTCC" ]; then
    prebuild $(find ${SIMT_TEST_DIRS:-tests/cuda} -name '*.cu' | sort) \
        $(find ${SIMT_CHECK_DIRS:-tests/check} -name '*.cu' 2> /dev/null | sort)
    for src in $(find ${SIMT_TEST_DIRS:-tests/cuda} -name '*.cu' | sort); do
        run_program "$(dirname "$src")" "$(basename "$src" .cu)" cuda
    done
    for src in $(find ${SIMT_CHECK_DIRS:-tests/check} -name '*.cu' 2> /dev/null | sort); do
        run_program "$(dirname "$src")" "$(basename "$src" .cu)" check
    done
    # Checking builds: the correct twins of tests/check/sanitizer's planted
    # bugs print what the GPU printed under --check=all, with no report.
    # (Not under another sanitizer's flags: clang takes one of them.)
    if { [ -z "${SIMT_TEST_DIRS:-}" ] || [ -n "${SIMT_CHECK_TWINS:-}" ]; } && [ -z "$SIMTCC_FLAGS" ]; then
        flags_saved=$SIMTCC_FLAGS
        SIMTCC_FLAGS="$SIMTCC_FLAGS --check=all"
        for src in $(find tests/cuda/sanitizer -name '*.cu' 2> /dev/null | sort); do
            run_program "$(dirname "$src")" "$(basename "$src" .cu)" cuda
        done
        SIMTCC_FLAGS=$flags_saved
    fi
fi

# ---- programs nvcc rejects (or warns about): simtcc must too -------------------
# tests/compile_fail/NAME.cu: NAME.expect lists lines simtcc -c's stderr must
# contain (nvcc's messages, file:line for nvcc's file(line)); the exit
# status is 1, or NAME.rc; NAME.nvcc is what nvcc 13 printed.
if [ -x "$SIMTCC" ] && [ -d tests/compile_fail ] && [ -z "${SIMT_QUICK:-}" ]; then
    for src in tests/compile_fail/*.cu; do
        d=$(dirname "$src"); n=$(basename "$src" .cu)
        flags=""
        [ -f "$d/$n.flags" ] && flags=$(cat "$d/$n.flags")
        (cd "$d" && $SIMTCC $flags -c "$n.cu" -o "$T/$n.o") > "$T/$n.cerr" 2>&1
        rc=$?
        want_rc=1
        [ -f "$d/$n.rc" ] && want_rc=$(cat "$d/$n.rc")
        if [ "$rc" != "$want_rc" ]; then
            bad "$src: simtcc exit status $rc, expected $want_rc"; head -n 10 "$T/$n.cerr"; continue
        fi
        missing=""
        while IFS= read -r want; do
            [ -n "$want" ] && ! grep -qF -- "$want" "$T/$n.cerr" && missing="$want"
        done < "$d/$n.expect"
        if [ -n "$missing" ]; then
            bad "$src: simtcc's stderr lacks: $missing"; head -n 10 "$T/$n.cerr"; continue
        fi
        ok
    done
fi

# ---- projects built by their own Makefile, written for nvcc --------------------
if [ -x "$SIMTCC" ] && [ -z "${SIMT_QUICK:-}" ]; then
    for proj in tests/projects/*/; do
        proj=${proj%/}
        [ -f "$proj/Makefile" ] || continue # CMake's: tests/projects/cmake.sh
        rm -rf "$T/proj"
        cp -R "$proj" "$T/proj"
        if ! make -C "$T/proj" NVCC="$SIMTCC" > "$T/proj.log" 2>&1; then
            bad "$proj: make NVCC=simtcc failed"; tail -n 20 "$T/proj.log"; continue
        fi
        if ! (cd "$T/proj" && ./app > out.txt 2>&1) || ! cmp -s "$proj/expected.out" "$T/proj/out.txt"; then
            bad "$proj: output differs from the GPU's"
            diff "$proj/expected.out" "$T/proj/out.txt" | head -n 20
            continue
        fi
        ok
    done
fi

# ---- projects built with CMake's CUDA language, from an install ---------------
if [ -x "$SIMTCC" ] && [ -f tests/projects/cmake.sh ] && [ -z "${SIMT_QUICK:-}" ]; then
    run_sub tests/projects/cmake.sh
fi

# ---- the timeline and profile (SIMT_TRACE, SIMT_PROFILE), gdb's CUDA commands,
# ---- schedule exploration (SIMT_SCHEDULE: tests/check/sched/run.sh) ---------
if [ -x "$SIMTCC" ] && [ -z "${SIMT_QUICK:-}" ]; then
    for sub in tests/trace/run.sh tests/gdb/run.sh tests/check/sched/run.sh; do
        if [ -f "$sub" ]; then run_sub "$sub"; fi
    done
fi

# ---- nvcc accepts every test program -----------------------------------------
# nvcc_args SRC: sets nvargs to what nvcc needs for SRC, or returns 1 when
# SRC is not for nvcc here.
nvcc_args() {
    # Folders with an NVCC_SKIP file hold programs nvcc 13 rejects on
    # purpose (texture references, removed in CUDA 12).
    [ -f "$(dirname "$1")/NVCC_SKIP" ] && return 1
    # A folder's NVCC_FLAGS: what nvcc needs besides the toolkit (the
    # NCCL tests: a folder holding simt's nccl.h alone, NCCL not being
    # part of the toolkit).
    nvargs=""
    [ -f "$(dirname "$1")/NVCC_FLAGS" ] && nvargs=$(cat "$(dirname "$1")/NVCC_FLAGS")
    if [ -f "${1%.cu}.np" ]; then
        command -v mpicxx > /dev/null 2>&1 || return 1 # an MPI program, and no MPI here
        nvargs="$nvargs $(mpicxx --showme:compile)"
    fi
    # The test's compile flags (-rdc=true), not its libraries nor
    # simtcc's own checking options.
    if [ -f "${1%.cu}.flags" ]; then
        for w in $(cat "${1%.cu}.flags"); do
            case "$w" in -l* | --check=* | --error-exitcode*) ;; *) nvargs="$nvargs $w" ;; esac
        done
    fi
}
nvcc_one() { # index shard file
    if ! nvcc_args "$3"; then
        echo - > "$T/nvcc/$1.rc"
    elif nvcc -std=c++17 -arch=sm_90 $nvargs -c "$3" -o "$T/nvcc/$1.o" > "$T/nvcc/$1.log" 2>&1; then
        echo 0 > "$T/nvcc/$1.rc"
    else
        echo 1 > "$T/nvcc/$1.rc"
    fi
    rm -f "$T/nvcc/$1.o"
}
if command -v nvcc > /dev/null 2>&1 && [ "${SIMT_NVCC_CHECK:-1}" != 0 ] && [ -z "${SIMT_QUICK:-}" ]; then
    # Each nvcc keeps one core busy: in shards, each file's log and
    # status (0, 1, or - where it is not for nvcc here) kept by its index;
    # the tally reads them in order.
    mkdir -p "$T/nvcc"
    srcs=$(find tests/cuda tests/check -name '*.cu' | sort)
    in_shards nvcc_one $srcs
    i=0
    for src in $srcs; do
        i=$((i + 1))
        case "$(cat "$T/nvcc/$i.rc" 2> /dev/null)" in
        -) ;;
        0) ok ;;
        *) bad "$src: nvcc -c rejects it"; head -n 10 "$T/nvcc/$i.log" 2> /dev/null ;;
        esac
    done
fi

for src in $pending; do
    mpi=""
    [ -f "${src%.cu}.needs-cuda-aware-mpi" ] && mpi=" and a CUDA-aware MPI"
    note "awaiting a recording on a machine with $(cat "${src%.cu}.gpus") GPUs$mpi: $src (ran cleanly)"
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
