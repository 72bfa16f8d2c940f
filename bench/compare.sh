#!/bin/sh
# bench/compare.sh: simt's core costs side by side with the same work done
# by an OpenMP loop and, when its include directory is given, by HIP-CPU.
#
#   sh bench/compare.sh [HIP_CPU_INCLUDE_DIR]
#
# Builds bench/compare.cu with simtcc, its OpenMP twin bench/compare_omp.c
# with gcc -O2 -fopenmp and, given HIP_CPU_INCLUDE_DIR (the folder holding
# hip/hip_runtime.h of a ROCm/HIP-CPU checkout), its HIP-CPU twin
# bench/compare_hip.cpp with g++ -std=c++17 -O2 -ltbb (TBB: Debian's
# libtbb-dev).  Fetches nothing.  Runs every benchmark (bench/compare.h
# says what each measures) with one thread and with all of them ($(nproc),
# or THREADS=N) and prints one table: simt's default tier, the same binary
# with SIMT_TIER=fiber, the OpenMP loop, HIP-CPU, and each one's time over
# the OpenMP loop's, measured in the same run.  A cell that could not be
# measured reads "fail", one that was not asked for "-".  Not a test.
#
# MARCH=ISA (e.g. x86-64-v3, native) builds all three for that instruction
# set (simtcc -Xcompiler -march=ISA, gcc/g++ -march=ISA), so the vector
# width is the same on every side; by default all three target baseline
# x86-64 (SSE2).
set -e
B=${B:-build}
MARCHF=${MARCH:+-march=$MARCH}
SIMTCC="$B/bin/simtcc"
HIP=${1:-}
ALL=${THREADS:-$(nproc)}
[ -x "$SIMTCC" ] || [ -n "${NOBUILD:-}" ] || { echo "compare.sh: $SIMTCC not found: run make first" >&2; exit 2; }
[ -z "$HIP" ] || [ -f "$HIP/hip/hip_runtime.h" ] ||
    { echo "compare.sh: $HIP/hip/hip_runtime.h not found (give HIP-CPU's include directory)" >&2; exit 2; }
mkdir -p "$B/bench"
# NOBUILD=1: run the binaries a previous run built (copied to a machine
# without the toolchain).
if [ -z "${NOBUILD:-}" ]; then
    "$SIMTCC" -O2 ${MARCH:+-Xcompiler $MARCHF} bench/compare.cu -o "$B/bench/compare"
    gcc -O2 $MARCHF -fopenmp bench/compare_omp.c -o "$B/bench/compare_omp"
fi
if [ -n "$HIP" ] && [ -z "${NOBUILD:-}" ]; then
    g++ -std=c++17 -O2 $MARCHF -I"$HIP" -Ibench bench/compare_hip.cpp -o "$B/bench/compare_hip" -ltbb -lpthread ||
        { echo "compare.sh: the HIP-CPU twin did not build (C++17 and TBB needed: libtbb-dev)" >&2; exit 1; }
fi
unset SIMT_TIER SIMT_WORKERS OMP_NUM_THREADS

# cell BENCH THREADS SIDE: one figure, or "fail"
cell() {
    case $3 in
    # One thread means one: the host thread that waits would otherwise run
    # blocks beside the worker (SIMT_GUEST=0).
    simt) v=$(SIMT_GUEST=$([ "$2" = 1 ] && echo 0 || echo 1) SIMT_WORKERS=$2 "$B/bench/compare" "$1" "$2" 2>/dev/null) || v=fail;;
    fiber) v=$(SIMT_GUEST=$([ "$2" = 1 ] && echo 0 || echo 1) SIMT_TIER=fiber SIMT_WORKERS=$2 "$B/bench/compare" "$1" "$2" 2>/dev/null) || v=fail;;
    omp) v=$("$B/bench/compare_omp" "$1" "$2" 2>/dev/null) || v=fail;;
    hip) if [ -z "$HIP" ]; then v=-; else v=$("$B/bench/compare_hip" "$1" "$2" 2>/dev/null) || v=fail; fi;;
    esac
    echo "${v:-fail}"
}
# ratio A B: A / B to two places, "-" when either is not a figure
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {
    if (a ~ /^[0-9.]+$/ && b ~ /^[0-9.]+$/ && b > 0) printf "%.2f", a / b; else printf "-" }'; }

echo "simt compare: $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
echo "simt: default tier; fiber: SIMT_TIER=fiber; OpenMP: gcc $(gcc -dumpfullversion) -O2 -fopenmp; HIP-CPU: ${HIP:-not given}; instruction set: ${MARCH:-baseline x86-64}$([ -z "$MARCH" ] && echo " (simt's compiled blocks: x86-64-v3 where the CPU has it, SIMT_ISA=${SIMT_ISA:-default})")"
echo "wall time of the whole grid over the work done (bench/compare.h), best of 5; ratios over OpenMP"
fmt='%-22s %-18s %9s %9s %9s %9s %9s %9s %9s\n'
printf "$fmt" benchmark unit simt fiber OpenMP HIP-CPU simt/OMP fiber/OMP HIP/OMP
for b in saxpy barrier shfl launch; do
    case $b in
    saxpy) unit=ns/element;;
    barrier) unit=ns/thread/barrier;;
    shfl) unit=ns/lane/reduction;;
    launch) unit=us/launch+sync;;
    esac
    for t in 1 "$ALL"; do
        s=$(cell $b "$t" simt) f=$(cell $b "$t" fiber) o=$(cell $b "$t" omp) h=$(cell $b "$t" hip)
        printf "$fmt" "$b, $t thread$([ "$t" = 1 ] || echo s)" $unit "$s" "$f" "$o" "$h" \
            "$(ratio "$s" "$o")" "$(ratio "$f" "$o")" "$(ratio "$h" "$o")"
    done
done
