// radix_sort_decomposer.cu: cub::DeviceRadixSort's decomposer forms (CUB
// 3): keys that are structs a functor takes apart into a tuple of
// references to their fields, the first field the most significant.
// Keys and pairs, ascending and descending, pointer and DoubleBuffer forms
// (read through Current()), a bit range that cuts a field, -0.0 and +0.0
// (equal, so stability shows), and a struct of three fields of different
// widths.  The sorted keys are printed field by field.
#include <cub/cub.cuh>
#include <cuda/std/tuple>
#include <cstdint>
#include "cub_test.h"

struct custom_t {
    std::uint16_t i;
    float f;
};

struct decomposer_t {
    __host__ __device__ ::cuda::std::tuple<std::uint16_t &, float &> operator()(custom_t &key) const
    {
        return {key.i, key.f};
    }
};

struct wide_t {
    std::int64_t a;
    std::int8_t b;
    double c;
};

struct wide_decomposer_t {
    __host__ __device__ ::cuda::std::tuple<std::int8_t &, std::int64_t &, double &> operator()(wide_t &key) const
    {
        return {key.b, key.a, key.c};
    }
};

static void print_custom(const char *what, const custom_t *d, int n)
{
    std::vector<custom_t> h = fetch(d, n);
    printf("%s:", what);
    for (int k = 0; k < n; k++)
        printf(" {%u, %g}", (unsigned)h[k].i, (double)h[k].f);
    printf("\n");
}

int main()
{
    const std::vector<custom_t> in = {{4, +2.5f}, {0, -2.5f}, {3, +1.1f}, {1, +0.0f}, {2, -0.0f},
                                      {5, +3.7f}, {9, -2.5f}, {7, +1.1f}, {6, -0.0f}, {8, +0.0f}};
    const int n = (int)in.size();
    custom_t *d_in = upload(in), *d_out;
    cudaMalloc(&d_out, n * sizeof(custom_t));

    cub_call("SortKeys", [&](void *t, size_t &b) {
        return cub::DeviceRadixSort::SortKeys(t, b, d_in, d_out, n, decomposer_t{});
    });
    print_custom("  ascending", d_out, n);
    cub_call("SortKeysDescending", [&](void *t, size_t &b) {
        return cub::DeviceRadixSort::SortKeysDescending(t, b, d_in, d_out, n, decomposer_t{});
    });
    print_custom("  descending", d_out, n);
    // Bits [16, 48): the float only (the uint16_t is the lowest 16 bits).
    cub_call("SortKeys bits 16..48", [&](void *t, size_t &b) {
        return cub::DeviceRadixSort::SortKeys(t, b, d_in, d_out, n, decomposer_t{}, 16, 48);
    });
    print_custom("  float only", d_out, n);
    // Bits [0, 20): the uint16_t and the float's lowest 4 bits.
    cub_call("SortKeys bits 0..20", [&](void *t, size_t &b) {
        return cub::DeviceRadixSort::SortKeys(t, b, d_in, d_out, n, decomposer_t{}, 0, 20);
    });
    print_custom("  low 20 bits", d_out, n);
    printf("  input kept %d\n", digest(d_in, n) == digest_host(in.data(), n));

    std::vector<int> vals(n);
    for (int k = 0; k < n; k++)
        vals[k] = 100 + k;
    int *d_vin = upload(vals), *d_vout;
    cudaMalloc(&d_vout, n * sizeof(int));
    cub_call("SortPairs", [&](void *t, size_t &b) {
        return cub::DeviceRadixSort::SortPairs(t, b, d_in, d_out, d_vin, d_vout, n, decomposer_t{});
    });
    print_custom("  pairs, keys", d_out, n);
    std::vector<int> v = fetch(d_vout, n);
    printf("  pairs, values:");
    for (int k = 0; k < n; k++)
        printf(" %d", v[k]);
    printf("\n");

    custom_t *d_a = upload(in), *d_b;
    int *d_va = upload(vals), *d_vb;
    cudaMalloc(&d_b, n * sizeof(custom_t));
    cudaMalloc(&d_vb, n * sizeof(int));
    cub::DoubleBuffer<custom_t> kb(d_a, d_b);
    cub::DoubleBuffer<int> vb(d_va, d_vb);
    cub_call("SortPairsDescending DoubleBuffer", [&](void *t, size_t &b) {
        return cub::DeviceRadixSort::SortPairsDescending(t, b, kb, vb, n, decomposer_t{});
    });
    print_custom("  double buffer, keys", kb.Current(), n);
    v = fetch(vb.Current(), n);
    printf("  double buffer, values:");
    for (int k = 0; k < n; k++)
        printf(" %d", v[k]);
    printf("\n");

    // 3000 keys of three fields; checked against a host sort.
    lcg r(5);
    std::vector<wide_t> w(3000);
    for (auto &x : w) {
        x.a = (std::int64_t)r.next() - (1ll << 31);
        x.b = (std::int8_t)(r.next() % 5 - 2);
        x.c = (double)(int)(r.next() % 7) - 3.0;
    }
    wide_t *d_w = upload(w), *d_wo;
    cudaMalloc(&d_wo, w.size() * sizeof(wide_t));
    cub_call("SortKeys three fields", [&](void *t, size_t &b) {
        return cub::DeviceRadixSort::SortKeys(t, b, d_w, d_wo, (int)w.size(), wide_decomposer_t{});
    });
    std::vector<wide_t> got = fetch(d_wo, w.size());
    int wrong = 0;
    for (size_t k = 1; k < got.size(); k++) {
        const wide_t &p = got[k - 1], &q = got[k];
        bool le = p.b < q.b || (p.b == q.b && (p.a < q.a || (p.a == q.a && p.c <= q.c)));
        wrong += !le;
    }
    printf("  three fields: out of order %d, first {%lld, %d, %g}\n", wrong, (long long)got[0].a,
           (int)got[0].b, got[0].c);
    return 0;
}
