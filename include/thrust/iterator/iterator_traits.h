/*
 * thrust/iterator/iterator_traits.h (simt): Thrust 1.17's iterator traits
 * with the short aliases Thrust 3 declares beside them.
 *
 * Thrust 3 code (its unit-test framework's assertions, CCCL-era
 * algorithms) names an iterator's member types through
 * thrust::detail::it_value_t<It> and its siblings instead of spelling out
 * iterator_traits; each is the iterator_traits member of the same name.
 * Thrust 2 added iterator_traversal_t and iterator_system_t, the ::type
 * of iterator_traversal and iterator_system.
 */
#ifndef SIMT_THRUST_ITERATOR_TRAITS_H
#define SIMT_THRUST_ITERATOR_TRAITS_H

#include_next <thrust/iterator/iterator_traits.h>

THRUST_NAMESPACE_BEGIN
template <typename It> using iterator_traversal_t = typename thrust::iterator_traversal<It>::type;
template <typename It> using iterator_system_t = typename thrust::iterator_system<It>::type;

namespace detail
{
template <typename It> using it_value_t = typename thrust::iterator_traits<It>::value_type;
template <typename It> using it_reference_t = typename thrust::iterator_traits<It>::reference;
template <typename It> using it_difference_t = typename thrust::iterator_traits<It>::difference_type;
template <typename It> using it_pointer_t = typename thrust::iterator_traits<It>::pointer;
} // namespace detail
THRUST_NAMESPACE_END

#endif
