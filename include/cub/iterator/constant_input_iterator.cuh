/*
 * cub/iterator/constant_input_iterator.cuh: one value at every position
 * (CUB 2's; CUB 3 points to thrust::constant_iterator instead).
 */
#ifndef SIMT_CUB_ITERATOR_CONSTANT_INPUT_ITERATOR_CUH
#define SIMT_CUB_ITERATOR_CONSTANT_INPUT_ITERATOR_CUH
#pragma GCC system_header

#include "../config.cuh"
#include "../detail/simt_iterator.cuh"

CUB_NAMESPACE_BEGIN

template <typename ValueType, typename OffsetT = ptrdiff_t>
class ConstantInputIterator
    : public simt_cub::iterator_base<ConstantInputIterator<ValueType, OffsetT>, ValueType, OffsetT> {
public:
    typedef ConstantInputIterator self_type;
    ValueType val;
    ConstantInputIterator(ValueType val, OffsetT offset = 0) : val(val) { this->pos = offset; }
    ValueType at(OffsetT) const { return val; }
    bool same(const ConstantInputIterator &o) const { return val == o.val; }
};

CUB_NAMESPACE_END

#endif
