// radix_sort_large.cu: cub::DeviceRadixSort on inputs of 16 MiB and more
// (keys, or keys and values together), where an implementation may sort
// by other means than it does small ones: keys and pairs of 32- and
// 64-bit types, ascending and descending, DoubleBuffer and pointer forms,
// a bit range (stable outside it), and skewed inputs (most keys in one
// digit, the rest spread) whose largest groups dwarf the others; a few
// keys far above the rest, keys that differ only in their top byte, and
// keys all equal.  Each result is checked against a stable sort on the
// host and its digest printed.
#include <cub/cub.cuh>
#include <algorithm>
#include <numeric>
#include "cub_test.h"

// The stable order of the keys' bits [begin, end) (ascending or not) as
// the host computes it: indices into keys.
template <class K, class B>
static std::vector<int> host_order(const std::vector<K> &keys, B bits_of, bool descending)
{
    std::vector<int> idx(keys.size());
    std::iota(idx.begin(), idx.end(), 0);
    std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) {
        return descending ? bits_of(keys[b]) < bits_of(keys[a]) : bits_of(keys[a]) < bits_of(keys[b]);
    });
    return idx;
}

// Sorts pairs (keys, their indices) on the device, compares with the
// host's stable order, prints the digests.
template <class K, class B>
static void pairs(const char *name, const std::vector<K> &hk, B bits_of, bool descending, int begin = 0,
                  int end = (int)sizeof(K) * 8)
{
    int n = (int)hk.size();
    std::vector<int> hv(n);
    std::iota(hv.begin(), hv.end(), 0);
    K *d_k = upload(hk), *d_ko;
    int *d_v = upload(hv), *d_vo;
    cudaMalloc(&d_ko, n * sizeof(K));
    cudaMalloc(&d_vo, n * sizeof(int));
    cub_call(name, [&](void *t, size_t &b) {
        return descending ? cub::DeviceRadixSort::SortPairsDescending(t, b, d_k, d_ko, d_v, d_vo, n, begin, end)
                          : cub::DeviceRadixSort::SortPairs(t, b, d_k, d_ko, d_v, d_vo, n, begin, end);
    });
    std::vector<K> ko = fetch(d_ko, n);
    std::vector<int> vo = fetch(d_vo, n);
    std::vector<int> want = host_order(hk, bits_of, descending);
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += vo[i] != want[i] || memcmp(&ko[i], &hk[want[i]], sizeof(K)) != 0;
    printf("  mismatches %d keys %016llx values %016llx\n", bad, (unsigned long long)digest_host(ko.data(), n),
           (unsigned long long)digest_host(vo.data(), n));
    cudaFree(d_k);
    cudaFree(d_ko);
    cudaFree(d_v);
    cudaFree(d_vo);
}

// Sorts keys alone in a DoubleBuffer and reads the result through
// Current().
template <class K>
static void keys(const char *name, const std::vector<K> &hk, bool descending)
{
    int n = (int)hk.size();
    K *d_a = upload(hk), *d_b;
    cudaMalloc(&d_b, n * sizeof(K));
    cub::DoubleBuffer<K> db(d_a, d_b);
    cub_call(name, [&](void *t, size_t &b) {
        return descending ? cub::DeviceRadixSort::SortKeysDescending(t, b, db, n)
                          : cub::DeviceRadixSort::SortKeys(t, b, db, n);
    });
    std::vector<K> ko = fetch(db.Current(), n);
    std::vector<K> want = hk;
    if (descending)
        std::sort(want.begin(), want.end(), [](const K &a, const K &b) { return b < a; });
    else
        std::sort(want.begin(), want.end());
    printf("  equal %d keys %016llx\n", ko == want, (unsigned long long)digest_host(ko.data(), n));
    cudaFree(d_a);
    cudaFree(d_b);
}

int main()
{
    const int n = 4500007; // 18 MB of 32-bit keys
    lcg r(23);
    std::vector<unsigned> ku(n);
    std::vector<int> ki(n);
    for (int i = 0; i < n; i++) {
        ku[i] = r.next();
        ki[i] = (int)r.next();
    }
    auto whole_u = [](unsigned k) { return k; };
    pairs("SortPairs u32", ku, whole_u, false);
    pairs("SortPairsDescending u32", ku, whole_u, true);
    pairs("SortPairs u32 bits 4..28", ku, [](unsigned k) { return (k >> 4) & 0xffffffu; }, false, 4, 28);
    keys("SortKeys i32", ki, false);
    keys("SortKeysDescending i32", ki, true);

    // 64-bit keys: 36 MB of pairs
    std::vector<unsigned long long> k64(n / 2);
    for (auto &k : k64)
        k = (unsigned long long)r.next() << 32 | r.next();
    pairs("SortPairs u64", k64, [](unsigned long long k) { return k; }, false);
    std::vector<double> kd(n / 2);
    for (auto &k : kd)
        k = ((double)(int)r.next()) / 4096.0;
    keys("SortKeys f64", kd, false);

    // skewed: 90% of the keys share their top 12 bits, a tenth of those
    // are one value; the rest spread
    std::vector<unsigned> ks(n);
    for (int i = 0; i < n; i++) {
        unsigned x = r.next();
        if (x % 10 != 0)
            ks[i] = x % 9 == 0 ? 0xabc00123u : (0xabc00000u | (r.next() & 0xfffffu));
        else
            ks[i] = r.next();
    }
    pairs("SortPairs u32 skewed", ks, whole_u, false);
    keys("SortKeysDescending u32 skewed", ks, true);

    // a few keys (at places a sample of evenly spaced keys would miss) with
    // bits far above every other key's
    std::vector<unsigned> ko(n);
    for (int i = 0; i < n; i++)
        ko[i] = r.next() & 0xfffffu;
    ko[7] = 0x80000001u;
    ko[n / 3 + 1] = 0x40000000u;
    ko[n - 2] = 0x80000001u;
    pairs("SortPairs u32 outliers", ko, whole_u, false);
    pairs("SortPairsDescending u32 outliers", ko, whole_u, true);
    keys("SortKeys u32 outliers", ko, false);

    // only the top byte varies; then every key the same
    std::vector<unsigned> kt(n);
    for (int i = 0; i < n; i++)
        kt[i] = (r.next() & 0xffu) << 24 | 0x5a5a5au;
    pairs("SortPairs u32 top byte", kt, whole_u, false);
    std::vector<unsigned> ke(n, 0x12345678u);
    pairs("SortPairs u32 all equal", ke, whole_u, false);
    return 0;
}
