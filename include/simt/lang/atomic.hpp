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

extern "C" int simt_is_shared(const void *p);

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

/* PTX ISA, atom: atom.add.f32 rounds to nearest even; on global memory it
 * flushes subnormal inputs and results to sign-preserving zero, on shared
 * memory it keeps them.  A NaN result is the canonical NaN 0x7fffffff on
 * both (an H100's bits). */
static inline float atom_ftz(float x)
{
    return (x != 0 && __builtin_fabsf(x) < __FLT_MIN__) ? __builtin_copysignf(0.0f, x) : x;
}
static inline float canonical_nan(float x)
{
    if (x != x) {
        unsigned int n = 0x7fffffffu;
        memcpy(&x, &n, sizeof x);
    }
    return x;
}
/* atom.add.f64 keeps IEEE's NaNs (an H100: a NaN operand's payload
 * propagates, inf + -inf is 0xfff8000000000000), as the host's add does. */
template <class T> static inline T fadd(T *a, T v)
{
    return cas_loop<T, typename bits<T>::type>(a, [v](T x) { return x + v; });
}
template <> inline float fadd<float>(float *a, float v)
{
    if (simt_is_shared(a))
        return cas_loop<float, unsigned int>(a, [v](float x) { return canonical_nan(x + v); });
    float fv = atom_ftz(v);
    return cas_loop<float, unsigned int>(a, [fv](float x) { return canonical_nan(atom_ftz(atom_ftz(x) + fv)); });
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

/* The built-in atomic functions of CUDA 12.8 (__nv_atomic_*): the orders
 * are C++'s, numbered as GCC's __ATOMIC_* are; every scope is the same
 * here, a CPU having one coherent memory. */
enum {
    __NV_ATOMIC_RELAXED = __ATOMIC_RELAXED,
    __NV_ATOMIC_CONSUME = __ATOMIC_CONSUME,
    __NV_ATOMIC_ACQUIRE = __ATOMIC_ACQUIRE,
    __NV_ATOMIC_RELEASE = __ATOMIC_RELEASE,
    __NV_ATOMIC_ACQ_REL = __ATOMIC_ACQ_REL,
    __NV_ATOMIC_SEQ_CST = __ATOMIC_SEQ_CST
};
enum {
    __NV_THREAD_SCOPE_THREAD,
    __NV_THREAD_SCOPE_BLOCK,
    __NV_THREAD_SCOPE_CLUSTER,
    __NV_THREAD_SCOPE_DEVICE,
    __NV_THREAD_SCOPE_SYSTEM
};

namespace simt_detail {
/* GCC's builtins take any order at run time; a load may not release nor
 * a store acquire, so those become the nearest valid order. */
static inline int nv_load_order(int o) { return o == __ATOMIC_RELEASE || o == __ATOMIC_ACQ_REL ? __ATOMIC_ACQUIRE : o; }
static inline int nv_store_order(int o) { return o == __ATOMIC_ACQUIRE || o == __ATOMIC_CONSUME || o == __ATOMIC_ACQ_REL ? __ATOMIC_RELEASE : o; }
static inline int nv_fail_order(int o) { return nv_load_order(o); }
template <class T> static inline T nv_fetch_add(T *p, T v, int o) { return __atomic_fetch_add(p, v, o); }
static inline float nv_fetch_add(float *p, float v, int) { return fadd(p, v); }
static inline double nv_fetch_add(double *p, double v, int) { return fadd(p, v); }
template <class T> static inline T nv_fetch_sub(T *p, T v, int o) { return __atomic_fetch_sub(p, v, o); }
static inline float nv_fetch_sub(float *p, float v, int) { return fadd(p, -v); }
static inline double nv_fetch_sub(double *p, double v, int) { return fadd(p, -v); }
} /* namespace simt_detail */

template <class T> static inline T __nv_atomic_fetch_add(T *p, T v, int order, int = __NV_THREAD_SCOPE_SYSTEM)
{ return simt_detail::nv_fetch_add(p, v, order); }
template <class T> static inline T __nv_atomic_fetch_sub(T *p, T v, int order, int = __NV_THREAD_SCOPE_SYSTEM)
{ return simt_detail::nv_fetch_sub(p, v, order); }
template <class T> static inline T __nv_atomic_fetch_min(T *p, T v, int, int = __NV_THREAD_SCOPE_SYSTEM)
{ return simt_detail::amin(p, v); }
template <class T> static inline T __nv_atomic_fetch_max(T *p, T v, int, int = __NV_THREAD_SCOPE_SYSTEM)
{ return simt_detail::amax(p, v); }
template <class T> static inline T __nv_atomic_fetch_and(T *p, T v, int order, int = __NV_THREAD_SCOPE_SYSTEM)
{ return __atomic_fetch_and(p, v, order); }
template <class T> static inline T __nv_atomic_fetch_or(T *p, T v, int order, int = __NV_THREAD_SCOPE_SYSTEM)
{ return __atomic_fetch_or(p, v, order); }
template <class T> static inline T __nv_atomic_fetch_xor(T *p, T v, int order, int = __NV_THREAD_SCOPE_SYSTEM)
{ return __atomic_fetch_xor(p, v, order); }
template <class T> static inline void __nv_atomic_add(T *p, T v, int order, int scope = __NV_THREAD_SCOPE_SYSTEM)
{ (void)__nv_atomic_fetch_add(p, v, order, scope); }
template <class T> static inline void __nv_atomic_sub(T *p, T v, int order, int scope = __NV_THREAD_SCOPE_SYSTEM)
{ (void)__nv_atomic_fetch_sub(p, v, order, scope); }
template <class T> static inline void __nv_atomic_min(T *p, T v, int order, int scope = __NV_THREAD_SCOPE_SYSTEM)
{ (void)__nv_atomic_fetch_min(p, v, order, scope); }
template <class T> static inline void __nv_atomic_max(T *p, T v, int order, int scope = __NV_THREAD_SCOPE_SYSTEM)
{ (void)__nv_atomic_fetch_max(p, v, order, scope); }
template <class T> static inline void __nv_atomic_and(T *p, T v, int order, int scope = __NV_THREAD_SCOPE_SYSTEM)
{ (void)__nv_atomic_fetch_and(p, v, order, scope); }
template <class T> static inline void __nv_atomic_or(T *p, T v, int order, int scope = __NV_THREAD_SCOPE_SYSTEM)
{ (void)__nv_atomic_fetch_or(p, v, order, scope); }
template <class T> static inline void __nv_atomic_xor(T *p, T v, int order, int scope = __NV_THREAD_SCOPE_SYSTEM)
{ (void)__nv_atomic_fetch_xor(p, v, order, scope); }
template <class T> static inline T __nv_atomic_exchange_n(T *p, T v, int order, int = __NV_THREAD_SCOPE_SYSTEM)
{ return __atomic_exchange_n(p, v, order); }
template <class T> static inline void __nv_atomic_exchange(T *p, T *v, T *ret, int order, int = __NV_THREAD_SCOPE_SYSTEM)
{ __atomic_exchange(p, v, ret, order); }
template <class T>
static inline bool __nv_atomic_compare_exchange_n(T *p, T *expected, T desired, bool weak, int success,
                                                  int failure, int = __NV_THREAD_SCOPE_SYSTEM)
{ return __atomic_compare_exchange_n(p, expected, desired, weak, success, simt_detail::nv_fail_order(failure)); }
template <class T>
static inline bool __nv_atomic_compare_exchange(T *p, T *expected, T *desired, bool weak, int success,
                                                int failure, int = __NV_THREAD_SCOPE_SYSTEM)
{ return __atomic_compare_exchange(p, expected, desired, weak, success, simt_detail::nv_fail_order(failure)); }
template <class T> static inline T __nv_atomic_load_n(T *p, int order, int = __NV_THREAD_SCOPE_SYSTEM)
{ return __atomic_load_n(p, simt_detail::nv_load_order(order)); }
template <class T> static inline void __nv_atomic_load(T *p, T *ret, int order, int = __NV_THREAD_SCOPE_SYSTEM)
{ __atomic_load(p, ret, simt_detail::nv_load_order(order)); }
template <class T> static inline void __nv_atomic_store_n(T *p, T v, int order, int = __NV_THREAD_SCOPE_SYSTEM)
{ __atomic_store_n(p, v, simt_detail::nv_store_order(order)); }
template <class T> static inline void __nv_atomic_store(T *p, T *v, int order, int = __NV_THREAD_SCOPE_SYSTEM)
{ __atomic_store(p, v, simt_detail::nv_store_order(order)); }
static inline void __nv_atomic_thread_fence(int order, int = __NV_THREAD_SCOPE_SYSTEM)
{ __atomic_thread_fence(order); }

#endif /* SIMT_ATOMIC_HPP */
