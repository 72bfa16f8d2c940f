/*
 * cub/iterator/discard_output_iterator.cuh: an output iterator that drops
 * what is written (CUB 2's; CUB 3 points to thrust::discard_iterator).
 */
#ifndef SIMT_CUB_ITERATOR_DISCARD_OUTPUT_ITERATOR_CUH
#define SIMT_CUB_ITERATOR_DISCARD_OUTPUT_ITERATOR_CUH
#pragma GCC system_header

#include "../config.cuh"
#include "../detail/simt_iterator.cuh"

CUB_NAMESPACE_BEGIN

template <typename OffsetT = ptrdiff_t>
class DiscardOutputIterator
    : public simt_cub::iterator_base<DiscardOutputIterator<OffsetT>, void, OffsetT, void> {
    struct sink {
        template <typename T> const sink &operator=(const T &) const { return *this; }
    };

public:
    typedef DiscardOutputIterator self_type;
    typedef void value_type;
    typedef sink reference;
    DiscardOutputIterator(OffsetT offset = 0) { this->pos = offset; }
    sink operator*() const { return sink(); }
    template <typename D> sink operator[](D) const { return sink(); }
    bool same(const DiscardOutputIterator &) const { return true; }
};

CUB_NAMESPACE_END

#endif
