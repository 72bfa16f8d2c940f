/*
 * cooperative_groups/details/functional.h: the reduce operators (CUDA guide
 * 5.6.3.4.1) and the atomic updates of the *_async and *_update
 * collectives.
 */
#ifndef SIMT_CG_DETAILS_FUNCTIONAL_H
#define SIMT_CG_DETAILS_FUNCTIONAL_H
#pragma GCC system_header

#include "base.h"

namespace cooperative_groups {

template <typename Ty>
struct plus {
    Ty operator()(Ty arg1, Ty arg2) const { return arg1 + arg2; }
};
/* less and greater return the lesser and greater value, not a bool. */
template <typename Ty>
struct less {
    Ty operator()(Ty arg1, Ty arg2) const { return (arg2 < arg1) ? arg2 : arg1; }
};
template <typename Ty>
struct greater {
    Ty operator()(Ty arg1, Ty arg2) const { return (arg1 < arg2) ? arg2 : arg1; }
};
template <typename Ty>
struct bit_and {
    Ty operator()(Ty arg1, Ty arg2) const { return arg1 & arg2; }
};
template <typename Ty>
struct bit_xor {
    Ty operator()(Ty arg1, Ty arg2) const { return arg1 ^ arg2; }
};
template <typename Ty>
struct bit_or {
    Ty operator()(Ty arg1, Ty arg2) const { return arg1 | arg2; }
};

namespace details {

enum op_kind { OP_OTHER, OP_PLUS, OP_LESS, OP_GREATER, OP_AND, OP_XOR, OP_OR };

/* Which of cg's operators a function object is, and on what type. */
template <class Op>
struct op_info {
    static constexpr op_kind kind = OP_OTHER;
    using input = void;
};
#define SIMT_CG_OP(name, k)                           \
    template <class T>                                \
    struct op_info<cooperative_groups::name<T>> {     \
        static constexpr op_kind kind = k;            \
        using input = T;                              \
    };
SIMT_CG_OP(plus, OP_PLUS)
SIMT_CG_OP(less, OP_LESS)
SIMT_CG_OP(greater, OP_GREATER)
SIMT_CG_OP(bit_and, OP_AND)
SIMT_CG_OP(bit_xor, OP_XOR)
SIMT_CG_OP(bit_or, OP_OR)
#undef SIMT_CG_OP

/* cg's operators must be made for the argument's type (CUDA checks it). */
template <class Op, class T>
struct check_op {
    using info = op_info<remove_qual<Op>>;
    static_assert(info::kind == OP_OTHER || std::is_same<typename info::input, T>::value,
                  "cooperative groups: operator and argument types differ (use e.g. "
                  "cg::plus<int>() with int values)");
    static constexpr bool ok = true;
};

/* redux.sync: cg's operators on integers of up to 4 bytes are one warp
 * instruction on a GPU; their results equal the shuffle reductions'. */
template <class Op, class T>
struct redux_ok {
    using info = op_info<remove_qual<Op>>;
    static constexpr bool value = info::kind != OP_OTHER && std::is_integral<T>::value &&
                                  !std::is_same<T, bool>::value && sizeof(T) <= 4;
};

template <class Op, class T>
static inline T redux(const char *site, unsigned mask, T v)
{
    constexpr op_kind k = op_info<remove_qual<Op>>::kind;
    int op = k == OP_PLUS      ? SIMT_REDUCE_ADD
             : k == OP_LESS    ? SIMT_REDUCE_UMIN
             : k == OP_GREATER ? SIMT_REDUCE_UMAX
             : k == OP_AND     ? SIMT_REDUCE_AND
             : k == OP_XOR     ? SIMT_REDUCE_XOR
                               : SIMT_REDUCE_OR;
    if (std::is_signed<T>::value)
        return (T)simt__reduce(site, op, mask, (int)v);
    return (T)simt__reduce(site, op, mask, (unsigned)v);
}

/* ---- atomics ---------------------------------------------------------------------------- */

/* The atomic's update by the group's result (CUDA guide 5.6.3.4.2: relaxed;
 * the combination op(old, value)); returns the old value.  cg's operators
 * use the atomic's own operation where it has one, anything else a
 * compare-and-swap loop. */
template <op_kind K, bool Native>
struct atomic_updater {
    template <class A, class T, class Op>
    static T run(A &a, const T &v, Op &op)
    {
        T old = a.load();
        while (!a.compare_exchange_weak(old, op(old, v))) {
        }
        return old;
    }
};
template <>
struct atomic_updater<OP_PLUS, true> {
    template <class A, class T, class Op>
    static T run(A &a, const T &v, Op &) { return a.fetch_add(v); }
};
template <>
struct atomic_updater<OP_AND, true> {
    template <class A, class T, class Op>
    static T run(A &a, const T &v, Op &) { return a.fetch_and(v); }
};
template <>
struct atomic_updater<OP_OR, true> {
    template <class A, class T, class Op>
    static T run(A &a, const T &v, Op &) { return a.fetch_or(v); }
};
template <>
struct atomic_updater<OP_XOR, true> {
    template <class A, class T, class Op>
    static T run(A &a, const T &v, Op &) { return a.fetch_xor(v); }
};

template <class A, class T, class Op>
static inline T atomic_update(A &a, const T &v, Op &op)
{
    constexpr op_kind k = op_info<remove_qual<Op>>::kind;
    constexpr bool native = (k == OP_PLUS && std::is_arithmetic<T>::value) ||
                            ((k == OP_AND || k == OP_OR || k == OP_XOR) && std::is_integral<T>::value);
    return atomic_updater<k, native>::run(a, v, op);
}

} /* namespace details */
} /* namespace cooperative_groups */

#endif /* SIMT_CG_DETAILS_FUNCTIONAL_H */
