// __activemask() in divergent code returns the lanes that took the branch
// together; the CUDA guide's warp-aggregated atomic builds on it.
#include <cstdio>

__device__ int atomicAggInc(int *ctr)
{
    unsigned int active = __activemask();
    int leader = __ffs(active) - 1;
    int change = __popc(active);
    int lane_mask_lt = (1 << (threadIdx.x % 32)) - 1;
    unsigned int rank = __popc(active & lane_mask_lt);
    int warp_res = 0;
    if (rank == 0)
        warp_res = atomicAdd(ctr, change);
    warp_res = __shfl_sync(active, warp_res, leader);
    return warp_res + rank;
}

__global__ void branches(unsigned *masks, int *ctr, int *slots)
{
    int lane = threadIdx.x % 32;
    masks[threadIdx.x * 4] = __activemask();
    if (lane % 3 == 0)
        masks[threadIdx.x * 4 + 1] = __activemask();
    else
        masks[threadIdx.x * 4 + 1] = __activemask() | 0x80000000u * 0;
    if (lane < 10) {
        masks[threadIdx.x * 4 + 2] = __activemask();
    }
    if (threadIdx.x % 2) {
        int slot = atomicAggInc(ctr);
        slots[threadIdx.x] = slot;
        masks[threadIdx.x * 4 + 3] = __activemask();
    } else {
        slots[threadIdx.x] = -1;
    }
}

__global__ void partial(unsigned *masks)
{
    if (threadIdx.x >= 20)
        return;
    masks[threadIdx.x] = __activemask();
}

int main()
{
    unsigned *m, hm[64 * 4];
    int *ctr, *slots, hs[64], hc;
    cudaMalloc(&m, sizeof hm);
    cudaMalloc(&ctr, sizeof(int));
    cudaMalloc(&slots, sizeof hs);
    cudaMemset(m, 0, sizeof hm);
    cudaMemset(ctr, 0, sizeof(int));
    branches<<<1, 64>>>(m, ctr, slots);
    cudaMemcpy(hm, m, sizeof hm, cudaMemcpyDeviceToHost);
    cudaMemcpy(hs, slots, sizeof hs, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hc, ctr, sizeof hc, cudaMemcpyDeviceToHost);
    for (int t = 0; t < 64; t += 3)
        printf("thread %2d: %08x %08x %08x %08x\n", t, hm[t * 4], hm[t * 4 + 1], hm[t * 4 + 2],
               hm[t * 4 + 3]);
    int used[64] = {0}, dup = 0;
    for (int t = 1; t < 64; t += 2)
        if (hs[t] >= 0 && hs[t] < 64 && used[hs[t]]++)
            dup++;
    printf("counter %d, duplicate slots %d\n", hc, dup);
    unsigned hp[32];
    cudaMemset(m, 0, sizeof hp);
    partial<<<1, 32>>>(m);
    cudaMemcpy(hp, m, sizeof hp, cudaMemcpyDeviceToHost);
    printf("partial: %08x %08x\n", hp[0], hp[19]);
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
