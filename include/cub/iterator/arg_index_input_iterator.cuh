/*
 * cub/iterator/arg_index_input_iterator.cuh: pairs each input value with
 * its offset from where the iterator was made (KeyValuePair{offset, value}).
 */
#ifndef SIMT_CUB_ITERATOR_ARG_INDEX_INPUT_ITERATOR_CUH
#define SIMT_CUB_ITERATOR_ARG_INDEX_INPUT_ITERATOR_CUH
#pragma GCC system_header

#include "../util_type.cuh"
#include "../detail/simt_iterator.cuh"

CUB_NAMESPACE_BEGIN

template <typename InputIteratorT, typename OffsetT = ptrdiff_t,
          typename OutputValueT = detail::it_value_t<InputIteratorT>>
class ArgIndexInputIterator
    : public simt_cub::iterator_base<ArgIndexInputIterator<InputIteratorT, OffsetT, OutputValueT>,
                                     KeyValuePair<OffsetT, OutputValueT>, OffsetT> {
public:
    typedef ArgIndexInputIterator self_type;
    typedef KeyValuePair<OffsetT, OutputValueT> value_type;

    InputIteratorT itr;

    ArgIndexInputIterator(InputIteratorT itr, OffsetT offset = 0) : itr(itr) { this->pos = offset; }
    value_type at(OffsetT p) const { return value_type(p, OutputValueT(itr[p])); }
    bool same(const ArgIndexInputIterator &o) const { return itr == o.itr; }
    /* Makes the current position offset 0. */
    void normalize()
    {
        itr += this->pos;
        this->pos = 0;
    }
};

CUB_NAMESPACE_END

#endif
