// device_reduce.cu: cub::DeviceReduce: Sum (into int, long long and
// float), Min and Max (CUB applies init: Min of {+inf} is FLT_MAX),
// ArgMin/ArgMax (both APIs, ties to the first index, empty input),
// Reduce with a functor and init, TransformReduce, ReduceByKey, zero
// items, a stream, input iterators, and the temporary-storage protocol
// (a too-small blob is cudaErrorInvalidValue, not a recorded error).
#include <cub/cub.cuh>
#include <cfloat>
#include <cmath>
#include "cub_test.h"

struct AbsMax {
    __host__ __device__ int operator()(int a, int b) const
    {
        int x = a < 0 ? -a : a, y = b < 0 ? -b : b;
        return x < y ? y : x;
    }
};
struct Square {
    __host__ __device__ long long operator()(int a) const { return (long long)a * a; }
};
// associative, not commutative: keeps the leftmost nonzero
struct FirstNonZero {
    __host__ __device__ int operator()(int a, int b) const { return a != 0 ? a : b; }
};

int main()
{
    const int n = (1 << 20) + 123;
    std::vector<int> h(n);
    lcg r(7);
    for (int i = 0; i < n; i++)
        h[i] = (int)(r.next() % 2001) - 1000;
    h[777] = -5000; // minimum, twice: ArgMin takes the first
    h[900001] = -5000;
    h[4242] = 7000;
    h[n - 1] = 7000; // maximum, twice
    int *d_in = upload(h);
    int *d_i;
    long long *d_ll;
    float *d_f;
    cudaMalloc(&d_i, 64 * sizeof(int));
    cudaMalloc(&d_ll, 64 * sizeof(long long));
    cudaMalloc(&d_f, 64 * sizeof(float));

    cub_call("Sum int", [&](void *t, size_t &b) { return cub::DeviceReduce::Sum(t, b, d_in, d_i, n); });
    printf("  %d\n", get1(d_i));
    cub_call("Sum long long", [&](void *t, size_t &b) { return cub::DeviceReduce::Sum(t, b, d_in, d_ll, n); });
    printf("  %lld\n", get1(d_ll));
    cub_call("Min", [&](void *t, size_t &b) { return cub::DeviceReduce::Min(t, b, d_in, d_i, n); });
    printf("  %d\n", get1(d_i));
    cub_call("Max", [&](void *t, size_t &b) { return cub::DeviceReduce::Max(t, b, d_in, d_i, n); });
    printf("  %d\n", get1(d_i));

    // floats whose sums are exact in any order
    std::vector<float> hf(100000);
    for (size_t i = 0; i < hf.size(); i++)
        hf[i] = (float)((int)(i % 17) - 8) * 0.25f;
    float *d_fin = upload(hf);
    cub_call("Sum float", [&](void *t, size_t &b) { return cub::DeviceReduce::Sum(t, b, d_fin, d_f, 100000); });
    printf("  %.3f\n", get1(d_f));
    std::vector<float> inf = {INFINITY, INFINITY, INFINITY};
    float *d_inf = upload(inf);
    cub_call("Min {+inf}", [&](void *t, size_t &b) { return cub::DeviceReduce::Min(t, b, d_inf, d_f, 3); });
    printf("  %s\n", get1(d_f) == FLT_MAX ? "FLT_MAX" : "other");
    std::vector<float> ninf = {-INFINITY, -1.0f};
    float *d_ninf = upload(ninf);
    cub_call("Max {-inf,-1}", [&](void *t, size_t &b) { return cub::DeviceReduce::Max(t, b, d_ninf, d_f, 2); });
    printf("  %g\n", get1(d_f));

    int64_t *d_idx;
    cudaMalloc(&d_idx, sizeof(int64_t));
    cub_call("ArgMin", [&](void *t, size_t &b) { return cub::DeviceReduce::ArgMin(t, b, d_in, d_i, d_idx, n); });
    printf("  %d at %lld\n", get1(d_i), (long long)get1(d_idx));
    cub_call("ArgMax", [&](void *t, size_t &b) { return cub::DeviceReduce::ArgMax(t, b, d_in, d_i, d_idx, n); });
    printf("  %d at %lld\n", get1(d_i), (long long)get1(d_idx));
    CK(cudaMemset(d_i, 0x55, sizeof(int)));
    CK(cudaMemset(d_idx, 0x66, sizeof(int64_t)));
    cub_call("ArgMin empty", [&](void *t, size_t &b) { return cub::DeviceReduce::ArgMin(t, b, d_in, d_i, d_idx, 0); });
    printf("  untouched %d %d\n", get1(d_i) == 0x55555555, get1(d_idx) == 0x6666666666666666ll);

    typedef cub::KeyValuePair<int, int> KV;
    KV *d_kv;
    cudaMalloc(&d_kv, sizeof(KV));
    cub_call("ArgMin pair", [&](void *t, size_t &b) { return cub::DeviceReduce::ArgMin(t, b, d_in, d_kv, n); });
    KV kv = get1(d_kv);
    printf("  {%d, %d}\n", kv.key, kv.value);
    cub_call("ArgMax pair", [&](void *t, size_t &b) { return cub::DeviceReduce::ArgMax(t, b, d_in, d_kv, n); });
    kv = get1(d_kv);
    printf("  {%d, %d}\n", kv.key, kv.value);
    cub_call("ArgMin pair empty", [&](void *t, size_t &b) { return cub::DeviceReduce::ArgMin(t, b, d_in, d_kv, 0); });
    kv = get1(d_kv);
    printf("  {%d, %d}\n", kv.key, kv.value);

    cub_call("Reduce AbsMax", [&](void *t, size_t &b) {
        return cub::DeviceReduce::Reduce(t, b, d_in, d_i, n, AbsMax(), 0);
    });
    printf("  %d\n", get1(d_i));
    cub_call("Reduce AbsMax init 9999", [&](void *t, size_t &b) {
        return cub::DeviceReduce::Reduce(t, b, d_in, d_i, n, AbsMax(), 9999);
    });
    printf("  %d\n", get1(d_i));
    std::vector<int> sparse(300000, 0);
    sparse[123457] = 42;
    sparse[200000] = 17;
    int *d_sparse = upload(sparse);
    cub_call("Reduce FirstNonZero", [&](void *t, size_t &b) {
        return cub::DeviceReduce::Reduce(t, b, d_sparse, d_i, 300000, FirstNonZero(), 0);
    });
    printf("  %d\n", get1(d_i));
    cub_call("TransformReduce squares", [&](void *t, size_t &b) {
        return cub::DeviceReduce::TransformReduce(t, b, d_in, d_ll, n, cuda::std::plus<>(), Square(), 5ll);
    });
    printf("  %lld\n", get1(d_ll));

    // Sum and Reduce of no items write init
    CK(cudaMemset(d_i, 0x7f, sizeof(int)));
    cub_call("Sum empty", [&](void *t, size_t &b) { return cub::DeviceReduce::Sum(t, b, d_in, d_i, 0); });
    printf("  %d\n", get1(d_i));
    cub_call("Reduce empty", [&](void *t, size_t &b) {
        return cub::DeviceReduce::Reduce(t, b, d_in, d_i, 0, AbsMax(), -3);
    });
    printf("  %d\n", get1(d_i));

    // input iterators
    cub::CacheModifiedInputIterator<cub::LOAD_LDG, int> ldg(d_in);
    cub_call("Sum LDG iterator", [&](void *t, size_t &b) { return cub::DeviceReduce::Sum(t, b, ldg, d_ll, n); });
    printf("  %lld\n", get1(d_ll));
    cub::ArgIndexInputIterator<int *, int> arg(d_in);
    cub_call("Reduce ArgIndexInputIterator", [&](void *t, size_t &b) {
        return cub::DeviceReduce::Reduce(t, b, arg, d_kv, n, cub::ArgMax(), KV(-1, -100000));
    });
    kv = get1(d_kv);
    printf("  {%d, %d}\n", kv.key, kv.value);

    // ReduceByKey: runs of equal keys
    const int m = 500000;
    std::vector<int> keys(m), vals(m);
    for (int i = 0; i < m; i++) {
        keys[i] = (i / 3) % 1000 + (i % 7 == 0 ? 5000 : 0);
        vals[i] = i % 11;
    }
    int *d_keys = upload(keys), *d_vals = upload(vals);
    int *d_uk, *d_agg, *d_nruns;
    cudaMalloc(&d_uk, m * sizeof(int));
    cudaMalloc(&d_agg, m * sizeof(int));
    cudaMalloc(&d_nruns, sizeof(int));
    cub_call("ReduceByKey", [&](void *t, size_t &b) {
        return cub::DeviceReduce::ReduceByKey(t, b, d_keys, d_uk, d_vals, d_agg, d_nruns, cuda::std::plus<>(), m);
    });
    int runs = get1(d_nruns);
    printf("  runs %d keys %016llx aggregates %016llx last {%d, %d}\n", runs,
           (unsigned long long)digest(d_uk, runs), (unsigned long long)digest(d_agg, runs), get1(d_uk, runs - 1),
           get1(d_agg, runs - 1));
    cub_call("ReduceByKey max", [&](void *t, size_t &b) {
        return cub::DeviceReduce::ReduceByKey(t, b, d_keys, d_uk, d_vals, d_agg, d_nruns, cuda::maximum<>(), m);
    });
    runs = get1(d_nruns);
    printf("  runs %d aggregates %016llx\n", runs, (unsigned long long)digest(d_agg, runs));

    // in a stream
    cudaStream_t s;
    CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    cub_call("Sum in a stream",
             [&](void *t, size_t &b) { return cub::DeviceReduce::Sum(t, b, d_in, d_ll, n, s); }, s);
    printf("  %lld\n", get1(d_ll));

    // too small a blob: cudaErrorInvalidValue, and no error recorded
    size_t need = 0;
    CK(cub::DeviceReduce::Sum(nullptr, need, d_in, d_i, n));
    void *small;
    cudaMalloc(&small, 16);
    size_t one = 1;
    cudaError_t e = cub::DeviceReduce::Sum(small, one, d_in, d_i, n);
    printf("too small: %d, last error %d\n", (int)e, (int)cudaGetLastError());
    CK(cudaDeviceSynchronize());
    CK(cudaStreamDestroy(s));
    return 0;
}
