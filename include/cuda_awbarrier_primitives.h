/*
 * cuda_awbarrier_primitives.h: CUDA's memory barrier primitives (CUDA
 * guide 5.6.1, "Memory Barrier Primitives Interface"), over the core's
 * split-phase barriers (simt/core/mbarrier.h).  Usable from C and C++.
 *
 * __mbarrier_t is one 64-bit word in shared memory, as on a GPU; the calls
 * are macros so that a misuse (a barrier outside shared memory, an arrival
 * with a pending count of zero, a count above __mbarrier_maximum_count(), a
 * token of another phase, a use after __mbarrier_inval) is reported with
 * the caller's line.
 */
#ifndef SIMT_CUDA_AWBARRIER_PRIMITIVES_H
#define SIMT_CUDA_AWBARRIER_PRIMITIVES_H
#pragma GCC system_header

#include <stdint.h>
#include "simt/core/mbarrier.h"

typedef uint64_t __mbarrier_t;
typedef uint64_t __mbarrier_token_t;

/* cuda_awbarrier_helpers.h: _CUDA_AWBARRIER_MAX_COUNT, 2^14 - 1. */
static inline uint32_t __mbarrier_maximum_count(void)
{
    return SIMT_MBAR_PRIMITIVE_MAX;
}

#define __mbarrier_init(bar, expected_count)                                                  \
    simt_mbar_init((bar), (expected_count), SIMT_MBAR_PRIMITIVE_MAX, 0, 0, SIMT_MBAR_PRIM,    \
                   __FILE__, __LINE__)
#define __mbarrier_inval(bar) simt_mbar_inval((bar), SIMT_MBAR_PRIM, __FILE__, __LINE__)
#define __mbarrier_arrive(bar)                                                                \
    simt_mbar_arrive((bar), 1, 0, 0, 0, 0, SIMT_MBAR_PRIM, __FILE__, __LINE__)
#define __mbarrier_arrive_and_drop(bar)                                                       \
    simt_mbar_arrive((bar), 1, 1, 0, 0, 0, SIMT_MBAR_PRIM, __FILE__, __LINE__)
#define __mbarrier_test_wait(bar, token)                                                      \
    (simt_mbar_test_wait((bar), (token), SIMT_MBAR_PRIM, __FILE__, __LINE__) != 0)
#define __mbarrier_test_wait_parity(bar, phase_parity)                                        \
    (simt_mbar_test_wait_parity((bar), (phase_parity), SIMT_MBAR_PRIM, __FILE__, __LINE__) != 0)
#define __mbarrier_try_wait(bar, token, max_sleep_nanosec)                                    \
    (simt_mbar_try_wait((bar), (token), (max_sleep_nanosec), SIMT_MBAR_PRIM, __FILE__,        \
                        __LINE__) != 0)
#define __mbarrier_try_wait_parity(bar, phase_parity, max_sleep_nanosec)                      \
    (simt_mbar_try_wait_parity((bar), (phase_parity), (max_sleep_nanosec), SIMT_MBAR_PRIM,    \
                               __FILE__, __LINE__) != 0)
#define __mbarrier_token_pending_count(token) simt_mbar_token_pending_count(token)

#endif /* SIMT_CUDA_AWBARRIER_PRIMITIVES_H */
