// device_scan.cu: cub::DeviceScan: exclusive and inclusive sums (in and
// out of place), scans with a functor, with an initial value, with a
// FutureValue initial value produced earlier in the stream,
// InclusiveScanInit, the ByKey forms (with a custom equality), and zero
// items.
#include <cub/cub.cuh>
#include "cub_test.h"

struct Max3 {
    __host__ __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};
// keys equal when they agree modulo 10
struct Mod10Eq {
    __host__ __device__ bool operator()(int a, int b) const { return a % 10 == b % 10; }
};
// affine maps x -> a*x + b modulo 2^32, composed (first, then second):
// associative, not commutative
struct Affine {
    unsigned a, b;
};
struct Compose {
    __host__ __device__ Affine operator()(const Affine &f, const Affine &g) const
    {
        return Affine{f.a * g.a, f.b * g.a + g.b};
    }
};

int main()
{
    const int n = (1 << 20) + 5;
    std::vector<int> h(n);
    lcg r(3);
    for (int i = 0; i < n; i++)
        h[i] = (int)(r.next() % 201) - 100;
    int *d_in = upload(h);
    int *d_out;
    cudaMalloc(&d_out, n * sizeof(int));

    cub_call("ExclusiveSum", [&](void *t, size_t &b) { return cub::DeviceScan::ExclusiveSum(t, b, d_in, d_out, n); });
    printf("  %016llx first %d last %d\n", (unsigned long long)digest(d_out, n), get1(d_out), get1(d_out, n - 1));
    cub_call("InclusiveSum", [&](void *t, size_t &b) { return cub::DeviceScan::InclusiveSum(t, b, d_in, d_out, n); });
    printf("  %016llx first %d last %d\n", (unsigned long long)digest(d_out, n), get1(d_out), get1(d_out, n - 1));
    cub_call("ExclusiveScan max init -1000", [&](void *t, size_t &b) {
        return cub::DeviceScan::ExclusiveScan(t, b, d_in, d_out, Max3(), -1000, n);
    });
    printf("  %016llx %d %d %d\n", (unsigned long long)digest(d_out, n), get1(d_out), get1(d_out, 1), get1(d_out, n - 1));
    cub_call("InclusiveScan max", [&](void *t, size_t &b) {
        return cub::DeviceScan::InclusiveScan(t, b, d_in, d_out, Max3(), n);
    });
    printf("  %016llx %d %d\n", (unsigned long long)digest(d_out, n), get1(d_out), get1(d_out, n - 1));
    cub_call("InclusiveScanInit plus 1000000", [&](void *t, size_t &b) {
        return cub::DeviceScan::InclusiveScanInit(t, b, d_in, d_out, cuda::std::plus<>(), 1000000, n);
    });
    printf("  %016llx %d %d\n", (unsigned long long)digest(d_out, n), get1(d_out), get1(d_out, n - 1));

    // an associative, non-commutative operator
    std::vector<Affine> hu(300001);
    for (size_t i = 0; i < hu.size(); i++)
        hu[i] = Affine{(unsigned)(i * 2654435761u) | 1u, (unsigned)(i * 40503u)};
    Affine *d_u = upload(hu), *d_uo;
    cudaMalloc(&d_uo, hu.size() * sizeof(Affine));
    cub_call("InclusiveScan Compose", [&](void *t, size_t &b) {
        return cub::DeviceScan::InclusiveScan(t, b, d_u, d_uo, Compose(), (int)hu.size());
    });
    Affine last = get1(d_uo, hu.size() - 1);
    printf("  %016llx {%u, %u}\n", (unsigned long long)digest(d_uo, hu.size()), last.a, last.b);
    cub_call("ExclusiveScan Compose init {3, 7}", [&](void *t, size_t &b) {
        return cub::DeviceScan::ExclusiveScan(t, b, d_u, d_uo, Compose(), Affine{3u, 7u}, (int)hu.size());
    });
    last = get1(d_uo, hu.size() - 1);
    printf("  %016llx {%u, %u}\n", (unsigned long long)digest(d_uo, hu.size()), last.a, last.b);

    // in place
    int *d_copy = upload(h);
    cub_call("InclusiveSum in place", [&](void *t, size_t &b) { return cub::DeviceScan::InclusiveSum(t, b, d_copy, n); });
    printf("  %016llx\n", (unsigned long long)digest(d_copy, n));
    CK(cudaMemcpy(d_copy, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    cub_call("ExclusiveSum in place", [&](void *t, size_t &b) { return cub::DeviceScan::ExclusiveSum(t, b, d_copy, n); });
    printf("  %016llx\n", (unsigned long long)digest(d_copy, n));
    CK(cudaMemcpy(d_copy, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    cub_call("ExclusiveScan in place", [&](void *t, size_t &b) {
        return cub::DeviceScan::ExclusiveScan(t, b, d_copy, Max3(), 50, n);
    });
    printf("  %016llx\n", (unsigned long long)digest(d_copy, n));

    // FutureValue: the initial value is written by earlier work in the stream
    int *d_init;
    cudaMalloc(&d_init, sizeof(int));
    cudaStream_t s;
    CK(cudaStreamCreate(&s));
    size_t bytes = 0;
    CK(cub::DeviceScan::ExclusiveScan(nullptr, bytes, d_in, d_out, cuda::std::plus<>(), cub::FutureValue<int>(d_init), n, s));
    void *t;
    cudaMalloc(&t, bytes);
    CK(cudaMemsetAsync(d_init, 0, sizeof(int), s));
    int hv = 123456;
    CK(cudaMemcpyAsync(d_init, &hv, sizeof(int), cudaMemcpyHostToDevice, s));
    CK(cub::DeviceScan::ExclusiveScan(t, bytes, d_in, d_out, cuda::std::plus<>(), cub::FutureValue<int>(d_init), n, s));
    CK(cudaStreamSynchronize(s));
    printf("FutureValue: %d %d %d\n", get1(d_out), get1(d_out, 1), get1(d_out, n - 1));
    cudaFree(t);

    // ByKey
    const int m = 400003;
    std::vector<int> keys(m), vals(m);
    for (int i = 0; i < m; i++) {
        keys[i] = (i / 5) % 3 + (i / 100000) * 10;
        vals[i] = (i % 9) - 3;
    }
    keys[200000] = 77; // a run of one
    int *d_keys = upload(keys), *d_vals = upload(vals), *d_vo;
    cudaMalloc(&d_vo, m * sizeof(int));
    cub_call("ExclusiveSumByKey", [&](void *t, size_t &b) {
        return cub::DeviceScan::ExclusiveSumByKey(t, b, d_keys, d_vals, d_vo, m);
    });
    printf("  %016llx %d %d %d\n", (unsigned long long)digest(d_vo, m), get1(d_vo, 5), get1(d_vo, 7), get1(d_vo, m - 1));
    cub_call("InclusiveSumByKey", [&](void *t, size_t &b) {
        return cub::DeviceScan::InclusiveSumByKey(t, b, d_keys, d_vals, d_vo, m);
    });
    printf("  %016llx %d %d\n", (unsigned long long)digest(d_vo, m), get1(d_vo, 4), get1(d_vo, m - 1));
    cub_call("ExclusiveScanByKey max init -9", [&](void *t, size_t &b) {
        return cub::DeviceScan::ExclusiveScanByKey(t, b, d_keys, d_vals, d_vo, Max3(), -9, m);
    });
    printf("  %016llx\n", (unsigned long long)digest(d_vo, m));
    cub_call("InclusiveScanByKey max", [&](void *t, size_t &b) {
        return cub::DeviceScan::InclusiveScanByKey(t, b, d_keys, d_vals, d_vo, Max3(), m);
    });
    printf("  %016llx\n", (unsigned long long)digest(d_vo, m));
    std::vector<int> keys10(m);
    for (int i = 0; i < m; i++)
        keys10[i] = (i / 5) % 3 + 10 * ((i / 7) % 2);
    int *d_keys10 = upload(keys10);
    cub_call("InclusiveSumByKey mod-10 equality", [&](void *t, size_t &b) {
        return cub::DeviceScan::InclusiveSumByKey(t, b, d_keys10, d_vals, d_vo, m, Mod10Eq());
    });
    printf("  %016llx %d\n", (unsigned long long)digest(d_vo, m), get1(d_vo, m - 1));
    // one long run crossing every chunk
    std::vector<int> same(m, 4);
    int *d_same = upload(same);
    cub_call("InclusiveSumByKey one run", [&](void *t, size_t &b) {
        return cub::DeviceScan::InclusiveSumByKey(t, b, d_same, d_vals, d_vo, m);
    });
    printf("  %016llx %d\n", (unsigned long long)digest(d_vo, m), get1(d_vo, m - 1));

    // zero items: outputs untouched
    CK(cudaMemset(d_out, 0x11, sizeof(int)));
    cub_call("ExclusiveSum empty", [&](void *t, size_t &b) { return cub::DeviceScan::ExclusiveSum(t, b, d_in, d_out, 0); });
    printf("  %d\n", get1(d_out) == 0x11111111);
    CK(cudaStreamDestroy(s));
    return 0;
}
