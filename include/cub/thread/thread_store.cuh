/*
 * cub/thread/thread_store.cuh: ThreadStore with a cache modifier (hints to
 * a GPU's caches: ordinary stores here, STORE_VOLATILE a volatile one).
 */
#ifndef SIMT_CUB_THREAD_STORE_CUH
#define SIMT_CUB_THREAD_STORE_CUH
#pragma GCC system_header

#include "../config.cuh"

CUB_NAMESPACE_BEGIN

enum CacheStoreModifier { STORE_DEFAULT, STORE_WB, STORE_CG, STORE_CS, STORE_WT, STORE_VOLATILE };

template <CacheStoreModifier MODIFIER, typename T> inline void ThreadStore(T *ptr, T val)
{
    if (MODIFIER == STORE_VOLATILE)
        *const_cast<volatile T *>(ptr) = val;
    else
        *ptr = val;
}
template <CacheStoreModifier MODIFIER, typename OutputIteratorT, typename T>
inline void ThreadStore(OutputIteratorT itr, T val)
{
    *itr = val;
}

CUB_NAMESPACE_END

#endif
