#!/usr/bin/env bash
# Build, run and check PolyBench-ACC (CUDA/) and Rodinia 3.1 (cuda/) with simt.
#
#   bench/suites/run.sh --polybench PATH --rodinia PATH [options] [PROGRAM...]
#
# PATH names a checkout of cavazos-lab/PolyBench-ACC or yuhc/gpu-rodinia; it
# is only read: every program is copied into the work directory and built
# there.  PROGRAM selects programs by name (gemm, bfs, srad_v2, ...) or by
# suite (polybench, rodinia); default: every program of the suites named.
#
# Options:
#   --time            also time each program (best of 3) against its OpenMP
#                     twin (PolyBench-ACC's OpenMP/, Rodinia's openmp/) with
#                     as many threads as simt has workers (SIMT_WORKERS,
#                     default: all cores)
#   --work DIR        scratch directory (default ${TMPDIR:-/tmp}/simt-suites);
#                     with --time it holds replay.txt, what replay.sh needs
#                     to time the same binaries on another machine
#                     (SIMT_REPLAY_ONLY=1: write it, time nothing here)
#   --size small|large
#                     small (default): sizes that keep a correctness run of
#                     both suites around 10 minutes on two cores;
#                     large: the sizes of the suites' own run files
#                     (PolyBench's STANDARD_DATASET), hours on two cores
#   --pb-dataset NAME PolyBench size macro (MINI, SMALL, STANDARD, LARGE,
#                     EXTRALARGE); overrides --size for PolyBench
#   --check LIST      build the CUDA programs with simtcc --check=LIST
#                     (memory, race, init, sync, all): a checked program
#                     that reports anything fails its run; with --time,
#                     the checked build is timed against the twin
#   -v                print each step's log when it fails
#
# Output: one line per program, "PASS", "FAIL" or "KNOWN" (a documented
# failure, see docs/COMPATIBILITY.md) and a short reason, then a total line.
# Logs of every build and run stay under the work directory.
set -u

HERE=$(cd "$(dirname "$0")" && pwd)
SIMT_ROOT=$(cd "$HERE/../.." && pwd)
PB_SRC= ROD_SRC= TIME=0 WORK=${TMPDIR:-/tmp}/simt-suites SIZE=small PB_DS= VERBOSE=0 CHECK=
SELECT=()

usage() { awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit "${1:-0}"; }

while [ $# -gt 0 ]; do
    case $1 in
        --polybench) PB_SRC=$2; shift 2;;
        --rodinia) ROD_SRC=$2; shift 2;;
        --time) TIME=1; shift;;
        --work) WORK=$2; shift 2;;
        --size) SIZE=$2; shift 2;;
        --pb-dataset) PB_DS=$2; shift 2;;
        --check) CHECK=$2; shift 2;;
        -v) VERBOSE=1; shift;;
        -h|--help) usage 0;;
        -*) echo "run.sh: unknown option $1" >&2; usage 2 >&2;;
        *) SELECT+=("$1"); shift;;
    esac
done
case $SIZE in small|large) ;; *) echo "run.sh: --size small|large" >&2; exit 2;; esac
[ -n "$PB_SRC$ROD_SRC" ] || { echo "run.sh: name --polybench PATH and/or --rodinia PATH" >&2; exit 2; }
[ -z "$PB_SRC" ] || [ -d "$PB_SRC/CUDA" ] || { echo "run.sh: $PB_SRC/CUDA not found" >&2; exit 2; }
if [ -n "$ROD_SRC" ] && { [ ! -d "$ROD_SRC/cuda" ] || [ ! -d "$ROD_SRC/openmp" ]; }; then
    echo "run.sh: $ROD_SRC/cuda and $ROD_SRC/openmp not found" >&2; exit 2
fi
[ -z "$PB_SRC" ] || PB_SRC=$(cd "$PB_SRC" && pwd)
[ -z "$ROD_SRC" ] || ROD_SRC=$(cd "$ROD_SRC" && pwd)

SIMTCC=$SIMT_ROOT/build/bin/simtcc
[ -x "$SIMTCC" ] && [ -f "$SIMT_ROOT/build/lib/libcudart.so" ] ||
    { echo "run.sh: build simt first (make in $SIMT_ROOT)" >&2; exit 2; }
for t in python3 gcc g++ make; do
    command -v $t >/dev/null || { echo "run.sh: $t is needed" >&2; exit 2; }
done

mkdir -p "$WORK" && WORK=$(cd "$WORK" && pwd)
LOGS=$WORK/logs TOOLS=$WORK/tools DATA=$WORK/data
mkdir -p "$LOGS" "$TOOLS" "$DATA"
# simt's workers and the OpenMP twins' threads: the same count.
NCPU=${SIMT_WORKERS:-$(nproc 2>/dev/null || echo 2)}
export SIMT_WORKERS=$NCPU OMP_NUM_THREADS=$NCPU

# A CUDA installation as the suites' Makefiles expect it (CUDA_DIR): nvcc is
# simtcc (it resolves its own install through /proc/self/exe, so a link
# works), lib64 holds simt's libcudart.so/libcuda.so linker scripts for the
# Makefiles that link with gcc, include is simt's.
CUDA=$WORK/cuda
rm -rf "$CUDA" && mkdir -p "$CUDA/bin"
if [ -n "$CHECK" ]; then
    printf '#!/bin/sh\nexec "%s" --check=%s "$@"\n' "$SIMTCC" "$CHECK" > "$CUDA/bin/nvcc"
    chmod +x "$CUDA/bin/nvcc"
else
    ln -s "$SIMTCC" "$CUDA/bin/nvcc"
fi
ln -s "$SIMT_ROOT/build/lib" "$CUDA/lib64"
ln -s "$SIMT_ROOT/include" "$CUDA/include"
export PATH=$CUDA/bin:$PATH

# time() fixed for the clock-seeded programs (lavaMD, particlefilter,
# hurricane_gen): both sides of a comparison draw the same numbers.
gcc -O2 -shared -fPIC -o "$TOOLS/fixtime.so" "$HERE/tools/fixtime.c" ||
    { echo "run.sh: cannot build tools/fixtime.c" >&2; exit 2; }
FIXTIME=$TOOLS/fixtime.so
NUMDIFF="python3 $HERE/tools/numdiff.py"

# ---- selection and reporting --------------------------------------------
selected() { # suite name
    [ ${#SELECT[@]} -eq 0 ] && return 0
    local s
    for s in "${SELECT[@]}"; do
        [ "$s" = "$1" ] || [ "$s" = "$2" ] || [ "$s" = "$1/$2" ] && return 0
    done
    return 1
}
NPASS=0 NFAIL=0 NKNOWN=0
TIMES=$WORK/times.txt
: > "$TIMES"
# Every timed pair, for bench/suites/replay.sh on another machine: name,
# each side's directory (relative to WORK) and command, and how its time
# is read (gpu: PolyBench's "GPU Time" line and the twin's last number;
# wall: wall time).
REPLAY=$WORK/replay.txt
: > "$REPLAY"
# The generated inputs this run uses (rodinia.sh's g), for pack.sh.
: > "$WORK/inputs.txt"
replayrow() { # name dir1 cmd1 dir2 cmd2 kind
    printf '%s|%s|%s|%s|%s|%s\n' "$1" "${2#"$WORK"/}" "${3//$WORK/@WORK@}" "${4#"$WORK"/}" "${5//$WORK/@WORK@}" "$6" >> "$REPLAY"
}
report() { # status suite/name reason
    printf '%-5s %-32s %s\n' "$1" "$2" "$3"
    case $1 in PASS) NPASS=$((NPASS + 1));; FAIL) NFAIL=$((NFAIL + 1));; KNOWN) NKNOWN=$((NKNOWN + 1));; esac
}
showlog() { [ "$VERBOSE" = 1 ] && [ -f "$1" ] && tail -n 30 "$1" | sed 's/^/    | /'; return 0; }

# run LOG TIMEOUT CMD...: run a command with a time limit, output to LOG
run() {
    local log=$1 lim=$2; shift 2
    timeout -k 10 "$lim" "$@" > "$log" 2>&1
}

# wall CMD...: seconds the command took (its output discarded)
wall() {
    local s e
    s=$(date +%s.%N)
    "$@" > /dev/null 2>&1
    e=$(date +%s.%N)
    python3 -c "print(f'{$e - $s:.4f}')"
}
best3() { printf '%s\n' "$@" | sort -g | head -n 1; }

# timing row: suite/name simt-seconds twin-seconds note
timerow() { echo "$1 $2 $3 ${4:-}" >> "$TIMES"; printf '      time %-28s simt %8s s  twin %8s s  ratio %s\n' "$1" "$2" "$3" \
    "$(python3 -c "print(f'{$2/$3:.2f}' if $3 > 0 else '-')" 2>/dev/null)"; }

[ -z "$PB_SRC" ] || . "$HERE/polybench.sh"
[ -z "$ROD_SRC" ] || . "$HERE/rodinia.sh"

echo "total: $((NPASS + NFAIL + NKNOWN)) programs, $NPASS PASS, $NKNOWN KNOWN, $NFAIL FAIL"
if [ "$TIME" = 1 ] && [ -s "$TIMES" ]; then
    python3 "$HERE/tools/geomean.py" "$TIMES"
fi
[ "$NFAIL" -eq 0 ]
