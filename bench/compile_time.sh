#!/bin/sh
# bench/compile_time.sh: simtcc's compile time against commit 45f36c6's,
# issue 12's measure ("compiling the test suite takes at most 1.5x what it
# takes today"; 45f36c6 is the last commit before the compiled tier, whose
# simtcc compiles with g++).
#
#   sh bench/compile_time.sh OLD_ROOT NEW_BUILD [EVERY]
#
# OLD_ROOT: a checkout of 45f36c6 built with make (its simtcc is
# OLD_ROOT/build/bin/simtcc):
#   git worktree add /tmp/old 45f36c6 && make -C /tmp/old -j2
# NEW_BUILD: this tree's build folder (build, or B of make B=...).
# Takes every EVERY-th (default 6) .cu file of OLD_ROOT/tests/cuda (the test
# suite as it stood then, so that both compile the same sources) and
# compiles it with `simtcc -c` (and its NAME.flags, less -l), the old
# simtcc then the new one, file by file.  Prints each file's CPU seconds
# (user + system of simtcc and the children it waited for, from
# /usr/bin/time) and the totals with their ratio.  CPU time rather than
# wall time, so that other work on the machine counts little.  Not a test.
set -u
if [ $# -lt 2 ]; then
    echo "usage: sh bench/compile_time.sh OLD_ROOT NEW_BUILD [EVERY]" >&2
    exit 2
fi
OLD=$(cd "$1" && pwd) || exit 2
NEW=$(cd "$2" && pwd) || exit 2
EVERY=${3:-6}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT INT TERM

# cpu SIMTCC DIR NAME FLAGS: CPU seconds of one compile ("fail" if it failed).
cpu() {
    if (cd "$2" && /usr/bin/time -f '%U %S' -o "$T/time" "$1" $4 -c "$3.cu" -o "$T/x.o") \
        > "$T/log" 2>&1; then
        awk '{ printf "%.2f", $1 + $2 }' "$T/time"
    else
        printf fail
    fi
}

printf '%-44s %8s %8s\n' file old new
files=$(cd "$OLD" && find tests/cuda -name '*.cu' | LC_ALL=C sort | awk -v e="$EVERY" 'NR % e == 1')
for f in $files; do
    d="$OLD/$(dirname "$f")"
    n=$(basename "$f" .cu)
    flags=""
    if [ -f "$d/$n.flags" ]; then
        for w in $(cat "$d/$n.flags"); do
            case "$w" in -l*) ;; *) flags="$flags $w" ;; esac
        done
    fi
    o=$(cpu "$OLD/build/bin/simtcc" "$d" "$n" "$flags")
    c=$(cpu "$NEW/bin/simtcc" "$d" "$n" "$flags")
    printf '%-44s %8s %8s\n' "$f" "$o" "$c"
done | tee "$T/table"
awk 'NR > 0 && $2 != "fail" && $3 != "fail" { o += $2; c += $3; n++ }
     END { printf "%d files: old %.1f s, new %.1f s, %.2fx\n", n, o, c, c / o }' "$T/table"
