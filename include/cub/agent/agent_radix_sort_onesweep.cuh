/*
 * cub/agent/agent_radix_sort_onesweep.cuh (simt): not in simt's CUB.  The build
 * stops here instead of reaching another CUB's header of this name
 * (Debian's CUB 1.17 in /usr/include), whose pieces do not fit simt's.
 */
#ifndef SIMT_CUB_AGENT_AGENT_RADIX_SORT_ONESWEEP_CUH
#define SIMT_CUB_AGENT_AGENT_RADIX_SORT_ONESWEEP_CUH
#error "simt: <cub/agent/agent_radix_sort_onesweep.cuh> belongs to CUB 3's agents (the tiles of work its device algorithms' kernels run), which simt's CUB does not have: simt's CUB is CUB 3.0's public block, warp, thread, iterator and device API (include/cub/cub.cuh); for CUB's own implementation put a CCCL checkout's headers first: -I CCCL/cub -I CCCL/thrust -I CCCL/libcudacxx/include"
#endif
