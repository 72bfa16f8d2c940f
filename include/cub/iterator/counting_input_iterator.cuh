/*
 * cub/iterator/counting_input_iterator.cuh: the sequence val, val+1, ...
 * (CUB 2's; CUB 3 points to thrust::counting_iterator instead).
 */
#ifndef SIMT_CUB_ITERATOR_COUNTING_INPUT_ITERATOR_CUH
#define SIMT_CUB_ITERATOR_COUNTING_INPUT_ITERATOR_CUH
#pragma GCC system_header

#include "../config.cuh"
#include "../detail/simt_iterator.cuh"

CUB_NAMESPACE_BEGIN

template <typename ValueType, typename OffsetT = ptrdiff_t>
class CountingInputIterator
    : public simt_cub::iterator_base<CountingInputIterator<ValueType, OffsetT>, ValueType, OffsetT> {
public:
    typedef CountingInputIterator self_type;
    ValueType val;
    CountingInputIterator(const ValueType &val) : val(val) {}
    ValueType at(OffsetT p) const { return (ValueType)(val + (ValueType)p); }
    bool same(const CountingInputIterator &o) const { return val == o.val; }
    friend ::std::ostream &operator<<(::std::ostream &os, const self_type &itr)
    {
        os << "[" << itr.at(itr.pos) << "]";
        return os;
    }
};

CUB_NAMESPACE_END

#endif
