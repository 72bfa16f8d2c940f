// CUB's dispatch classes used as dispatch objects, as CUB's own Dispatch
// entry points use them: an object built from the arguments and the
// device's PTX version, invoked through its family's policy hub
// (policy_hub<...>::MaxPolicy::Invoke), once with no storage (the size
// query) and once with storage of that size.  DispatchRadixSort (pairs
// copied, keys overwriting, a bit range; no items), DispatchSegmentedRadixSort
// (pairs copied, keys descending overwriting), DispatchMergeSort (pairs
// copied, keys in place, ties kept in order; no items), DispatchSegmentedSort
// (pairs copied, keys overwriting: where the selectors end) and
// detail::DispatchBatchMemcpy (memcpy and copy).  Results are checked
// against the host's.
#include <cub/device/dispatch/dispatch_batch_memcpy.cuh>
#include <cub/device/dispatch/dispatch_merge_sort.cuh>
#include <cub/device/dispatch/dispatch_radix_sort.cuh>
#include <cub/device/dispatch/dispatch_segmented_sort.cuh>

#include <algorithm>
#include "cub_test.h"

#include <cstdio>
#include <vector>

// Orders by the low byte only, so many keys tie.
struct LowByteLess {
    __host__ __device__ bool operator()(int a, int b) const { return (a & 255) < (b & 255); }
};

static const char *ok(bool b) { return b ? "ok" : "WRONG"; }

// Builds the object with make(d_temp, bytes, ptx_version) and invokes it
// through Hub's chain: first as a size query, then with storage of the size
// it asked for.
template <class Hub, class Make>
static void by_object(const char *what, Make make)
{
    int ptx = 0;
    CK(cub::PtxVersion(ptx));
    size_t bytes = 0;
    auto query = make(nullptr, bytes, ptx);
    cudaError_t q = Hub::MaxPolicy::Invoke(ptx, query);
    bool asks = bytes > 0;
    void *t = temp_for(bytes ? bytes : 1);
    auto run = make(t, bytes, ptx);
    cudaError_t r = Hub::MaxPolicy::Invoke(ptx, run);
    CK(cudaDeviceSynchronize());
    cudaFree(t);
    std::printf("%s: query %d, asks for storage %d, run %d\n", what, (int)q, (int)asks, (int)r);
}

// Sorts the indices [lo, hi) of v stably by less on keys.
template <class K, class Less>
static void host_sort(std::vector<int> &v, size_t lo, size_t hi, const std::vector<K> &keys, Less less)
{
    std::stable_sort(v.begin() + lo, v.begin() + hi, [&](int a, int b) { return less(keys[a], keys[b]); });
}

template <class K> static std::vector<K> gather(const std::vector<K> &keys, const std::vector<int> &order)
{
    std::vector<K> out(order.size());
    for (size_t i = 0; i < order.size(); i++)
        out[i] = keys[order[i]];
    return out;
}

int main()
{
    const int n = 20000;
    lcg rng(2024);
    std::vector<int> h(n), idx(n);
    std::vector<unsigned> u(n);
    for (int i = 0; i < n; i++) {
        u[i] = rng.next();
        h[i] = (int)(u[i] >> 8) % 100003 - 50000;
        idx[i] = i;
    }

    // Radix sorts.
    {
        // Pairs, all bits, not overwriting: the result in the other buffers.
        std::vector<int> order = idx;
        host_sort(order, 0, n, u, [](unsigned a, unsigned b) { return a < b; });
        std::vector<unsigned> sk = gather(u, order);
        unsigned *d_ki = upload(u), *d_ko;
        int *d_vi = upload(idx), *d_vo;
        cudaMalloc(&d_ko, n * sizeof(unsigned));
        cudaMalloc(&d_vo, n * sizeof(int));
        cub::DoubleBuffer<unsigned> keys(d_ki, d_ko);
        cub::DoubleBuffer<int> vals(d_vi, d_vo);
        using P = cub::DispatchRadixSort<cub::SortOrder::Ascending, unsigned, int, int>;
        by_object<cub::detail::radix::policy_hub<unsigned, int, int>>(
            "DispatchRadixSort pairs, not overwriting", [&](void *t, size_t &bytes, int ptx) {
                return P(t, bytes, keys, vals, n, 0, 32, false, 0, ptx);
            });
        // Where the selectors end differs (CUB's one-sweep passes replace
        // the buffers' pointers): only Current() is compared.
        bool good = fetch(keys.Current(), n) == sk && fetch(vals.Current(), n) == order && fetch(d_ki, n) == u;
        std::printf("  current is the output %d %d, %s, input kept, %llx\n", (int)(keys.Current() == d_ko),
                    (int)(vals.Current() == d_vo), ok(good), digest_values(order));

        // Keys alone, descending, overwriting: the result where the selector says.
        std::vector<int> sd = h;
        std::stable_sort(sd.begin(), sd.end(), [](int a, int b) { return a > b; });
        int *d_a = upload(h), *d_b;
        cudaMalloc(&d_b, n * sizeof(int));
        cub::DoubleBuffer<int> ik(d_a, d_b);
        cub::DoubleBuffer<cub::NullType> none;
        using KD = cub::DispatchRadixSort<cub::SortOrder::Descending, int, cub::NullType, int>;
        by_object<cub::detail::radix::policy_hub<int, cub::NullType, int>>(
            "DispatchRadixSort keys, descending, overwriting", [&](void *t, size_t &bytes, int ptx) {
                return KD(t, bytes, ik, none, n, 0, 32, true, 0, ptx);
            });
        std::printf("  %s, %llx\n", ok(fetch(ik.Current(), n) == sd), digest_values(sd));

        // Bits [4, 12) of the keys, not overwriting: ties keep their order.
        order = idx;
        host_sort(order, 0, n, u, [](unsigned a, unsigned b) { return (a >> 4 & 255) < (b >> 4 & 255); });
        sk = gather(u, order);
        keys = cub::DoubleBuffer<unsigned>(d_ki, d_ko);
        cub::DoubleBuffer<cub::NullType> none2;
        using KB = cub::DispatchRadixSort<cub::SortOrder::Ascending, unsigned, cub::NullType, int>;
        by_object<cub::detail::radix::policy_hub<unsigned, cub::NullType, int>>(
            "DispatchRadixSort keys, bits [4, 12)", [&](void *t, size_t &bytes, int ptx) {
                return KB(t, bytes, keys, none2, n, 4, 12, false, 0, ptx);
            });
        std::printf("  selector %d, %s, %llx\n", keys.selector, ok(fetch(keys.Current(), n) == sk),
                    digest_values(sk));

        // No items: the object asks for storage and changes nothing.
        keys = cub::DoubleBuffer<unsigned>(d_ki, d_ko);
        vals = cub::DoubleBuffer<int>(d_vi, d_vo);
        by_object<cub::detail::radix::policy_hub<unsigned, int, int>>(
            "DispatchRadixSort of no items", [&](void *t, size_t &bytes, int ptx) {
                return P(t, bytes, keys, vals, 0, 0, 32, false, 0, ptx);
            });
        std::printf("  selectors %d %d\n", keys.selector, vals.selector);
        cudaFree(d_ki);
        cudaFree(d_ko);
        cudaFree(d_vi);
        cudaFree(d_vo);
        cudaFree(d_a);
        cudaFree(d_b);
    }

    // Segmented radix sorts: 300 segments, some empty, one large.
    std::vector<int> offs(1, 0);
    for (int s = 0; s < 299; s++)
        offs.push_back(offs.back() + (s % 11 == 0 ? 0 : s == 150 ? 5000 : s * 7 % 61));
    offs.push_back(n);
    int *d_offs = upload(offs);
    const int segs = (int)offs.size() - 1;
    {
        std::vector<int> order = idx;
        for (int s = 0; s < segs; s++)
            host_sort(order, offs[s], offs[s + 1], h, [](int a, int b) { return a < b; });
        std::vector<int> sk = gather(h, order);
        int *d_ki = upload(h), *d_ko, *d_vi = upload(idx), *d_vo;
        cudaMalloc(&d_ko, n * sizeof(int));
        cudaMalloc(&d_vo, n * sizeof(int));
        cub::DoubleBuffer<int> keys(d_ki, d_ko), vals(d_vi, d_vo);
        using P = cub::DispatchSegmentedRadixSort<cub::SortOrder::Ascending, int, int, const int *, const int *, int>;
        by_object<cub::detail::radix::policy_hub<int, int, int>>(
            "DispatchSegmentedRadixSort pairs, not overwriting", [&](void *t, size_t &bytes, int ptx) {
                return P(t, bytes, keys, vals, n, segs, d_offs, d_offs + 1, 0, 32, false, 0, ptx);
            });
        bool good = fetch(keys.Current(), n) == sk && fetch(vals.Current(), n) == order && fetch(d_ki, n) == h;
        std::printf("  selectors %d %d, %s, input kept, %llx\n", keys.selector, vals.selector, ok(good),
                    digest_values(order));

        std::vector<int> sd = h;
        for (int s = 0; s < segs; s++)
            std::sort(sd.begin() + offs[s], sd.begin() + offs[s + 1], [](int a, int b) { return a > b; });
        keys = cub::DoubleBuffer<int>(d_ki, d_ko);
        cub::DoubleBuffer<cub::NullType> none;
        using KD =
            cub::DispatchSegmentedRadixSort<cub::SortOrder::Descending, int, cub::NullType, const int *, const int *,
                                            int>;
        by_object<cub::detail::radix::policy_hub<int, cub::NullType, int>>(
            "DispatchSegmentedRadixSort keys, descending, overwriting", [&](void *t, size_t &bytes, int ptx) {
                return KD(t, bytes, keys, none, n, segs, d_offs, d_offs + 1, 0, 32, true, 0, ptx);
            });
        std::printf("  %s, %llx\n", ok(fetch(keys.Current(), n) == sd), digest_values(sd));
        cudaFree(d_ki);
        cudaFree(d_ko);
        cudaFree(d_vi);
        cudaFree(d_vo);
    }

    // Merge sorts by the low byte.
    {
        std::vector<int> order = idx;
        host_sort(order, 0, n, h, LowByteLess{});
        std::vector<int> sk = gather(h, order);
        int *d_ki = upload(h), *d_vi = upload(idx), *d_ko, *d_vo;
        cudaMalloc(&d_ko, n * sizeof(int));
        cudaMalloc(&d_vo, n * sizeof(int));
        using P = cub::DispatchMergeSort<const int *, const int *, int *, int *, long long, LowByteLess>;
        using Hub = cub::detail::merge_sort::policy_hub<int *>;
        by_object<Hub>("DispatchMergeSort pairs copied", [&](void *t, size_t &bytes, int ptx) {
            return P(t, bytes, d_ki, d_vi, d_ko, d_vo, (long long)n, LowByteLess{}, 0, ptx);
        });
        bool good = fetch(d_ko, n) == sk && fetch(d_vo, n) == order && fetch(d_ki, n) == h;
        std::printf("  %s, input kept, %llx\n", ok(good), digest_values(order));

        int *d_k = upload(h);
        using K = cub::DispatchMergeSort<int *, cub::NullType *, int *, cub::NullType *, unsigned, LowByteLess>;
        by_object<Hub>("DispatchMergeSort keys in place", [&](void *t, size_t &bytes, int ptx) {
            return K(t, bytes, d_k, nullptr, d_k, nullptr, (unsigned)n, LowByteLess{}, 0, ptx);
        });
        std::printf("  %s, %llx\n", ok(fetch(d_k, n) == sk), digest_values(sk));

        by_object<Hub>("DispatchMergeSort of no items", [&](void *t, size_t &bytes, int ptx) {
            return P(t, bytes, d_ki, d_vi, d_ko, d_vo, 0LL, LowByteLess{}, 0, ptx);
        });
        cudaFree(d_ki);
        cudaFree(d_vi);
        cudaFree(d_ko);
        cudaFree(d_vo);
        cudaFree(d_k);
    }

    // Segmented sorts over the same segments.
    {
        std::vector<int> order = idx;
        for (int s = 0; s < segs; s++)
            host_sort(order, offs[s], offs[s + 1], h, [](int a, int b) { return a > b; });
        std::vector<int> sk = gather(h, order);
        int *d_ki = upload(h), *d_ko, *d_vi = upload(idx), *d_vo;
        cudaMalloc(&d_ko, n * sizeof(int));
        cudaMalloc(&d_vo, n * sizeof(int));
        cub::DoubleBuffer<int> keys(d_ki, d_ko), vals(d_vi, d_vo);
        using P = cub::DispatchSegmentedSort<cub::SortOrder::Descending, int, int, int, const int *, const int *>;
        using Hub = cub::detail::segmented_sort::policy_hub<int, int>;
        by_object<Hub>("DispatchSegmentedSort pairs, descending, not overwriting", [&](void *t, size_t &bytes, int) {
            return P(t, bytes, keys, vals, n, segs, d_offs, d_offs + 1, false, 0);
        });
        bool good = fetch(keys.Current(), n) == sk && fetch(vals.Current(), n) == order && fetch(d_ki, n) == h;
        std::printf("  selectors %d %d, %s, input kept, %llx\n", keys.selector, vals.selector, ok(good),
                    digest_values(order));

        std::vector<long long> k8(n);
        for (int i = 0; i < n; i++)
            k8[i] = (long long)h[i] * 3000000007LL;
        std::vector<long long> s8 = k8;
        for (int s = 0; s < segs; s++)
            std::sort(s8.begin() + offs[s], s8.begin() + offs[s + 1]);
        long long *d_a = upload(k8), *d_b;
        cudaMalloc(&d_b, n * sizeof(long long));
        cub::DoubleBuffer<long long> k(d_a, d_b);
        cub::DoubleBuffer<cub::NullType> none;
        using K = cub::DispatchSegmentedSort<cub::SortOrder::Ascending, long long, cub::NullType, int, const int *,
                                             const int *>;
        by_object<cub::detail::segmented_sort::policy_hub<long long, cub::NullType>>(
            "DispatchSegmentedSort 8-byte keys, overwriting", [&](void *t, size_t &bytes, int) {
                return K(t, bytes, k, none, n, segs, d_offs, d_offs + 1, true, 0);
            });
        std::printf("  selector %d, %s, %llx\n", k.selector, ok(fetch(k.Current(), n) == s8), digest_values(s8));
        cudaFree(d_ki);
        cudaFree(d_ko);
        cudaFree(d_vi);
        cudaFree(d_vo);
        cudaFree(d_a);
        cudaFree(d_b);
    }
    cudaFree(d_offs);

    // Batched copies: buffers of 0 to a few thousand items.
    {
        const int nb = 64;
        std::vector<int> sizes(nb), at(nb);
        int total = 0;
        for (int b = 0; b < nb; b++) {
            sizes[b] = b % 9 == 0 ? 0 : (int)(rng.next() % (b % 4 == 0 ? 5000 : 40));
            at[b] = total;
            total += sizes[b];
        }
        std::vector<int> src(total);
        for (int i = 0; i < total; i++)
            src[i] = (int)rng.next();
        int *d_src = upload(src), *d_dst;
        cudaMalloc(&d_dst, total * sizeof(int));
        cudaMemset(d_dst, 0, total * sizeof(int));
        // Destinations in reverse order, so that no buffer lands where it was.
        std::vector<const void *> srcs(nb);
        std::vector<void *> dsts(nb);
        std::vector<int> bytes_of(nb), want(total);
        int put = 0;
        for (int b = nb - 1; b >= 0; b--) {
            dsts[b] = d_dst + put;
            for (int i = 0; i < sizes[b]; i++)
                want[put + i] = src[at[b] + i];
            put += sizes[b];
        }
        for (int b = 0; b < nb; b++) {
            srcs[b] = d_src + at[b];
            bytes_of[b] = sizes[b] * (int)sizeof(int);
        }
        const void **d_srcs = upload(srcs);
        void **d_dsts = upload(dsts);
        int *d_bytes = upload(bytes_of);
        using M = cub::detail::DispatchBatchMemcpy<const void **, void **, const int *, unsigned>;
        using Hub = cub::detail::batch_memcpy::policy_hub<unsigned, unsigned>;
        by_object<Hub>("DispatchBatchMemcpy memcpy", [&](void *t, size_t &bytes, int) {
            return M(t, bytes, d_srcs, d_dsts, d_bytes, nb, 0);
        });
        std::printf("  %s, %d ints, %llx\n", ok(fetch(d_dst, total) == want), total, digest_values(want));

        // Typed: the same buffers as int ranges, sizes in items.
        cudaMemset(d_dst, 0, total * sizeof(int));
        std::vector<const int *> isrcs(nb);
        std::vector<int *> idsts(nb);
        for (int b = 0; b < nb; b++) {
            isrcs[b] = (const int *)srcs[b];
            idsts[b] = (int *)dsts[b];
        }
        const int **d_isrcs = upload(isrcs);
        int **d_idsts = upload(idsts);
        int *d_sizes = upload(sizes);
        using C = cub::detail::DispatchBatchMemcpy<const int **, int **, const int *, unsigned, cub::CopyAlg::Copy>;
        by_object<Hub>("DispatchBatchMemcpy copy", [&](void *t, size_t &bytes, int) {
            return C(t, bytes, d_isrcs, d_idsts, d_sizes, nb, 0);
        });
        std::printf("  %s\n", ok(fetch(d_dst, total) == want));
        cudaFree(d_src);
        cudaFree(d_dst);
        cudaFree(d_srcs);
        cudaFree(d_dsts);
        cudaFree(d_bytes);
        cudaFree(d_isrcs);
        cudaFree(d_idsts);
        cudaFree(d_sizes);
    }
    return 0;
}
