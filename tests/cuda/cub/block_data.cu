// block_data.cu: cub::BlockLoad and cub::BlockStore (every algorithm, with
// valid_items and an out-of-bounds default), cub::BlockExchange,
// cub::BlockRadixSort (keys, pairs, descending, a bit range, blocked to
// striped, float keys with -0.0), cub::BlockMergeSort,
// cub::BlockDiscontinuity (flag operators with and without the item
// index, tile neighbours), cub::BlockHistogram,
// cub::BlockAdjacentDifference and cub::BlockShuffle.
#include <cub/cub.cuh>
#include <cub/block/block_shuffle.cuh>
#include "cub_test.h"

#define BT 64
#define IPT 4
#define TILE (BT * IPT)

template <cub::BlockLoadAlgorithm LA, cub::BlockStoreAlgorithm SA>
__global__ void load_store(const int *in, int *out, int valid)
{
    typedef cub::BlockLoad<int, BT, IPT, LA> L;
    typedef cub::BlockStore<int, BT, IPT, SA> S;
    __shared__ typename L::TempStorage lt;
    __shared__ typename S::TempStorage st;
    int items[IPT];
    L(lt).Load(in, items, valid, -7);
    for (int i = 0; i < IPT; i++)
        items[i] = items[i] * 10 + i;
    S(st).Store(out, items, valid + 3);
    __syncthreads();
    int full[IPT];
    L(lt).Load(in, full);
    S(st).Store(out + TILE, full);
}

__global__ void exchange(const int *in, int *out)
{
    typedef cub::BlockExchange<int, BT, IPT> E;
    __shared__ typename E::TempStorage temp;
    int items[IPT], res[IPT];
    cub::LoadDirectBlocked(threadIdx.x, in, items);
    E(temp).BlockedToStriped(items, res);
    __syncthreads();
    cub::StoreDirectBlocked(threadIdx.x, out, res);
    E(temp).StripedToBlocked(items);
    __syncthreads();
    cub::StoreDirectBlocked(threadIdx.x, out + TILE, items);
    cub::LoadDirectBlocked(threadIdx.x, in, items);
    E(temp).BlockedToWarpStriped(items);
    __syncthreads();
    cub::StoreDirectBlocked(threadIdx.x, out + 2 * TILE, items);
    E(temp).WarpStripedToBlocked(items);
    __syncthreads();
    cub::StoreDirectBlocked(threadIdx.x, out + 3 * TILE, items);
    int ranks[IPT];
    for (int i = 0; i < IPT; i++)
        ranks[i] = TILE - 1 - (threadIdx.x * IPT + i);
    E(temp).ScatterToBlocked(items, ranks);
    __syncthreads();
    cub::StoreDirectBlocked(threadIdx.x, out + 4 * TILE, items);
    E(temp).ScatterToStriped(items, ranks);
    __syncthreads();
    cub::StoreDirectBlocked(threadIdx.x, out + 5 * TILE, items);
    cub::LoadDirectWarpStriped(threadIdx.x, in, items);
    cub::StoreDirectStriped<BT>(threadIdx.x, out + 6 * TILE, items);
}

__global__ void radix(const unsigned *in, const float *fin, unsigned *out, int *vout, float *fout)
{
    typedef cub::BlockRadixSort<unsigned, BT, IPT, int> RS;
    typedef cub::BlockRadixSort<float, BT, 2> RF;
    __shared__ typename RS::TempStorage temp;
    __shared__ typename RF::TempStorage ftemp;
    unsigned keys[IPT];
    int vals[IPT];
    for (int form = 0; form < 5; form++) {
        for (int i = 0; i < IPT; i++) {
            keys[i] = in[threadIdx.x * IPT + i];
            vals[i] = threadIdx.x * IPT + i;
        }
        if (form == 0)
            RS(temp).Sort(keys, vals);
        if (form == 1)
            RS(temp).SortDescending(keys, vals);
        if (form == 2)
            RS(temp).Sort(keys, vals, 4, 12);
        if (form == 3)
            RS(temp).SortBlockedToStriped(keys, vals);
        if (form == 4)
            RS(temp).SortDescendingBlockedToStriped(keys, vals, 0, 8);
        __syncthreads();
        cub::StoreDirectBlocked(threadIdx.x, out + form * TILE, keys);
        cub::StoreDirectBlocked(threadIdx.x, vout + form * TILE, vals);
    }
    float f[2] = {fin[threadIdx.x * 2], fin[threadIdx.x * 2 + 1]};
    RF(ftemp).Sort(f);
    cub::StoreDirectBlocked(threadIdx.x, fout, f);
}

struct ByTens {
    __device__ bool operator()(int a, int b) const { return a / 10 < b / 10; }
};

__global__ void merge_sort(const int *in, int *out, int *vout)
{
    typedef cub::BlockMergeSort<int, BT, IPT, int> M;
    __shared__ typename M::TempStorage temp;
    int keys[IPT], vals[IPT];
    for (int i = 0; i < IPT; i++) {
        keys[i] = in[threadIdx.x * IPT + i];
        vals[i] = threadIdx.x * IPT + i;
    }
    M(temp).StableSort(keys, vals, ByTens());
    __syncthreads();
    cub::StoreDirectBlocked(threadIdx.x, out, keys);
    cub::StoreDirectBlocked(threadIdx.x, vout, vals);
    for (int i = 0; i < IPT; i++)
        keys[i] = in[TILE - 1 - (threadIdx.x * IPT + i)] * 1000 + threadIdx.x * IPT + i;
    M(temp).Sort(keys, cuda::std::less<>(), TILE - 10, 1 << 30);
    cub::StoreDirectBlocked(threadIdx.x, out + TILE, keys);
}

struct Different {
    __device__ bool operator()(int a, int b) const { return a != b; }
};
struct DifferentOrTenth {
    __device__ bool operator()(int a, int b, int b_index) const { return a != b || b_index % 10 == 0; }
};
struct Minus {
    __device__ int operator()(int a, int b) const { return a - b; }
};

__global__ void neighbours(const int *in, int *out)
{
    typedef cub::BlockDiscontinuity<int, BT> D;
    typedef cub::BlockAdjacentDifference<int, BT> A;
    typedef cub::BlockShuffle<int, BT> Sh;
    typedef cub::BlockHistogram<unsigned char, BT, IPT, 16> H;
    __shared__ typename D::TempStorage dt;
    __shared__ typename A::TempStorage at;
    __shared__ typename Sh::TempStorage sht;
    __shared__ typename H::TempStorage ht;
    __shared__ unsigned int hist[16];
    int items[IPT], flags[IPT], tails[IPT], res[IPT];
    cub::LoadDirectBlocked(threadIdx.x, in, items);
    int *o = out;
#define OUT(arr)                                                                                   \
    __syncthreads();                                                                               \
    cub::StoreDirectBlocked(threadIdx.x, o, arr);                                                  \
    o += TILE;
    D(dt).FlagHeads(flags, items, Different());
    OUT(flags)
    D(dt).FlagHeads(flags, items, DifferentOrTenth(), items[0]);
    OUT(flags)
    D(dt).FlagTails(flags, items, Different());
    OUT(flags)
    D(dt).FlagTails(flags, items, DifferentOrTenth(), -1);
    OUT(flags)
    D(dt).FlagHeadsAndTails(flags, -1, tails, 5, items, Different());
    OUT(flags)
    OUT(tails)
    A(at).SubtractLeft(items, res, Minus());
    OUT(res)
    A(at).SubtractLeft(items, res, Minus(), 1000);
    OUT(res)
    A(at).SubtractLeftPartialTile(items, res, Minus(), 100);
    OUT(res)
    A(at).SubtractRight(items, res, Minus());
    OUT(res)
    A(at).SubtractRight(items, res, Minus(), 1000);
    OUT(res)
    A(at).SubtractRightPartialTile(items, res, Minus(), 100);
    OUT(res)
    for (int i = 0; i < IPT; i++)
        res[i] = -9;
    Sh(sht).Up(items, res);
    OUT(res)
    int suffix = 0, prefix = 0;
    Sh(sht).Down(items, res, prefix);
    OUT(res)
    Sh(sht).Up(items, res, suffix);
    __syncthreads();
    int one = -1;
    Sh(sht).Offset(items[0], one, 3);
    __syncthreads();
    int rot = -1;
    Sh(sht).Rotate(items[0], rot, 5);
    for (int i = 0; i < IPT; i++)
        res[i] = i == 0 ? one : i == 1 ? rot : i == 2 ? prefix : suffix;
    OUT(res)
    unsigned char bins[IPT];
    for (int i = 0; i < IPT; i++)
        bins[i] = (unsigned char)(items[i] & 15);
    H(ht).Histogram(bins, hist);
    __syncthreads();
    H(ht).Composite(bins, hist);
    __syncthreads();
    if (threadIdx.x < 16)
        o[threadIdx.x] = hist[threadIdx.x];
#undef OUT
}

int main()
{
    lcg r(23);
    std::vector<int> h(TILE);
    std::vector<unsigned> hu(TILE);
    for (int i = 0; i < TILE; i++) {
        h[i] = (int)(r.next() % 50);
        hu[i] = r.next() % 100000;
    }
    for (int i = 0; i + 1 < TILE; i += 3)
        h[i + 1] = h[i]; // some runs
    std::vector<float> hf(2 * BT);
    for (int i = 0; i < 2 * BT; i++)
        hf[i] = (float)((int)(r.next() % 9) - 4) * 0.5f;
    hf[3] = -0.0f;
    hf[10] = -0.0f;
    hf[11] = 0.0f;
    int *d_in = upload(h), *d_out, *d_v;
    unsigned *d_u = upload(hu), *d_uo;
    float *d_f = upload(hf), *d_fo;
    cudaMalloc(&d_out, 32 * TILE * sizeof(int));
    cudaMalloc(&d_v, 8 * TILE * sizeof(int));
    cudaMalloc(&d_uo, 8 * TILE * sizeof(unsigned));
    cudaMalloc(&d_fo, 2 * BT * sizeof(float));

#define LS(la, sa)                                                                                 \
    CK(cudaMemset(d_out, 0, 2 * TILE * sizeof(int)));                                              \
    load_store<cub::la, cub::sa><<<1, BT>>>(d_in, d_out, 150);                                     \
    CK(cudaDeviceSynchronize());                                                                   \
    printf("%s/%s: %016llx\n", #la, #sa, (unsigned long long)digest(d_out, 2 * TILE));
    LS(BLOCK_LOAD_DIRECT, BLOCK_STORE_DIRECT)
    LS(BLOCK_LOAD_STRIPED, BLOCK_STORE_STRIPED)
    LS(BLOCK_LOAD_VECTORIZE, BLOCK_STORE_VECTORIZE)
    LS(BLOCK_LOAD_TRANSPOSE, BLOCK_STORE_TRANSPOSE)
    LS(BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE)
    LS(BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED, BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED)
    LS(BLOCK_LOAD_STRIPED, BLOCK_STORE_DIRECT)
    LS(BLOCK_LOAD_DIRECT, BLOCK_STORE_STRIPED)
#undef LS

    exchange<<<1, BT>>>(d_in, d_out);
    CK(cudaDeviceSynchronize());
    for (int i = 0; i < 7; i++)
        printf("BlockExchange %d: %016llx\n", i, (unsigned long long)digest(d_out + i * TILE, TILE));

    radix<<<1, BT>>>(d_u, d_f, d_uo, d_v, d_fo);
    CK(cudaDeviceSynchronize());
    for (int i = 0; i < 5; i++)
        printf("BlockRadixSort %d: %016llx %016llx\n", i, (unsigned long long)digest(d_uo + i * TILE, TILE),
               (unsigned long long)digest(d_v + i * TILE, TILE));
    std::vector<float> fs = fetch(d_fo, 2 * BT);
    printf("BlockRadixSort float:");
    for (int i = 0; i < 2 * BT; i += 8)
        printf(" %g", fs[i]);
    int zeros = 0;
    for (int i = 0; i < 2 * BT; i++)
        if (fs[i] == 0.0f)
            printf("%s%c", zeros++ ? "" : " zeros ", std::signbit(fs[i]) ? '-' : '+');
    printf("\n");

    merge_sort<<<1, BT>>>(d_in, d_out, d_v);
    CK(cudaDeviceSynchronize());
    // with valid_items only the first valid_items outputs are defined
    printf("BlockMergeSort: %016llx %016llx %016llx\n", (unsigned long long)digest(d_out, TILE),
           (unsigned long long)digest(d_v, TILE), (unsigned long long)digest(d_out + TILE, TILE - 10));

    neighbours<<<1, BT>>>(d_in, d_out);
    CK(cudaDeviceSynchronize());
    for (int i = 0; i < 15; i++)
        printf("neighbours %d: %016llx\n", i, (unsigned long long)digest(d_out + i * TILE, TILE));
    std::vector<int> hist = fetch(d_out + 15 * TILE, 16);
    printf("BlockHistogram:");
    for (int x : hist)
        printf(" %d", x);
    printf("\n");
    return 0;
}
