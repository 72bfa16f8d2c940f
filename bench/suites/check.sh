#!/bin/sh
# Checking builds against the normal build on PolyBench-ACC's CUDA programs:
# each program built by simtcc as a normal build and once per check of
# CHECKS (-O3, SMALL_DATASET, as the suite's Makefiles build), run REPS
# times; its printed "GPU Time" (the kernels' time), best of the runs, and
# the slowdowns with their geometric means.
#
#   bench/suites/check.sh PB_DIR [NAME...]        build and run
#   bench/suites/check.sh --build PB_DIR OUT [NAME...]
#   bench/suites/check.sh --run OUT                run what --build made
#
# PB_DIR: a checkout of cavazos-lab/PolyBench-ACC; NAMEs: programs (default
# the ten of docs/PERFORMANCE.md's table); OUT: a folder for the programs
# (--build and --run apart: build here, run on another machine).
# SIMTCC (default build/bin/simtcc), CHECKS (default "memory race"),
# REPS (default 2), DS (default SMALL).
set -u
checks=${CHECKS:-memory race}
reps=${REPS:-2}
ds=${DS:-SMALL}
names="gemm atax mvt bicg gesummv 2mm syrk jacobi2D 2DConvolution gemver"

build() { # PB_DIR OUT NAME...
    pb=$1 out=$2
    shift 2
    [ $# -gt 0 ] || set -- $names
    simtcc=$(realpath "${SIMTCC:-build/bin/simtcc}")
    mkdir -p "$out"
    for name in "$@"; do
        src=$(find "$pb/CUDA" -name "$name.cu" | head -n 1)
        [ -n "$src" ] || { echo "$name: not found" >&2; continue; }
        for c in normal $checks; do
            f=""
            [ "$c" = normal ] || f="--check=$c"
            "$simtcc" -O3 $f "-D${ds}_DATASET" -I"$pb/CUDA/utilities" "$src" -o "$out/$name.$c" \
                2> "$out/$name.$c.log" || echo "$name: --check=$c: build failed" >&2
        done
        echo "$name" >> "$out/names"
    done
}

# best EXE: the smallest GPU Time of REPS runs (seconds).
best() {
    b=""
    i=0
    [ -x "$1" ] || { echo NA; return; }
    while [ $i -lt "$reps" ]; do
        t=$("$1" 2> /dev/null | awk '/GPU Time/ { getline; print $1; exit }')
        [ -n "$t" ] && { [ -z "$b" ] || awk -v a="$t" -v b="$b" 'BEGIN { exit !(a < b) }'; } && b=$t
        i=$((i + 1))
    done
    echo "${b:-NA}"
}

run() { # OUT
    out=$1
    printf '%-18s %10s' program normal
    for c in $checks; do printf ' %12s %8s' "$c" slowdown; done
    echo
    ratios=""
    for name in $(cat "$out/names"); do
        tn=$(best "$out/$name.normal")
        printf '%-18s %10s' "$name" "$tn"
        for c in $checks; do
            tc=$(best "$out/$name.$c")
            r=$(awk -v a="$tc" -v b="$tn" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.1f", a / b; else print "NA" }')
            printf ' %12s %8s' "$tc" "$r"
            ratios="$ratios $c:$r"
        done
        echo
    done
    for c in $checks; do
        printf '%s\n' $ratios | awk -F: -v c="$c" '$1 == c && $2 != "NA" { s += log($2); n++ }
            END { if (n) printf "geometric mean, --check=%s: %.1fx over %d programs\n", c, exp(s / n), n }'
    done
}

case "${1:-}" in
--build) shift; build "$@" ;;
--run) run "$2" ;;
"") echo "usage: check.sh PB_DIR [NAME...] | --build PB_DIR OUT [NAME...] | --run OUT" >&2; exit 2 ;;
*)
    w=$(mktemp -d)
    trap 'rm -rf "$w"' EXIT
    pb=$1
    shift
    build "$pb" "$w" "$@" && run "$w"
    ;;
esac
