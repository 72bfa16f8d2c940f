#!/usr/bin/env bash
# Build, run and check SHOC's CUDA benchmarks (vetter/shoc, src/cuda) with simt.
#
#   tests/suites/shoc.sh --shoc PATH [--work DIR] [--workers "1 2 16"] [--size N]
#                        [--passes N] [--cuda] [PROGRAM...]
#
# PATH names a checkout of vetter/shoc; it is only read: its sources are
# compiled into the work directory (default ${TMPDIR:-/tmp}/simt-shoc).
# Each program is built once (simtcc, as SHOC's own Makefiles build it with
# nvcc; a binary already there is reused) and run with -s SIZE (default 1,
# SHOC's smallest problem size) and --passes N (default 1; SHOC's is 10) at
# each worker count.  --cuda: build with nvcc and run on the GPU instead.
# SHOC's common sources miss includes that g++ 12 no longer brings
# (<string>, <vector>): they are compiled with -include for both.
# A run passes when it exits 0 and prints no failed check: SHOC's
# programs check their own results against the host's, but BusSpeed*,
# DeviceMemory, MaxFlops, Triad and QTC, which only measure and pass when
# they run to the end.
# SIMTCC overrides the compiler (default build/bin/simtcc), SHOC_FLAGS adds
# compiler flags, SHOC_TIMEOUT limits each run (seconds, default 600).
# Output: one line per program, PASS or FAIL and the first failed check of
# each worker count.  Results: docs/COMPATIBILITY.md, "SHOC".
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
SIMT_ROOT=$(cd "$HERE/../.." && pwd)
SRC= WORK=${TMPDIR:-/tmp}/simt-shoc WORKERS="1 2 16" SIZE=1 PASSES=1 CUDA=0 SELECT=()
while [ $# -gt 0 ]; do
    case $1 in
        --shoc) SRC=$2; shift 2;;
        --work) WORK=$2; shift 2;;
        --workers) WORKERS=$2; shift 2;;
        --size) SIZE=$2; shift 2;;
        --passes) PASSES=$2; shift 2;;
        --cuda) CUDA=1 WORKERS=gpu; shift;;
        -*) echo "shoc.sh: unknown option $1" >&2; exit 2;;
        *) SELECT+=("$1"); shift;;
    esac
done
[ -d "$SRC/src/cuda" ] || { echo "shoc.sh: --shoc PATH (a vetter/shoc checkout)" >&2; exit 2; }
SRC=$(cd "$SRC" && pwd)
SIMTCC=${SIMTCC:-$SIMT_ROOT/build/bin/simtcc}
[ $CUDA = 1 ] || SIMTCC=$(cd "$(dirname "$SIMTCC")" && pwd)/$(basename "$SIMTCC")
# CUDA 13 removed cudaThreadSynchronize and cudaDeviceProp::clockRate,
# which SHOC uses (simt keeps both): the GPU build maps them to their
# successor and to a field that is there (main.cpp only prints it).
[ $CUDA = 1 ] && SIMTCC="nvcc -DcudaThreadSynchronize=cudaDeviceSynchronize -DclockRate=major"
[ $CUDA = 1 ] || [ -x "$SIMTCC" ] || { echo "shoc.sh: build simt first ($SIMTCC)" >&2; exit 2; }
mkdir -p "$WORK/obj" "$WORK/bin" "$WORK/logs" && WORK=$(cd "$WORK" && pwd)
C=$SRC/src/common CC_=$SRC/src/cuda/common
# config.h as SHOC's configure writes it for a Linux host with CUDA, no MPI.
[ -f "$WORK/obj/config.h" ] || cat > "$WORK/obj/config.h" <<'H'
#define HAVE_CUDA_H 1
#define HAVE_CUDA_RUNTIME_H 1
#define HAVE_STDINT_H 1
#define HAVE_STDLIB_H 1
#define HAVE_STRING_H 1
#define HAVE_UNISTD_H 1
#define HAVE_GETTIMEOFDAY 1
#define HAVE_CLOCK_GETTIME 1
#define HAVE_SQRT 1
#define HAVE_POW 1
#define HAVE_FLOOR 1
#define HAVE_MEMSET 1
#define HAVE_STRDUP 1
#define HAVE_SYS_TIME_H 1
#define restrict __restrict
H
# fftlib.cu includes <cufft.h> and uses it only under USE_CUFFT (off): an
# empty header stands for cuFFT, which simt does not provide.
mkdir -p "$WORK/stub" && : > "$WORK/stub/cufft.h"
INC="-I$WORK/obj -I$C -I$CC_"
FLAGS="-O2 -arch=sm_90 ${SHOC_FLAGS:-}"
log() { echo "$*" >&2; }
# the support library: SHOC's common sources
if [ ! -f "$WORK/obj/libshoc.a" ]; then
    objs=()
    for f in Option OptionParser ResultDatabase Timer CTimer ProgressBar InvalidArgValue Graph \
             Matrix2DStatics StencilFactory HostStencil HostStencilFactory SerialStencilUtil \
             StencilUtil InitializeMatrix2D ValidateMatrix2D Matrix2DFileSupport; do
        [ -f "$C/$f.cpp" ] || continue
        $SIMTCC $FLAGS $INC -include string -include vector -c "$C/$f.cpp" -o "$WORK/obj/$f.o" > "$WORK/logs/common-$f.log" 2>&1 &&
            objs+=("$WORK/obj/$f.o") || log "shoc.sh: common $f does not build (logs/common-$f.log)"
    done
    ar rcs "$WORK/obj/libshoc.a" "${objs[@]}"
fi
# name|sources (relative to src/cuda)|extra flags|run arguments
PROGS="
BusSpeedDownload|level0/BusSpeedDownload.cu||
BusSpeedReadback|level0/BusSpeedReadback.cu||
DeviceMemory|level0/DeviceMemory.cu||
MaxFlops|level0/MaxFlops.cu||
BFS|level1/bfs/BFS.cu level1/bfs/bfs_kernel.cu||
FFT|level1/fft/FFT.cpp level1/fft/fftlib.cu|-I$WORK/stub|
GEMM|level1/gemm/GEMM.cpp||
MD|level1/md/MD.cu||
MD5Hash|level1/md5hash/MD5Hash.cu||
NeuralNet|level1/neuralnet/NeuralNet.cu||
Reduction|level1/reduction/Reduction.cu||
Scan|level1/scan/Scan.cu||
Sort|level1/sort/Sort.cu level1/sort/sort_kernel.cu||
Spmv|level1/spmv/Spmv.cu||
Stencil2D|level1/stencil2d/Stencil2Dmain.cpp level1/stencil2d/CUDAStencil.cpp level1/stencil2d/CUDAStencilFactory.cpp level1/stencil2d/CommonCUDAStencilFactory.cpp level1/stencil2d/CUDAStencilKernel.cu||
Triad|level1/triad/Triad.cu||
QTC|level2/qtclustering/QTC.cu level2/qtclustering/comm.cpp level2/qtclustering/libdata.cpp||
S3D|level2/s3d/S3D.cu||
"
selected() { [ ${#SELECT[@]} -eq 0 ] && return 0; local s; for s in "${SELECT[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }
NPASS=0 NFAIL=0
echo "$PROGS" | while IFS='|' read -r name srcs extra args; do
    [ -n "$name" ] || continue
    selected "$name" || continue
    d=$WORK/build/$name; mkdir -p "$d"
    files=(); dirs=()
    for s in $srcs; do files+=("$SRC/src/cuda/$s"); dirs+=("-I$(dirname "$SRC/src/cuda/$s")"); done
    main=$CC_/main.cpp
    if [ -x "$WORK/bin/$name" ]; then :
    elif ! (cd "$d" && $SIMTCC $FLAGS $INC "${dirs[@]}" $extra $main "${files[@]}" "$WORK/obj/libshoc.a" -o "$WORK/bin/$name") > "$WORK/logs/$name.build.log" 2>&1; then
        printf '%-5s %-18s %s\n' FAIL "shoc/$name" "does not build: $(grep -m1 -E 'error' "$WORK/logs/$name.build.log" | cut -c1-150)"
        continue
    fi
    verdict=PASS why=
    for w in $WORKERS; do
        out=$WORK/logs/$name.w$w.out
        (cd "$d" && SIMT_WORKERS=$w timeout -k 10 "${SHOC_TIMEOUT:-600}" "$WORK/bin/$name" -s "$SIZE" --passes "$PASSES" $args) > "$out" 2>&1
        rc=$?
        if [ $rc -ne 0 ]; then verdict=FAIL why="$why w$w:exit $rc"; continue; fi
        # failed checks: "Test Failed", "---FAILED---", Stencil2D's
        # "pass 0: 3 validation errors" (not its "0 validation errors")
        bad='fail|incorrect|mismatch|[1-9][0-9]* validation errors'
        if grep -q -i -E "$bad" "$out"; then
            verdict=FAIL why="$why w$w:$(grep -m1 -i -E "$bad" "$out" | cut -c1-80)"
        fi
    done
    printf '%-5s %-18s workers %s %s\n' "$verdict" "shoc/$name" "$WORKERS" "$why"
done
