/*
 * cub/util_cpp_dialect.cuh: simtcc compiles .cu files as C++17.
 */
#ifndef SIMT_CUB_UTIL_CPP_DIALECT_CUH
#define SIMT_CUB_UTIL_CPP_DIALECT_CUH
#pragma GCC system_header

#define CUB_CPP_DIALECT 2017

#endif
