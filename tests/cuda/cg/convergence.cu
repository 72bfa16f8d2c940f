// Convergence of a warp's lanes around collectives: coalesced_threads()
// after a branch whose body holds a collective (the lanes meet again after
// the branch), if/else bodies that each take their own group, collectives
// of many disjoint small groups in one warp (tiles of 2, labeled
// partitions with up to 7 labels).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
namespace cg = cooperative_groups;

__global__ void after_branch(unsigned *out)
{
    unsigned lane = threadIdx.x % 32;
    int x = 0;
    if (lane % 2) {
        cg::coalesced_group odd = cg::coalesced_threads();
        x = odd.shfl((int)lane, 1);
    }
    cg::coalesced_group all = cg::coalesced_threads();
    out[threadIdx.x] = all.size() * 1000 + x;
}

__global__ void if_else(unsigned *out)
{
    unsigned lane = threadIdx.x % 32;
    unsigned v;
    if (lane < 12) {
        cg::coalesced_group g = cg::coalesced_threads();
        v = g.size() * 100 + g.shfl(lane, g.size() - 1);
    } else {
        cg::coalesced_group g = cg::coalesced_threads();
        v = g.size() * 100 + g.shfl(lane, 0) + 1000;
    }
    out[threadIdx.x] = v;
}

__global__ void small_groups(unsigned *out)
{
    auto b = cg::this_thread_block();
    auto t2 = cg::tiled_partition<2>(b);
    unsigned v = b.thread_rank();
    for (int i = 0; i < 4; i++) {
        v += t2.shfl_xor(v, 1);
        t2.sync();
    }
    if (b.thread_rank() % 8 < 5) {
        auto g = cg::coalesced_threads();
        auto parts = cg::labeled_partition(g, b.thread_rank() % 7);
        v += parts.shfl(v, 0) + parts.size();
    }
    auto t4 = cg::tiled_partition<4>(b);
    v += cg::reduce(t4, v, cg::plus<unsigned>());
    auto lp = cg::labeled_partition(t4, (int)(v % 3));
    v = v * 7 + lp.num_threads() + lp.thread_rank();
    out[b.thread_rank()] = v;
}

static void show(const char *name, const unsigned *d, int n)
{
    unsigned h[128];
    cudaMemcpy(h, d, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
    unsigned sum = 0;
    for (int i = 0; i < n; i++)
        sum = sum * 31 + h[i];
    printf("%s: sum %u:", name, sum);
    for (int i = 0; i < n; i += 5)
        printf(" %u", h[i]);
    printf("\n");
}

int main()
{
    unsigned *u;
    cudaMalloc(&u, 128 * sizeof(unsigned));
    cudaMemset(u, 0, 128 * sizeof(unsigned));
    after_branch<<<1, 64>>>(u);
    printf("after_branch: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    show("after_branch", u, 64);
    if_else<<<1, 64>>>(u);
    printf("if_else: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    show("if_else", u, 64);
    small_groups<<<1, 128>>>(u);
    printf("small_groups: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    show("small_groups", u, 128);
    cudaFree(u);
    return 0;
}
