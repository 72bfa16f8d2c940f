/*
 * simt/libcu/pipeline.hpp: cuda::pipeline, cuda::make_pipeline,
 * cuda::pipeline_shared_state and cuda::memcpy_async with a pipeline
 * (libcu++, "cuda::pipeline"; CUDA guide, "Asynchronous Data Copies using
 * cuda::pipeline").
 *
 * A thread-scope pipeline is the thread's own queue of asynchronous copies
 * (simt/core/pipeline.h): a producer commit closes a batch, a consumer wait
 * waits for the oldest.  A pipeline of a wider scope is a ring of stages in
 * pipeline_shared_state, each with a "produced" and a "consumed" barrier:
 * producers acquire a stage once its consumers released it, and commit by
 * arriving on its produced barrier, whose phase also waits for their copies
 * (as __pipeline_arrive_on); consumers wait for that phase, then release.
 */
#ifndef SIMT_LIBCU_PIPELINE_HPP
#define SIMT_LIBCU_PIPELINE_HPP
#pragma GCC system_header

#include "barrier.hpp"
#include "../core/pipeline.h"

namespace cuda {

enum class pipeline_role { producer, consumer };

template <thread_scope Scope> struct simt_pipeline_stage {
    barrier<Scope> produced;
    barrier<Scope> consumed;
};

template <thread_scope Scope, ::std::uint8_t StagesCount> class pipeline_shared_state {
  public:
    pipeline_shared_state() = default;
    pipeline_shared_state(const pipeline_shared_state &) = delete;
    pipeline_shared_state(pipeline_shared_state &&) = delete;
    pipeline_shared_state &operator=(pipeline_shared_state &&) = delete;
    pipeline_shared_state &operator=(const pipeline_shared_state &) = delete;

    simt_pipeline_stage<Scope> simt_stages[StagesCount];
    atomic<::std::uint32_t, Scope> simt_refcount;
};

template <thread_scope Scope> class pipeline {
    simt_pipeline_stage<Scope> *simt_stages;
    atomic<::std::uint32_t, Scope> *simt_refcount;
    ::std::uint8_t simt_head = 0, simt_tail = 0, simt_count;
    bool simt_consumed_parity = true, simt_produced_parity = false, simt_active = true;

  public:
    pipeline(simt_pipeline_stage<Scope> *stages, atomic<::std::uint32_t, Scope> *refcount,
             ::std::uint8_t count)
        : simt_stages(stages), simt_refcount(refcount), simt_count(count)
    {
    }
    pipeline(pipeline &&o)
        : simt_stages(o.simt_stages), simt_refcount(o.simt_refcount), simt_head(o.simt_head),
          simt_tail(o.simt_tail), simt_count(o.simt_count),
          simt_consumed_parity(o.simt_consumed_parity),
          simt_produced_parity(o.simt_produced_parity), simt_active(o.simt_active)
    {
        o.simt_active = false;
    }
    pipeline(const pipeline &) = delete;
    pipeline &operator=(pipeline &&) = delete;
    pipeline &operator=(const pipeline &) = delete;
    ~pipeline()
    {
        if (simt_active)
            (void)quit();
    }

    /* The last thread to quit releases the shared state's barriers. */
    bool quit()
    {
        simt_active = false;
        if (simt_refcount->fetch_sub(1) != 1)
            return false;
        for (::std::uint8_t s = 0; s < simt_count; s++) {
            simt_stages[s].produced.~barrier();
            simt_stages[s].consumed.~barrier();
        }
        return true;
    }

    void producer_acquire(SIMT__LOC)
    {
        simt_stages[simt_head].consumed.wait_parity(simt_consumed_parity, SIMT__AT);
    }
    void producer_commit(SIMT__LOC)
    {
        barrier<Scope> &b = simt_stages[simt_head].produced;
        simt_pipe_arrive_on_any(&static_cast<simt_detail::barrier_word &>(b).simt_word, SIMT__AT);
        (void)b.arrive(1, SIMT__AT);
        if (++simt_head == simt_count) {
            simt_head = 0;
            simt_consumed_parity = !simt_consumed_parity;
        }
    }
    void consumer_wait(SIMT__LOC)
    {
        simt_stages[simt_tail].produced.wait_parity(simt_produced_parity, SIMT__AT);
    }
    void consumer_release(SIMT__LOC)
    {
        (void)simt_stages[simt_tail].consumed.arrive(1, SIMT__AT);
        if (++simt_tail == simt_count) {
            simt_tail = 0;
            simt_produced_parity = !simt_produced_parity;
        }
    }
    template <class Rep, class Period>
    bool consumer_wait_for(const ::std::chrono::duration<Rep, Period> &d, SIMT__LOC)
    {
        return simt_stages[simt_tail].produced.try_wait_parity_for(simt_produced_parity, d,
                                                                   SIMT__AT);
    }
    template <class Clock, class Duration>
    bool consumer_wait_until(const ::std::chrono::time_point<Clock, Duration> &t, SIMT__LOC)
    {
        return consumer_wait_for(t - Clock::now(), SIMT__AT);
    }
};

/* A thread's own pipeline: its queue of asynchronous copies. */
template <> class pipeline<thread_scope_thread> {
    ::std::uint8_t simt_head = 0, simt_tail = 0;
    pipeline() = default;
    friend pipeline<thread_scope_thread> make_pipeline();
    template <::std::uint8_t Prior>
    friend void pipeline_consumer_wait_prior(pipeline<thread_scope_thread> &p);

  public:
    pipeline(pipeline &&) = default;
    pipeline(const pipeline &) = delete;
    pipeline &operator=(pipeline &&) = delete;
    pipeline &operator=(const pipeline &) = delete;

    bool quit() { return true; }
    void producer_acquire() {}
    void producer_commit()
    {
        simt_pipe_commit();
        ++simt_head;
    }
    void consumer_wait()
    {
        if (simt_head == simt_tail)
            return;
        simt_pipe_wait_prior((::std::uint8_t)(simt_head - simt_tail - 1));
        ++simt_tail;
    }
    void consumer_release() {}
    template <class Rep, class Period>
    bool consumer_wait_for(const ::std::chrono::duration<Rep, Period> &)
    {
        consumer_wait();
        return true;
    }
    template <class Clock, class Duration>
    bool consumer_wait_until(const ::std::chrono::time_point<Clock, Duration> &)
    {
        consumer_wait();
        return true;
    }
};

inline pipeline<thread_scope_thread> make_pipeline()
{
    return pipeline<thread_scope_thread>();
}

template <::std::uint8_t Prior>
inline void pipeline_consumer_wait_prior(pipeline<thread_scope_thread> &p)
{
    simt_pipe_wait_prior(Prior);
    p.simt_tail = (::std::uint8_t)(p.simt_head - Prior);
}

/* The thread's copies so far complete with b's current phase. */
template <thread_scope Scope, class F>
inline void pipeline_producer_commit(pipeline<thread_scope_thread> &, barrier<Scope, F> &b,
                                     SIMT__LOC)
{
    simt_pipe_arrive_on_any(&static_cast<simt_detail::barrier_word &>(b).simt_word, SIMT__AT);
}

template <class Group, thread_scope Scope, ::std::uint8_t StagesCount>
inline pipeline<Scope> make_pipeline(const Group &group,
                                     pipeline_shared_state<Scope, StagesCount> *state)
{
    const ::std::uint32_t size = (::std::uint32_t)group.size();
    if (group.thread_rank() == 0) {
        for (::std::uint8_t s = 0; s < StagesCount; s++) {
            init(&state->simt_stages[s].consumed, size);
            init(&state->simt_stages[s].produced, size);
        }
        state->simt_refcount.store(size, memory_order_relaxed);
    }
    group.sync();
    return pipeline<Scope>(state->simt_stages, &state->simt_refcount, StagesCount);
}

template <class Group, thread_scope Scope, ::std::uint8_t StagesCount>
inline pipeline<Scope> make_pipeline(const Group &group,
                                     pipeline_shared_state<Scope, StagesCount> *state,
                                     ::std::size_t producer_count)
{
    const ::std::uint32_t size = (::std::uint32_t)group.size();
    if (group.thread_rank() == 0) {
        for (::std::uint8_t s = 0; s < StagesCount; s++) {
            init(&state->simt_stages[s].consumed, (::std::ptrdiff_t)(size - producer_count));
            init(&state->simt_stages[s].produced, (::std::ptrdiff_t)producer_count);
        }
        state->simt_refcount.store(size, memory_order_relaxed);
    }
    group.sync();
    return pipeline<Scope>(state->simt_stages, &state->simt_refcount, StagesCount);
}

template <class Group, thread_scope Scope, ::std::uint8_t StagesCount>
inline pipeline<Scope> make_pipeline(const Group &group,
                                     pipeline_shared_state<Scope, StagesCount> *state,
                                     pipeline_role role)
{
    const ::std::uint32_t size = (::std::uint32_t)group.size();
    if (group.thread_rank() == 0)
        state->simt_refcount.store(0, memory_order_relaxed);
    group.sync();
    if (role == pipeline_role::producer)
        state->simt_refcount.fetch_add(1, memory_order_relaxed);
    group.sync();
    if (group.thread_rank() == 0) {
        ::std::uint32_t producers = state->simt_refcount.load(memory_order_relaxed);
        for (::std::uint8_t s = 0; s < StagesCount; s++) {
            init(&state->simt_stages[s].consumed, (::std::ptrdiff_t)(size - producers));
            init(&state->simt_stages[s].produced, (::std::ptrdiff_t)producers);
        }
        state->simt_refcount.store(size, memory_order_relaxed);
    }
    group.sync();
    return pipeline<Scope>(state->simt_stages, &state->simt_refcount, StagesCount);
}

/* cuda::memcpy_async with a pipeline: the calling thread's part of the
 * copy joins its current batch. */
template <class Group, class Size, thread_scope Scope>
inline async_contract_fulfillment simt_memcpy_async_pipe(const Group &g, void *dst,
                                                         const void *src, Size size,
                                                         ::std::size_t type_align,
                                                         pipeline<Scope> &, const char *file,
                                                         unsigned line)
{
    ::std::size_t n = size, align = simt_detail::size_align<Size>::value;
    simt_detail::check_aligned("cuda::memcpy_async", dst, src, n, align, file, line);
    ::std::size_t b, e;
    simt_detail::group_slice(g, n, align > type_align ? align : type_align, &b, &e);
    if (e > b)
        simt_pipe_copy((char *)dst + b, (const char *)src + b, e - b, 0);
    return async_contract_fulfillment::async;
}

template <class T, class Size, thread_scope Scope>
inline async_contract_fulfillment memcpy_async(T *dst, const T *src, Size size,
                                               pipeline<Scope> &p, SIMT__LOC)
{
    return simt_memcpy_async_pipe(simt_detail::single_thread_group(), dst, src, size, alignof(T),
                                  p, SIMT__AT);
}
template <class Size, thread_scope Scope>
inline async_contract_fulfillment memcpy_async(void *dst, const void *src, Size size,
                                               pipeline<Scope> &p, SIMT__LOC)
{
    return simt_memcpy_async_pipe(simt_detail::single_thread_group(), dst, src, size, 1, p,
                                  SIMT__AT);
}
template <class Group, class T, class Size, thread_scope Scope>
inline async_contract_fulfillment memcpy_async(const Group &g, T *dst, const T *src, Size size,
                                               pipeline<Scope> &p, SIMT__LOC)
{
    return simt_memcpy_async_pipe(g, dst, src, size, alignof(T), p, SIMT__AT);
}
template <class Group, class Size, thread_scope Scope>
inline async_contract_fulfillment memcpy_async(const Group &g, void *dst, const void *src,
                                               Size size, pipeline<Scope> &p, SIMT__LOC)
{
    return simt_memcpy_async_pipe(g, dst, src, size, 1, p, SIMT__AT);
}

} /* namespace cuda */

#endif /* SIMT_LIBCU_PIPELINE_HPP */
