#!/usr/bin/env bash
# Times again what `run.sh --time --work WORK` built, on this machine,
# without building anything: for a machine that has no clang, no simt
# and no suites (the binaries, their data and WORK/replay.txt are copied
# there, by pack.sh for one).
#
#   bench/suites/replay.sh WORK [PROGRAM...]
#
# Each pair in WORK/replay.txt (one per timed program) runs REPS times
# (default 3), interleaved, each run at most LIMIT seconds (default 600),
# with as many threads as simt has workers (SIMT_WORKERS, default: all
# cores) on both sides; the best of each side is kept.  A
# pair whose directory is missing is skipped.  Prints one row per program
# and the geometric mean of simt's time over its twin's per suite.  Not a
# test: nothing is checked here (run.sh checks the results).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(cd "${1:?usage: replay.sh WORK [PROGRAM...]}" && pwd)
shift
[ -f "$WORK/replay.txt" ] || { echo "replay.sh: $WORK/replay.txt not found (run.sh --time writes it)" >&2; exit 2; }
NCPU=${SIMT_WORKERS:-$(nproc 2>/dev/null || echo 2)}
REPS=${REPS:-3} LIMIT=${LIMIT:-600}
# Twins' commands name their thread count as $NCPU (rodinia.sh, t).
export SIMT_WORKERS=$NCPU OMP_NUM_THREADS=$NCPU NCPU
# Inputs pack.sh left out (WORK/inputs.txt: OUT KIND ARGS, WORK written
# @WORK@) are made again; the generators are deterministic.
if [ -f "$WORK/inputs.txt" ]; then
    while read -r out kind args; do
        out=${out//@WORK@/$WORK}
        [ -s "$out" ] && continue
        mkdir -p "$(dirname "$out")"
        # shellcheck disable=SC2086 # ARGS are words
        python3 "$HERE/gen/inputs.py" "$kind" "$out.tmp" ${args//@WORK@/$WORK} && mv "$out.tmp" "$out" ||
            echo "replay.sh: cannot make $out" >&2
    done < "$WORK/inputs.txt"
fi
# SIMT_DEFAULT=1: simt with its default workers (engine.c), the twins
# with $NCPU threads.
[ "${SIMT_DEFAULT:-0}" = 1 ] && unset SIMT_WORKERS

# one KIND DIR CMD: seconds, or nothing when it failed
one() {
    local out s e
    case $1 in
    gpu-simt) out=$(cd "$2" && timeout "$LIMIT" bash -c "$3" 2>&1) || return
        sed -n '/GPU Time in seconds/{n;p;}' <<< "$out" | head -n 1;;
    gpu-twin) out=$(cd "$2" && timeout "$LIMIT" bash -c "$3" 2>&1) || return
        grep -E '^[0-9]+\.[0-9]+$' <<< "$out" | tail -n 1;;
    *) s=$(date +%s.%N)
        (cd "$2" && timeout "$LIMIT" bash -c "$3") > /dev/null 2>&1 || return
        e=$(date +%s.%N)
        python3 -c "print(f'{$e - $s:.4f}')";;
    esac
}
best() { printf '%s\n' "$@" | grep -E '^[0-9.]+$' | sort -g | head -n 1; }

echo "replay: $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //'), $(nproc) cores, $NCPU threads a side$([ "${SIMT_DEFAULT:-0}" = 1 ] && echo " (simt: its default workers)")"
ROWS=$(mktemp)
while IFS='|' read -r name d1 c1 d2 c2 kind; do
    if [ $# -gt 0 ]; then
        hit=0
        for p in "$@"; do [ "$p" = "$name" ] || [ "$p" = "${name#*/}" ] || [ "$p" = "${name%%/*}" ] && hit=1; done
        [ $hit = 1 ] || continue
    fi
    if [ ! -d "$WORK/$d1" ] || [ ! -d "$WORK/$d2" ]; then
        echo "skip  $name (not copied here)"
        continue
    fi
    c1=${c1//@WORK@/$WORK} c2=${c2//@WORK@/$WORK}
    k1=wall k2=wall
    [ "$kind" = gpu ] && k1=gpu-simt k2=gpu-twin
    a=() b=()
    for i in $(seq "$REPS"); do
        a+=("$(one $k1 "$WORK/$d1" "$c1")")
        b+=("$(one $k2 "$WORK/$d2" "$c2")")
    done
    x=$(best "${a[@]}") y=$(best "${b[@]}")
    if [ -z "$x" ] || [ -z "$y" ]; then
        echo "fail  $name (a side did not run)"
        continue
    fi
    echo "$name $x $y" >> "$ROWS"
    printf 'time  %-28s simt %9s s  twin %9s s  ratio %s\n' "$name" "$x" "$y" \
        "$(python3 -c "print(f'{$x/$y:.2f}' if $y > 0 else '-')")"
done < "$WORK/replay.txt"
python3 "$HERE/tools/geomean.py" "$ROWS"
rm -f "$ROWS"
