/*
 * check_build.h: what a checking build checks (simtcc --check=LIST),
 * compiled into each of its .cu files; libsimt-check.a reads it at start.
 * Weak: every checked unit defines the same values.
 */
#ifndef SIMT_CHECK_BUILD_H
#define SIMT_CHECK_BUILD_H
#ifdef __cplusplus
extern "C" {
#endif
__attribute__((weak)) unsigned simt__check_build_mask = SIMT_CHECK_MASK;
__attribute__((weak)) int simt__check_build_exitcode = SIMT_CHECK_EXITCODE;
#ifdef __cplusplus
}
#endif
#endif
