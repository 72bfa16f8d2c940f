/*
 * cub/grid/grid_queue.cuh: cub::GridQueue, a work queue of two counters in
 * device memory (items filled, items drained) that blocks advance with
 * atomicAdd.  The host's calls reset or read the counters with copies on
 * the given stream, device code's directly (CUB's two views).
 */
#ifndef SIMT_CUB_GRID_GRID_QUEUE_CUH
#define SIMT_CUB_GRID_GRID_QUEUE_CUH
#pragma GCC system_header

#include <cuda_runtime.h>
#include "../util_type.cuh"

CUB_NAMESPACE_BEGIN

template <typename OffsetT>
class GridQueue {
    enum { FILL = 0, DRAIN = 1 };
    OffsetT *d_counters;

public:
    __host__ __device__ static size_t AllocationSize() { return sizeof(OffsetT) * 2; }

    __host__ __device__ GridQueue() : d_counters(nullptr) {}

    /* d_storage: AllocationSize() bytes of device memory. */
    __host__ __device__ GridQueue(void *d_storage) : d_counters((OffsetT *)d_storage) {}

    __host__ __device__ cudaError_t FillAndResetDrain(OffsetT fill_size, cudaStream_t stream = 0)
    {
#ifdef __CUDA_ARCH__
        (void)stream;
        d_counters[FILL] = fill_size;
        d_counters[DRAIN] = 0;
        return cudaSuccess;
#else
        OffsetT counters[2] = {fill_size, 0};
        return cudaMemcpyAsync(d_counters, counters, sizeof counters, cudaMemcpyHostToDevice, stream);
#endif
    }

    __host__ __device__ cudaError_t ResetDrain(cudaStream_t stream = 0)
    {
#ifdef __CUDA_ARCH__
        (void)stream;
        d_counters[DRAIN] = 0;
        return cudaSuccess;
#else
        return cudaMemsetAsync(d_counters + DRAIN, 0, sizeof(OffsetT), stream);
#endif
    }

    __host__ __device__ cudaError_t ResetFill(cudaStream_t stream = 0)
    {
#ifdef __CUDA_ARCH__
        (void)stream;
        d_counters[FILL] = 0;
        return cudaSuccess;
#else
        return cudaMemsetAsync(d_counters + FILL, 0, sizeof(OffsetT), stream);
#endif
    }

    __host__ __device__ cudaError_t FillSize(OffsetT &fill_size, cudaStream_t stream = 0)
    {
#ifdef __CUDA_ARCH__
        (void)stream;
        fill_size = d_counters[FILL];
        return cudaSuccess;
#else
        return cudaMemcpyAsync(&fill_size, d_counters + FILL, sizeof(OffsetT), cudaMemcpyDeviceToHost, stream);
#endif
    }

    /* The drain count before this call's num_items were taken. */
    __device__ OffsetT Drain(OffsetT num_items) { return atomicAdd(d_counters + DRAIN, num_items); }

    /* The fill count before this call's num_items were added. */
    __device__ OffsetT Fill(OffsetT num_items) { return atomicAdd(d_counters + FILL, num_items); }
};

template <typename OffsetT>
__global__ void FillAndResetDrainKernel(GridQueue<OffsetT> grid_queue, OffsetT num_items)
{
    grid_queue.FillAndResetDrain(num_items);
}

CUB_NAMESPACE_END

#endif
