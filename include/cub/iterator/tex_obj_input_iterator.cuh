/*
 * cub/iterator/tex_obj_input_iterator.cuh: reads "through a texture
 * object" bound to linear memory.  A texture read of linear memory returns
 * the element, so on a CPU the iterator reads the memory it was bound to.
 */
#ifndef SIMT_CUB_ITERATOR_TEX_OBJ_INPUT_ITERATOR_CUH
#define SIMT_CUB_ITERATOR_TEX_OBJ_INPUT_ITERATOR_CUH
#pragma GCC system_header

#include "../config.cuh"
#include "../detail/simt_iterator.cuh"

CUB_NAMESPACE_BEGIN

template <typename T, typename OffsetT = ptrdiff_t>
class TexObjInputIterator : public simt_cub::iterator_base<TexObjInputIterator<T, OffsetT>, T, OffsetT> {
public:
    typedef TexObjInputIterator self_type;
    const T *ptr = nullptr;
    TexObjInputIterator() {}
    template <typename QualifiedT>
    cudaError_t BindTexture(QualifiedT *ptr, size_t bytes = 0, size_t tex_offset = 0)
    {
        (void)bytes;
        this->ptr = (const T *)ptr;
        this->pos = (OffsetT)tex_offset; /* in items, as CUB counts it */
        return cudaSuccess;
    }
    cudaError_t UnbindTexture() { return cudaSuccess; }
    T at(OffsetT p) const { return ptr[p]; }
    bool same(const TexObjInputIterator &o) const { return ptr == o.ptr; }
};

CUB_NAMESPACE_END

#endif
