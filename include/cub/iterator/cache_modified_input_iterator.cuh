/*
 * cub/iterator/cache_modified_input_iterator.cuh: reads a pointer through
 * ThreadLoad<MODIFIER> (plain loads on a CPU).
 */
#ifndef SIMT_CUB_ITERATOR_CACHE_MODIFIED_INPUT_ITERATOR_CUH
#define SIMT_CUB_ITERATOR_CACHE_MODIFIED_INPUT_ITERATOR_CUH
#pragma GCC system_header

#include <type_traits>
#include "../thread/thread_load.cuh"
#include "../detail/simt_iterator.cuh"

CUB_NAMESPACE_BEGIN

template <CacheLoadModifier MODIFIER, typename ValueType, typename OffsetT = ptrdiff_t>
class CacheModifiedInputIterator
    : public simt_cub::iterator_base<CacheModifiedInputIterator<MODIFIER, ValueType, OffsetT>, ValueType,
                                     OffsetT> {
public:
    typedef CacheModifiedInputIterator self_type;
    typedef ValueType value_type;

    ValueType *ptr;

    template <typename QualifiedValueType>
    CacheModifiedInputIterator(QualifiedValueType *ptr)
        : ptr(const_cast<typename ::std::remove_cv<QualifiedValueType>::type *>(ptr))
    {
    }
    ValueType at(OffsetT p) const { return ThreadLoad<MODIFIER>(ptr + p); }
    bool same(const CacheModifiedInputIterator &o) const { return ptr == o.ptr; }
    ValueType *operator->() { return ptr + this->pos; }
};

CUB_NAMESPACE_END

#endif
