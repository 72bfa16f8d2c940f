// cub::WarpMergeSort: each logical warp sorts its blocked keys (and values)
// in its own TempStorage.  Full warps of 32 lanes, logical warps of 16 and
// 8, keys only and pairs, a partial tile (valid_items, oob_default), and
// StableSort over keys with many ties (equal keys keep their order).
#include <cub/warp/warp_merge_sort.cuh>

#include <cstdio>
#include <vector>

struct Less {
    __device__ bool operator()(int a, int b) const { return a < b; }
};
struct ByTens {
    __device__ bool operator()(int a, int b) const { return a / 10 < b / 10; }
};

template <int LANES, int ITEMS, int THREADS>
__global__ void sort_keys(const int *in, int *out, int valid_per_warp)
{
    typedef cub::WarpMergeSort<int, ITEMS, LANES> Sort;
    __shared__ typename Sort::TempStorage temp[THREADS / LANES];
    int warp = threadIdx.x / LANES, lane = threadIdx.x % LANES;
    int base = blockIdx.x * THREADS * ITEMS + warp * LANES * ITEMS + lane * ITEMS;
    int keys[ITEMS];
    for (int i = 0; i < ITEMS; i++)
        keys[i] = in[base + i];
    Sort sort(temp[warp]);
    if (valid_per_warp < 0)
        sort.Sort(keys, Less());
    else
        sort.Sort(keys, Less(), valid_per_warp, 1 << 30);
    for (int i = 0; i < ITEMS; i++)
        out[base + i] = keys[i];
}

template <int LANES, int ITEMS, int THREADS>
__global__ void sort_pairs(const int *in, int *keys_out, int *values_out, bool stable_ties)
{
    typedef cub::WarpMergeSort<int, ITEMS, LANES, int> Sort;
    __shared__ typename Sort::TempStorage temp[THREADS / LANES];
    int warp = threadIdx.x / LANES, lane = threadIdx.x % LANES;
    int base = blockIdx.x * THREADS * ITEMS + warp * LANES * ITEMS + lane * ITEMS;
    int keys[ITEMS], values[ITEMS];
    for (int i = 0; i < ITEMS; i++) {
        keys[i] = in[base + i];
        values[i] = base + i;
    }
    Sort sort(temp[warp]);
    if (stable_ties)
        sort.StableSort(keys, values, ByTens());
    else
        sort.Sort(keys, values, Less());
    for (int i = 0; i < ITEMS; i++) {
        keys_out[base + i] = keys[i];
        values_out[base + i] = values[i];
    }
}

static unsigned long long digest(const std::vector<int> &v)
{
    unsigned long long h = 1469598103934665603ull;
    for (int x : v)
        h = (h ^ (unsigned)x) * 1099511628211ull;
    return h;
}

// Whether every run of `run` items of v is sorted by key / tens.
static int unsorted_runs(const std::vector<int> &v, int run, bool tens)
{
    int bad = 0;
    for (size_t r = 0; r < v.size(); r += run)
        for (int i = 1; i < run; i++)
            if (tens ? v[r + i - 1] / 10 > v[r + i] / 10 : v[r + i - 1] > v[r + i]) {
                bad++;
                break;
            }
    return bad;
}

int main()
{
    const int n = 4 * 128 * 4; // 4 blocks of 128 threads, 4 items each
    std::vector<int> h(n);
    for (int i = 0; i < n; i++)
        h[i] = (int)((i * 2654435761u) >> 12) % 100000; // distinct
    int *d_in, *d_out, *d_vals;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_out, n * sizeof(int));
    cudaMalloc(&d_vals, n * sizeof(int));
    cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    std::vector<int> out(n), vals(n);

    sort_keys<32, 4, 128><<<4, 128>>>(d_in, d_out, -1);
    cudaMemcpy(out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
    printf("32 lanes, keys: unsorted runs %d, first %d %d %d, digest %016llx\n", unsorted_runs(out, 128, false),
           out[0], out[1], out[127], digest(out));

    sort_keys<16, 4, 128><<<4, 128>>>(d_in, d_out, -1);
    cudaMemcpy(out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
    printf("16 lanes, keys: unsorted runs %d, first %d %d %d, digest %016llx\n", unsorted_runs(out, 64, false),
           out[0], out[1], out[63], digest(out));

    // Only the first valid_items of each warp's tile are defined after a
    // partial sort (CUB leaves the others unspecified).
    sort_keys<8, 4, 128><<<4, 128>>>(d_in, d_out, 21);
    cudaMemcpy(out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
    std::vector<int> valid;
    for (int i = 0; i < n; i++)
        if (i % 32 < 21)
            valid.push_back(out[i]);
    printf("8 lanes, 21 valid: unsorted runs %d, out[0] %d, out[20] %d, out[32] %d, digest %016llx\n",
           unsorted_runs(valid, 21, false), out[0], out[20], out[32], digest(valid));

    sort_pairs<32, 4, 128><<<4, 128>>>(d_in, d_out, d_vals, false);
    cudaMemcpy(out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(vals.data(), d_vals, n * sizeof(int), cudaMemcpyDeviceToHost);
    int wrong = 0;
    for (int i = 0; i < n; i++)
        wrong += h[vals[i]] != out[i];
    printf("32 lanes, pairs: unsorted runs %d, values not their keys' %d, digest %016llx %016llx\n",
           unsorted_runs(out, 128, false), wrong, digest(out), digest(vals));

    for (int i = 0; i < n; i++)
        h[i] = h[i] % 200; // many keys per tens
    cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    sort_pairs<16, 4, 128><<<4, 128>>>(d_in, d_out, d_vals, true);
    cudaMemcpy(out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(vals.data(), d_vals, n * sizeof(int), cudaMemcpyDeviceToHost);
    int unstable = 0;
    for (int i = 1; i < n; i++)
        if (i % 64 && out[i - 1] / 10 == out[i] / 10 && vals[i - 1] > vals[i])
            unstable++;
    printf("16 lanes, stable by tens: unsorted runs %d, ties out of order %d, digest %016llx %016llx\n",
           unsorted_runs(out, 64, true), unstable, digest(out), digest(vals));
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
