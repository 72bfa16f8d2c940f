#!/bin/sh
# tests/check/sched/run.sh: schedule exploration (SIMT_SCHEDULE) beyond
# what one run shows: the same seed gives the same orders, other seeds
# give others, and correct programs print their GPU-recorded output under
# every schedule.  tests/run.sh runs it; alone:
#   B=build sh tests/check/sched/run.sh
B=${B:-build}
case "$B" in /*) SIMTCC="$B/bin/simtcc" ;; *) SIMTCC="$(pwd)/$B/bin/simtcc" ;; esac
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT INT TERM
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

build() { # src exe
    (cd "$(dirname "$1")" && $SIMTCC "$(basename "$1")" -o "$2") > "$T/build.log" 2>&1 ||
        { bad "$1: simtcc failed"; head -n 20 "$T/build.log"; return 1; }
}

# Orders: one worker, no guest, so that a run is the same run.
if build tests/check/sched/order.cu "$T/order"; then
    for seed in 1 2 3; do
        SIMT_WORKERS=1 SIMT_GUEST=0 SIMT_SCHEDULE=random:$seed "$T/order" 2> "$T/a$seed"
        SIMT_WORKERS=1 SIMT_GUEST=0 SIMT_SCHEDULE=random:$seed "$T/order" 2> "$T/b$seed"
        if cmp -s "$T/a$seed" "$T/b$seed"; then ok; else bad "random:$seed: two runs differ"; fi
    done
    if cmp -s "$T/a1" "$T/a2" && cmp -s "$T/a2" "$T/a3"; then
        bad "random:1, 2 and 3 give one order"
    else
        ok
    fi
fi

# Correct programs: the GPU's output under every schedule.
for src in tests/cuda/sched/*.cu tests/cuda/warp/*.cu tests/cuda/cg/*.cu; do
    [ -f "$src" ] || continue
    d=$(dirname "$src")
    n=$(basename "$src" .cu)
    [ -f "$d/$n.out" ] || continue
    [ -f "$d/$n.flags" ] && continue
    build "$src" "$T/$n" || continue
    for sch in reverse random:1 random:7; do
        (cd "$d" && SIMT_SCHEDULE=$sch SIMT_WATCHDOG=60 timeout 120 "$T/$n") > "$T/out" 2> "$T/err"
        if [ $? = 0 ] && cmp -s "$d/$n.out" "$T/out"; then
            ok
        else
            bad "$src under SIMT_SCHEDULE=$sch"
            diff "$d/$n.out" "$T/out" | head -n 5
            head -n 5 "$T/err"
        fi
    done
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
