#!/bin/sh
# bench/run.sh: builds and runs the benchmarks; prints the figures that go
# to docs/PERFORMANCE.md.  Not part of `make test`.
set -e
B=${B:-build}
SIMTCC="$B/bin/simtcc"
mkdir -p "$B/bench"
"$SIMTCC" -O2 -Xcompiler -fopenmp -lgomp bench/core.cu -o "$B/bench/core"
cc -O2 -Iinclude -Isrc bench/fiber_switch.c src/engine/fiber.c src/engine/fiber_x86_64.S \
    src/engine/fiber_aarch64.S -o "$B/bench/fiber_switch"
echo "== the switch alone"
"$B/bench/fiber_switch"
echo "== one worker"
# One thread runs blocks: the host thread that waits would run them too
# (a guest worker), and the figures are per worker.
SIMT_GUEST=0 SIMT_WORKERS=1 "$B/bench/core" thread
SIMT_GUEST=0 SIMT_WORKERS=1 "$B/bench/core" barrier
SIMT_GUEST=0 SIMT_WORKERS=1 "$B/bench/core" shfl
echo "== all workers"
"$B/bench/core" launch
"$B/bench/core" step
"$B/bench/core" vecadd
echo "== scaling (vector add, 2^26 floats)"
n=$(nproc)
w=1
while [ "$w" -le "$n" ]; do
    SIMT_WORKERS=$w OMP_NUM_THREADS=$w "$B/bench/core" vecadd | grep vecadd | sed "s/^/workers $w: /"
    w=$((w * 2))
done
echo "== Thrust on the workers (2^24 ints, against the figures before)"
"$SIMTCC" -O2 bench/thrust.cu -o "$B/bench/thrust"
"$B/bench/thrust" "" 16777216 5
