/*
 * assert.h: the C library's assert, except that a failed assert in a
 * kernel reports as CUDA does ("file:line: func: block: [x,y,z], thread:
 * [x,y,z] Assertion `e` failed.") and fails the grid with cudaErrorAssert
 * instead of aborting the process.  Like the C header, it has no include
 * guard: each inclusion re-reads NDEBUG.
 */
#include_next <assert.h>

#if !defined(NDEBUG) && defined(__SIMT_CU__)
#include "simt/core/device.h"
#undef assert
#ifdef __cplusplus
#define assert(e) (static_cast<bool>(e) ? void(0) : simt__assert_fail(#e, __FILE__, __LINE__, __PRETTY_FUNCTION__))
#else
#define assert(e) ((e) ? (void)0 : simt__assert_fail(#e, __FILE__, __LINE__, __func__))
#endif
#endif
