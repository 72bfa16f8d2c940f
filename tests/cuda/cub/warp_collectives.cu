// warp_collectives.cu: cub::WarpReduce (Sum, Reduce, valid items, head-
// and tail-segmented), cub::WarpScan (every form), logical warps of 32,
// 16 and 4 lanes, cub::WarpLoad, cub::WarpStore and cub::WarpExchange.
// Only results CUB defines are printed (reductions: the first lane of the
// logical warp or segment; exclusive scans without an initial value: not
// lane 0).
#include <cub/cub.cuh>
#include "cub_test.h"

struct MaxOp {
    __host__ __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};

template <int L> __global__ void reduce_kernel(const int *in, int *out)
{
    typedef cub::WarpReduce<int, L> R;
    __shared__ typename R::TempStorage temp[128 / L];
    int w = threadIdx.x / L, lane = threadIdx.x % L;
    int x = in[threadIdx.x];
    int r[8];
    r[0] = R(temp[w]).Sum(x);
    r[1] = R(temp[w]).Reduce(x, MaxOp());
    r[2] = R(temp[w]).Sum(x, L / 2 + 1);
    r[3] = R(temp[w]).Reduce(x, MaxOp(), 3);
    int head = (x % 3) == 0 || lane == 0;
    int tail = (x % 5) == 0 || lane == L - 1;
    r[4] = R(temp[w]).HeadSegmentedSum(x, head);
    r[5] = R(temp[w]).TailSegmentedSum(x, tail);
    r[6] = R(temp[w]).HeadSegmentedReduce(x, head, MaxOp());
    r[7] = R(temp[w]).TailSegmentedReduce(x, tail, MaxOp());
    for (int i = 0; i < 4; i++)
        if (lane == 0)
            out[i * 128 + threadIdx.x] = r[i];
    // the first lane of each segment holds its result
    int first_of_head_segment = head;
    int prev_tail = lane == 0 ? 1 : ((in[threadIdx.x - 1] % 5) == 0);
    for (int i = 4; i < 8; i++) {
        bool defined = (i == 4 || i == 6) ? first_of_head_segment : prev_tail;
        if (defined)
            out[i * 128 + threadIdx.x] = r[i];
    }
}

template <int L> __global__ void scan_kernel(const int *in, int *out)
{
    typedef cub::WarpScan<int, L> S;
    __shared__ typename S::TempStorage temp[128 / L];
    int w = threadIdx.x / L, lane = threadIdx.x % L;
    int x = in[threadIdx.x], y, z, agg;
    int *o = out;
#define PUT(v) o[threadIdx.x] = (v); o += 128;
    S(temp[w]).InclusiveSum(x, y); PUT(y)
    S(temp[w]).InclusiveSum(x, y, agg); PUT(y) PUT(agg)
    S(temp[w]).ExclusiveSum(x, y); PUT(y)
    S(temp[w]).ExclusiveSum(x, y, agg); PUT(y) PUT(agg)
    S(temp[w]).InclusiveScan(x, y, MaxOp()); PUT(y)
    S(temp[w]).InclusiveScan(x, y, MaxOp(), agg); PUT(y) PUT(agg)
    S(temp[w]).InclusiveScan(x, y, 500, MaxOp()); PUT(y)
    S(temp[w]).InclusiveScan(x, y, 100, cuda::std::plus<>(), agg); PUT(y) PUT(agg)
    S(temp[w]).ExclusiveScan(x, y, MaxOp()); PUT(lane ? y : 0)
    S(temp[w]).ExclusiveScan(x, y, MaxOp(), agg); PUT(lane ? y : 0) PUT(agg)
    S(temp[w]).ExclusiveScan(x, y, -1, MaxOp()); PUT(y)
    S(temp[w]).ExclusiveScan(x, y, 10, cuda::std::plus<>(), agg); PUT(y) PUT(agg)
    S(temp[w]).Scan(x, y, z, MaxOp()); PUT(y) PUT(lane ? z : 0)
    S(temp[w]).Scan(x, y, z, 7, cuda::std::plus<>()); PUT(y) PUT(z)
    PUT(S(temp[w]).Broadcast(x, L - 2))
#undef PUT
}

__global__ void load_store(const int *in, int *out)
{
    typedef cub::WarpLoad<int, 4, cub::WARP_LOAD_TRANSPOSE, 16> L;
    typedef cub::WarpLoad<int, 4, cub::WARP_LOAD_STRIPED, 16> LS;
    typedef cub::WarpStore<int, 4, cub::WARP_STORE_STRIPED, 16> S;
    typedef cub::WarpExchange<int, 4, 16> E;
    __shared__ typename L::TempStorage lt[4];
    __shared__ typename LS::TempStorage lst[4];
    __shared__ typename S::TempStorage st[4];
    __shared__ typename E::TempStorage et[4];
    int w = threadIdx.x / 16;
    int items[4];
    L(lt[w]).Load(in + w * 64, items, 50, -3);
    S(st[w]).Store(out + w * 64, items);
    LS(lst[w]).Load(in + w * 64, items);
    E(et[w]).StripedToBlocked(items, items);
    cub::StoreDirectBlocked(threadIdx.x, out + 256, items);
    __syncwarp();
    E(et[w]).BlockedToStriped(items, items);
    cub::StoreDirectBlocked(threadIdx.x, out + 512, items);
}

int main()
{
    std::vector<int> h(256);
    lcg r(29);
    for (auto &x : h)
        x = (int)(r.next() % 100) - 20;
    int *d_in = upload(h), *d_out;
    cudaMalloc(&d_out, 64 * 128 * sizeof(int));
    CK(cudaMemset(d_out, 0, 8 * 128 * sizeof(int)));
    reduce_kernel<32><<<1, 128>>>(d_in, d_out);
    CK(cudaDeviceSynchronize());
    for (int i = 0; i < 8; i++)
        printf("WarpReduce<32> %d: %016llx\n", i, (unsigned long long)digest(d_out + i * 128, 128));
    CK(cudaMemset(d_out, 0, 8 * 128 * sizeof(int)));
    reduce_kernel<16><<<1, 128>>>(d_in, d_out);
    CK(cudaDeviceSynchronize());
    for (int i = 0; i < 8; i++)
        printf("WarpReduce<16> %d: %016llx\n", i, (unsigned long long)digest(d_out + i * 128, 128));
    CK(cudaMemset(d_out, 0, 8 * 128 * sizeof(int)));
    reduce_kernel<4><<<1, 128>>>(d_in, d_out);
    CK(cudaDeviceSynchronize());
    for (int i = 0; i < 8; i++)
        printf("WarpReduce<4> %d: %016llx\n", i, (unsigned long long)digest(d_out + i * 128, 128));
    scan_kernel<32><<<1, 128>>>(d_in, d_out);
    CK(cudaDeviceSynchronize());
    for (int i = 0; i < 24; i++)
        printf("WarpScan<32> %d: %016llx\n", i, (unsigned long long)digest(d_out + i * 128, 128));
    scan_kernel<8><<<1, 128>>>(d_in, d_out);
    CK(cudaDeviceSynchronize());
    for (int i = 0; i < 24; i++)
        printf("WarpScan<8> %d: %016llx\n", i, (unsigned long long)digest(d_out + i * 128, 128));
    load_store<<<1, 64>>>(d_in, d_out);
    CK(cudaDeviceSynchronize());
    printf("WarpLoad/WarpStore: %016llx\n", (unsigned long long)digest(d_out, 256));
    printf("WarpExchange: %016llx %016llx\n", (unsigned long long)digest(d_out + 256, 256),
           (unsigned long long)digest(d_out + 512, 256));
    return 0;
}
