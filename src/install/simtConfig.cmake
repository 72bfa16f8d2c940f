# simtConfig.cmake: find_package(simt) in an installed simt (PREFIX/lib64/cmake/simt).
#
# For CMake's CUDA language, name simt's nvcc before project():
#   cmake -DCMAKE_CUDA_COMPILER=PREFIX/bin/nvcc ...
# and find_package(CUDAToolkit) then finds simt (CUDA::cudart,
# CUDA::cuda_driver, CUDA::curand).  This package is for the rest: C and C++
# targets that link simt's runtime without the CUDA language.
#
#   simt::simt        libsimt and its headers (the CUDA runtime, driver API
#                     and cuRAND host API)
#   simt_NVCC         PREFIX/bin/nvcc
#   simt_INCLUDE_DIRS, simt_LIBRARY_DIR, simt_VERSION (from the version file)
get_filename_component(_simt_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
set(simt_NVCC "${_simt_prefix}/bin/nvcc")
set(simt_INCLUDE_DIRS "${_simt_prefix}/include")
set(simt_LIBRARY_DIR "${_simt_prefix}/lib64")

include(CMakeFindDependencyMacro)
find_dependency(Threads)

if(NOT TARGET simt::simt)
  add_library(simt::simt STATIC IMPORTED)
  set_target_properties(simt::simt PROPERTIES
    IMPORTED_LOCATION "${simt_LIBRARY_DIR}/libsimt.a"
    INTERFACE_INCLUDE_DIRECTORIES "${simt_INCLUDE_DIRS}"
    INTERFACE_LINK_LIBRARIES "Threads::Threads;${CMAKE_DL_LIBS};m;stdc++")
endif()
unset(_simt_prefix)
