#!/usr/bin/env bash
# Build, run and check Parboil's CUDA programs (benchmarks/*/src/cuda) with simt.
#
#   tests/suites/parboil.sh --parboil PATH [--work DIR] [--workers "1 2 16"]
#                           [--ref DIR] [--cuda] [PROGRAM...]
#
# PATH names a checkout of Parboil (e.g. yuhc/gpu-parboil); it is only read.
# Parboil's datasets are not public checkouts: parboil_inputs.py writes
# small inputs of their formats from a fixed seed.  Each program is built
# with simtcc the way Parboil's common/mk/cuda.mk builds it with nvcc, run at
# each worker count, and its output file compared with the first worker
# count's (bit for bit) and, with --ref DIR, with the GPU's output
# DIR/PROGRAM.out through the benchmark's own tools/compare-output (Python 2,
# converted with lib2to3).  --cuda: build with nvcc instead and write each
# program's output to WORK/ref/PROGRAM.out (the GPU run that makes --ref's
# directory).  SIMTCC overrides the compiler (default build/bin/simtcc).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
SIMT_ROOT=$(cd "$HERE/../.." && pwd)
SRC= WORK=${TMPDIR:-/tmp}/simt-parboil WORKERS="1 2 16" REF= CUDA=0 SELECT=()
while [ $# -gt 0 ]; do
    case $1 in
        --parboil) SRC=$2; shift 2;;
        --work) WORK=$2; shift 2;;
        --workers) WORKERS=$2; shift 2;;
        --ref) REF=$(cd "$2" && pwd); shift 2;;
        --cuda) CUDA=1 WORKERS=gpu; shift;;
        -*) echo "parboil.sh: unknown option $1" >&2; exit 2;;
        *) SELECT+=("$1"); shift;;
    esac
done
[ -d "$SRC/benchmarks" ] || { echo "parboil.sh: --parboil PATH (a Parboil checkout)" >&2; exit 2; }
SRC=$(cd "$SRC" && pwd)
# No -O: Parboil's Makefiles pass none to the host compiler (sgemm's io.cc
# falls off the end of a bool function, which g++ -O2 turns into a crash).
# CUDA 13 removed cudaThreadSynchronize (simt keeps it): the GPU build
# maps it to its successor.
if [ $CUDA = 1 ]; then CC_=nvcc FLAGS="-arch=sm_90 -DcudaThreadSynchronize=cudaDeviceSynchronize"
else
    CC_=${SIMTCC:-$SIMT_ROOT/build/bin/simtcc} FLAGS="-arch=sm_90"
    CC_=$(cd "$(dirname "$CC_")" && pwd)/$(basename "$CC_")
    [ -x "$CC_" ] || { echo "parboil.sh: build simt first ($CC_)" >&2; exit 2; }
fi
mkdir -p "$WORK" && WORK=$(cd "$WORK" && pwd)
mkdir -p "$WORK/bin" "$WORK/logs" "$WORK/out" "$WORK/ref" "$WORK/tools"
[ -d "$WORK/in" ] || python3 "$HERE/parboil_inputs.py" "$WORK/in" || exit 2
# Parboil's compare tools, in Python 3
if [ -n "$REF" ] && [ ! -f "$WORK/tools/filecompare.py" ]; then
    cp "$SRC"/common/python/*.py "$WORK/tools/"
    for b in "$SRC"/benchmarks/*/tools/compare-output; do
        n=$(basename "$(dirname "$(dirname "$b")")"); cp "$b" "$WORK/tools/compare-$n.py"
    done
    for f in "$WORK"/tools/*.py; do expand -t 8 "$f" > "$f.x" && mv "$f.x" "$f"; done
    python3 -W ignore -m lib2to3 -w -n "$WORK/tools" > "$WORK/logs/2to3.log" 2>&1
    # files are read as bytes (float() and split() take them; indexing
    # bytes gives the ints ord() gave), file() and file.read are gone
    sed -i -e 's/\bfile(\([^,]*\), *"r")/open(\1, "rb")/g' -e 's/\bfile\.read\b/(lambda f, *a: f.read(*a))/g' \
        "$WORK"/tools/*.py
    sed -i -e 's/\bord(/(/g' -e 's/f\.readline() == ""/f.readline() in ("", b"")/' "$WORK/tools/binaryfilecompare.py"
fi
I=$WORK/in
# name|run arguments (@I@: the inputs' directory)
PROGS="
bfs|-i @I@/bfs/graph.txt
cutcp|-i @I@/cutcp/watbox.pqr
histo|-i @I@/histo/img.bin -- 2 4
lbm|-i @I@/lbm/120_120_150_ldc.of -- 5
mri-q|-i @I@/mri-q/input.bin
sad|-i @I@/sad/reference.bin,@I@/sad/frame.bin
sgemm|-i @I@/sgemm/matrix1.txt,@I@/sgemm/matrix2.txt,@I@/sgemm/matrix2t.txt
spmv|-i @I@/spmv/matrix.mtx,@I@/spmv/vector.bin
stencil|-i @I@/stencil/grid.bin -- 64 64 32 10
tpacf|-i @I@/tpacf/data.txt,@I@/tpacf/random-0.txt,@I@/tpacf/random-1.txt,@I@/tpacf/random-2.txt,@I@/tpacf/random-3.txt -- -n 4 -p 2048
"
selected() { [ ${#SELECT[@]} -eq 0 ] && return 0; local s; for s in "${SELECT[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }
NFAIL=0
while IFS='|' read -r name args; do
    [ -n "$name" ] || continue
    selected "$name" || continue
    s=$SRC/benchmarks/$name/src/cuda
    # the sources of the Makefile's SRCDIR_OBJS (others are #included)
    files=
    for o in $(sed -n 's/#.*//; s/^SRCDIR_OBJS *= *//p' "$s/Makefile"); do
        for x in cu c cc cpp; do [ -f "$s/${o%.o}.$x" ] && files="$files $s/${o%.o}.$x"; done
    done
    extra=
    case $name in
        bfs|mri-q) extra=--use_fast_math;; # their Makefiles' APP_CUDACFLAGS
        spmv) t=$SRC/benchmarks/spmv/common_src/convert-dataset # TOOLS_SRC
              extra="-I$t $t/convert_dataset.c $t/mmio.c";;
    esac
    if ! "$CC_" $FLAGS ${PARBOIL_FLAGS:-} -I"$SRC/common/include" -I"$s" $extra $files "$SRC/common/src/parboil_cuda.c" -lm \
            -o "$WORK/bin/$name" > "$WORK/logs/$name.build.log" 2>&1; then
        printf '%-5s %-14s %s\n' FAIL "parboil/$name" "does not build: $(grep -m1 'error' "$WORK/logs/$name.build.log" | cut -c1-160)"
        NFAIL=$((NFAIL + 1)); continue
    fi
    a=${args//@I@/$I}
    verdict=PASS why= first=
    for wk in $WORKERS; do
        if [ $CUDA = 1 ]; then o=$WORK/ref/$name.out; else o=$WORK/out/$name.w$wk; fi
        rm -f "$o"
        # shellcheck disable=SC2086
        (cd "$WORK/out" && SIMT_WORKERS=$wk timeout -k 10 "${PARBOIL_TIMEOUT:-600}" "$WORK/bin/$name" -o "$o" $a) \
            > "$WORK/logs/$name.w$wk.log" 2>&1
        rc=$?
        if [ $rc -ne 0 ] || [ ! -s "$o" ]; then verdict=FAIL why="$why w$wk:exit $rc"; continue; fi
        [ $CUDA = 1 ] && continue
        if [ -z "$first" ]; then first=$o
        elif ! cmp -s "$first" "$o"; then verdict=FAIL why="$why w$wk:differs-from-w${first##*.w}"; fi
        if [ -n "$REF" ] && [ -f "$REF/$name.out" ]; then
            # histo's compare-output is a shell script (cmp)
            py="python3 -W ignore"; head -n 1 "$WORK/tools/compare-$name.py" | grep -q bash && py=bash
            (cd "$WORK/tools" && $py "compare-$name.py" "$REF/$name.out" "$o") > "$WORK/logs/$name.w$wk.cmp" 2>&1
            if ! grep -q -i '^pass' "$WORK/logs/$name.w$wk.cmp"; then verdict=FAIL why="$why w$wk:$(tail -n 1 "$WORK/logs/$name.w$wk.cmp" | cut -c1-60)"; fi
        fi
    done
    [ $verdict = PASS ] || NFAIL=$((NFAIL + 1))
    printf '%-5s %-14s workers %s%s\n' "$verdict" "parboil/$name" "$WORKERS" "$why"
done <<< "$PROGS"
[ $NFAIL -eq 0 ]
