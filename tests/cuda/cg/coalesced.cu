// coalesced_group: coalesced_threads() in divergent code (the CUDA guide's
// lanes 2, 4 and 8; odd lanes; a whole warp), every member, and the
// dynamic tiled_partition of blocks, coalesced groups and thread_groups.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

#define K 24

struct S24 {
    int a;
    double b;
    short c;
};

__device__ void members(const cg::coalesced_group &g, unsigned *o, unsigned tid)
{
    int v = (int)(tid * 2654435761u >> 7);
    o[0] = g.num_threads() * 100 + g.size();
    o[1] = g.thread_rank();
    o[2] = g.meta_group_rank() * 100 + g.meta_group_size();
    o[3] = g.shfl(v, 0);
    o[4] = g.shfl(v, g.size() - 1);
    o[5] = g.shfl(v, (g.thread_rank() + 1) % g.size());
    o[6] = g.shfl_up(v, 1);
    o[7] = g.shfl_up(v, 2);
    o[8] = g.shfl_down(v, 1);
    o[9] = g.shfl_down(v, 3);
    o[10] = g.any(v % 5 == 0);
    o[11] = g.all(v % 2 == 0);
    o[12] = g.ballot(v % 3 == 0);
    o[13] = g.match_any(v % 4);
    int pred = 0;
    o[14] = g.match_all(tid < 1000 ? 9 : (int)tid, pred) + pred * 1000000;
    double d = g.shfl_down(tid * 0.75, 2);
    o[15] = (unsigned)(d * 4);
    S24 s = {(int)tid, tid * 0.5, (short)-tid};
    S24 x = g.shfl_up(s, 1);
    o[16] = x.a + (unsigned)(x.b * 2) * 3 + x.c * 5;
    g.sync();
    cg::sync(g);
}

__global__ void coalesced(unsigned *out)
{
    unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned lane = threadIdx.x % 32;
    unsigned *o = out + tid * 4 * K;
    if (lane == 2 || lane == 4 || lane == 8) {
        cg::coalesced_group active = cg::coalesced_threads();
        members(active, o, tid);
        active.sync();
    }
    if (lane % 2) {
        cg::coalesced_group odd = cg::coalesced_threads();
        members(odd, o + K, tid);
        // tiles of a scattered group: consecutive ranks
        cg::coalesced_group t4 = cg::tiled_partition(odd, 4);
        o[K + 17] = t4.size() * 10000 + t4.thread_rank() * 100 + t4.meta_group_rank() * 10 +
                    t4.meta_group_size();
        o[K + 18] = t4.shfl((int)tid, 3 % t4.size());
        cg::coalesced_group t16 = cg::tiled_partition(odd, 16);
        o[K + 19] = t16.size() * 100 + t16.thread_rank();
    }
    __syncwarp();
    cg::coalesced_group all = cg::coalesced_threads();
    members(all, o + 2 * K, tid);
    if (lane < 10) {
        cg::coalesced_group few = cg::coalesced_threads();
        cg::coalesced_group t4 = cg::tiled_partition(few, 4);
        o[3 * K + 0] = few.size() * 100 + few.thread_rank();
        o[3 * K + 1] = t4.size() * 10000 + t4.thread_rank() * 100 + t4.meta_group_rank() * 10 +
                       t4.meta_group_size();
        o[3 * K + 2] = t4.ballot(tid % 2);
        t4.sync();
    }
    __syncwarp();
    // dynamic tiles of the block, and tiles of those through thread_group
    cg::thread_block b = cg::this_thread_block();
    cg::thread_group d8 = cg::tiled_partition(b, 8);
    cg::thread_group d2 = cg::tiled_partition(d8, 2);
    cg::thread_group g32 = cg::tiled_partition(b, 32);
    o[3 * K + 3] = (unsigned)d8.size() * 100 + (unsigned)d8.thread_rank();
    o[3 * K + 4] = (unsigned)d2.size() * 100 + (unsigned)d2.thread_rank();
    o[3 * K + 5] = (unsigned)g32.size() * 100 + (unsigned)g32.thread_rank();
    d8.sync();

    cg::sync(g32);
}

// A block whose last warp is partial: the dynamic tiles at its end are
// shorter.
__global__ void partial(unsigned *out)
{
    cg::thread_block b = cg::this_thread_block();
    cg::thread_group t16 = cg::tiled_partition(b, 16);
    cg::thread_group t32 = cg::tiled_partition(b, 32);
    out[threadIdx.x] = (unsigned)t16.size() * 1000000 + (unsigned)t16.thread_rank() * 10000 +
                       (unsigned)t32.size() * 100 + (unsigned)t32.thread_rank();
    t16.sync();
}

int main()
{
    const int n = 2 * 64;
    unsigned *d, *h = new unsigned[n * 4 * K];
    cudaMalloc(&d, n * 4 * K * sizeof(unsigned));
    cudaMemset(d, 0, n * 4 * K * sizeof(unsigned));
    coalesced<<<2, 64>>>(d);
    printf("coalesced: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, d, n * 4 * K * sizeof(unsigned), cudaMemcpyDeviceToHost);
    const char *names[] = {"lanes 2,4,8", "odd lanes", "whole warp", "tiles"};
    for (int part = 0; part < 4; part++) {
        unsigned sum[K] = {0};
        for (int t = 0; t < n; t++)
            for (int c = 0; c < K; c++)
                sum[c] = sum[c] * 31u + h[(t * 4 + part) * K + c];
        printf("%s sums:", names[part]);
        for (int c = 0; c < K; c++)
            printf(" %x", sum[c]);
        printf("\n");
        const int show[] = {2, 4, 8, 9, 33, 63, 64 + 17};
        for (int t : show) {
            printf("%s thread %d:", names[part], t);
            for (int c = 0; c < 20; c++)
                printf(" %d", (int)h[(t * 4 + part) * K + c]);
            printf("\n");
        }
    }
    unsigned hp[40];
    partial<<<1, 40>>>(d);
    printf("partial: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(hp, d, sizeof hp, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 40; i++)
        printf("%u%c", hp[i], i % 8 == 7 ? '\n' : ' ');
    return 0;
}
