/*
 * cub/thread/thread_load.cuh: ThreadLoad with a cache modifier.  The
 * modifiers are hints to a GPU's caches; on a CPU every load is an
 * ordinary load, LOAD_VOLATILE (and LOAD_CV, "don't cache") a volatile
 * one.
 */
#ifndef SIMT_CUB_THREAD_LOAD_CUH
#define SIMT_CUB_THREAD_LOAD_CUH
#pragma GCC system_header

#include <iterator>
#include "../config.cuh"

CUB_NAMESPACE_BEGIN

enum CacheLoadModifier { LOAD_DEFAULT, LOAD_CA, LOAD_CG, LOAD_CS, LOAD_CV, LOAD_LDG, LOAD_VOLATILE };

template <CacheLoadModifier MODIFIER, typename T> inline T ThreadLoad(T *ptr)
{
    if (MODIFIER == LOAD_VOLATILE || MODIFIER == LOAD_CV)
        return *const_cast<const volatile T *>(ptr);
    return *ptr;
}
template <CacheLoadModifier MODIFIER, typename T> inline T ThreadLoad(const T *ptr)
{
    return ThreadLoad<MODIFIER>(const_cast<T *>(ptr));
}
template <CacheLoadModifier MODIFIER, typename InputIteratorT>
inline typename ::std::iterator_traits<InputIteratorT>::value_type ThreadLoad(InputIteratorT itr)
{
    return *itr;
}

CUB_NAMESPACE_END

#endif
