#!/bin/sh
# Thrust's own unit tests (thrust/testing/*.cu of a CCCL checkout, with
# their `unittest` framework) built with simtcc and run, as upstream's
# CMake does for the CUDA device system: each file is one program linked
# with the framework (testframework.cu and cuda/testframework.cu), compiled
# with THRUST_TEST_DEVICE_SIDE and CCCL_ENABLE_ASSERTIONS.
#
#   tests/suites/thrust_unittests.sh CCCL_CHECKOUT [headers]
#
# CCCL_CHECKOUT: an extracted NVIDIA/cccl tree (e.g. `git archive v3.0.1`).
# headers: "simt" (default) builds against simt's bundled Thrust, CUB and
# libcu++; "cccl" puts the checkout's thrust/, cub/ and libcudacxx/include
# first on the include path.
#
# Environment: B (simt build directory, default build), WORK (scratch,
# default /tmp/thrust-unittests-$USER), ONLY (a name filter, shell
# pattern: only those files are built again; the summary counts every
# result in WORK), JOBS (files built at once, default 1).
#
# Not part of CI: it needs a CCCL checkout, which the project never commits.
# Prints one line per test file (ok, build FAILED with the first error,
# run FAILED, or the framework's failure count) and a summary: files, files
# built, files whose every test passed, and the unit tests' own totals.
set -u
CCCL=${1:?usage: thrust_unittests.sh CCCL_CHECKOUT [simt|cccl]}
HEADERS=${2:-simt}
B=${B:-build}
case "$B" in /*) ;; *) B="$(pwd)/$B" ;; esac
case "$CCCL" in /*) ;; *) CCCL="$(pwd)/$CCCL" ;; esac
SIMTCC="$B/bin/simtcc"
WORK=${THRUST_UT_WORK:-${WORK:-/tmp/thrust-unittests-${USER:-me}}/$HEADERS}
ONLY=${ONLY:-*}
JOBS=${JOBS:-1}
T="$CCCL/thrust/testing"
[ -x "$SIMTCC" ] || { echo "simt: error: no $SIMTCC (make B=...)" >&2; exit 2; }
[ -d "$T/unittest" ] || { echo "simt: error: no $T/unittest (a CCCL checkout?)" >&2; exit 2; }
mkdir -p "$WORK"

INC="-I$T"
if [ "$HEADERS" = cccl ]; then
    INC="-I$CCCL/thrust -I$CCCL/cub -I$CCCL/libcudacxx/include $INC"
fi
FLAGS="-O2 -std=c++17 $INC -DTHRUST_TEST_DEVICE_SIDE -DCCCL_ENABLE_ASSERTIONS"
THRUST_UT_WORK=$WORK
export THRUST_UT_WORK

# One test file: $1 its path.  Writes WORK/NAME.result (one line) and prints it.
one() {
    src=$1
    name=$(basename "$src" .cu)
    exe="$WORK/$name"
    log="$WORK/$name.log"
    res="$WORK/$name.result"
    if ! timeout 900 $SIMTCC $FLAGS -o "$exe" "$src" "$WORK/tf.o" "$WORK/tf_cuda.o" >"$log" 2>&1; then
        echo "$name: build FAILED ($(grep -m1 -E 'error:' "$log" | sed "s|$T/||; s|/usr/include/||" | cut -c1-220))" >"$res"
    else
        (cd "$WORK" && timeout 600 "$exe") >"$WORK/$name.out" 2>&1 </dev/null
        rc=$?
        tot=$(grep -m1 '^Totals:' "$WORK/$name.out")
        if [ -z "$tot" ]; then
            echo "$name: run FAILED (exit $rc; $(tail -c 200 "$WORK/$name.out" | tr '\n' ' '))" >"$res"
        else
            # "Totals: F failures, K known failures, E errors, and P passes."
            set -- $(echo "$tot" | tr -cs '0-9' ' ')
            if [ "$1" = 0 ] && [ "$3" = 0 ] && [ $rc -eq 0 ]; then
                echo "$name: ok ($4 passes)" >"$res"
            else
                echo "$name: FAILED (exit $rc; $1 failures, $3 errors, $4 passes: $(grep -m1 -E '^\[?[A-Za-z]+.*(FAILURE|ERROR)' "$WORK/$name.out" | cut -c1-160))" >"$res"
            fi
        fi
    fi
    cat "$res"
}

if [ "${THRUST_UT_ONE:-}" ]; then one "$THRUST_UT_ONE"; exit 0; fi

for f in testframework cuda/testframework; do
    o="$WORK/tf.o"; [ "$f" = cuda/testframework ] && o="$WORK/tf_cuda.o"
    if ! $SIMTCC $FLAGS -c -o "$o" "$T/unittest/$f.cu" >"$WORK/framework.log" 2>&1; then
        echo "simt: error: the framework ($f.cu) does not build:" >&2
        head -20 "$WORK/framework.log" >&2
        exit 1
    fi
done

# (results of files ONLY leaves out stay, and count in the summary)
for src in "$T"/*.cu; do
    name=$(basename "$src" .cu)
    case "$name" in $ONLY) rm -f "$WORK/$name.result"; echo "$src" ;; esac
done | THRUST_UT_ONE= xargs -P "$JOBS" -I{} env THRUST_UT_ONE={} sh "$0" "$CCCL" "$HEADERS"

nf=0; nbuilt=0; nran=0; nok=0; pass=0; fail=0
for r in "$WORK"/*.result; do
    [ -f "$r" ] || continue
    nf=$((nf + 1))
    case $(cat "$r") in
    *"build FAILED"*) ;;
    *"run FAILED"*) nbuilt=$((nbuilt + 1)) ;;
    *) nbuilt=$((nbuilt + 1)); nran=$((nran + 1)) ;;
    esac
    case $(cat "$r") in *": ok ("*) nok=$((nok + 1)) ;; esac
    n=$(cat "$WORK/$(basename "$r" .result).out" 2>/dev/null | grep -m1 '^Totals:' | tr -cs '0-9' ' ')
    if [ -n "$n" ]; then
        set -- $n
        pass=$((pass + $4)); fail=$((fail + $1 + $3))
    fi
done
echo
echo "| headers: $HEADERS | test files | build | run to the end | all pass | unit tests passed | failed |"
echo "|---|---|---|---|---|---|---|"
echo "| Thrust unit tests | $nf | $nbuilt | $nran | $nok | $pass | $fail |"
