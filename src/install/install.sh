#!/bin/sh
# src/install/install.sh: `make install` lays out an nvcc-shaped tree.
#
#   sh src/install/install.sh BUILD_DIR PREFIX [DESTDIR]
#
#   PREFIX/bin/simtcc, simt-kc, and nvcc (a link to simtcc: Makefiles and
#                      tools that call nvcc by name work with PATH=PREFIX/bin)
#   PREFIX/include     CUDA's headers, simt's
#   PREFIX/lib64       libsimt.a, libsimt-check.a (and simt-check-inline.bc) for
#                      simtcc --check, and libcudart/libcuda/libcudadevrt/libcurand/
#                      libnccl as linker scripts that stand libsimt in their place
#   PREFIX/share/simt/gdb/simt.py        gdb's CUDA commands (programs also carry them)
#   PREFIX/version.json                  the versions, in CUDA's file's shape
#   PREFIX/pkgconfig/*.pc                CUDA's names (cudart-13.0 ...), simt
#   PREFIX/lib64/cmake/simt/             find_package(simt) (and lib/cmake/simt)
#
# simtcc finds its headers and libraries relative to its own place, so the
# tree may move; the .pc files name PREFIX, as pkg-config files do.  The
# layout is CUDA's own (/usr/local/cuda): give it a prefix of its own
# (/opt/simt), as CUDA has.
set -eu
B=$1
PREFIX=$2
D=${3:-}
R="$D$PREFIX"
CUDA_MM=13.0
CUDA_V=13.0.88
major=$(sed -n 's/^#define SIMT_VERSION_MAJOR \([0-9]*\).*/\1/p' include/simt.h)
minor=$(sed -n 's/^#define SIMT_VERSION_MINOR \([0-9]*\).*/\1/p' include/simt.h)
V="$major.$minor"

install -d "$R/bin" "$R/include" "$R/lib64/cmake/simt" "$R/pkgconfig"
install -m 755 "$B/bin/simtcc" "$R/bin/simtcc"
[ -x "$B/bin/simt-kc" ] && install -m 755 "$B/bin/simt-kc" "$R/bin/simt-kc"
ln -sfn simtcc "$R/bin/nvcc"
cp -R include/. "$R/include/"
install -m 644 "$B/lib/libsimt.a" "$R/lib64/libsimt.a"
# simtcc --check's runtime entry points (the stand-ins below name them too)
# and their bitcode for inlining, where the build made it.
install -m 644 "$B/lib/libsimt-check.a" "$R/lib64/libsimt-check.a"
[ -f "$B/lib/simt-check-inline.bc" ] &&
    install -m 644 "$B/lib/simt-check-inline.bc" "$R/lib64/simt-check-inline.bc"
install -d "$R/share/simt/gdb"
install -m 644 src/gdb/simt.py "$R/share/simt/gdb/simt.py"
for f in libcudart.so libcuda.so libcudart_static.a libcudadevrt.a libcurand.so libcurand_static.a \
    libnccl.so libnccl_static.a; do
    install -m 644 "$B/lib/$f" "$R/lib64/$f"
done

# ---- version.json: the keys CUDA's has, with simt's own -------------------
cat > "$R/version.json" << EOF
{
   "cuda" : {
      "name" : "CUDA SDK (simt: CUDA C++ on CPU cores)",
      "version" : "$CUDA_V"
   },
   "cuda_cudart" : {
      "name" : "CUDA Runtime (cudart), simt's libsimt",
      "version" : "$CUDA_V"
   },
   "cuda_nvcc" : {
      "name" : "CUDA NVCC, simt's simtcc",
      "version" : "$CUDA_V"
   },
   "libcurand" : {
      "name" : "CUDA cuRAND, simt's libsimt",
      "version" : "$CUDA_V"
   },
   "simt" : {
      "name" : "simt",
      "version" : "$V"
   }
}
EOF

# ---- pkg-config: CUDA's names and fields ------------------------------------
pc() { # file name description libs
    cat > "$R/pkgconfig/$1" << EOF
cudaroot=$PREFIX
libdir=\${cudaroot}/lib64
includedir=\${cudaroot}/include

Name: $2
Description: $3
Version: $4
Libs: -L\${libdir} $5
Cflags: -I\${includedir}
EOF
}
pc "cudart-$CUDA_MM.pc" cudart "CUDA Runtime Library (simt)" "$CUDA_MM" "-lcudart"
pc "cuda-$CUDA_MM.pc" cuda "CUDA Driver Library (simt)" "$CUDA_MM" "-lcuda"
pc "curand-$CUDA_MM.pc" curand "CUDA Random Number Generation Library (simt)" "$CUDA_MM" "-lcurand"
pc "simt.pc" simt "CUDA C++ on CPU cores: the runtime, engine and device library" "$V" \
   "-lsimt -lstdc++ -lpthread -ldl -lm"

# ---- CMake package: find_package(simt) ------------------------------------
cat > "$R/lib64/cmake/simt/simtConfigVersion.cmake" << EOF
# simt $V: any $major.x satisfies a request for $major.y with y <= $minor.
set(PACKAGE_VERSION "$V")
if(PACKAGE_FIND_VERSION_MAJOR AND NOT PACKAGE_FIND_VERSION_MAJOR EQUAL $major)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
elseif(PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
else()
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
  if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
endif()
EOF
install -m 644 src/install/simtConfig.cmake "$R/lib64/cmake/simt/simtConfig.cmake"
# find_package searches <prefix>/lib64/cmake only where lib64 is the
# system's library directory (not on Debian): lib/cmake/simt leads there.
install -d "$R/lib/cmake"
ln -sfn ../../lib64/cmake/simt "$R/lib/cmake/simt"
