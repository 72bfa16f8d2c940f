/*
 * simt/lang/atomic.hpp: CUDA's atomic functions (CUDA guide, "Atomic Functions").
 *
 * Blocks run in parallel on the workers, so every one is a real atomic
 * read-modify-write.  Results are the GPU's, including the wrap-around of
 * atomicInc/atomicDec.  The _block and _system scopes are the same
 * operation here: a CPU has one coherent memory.
 */
#ifndef SIMT_ATOMIC_HPP
#define SIMT_ATOMIC_HPP
#pragma GCC system_header

#include <string.h>
#include "../../vector_types.h"

#define SIMT__SC __ATOMIC_SEQ_CST
#define SIMT__RX __ATOMIC_RELAXED

namespace simt_detail {

/* Applies op to *a under a compare-and-swap loop over the bit pattern. */
template <class T, class U, class Op>
static inline T cas_loop(T *a, Op op)
{
    U *p = reinterpret_cast<U *>(a);
    U old = __atomic_load_n(p, SIMT__RX), nw;
    T cur, next;
    do {
        memcpy(&cur, &old, sizeof cur);
        next = op(cur);
        memcpy(&nw, &next, sizeof nw);
    } while (!__atomic_compare_exchange_n(p, &old, nw, true, SIMT__SC, SIMT__RX));
    memcpy(&cur, &old, sizeof cur);
    return cur;
}

template <class T> struct bits;
template <> struct bits<float> { typedef unsigned int type; };
template <> struct bits<double> { typedef unsigned long long type; };

template <class T> static inline T fadd(T *a, T v)
{
    return cas_loop<T, typename bits<T>::type>(a, [v](T x) { return x + v; });
}
template <class T> static inline T amin(T *a, T v)
{
    T old = __atomic_load_n(a, SIMT__RX);
    while (v < old && !__atomic_compare_exchange_n(a, &old, v, true, SIMT__SC, SIMT__RX)) {}
    return old;
}
template <class T> static inline T amax(T *a, T v)
{
    T old = __atomic_load_n(a, SIMT__RX);
    while (v > old && !__atomic_compare_exchange_n(a, &old, v, true, SIMT__SC, SIMT__RX)) {}
    return old;
}
template <class T> static inline T acas(T *a, T compare, T v)
{
    __atomic_compare_exchange_n(a, &compare, v, false, SIMT__SC, SIMT__SC);
    return compare;
}

} /* namespace simt_detail */

/* One definition per scope suffix: atomicAdd, atomicAdd_block, atomicAdd_system. */
#define SIMT__ATOMIC3(ret, name, params, ...) \
    static inline ret name params __VA_ARGS__ \
    static inline ret name##_block params __VA_ARGS__ \
    static inline ret name##_system params __VA_ARGS__

#define SIMT__INTOPS(T) \
    SIMT__ATOMIC3(T, atomicAdd, (T *a, T v), { return __atomic_fetch_add(a, v, SIMT__SC); }) \
    SIMT__ATOMIC3(T, atomicExch, (T *a, T v), { return __atomic_exchange_n(a, v, SIMT__SC); }) \
    SIMT__ATOMIC3(T, atomicMin, (T *a, T v), { return simt_detail::amin(a, v); }) \
    SIMT__ATOMIC3(T, atomicMax, (T *a, T v), { return simt_detail::amax(a, v); }) \
    SIMT__ATOMIC3(T, atomicAnd, (T *a, T v), { return __atomic_fetch_and(a, v, SIMT__SC); }) \
    SIMT__ATOMIC3(T, atomicOr, (T *a, T v), { return __atomic_fetch_or(a, v, SIMT__SC); }) \
    SIMT__ATOMIC3(T, atomicXor, (T *a, T v), { return __atomic_fetch_xor(a, v, SIMT__SC); }) \
    SIMT__ATOMIC3(T, atomicCAS, (T *a, T c, T v), { return simt_detail::acas(a, c, v); })

SIMT__INTOPS(int)
SIMT__INTOPS(unsigned int)
SIMT__INTOPS(unsigned long long)
SIMT__ATOMIC3(int, atomicSub, (int *a, int v), { return __atomic_fetch_sub(a, v, SIMT__SC); })
SIMT__ATOMIC3(unsigned int, atomicSub, (unsigned int *a, unsigned int v),
              { return __atomic_fetch_sub(a, v, SIMT__SC); })
SIMT__ATOMIC3(long long, atomicMin, (long long *a, long long v), { return simt_detail::amin(a, v); })
SIMT__ATOMIC3(long long, atomicMax, (long long *a, long long v), { return simt_detail::amax(a, v); })
SIMT__ATOMIC3(long long, atomicAnd, (long long *a, long long v),
              { return __atomic_fetch_and(a, v, SIMT__SC); })
SIMT__ATOMIC3(long long, atomicOr, (long long *a, long long v),
              { return __atomic_fetch_or(a, v, SIMT__SC); })
SIMT__ATOMIC3(long long, atomicXor, (long long *a, long long v),
              { return __atomic_fetch_xor(a, v, SIMT__SC); })
SIMT__ATOMIC3(unsigned short, atomicCAS, (unsigned short *a, unsigned short c, unsigned short v),
              { return simt_detail::acas(a, c, v); })

/* CUDA guide: atomicInc stores ((old >= val) ? 0 : (old+1)), atomicDec
 * ((old == 0) || (old > val)) ? val : (old-1). */
SIMT__ATOMIC3(unsigned int, atomicInc, (unsigned int *a, unsigned int v), {
    return simt_detail::cas_loop<unsigned int, unsigned int>(
        a, [v](unsigned int o) { return o >= v ? 0u : o + 1; });
})
SIMT__ATOMIC3(unsigned int, atomicDec, (unsigned int *a, unsigned int v), {
    return simt_detail::cas_loop<unsigned int, unsigned int>(
        a, [v](unsigned int o) { return (o == 0 || o > v) ? v : o - 1; });
})

SIMT__ATOMIC3(float, atomicAdd, (float *a, float v), { return simt_detail::fadd(a, v); })
SIMT__ATOMIC3(double, atomicAdd, (double *a, double v), { return simt_detail::fadd(a, v); })
SIMT__ATOMIC3(float, atomicExch, (float *a, float v), {
    return simt_detail::cas_loop<float, unsigned int>(a, [v](float) { return v; });
})
/* Vector adds are atomic per element (sm_90). */
SIMT__ATOMIC3(float2, atomicAdd, (float2 *a, float2 v), {
    float2 r;
    r.x = simt_detail::fadd(&a->x, v.x);
    r.y = simt_detail::fadd(&a->y, v.y);
    return r;
})
SIMT__ATOMIC3(float4, atomicAdd, (float4 *a, float4 v), {
    float4 r;
    r.x = simt_detail::fadd(&a->x, v.x);
    r.y = simt_detail::fadd(&a->y, v.y);
    r.z = simt_detail::fadd(&a->z, v.z);
    r.w = simt_detail::fadd(&a->w, v.w);
    return r;
})

#undef SIMT__INTOPS
#undef SIMT__ATOMIC3

#endif /* SIMT_ATOMIC_HPP */
