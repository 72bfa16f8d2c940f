/*
 * simt/lang/launch.hpp: the C++ side of kernel launches and kernel registration.
 *
 * simtcc rewrites
 *     callee<<<grid, block, shmem, stream>>>(a, b)
 * into
 *     simt__launch_t{simt__cfg(grid, block, shmem, stream),
 *                    [=](auto &&...simt__p) { callee(simt__p...); }, a, b}
 * The braced list fixes the evaluation order CUDA documents: configuration
 * first, then the arguments, left to right.  Argument values are copied
 * (decayed) into a pack that lives until the grid is done, so the launch is
 * asynchronous; each CUDA thread calls the lambda over the pack, which lets
 * overload resolution and template argument deduction pick the kernel as
 * nvcc's would.
 *
 * Every __global__ definition gets a prologue that answers the launch's
 * probe with its descriptor, simt__kreg<...>::kernel, a static member whose
 * initializer registers the kernel by address at program start (this is
 * what cudaLaunchKernel and cudaFuncGetAttributes look kernels up by).
 */
#ifndef SIMT_LAUNCH_HPP
#define SIMT_LAUNCH_HPP
#pragma GCC system_header

#include <stddef.h>
#include <new>
#include "../../simt.h"

namespace simt_detail {

template <class T> struct decay_ref { typedef T type; };
template <class T> struct decay_ref<T &> { typedef T type; };
template <class T> struct decay_ref<T &&> { typedef T type; };
template <class T> struct decay_cv { typedef T type; };
template <class T> struct decay_cv<const T> { typedef T type; };
template <class T> struct decay_cv<volatile T> { typedef T type; };
template <class T> struct decay_cv<const volatile T> { typedef T type; };
template <class T> struct decay_arr { typedef T type; };
template <class T> struct decay_arr<T[]> { typedef T *type; };
template <class T, size_t N> struct decay_arr<T[N]> { typedef T *type; };
template <class R, class... A> struct decay_arr<R(A...)> { typedef R (*type)(A...); };
/* std::decay without <type_traits>: launches are in every .cu file, and
 * compile time is a feature. */
template <class T> struct decay {
    typedef typename decay_arr<typename decay_ref<T>::type>::type u;
    typedef typename decay_cv<u>::type type;
};

/* The type of parameter K of a kernel F (its function type, or a pointer
 * or reference to one), cv and reference removed: what a braced list in
 * a launch's arguments initializes (simtcc names it there). */
template <size_t K, class... P> struct nth_type;
template <class P0, class... P> struct nth_type<0, P0, P...> { typedef P0 type; };
template <size_t K, class P0, class... P> struct nth_type<K, P0, P...> : nth_type<K - 1, P...> {};
template <size_t K, class F> struct launch_param;
template <size_t K, class R, class... P> struct launch_param<K, R(P...)> : nth_type<K, P...> {};
template <size_t K, class F> struct launch_param<K, F *> : launch_param<K, F> {};
template <size_t K, class F> struct launch_param<K, F &> : launch_param<K, F> {};
template <size_t K, class F> struct launch_param<K, F *const> : launch_param<K, F> {};
template <size_t K, class F>
using launch_param_t = typename decay_cv<typename decay_ref<typename launch_param<K, F>::type>::type>::type;

template <size_t... I> struct idx {};
template <size_t N, size_t... I> struct make_idx : make_idx<N - 1, N - 1, I...> {};
template <size_t... I> struct make_idx<0, I...> { typedef idx<I...> type; };

template <size_t I, class T> struct leaf { T value; };
template <class Idx, class... T> struct values;
template <size_t... I, class... T>
struct values<idx<I...>, T...> : leaf<I, T>... {
    template <class... A>
    explicit values(A &&...a) : leaf<I, T>{static_cast<A &&>(a)}... {}
};

/* An integral argument that may have been a null pointer constant at the
 * launch (NULL, 0): it converts to its own type as before, and to any
 * pointer type, which the stored integer alone no longer could. */
template <class T> struct maybe_null {
    T &v;
    operator T &() const { return v; }
    template <class P> operator P *() const { return v ? (P *)(size_t)v : (P *)0; }
};
template <class T> struct nullable { typedef T &type; static T &wrap(T &v) { return v; } };
#define SIMT__NULLABLE(I)                                                              \
    template <> struct nullable<I> {                                                   \
        typedef maybe_null<I> type;                                                    \
        static maybe_null<I> wrap(I &v) { return maybe_null<I>{v}; }                   \
    };
SIMT__NULLABLE(int)
SIMT__NULLABLE(long)
SIMT__NULLABLE(long long)
SIMT__NULLABLE(unsigned)
SIMT__NULLABLE(unsigned long)
#undef SIMT__NULLABLE

/* Whether L can be called with lvalues of T...: the kernel takes the
 * stored arguments as they are. */
template <class L, class... T>
static auto callable(int) -> decltype(static_cast<L *>(0)->operator()(*static_cast<T *>(0)...),
                                      char());
template <class L, class... T> static long callable(...);

/* A launch's packs live in the C library's memory, not operator new's: a
 * program whose own code calls nothing of the C++ library then needs no
 * libstdc++ at run time (simtcc links it only as needed), which took 0.4
 * ms of every start (the development VM: 1.33-1.45 ms against 0.92-0.99
 * for a one-launch program).  The guard frees the memory if T's
 * constructor throws. */
template <class T, class... A> static T *make(A &&...a)
{
    struct guard {
        void *m;
        ~guard() { if (m) simt__pack_free(m); }
    } g = {simt__pack_alloc(sizeof(T), alignof(T))};
    T *p = ::new (g.m) T(static_cast<A &&>(a)...);
    g.m = nullptr;
    return p;
}
template <class T> static void unmake(T *p)
{
    p->~T();
    simt__pack_free(p);
}

/* The arguments of one <<<>>> launch and the lambda that calls the kernel. */
template <class L, class... T>
struct pack {
    typedef typename make_idx<sizeof...(T)>::type seq;
    L call;
    values<seq, T...> args;

    template <class... A>
    pack(L c, A &&...a) : call(c), args(static_cast<A &&>(a)...) {}

    template <size_t... I> void invoke(idx<I...>)
    {
        if constexpr (sizeof(callable<L, T...>(0)) == sizeof(char))
            call(static_cast<leaf<I, T> &>(args).value...);
        else /* a NULL or 0 passed for a pointer parameter */
            call(nullable<T>::wrap(static_cast<leaf<I, T> &>(args).value)...);
    }
    static void run(void *p) { static_cast<pack *>(p)->invoke(seq()); }
    static void release(void *p) { unmake(static_cast<pack *>(p)); }
    /* The thread loop (see simt_run in simt.h), compiled here so that the
     * kernel is inlined into it (flatten: the kernel and what it calls,
     * as nvcc inlines device code): per thread, three stores to threadIdx
     * and a counter, no call. */
    __attribute__((flatten)) static void range(void *p)
    {
        /* A copy on the stack: the loop's stores to threadIdx and simt__run
         * cannot alias it, so the arguments stay in registers. */
        pack local = *static_cast<pack *>(p);
        pack *self = &local;
        simt_run *r = &simt__run;
        unsigned i = r->next, n = r->end, bx = r->bx, by = r->by;
        unsigned x = i, y = 0, z = 0;
        if (i >= bx) {
            x = i % bx;
            y = (i / bx) % by;
            z = i / (bx * by);
        }
        while (i < n) {
            threadIdx.x = x;
            threadIdx.y = y;
            threadIdx.z = z;
            r->next = ++i;
            if (++x == bx) {
                x = 0;
                if (++y == by) {
                    y = 0;
                    z++;
                }
            }
            unsigned long before = r->events;
            self->invoke(seq());
            r->exited++;
            if (__builtin_expect((r->events != before) | r->notify, 0))
                return;
        }
    }
};

/* The compiled tier: kc_thread is one CUDA thread as the kernel compiler
 * reads it, kc_block what the engine calls per block (see simt__kc_block). */
template <class P> struct kc {
    static void thread(void *p) { static_cast<P *>(p)->invoke(typename P::seq()); }
    static int block(void *p)
    {
        if (!p)
            return simt__kc_block(&thread, 0);
        /* As in range: a copy the threads' stores cannot alias. */
        P local = *static_cast<P *>(p);
        return simt__kc_block(&thread, &local);
    }
};

/* By-pointer launches: the kernel's parameter types are known from its
 * function type. */
template <class F> struct signature;
template <class... P>
struct signature<void (*)(P...)> {
    typedef typename make_idx<sizeof...(P)>::type seq;
    typedef values<seq, typename decay<P>::type...> vals;

    template <size_t... I> static void *pack_from(void **args, idx<I...>)
    {
        return make<vals>(*static_cast<typename decay<P>::type *>(args[I])...);
    }
    template <size_t... I> static void run_with(const void *fn, vals &v, idx<I...>)
    {
        void (*f)(P...) = reinterpret_cast<void (*)(P...)>(const_cast<void *>(fn));
        f(static_cast<leaf<I, typename decay<P>::type> &>(v).value...);
    }
    static void *pack(void **args) { return pack_from(args, seq()); }
    /* A parameter buffer's layout (cudaGetParameterBuffer): in order, each
     * parameter at the next multiple of its alignment. */
    static void *pack_params(const void *buffer)
    {
        char *b = static_cast<char *>(const_cast<void *>(buffer));
        void *at[sizeof...(P) + 1];
        size_t off = 0, k = 0;
        ((off = (off + alignof(typename decay<P>::type) - 1) &
                ~(alignof(typename decay<P>::type) - 1),
          at[k++] = b + off, off += sizeof(typename decay<P>::type)),
         ...);
        (void)b;
        (void)k;
        return pack(at);
    }
    static void run(const void *fn, void *p) { run_with(fn, *static_cast<vals *>(p), seq()); }
    static void release(void *p) { unmake(static_cast<vals *>(p)); }
};

} /* namespace simt_detail */

/* The execution configuration, as <<<grid, block, shmem, stream>>>. */
struct simt__cfg {
    dim3 grid, block;
    size_t shmem;
    cudaStream_t stream;
    simt__cfg(dim3 g, dim3 b, size_t s = 0, cudaStream_t st = 0)
        : grid(g), block(b), shmem(s), stream(st) {}
};

struct simt__launch_t {
    template <class L, class... A>
    simt__launch_t(const simt__cfg &c, L call, A &&...a)
    {
        typedef simt_detail::pack<L, typename simt_detail::decay<A>::type...> P;
        P *p = simt_detail::make<P>(call, static_cast<A &&>(a)...);
        simt__probe_begin();
        P::run(p);
        simt_kernel *k = simt__probe_end();
        simt_launch_attrs attrs = {{0, 0, 0}, 0, &P::range, &simt_detail::kc<P>::block};
        simt_launch_ex(k, c.grid, c.block, c.shmem, c.stream, &P::run, p, &P::release, &attrs);
    }
};

/* Registration: one descriptor per kernel instantiation.  Info is a local
 * class of the kernel's prologue with static void info(simt_kernel *). */
template <class F, F f, class Info>
struct simt__kreg {
    static simt_kernel kernel;
    static simt_kernel make(simt_kernel *self)
    {
        simt_kernel k = simt_kernel();
        Info::info(&k);
        k.fn = reinterpret_cast<const void *>(f);
        k.pack = &simt_detail::signature<F>::pack;
        k.run = &simt_detail::signature<F>::run;
        k.release = &simt_detail::signature<F>::release;
        k.pack_params = &simt_detail::signature<F>::pack_params;
        simt_register_kernel(self);
        return k;
    }
};
template <class F, F f, class Info>
simt_kernel simt__kreg<F, f, Info>::kernel = simt__kreg<F, f, Info>::make(&simt__kreg<F, f, Info>::kernel);

#endif /* SIMT_LAUNCH_HPP */
