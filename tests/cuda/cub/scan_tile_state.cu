// A single-pass scan with decoupled look-back written by hand from CUB's
// pieces: cub::ScanTileState (the tiles' status words and values) and
// cub::TilePrefixCallbackOp (a BlockScan prefix callback that looks back
// over the tiles before it).  Tile 0 publishes its inclusive aggregate
// itself; every other tile's first warp looks back.  Three element types:
// int and long long (CUB's single-word tile state on a GPU) and a struct
// (CUB's three-array state), sums and a running min/max, checked against
// a sequential scan on the host; also the example's 14-tile trace
// (example_device_decoupled_look_back) read back through the tile state.
#include <cub/block/block_scan.cuh>
#include <cub/device/device_scan.cuh>

#include <cstdio>
#include <vector>

struct MinMax {
    int lo, hi;
};

struct MinMaxOp {
    __host__ __device__ MinMax operator()(const MinMax &a, const MinMax &b) const
    {
        MinMax r;
        r.lo = a.lo < b.lo ? a.lo : b.lo;
        r.hi = a.hi > b.hi ? a.hi : b.hi;
        return r;
    }
};

struct Plus {
    template <typename T> __host__ __device__ T operator()(const T &a, const T &b) const { return a + b; }
};

template <typename T> __global__ void init_tiles(cub::ScanTileState<T> state, int tiles)
{
    state.InitializeStatus(tiles);
}

template <typename T, int THREADS, int ITEMS, typename Op>
__global__ void single_pass_scan(const T *in, T *out, int n, T pad, cub::ScanTileState<T> state, Op op)
{
    typedef cub::BlockScan<T, THREADS> BlockScan;
    typedef cub::TilePrefixCallbackOp<T, Op, cub::ScanTileState<T>> Prefix;
    __shared__ typename BlockScan::TempStorage scan_storage;
    __shared__ typename Prefix::TempStorage prefix_storage;

    int tile = blockIdx.x;
    int base = tile * THREADS * ITEMS + threadIdx.x * ITEMS;
    T items[ITEMS];
    for (int i = 0; i < ITEMS; i++)
        items[i] = base + i < n ? in[base + i] : pad;
    if (tile == 0) {
        T aggregate;
        BlockScan(scan_storage).InclusiveScan(items, items, op, aggregate);
        if (threadIdx.x == 0)
            state.SetInclusive(0, aggregate);
    } else {
        Prefix prefix(state, prefix_storage, op, tile);
        BlockScan(scan_storage).InclusiveScan(items, items, op, prefix);
    }
    for (int i = 0; i < ITEMS; i++)
        if (base + i < n)
            out[base + i] = items[i];
}

template <typename T, typename Op> static bool run(const std::vector<T> &h_in, T pad, Op op, std::vector<T> &h_out)
{
    const int THREADS = 128, ITEMS = 4, TILE = THREADS * ITEMS;
    int n = (int)h_in.size();
    int tiles = (n + TILE - 1) / TILE;
    T *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(T));
    cudaMalloc(&d_out, n * sizeof(T));
    cudaMemcpy(d_in, h_in.data(), n * sizeof(T), cudaMemcpyHostToDevice);

    size_t bytes = 0;
    cudaError_t e = cub::ScanTileState<T>::AllocationSize(tiles, bytes);
    void *d_temp;
    cudaMalloc(&d_temp, bytes);
    cub::ScanTileState<T> state;
    cudaError_t e2 = state.Init(tiles, d_temp, bytes);
    init_tiles<<<(tiles + 127) / 128, 128>>>(state, tiles);
    single_pass_scan<T, THREADS, ITEMS><<<tiles, THREADS>>>(d_in, d_out, n, pad, state, op);
    cudaError_t e3 = cudaDeviceSynchronize();
    h_out.resize(n);
    cudaMemcpy(h_out.data(), d_out, n * sizeof(T), cudaMemcpyDeviceToHost);
    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_temp);
    printf("  tiles %d, AllocationSize %s, Init %s, kernels %s\n", tiles, cudaGetErrorName(e),
           cudaGetErrorName(e2), cudaGetErrorName(e3));
    return e == cudaSuccess && e2 == cudaSuccess && e3 == cudaSuccess;
}

template <typename T> __global__ void trace_kernel(cub::ScanTileState<T> state, T *exclusive, T *inclusive)
{
    typedef cub::TilePrefixCallbackOp<T, Plus, cub::ScanTileState<T>> Prefix;
    __shared__ typename Prefix::TempStorage storage;
    Prefix prefix(state, storage, Plus());
    int tile = prefix.GetTileIdx();
    T aggregate = (T)blockIdx.x;
    if (tile == 0) {
        if (threadIdx.x == 0) {
            state.SetInclusive(0, aggregate);
            exclusive[0] = 0;
            inclusive[0] = aggregate;
        }
    } else if (threadIdx.x / 32 == 0) {
        T ex = prefix(aggregate);
        if (threadIdx.x == 0) {
            exclusive[tile] = ex;
            inclusive[tile] = prefix.GetInclusivePrefix();
            if (prefix.GetExclusivePrefix() != ex || prefix.GetBlockAggregate() != aggregate)
                inclusive[tile] = -1;
        }
    }
}

int main()
{
    const int n = 200003;
    bool ok = true;

    std::vector<int> a(n), ra;
    for (int i = 0; i < n; i++)
        a[i] = (int)((i * 2654435761u) >> 20) % 1000 - 400;
    printf("int, sum:\n");
    ok &= run(a, 0, Plus(), ra);
    long long ca = 0, bad = 0, acc = 0;
    for (int i = 0; i < n; i++) {
        acc += a[i];
        bad += ra[i] != (int)acc;
        ca = ca * 31 + ra[i];
    }
    printf("  mismatches %lld, out[0] %d, out[%d] %d, out[%d] %d, checksum %lld\n", bad, ra[0], n / 2,
           ra[n / 2], n - 1, ra[n - 1], ca);

    std::vector<long long> b(n), rb;
    for (int i = 0; i < n; i++)
        b[i] = (long long)i * 1000003LL - (i % 7) * 999999999LL;
    printf("long long, sum:\n");
    ok &= run(b, 0LL, Plus(), rb);
    long long bad2 = 0, accb = 0;
    for (int i = 0; i < n; i++) {
        accb += b[i];
        bad2 += rb[i] != accb;
    }
    printf("  mismatches %lld, out[%d] %lld, out[%d] %lld\n", bad2, n / 3, rb[n / 3], n - 1, rb[n - 1]);

    std::vector<MinMax> c(n), rc;
    for (int i = 0; i < n; i++) {
        int v = (int)((i * 40503u + 17u) % 100000u) - 50000 + (i == n - 5 ? 90000 : 0);
        c[i].lo = v;
        c[i].hi = v;
    }
    MinMax pad = {2147483647, -2147483647 - 1};
    printf("struct, running min and max:\n");
    ok &= run(c, pad, MinMaxOp(), rc);
    long long bad3 = 0;
    MinMax m = c[0];
    for (int i = 0; i < n; i++) {
        m = MinMaxOp()(m, c[i]);
        bad3 += rc[i].lo != m.lo || rc[i].hi != m.hi;
    }
    printf("  mismatches %lld, out[100] (%d, %d), out[%d] (%d, %d)\n", bad3, rc[100].lo, rc[100].hi, n - 1,
           rc[n - 1].lo, rc[n - 1].hi);

    const int tiles = 14;
    size_t bytes = 0;
    cub::ScanTileState<int>::AllocationSize(tiles, bytes);
    void *d_temp;
    int *d_ex, *d_in;
    cudaMalloc(&d_temp, bytes);
    cudaMalloc(&d_ex, tiles * sizeof(int));
    cudaMalloc(&d_in, tiles * sizeof(int));
    cub::ScanTileState<int> state;
    state.Init(tiles, d_temp, bytes);
    init_tiles<<<1, 256>>>(state, tiles);
    trace_kernel<<<tiles, 256>>>(state, d_ex, d_in);
    cudaDeviceSynchronize();
    int ex[tiles], in[tiles];
    cudaMemcpy(ex, d_ex, sizeof ex, cudaMemcpyDeviceToHost);
    cudaMemcpy(in, d_in, sizeof in, cudaMemcpyDeviceToHost);
    printf("trace:");
    for (int t = 0; t < tiles; t++)
        printf(" %d/%d", ex[t], in[t]);
    printf("\n%s\n", ok && !bad && !bad2 && !bad3 ? "PASS" : "FAIL");
    return 0;
}
