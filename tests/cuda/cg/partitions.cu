// binary_partition (the CUDA guide's odd/even example) and
// labeled_partition of tiles and coalesced groups: membership, ranks,
// meta groups and collectives within the parts.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

#define K 32

__device__ unsigned mix(unsigned x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

// The part's size, the caller's rank, its meta group; a value from the
// part's rank 0 and a vote within the part.
__device__ void describe(const cg::coalesced_group &g, unsigned tid, unsigned *o, int c)
{
    unsigned from0 = g.shfl(tid, 0);
    unsigned votes = g.ballot(tid % 3 == 0);
    g.sync();
    o[c] = g.size() * 1000000 + g.thread_rank() * 10000 + g.meta_group_rank() * 100 + g.meta_group_size();
    o[c + 16] = from0 * 100000 + votes;
}

__device__ char tag_a, tag_b;

__global__ void oddEven(const int *inputArr, unsigned *out)
{
    auto block = cg::this_thread_block();
    auto tile32 = cg::tiled_partition<32>(block);
    unsigned tid = blockIdx.x * blockDim.x + block.thread_rank();
    unsigned *o = out + tid * K;
    // inputArr contains random integers
    int elem = inputArr[tid];
    // after this, tile32 is split into 2 groups,
    // a subtile where elem&1 is true and one where it's false
    auto subtile = cg::binary_partition(tile32, (elem & 1));
    describe(subtile, tid, o, 0);
    o[1] = subtile.shfl(elem, subtile.size() - 1);
    // every thread on the same side: one part, meta group (0, 1)
    auto same = cg::binary_partition(tile32, tid < 1000000);
    describe(same, tid, o, 2);
    // a coalesced group split again
    if (tid % 4 != 3) {
        cg::coalesced_group active = cg::coalesced_threads();
        auto half = cg::binary_partition(active, elem % 5 < 2);
        describe(half, tid, o, 3);
    }
    __syncwarp();
    // labels: consecutive runs, scattered values, bools, pointers, 64-bit
    auto runs = cg::labeled_partition(tile32, tile32.thread_rank() / 8);
    describe(runs, tid, o, 4);
    auto mod3 = cg::labeled_partition(tile32, (unsigned)elem % 3);
    describe(mod3, tid, o, 5);
    auto flag = cg::labeled_partition(tile32, (bool)(elem & 2));
    describe(flag, tid, o, 6);
    char *ptr = (elem & 4) ? &tag_a : &tag_b;
    auto byptr = cg::labeled_partition(tile32, ptr);
    describe(byptr, tid, o, 7);
    unsigned long long wide = (elem & 8) ? 0x100000000ull : 0x200000000ull;
    auto by64 = cg::labeled_partition(tile32, wide);
    describe(by64, tid, o, 8);
    auto tile16 = cg::tiled_partition<16>(block);
    auto parts16 = cg::labeled_partition(tile16, elem % 2);
    describe(parts16, tid, o, 9);
    auto bin16 = cg::binary_partition(tile16, tile16.thread_rank() < 5);
    describe(bin16, tid, o, 10);
    cg::coalesced_group all = cg::coalesced_threads();
    auto lab = cg::labeled_partition(all, (int)(tid % 64) / 16);
    describe(lab, tid, o, 11);
    auto lab2 = cg::labeled_partition(lab, (int)((unsigned)elem % 2));
    describe(lab2, tid, o, 12);
}

int main()
{
    const int n = 2 * 128;
    int h_in[n];
    unsigned seed = 12345;
    for (int i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        h_in[i] = (int)(seed >> 8) % 1000;
    }
    int *d_in;
    unsigned *d, *h = new unsigned[n * K];
    cudaMalloc(&d_in, sizeof h_in);
    cudaMalloc(&d, n * K * sizeof(unsigned));
    cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
    cudaMemset(d, 0, n * K * sizeof(unsigned));
    oddEven<<<2, 128>>>(d_in, d);
    printf("partitions: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, d, n * K * sizeof(unsigned), cudaMemcpyDeviceToHost);
    for (int c = 0; c < 13; c++) {
        unsigned s = 0;
        for (int t = 0; t < n; t++)
            s = s * 31u + h[t * K + c];
        printf("column %d sum %08x:", c, s);
        for (int t = 0; t < 40; t += 3)
            printf(" %u", h[t * K + c]);
        printf(" %u %u\n", h[200 * K + c], h[255 * K + c]);
        if (c == 1)
            continue;
        s = 0;
        for (int t = 0; t < n; t++)
            s = s * 31u + h[t * K + c + 16];
        printf("  values %08x: %u %u %u\n", s, h[5 * K + c + 16], h[100 * K + c + 16], h[255 * K + c + 16]);
    }
    return 0;
}
