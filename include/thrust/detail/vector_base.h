/*
 * thrust/detail/vector_base.h (simt): Thrust 1.17's vector_base, the class
 * under every Thrust vector, with the constructors and assignment from a
 * std::initializer_list that Thrust 2 added.  Thrust's universal vectors
 * and the systems' vectors are vector_base itself, so only here do they
 * gain them (`thrust::universal_vector<int> v{1, 2, 3};`, throughout
 * Thrust 3's unit tests).
 *
 * Debian's class is included under another name and vector_base derives
 * from it, inheriting its constructors; copy and move are declared again,
 * as inheriting does not bring them.  The headers Debian's vector_base
 * includes are included first, so that the renaming touches only it.
 */
#ifndef SIMT_THRUST_VECTOR_BASE_H
#define SIMT_THRUST_VECTOR_BASE_H

#include <thrust/detail/config.h>
#include <thrust/advance.h>
#include <thrust/detail/contiguous_storage.h>
#include <thrust/detail/copy.h>
#include <thrust/detail/minmax.h>
#include <thrust/detail/overlapped_copy.h>
#include <thrust/detail/temporary_array.h>
#include <thrust/detail/type_traits.h>
#include <thrust/distance.h>
#include <thrust/equal.h>
#include <thrust/iterator/detail/normal_iterator.h>
#include <thrust/iterator/iterator_traits.h>
#include <thrust/iterator/reverse_iterator.h>

#include <initializer_list>
#include <stdexcept>
#include <utility>
#include <vector>

#define vector_base simt__vector_base_1_17
#include_next <thrust/detail/vector_base.h>
#undef vector_base

THRUST_NAMESPACE_BEGIN
namespace detail
{
template <typename T, typename Alloc>
class vector_base : public simt__vector_base_1_17<T, Alloc>
{
    typedef simt__vector_base_1_17<T, Alloc> Parent;

public:
    using Parent::Parent;
    using Parent::operator=;

    vector_base() : Parent() {}
    vector_base(const vector_base &v) : Parent(v) {}
    vector_base(vector_base &&v) : Parent(std::move(v)) {}
    vector_base(std::initializer_list<T> il) : Parent(il.begin(), il.end()) {}
    vector_base(std::initializer_list<T> il, const Alloc &alloc) : Parent(il.begin(), il.end(), alloc) {}

    vector_base &operator=(const vector_base &v)
    {
        Parent::operator=(v);
        return *this;
    }
    vector_base &operator=(vector_base &&v)
    {
        Parent::operator=(std::move(v));
        return *this;
    }
    vector_base &operator=(std::initializer_list<T> il)
    {
        this->assign(il.begin(), il.end());
        return *this;
    }
};

/* Thrust's swap of two vectors (a.swap(b): allocators propagate or must
 * be equal), which ADL must find before std::swap: 1.17's takes the
 * renamed class, a worse match. */
template <typename T, typename Alloc> void swap(vector_base<T, Alloc> &a, vector_base<T, Alloc> &b) { a.swap(b); }
} // namespace detail
THRUST_NAMESPACE_END

#endif
