/*
 * cub/util_temporary_storage.cuh: AliasTemporaries, which carves one
 * allocation into 256-byte aligned pieces (or, given no allocation,
 * computes the size it needs).
 */
#ifndef SIMT_CUB_UTIL_TEMPORARY_STORAGE_CUH
#define SIMT_CUB_UTIL_TEMPORARY_STORAGE_CUH
#pragma GCC system_header

#include "detail/simt_core.cuh"

CUB_NAMESPACE_BEGIN

template <int ALLOCATIONS>
inline cudaError_t AliasTemporaries(void *d_temp_storage, size_t &temp_storage_bytes,
                                    void *(&allocations)[ALLOCATIONS],
                                    const size_t (&allocation_sizes)[ALLOCATIONS])
{
    return simt_cub::alias(d_temp_storage, temp_storage_bytes, allocations, allocation_sizes);
}
namespace detail {
using ::cub::AliasTemporaries;
} /* namespace detail */

CUB_NAMESPACE_END

#endif
