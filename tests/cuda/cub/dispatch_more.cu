// More of CUB's dispatch classes called directly: DispatchReduceByKey (a
// caller's equality operator and wider accumulator; no items),
// DispatchScanByKey (exclusive from a value, inclusive), DispatchHistogram
// (DispatchEven and DispatchRange; one channel of ints, 3 of 4 channels of
// bytes in rows with padding; a range whose bin arithmetic would overflow),
// DispatchMergeSort (keys in place, pairs copied, ties kept in order; no
// items), DispatchSegmentedSort (keys and pairs, ascending and descending,
// overwriting or not, 4- and 8-byte keys, few and many segments: where
// the selectors end), DispatchAdjacentDifference (left and right, copied,
// in place, and may-alias with the output apart) and DispatchBatchMemcpy
// (memcpy and copy).  Each is called twice (size, then work).
#include <cub/device/dispatch/dispatch_adjacent_difference.cuh>
#include <cub/device/dispatch/dispatch_batch_memcpy.cuh>
#include <cub/device/dispatch/dispatch_histogram.cuh>
#include <cub/device/dispatch/dispatch_merge_sort.cuh>
#include <cub/device/dispatch/dispatch_reduce_by_key.cuh>
#include <cub/device/dispatch/dispatch_scan_by_key.cuh>
#include <cub/device/dispatch/dispatch_segmented_sort.cuh>

#include <algorithm>
#include "cub_test.h"

#include <cstdio>
#include <vector>

struct Plus {
    template <typename A, typename B>
    __host__ __device__ auto operator()(const A &a, const B &b) const
    {
        return a + b;
    }
};
struct Max {
    __host__ __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};
// Keys in the same ten are equal.
struct SameTen {
    __host__ __device__ bool operator()(int a, int b) const { return a / 10 == b / 10; }
};
// Orders by the low byte only, so many keys tie.
struct LowByteLess {
    __host__ __device__ bool operator()(int a, int b) const { return (a & 255) < (b & 255); }
};
struct Minus {
    __host__ __device__ int operator()(int a, int b) const { return a - b; }
};

static const char *ok(bool b) { return b ? "ok" : "WRONG"; }

int main()
{
    const int n = 100000;
    std::vector<int> h(n);
    for (int i = 0; i < n; i++)
        h[i] = (int)((i * 2654435761u) >> 7) % 100003 - 50000;

    // Keys in runs: a new ten every few items, sometimes another key of the same ten.
    std::vector<int> keys(n);
    {
        int k = 0;
        for (int i = 0; i < n; i++) {
            unsigned r = (unsigned)h[i] * 2246822519u >> 20;
            if (r % 9 == 0)
                k += 10;
            keys[i] = k + (int)(r % 3);
        }
    }
    int *d_keys = upload(keys);
    std::vector<int> vals(n);
    for (int i = 0; i < n; i++)
        vals[i] = h[i] * 40000 + (h[i] & 7); // runs of these overflow int
    int *d_vals = upload(vals);

    // Reduce by key: int values summed into long long runs.
    {
        std::vector<int> first, last;
        std::vector<long long> agg;
        for (int i = 0; i < n; i++) {
            if (i == 0 || !SameTen{}(keys[i - 1], keys[i])) {
                first.push_back(keys[i]);
                last.push_back(0);
                agg.push_back(0);
            }
            last.back() = keys[i];
            agg.back() += vals[i];
        }
        int *d_uk, *d_num;
        long long *d_agg;
        cudaMalloc(&d_uk, n * sizeof(int));
        cudaMalloc(&d_agg, n * sizeof(long long));
        cudaMalloc(&d_num, sizeof(int));
        using D = cub::DispatchReduceByKey<const int *, int *, const int *, long long *, int *, SameTen, Plus,
                                           unsigned, long long>;
        size_t bytes = 0;
        cudaError_t e1 = D::Dispatch(nullptr, bytes, d_keys, d_uk, d_vals, d_agg, d_num, SameTen{}, Plus{},
                                     (unsigned)n, 0);
        void *t = temp_for(bytes);
        cudaError_t e2 = D::Dispatch(t, bytes, d_keys, d_uk, d_vals, d_agg, d_num, SameTen{}, Plus{}, (unsigned)n, 0);
        int runs = fetch(d_num, 1)[0];
        std::vector<int> got = fetch(d_uk, runs);
        // Keys the equality finds equal differ: which of a run's keys comes out?
        std::printf("DispatchReduceByKey: %d %d, %d runs (%s), the runs' first keys %d, last keys %d, sums %s %llx\n",
                    (int)e1, (int)e2, runs, ok(runs == (int)agg.size()), (int)(got == first), (int)(got == last),
                    ok(fetch(d_agg, runs) == agg), digest_values(agg));
        int junk = 12345;
        cudaMemcpy(d_num, &junk, sizeof junk, cudaMemcpyHostToDevice);
        size_t bytes0 = 0;
        cudaError_t e3 = D::Dispatch(nullptr, bytes0, d_keys, d_uk, d_vals, d_agg, d_num, SameTen{}, Plus{}, 0u, 0);
        cudaError_t e4 = D::Dispatch(t, bytes, d_keys, d_uk, d_vals, d_agg, d_num, SameTen{}, Plus{}, 0u, 0);
        std::printf("DispatchReduceByKey of no items: %d %d, runs %d\n", (int)e3, (int)e4, fetch(d_num, 1)[0]);
        cudaFree(t);
        cudaFree(d_uk);
        cudaFree(d_agg);
        cudaFree(d_num);
    }

    // Scans by key.
    {
        const long long init = 1000000007LL;
        std::vector<long long> exc(n);
        std::vector<int> inc(n);
        long long acc = 0;
        int best = 0;
        for (int i = 0; i < n; i++) {
            bool head = i == 0 || !SameTen{}(keys[i - 1], keys[i]);
            if (head)
                acc = init;
            exc[i] = acc;
            acc += vals[i];
            best = head ? vals[i] : std::max(best, vals[i]);
            inc[i] = best;
        }
        long long *d_exc;
        int *d_inc;
        cudaMalloc(&d_exc, n * sizeof(long long));
        cudaMalloc(&d_inc, n * sizeof(int));

        using Exc = cub::DispatchScanByKey<const int *, const int *, long long *, SameTen, Plus, long long, unsigned>;
        size_t bytes = 0;
        cudaError_t e1 = Exc::Dispatch(nullptr, bytes, d_keys, d_vals, d_exc, SameTen{}, Plus{}, init, (unsigned)n, 0);
        void *t = temp_for(bytes);
        cudaError_t e2 = Exc::Dispatch(t, bytes, d_keys, d_vals, d_exc, SameTen{}, Plus{}, init, (unsigned)n, 0);
        std::printf("DispatchScanByKey exclusive: %d %d %s, %llx\n", (int)e1, (int)e2, ok(fetch(d_exc, n) == exc),
                    digest_values(exc));
        cudaFree(t);

        using Inc = cub::DispatchScanByKey<const int *, const int *, int *, SameTen, Max, cub::NullType,
                                           unsigned long long>;
        bytes = 0;
        e1 = Inc::Dispatch(nullptr, bytes, d_keys, d_vals, d_inc, SameTen{}, Max{}, cub::NullType{},
                           (unsigned long long)n, 0);
        t = temp_for(bytes);
        e2 = Inc::Dispatch(t, bytes, d_keys, d_vals, d_inc, SameTen{}, Max{}, cub::NullType{}, (unsigned long long)n, 0);
        std::printf("DispatchScanByKey inclusive: %d %d %s, %llx\n", (int)e1, (int)e2, ok(fetch(d_inc, n) == inc),
                    digest_values(inc));
        cudaFree(t);
        cudaFree(d_exc);
        cudaFree(d_inc);
    }

    // Histograms.
    {
        // Even: one channel of ints, 37 bins over [-40000, 45000).
        const int levels = 38, lo = -40000, hi = 45000;
        std::vector<int> want(levels - 1, 0);
        for (int x : h)
            if (x >= lo && x < hi)
                want[(int)(((long long)(x - lo) * (levels - 1)) / (hi - lo))]++;
        int *d_hist;
        cudaMalloc(&d_hist, 4096 * sizeof(int));
        int *d_h = upload(h);
        using E = cub::DispatchHistogram<1, 1, const int *, int, int, int>;
        size_t bytes = 0;
        cudaError_t e1 = E::DispatchEven(nullptr, bytes, d_h, {d_hist}, {levels}, {lo}, {hi}, n, 1, n, 0,
                                         ::cuda::std::false_type{});
        void *t = temp_for(bytes);
        cudaError_t e2 = E::DispatchEven(t, bytes, d_h, {d_hist}, {levels}, {lo}, {hi}, n, 1, n, 0,
                                         ::cuda::std::false_type{});
        std::printf("DispatchHistogram even: %d %d %s, %llx\n", (int)e1, (int)e2, ok(fetch(d_hist, levels - 1) == want),
                    digest_values(want));
        cudaFree(t);

        // Even with a range whose bin arithmetic would overflow.
        using O = cub::DispatchHistogram<1, 1, const long long *, int, long long, int>;
        bytes = 0;
        cudaError_t e3 = O::DispatchEven(nullptr, bytes, (const long long *)nullptr, {d_hist}, {1001},
                                         {-(1LL << 61)}, {1LL << 61}, 0, 1, 0, 0, ::cuda::std::false_type{});
        std::printf("DispatchHistogram even, overflowing range: %d\n", (int)e3);

        // Range: 4 channels of bytes, the first 3 counted, 50 rows of 300
        // pixels 320 pixels apart; the padding must not count.
        const int px = 300, rows = 50, stride = 320 * 4;
        std::vector<unsigned char> img((size_t)rows * stride);
        for (size_t i = 0; i < img.size(); i++)
            img[i] = (unsigned char)((i * 2654435761u) >> 13);
        for (int r = 0; r < rows; r++)
            for (int x = px * 4; x < stride; x++)
                img[(size_t)r * stride + x] = 7; // padding
        std::vector<int> lv[3] = {{0, 7, 8, 100, 200, 256}, {10, 20, 30, 40, 50, 60, 250}, {0, 128, 255}};
        std::vector<unsigned> want3[3];
        for (int c = 0; c < 3; c++) {
            want3[c].assign(lv[c].size() - 1, 0);
            for (int r = 0; r < rows; r++)
                for (int x = 0; x < px; x++) {
                    int s = img[(size_t)r * stride + x * 4 + c];
                    for (size_t b = 0; b + 1 < lv[c].size(); b++)
                        if (s >= lv[c][b] && s < lv[c][b + 1])
                            want3[c][b]++;
                }
        }
        unsigned char *d_img = upload(img);
        int *d_lv[3];
        unsigned *d_h3[3];
        for (int c = 0; c < 3; c++) {
            d_lv[c] = upload(lv[c]);
            cudaMalloc(&d_h3[c], 64 * sizeof(unsigned));
        }
        using R = cub::DispatchHistogram<4, 3, const unsigned char *, unsigned, int, int>;
        ::cuda::std::array<unsigned *, 3> outs{d_h3[0], d_h3[1], d_h3[2]};
        ::cuda::std::array<int, 3> nlv{(int)lv[0].size(), (int)lv[1].size(), (int)lv[2].size()};
        ::cuda::std::array<const int *, 3> plv{d_lv[0], d_lv[1], d_lv[2]};
        bytes = 0;
        e1 = R::DispatchRange(nullptr, bytes, d_img, outs, nlv, plv, px, rows, stride, 0, ::cuda::std::true_type{});
        t = temp_for(bytes);
        e2 = R::DispatchRange(t, bytes, d_img, outs, nlv, plv, px, rows, stride, 0, ::cuda::std::true_type{});
        bool good = true;
        for (int c = 0; c < 3; c++)
            good &= fetch(d_h3[c], want3[c].size()) == want3[c];
        std::printf("DispatchHistogram range, 3 of 4 byte channels, 2D: %d %d %s, %llx %llx %llx\n", (int)e1, (int)e2,
                    ok(good), digest_values(want3[0]), digest_values(want3[1]), digest_values(want3[2]));
        cudaFree(t);

        // Even over the same bytes: 2 channels of 4 counted, 16 bins each over [16, 240).
        using EB = cub::DispatchHistogram<4, 2, const unsigned char *, unsigned, int, int>;
        std::vector<unsigned> wantb[2];
        for (int c = 0; c < 2; c++) {
            wantb[c].assign(16, 0);
            for (int r = 0; r < rows; r++)
                for (int x = 0; x < px; x++) {
                    int s = img[(size_t)r * stride + x * 4 + c];
                    if (s >= 16 && s < 240)
                        wantb[c][(s - 16) * 16 / 224]++;
                }
        }
        bytes = 0;
        e1 = EB::DispatchEven(nullptr, bytes, d_img, {d_h3[0], d_h3[1]}, {17, 17}, {16, 16}, {240, 240}, px, rows,
                              stride, 0, ::cuda::std::true_type{});
        t = temp_for(bytes);
        e2 = EB::DispatchEven(t, bytes, d_img, {d_h3[0], d_h3[1]}, {17, 17}, {16, 16}, {240, 240}, px, rows, stride, 0,
                              ::cuda::std::true_type{});
        good = fetch(d_h3[0], 16) == wantb[0] && fetch(d_h3[1], 16) == wantb[1];
        std::printf("DispatchHistogram even, 2 of 4 byte channels, 2D: %d %d %s, %llx %llx\n", (int)e1, (int)e2,
                    ok(good), digest_values(wantb[0]), digest_values(wantb[1]));
        cudaFree(t);
        for (int c = 0; c < 3; c++) {
            cudaFree(d_lv[c]);
            cudaFree(d_h3[c]);
        }
        cudaFree(d_img);
        cudaFree(d_h);
        cudaFree(d_hist);
    }

    // Merge sorts by the low byte: ties keep their order.
    {
        std::vector<int> idx(n);
        for (int i = 0; i < n; i++)
            idx[i] = i;
        std::vector<int> sk = h, sv = idx;
        {
            std::vector<int> order = idx;
            std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return LowByteLess{}(h[a], h[b]); });
            for (int i = 0; i < n; i++) {
                sk[i] = h[order[i]];
                sv[i] = order[i];
            }
        }
        int *d_k = upload(h);
        using K = cub::DispatchMergeSort<int *, cub::NullType *, int *, cub::NullType *, unsigned, LowByteLess>;
        size_t bytes = 0;
        cudaError_t e1 = K::Dispatch(nullptr, bytes, d_k, nullptr, d_k, nullptr, (unsigned)n, LowByteLess{}, 0);
        void *t = temp_for(bytes);
        cudaError_t e2 = K::Dispatch(t, bytes, d_k, nullptr, d_k, nullptr, (unsigned)n, LowByteLess{}, 0);
        std::printf("DispatchMergeSort keys in place: %d %d %s, %llx\n", (int)e1, (int)e2, ok(fetch(d_k, n) == sk),
                    digest_values(sk));
        cudaFree(t);

        int *d_ki = upload(h), *d_vi = upload(idx), *d_ko, *d_vo;
        cudaMalloc(&d_ko, n * sizeof(int));
        cudaMalloc(&d_vo, n * sizeof(int));
        using P = cub::DispatchMergeSort<const int *, const int *, int *, int *, unsigned long long, LowByteLess>;
        bytes = 0;
        e1 = P::Dispatch(nullptr, bytes, d_ki, d_vi, d_ko, d_vo, (unsigned long long)n, LowByteLess{}, 0);
        t = temp_for(bytes);
        e2 = P::Dispatch(t, bytes, d_ki, d_vi, d_ko, d_vo, (unsigned long long)n, LowByteLess{}, 0);
        bool good = fetch(d_ko, n) == sk && fetch(d_vo, n) == sv && fetch(d_ki, n) == h;
        std::printf("DispatchMergeSort pairs copied: %d %d %s, %llx\n", (int)e1, (int)e2, ok(good), digest_values(sv));
        size_t bytes0 = 12345;
        cudaError_t e3 = P::Dispatch(nullptr, bytes0, d_ki, d_vi, d_ko, d_vo, 0ull, LowByteLess{}, 0);
        std::printf("DispatchMergeSort of no items: %d, size %s\n", (int)e3, bytes0 == 0 ? "0" : "not 0");
        cudaFree(t);
        cudaFree(d_k);
        cudaFree(d_ki);
        cudaFree(d_vi);
        cudaFree(d_ko);
        cudaFree(d_vo);
    }

    // Segmented sorts: a few segments (some large, one empty), and 1200.
    {
        const int m = 60000;
        std::vector<int> few = {0, 3, 3, 9000, 9001, 30000, 30500, 59000};
        std::vector<int> many;
        for (int s = 0; s <= 1200; s++)
            many.push_back(s * 49 + (s % 7) * (s > 0 && s < 1200 ? 3 : 0));
        // Key 32-bit ties (x & ~15), pairs carry the index.
        std::vector<int> k4(m), v(m);
        std::vector<long long> k8(m);
        for (int i = 0; i < m; i++) {
            k4[i] = h[i] & ~15;
            k8[i] = (long long)h[i] * 3000000007LL;
            v[i] = i;
        }
        auto host_sort = [&](const std::vector<int> &offs, auto keys, bool desc, std::vector<int> &vo) {
            vo = v;
            for (size_t s = 0; s + 1 < offs.size(); s++)
                std::stable_sort(vo.begin() + offs[s], vo.begin() + offs[s + 1],
                                 [&](int a, int b) { return desc ? keys[b] < keys[a] : keys[a] < keys[b]; });
            std::vector<decltype(keys[0] + 0)> ko(m);
            for (int i = 0; i < m; i++)
                ko[i] = keys[vo[i]];
            return ko;
        };
        int *d_few = upload(few), *d_many = upload(many);

        // Keys (4 bytes), ascending, few segments, not overwriting.
        {
            std::vector<int> vo;
            std::vector<int> want = host_sort(few, k4, false, vo);
            int *d_a = upload(k4), *d_b;
            cudaMalloc(&d_b, m * sizeof(int));
            cub::DoubleBuffer<int> k(d_a, d_b);
            cub::DoubleBuffer<cub::NullType> nv;
            using D = cub::DispatchSegmentedSort<cub::SortOrder::Ascending, int, cub::NullType, int, const int *,
                                                 const int *>;
            size_t bytes = 0;
            cudaError_t e1 = D::Dispatch(nullptr, bytes, k, nv, m, (long long)few.size() - 1, d_few, d_few + 1, false, 0);
            void *t = temp_for(bytes);
            cudaError_t e2 = D::Dispatch(t, bytes, k, nv, m, (long long)few.size() - 1, d_few, d_few + 1, false, 0);
            std::vector<int> got = fetch(k.Current(), m);
            got.resize(few.back());
            want.resize(few.back());
            std::printf("DispatchSegmentedSort keys, few, not overwriting: %d %d, selector %d, %s, input kept %d, %llx\n",
                        (int)e1, (int)e2, k.selector, ok(got == want), (int)(fetch(d_a, m) == k4), digest_values(want));
            cudaFree(t);
            cudaFree(d_a);
            cudaFree(d_b);
        }

        // Pairs with 4- and 8-byte keys, descending and ascending, overwriting, few and many segments.
        auto pairs = [&](const char *what, auto key_vec, const std::vector<int> &offs, const int *d_offs, bool desc,
                         bool overwrite) {
            typedef typename decltype(key_vec)::value_type KeyT;
            std::vector<int> vo;
            std::vector<KeyT> want = host_sort(offs, key_vec, desc, vo);
            KeyT *d_a = upload(key_vec), *d_b;
            int *d_va = upload(v), *d_vb;
            cudaMalloc(&d_b, m * sizeof(KeyT));
            cudaMalloc(&d_vb, m * sizeof(int));
            cub::DoubleBuffer<KeyT> k(d_a, d_b);
            cub::DoubleBuffer<int> vv(d_va, d_vb);
            long long segs = (long long)offs.size() - 1;
            size_t bytes = 0;
            cudaError_t e1, e2;
            void *t;
            if (desc) {
                using D = cub::DispatchSegmentedSort<cub::SortOrder::Descending, KeyT, int, int, const int *,
                                                     const int *>;
                e1 = D::Dispatch(nullptr, bytes, k, vv, m, segs, d_offs, d_offs + 1, overwrite, 0);
                t = temp_for(bytes);
                e2 = D::Dispatch(t, bytes, k, vv, m, segs, d_offs, d_offs + 1, overwrite, 0);
            } else {
                using D = cub::DispatchSegmentedSort<cub::SortOrder::Ascending, KeyT, int, int, const int *,
                                                     const int *>;
                e1 = D::Dispatch(nullptr, bytes, k, vv, m, segs, d_offs, d_offs + 1, overwrite, 0);
                t = temp_for(bytes);
                e2 = D::Dispatch(t, bytes, k, vv, m, segs, d_offs, d_offs + 1, overwrite, 0);
            }
            std::vector<KeyT> gk = fetch(k.Current(), offs.back());
            std::vector<int> gv = fetch(vv.Current(), offs.back());
            want.resize(offs.back());
            vo.resize(offs.back());
            std::printf("DispatchSegmentedSort %s: %d %d, selectors %d %d, %s, %llx %llx\n", what, (int)e1, (int)e2,
                        k.selector, vv.selector, ok(gk == want && gv == vo), digest_values(want), digest_values(vo));
            cudaFree(t);
            cudaFree(d_a);
            cudaFree(d_b);
            cudaFree(d_va);
            cudaFree(d_vb);
        };
        pairs("pairs, 4-byte keys, descending, few, overwriting", k4, few, d_few, true, true);
        pairs("pairs, 4-byte keys, ascending, many, overwriting", k4, many, d_many, false, true);
        pairs("pairs, 4-byte keys, descending, many, not overwriting", k4, many, d_many, true, false);
        pairs("pairs, 8-byte keys, ascending, few, overwriting", k8, few, d_few, false, true);
        pairs("pairs, 8-byte keys, descending, many, overwriting", k8, many, d_many, true, true);

        // No segments: nothing moves.
        {
            int *d_a = upload(k4);
            cub::DoubleBuffer<int> k(d_a, d_a);
            cub::DoubleBuffer<cub::NullType> nv;
            using D = cub::DispatchSegmentedSort<cub::SortOrder::Ascending, int, cub::NullType, int, const int *,
                                                 const int *>;
            size_t bytes = 0;
            cudaError_t e1 = D::Dispatch(nullptr, bytes, k, nv, m, 0, d_few, d_few + 1, false, 0);
            void *t = temp_for(bytes);
            cudaError_t e2 = D::Dispatch(t, bytes, k, nv, m, 0, d_few, d_few + 1, false, 0);
            std::printf("DispatchSegmentedSort of no segments: %d %d, selector %d\n", (int)e1, (int)e2, k.selector);
            cudaFree(t);
            cudaFree(d_a);
        }
        cudaFree(d_few);
        cudaFree(d_many);
    }

    // Adjacent differences.
    {
        std::vector<int> left(n), right(n);
        for (int i = 0; i < n; i++) {
            left[i] = i == 0 ? h[0] : h[i] - h[i - 1];
            right[i] = i == n - 1 ? h[i] : h[i] - h[i + 1];
        }
        int *d_in = upload(h), *d_out;
        cudaMalloc(&d_out, n * sizeof(int));

        using L = cub::DispatchAdjacentDifference<const int *, int *, Minus, unsigned, cub::MayAlias::No,
                                                  cub::ReadOption::Left>;
        size_t bytes = 0;
        cudaError_t e1 = L::Dispatch(nullptr, bytes, d_in, d_out, (unsigned)n, Minus{}, 0);
        void *t = temp_for(bytes);
        cudaError_t e2 = L::Dispatch(t, bytes, d_in, d_out, (unsigned)n, Minus{}, 0);
        std::printf("DispatchAdjacentDifference left, copied: %d %d %s, %llx\n", (int)e1, (int)e2,
                    ok(fetch(d_out, n) == left && fetch(d_in, n) == h), digest_values(left));
        cudaFree(t);

        using R = cub::DispatchAdjacentDifference<const int *, int *, Minus, unsigned long long, cub::MayAlias::No,
                                                  cub::ReadOption::Right>;
        bytes = 0;
        e1 = R::Dispatch(nullptr, bytes, d_in, d_out, (unsigned long long)n, Minus{}, 0);
        t = temp_for(bytes);
        e2 = R::Dispatch(t, bytes, d_in, d_out, (unsigned long long)n, Minus{}, 0);
        std::printf("DispatchAdjacentDifference right, copied: %d %d %s, %llx\n", (int)e1, (int)e2,
                    ok(fetch(d_out, n) == right), digest_values(right));
        cudaFree(t);

        using LI = cub::DispatchAdjacentDifference<int *, int *, Minus, unsigned, cub::MayAlias::Yes,
                                                   cub::ReadOption::Left>;
        int *d_io = upload(h);
        bytes = 0;
        e1 = LI::Dispatch(nullptr, bytes, d_io, d_io, (unsigned)n, Minus{}, 0);
        t = temp_for(bytes);
        e2 = LI::Dispatch(t, bytes, d_io, d_io, (unsigned)n, Minus{}, 0);
        std::printf("DispatchAdjacentDifference left, in place: %d %d %s\n", (int)e1, (int)e2,
                    ok(fetch(d_io, n) == left));
        cudaFree(t);

        using RI = cub::DispatchAdjacentDifference<int *, int *, Minus, unsigned, cub::MayAlias::Yes,
                                                   cub::ReadOption::Right>;
        cudaMemcpy(d_io, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
        bytes = 0;
        e1 = RI::Dispatch(nullptr, bytes, d_io, d_io, (unsigned)n, Minus{}, 0);
        t = temp_for(bytes);
        e2 = RI::Dispatch(t, bytes, d_io, d_io, (unsigned)n, Minus{}, 0);
        std::printf("DispatchAdjacentDifference right, in place: %d %d %s\n", (int)e1, (int)e2,
                    ok(fetch(d_io, n) == right));
        cudaFree(t);

        // May alias, but the output lies apart.
        using LA = cub::DispatchAdjacentDifference<const int *, int *, Minus, unsigned, cub::MayAlias::Yes,
                                                   cub::ReadOption::Left>;
        cudaMemset(d_out, 0, n * sizeof(int));
        bytes = 0;
        e1 = LA::Dispatch(nullptr, bytes, d_in, d_out, (unsigned)n, Minus{}, 0);
        t = temp_for(bytes);
        e2 = LA::Dispatch(t, bytes, d_in, d_out, (unsigned)n, Minus{}, 0);
        std::printf("DispatchAdjacentDifference left, may alias, apart: %d %d %s\n", (int)e1, (int)e2,
                    ok(fetch(d_out, n) == left && fetch(d_in, n) == h));
        cudaFree(t);
        cudaFree(d_io);
        cudaFree(d_in);
        cudaFree(d_out);
    }

    // Batched copies: 300 buffers of 0 to 2000 ints, packed end to end.
    {
        const int nb = 300;
        std::vector<int> sizes(nb), offs(nb + 1, 0);
        for (int b = 0; b < nb; b++) {
            sizes[b] = (b * 7919) % 2001;
            offs[b + 1] = offs[b] + sizes[b];
        }
        const int total = offs[nb];
        std::vector<int> src(total);
        for (int i = 0; i < total; i++)
            src[i] = h[i % n] ^ i;
        int *d_src = upload(src), *d_dst;
        cudaMalloc(&d_dst, total * sizeof(int));
        // The copies go in reverse order of the buffers.
        std::vector<int> want(total);
        std::vector<const void *> in_ptrs(nb);
        std::vector<void *> out_ptrs(nb);
        std::vector<unsigned> bytes_of(nb);
        std::vector<const int *> in_its(nb);
        std::vector<int *> out_its(nb);
        int at = 0;
        for (int b = nb - 1; b >= 0; b--) {
            std::copy(src.begin() + offs[b], src.begin() + offs[b + 1], want.begin() + at);
            in_ptrs[b] = d_src + offs[b];
            out_ptrs[b] = d_dst + at;
            in_its[b] = d_src + offs[b];
            out_its[b] = d_dst + at;
            bytes_of[b] = sizes[b] * sizeof(int);
            at += sizes[b];
        }
        const void **d_in_ptrs = upload(in_ptrs);
        void **d_out_ptrs = upload(out_ptrs);
        unsigned *d_bytes = upload(bytes_of);
        const int **d_in_its = upload(in_its);
        int **d_out_its = upload(out_its);
        int *d_sizes = upload(sizes);

        using M = cub::detail::DispatchBatchMemcpy<const void **, void **, const unsigned *, unsigned>;
        size_t bytes = 0;
        cudaError_t e1 = M::Dispatch(nullptr, bytes, d_in_ptrs, d_out_ptrs, d_bytes, nb, 0);
        void *t = temp_for(bytes);
        cudaError_t e2 = M::Dispatch(t, bytes, d_in_ptrs, d_out_ptrs, d_bytes, nb, 0);
        std::printf("DispatchBatchMemcpy memcpy: %d %d %s, %d ints, %llx\n", (int)e1, (int)e2,
                    ok(fetch(d_dst, total) == want), total, digest_values(want));
        cudaFree(t);

        cudaMemset(d_dst, 0, total * sizeof(int));
        using C = cub::detail::DispatchBatchMemcpy<const int **, int **, const int *, unsigned, cub::CopyAlg::Copy>;
        bytes = 0;
        e1 = C::Dispatch(nullptr, bytes, d_in_its, d_out_its, d_sizes, nb, 0);
        t = temp_for(bytes);
        e2 = C::Dispatch(t, bytes, d_in_its, d_out_its, d_sizes, nb, 0);
        std::printf("DispatchBatchMemcpy copy: %d %d %s\n", (int)e1, (int)e2, ok(fetch(d_dst, total) == want));
        cudaFree(t);
        cudaFree(d_src);
        cudaFree(d_dst);
        cudaFree(d_in_ptrs);
        cudaFree(d_out_ptrs);
        cudaFree(d_bytes);
        cudaFree(d_in_its);
        cudaFree(d_out_its);
        cudaFree(d_sizes);
    }
    cudaFree(d_keys);
    cudaFree(d_vals);
    return 0;
}
