// thread_block_tile<N> for every N from 1 to 1024: ranks, meta groups,
// shuffles of several types, votes, matches and sync, with the parent in
// the type, in the handle (thread_block_tile<N>) and a tile of a tile.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

#define K 20

struct S24 {
    int a;
    double b;
    short c;
};
struct P8 {
    short a, b;
    int c;
};

__device__ unsigned mix(unsigned x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

template <unsigned S, class Tile>
__device__ void warp_ops(const Tile &t, unsigned tid, unsigned *o)
{
    unsigned r = t.thread_rank();
    int v = (int)mix(tid);
    o[5] = t.shfl(v, (r * 7 + 3) % S);
    double d = tid * 0.5 + 0.25;
    o[6] = (unsigned)(t.shfl_down(d, 5 % S) * 4);
    o[7] = t.shfl_up(v, 3 % S);
    o[8] = t.shfl_down(v, 1);
    o[9] = t.shfl_xor(v, 6 % S);
    S24 s = {(int)tid, tid * 0.25, (short)(tid * 3)};
    S24 x = t.shfl_xor(s, (S - 1) & 5);
    o[10] = x.a * 3 + (unsigned)(x.b * 8) + x.c;
    o[11] = t.any(mix(tid) % 7 == 0);
    o[12] = t.all(r != 5);
    o[13] = t.ballot(mix(tid) % 3 == 0);
    o[14] = t.match_any((tid / 3) % 4);
    int pred = 0;
    unsigned m = t.match_all((blockIdx.x == 1 && r == 0) ? 1 : 0, pred);
    o[15] = m ^ (pred << 31);
    o[16] = t.shfl((mix(tid) >> 8) * 0.125f, 0) * 8;
}

template <unsigned S, class Tile>
__device__ void wide_ops(const Tile &t, unsigned tid, unsigned *o)
{
    int v = (int)mix(tid);
    o[5] = t.shfl(v, (S / 2 + 3) % S);
    double d = tid * 0.5 + 0.25;
    o[6] = (unsigned)(t.shfl(d, S - 1) * 4);
    P8 p = {(short)tid, (short)(tid * 2), (int)(tid * 5)};
    P8 q = t.shfl(p, 7);
    o[10] = q.a + q.b * 3 + q.c * 7;
    o[11] = t.any(mix(tid) % 97 == 0);
    o[12] = t.all(t.thread_rank() != 40);
    o[16] = t.shfl((mix(tid) >> 8) * 0.125f, 0) * 8;
}

template <unsigned S>
__global__ void tiles(unsigned *out)
{
    __shared__ unsigned sh[1024];
    cg::thread_block b = cg::this_thread_block();
    cg::thread_block_tile<S, cg::thread_block> t = cg::tiled_partition<S>(b);
    unsigned tid = blockIdx.x * blockDim.x + b.thread_rank();
    unsigned *o = out + tid * K;
    o[0] = t.thread_rank();
    o[1] = t.num_threads();
    o[2] = t.size();
    o[3] = t.meta_group_rank();
    o[4] = t.meta_group_size();
    if constexpr (S <= 32)
        warp_ops<S>(t, tid, o);
    else
        wide_ops<S>(t, tid, o);
    sh[b.thread_rank()] = mix(tid);
    t.sync();
    unsigned first = b.thread_rank() - t.thread_rank();
    o[17] = sh[first + (t.thread_rank() + 1) % S];
    t.sync();
    cg::thread_block_tile<S> h = cg::tiled_partition<S>(b);
    o[18] = h.meta_group_rank() * 10000 + h.meta_group_size() * 10 + h.thread_rank() % 10;
    if constexpr (S > 1) {
        auto sub = cg::tiled_partition<S / 2>(t);
        cg::thread_block_tile<S / 2> subv = sub;
        o[19] = sub.meta_group_rank() * 1000 + sub.meta_group_size() * 100 + subv.meta_group_rank() * 10 +
                subv.meta_group_size() + (sub.thread_rank() << 20);
    } else {
        o[19] = 7;
    }
}

template <unsigned S>
void run(unsigned *d, unsigned *h)
{
    const int n = 2 * 1024;
    cudaMemset(d, 0, n * K * sizeof(unsigned));
    tiles<S><<<2, 1024>>>(d);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, d, n * K * sizeof(unsigned), cudaMemcpyDeviceToHost);
    printf("tile %u: %s\n", S, cudaGetErrorName(e));
    printf("  sums:");
    for (int c = 0; c < K; c++) {
        unsigned s = 0;
        for (int i = 0; i < n; i++)
            s = s * 31u + h[i * K + c];
        printf(" %08x", s);
    }
    printf("\n");
    const int show[] = {0, 5, 37, 1023, 1024 + 600};
    for (int i : show) {
        printf("  thread %4d:", i);
        for (int c = 0; c < K; c++)
            printf(" %u", h[i * K + c]);
        printf("\n");
    }
}

int main()
{
    unsigned *d, *h = new unsigned[2 * 1024 * K];
    cudaMalloc(&d, 2 * 1024 * K * sizeof(unsigned));
    run<1>(d, h);
    run<2>(d, h);
    run<4>(d, h);
    run<8>(d, h);
    run<16>(d, h);
    run<32>(d, h);
    run<64>(d, h);
    run<128>(d, h);
    run<256>(d, h);
    run<512>(d, h);
    run<1024>(d, h);
    cudaFree(d);
    delete[] h;
    return 0;
}
