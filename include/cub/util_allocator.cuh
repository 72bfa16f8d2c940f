/*
 * cub/util_allocator.cuh: cub::CachingDeviceAllocator, CUB's cache of
 * device allocations in geometric bins (bin_growth^min_bin ..
 * bin_growth^max_bin bytes; larger requests are allocated exactly and
 * freed at once).  A freed block is tagged with its stream and an event
 * recorded there: the same stream reuses it at once, another stream only
 * once the event has completed, as in CUB.  Thread-safe (one mutex).
 */
#ifndef SIMT_CUB_UTIL_ALLOCATOR_CUH
#define SIMT_CUB_UTIL_ALLOCATOR_CUH
#pragma GCC system_header

#include <stdio.h>
#include <mutex>
#include <set>
#include "util_debug.cuh"
#include "util_device.cuh"

CUB_NAMESPACE_BEGIN

struct CachingDeviceAllocator {
    static constexpr unsigned int INVALID_BIN = (unsigned int)-1;
    static constexpr size_t INVALID_SIZE = (size_t)-1;
    static constexpr int INVALID_DEVICE_ORDINAL = -1;

    struct BlockDescriptor {
        void *d_ptr;
        size_t bytes;
        unsigned int bin;
        int device;
        cudaStream_t associated_stream;
        cudaEvent_t ready_event;
        BlockDescriptor(void *d_ptr, int device)
            : d_ptr(d_ptr), bytes(0), bin(INVALID_BIN), device(device), associated_stream(0), ready_event(0)
        {
        }
        BlockDescriptor(int device)
            : d_ptr(nullptr), bytes(0), bin(INVALID_BIN), device(device), associated_stream(0), ready_event(0)
        {
        }
        static bool PtrCompare(const BlockDescriptor &a, const BlockDescriptor &b)
        {
            return a.device == b.device ? a.d_ptr < b.d_ptr : a.device < b.device;
        }
        static bool SizeCompare(const BlockDescriptor &a, const BlockDescriptor &b)
        {
            return a.device == b.device ? a.bytes < b.bytes : a.device < b.device;
        }
    };
    typedef bool (*Compare)(const BlockDescriptor &, const BlockDescriptor &);
    typedef std::multiset<BlockDescriptor, Compare> CachedBlocks;
    typedef std::multiset<BlockDescriptor, Compare> BusyBlocks;

    static unsigned int IntPow(unsigned int base, unsigned int exp)
    {
        unsigned int retval = 1;
        while (exp > 0) {
            if (exp & 1)
                retval = retval * base;
            base = base * base;
            exp >>= 1;
        }
        return retval;
    }
    void NearestPowerOf(unsigned int &power, size_t &rounded_bytes, unsigned int base, size_t value)
    {
        power = 0;
        rounded_bytes = 1;
        if (value * base < value) {
            power = sizeof(size_t) * 8;
            rounded_bytes = size_t(0) - 1;
            return;
        }
        while (rounded_bytes < value) {
            rounded_bytes *= base;
            power++;
        }
    }

    std::mutex mutex;
    unsigned int bin_growth;
    unsigned int min_bin;
    unsigned int max_bin;
    size_t min_bin_bytes;
    size_t max_bin_bytes;
    size_t max_cached_bytes;
    const bool skip_cleanup;
    bool debug;
    CachedBlocks cached_blocks;
    BusyBlocks live_blocks;
    size_t cached_bytes_total = 0;

    CachingDeviceAllocator(unsigned int bin_growth, unsigned int min_bin = 1,
                           unsigned int max_bin = INVALID_BIN, size_t max_cached_bytes = INVALID_SIZE,
                           bool skip_cleanup = false, bool debug = false)
        : bin_growth(bin_growth), min_bin(min_bin), max_bin(max_bin),
          min_bin_bytes(IntPow(bin_growth, min_bin)), max_bin_bytes(IntPow(bin_growth, max_bin)),
          max_cached_bytes(max_cached_bytes), skip_cleanup(skip_cleanup), debug(debug),
          cached_blocks(BlockDescriptor::SizeCompare), live_blocks(BlockDescriptor::PtrCompare)
    {
    }
    CachingDeviceAllocator(bool skip_cleanup = false, bool debug = false)
        : bin_growth(8), min_bin(3), max_bin(7), min_bin_bytes(IntPow(bin_growth, min_bin)),
          max_bin_bytes(IntPow(bin_growth, max_bin)), max_cached_bytes((max_bin_bytes * 3) - 1),
          skip_cleanup(skip_cleanup), debug(debug), cached_blocks(BlockDescriptor::SizeCompare),
          live_blocks(BlockDescriptor::PtrCompare)
    {
    }

    cudaError_t SetMaxCachedBytes(size_t max_cached_bytes_)
    {
        std::lock_guard<std::mutex> lock(mutex);
        max_cached_bytes = max_cached_bytes_;
        return cudaSuccess;
    }

    cudaError_t DeviceAllocate(int device, void **d_ptr, size_t bytes, cudaStream_t active_stream = 0)
    {
        *d_ptr = nullptr;
        if (device == INVALID_DEVICE_ORDINAL)
            device = CurrentDevice();
        BlockDescriptor search_key(device);
        search_key.associated_stream = active_stream;
        NearestPowerOf(search_key.bin, search_key.bytes, bin_growth, bytes);
        if (search_key.bin > max_bin) {
            /* too large to cache: exactly the bytes asked for */
            search_key.bin = INVALID_BIN;
            search_key.bytes = bytes;
        } else if (search_key.bin < min_bin) {
            search_key.bin = min_bin;
            search_key.bytes = min_bin_bytes;
        }
        {
            std::lock_guard<std::mutex> lock(mutex);
            if (search_key.bin != INVALID_BIN) {
                auto it = cached_blocks.lower_bound(search_key);
                for (; it != cached_blocks.end() && it->device == device && it->bin == search_key.bin; ++it) {
                    if (it->associated_stream == active_stream ||
                        cudaEventQuery(it->ready_event) != cudaErrorNotReady) {
                        BlockDescriptor found = *it;
                        found.associated_stream = active_stream;
                        cached_bytes_total -= found.bytes;
                        cached_blocks.erase(it);
                        live_blocks.insert(found);
                        *d_ptr = found.d_ptr;
                        return cudaSuccess;
                    }
                }
            }
        }
        cudaError_t error = cudaMalloc(&search_key.d_ptr, search_key.bytes);
        if (error == cudaErrorMemoryAllocation) {
            /* free what is cached and try once more, as CUB does */
            (void)cudaGetLastError();
            FreeAllCached();
            error = cudaMalloc(&search_key.d_ptr, search_key.bytes);
        }
        if (error != cudaSuccess)
            return error;
        error = cudaEventCreateWithFlags(&search_key.ready_event, cudaEventDisableTiming);
        if (error != cudaSuccess) {
            cudaFree(search_key.d_ptr);
            return error;
        }
        std::lock_guard<std::mutex> lock(mutex);
        live_blocks.insert(search_key);
        *d_ptr = search_key.d_ptr;
        return cudaSuccess;
    }
    cudaError_t DeviceAllocate(void **d_ptr, size_t bytes, cudaStream_t active_stream = 0)
    {
        return DeviceAllocate(INVALID_DEVICE_ORDINAL, d_ptr, bytes, active_stream);
    }

    cudaError_t DeviceFree(int device, void *d_ptr)
    {
        if (device == INVALID_DEVICE_ORDINAL)
            device = CurrentDevice();
        BlockDescriptor search_key(d_ptr, device);
        bool recached = false;
        {
            std::lock_guard<std::mutex> lock(mutex);
            auto it = live_blocks.find(search_key);
            if (it == live_blocks.end())
                return cudaErrorInvalidValue;
            search_key = *it;
            live_blocks.erase(it);
            if (search_key.bin != INVALID_BIN && cached_bytes_total + search_key.bytes <= max_cached_bytes) {
                recached = true;
                cached_blocks.insert(search_key);
                cached_bytes_total += search_key.bytes;
            }
        }
        if (recached)
            return cudaEventRecord(search_key.ready_event, search_key.associated_stream);
        cudaError_t error = cudaFree(d_ptr);
        cudaEventDestroy(search_key.ready_event);
        return error;
    }
    cudaError_t DeviceFree(void *d_ptr) { return DeviceFree(INVALID_DEVICE_ORDINAL, d_ptr); }

    cudaError_t FreeAllCached()
    {
        std::lock_guard<std::mutex> lock(mutex);
        cudaError_t error = cudaSuccess;
        for (auto &b : cached_blocks) {
            cudaError_t e = cudaFree(b.d_ptr);
            cudaEventDestroy(b.ready_event);
            if (e != cudaSuccess && error == cudaSuccess)
                error = e;
        }
        cached_blocks.clear();
        cached_bytes_total = 0;
        return error;
    }

    virtual ~CachingDeviceAllocator()
    {
        if (!skip_cleanup)
            FreeAllCached();
    }
};

CUB_NAMESPACE_END

#endif
