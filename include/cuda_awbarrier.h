/*
 * cuda_awbarrier.h: nvcuda::experimental::awbarrier, CUDA's C++ class over
 * the memory barrier primitives (an mbarrier in shared memory).
 */
#ifndef SIMT_CUDA_AWBARRIER_H
#define SIMT_CUDA_AWBARRIER_H
#pragma GCC system_header

#include "cuda_awbarrier_primitives.h"

#ifdef __cplusplus
#include "simt/libcu/base.hpp"

namespace nvcuda {
namespace experimental {

class awbarrier {
  public:
    class arrival_token {
      public:
        arrival_token() = default;
        uint32_t pending_count() const { return simt_mbar_token_pending_count(token); }

      private:
        explicit arrival_token(uint64_t t) : token(t) {}
        uint64_t token;
        friend awbarrier;
    };
    awbarrier() = default;
    awbarrier(const awbarrier &) = delete;
    awbarrier &operator=(const awbarrier &) = delete;

    arrival_token arrive(SIMT__LOC)
    {
        return arrival_token(simt_mbar_arrive(&barrier, 1, 0, 0, 0, 0, SIMT_MBAR_PRIM, SIMT__AT));
    }
    arrival_token arrive_and_drop(SIMT__LOC)
    {
        return arrival_token(simt_mbar_arrive(&barrier, 1, 1, 0, 0, 0, SIMT_MBAR_PRIM, SIMT__AT));
    }
    bool timed_wait(arrival_token token, uint32_t hint_cycles, SIMT__LOC)
    {
        return simt_mbar_try_wait(&barrier, token.token, hint_cycles, SIMT_MBAR_PRIM, SIMT__AT);
    }
    bool timed_wait_parity(bool phase, uint32_t hint_cycles, SIMT__LOC)
    {
        return simt_mbar_try_wait_parity(&barrier, phase, hint_cycles, SIMT_MBAR_PRIM, SIMT__AT);
    }
    void wait(arrival_token token, SIMT__LOC)
    {
        simt_mbar_wait(&barrier, token.token, SIMT_MBAR_PRIM, SIMT__AT);
    }
    void arrive_and_wait(SIMT__LOC) { wait(arrive(SIMT__AT), SIMT__AT); }
    bool try_wait(arrival_token token, uint32_t max_sleep_nanosec, SIMT__LOC)
    {
        return simt_mbar_try_wait(&barrier, token.token, max_sleep_nanosec, SIMT_MBAR_PRIM,
                                  SIMT__AT);
    }
    bool try_wait_parity(bool phase, uint32_t max_sleep_nanosec, SIMT__LOC)
    {
        return simt_mbar_try_wait_parity(&barrier, phase, max_sleep_nanosec, SIMT_MBAR_PRIM,
                                         SIMT__AT);
    }
    static constexpr uint32_t max() { return SIMT_MBAR_PRIMITIVE_MAX; }

  private:
    uint64_t barrier;
    friend void init(awbarrier *b, uint32_t expected_count, SIMT__LOC)
    {
        simt_mbar_init(&b->barrier, expected_count, SIMT_MBAR_PRIMITIVE_MAX, 0, 0, SIMT_MBAR_PRIM,
                       SIMT__AT);
    }
    friend void inval(awbarrier *b, SIMT__LOC)
    {
        simt_mbar_inval(&b->barrier, SIMT_MBAR_PRIM, SIMT__AT);
    }
    friend class pipeline;
};

} /* namespace experimental */
} /* namespace nvcuda */
#endif /* __cplusplus */

#endif /* SIMT_CUDA_AWBARRIER_H */
