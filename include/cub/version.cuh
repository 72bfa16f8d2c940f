/*
 * cub/version.cuh: the CUB version simt's CUB implements: the API of CUB
 * 3.0.1, as shipped with CUDA 13.0 (programs test CUB_VERSION to pick an
 * API).
 */
#ifndef SIMT_CUB_VERSION_CUH
#define SIMT_CUB_VERSION_CUH
#pragma GCC system_header

#define CUB_VERSION 300001
#define CUB_MAJOR_VERSION (CUB_VERSION / 100000)
#define CUB_MINOR_VERSION (CUB_VERSION / 100 % 1000)
#define CUB_SUBMINOR_VERSION (CUB_VERSION % 100)
#define CUB_PATCH_NUMBER 0

#endif
