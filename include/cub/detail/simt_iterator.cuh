/*
 * cub/detail/simt_iterator.cuh: the arithmetic every CUB iterator shares.
 * An iterator is a position (an offset) over something that produces the
 * value at a position; Derived::at(offset) produces it.
 */
#ifndef SIMT_CUB_DETAIL_SIMT_ITERATOR_CUH
#define SIMT_CUB_DETAIL_SIMT_ITERATOR_CUH
#pragma GCC system_header

#include <stddef.h>
#include <iterator>
#include <ostream>

namespace simt_cub {

template <class Derived, class Value, class Offset, class Reference = Value> struct iterator_base {
    typedef iterator_base self_type;
    typedef Offset difference_type;
    typedef Value value_type;
    typedef Value *pointer;
    typedef Reference reference;
    typedef ::std::random_access_iterator_tag iterator_category;

    Offset pos = 0;

    Derived &self() { return static_cast<Derived &>(*this); }
    const Derived &self() const { return static_cast<const Derived &>(*this); }

    Reference operator*() const { return self().at(pos); }
    template <class D> Reference operator[](D n) const { return self().at(pos + (Offset)n); }
    Derived &operator++()
    {
        ++pos;
        return self();
    }
    Derived operator++(int)
    {
        Derived r = self();
        ++pos;
        return r;
    }
    Derived &operator--()
    {
        --pos;
        return self();
    }
    Derived operator--(int)
    {
        Derived r = self();
        --pos;
        return r;
    }
    template <class D> Derived operator+(D n) const
    {
        Derived r = self();
        r.pos += (Offset)n;
        return r;
    }
    template <class D> Derived &operator+=(D n)
    {
        pos += (Offset)n;
        return self();
    }
    template <class D> Derived operator-(D n) const
    {
        Derived r = self();
        r.pos -= (Offset)n;
        return r;
    }
    template <class D> Derived &operator-=(D n)
    {
        pos -= (Offset)n;
        return self();
    }
    difference_type operator-(const Derived &o) const { return pos - o.pos; }
    bool operator==(const Derived &o) const { return pos == o.pos && self().same(o); }
    bool operator!=(const Derived &o) const { return !(*this == o); }
    bool operator<(const Derived &o) const { return pos < o.pos; }
    friend Derived operator+(Offset n, const Derived &it) { return it + n; }
};

} /* namespace simt_cub */

#endif
