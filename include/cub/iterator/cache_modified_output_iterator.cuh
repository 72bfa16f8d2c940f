/*
 * cub/iterator/cache_modified_output_iterator.cuh: writes a pointer
 * through ThreadStore<MODIFIER> (plain stores on a CPU).
 */
#ifndef SIMT_CUB_ITERATOR_CACHE_MODIFIED_OUTPUT_ITERATOR_CUH
#define SIMT_CUB_ITERATOR_CACHE_MODIFIED_OUTPUT_ITERATOR_CUH
#pragma GCC system_header

#include "../thread/thread_store.cuh"
#include "../detail/simt_iterator.cuh"

CUB_NAMESPACE_BEGIN

template <CacheStoreModifier MODIFIER, typename ValueType, typename OffsetT = ptrdiff_t>
class CacheModifiedOutputIterator
    : public simt_cub::iterator_base<CacheModifiedOutputIterator<MODIFIER, ValueType, OffsetT>, void, OffsetT,
                                     void> {
    struct reference_t {
        ValueType *p;
        ValueType operator=(ValueType val)
        {
            ThreadStore<MODIFIER>(p, val);
            return val;
        }
    };

public:
    typedef CacheModifiedOutputIterator self_type;
    typedef void value_type;
    typedef reference_t reference;

    ValueType *ptr;

    template <typename QualifiedValueType>
    CacheModifiedOutputIterator(QualifiedValueType *ptr)
        : ptr(const_cast<typename ::std::remove_cv<QualifiedValueType>::type *>(ptr))
    {
    }
    reference_t operator*() const { return reference_t{ptr + this->pos}; }
    template <typename D> reference_t operator[](D n) const { return reference_t{ptr + this->pos + n}; }
    bool same(const CacheModifiedOutputIterator &o) const { return ptr == o.ptr; }
};

CUB_NAMESPACE_END

#endif
