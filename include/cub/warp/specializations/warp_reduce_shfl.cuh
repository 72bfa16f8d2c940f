/*
 * cub/warp/specializations/warp_reduce_shfl.cuh (simt): not in simt's CUB.  The build
 * stops here instead of reaching another CUB's header of this name
 * (Debian's CUB 1.17 in /usr/include), whose pieces do not fit simt's.
 */
#ifndef SIMT_CUB_WARP_SPECIALIZATIONS_WARP_REDUCE_SHFL_CUH
#define SIMT_CUB_WARP_SPECIALIZATIONS_WARP_REDUCE_SHFL_CUH
#error "simt: <cub/warp/specializations/warp_reduce_shfl.cuh> is one of CUB 3's internal variants of a block or warp collective, which simt's CUB does not have: simt's CUB is CUB 3.0's public block, warp, thread, iterator and device API (include/cub/cub.cuh); for CUB's own implementation put a CCCL checkout's headers first: -I CCCL/cub -I CCCL/thrust -I CCCL/libcudacxx/include"
#endif
