#!/bin/sh
# tests/gdb/run.sh: gdb's CUDA commands (src/gdb/simt.py), loaded from the
# program's .debug_gdb_scripts section, on barrier.cu built with -G: at a
# breakpoint in one thread, five threads of its block wait at
# __syncthreads; the test lists kernels, blocks and threads, switches to a
# waiting thread (its stack and threadIdx), and continues to a correct end.
#
# ring.cu does the same in a block whose threads meet in a ring.
#
# Prints "N passed, N failed"; exits non-zero if any failed.  Needs gdb
# with Python; without it, says so and passes nothing.
# Environment: B (build dir, default build).
cd "$(dirname "$0")/../.." || exit 1
B=${B:-build}
case "$B" in /*) SIMTCC="$B/bin/simtcc" ;; *) SIMTCC="$(pwd)/$B/bin/simtcc" ;; esac
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT INT TERM
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL %s\n' "$*"; }
contains() { # NAME TEXT
    if grep -qF -- "$2" "$T/gdb.out"; then ok; else bad "$1: no '$2' in"; cat "$T/gdb.out"; fi
}
if ! command -v gdb > /dev/null 2>&1 || ! gdb -batch -nx -ex "python print(1)" > /dev/null 2>&1; then
    echo "tests/gdb: no gdb with Python; not tested"; echo "0 passed, 0 failed"; exit 0
fi
if ! "$SIMTCC" -G tests/gdb/barrier.cu -o "$T/barrier" > "$T/build.log" 2>&1; then
    bad "simtcc -G barrier.cu"; cat "$T/build.log"; echo "$pass passed, $fail failed"; exit 1
fi
SIMT_WORKERS=1 SIMT_GUEST=0 timeout 120 gdb -batch -nx -iex "set auto-load safe-path /" \
    -ex "break stop_here" -ex run \
    -ex "info cuda kernels" -ex "info cuda blocks" -ex "info cuda threads" \
    -ex "cuda block (0,0,0) thread (2,0,0)" -ex "bt" -ex "print threadIdx" \
    -ex "cuda restore" -ex "print threadIdx" \
    -ex "cuda block (0,0,0) thread (3,0,0)" -ex continue \
    "$T/barrier" > "$T/gdb.out" 2>&1
contains "breakpoint" "hit Breakpoint 1, stop_here (tid=5)"
contains "info cuda kernels" "reverse                  (2,1,1)        (64,1,1)       fiber     0/2"
contains "info cuda blocks" "(0,0,0)        reverse                  0        64       5/64 at "
contains "info cuda threads: waiting" "(0,0,0)..(4,0,0)     waiting    reverse (barrier.cu:20)"
contains "info cuda threads: running" "(5,0,0)              running"
contains "info cuda threads: unstarted" "(6,0,0)..(63,0,0)    unstarted"
contains "cuda block thread" "[Switching focus to CUDA kernel reverse, block (0,0,0), thread (2,0,0) (waiting, worker 0)]"
contains "the waiting thread's frame" "in reverse (out="
contains "the waiting thread's line" "20	    __syncthreads();"
contains "its threadIdx" '$1 = {x = 2, y = 0, z = 0}'
contains "cuda restore" '$2 = {x = 5, y = 0, z = 0}'
# Continuing from a switched thread restores the OS thread's registers.
contains "continue to the end" "out[0] = 630, out[64] = 631, out[127] = 1"
contains "exit" "exited normally"
# A block in a ring: its threads' records are stale until it ends, and
# the states come from the ring (src/gdb/simt.py, _ring_states).
if ! "$SIMTCC" -G tests/gdb/ring.cu -o "$T/ring" > "$T/build.log" 2>&1; then
    bad "simtcc -G ring.cu"; cat "$T/build.log"; echo "$pass passed, $fail failed"; exit 1
fi
SIMT_WORKERS=1 SIMT_GUEST=0 timeout 120 gdb -batch -nx -iex "set auto-load safe-path /" \
    -ex "break stop_here" -ex run -ex "info cuda threads" \
    -ex "cuda block (0,0,0) thread (63,0,0)" -ex "bt 2" \
    -ex "cuda block (0,0,0) thread (40,0,0)" -ex "print threadIdx" -ex "cuda restore" \
    -ex continue "$T/ring" > "$T/gdb.out" 2>&1
contains "ring: arrived before" "(0,0,0)..(4,0,0)     waiting    rounds (ring.cu:23)"
contains "ring: running" "(5,0,0)              running"
contains "ring: released" "(6,0,0)..(54,0,0)    ready      rounds (ring.cu:19)"
contains "ring: arrived, wrapping" "(55,0,0)..(63,0,0)   waiting    rounds (ring.cu:23)"
contains "ring: a waiting thread's frame" "in rounds (out="
contains "ring: its threadIdx" '$1 = {x = 40, y = 0, z = 0}'
contains "ring: continue to the end" "out[0] = 2016, out[64] = 2016, out[127] = 2016"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
