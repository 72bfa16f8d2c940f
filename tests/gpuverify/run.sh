#!/bin/sh
# tests/gpuverify/run.sh CHECKOUT: GPUVerify's CUDA test suite under simt's
# checker.  CHECKOUT is a local clone of mc-imperial/gpuverify (its
# testsuite/CUDA is read, never copied here).  Each kernel.cu gets a main
# (wrap.py: the dimensions its header states, buffers for its pointers),
# is built with simtcc --check=all and run; then
#   - a kernel that must fail for a race (tests/gpuverify/expect) must get
#     a race report, one that must fail for barrier divergence a
#     divergent-barrier report ("MISS" otherwise);
#   - a kernel whose header says pass must get neither ("FALSE ALARM"),
#     unless expect says GPUVerify passes it only under its own assumptions
#     (equal-value writes, lockstep warps);
#     other reports on it (an out-of-bounds or uninitialized read of the
#     harness's buffers) are listed as notes;
#   - kernels that fail GPUVerify for what no run can show (expect's
#     "other") are not run.
# Prints one line per kernel that is not as expected and a summary; exit
# status 1 if any kernel missed or raised a false alarm.
# B (the build folder, default build) and GV_ONLY (a path pattern, e.g.
# 'fail') as for tests/run.sh.
set -u
CHECKOUT=${1:?usage: tests/gpuverify/run.sh GPUVERIFY_CHECKOUT}
SUITE="$CHECKOUT/testsuite/CUDA"
[ -d "$SUITE" ] || { echo "no $SUITE"; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd)
B=${B:-build}
case "$B" in /*) SIMTCC="$B/bin/simtcc" ;; *) SIMTCC="$(pwd)/$B/bin/simtcc" ;; esac
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT INT TERM
n_race=0 ok_race=0 n_div=0 ok_div=0 n_pass=0 ok_pass=0 n_other=0 n_nobuild=0 n_notes=0 n_benign=0
n_its=0 ok_its=0
bad=0

# The kernels expect lists (those that must fail) first, then the others.
all=$(cd "$SUITE" && find . -name kernel.cu | sed 's|^\./||; s|/kernel.cu$||' | sort)
listed=$(grep -v '^#' "$HERE/expect" | awk 'NF { print $1 }')
for k in $(printf '%s\n' $all | grep -x -F "$(printf '%s\n' $listed)") \
         $(printf '%s\n' $all | grep -v -x -F "$(printf '%s\n' $listed)"); do
    case "$k" in *${GV_ONLY:-}*) ;; *) continue ;; esac
    line=$(grep -E "^$k[[:space:]]" "$HERE/expect" | head -n 1)
    values=""
    if [ -n "$line" ]; then
        set -- $(printf '%s\n' "${line%%#*}")
        class=$2
        shift 2
        values="$*"
    elif head -n 1 "$SUITE/$k/kernel.cu" | grep -q '^//pass'; then
        class=pass
    else
        class=other
    fi
    if [ "$class" = other ]; then
        n_other=$((n_other + 1))
        continue
    fi
    case "$class" in
    benign) n_benign=$((n_benign + 1)) ;;
    its) n_its=$((n_its + 1)) ;;
    race) n_race=$((n_race + 1)) ;;
    divergence) n_div=$((n_div + 1)) ;;
    pass) n_pass=$((n_pass + 1)) ;;
    esac
    name=$(printf '%s' "$k" | tr '/' '_')
    python3 "$HERE/wrap.py" "$SUITE/$k/kernel.cu" "$T/$name.cu" $values > "$T/$name.info"
    if ! (cd "$SUITE/$k" && "$SIMTCC" --check=all -w "$T/$name.cu" -o "$T/$name") > "$T/$name.build" 2>&1; then
        n_nobuild=$((n_nobuild + 1))
        why=$(grep -m 1 -E 'undefined reference|error' "$T/$name.build" | sed "s|$SUITE/||g; s|$T/||g; s|^.*undefined reference|undefined reference|" | cut -c 1-200)
        echo "NOT BUILT ($class) $k: $why"
        [ "$class" = pass ] || bad=1
        continue
    fi
    SIMT_WATCHDOG=${SIMT_WATCHDOG:-30} timeout 300 "$T/$name" > "$T/$name.out" 2> "$T/$name.err"
    rc=$?
    races=$(grep -c '^simt: error: race on' "$T/$name.err")
    divs=$(grep -c -E '^simt: error: (divergent|barrier reached by|a grid sync|grid\.sync|.*(reached|never reach))' "$T/$name.err")
    others=$(grep '^simt: error:' "$T/$name.err" | grep -v -E '^simt: error: (race on|divergent|barrier reached by)' | head -n 1 | sed "s|$SUITE/||g" | cut -c 1-160)
    case "$class" in
    race)
        if [ "$races" -gt 0 ]; then ok_race=$((ok_race + 1)); else
            bad=1; echo "MISS (race) $k: rc $rc; $(grep -m 1 '^simt: error' "$T/$name.err" | cut -c 1-160)"; fi ;;
    divergence)
        if [ "$divs" -gt 0 ]; then ok_div=$((ok_div + 1)); else
            bad=1; echo "MISS (divergence) $k: rc $rc; $(grep -m 1 '^simt: error' "$T/$name.err" | cut -c 1-160)"; fi ;;
    benign)
        echo "BENIGN $k: $([ "$races" -gt 0 ] && echo 'race reported' || echo 'no report')" ;;
    its)
        if [ "$races" -gt 0 ]; then ok_its=$((ok_its + 1)); else
            bad=1; echo "MISS (warp race under independent thread scheduling) $k: rc $rc"; fi ;;
    pass)
        if [ "$races" -gt 0 ] || [ "$divs" -gt 0 ]; then
            bad=1; echo "FALSE ALARM $k: $(grep -m 1 -E '^simt: error: (race|divergent|barrier)' "$T/$name.err" | cut -c 1-160)"
        else
            ok_pass=$((ok_pass + 1))
            if [ -n "$others" ]; then n_notes=$((n_notes + 1)); echo "NOTE (pass) $k: $others"; fi
        fi ;;
    esac
    [ -n "${GV_KEEP:-}" ] && cp "$T/$name.err" "$T/$name.out" "$T/$name.cu" "$GV_KEEP/" 2>/dev/null
done
echo "races reported: $ok_race of $n_race; divergence reported: $ok_div of $n_div;" \
     "passing kernels clean: $ok_pass of $n_pass ($n_notes with other reports);" \
     "warp-synchronous kernels (races under independent thread scheduling) reported: $ok_its of $n_its;" \
     "not built: $n_nobuild; equal-value races GPUVerify tolerates: $n_benign; not run (other): $n_other"
exit $bad
