#!/bin/sh
# NVIDIA's CCCL examples on simt: Thrust's (thrust/examples, each run
# against its FileCheck reference in thrust/internal/test, as upstream's
# cmake/ThrustRunExample.cmake does) and CUB's (cub/examples, each checks
# itself and exits non-zero or prints "FAIL" on a wrong result).
#
#   tests/suites/cccl_examples.sh CCCL_CHECKOUT [headers]
#
# CCCL_CHECKOUT: an extracted NVIDIA/cccl tree (e.g. `git archive v3.0.1`).
# headers: "simt" (default) builds against simt's bundled Thrust, CUB and
# libcu++; "cccl" puts the checkout's thrust/, cub/ and libcudacxx/include
# first on the include path, as CMake's CCCL package does.
#
# Environment: B (simt build directory, default build), WORK (scratch,
# default /tmp/cccl-examples-$USER), FILECHECK (default: FileCheck-16 or
# FileCheck-14), ONLY (a name filter, shell pattern).
#
# Not part of CI: it needs a CCCL checkout, which the project never commits.
# Prints one line per example and a summary table.
set -u
CCCL=${1:?usage: cccl_examples.sh CCCL_CHECKOUT [simt|cccl]}
HEADERS=${2:-simt}
B=${B:-build}
case "$B" in /*) ;; *) B="$(pwd)/$B" ;; esac
SIMTCC="$B/bin/simtcc"
WORK=${WORK:-/tmp/cccl-examples-${USER:-me}}/$HEADERS
ONLY=${ONLY:-*}
if [ -z "${FILECHECK:-}" ]; then
    for f in FileCheck-16 FileCheck-14 FileCheck; do
        command -v "$f" >/dev/null 2>&1 && { FILECHECK=$f; break; }
    done
fi
[ -x "$SIMTCC" ] || { echo "simt: error: no $SIMTCC (make B=...)" >&2; exit 2; }
[ -n "${FILECHECK:-}" ] || { echo "simt: error: no FileCheck (llvm's)" >&2; exit 2; }
mkdir -p "$WORK"

INC=""
if [ "$HEADERS" = cccl ]; then
    INC="-I$CCCL/thrust -I$CCCL/cub -I$CCCL/libcudacxx/include"
fi

nb=0; nbuilt=0; nran=0; nmatch=0
tb=0; tbuilt=0; tran=0; tmatch=0

# $1 suite, $2 source, $3 name, $4 reference file ("" = self-checking)
one() {
    suite=$1 src=$2 name=$3 ref=$4
    exe="$WORK/$suite.$name"
    log="$WORK/$suite.$name.log"
    out="$WORK/$suite.$name.stdout"
    extra=""
    [ "$suite" = thrust ] && extra="-I$CCCL/thrust/examples -DTHRUST_EXAMPLE_DEVICE_SIDE"
    [ "$suite" = cub ] && extra="-I$CCCL/cub/examples -I$CCCL/cub/test -I$CCCL/c2h/include"
    if ! timeout 600 "$SIMTCC" -O2 -std=c++17 $INC $extra -o "$exe" "$src" >"$log" 2>&1; then
        echo "$suite $name: build FAILED ($(grep -m1 -E 'error' "$log" | cut -c1-200))"
        return 1
    fi
    # (in $WORK: some examples write files where they run)
    if ! (cd "$WORK" && timeout 300 "$exe") >"$out" 2>"$out.err" </dev/null; then
        echo "$suite $name: run FAILED (exit $?; $(tail -c 200 "$out.err" | tr '\n' ' '))"
        return 2
    fi
    if [ -n "$ref" ]; then
        if [ ! -s "$ref" ]; then
            [ -s "$out" ] && { echo "$suite $name: MISMATCH (output, none expected)"; return 3; }
        elif ! "$FILECHECK" "$ref" --input-file="$out" >"$out.fc" 2>&1; then
            echo "$suite $name: MISMATCH ($(grep -m1 error: "$out.fc" | cut -c1-200))"
            return 3
        fi
    elif grep -q -i -E 'fail|incorrect|mismatch' "$out"; then
        echo "$suite $name: MISMATCH (its own check: $(grep -m1 -i -E 'fail|incorrect|mismatch' "$out"))"
        return 3
    fi
    echo "$suite $name: ok"
    return 0
}

for src in "$CCCL"/thrust/examples/*.cu "$CCCL"/thrust/examples/cuda/*.cu; do
    [ -f "$src" ] || continue
    name=$(basename "$src" .cu)
    case "$src" in */cuda/*) name="cuda.$name" ;; esac
    case "$name" in $ONLY) ;; *) continue ;; esac
    ref="$CCCL/thrust/internal/test/thrust.example.$name.filecheck"
    # print_version's reference still has the example's old name.
    [ "$name" = print_version ] && ref="$CCCL/thrust/internal/test/thrust.example.version.filecheck"
    [ -f "$ref" ] || { echo "thrust $name: no reference file"; continue; }
    tb=$((tb + 1))
    one thrust "$src" "$name" "$ref"; rc=$?
    [ $rc -eq 1 ] || tbuilt=$((tbuilt + 1))
    [ $rc -eq 1 ] || [ $rc -eq 2 ] || tran=$((tran + 1))
    [ $rc -eq 0 ] && tmatch=$((tmatch + 1))
done

for src in "$CCCL"/cub/examples/*/*.cu; do
    [ -f "$src" ] || continue
    name=$(basename "$src" .cu)
    case "$name" in $ONLY) ;; *) continue ;; esac
    nb=$((nb + 1))
    one cub "$src" "$name" ""; rc=$?
    [ $rc -eq 1 ] || nbuilt=$((nbuilt + 1))
    [ $rc -eq 1 ] || [ $rc -eq 2 ] || nran=$((nran + 1))
    [ $rc -eq 0 ] && nmatch=$((nmatch + 1))
done

echo
echo "| headers: $HEADERS | examples | build | run | match/pass |"
echo "|---|---|---|---|---|"
echo "| Thrust | $tb | $tbuilt | $tran | $tmatch |"
echo "| CUB | $nb | $nbuilt | $nran | $nmatch |"
