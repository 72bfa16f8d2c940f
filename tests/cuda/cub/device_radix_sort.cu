// device_radix_sort.cu: cub::DeviceRadixSort: keys and pairs, ascending
// and descending, pointer and DoubleBuffer forms (read through Current(),
// never the selector, which depends on the pass count), bit ranges
// (stable on the bits outside them), integer types of every width, and
// floating point with -0.0, +0.0, infinities and NaNs of both signs (the
// output's bit patterns are printed).
#include <cub/cub.cuh>
#include <cmath>
#include "cub_test.h"

template <class K> static void sort_keys(const char *name, const std::vector<K> &h)
{
    int n = (int)h.size();
    K *d_in = upload(h), *d_out;
    cudaMalloc(&d_out, n * sizeof(K));
    cub_call(name, [&](void *t, size_t &b) { return cub::DeviceRadixSort::SortKeys(t, b, d_in, d_out, n); });
    printf("  ascending %016llx\n", (unsigned long long)digest(d_out, n));
    cub_call(name, [&](void *t, size_t &b) { return cub::DeviceRadixSort::SortKeysDescending(t, b, d_in, d_out, n); });
    printf("  descending %016llx\n", (unsigned long long)digest(d_out, n));
    printf("  input kept %d\n", digest(d_in, n) == digest_host(h.data(), n));
    cudaFree(d_in);
    cudaFree(d_out);
}

template <class K> static void print_bits(const K *d, int n)
{
    std::vector<K> h = fetch(d, n);
    for (int i = 0; i < n; i++) {
        unsigned long long b = 0;
        memcpy(&b, &h[i], sizeof(K));
        printf(" %0*llx", (int)(2 * sizeof(K)), b);
    }
    printf("\n");
}

int main()
{
    const int n = 3000017;
    lcg r(11);
    std::vector<unsigned> ku(n);
    std::vector<int> vi(n);
    for (int i = 0; i < n; i++) {
        ku[i] = r.next();
        vi[i] = i;
    }
    unsigned *d_ku = upload(ku), *d_ko;
    int *d_vi = upload(vi), *d_vo;
    cudaMalloc(&d_ko, n * sizeof(unsigned));
    cudaMalloc(&d_vo, n * sizeof(int));
    cub_call("SortPairs u32", [&](void *t, size_t &b) {
        return cub::DeviceRadixSort::SortPairs(t, b, d_ku, d_ko, d_vi, d_vo, n);
    });
    printf("  keys %016llx values %016llx first %u last %u\n", (unsigned long long)digest(d_ko, n),
           (unsigned long long)digest(d_vo, n), get1(d_ko), get1(d_ko, n - 1));
    cub_call("SortPairsDescending u32", [&](void *t, size_t &b) {
        return cub::DeviceRadixSort::SortPairsDescending(t, b, d_ku, d_ko, d_vi, d_vo, n);
    });
    printf("  keys %016llx values %016llx\n", (unsigned long long)digest(d_ko, n), (unsigned long long)digest(d_vo, n));
    // bits [8, 20) only: stable elsewhere, so values show the tie order
    cub_call("SortPairs u32 bits 8..20", [&](void *t, size_t &b) {
        return cub::DeviceRadixSort::SortPairs(t, b, d_ku, d_ko, d_vi, d_vo, n, 8, 20);
    });
    printf("  keys %016llx values %016llx\n", (unsigned long long)digest(d_ko, n), (unsigned long long)digest(d_vo, n));
    cub_call("SortPairsDescending u32 bits 4..9", [&](void *t, size_t &b) {
        return cub::DeviceRadixSort::SortPairsDescending(t, b, d_ku, d_ko, d_vi, d_vo, n, 4, 9);
    });
    printf("  keys %016llx values %016llx\n", (unsigned long long)digest(d_ko, n), (unsigned long long)digest(d_vo, n));
    cub_call("SortPairs u32 no bits", [&](void *t, size_t &b) {
        return cub::DeviceRadixSort::SortPairs(t, b, d_ku, d_ko, d_vi, d_vo, n, 5, 5);
    });
    printf("  copied %d %d\n", digest(d_ko, n) == digest_host(ku.data(), n), digest(d_vo, n) == digest_host(vi.data(), n));

    // DoubleBuffer forms
    unsigned *d_a = upload(ku), *d_b;
    int *d_va = upload(vi), *d_vb;
    cudaMalloc(&d_b, n * sizeof(unsigned));
    cudaMalloc(&d_vb, n * sizeof(int));
    cub::DoubleBuffer<unsigned> dk(d_a, d_b);
    cub::DoubleBuffer<int> dv(d_va, d_vb);
    cub_call("SortPairs DoubleBuffer", [&](void *t, size_t &b) {
        return cub::DeviceRadixSort::SortPairs(t, b, dk, dv, n);
    });
    printf("  keys %016llx values %016llx\n", (unsigned long long)digest(dk.Current(), n),
           (unsigned long long)digest(dv.Current(), n));
    cub_call("SortKeysDescending DoubleBuffer bits 0..12", [&](void *t, size_t &b) {
        return cub::DeviceRadixSort::SortKeysDescending(t, b, dk, n, 0, 12);
    });
    printf("  keys %016llx\n", (unsigned long long)digest(dk.Current(), n));

    // signed and narrow and wide integers
    std::vector<int> ki(200003);
    for (auto &x : ki)
        x = (int)r.next();
    sort_keys("SortKeys int", ki);
    std::vector<signed char> kc(100000);
    for (auto &x : kc)
        x = (signed char)r.next();
    sort_keys("SortKeys int8", kc);
    std::vector<unsigned short> ks(100000);
    for (auto &x : ks)
        x = (unsigned short)r.next();
    sort_keys("SortKeys uint16", ks);
    std::vector<long long> kl(150001);
    for (auto &x : kl)
        x = (long long)(((unsigned long long)r.next() << 32) | r.next());
    sort_keys("SortKeys int64", kl);
    std::vector<unsigned long long> kul(150001);
    for (auto &x : kul)
        x = ((unsigned long long)r.next() << 32) | r.next();
    sort_keys("SortKeys uint64", kul);
    std::vector<double> kd(100000);
    for (auto &x : kd)
        x = ((double)r.next() - 2147483648.0) / 1024.0;
    sort_keys("SortKeys double", kd);

    // floating-point specials: -0.0 and +0.0 are equal (input order kept)
    float nanp = std::nanf(""), nann = -std::nanf("");
    std::vector<float> kf = {1.5f, -0.0f, 0.0f, -1.5f, nanp, INFINITY, -0.0f, nann, -INFINITY, 0.0f, 2.0f, -2.0f};
    int nf = (int)kf.size();
    std::vector<int> vf(nf);
    for (int i = 0; i < nf; i++)
        vf[i] = i;
    float *d_kf = upload(kf), *d_kfo;
    int *d_vf = upload(vf), *d_vfo;
    cudaMalloc(&d_kfo, nf * sizeof(float));
    cudaMalloc(&d_vfo, nf * sizeof(int));
    cub_call("SortPairs float specials", [&](void *t, size_t &b) {
        return cub::DeviceRadixSort::SortPairs(t, b, d_kf, d_kfo, d_vf, d_vfo, nf);
    });
    print_bits(d_kfo, nf);
    print_bits(d_vfo, nf);
    cub_call("SortPairsDescending float specials", [&](void *t, size_t &b) {
        return cub::DeviceRadixSort::SortPairsDescending(t, b, d_kf, d_kfo, d_vf, d_vfo, nf);
    });
    print_bits(d_kfo, nf);
    print_bits(d_vfo, nf);
    std::vector<double> kdd = {0.0, -0.0, -1e300, 1e-300, -0.0, std::nan(""), 0.0};
    double *d_kd = upload(kdd), *d_kdo;
    cudaMalloc(&d_kdo, kdd.size() * sizeof(double));
    cub_call("SortKeys double specials", [&](void *t, size_t &b) {
        return cub::DeviceRadixSort::SortKeys(t, b, d_kd, d_kdo, (int)kdd.size());
    });
    print_bits(d_kdo, (int)kdd.size());

    // zero items, and a too-small blob
    cub_call("SortKeys empty", [&](void *t, size_t &b) { return cub::DeviceRadixSort::SortKeys(t, b, d_ku, d_ko, 0); });
    size_t one = 1;
    void *small;
    cudaMalloc(&small, 16);
    cudaError_t e = cub::DeviceRadixSort::SortKeys(small, one, d_ku, d_ko, n);
    printf("too small: %d, last error %d\n", (int)e, (int)cudaGetLastError());
    CK(cudaDeviceSynchronize());
    return 0;
}
