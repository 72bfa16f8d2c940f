/*
 * simt/lang/shift.hpp: shifts with the GPU's meaning, for the counts simtcc
 * wraps in kernel bodies ("a << b" becomes "a << ::simt__shc(b)",
 * src/driver/rw_shift.c).
 *
 * A GPU clamps a shift count to the operand's width: shifting left, or
 * right an unsigned value, by the width or more gives 0, shifting a
 * negative signed value right gives -1 (PTX ISA, shl and shr; the count
 * is taken as a 32-bit unsigned value).  Within the width the result is
 * C++'s (a negative value shifted left keeps its bits, as a GPU's does).
 * Other left operands (enumerations, classes) shift as written.
 */
#ifndef SIMT_SHIFT_HPP
#define SIMT_SHIFT_HPP

#include <type_traits>
#include <utility>

template <class C> struct simt__shift {
    C v;
};

template <class C> constexpr simt__shift<C> simt__shc(C c)
{
    return simt__shift<C>{c};
}

template <class T, class C,
          typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
constexpr auto operator<<(T a, simt__shift<C> s) -> decltype(a << 0)
{
    typedef decltype(a << 0) P;
    typedef typename std::make_unsigned<P>::type U;
    return (unsigned)s.v >= sizeof(P) * 8 ? P(0) : P(U(P(a)) << (unsigned)s.v);
}

template <class T, class C,
          typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
constexpr auto operator>>(T a, simt__shift<C> s) -> decltype(a >> 0)
{
    typedef decltype(a >> 0) P;
    /* By the width or more: the sign, for signed values (an arithmetic
     * shift by width - 1 gives it), else 0. */
    return (unsigned)s.v < sizeof(P) * 8 ? P(P(a) >> (unsigned)s.v)
           : std::is_signed<P>::value    ? P(P(a) >> (sizeof(P) * 8 - 1))
                                         : P(0);
}

template <class T, class C,
          typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
constexpr T &operator<<=(T &a, simt__shift<C> s)
{
    return a = T(a << s);
}

template <class T, class C,
          typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
constexpr T &operator>>=(T &a, simt__shift<C> s)
{
    return a = T(a >> s);
}

/* Left operands that are not integers: the shift as written. */
template <class L, class C,
          typename std::enable_if<!std::is_integral<typename std::decay<L>::type>::value,
                                  int>::type = 0>
constexpr auto operator<<(L &&l, simt__shift<C> s) -> decltype(std::forward<L>(l) << s.v)
{
    return std::forward<L>(l) << s.v;
}

template <class L, class C,
          typename std::enable_if<!std::is_integral<typename std::decay<L>::type>::value,
                                  int>::type = 0>
constexpr auto operator>>(L &&l, simt__shift<C> s) -> decltype(std::forward<L>(l) >> s.v)
{
    return std::forward<L>(l) >> s.v;
}

template <class L, class C,
          typename std::enable_if<!std::is_integral<typename std::remove_reference<L>::type>::value,
                                  int>::type = 0>
constexpr auto operator<<=(L &&l, simt__shift<C> s) -> decltype(std::forward<L>(l) <<= s.v)
{
    return std::forward<L>(l) <<= s.v;
}

template <class L, class C,
          typename std::enable_if<!std::is_integral<typename std::remove_reference<L>::type>::value,
                                  int>::type = 0>
constexpr auto operator>>=(L &&l, simt__shift<C> s) -> decltype(std::forward<L>(l) >>= s.v)
{
    return std::forward<L>(l) >>= s.v;
}

#endif /* SIMT_SHIFT_HPP */
