/*
 * cub/iterator/transform_input_iterator.cuh: conversion_op applied to each
 * value of an input iterator (CUB 2's; CUB 3 points to
 * thrust::transform_iterator instead).
 */
#ifndef SIMT_CUB_ITERATOR_TRANSFORM_INPUT_ITERATOR_CUH
#define SIMT_CUB_ITERATOR_TRANSFORM_INPUT_ITERATOR_CUH
#pragma GCC system_header

#include "../config.cuh"
#include "../detail/simt_iterator.cuh"

CUB_NAMESPACE_BEGIN

template <typename ValueType, typename ConversionOp, typename InputIteratorT, typename OffsetT = ptrdiff_t>
class TransformInputIterator
    : public simt_cub::iterator_base<TransformInputIterator<ValueType, ConversionOp, InputIteratorT, OffsetT>,
                                     ValueType, OffsetT> {
public:
    typedef TransformInputIterator self_type;
    mutable ConversionOp conversion_op;
    InputIteratorT input_itr;
    TransformInputIterator(InputIteratorT input_itr, ConversionOp conversion_op)
        : conversion_op(conversion_op), input_itr(input_itr)
    {
    }
    ValueType at(OffsetT p) const { return conversion_op(input_itr[p]); }
    bool same(const TransformInputIterator &o) const { return input_itr == o.input_itr; }
};

CUB_NAMESPACE_END

#endif
