#!/bin/sh
# tests/projects/cmake.sh: CMake's CUDA language with simt's install.
#
#   install PREFIX=<tmp>       the nvcc-shaped tree (make install's script)
#   cmake_cuda/                 -DCMAKE_CUDA_COMPILER=<tmp>/bin/nvcc: compiler
#                               identification, separable compilation, mixed
#                               .cpp/.cu targets, CUDA_ARCHITECTURES,
#                               find_package(CUDAToolkit); built, then ctest
#   cmake_cuda/toolkit_only/    C++ only, nvcc found on PATH:
#                               find_package(CUDAToolkit) and find_package(simt)
#   pkg-config                  cudart-13.0 and simt from <tmp>/pkgconfig
#
# Prints "N passed, N failed"; exits non-zero if any failed.  Needs cmake
# (make deps installs it); without it, says so and passes nothing.
# Environment: B (build dir, default build).
cd "$(dirname "$0")/../.." || exit 1
B=${B:-build}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT INT TERM
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL %s\n' "$*"; }
# step NAME LOG COMMAND...: passes when the command succeeds
step() {
    what=$1; log=$2; shift 2
    if "$@" > "$log" 2>&1; then ok; return 0; fi
    bad "$what"; tail -n 30 "$log"; return 1
}

if ! command -v cmake > /dev/null 2>&1; then
    echo "cmake.sh: no cmake (make deps installs it); CMake projects not tested"
    echo "0 passed, 0 failed"
    exit 0
fi
P="$T/prefix"
# make install's recipe, on what the suite built (make would rebuild first).
step "install PREFIX=..." "$T/install.log" sh src/install/install.sh "$B" "$P" || {
    echo "$pass passed, $fail failed"; exit 1; }
for f in bin/nvcc bin/simtcc include/cuda_runtime.h lib64/libsimt.a lib64/libcudart.so \
         lib64/libcuda.so lib64/libcudadevrt.a lib64/libcurand.so version.json \
         pkgconfig/cudart-13.0.pc pkgconfig/simt.pc lib64/cmake/simt/simtConfig.cmake; do
    [ -e "$P/$f" ] && ok || bad "install lacks $f"
done
# A toolkit elsewhere on the machine (LIBRARY_PATH, CUDA_PATH) must not be
# what CMake finds.
unset CUDA_PATH CUDAToolkit_ROOT CUDACXX LIBRARY_PATH

S=tests/projects/cmake_cuda
if step "cmake_cuda: configure" "$T/c1.log" \
        cmake -S "$S" -B "$T/b1" -DCMAKE_CUDA_COMPILER="$P/bin/nvcc" -DCMAKE_BUILD_TYPE=Release &&
   step "cmake_cuda: build" "$T/c2.log" cmake --build "$T/b1" -j 2 &&
   step "cmake_cuda: ctest" "$T/c3.log" ctest --test-dir "$T/b1" --output-on-failure; then
    grep -q "CMAKE_CUDA_COMPILER_TOOLKIT_ROOT \"$P\"" "$T/b1/CMakeFiles/"*/CMakeCUDACompiler.cmake &&
        ok || bad "cmake_cuda: the toolkit root is not simt's install"
    grep -q "CUDA_CUDART:FILEPATH=$P/lib64/libcudart.so" "$T/b1/CMakeCache.txt" &&
        ok || bad "cmake_cuda: find_package(CUDAToolkit) found another cudart"
fi

if step "toolkit_only: configure" "$T/t1.log" \
        env PATH="$P/bin:$PATH" cmake -S "$S/toolkit_only" -B "$T/b2" -DCMAKE_PREFIX_PATH="$P" &&
   step "toolkit_only: build" "$T/t2.log" cmake --build "$T/b2" -j 2 &&
   step "toolkit_only: ctest" "$T/t3.log" ctest --test-dir "$T/b2" --output-on-failure; then
    ok
fi

if command -v pkg-config > /dev/null 2>&1; then
    flags=$(PKG_CONFIG_PATH="$P/pkgconfig" pkg-config --cflags --libs cudart-13.0 curand-13.0 2>&1)
    step "pkg-config cudart-13.0 curand-13.0: link" "$T/pc.log" \
        c++ $S/runtime_api.cpp $flags -o "$T/pc_app" &&
        step "pkg-config: run" "$T/pc_run.log" "$T/pc_app"
fi
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
