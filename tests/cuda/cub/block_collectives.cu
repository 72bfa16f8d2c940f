// block_collectives.cu: cub::BlockReduce (Sum, Reduce, num_valid, arrays,
// each algorithm, a 2D block, a block that is not a whole number of
// warps), cub::BlockScan (every form: sums and scans, inclusive and
// exclusive, initial values, block aggregates, a running prefix callback
// over tiles, arrays), with the TempStorage idiom, unions of TempStorage,
// and the collectives' own storage.  Only results CUB defines are
// printed (BlockReduce: thread 0's; exclusive scans without an initial
// value: not thread 0's first).
#include <cub/cub.cuh>
#include "cub_test.h"

struct MaxOp {
    __host__ __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};

template <cub::BlockReduceAlgorithm ALG> __global__ void reduce_kernel(const int *in, int *out)
{
    typedef cub::BlockReduce<int, 128, ALG> R;
    __shared__ typename R::TempStorage temp;
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int s = R(temp).Sum(x);
    __syncthreads();
    int m = R(temp).Reduce(x, MaxOp());
    __syncthreads();
    int v = R(temp).Sum(x, 77);
    __syncthreads();
    int items[3] = {x, x * 2, -x};
    int a = R(temp).Reduce(items, MaxOp());
    __syncthreads();
    int b = R().Sum(items);
    if (threadIdx.x == 0) {
        int *o = out + blockIdx.x * 5;
        o[0] = s;
        o[1] = m;
        o[2] = v;
        o[3] = a;
        o[4] = b;
    }
}

__global__ void reduce_2d(const int *in, int *out)
{
    typedef cub::BlockReduce<int, 16, cub::BLOCK_REDUCE_WARP_REDUCTIONS, 4> R;
    __shared__ typename R::TempStorage temp;
    int t = threadIdx.y * 16 + threadIdx.x;
    int s = R(temp).Sum(in[t]);
    if (t == 0)
        out[0] = s;
}

__global__ void reduce_48(const int *in, int *out)
{
    typedef cub::BlockReduce<int, 48> R;
    typedef cub::BlockScan<int, 48> S;
    __shared__ typename R::TempStorage rt;
    __shared__ typename S::TempStorage st;
    int s = R(rt).Sum(in[threadIdx.x]);
    int incl;
    S(st).InclusiveSum(in[threadIdx.x], incl);
    if (threadIdx.x == 0)
        out[0] = s;
    out[1 + threadIdx.x] = incl;
}

struct RunningPrefix {
    int total;
    __device__ RunningPrefix(int t) : total(t) {}
    __device__ int operator()(int block_aggregate)
    {
        int old = total;
        total += block_aggregate;
        return old;
    }
};

// every BlockScan form; outputs land in out[form * 512 + tid * 4 + i]
__global__ void scan_kernel(const int *in, int *out, int *aggs)
{
    typedef cub::BlockScan<int, 128> S;
    typedef cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_TRANSPOSE> L;
    typedef cub::BlockStore<int, 128, 4, cub::BLOCK_STORE_TRANSPOSE> St;
    __shared__ union {
        typename S::TempStorage scan;
        typename L::TempStorage load;
        typename St::TempStorage store;
    } temp;
    int t = threadIdx.x;
    int x = in[t], y, agg;
    int *o = out;
#define ONE(call)                                                                                  \
    call;                                                                                          \
    __syncthreads();                                                                               \
    o[t] = y;                                                                                      \
    o += 128;
    ONE(S(temp.scan).ExclusiveSum(x, y))
    ONE(S(temp.scan).ExclusiveSum(x, y, agg); if (t == 0) aggs[0] = agg)
    ONE(S(temp.scan).ExclusiveScan(x, y, -50, MaxOp()))
    ONE(S(temp.scan).ExclusiveScan(x, y, 1000, cuda::std::plus<>(), agg); if (t == 0) aggs[1] = agg)
    ONE(S(temp.scan).InclusiveSum(x, y))
    ONE(S(temp.scan).InclusiveSum(x, y, agg); if (t == 0) aggs[2] = agg)
    ONE(S(temp.scan).InclusiveScan(x, y, MaxOp()))
    ONE(S(temp.scan).InclusiveScan(x, y, MaxOp(), agg); if (t == 0) aggs[3] = agg)
    y = 0;
    ONE(S(temp.scan).ExclusiveScan(x, y, MaxOp()); if (t == 0) y = 0)
    y = 0;
    ONE(S(temp.scan).ExclusiveScan(x, y, MaxOp(), agg); if (t == 0) { y = 0; aggs[4] = agg; })
#undef ONE
    // arrays: 4 items a thread
    int items[4], res[4];
    L(temp.load).Load(in, items);
    __syncthreads();
#define MANY(call)                                                                                 \
    call;                                                                                          \
    __syncthreads();                                                                               \
    St(temp.store).Store(o, res);                                                                  \
    __syncthreads();                                                                               \
    o += 512;
    MANY(S(temp.scan).ExclusiveSum(items, res))
    MANY(S(temp.scan).ExclusiveSum(items, res, agg); if (t == 0) aggs[5] = agg)
    MANY(S(temp.scan).ExclusiveScan(items, res, 7, MaxOp()))
    MANY(S(temp.scan).ExclusiveScan(items, res, 7, MaxOp(), agg); if (t == 0) aggs[6] = agg)
    MANY(S(temp.scan).InclusiveSum(items, res))
    MANY(S(temp.scan).InclusiveSum(items, res, agg); if (t == 0) aggs[7] = agg)
    MANY(S(temp.scan).InclusiveScan(items, res, MaxOp()))
    MANY(S(temp.scan).InclusiveScan(items, res, MaxOp(), agg); if (t == 0) aggs[8] = agg)
    MANY(S(temp.scan).InclusiveScan(items, res, 3, cuda::std::plus<>()))
    MANY(S(temp.scan).InclusiveScan(items, res, 3, cuda::std::plus<>(), agg); if (t == 0) aggs[9] = agg)
    MANY(S(temp.scan).ExclusiveScan(items, res, MaxOp()); if (t == 0) res[0] = 0)
#undef MANY
}

// a scan over many tiles carried by a prefix callback (CUB's idiom)
__global__ void tiles_kernel(const int *in, int *out, int n)
{
    typedef cub::BlockScan<int, 64> S;
    __shared__ typename S::TempStorage temp;
    RunningPrefix prefix(100);
    for (int base = 0; base < n; base += 64 * 2) {
        int items[2];
        for (int i = 0; i < 2; i++) {
            int at = base + threadIdx.x * 2 + i;
            items[i] = at < n ? in[at] : 0;
        }
        S(temp).ExclusiveSum(items, items, prefix);
        __syncthreads();
        for (int i = 0; i < 2; i++) {
            int at = base + threadIdx.x * 2 + i;
            if (at < n)
                out[at] = items[i];
        }
    }
    int last;
    S(temp).InclusiveSum(1, last, prefix);
    if (threadIdx.x == 63)
        out[n] = last;
}

int main()
{
    const int blocks = 6;
    std::vector<int> h(blocks * 128 * 4);
    lcg r(21);
    for (auto &x : h)
        x = (int)(r.next() % 1000) - 300;
    int *d_in = upload(h), *d_out, *d_aggs;
    cudaMalloc(&d_out, 64 * 512 * sizeof(int));
    cudaMalloc(&d_aggs, 16 * sizeof(int));

    const char *names[] = {"RAKING_COMMUTATIVE_ONLY", "RAKING", "WARP_REDUCTIONS"};
    for (int a = 0; a < 3; a++) {
        if (a == 0)
            reduce_kernel<cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY><<<blocks, 128>>>(d_in, d_out);
        if (a == 1)
            reduce_kernel<cub::BLOCK_REDUCE_RAKING><<<blocks, 128>>>(d_in, d_out);
        if (a == 2)
            reduce_kernel<cub::BLOCK_REDUCE_WARP_REDUCTIONS><<<blocks, 128>>>(d_in, d_out);
        CK(cudaDeviceSynchronize());
        std::vector<int> o = fetch(d_out, blocks * 5);
        printf("BlockReduce %s:", names[a]);
        for (int x : o)
            printf(" %d", x);
        printf("\n");
    }
    reduce_2d<<<1, dim3(16, 4)>>>(d_in, d_out);
    CK(cudaDeviceSynchronize());
    printf("BlockReduce 16x4: %d\n", get1(d_out));
    reduce_48<<<1, 48>>>(d_in, d_out);
    CK(cudaDeviceSynchronize());
    printf("48 threads: %d %016llx\n", get1(d_out), (unsigned long long)digest(d_out + 1, 48));

    scan_kernel<<<1, 128>>>(d_in, d_out, d_aggs);
    CK(cudaDeviceSynchronize());
    for (int f = 0; f < 10; f++)
        printf("BlockScan single %d: %016llx\n", f, (unsigned long long)digest(d_out + f * 128, 128));
    for (int f = 0; f < 11; f++)
        printf("BlockScan items %d: %016llx\n", f, (unsigned long long)digest(d_out + 1280 + f * 512, 512));
    std::vector<int> aggs = fetch(d_aggs, 10);
    printf("aggregates:");
    for (int x : aggs)
        printf(" %d", x);
    printf("\n");

    const int n = 1000;
    tiles_kernel<<<1, 64>>>(d_in, d_out, n);
    CK(cudaDeviceSynchronize());
    printf("tiles: %016llx %d %d %d\n", (unsigned long long)digest(d_out, n), get1(d_out), get1(d_out, n - 1), get1(d_out, n));
    return 0;
}
