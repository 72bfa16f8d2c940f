/*
 * thrust/host_vector.h (simt): Thrust 1.17's host_vector with the
 * constructors and assignment from a std::initializer_list that Thrust 2
 * added (`thrust::host_vector<int> v = {1, 2, 3};`, used throughout
 * CCCL's examples).
 *
 * Debian's class is included under another name and host_vector derives
 * from it, inheriting its constructors; copy and move are declared again,
 * as inheriting does not bring them.
 */
#ifndef SIMT_THRUST_HOST_VECTOR_H
#define SIMT_THRUST_HOST_VECTOR_H

#include <thrust/detail/config.h>
#include <thrust/detail/vector_base.h>
#include <memory>

#include <initializer_list>
#include <utility>
#include <vector>

#define host_vector simt__host_vector_1_17
#include_next <thrust/host_vector.h>
#undef host_vector

THRUST_NAMESPACE_BEGIN
template <typename T, typename Alloc = std::allocator<T>>
class host_vector : public simt__host_vector_1_17<T, Alloc>
{
    typedef simt__host_vector_1_17<T, Alloc> Parent;

public:
    using Parent::Parent;
    using Parent::operator=;

    host_vector() : Parent() {}
    host_vector(const host_vector &v) : Parent(v) {}
    host_vector(host_vector &&v) : Parent(std::move(v)) {}
    host_vector(std::initializer_list<T> il) : Parent(il.begin(), il.end()) {}
    host_vector(std::initializer_list<T> il, const Alloc &alloc) : Parent(il.begin(), il.end(), alloc) {}

    host_vector &operator=(const host_vector &v)
    {
        Parent::operator=(v);
        return *this;
    }
    host_vector &operator=(host_vector &&v)
    {
        Parent::operator=(std::move(v));
        return *this;
    }
    host_vector &operator=(std::initializer_list<T> il)
    {
        this->assign(il.begin(), il.end());
        return *this;
    }
};

/* Thrust's swap (a.swap(b)), which ADL must find before std::swap:
 * 1.17's takes the renamed class, a worse match. */
template <typename T, typename Alloc> void swap(host_vector<T, Alloc> &a, host_vector<T, Alloc> &b) { a.swap(b); }
THRUST_NAMESPACE_END

#endif
