/*
 * cub/cub.cuh: simt's CUB, the API of CUB 3.0 (CUDA 13), header-only.
 *
 * Device-wide algorithms run natively in simt's worker pool, as steps
 * enqueued in the caller's stream (detail/simt_core.cuh); block and warp
 * collectives run inside kernels on simt's barriers, shared memory and
 * warp shuffles.  docs/COMPATIBILITY.md ("CUB") lists what is provided
 * and where results may differ from a GPU's.
 */
#ifndef SIMT_CUB_CUB_CUH
#define SIMT_CUB_CUB_CUH
#pragma GCC system_header

#include "config.cuh"

#include "block/block_adjacent_difference.cuh"
#include "block/block_discontinuity.cuh"
#include "block/block_exchange.cuh"
#include "block/block_histogram.cuh"
#include "block/block_load.cuh"
#include "block/block_merge_sort.cuh"
#include "block/block_radix_sort.cuh"
#include "block/block_reduce.cuh"
#include "block/block_scan.cuh"
#include "block/block_shuffle.cuh"
#include "block/block_store.cuh"

#include "device/device_adjacent_difference.cuh"
#include "device/device_copy.cuh"
#include "device/device_for.cuh"
#include "device/device_histogram.cuh"
#include "device/device_memcpy.cuh"
#include "device/device_merge.cuh"
#include "device/device_merge_sort.cuh"
#include "device/device_partition.cuh"
#include "device/device_radix_sort.cuh"
#include "device/device_reduce.cuh"
#include "device/device_run_length_encode.cuh"
#include "device/device_scan.cuh"
#include "device/device_segmented_radix_sort.cuh"
#include "device/device_segmented_reduce.cuh"
#include "device/device_segmented_sort.cuh"
#include "device/device_select.cuh"
#include "device/device_transform.cuh"

#include "grid/grid_even_share.cuh"
#include "grid/grid_mapping.cuh"
#include "grid/grid_queue.cuh"
#include "thread/thread_load.cuh"
#include "thread/thread_operators.cuh"
#include "thread/thread_reduce.cuh"
#include "thread/thread_scan.cuh"
#include "thread/thread_store.cuh"

#include "warp/warp_exchange.cuh"
#include "warp/warp_merge_sort.cuh"
#include "warp/warp_load.cuh"
#include "warp/warp_reduce.cuh"
#include "warp/warp_scan.cuh"
#include "warp/warp_store.cuh"

#include "iterator/arg_index_input_iterator.cuh"
#include "iterator/cache_modified_input_iterator.cuh"
#include "iterator/cache_modified_output_iterator.cuh"
#include "iterator/constant_input_iterator.cuh"
#include "iterator/counting_input_iterator.cuh"
#include "iterator/discard_output_iterator.cuh"
#include "iterator/tex_obj_input_iterator.cuh"
#include "iterator/transform_input_iterator.cuh"

#include "util_allocator.cuh"
#include "util_debug.cuh"
#include "util_device.cuh"
#include "util_math.cuh"
#include "util_ptx.cuh"
#include "util_temporary_storage.cuh"
#include "detail/temporary_storage.cuh"
#include "util_type.cuh"

#endif
