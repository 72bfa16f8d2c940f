/*
 * thrust/device_vector.h (simt): Thrust 1.17's device_vector with the
 * constructors and assignment from a std::initializer_list that Thrust 2
 * added (`thrust::device_vector<int> v = {1, 2, 3};`, used throughout
 * CCCL's examples).
 *
 * Debian's class is included under another name and device_vector derives
 * from it, inheriting its constructors; copy and move are declared again,
 * as inheriting does not bring them.
 */
#ifndef SIMT_THRUST_DEVICE_VECTOR_H
#define SIMT_THRUST_DEVICE_VECTOR_H

#include <thrust/detail/config.h>
#include <thrust/detail/vector_base.h>
#include <thrust/device_allocator.h>

#include <initializer_list>
#include <utility>
#include <vector>

#define device_vector simt__device_vector_1_17
#include_next <thrust/device_vector.h>
#undef device_vector

THRUST_NAMESPACE_BEGIN
template <typename T, typename Alloc = thrust::device_allocator<T>>
class device_vector : public simt__device_vector_1_17<T, Alloc>
{
    typedef simt__device_vector_1_17<T, Alloc> Parent;

public:
    using Parent::Parent;
    using Parent::operator=;

    device_vector() : Parent() {}
    device_vector(const device_vector &v) : Parent(v) {}
    device_vector(device_vector &&v) : Parent(std::move(v)) {}
    device_vector(std::initializer_list<T> il) : Parent(il.begin(), il.end()) {}
    device_vector(std::initializer_list<T> il, const Alloc &alloc) : Parent(il.begin(), il.end(), alloc) {}

    device_vector &operator=(const device_vector &v)
    {
        Parent::operator=(v);
        return *this;
    }
    device_vector &operator=(device_vector &&v)
    {
        Parent::operator=(std::move(v));
        return *this;
    }
    device_vector &operator=(std::initializer_list<T> il)
    {
        this->assign(il.begin(), il.end());
        return *this;
    }
};

/* Thrust's swap (a.swap(b)), which ADL must find before std::swap:
 * 1.17's takes the renamed class, a worse match. */
template <typename T, typename Alloc> void swap(device_vector<T, Alloc> &a, device_vector<T, Alloc> &b) { a.swap(b); }
THRUST_NAMESPACE_END

#endif
