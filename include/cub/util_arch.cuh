/*
 * cub/util_arch.cuh: architecture constants.  The emulated device is an
 * sm_90 (docs/ARCHITECTURE.md), with 32-thread warps.
 */
#ifndef SIMT_CUB_UTIL_ARCH_CUH
#define SIMT_CUB_UTIL_ARCH_CUH
#pragma GCC system_header

#include "util_macro.cuh"

#include <cstddef>

#ifndef CUB_PTX_ARCH
#ifdef __CUDA_ARCH__
#define CUB_PTX_ARCH __CUDA_ARCH__
#else
#define CUB_PTX_ARCH 0
#endif
#endif
#define CUB_IS_DEVICE_CODE 1
#define CUB_IS_HOST_CODE 1
#define CUB_INCLUDE_DEVICE_CODE 1
#define CUB_INCLUDE_HOST_CODE 1
#define CUB_MAX_DEVICES 128
#define CUB_PTX_WARP_THREADS 32
#define CUB_PTX_LOG_WARP_THREADS 5
#define CUB_PTX_SMEM_BANKS 32
#define CUB_PTX_LOG_SMEM_BANKS 5
#define CUB_WARP_THREADS(unused) 32
#define CUB_LOG_WARP_THREADS(unused) 5
#define CUB_SMEM_BANKS(unused) 32
#define CUB_LOG_SMEM_BANKS(unused) 5

CUB_NAMESPACE_BEGIN
namespace detail {
constexpr int warp_threads = 32;
constexpr int log2_warp_threads = 5;

/* Static shared memory a block may have (dynamic may be more). */
static constexpr ::std::size_t max_smem_per_block = 48 * 1024;

/* How CUB's agent policies scale a tuning given for 4-byte items to items
 * of sizeof(T) bytes: register-bound agents keep the bytes per thread,
 * memory-bound ones at most double the item count; both cap the threads
 * so that one tile of T fits the block's static shared memory. */
constexpr int scaled_threads(int nominal_threads, int item_bytes, int items)
{
    int fit = (int)(max_smem_per_block / (::std::size_t)(item_bytes * items));
    int rounded = (fit + 31) / 32 * 32;
    return nominal_threads < rounded ? nominal_threads : rounded;
}

template <int Nominal4ByteBlockThreads, int Nominal4ByteItemsPerThread, typename T>
struct RegBoundScaling {
    static constexpr int ITEMS_PER_THREAD =
        Nominal4ByteItemsPerThread * 4 / (sizeof(T) > 4 ? (int)sizeof(T) : 4) > 1
            ? Nominal4ByteItemsPerThread * 4 / (sizeof(T) > 4 ? (int)sizeof(T) : 4)
            : 1;
    static constexpr int BLOCK_THREADS = scaled_threads(Nominal4ByteBlockThreads, (int)sizeof(T), ITEMS_PER_THREAD);
};

template <int Nominal4ByteBlockThreads, int Nominal4ByteItemsPerThread, typename T>
struct MemBoundScaling {
private:
    static constexpr int by_bytes = Nominal4ByteItemsPerThread * 4 / (int)sizeof(T);
    static constexpr int capped = by_bytes < Nominal4ByteItemsPerThread * 2 ? by_bytes : Nominal4ByteItemsPerThread * 2;

public:
    static constexpr int ITEMS_PER_THREAD = capped > 1 ? capped : 1;
    static constexpr int BLOCK_THREADS = scaled_threads(Nominal4ByteBlockThreads, (int)sizeof(T), ITEMS_PER_THREAD);
};
} /* namespace detail */
CUB_NAMESPACE_END

#endif
