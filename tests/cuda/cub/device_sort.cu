// device_sort.cu: cub::DeviceSegmentedRadixSort, cub::DeviceSegmentedSort
// (pointer and DoubleBuffer forms; empty segments; items outside every
// segment are left alone), cub::DeviceMergeSort (a user's comparator;
// stable forms with ties, unstable ones on distinct keys) and
// cub::DeviceMerge.
#include <cub/cub.cuh>
#include "cub_test.h"

// orders by the low byte only, so many keys tie
struct LowByteLess {
    __host__ __device__ bool operator()(unsigned a, unsigned b) const { return (a & 255u) < (b & 255u); }
};
struct Greater {
    __host__ __device__ bool operator()(int a, int b) const { return a > b; }
};

int main()
{
    const int n = 600000;
    lcg r(13);
    std::vector<int> keys(n), vals(n);
    for (int i = 0; i < n; i++) {
        keys[i] = (int)(r.next() % 100000) - 50000;
        vals[i] = i;
    }
    // segments, two of them empty, and [590000, n) in none
    std::vector<int> begin = {0, 10, 10, 5000, 77777, 300000, 300000, 300001};
    std::vector<int> end = {10, 10, 5000, 77777, 300000, 300000, 300001, 590000};
    int nseg = (int)begin.size();
    int *d_k = upload(keys), *d_v = upload(vals), *d_ko, *d_vo;
    int *d_begin = upload(begin), *d_end = upload(end);
    cudaMalloc(&d_ko, n * sizeof(int));
    cudaMalloc(&d_vo, n * sizeof(int));
    CK(cudaMemset(d_ko, 0xff, n * sizeof(int)));
    CK(cudaMemset(d_vo, 0xff, n * sizeof(int)));

    cub_call("SegmentedRadixSort::SortPairs", [&](void *t, size_t &b) {
        return cub::DeviceSegmentedRadixSort::SortPairs(t, b, d_k, d_ko, d_v, d_vo, n, nseg, d_begin, d_end);
    });
    printf("  %016llx %016llx outside %d %d\n", (unsigned long long)digest(d_ko, n), (unsigned long long)digest(d_vo, n),
           get1(d_ko, n - 1), get1(d_vo, 595000));
    cub_call("SegmentedRadixSort::SortPairsDescending bits 0..10", [&](void *t, size_t &b) {
        return cub::DeviceSegmentedRadixSort::SortPairsDescending(t, b, d_k, d_ko, d_v, d_vo, n, nseg, d_begin, d_end, 0, 10);
    });
    printf("  %016llx %016llx\n", (unsigned long long)digest(d_ko, 590000), (unsigned long long)digest(d_vo, 590000));
    cub_call("SegmentedRadixSort::SortKeys", [&](void *t, size_t &b) {
        return cub::DeviceSegmentedRadixSort::SortKeys(t, b, d_k, d_ko, n, nseg, d_begin, d_end);
    });
    printf("  %016llx\n", (unsigned long long)digest(d_ko, 590000));
    int *d_a = upload(keys), *d_b, *d_va = upload(vals), *d_vb;
    cudaMalloc(&d_b, n * sizeof(int));
    cudaMalloc(&d_vb, n * sizeof(int));
    cub::DoubleBuffer<int> dk(d_a, d_b);
    cub::DoubleBuffer<int> dv(d_va, d_vb);
    cub_call("SegmentedRadixSort::SortPairs DoubleBuffer", [&](void *t, size_t &b) {
        return cub::DeviceSegmentedRadixSort::SortPairs(t, b, dk, dv, n, nseg, d_begin, d_end);
    });
    printf("  %016llx %016llx\n", (unsigned long long)digest(dk.Current(), 590000),
           (unsigned long long)digest(dv.Current(), 590000));

    cub_call("SegmentedSort::SortPairs", [&](void *t, size_t &b) {
        return cub::DeviceSegmentedSort::SortPairs(t, b, d_k, d_ko, d_v, d_vo, n, nseg, d_begin, d_end);
    });
    // not stable: the values of equal keys may come in any order
    printf("  %016llx\n", (unsigned long long)digest(d_ko, 590000));
    cub_call("SegmentedSort::StableSortPairsDescending", [&](void *t, size_t &b) {
        return cub::DeviceSegmentedSort::StableSortPairsDescending(t, b, d_k, d_ko, d_v, d_vo, n, nseg, d_begin, d_end);
    });
    printf("  %016llx %016llx\n", (unsigned long long)digest(d_ko, 590000), (unsigned long long)digest(d_vo, 590000));
    cub_call("SegmentedSort::SortKeysDescending", [&](void *t, size_t &b) {
        return cub::DeviceSegmentedSort::SortKeysDescending(t, b, d_k, d_ko, n, nseg, d_begin, d_end);
    });
    printf("  %016llx\n", (unsigned long long)digest(d_ko, 590000));
    CK(cudaMemcpy(d_a, keys.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    cub::DoubleBuffer<int> dk2(d_a, d_b);
    cub_call("SegmentedSort::StableSortKeys DoubleBuffer", [&](void *t, size_t &b) {
        return cub::DeviceSegmentedSort::StableSortKeys(t, b, dk2, n, nseg, d_begin, d_end);
    });
    printf("  %016llx\n", (unsigned long long)digest(dk2.Current(), 590000));

    // merge sort: distinct keys for the unstable forms
    std::vector<int> perm(n);
    for (int i = 0; i < n; i++)
        perm[i] = (int)((i * 7919ull) % n);
    int *d_p = upload(perm);
    cub_call("MergeSort::SortPairs greater", [&](void *t, size_t &b) {
        return cub::DeviceMergeSort::SortPairs(t, b, d_p, d_v, n, Greater());
    });
    printf("  %016llx %016llx %d %d\n", (unsigned long long)digest(d_p, n), (unsigned long long)digest(d_v, n), get1(d_p),
           get1(d_v));
    std::vector<unsigned> u(n);
    for (int i = 0; i < n; i++)
        u[i] = r.next();
    unsigned *d_u = upload(u), *d_uo;
    cudaMalloc(&d_uo, n * sizeof(unsigned));
    cub_call("MergeSort::StableSortKeysCopy low byte", [&](void *t, size_t &b) {
        return cub::DeviceMergeSort::StableSortKeysCopy(t, b, d_u, d_uo, n, LowByteLess());
    });
    printf("  %016llx input kept %d\n", (unsigned long long)digest(d_uo, n), digest(d_u, n) == digest_host(u.data(), n));
    int *d_v2 = upload(vals);
    cub_call("MergeSort::StableSortPairs low byte", [&](void *t, size_t &b) {
        return cub::DeviceMergeSort::StableSortPairs(t, b, d_u, d_v2, n, LowByteLess());
    });
    printf("  %016llx %016llx\n", (unsigned long long)digest(d_u, n), (unsigned long long)digest(d_v2, n));
    cub_call("MergeSort::SortKeys", [&](void *t, size_t &b) {
        return cub::DeviceMergeSort::SortKeys(t, b, d_k, n, cuda::std::less<>());
    });
    printf("  %016llx\n", (unsigned long long)digest(d_k, n));

    // merging two sorted sequences (equal keys: the first sequence's first)
    std::vector<int> m1(70001), m2(50000), mv1(70001), mv2(50000);
    for (size_t i = 0; i < m1.size(); i++) {
        m1[i] = (int)(i / 2) * 3;
        mv1[i] = (int)i;
    }
    for (size_t i = 0; i < m2.size(); i++) {
        m2[i] = (int)i * 2;
        mv2[i] = -(int)i - 1;
    }
    int *d_m1 = upload(m1), *d_m2 = upload(m2), *d_mv1 = upload(mv1), *d_mv2 = upload(mv2), *d_mo, *d_mvo;
    int total = (int)(m1.size() + m2.size());
    cudaMalloc(&d_mo, total * sizeof(int));
    cudaMalloc(&d_mvo, total * sizeof(int));
    cub_call("Merge::MergeKeys", [&](void *t, size_t &b) {
        return cub::DeviceMerge::MergeKeys(t, b, d_m1, (int64_t)m1.size(), d_m2, (int64_t)m2.size(), d_mo);
    });
    printf("  %016llx\n", (unsigned long long)digest(d_mo, total));
    cub_call("Merge::MergePairs", [&](void *t, size_t &b) {
        return cub::DeviceMerge::MergePairs(t, b, d_m1, d_mv1, (int64_t)m1.size(), d_m2, d_mv2, (int64_t)m2.size(), d_mo, d_mvo);
    });
    printf("  %016llx %016llx %d %d %d\n", (unsigned long long)digest(d_mo, total), (unsigned long long)digest(d_mvo, total),
           get1(d_mvo), get1(d_mvo, 1), get1(d_mvo, 2));
    return 0;
}
