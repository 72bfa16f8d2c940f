/*
 * cub/device/dispatch/dispatch_for_each_in_extents.cuh (simt): not in simt's CUB.  The build
 * stops here instead of reaching another CUB's header of this name
 * (Debian's CUB 1.17 in /usr/include), whose pieces do not fit simt's.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_DISPATCH_FOR_EACH_IN_EXTENTS_CUH
#define SIMT_CUB_DEVICE_DISPATCH_DISPATCH_FOR_EACH_IN_EXTENTS_CUH
#error "simt: <cub/device/dispatch/dispatch_for_each_in_extents.cuh> belongs to CUB 3's dispatch layer (cub::Dispatch*, the policies and kernels behind cub::Device*), which simt's CUB does not have: simt's CUB is CUB 3.0's public block, warp, thread, iterator and device API (include/cub/cub.cuh); for CUB's own implementation put a CCCL checkout's headers first: -I CCCL/cub -I CCCL/thrust -I CCCL/libcudacxx/include"
#endif
