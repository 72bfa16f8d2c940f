// A single-pass segmented scan written by hand on CUB's reduce-by-key
// pieces: each item is a (segment heads so far, value) pair combined with
// cub::ReduceBySegmentOp, the tiles' pairs published in a
// cub::ReduceByKeyScanTileState and found by cub::TilePrefixCallbackOp's
// look-back.  Two value types (int, whose pair CUB packs into one word,
// and double, whose pair it does not); checked against a sequential scan.
#include <cub/block/block_scan.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/thread/thread_operators.cuh>
#include <cuda/std/functional>

#include <cstdio>
#include <vector>

using Plus = cuda::std::plus<>;

template <typename V>
__global__ void init_tiles(cub::ReduceByKeyScanTileState<V, int> state, int tiles)
{
    state.InitializeStatus(tiles);
}

template <typename V, int THREADS, int ITEMS>
__global__ void segmented_scan(const int *heads, const V *in, V *out, int *segment, int n,
                               cub::ReduceByKeyScanTileState<V, int> state)
{
    typedef cub::KeyValuePair<int, V> Pair;
    typedef cub::ReduceBySegmentOp<Plus> Op;
    typedef cub::BlockScan<Pair, THREADS> BlockScan;
    typedef cub::TilePrefixCallbackOp<Pair, Op, cub::ReduceByKeyScanTileState<V, int>> Prefix;
    __shared__ typename BlockScan::TempStorage scan_storage;
    __shared__ typename Prefix::TempStorage prefix_storage;

    int tile = blockIdx.x;
    int base = tile * THREADS * ITEMS + threadIdx.x * ITEMS;
    Pair items[ITEMS];
    for (int i = 0; i < ITEMS; i++) {
        items[i].key = base + i < n ? heads[base + i] : 0;
        items[i].value = base + i < n ? in[base + i] : V(0);
    }
    Op op;
    if (tile == 0) {
        Pair aggregate;
        BlockScan(scan_storage).InclusiveScan(items, items, op, aggregate);
        if (threadIdx.x == 0)
            state.SetInclusive(0, aggregate);
    } else {
        Prefix prefix(state, prefix_storage, op, tile);
        BlockScan(scan_storage).InclusiveScan(items, items, op, prefix);
    }
    for (int i = 0; i < ITEMS; i++)
        if (base + i < n) {
            out[base + i] = items[i].value;
            segment[base + i] = items[i].key;
        }
}

template <typename V>
static void run(const char *name, const std::vector<int> &heads, const std::vector<V> &in)
{
    const int THREADS = 128, ITEMS = 5, TILE = THREADS * ITEMS;
    int n = (int)in.size(), tiles = (n + TILE - 1) / TILE;
    int *d_heads, *d_segment;
    V *d_in, *d_out;
    cudaMalloc(&d_heads, n * sizeof(int));
    cudaMalloc(&d_segment, n * sizeof(int));
    cudaMalloc(&d_in, n * sizeof(V));
    cudaMalloc(&d_out, n * sizeof(V));
    cudaMemcpy(d_heads, heads.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_in, in.data(), n * sizeof(V), cudaMemcpyHostToDevice);

    typedef cub::ReduceByKeyScanTileState<V, int> State;
    size_t bytes = 0;
    cudaError_t e = State::AllocationSize(tiles, bytes);
    void *d_temp;
    cudaMalloc(&d_temp, bytes);
    State state;
    cudaError_t e2 = state.Init(tiles, d_temp, bytes);
    init_tiles<<<(tiles + 127) / 128, 128>>>(state, tiles);
    segmented_scan<V, THREADS, ITEMS><<<tiles, THREADS>>>(d_heads, d_in, d_out, d_segment, n, state);
    cudaError_t e3 = cudaDeviceSynchronize();

    std::vector<V> out(n);
    std::vector<int> segment(n);
    cudaMemcpy(out.data(), d_out, n * sizeof(V), cudaMemcpyDeviceToHost);
    cudaMemcpy(segment.data(), d_segment, n * sizeof(int), cudaMemcpyDeviceToHost);
    long long wrong = 0, segments = 0;
    V run = 0;
    double checksum = 0;
    for (int i = 0; i < n; i++) {
        run = heads[i] ? in[i] : run + in[i];
        segments += heads[i];
        wrong += out[i] != run || segment[i] != segments;
        checksum = checksum * 0.5 + (double)out[i];
    }
    printf("%s: tiles %d, AllocationSize %s, Init %s, kernels %s; %lld wrong of %d, %lld segments, out[%d] %g, "
           "checksum %.6f\n",
           name, tiles, cudaGetErrorName(e), cudaGetErrorName(e2), cudaGetErrorName(e3), wrong, n, segments, n - 1,
           (double)out[n - 1], checksum);
    cudaFree(d_heads);
    cudaFree(d_segment);
    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_temp);
}

int main()
{
    const int n = 300007;
    std::vector<int> heads(n), a(n);
    std::vector<double> b(n);
    unsigned s = 7;
    for (int i = 0; i < n; i++) {
        s = s * 1664525u + 1013904223u;
        heads[i] = i == 0 || (s >> 24) < 3; // runs of about 85 items
        a[i] = (int)(s >> 20) % 201 - 100;
        b[i] = a[i] * 0.25;
    }
    run("int", heads, a);
    run("double", heads, b);
    return 0;
}
