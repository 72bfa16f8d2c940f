/*
 * cub/thread/thread_operators.cuh: CUB's function objects.  ArgMin and
 * ArgMax keep the first occurrence on ties, as CUB's do.  Sum, Max, Min,
 * Difference, Division, Equality and Inequality left CUB in 3.0 (replaced
 * by cuda::std::plus<>, cuda::maximum<>, ...); they are kept here so that
 * programs written for CUB 1.x and 2.x still build, with the meaning they
 * had there.
 */
#ifndef SIMT_CUB_THREAD_OPERATORS_CUH
#define SIMT_CUB_THREAD_OPERATORS_CUH
#pragma GCC system_header

#include <utility>
#include "../util_type.cuh"

CUB_NAMESPACE_BEGIN

struct Equality {
    template <typename T, typename U> bool operator()(T &&t, U &&u) const
    {
        return static_cast<T &&>(t) == static_cast<U &&>(u);
    }
};
struct Inequality {
    template <typename T, typename U> bool operator()(T &&t, U &&u) const
    {
        return static_cast<T &&>(t) != static_cast<U &&>(u);
    }
};
template <typename EqualityOp> struct InequalityWrapper {
    EqualityOp op;
    InequalityWrapper(EqualityOp op) : op(op) {}
    template <typename T, typename U> bool operator()(T &&t, U &&u)
    {
        return !op(static_cast<T &&>(t), static_cast<U &&>(u));
    }
};
struct Sum {
    template <typename T, typename U> auto operator()(T &&t, U &&u) const -> decltype(t + u)
    {
        return static_cast<T &&>(t) + static_cast<U &&>(u);
    }
};
struct Difference {
    template <typename T, typename U> auto operator()(T &&t, U &&u) const -> decltype(t - u)
    {
        return static_cast<T &&>(t) - static_cast<U &&>(u);
    }
};
struct Division {
    template <typename T, typename U> auto operator()(T &&t, U &&u) const -> decltype(t / u)
    {
        return static_cast<T &&>(t) / static_cast<U &&>(u);
    }
};
/* CUB 2's Max and Min (CUB_MAX, CUB_MIN): the common type; the second
 * operand when it is larger (smaller), else the first. */
struct Max {
    template <typename T, typename U> typename ::std::common_type<T, U>::type operator()(T &&t, U &&u) const
    {
        return ((u) > (t)) ? u : t;
    }
};
struct Min {
    template <typename T, typename U> typename ::std::common_type<T, U>::type operator()(T &&t, U &&u) const
    {
        return ((u) < (t)) ? u : t;
    }
};

struct ArgMax {
    template <typename T, typename OffsetT>
    KeyValuePair<OffsetT, T> operator()(const KeyValuePair<OffsetT, T> &a,
                                        const KeyValuePair<OffsetT, T> &b) const
    {
        if ((b.value > a.value) || ((a.value == b.value) && (b.key < a.key)))
            return b;
        return a;
    }
};
struct ArgMin {
    template <typename T, typename OffsetT>
    KeyValuePair<OffsetT, T> operator()(const KeyValuePair<OffsetT, T> &a,
                                        const KeyValuePair<OffsetT, T> &b) const
    {
        if ((b.value < a.value) || ((a.value == b.value) && (b.key < a.key)))
            return b;
        return a;
    }
};

template <typename B> struct CastOp {
    template <typename A> B operator()(A &&a) const { return (B)a; }
};

/* Swaps the operands of a non-commutative scan operator. */
template <typename ScanOp> class SwizzleScanOp {
    ScanOp scan_op;

public:
    SwizzleScanOp(ScanOp scan_op) : scan_op(scan_op) {}
    template <typename T> T operator()(const T &a, const T &b)
    {
        T _a(a);
        T _b(b);
        return scan_op(_b, _a);
    }
};

/* Reduces (offset, value) pairs of a segmented scan: b's value restarts
 * the running value when b begins a segment (b.key != 0). */
template <typename ReductionOpT> struct ReduceBySegmentOp {
    ReductionOpT op;
    ReduceBySegmentOp() {}
    ReduceBySegmentOp(ReductionOpT op) : op(op) {}
    template <typename KeyValuePairT>
    KeyValuePairT operator()(const KeyValuePairT &first, const KeyValuePairT &second)
    {
        KeyValuePairT retval;
        retval.key = first.key + second.key;
        retval.value = (second.key) ? second.value : op(first.value, second.value);
        return retval;
    }
};

template <typename ReductionOpT> struct ReduceByKeyOp {
    ReductionOpT op;
    ReduceByKeyOp() {}
    ReduceByKeyOp(ReductionOpT op) : op(op) {}
    template <typename KeyValuePairT>
    KeyValuePairT operator()(const KeyValuePairT &first, const KeyValuePairT &second)
    {
        KeyValuePairT retval = second;
        if (first.key == second.key)
            retval.value = op(first.value, retval.value);
        return retval;
    }
};

template <typename BinaryOpT> struct BinaryFlip {
    BinaryOpT binary_op;
    BinaryFlip(BinaryOpT binary_op) : binary_op(binary_op) {}
    template <typename T, typename U>
    auto operator()(T &&t, U &&u) -> decltype(binary_op(static_cast<U &&>(u), static_cast<T &&>(t)))
    {
        return binary_op(static_cast<U &&>(u), static_cast<T &&>(t));
    }
};
template <typename BinaryOpT> BinaryFlip<BinaryOpT> MakeBinaryFlip(BinaryOpT binary_op)
{
    return BinaryFlip<BinaryOpT>(binary_op);
}

CUB_NAMESPACE_END

#endif
