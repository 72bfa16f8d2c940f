// CUB's dispatch objects built and invoked by hand, as CUB's own
// Dispatch() does (CUB's developer guide, "Dispatch layer"): each class's
// constructor takes the algorithm's arguments (and, where CUB's does, the
// device's PTX version from cub::PtxVersion), and its policy hub's
// MaxPolicy::Invoke(ptx_version, object) picks the policy and calls the
// object's Invoke<Policy>().  Covered: DispatchSelectIf (a selection by a
// predicate, a partition by flags), DispatchThreeWayPartitionIf,
// DispatchUniqueByKey, DeviceRleDispatch, DispatchReduceByKey (one object
// used for the query and, given storage through its field, the run),
// DispatchScanByKey (exclusive) and DispatchAdjacentDifference (in place).
// Each makes the size query (no storage), then the run, and is checked
// against the result computed here.
#include <cub/device/dispatch/dispatch_adjacent_difference.cuh>
#include <cub/device/dispatch/dispatch_reduce_by_key.cuh>
#include <cub/device/dispatch/dispatch_rle.cuh>
#include <cub/device/dispatch/dispatch_scan_by_key.cuh>
#include <cub/device/dispatch/dispatch_select_if.cuh>
#include <cub/device/dispatch/dispatch_three_way_partition.cuh>
#include <cub/device/dispatch/dispatch_unique_by_key.cuh>
#include <cub/util_device.cuh>

#include "cub_test.h"

#include <cstdio>
#include <type_traits>
#include <vector>

struct Third {
    __host__ __device__ bool operator()(int x) const { return x % 3 == 0; }
};
struct Equal {
    __host__ __device__ bool operator()(int a, int b) const { return a == b; }
};
// Keys in the same ten are equal.
struct SameTen {
    __host__ __device__ bool operator()(int a, int b) const { return a / 10 == b / 10; }
};
struct Low {
    __host__ __device__ bool operator()(int x) const { return x < -20000; }
};
struct High {
    __host__ __device__ bool operator()(int x) const { return x > 20000; }
};
struct Plus {
    template <typename A, typename B>
    __host__ __device__ auto operator()(const A &a, const B &b) const
    {
        return a + b;
    }
};
struct Minus {
    __host__ __device__ int operator()(int a, int b) const { return a - b; }
};

static const char *ok(bool b) { return b ? "ok" : "WRONG"; }

static void report(const char *what, cudaError_t query, size_t bytes, cudaError_t run, bool right,
                   unsigned long long digest)
{
    std::printf("%s: query %d, asks for storage %d, run %d, %s %llx\n", what, (int)query, bytes > 0, (int)run,
                ok(right), digest);
}

int main()
{
    const int n = 100000;
    int ptx_version = 0;
    CK(cub::PtxVersion(ptx_version));

    std::vector<int> h(n), keys(n), runs(n);
    std::vector<char> flags(n);
    for (int i = 0; i < n; i++) {
        h[i] = (int)((i * 2654435761u) >> 7) % 100003 - 50000;
        flags[i] = (char)(((i * 40503u) >> 5) % 7 & 1);
    }
    // Keys in runs: a new ten every few items, sometimes another key of the same ten.
    for (int i = 0, k = 0; i < n; i++) {
        unsigned r = (unsigned)h[i] * 2246822519u >> 20;
        if (r % 9 == 0)
            k += 10;
        keys[i] = k + (int)(r % 3);
    }
    // Runs of 1 to 6 equal values.
    lcg g(12345);
    for (int i = 0; i < n;) {
        uint32_t r = g.next();
        int len = 1 + (int)(r % 6), v = (int)(r >> 8) % 1000;
        for (int j = 0; j < len && i < n; j++)
            runs[i++] = v;
    }
    int *d_in = upload(h), *d_keys = upload(keys), *d_runs = upload(runs);
    char *d_flags = upload(flags);
    int *d_out;
    long long *d_count;
    cudaMalloc(&d_out, n * sizeof(int));
    cudaMalloc(&d_count, sizeof(long long));

    using Null = cub::NullType;

    // Selection by a predicate; then a partition by flags (the rejected
    // items after the selected ones, from the back).
    {
        using D = cub::DispatchSelectIf<const int *, Null *, int *, long long *, Third, Null, long long,
                                        cub::SelectImpl::Select>;
        using Hub = cub::detail::select::policy_hub<int, Null, cub::detail::select::per_partition_offset_t, false,
                                                    cub::SelectImpl::Select>;
        static_assert(std::is_same<D, cub::DispatchSelectIf<const int *, Null *, int *, long long *, Third, Null,
                                                            long long, cub::SelectImpl::Select, Hub>>::value,
                      "the hub is the class's");
        size_t bytes = 0;
        D query(nullptr, bytes, d_in, nullptr, d_out, d_count, Third{}, Null{}, n, 0, ptx_version);
        cudaError_t e1 = Hub::MaxPolicy::Invoke(ptx_version, query);
        void *t = temp_for(bytes);
        D run(t, bytes, d_in, nullptr, d_out, d_count, Third{}, Null{}, n, 0, ptx_version);
        cudaError_t e2 = Hub::MaxPolicy::Invoke(ptx_version, run);
        std::vector<int> want;
        for (int x : h)
            if (Third{}(x))
                want.push_back(x);
        long long got = get1(d_count);
        report("DispatchSelectIf by predicate", e1, bytes, e2,
               got == (long long)want.size() && fetch(d_out, got) == want, digest_values(want));
        cudaFree(t);

        using P = cub::DispatchSelectIf<const int *, const char *, int *, long long *, Null, Null, long long,
                                        cub::SelectImpl::Partition>;
        using PHub = cub::detail::select::policy_hub<int, char, long long, false, cub::SelectImpl::Partition>;
        static_assert(std::is_same<P, cub::DispatchSelectIf<const int *, const char *, int *, long long *, Null, Null,
                                                            long long, cub::SelectImpl::Partition, PHub>>::value,
                      "the hub is the class's");
        bytes = 0;
        P pquery(nullptr, bytes, d_in, d_flags, d_out, d_count, Null{}, Null{}, n, 0, ptx_version);
        e1 = PHub::MaxPolicy::Invoke(ptx_version, pquery);
        t = temp_for(bytes);
        P prun(t, bytes, d_in, d_flags, d_out, d_count, Null{}, Null{}, n, 0, ptx_version);
        e2 = PHub::MaxPolicy::Invoke(ptx_version, prun);
        std::vector<int> sel, rej;
        for (int i = 0; i < n; i++)
            (flags[i] ? sel : rej).push_back(h[i]);
        long long nsel = (long long)sel.size();
        for (size_t i = rej.size(); i-- > 0;)
            sel.push_back(rej[i]);
        report("DispatchSelectIf partition by flags", e1, bytes, e2,
               get1(d_count) == nsel && fetch(d_out, n) == sel, digest_values(sel));
        cudaFree(t);
    }

    // Three-way partition.
    {
        int *d_first, *d_second, *d_rest, *d_two;
        cudaMalloc(&d_first, n * sizeof(int));
        cudaMalloc(&d_second, n * sizeof(int));
        cudaMalloc(&d_rest, n * sizeof(int));
        cudaMalloc(&d_two, 2 * sizeof(int));
        using D = cub::DispatchThreeWayPartitionIf<const int *, int *, int *, int *, int *, Low, High, int>;
        using PerPartition = cub::detail::three_way_partition::per_partition_offset_t;
        using Hub = cub::detail::three_way_partition::policy_hub<int, PerPartition>;
        static_assert(std::is_same<D, cub::DispatchThreeWayPartitionIf<const int *, int *, int *, int *, int *, Low,
                                                                       High, int, Hub>>::value,
                      "the hub is the class's");
        size_t bytes = 0;
        D query(nullptr, bytes, d_in, d_first, d_second, d_rest, d_two, Low{}, High{}, n, 0);
        cudaError_t e1 = Hub::MaxPolicy::Invoke(ptx_version, query);
        void *t = temp_for(bytes);
        D run(t, bytes, d_in, d_first, d_second, d_rest, d_two, Low{}, High{}, n, 0);
        cudaError_t e2 = Hub::MaxPolicy::Invoke(ptx_version, run);
        std::vector<int> first, second, rest;
        for (int x : h)
            (Low{}(x) ? first : High{}(x) ? second : rest).push_back(x);
        std::vector<int> counts = fetch(d_two, 2);
        int a = counts[0], b = counts[1];
        bool right = a == (int)first.size() && b == (int)second.size() && fetch(d_first, a) == first &&
                     fetch(d_second, b) == second && fetch(d_rest, n - a - b) == rest;
        std::printf("DispatchThreeWayPartitionIf: query %d, asks for storage %d, run %d, %d %d %d items, %s\n",
                    (int)e1, bytes > 0, (int)e2, a, b, n - a - b, ok(right));
        cudaFree(t);
        cudaFree(d_first);
        cudaFree(d_second);
        cudaFree(d_rest);
        cudaFree(d_two);
    }

    // Unique by key (values: each item's index times three).
    {
        std::vector<long long> vals(n);
        for (int i = 0; i < n; i++)
            vals[i] = 3LL * i;
        long long *d_vals = upload(vals), *d_vout;
        unsigned *d_n;
        cudaMalloc(&d_vout, n * sizeof(long long));
        cudaMalloc(&d_n, sizeof(unsigned));
        using D = cub::DispatchUniqueByKey<const int *, const long long *, int *, long long *, unsigned *, Equal,
                                           unsigned>;
        using Hub = cub::detail::unique_by_key::policy_hub<int, long long>;
        static_assert(std::is_same<D, cub::DispatchUniqueByKey<const int *, const long long *, int *, long long *,
                                                               unsigned *, Equal, unsigned, Hub>>::value,
                      "the hub is the class's");
        size_t bytes = 0;
        D query(nullptr, bytes, d_runs, d_vals, d_out, d_vout, d_n, Equal{}, (unsigned)n, 0);
        cudaError_t e1 = Hub::MaxPolicy::Invoke(ptx_version, query);
        void *t = temp_for(bytes);
        D run(t, bytes, d_runs, d_vals, d_out, d_vout, d_n, Equal{}, (unsigned)n, 0);
        cudaError_t e2 = Hub::MaxPolicy::Invoke(ptx_version, run);
        std::vector<int> wk;
        std::vector<long long> wv;
        for (int i = 0; i < n; i++)
            if (i == 0 || runs[i - 1] != runs[i]) {
                wk.push_back(runs[i]);
                wv.push_back(vals[i]);
            }
        unsigned got = get1(d_n);
        report("DispatchUniqueByKey", e1, bytes, e2,
               got == wk.size() && fetch(d_out, got) == wk && fetch(d_vout, got) == wv, digest_values(wv));
        cudaFree(t);
        cudaFree(d_vals);
        cudaFree(d_vout);
        cudaFree(d_n);
    }

    // Non-trivial runs.
    {
        int *d_offs, *d_lens, *d_nr;
        cudaMalloc(&d_offs, n * sizeof(int));
        cudaMalloc(&d_lens, n * sizeof(int));
        cudaMalloc(&d_nr, sizeof(int));
        using D = cub::DeviceRleDispatch<const int *, int *, int *, int *, Equal, int>;
        using Hub = cub::detail::rle::non_trivial_runs::policy_hub<int, int>;
        static_assert(std::is_same<D, cub::DeviceRleDispatch<const int *, int *, int *, int *, Equal, int, Hub>>::value,
                      "the hub is the class's");
        size_t bytes = 0;
        D query(nullptr, bytes, d_runs, d_offs, d_lens, d_nr, Equal{}, n, 0);
        cudaError_t e1 = Hub::MaxPolicy::Invoke(ptx_version, query);
        void *t = temp_for(bytes);
        D run(t, bytes, d_runs, d_offs, d_lens, d_nr, Equal{}, n, 0);
        cudaError_t e2 = Hub::MaxPolicy::Invoke(ptx_version, run);
        std::vector<int> wo, wl;
        for (int i = 0; i < n;) {
            int j = i + 1;
            while (j < n && runs[j] == runs[i])
                j++;
            if (j - i > 1) {
                wo.push_back(i);
                wl.push_back(j - i);
            }
            i = j;
        }
        int got = get1(d_nr);
        report("DeviceRleDispatch", e1, bytes, e2,
               got == (int)wo.size() && fetch(d_offs, got) == wo && fetch(d_lens, got) == wl, digest_values(wl));
        cudaFree(t);
        cudaFree(d_offs);
        cudaFree(d_lens);
        cudaFree(d_nr);
    }

    // Reduce by key, int values summed into long long: one object answers
    // the query, then runs once its d_temp_storage field holds storage.
    {
        std::vector<int> vals(n);
        for (int i = 0; i < n; i++)
            vals[i] = h[i] * 40000 + (h[i] & 7); // runs of these overflow int
        int *d_vals = upload(vals), *d_uk, *d_num;
        long long *d_agg;
        cudaMalloc(&d_uk, n * sizeof(int));
        cudaMalloc(&d_agg, n * sizeof(long long));
        cudaMalloc(&d_num, sizeof(int));
        using D = cub::DispatchReduceByKey<const int *, int *, const int *, long long *, int *, SameTen, Plus,
                                           unsigned, long long>;
        using Hub = cub::detail::reduce_by_key::policy_hub<Plus, long long, int>;
        static_assert(std::is_same<D, cub::DispatchReduceByKey<const int *, int *, const int *, long long *, int *,
                                                               SameTen, Plus, unsigned, long long, Hub>>::value,
                      "the hub is the class's");
        size_t bytes = 0;
        D d(nullptr, bytes, d_keys, d_uk, d_vals, d_agg, d_num, SameTen{}, Plus{}, (unsigned)n, 0);
        cudaError_t e1 = Hub::MaxPolicy::Invoke(ptx_version, d);
        void *t = temp_for(bytes);
        d.d_temp_storage = t;
        cudaError_t e2 = Hub::MaxPolicy::Invoke(ptx_version, d);
        std::vector<long long> agg;
        for (int i = 0; i < n; i++) {
            if (i == 0 || !SameTen{}(keys[i - 1], keys[i]))
                agg.push_back(0);
            agg.back() += vals[i];
        }
        int got = get1(d_num);
        report("DispatchReduceByKey", e1, bytes, e2, got == (int)agg.size() && fetch(d_agg, got) == agg,
               digest_values(agg));
        cudaFree(t);
        cudaFree(d_vals);
        cudaFree(d_uk);
        cudaFree(d_agg);
        cudaFree(d_num);
    }

    // Exclusive scan by key from a value, into long long.
    {
        const long long init = 1000000007LL;
        long long *d_exc;
        cudaMalloc(&d_exc, n * sizeof(long long));
        using D = cub::DispatchScanByKey<const int *, const int *, long long *, SameTen, Plus, long long, unsigned,
                                         long long>;
        using Hub = cub::detail::scan_by_key::policy_hub<const int *, long long, int, Plus>;
        static_assert(std::is_same<D, cub::DispatchScanByKey<const int *, const int *, long long *, SameTen, Plus,
                                                             long long, unsigned, long long, Hub>>::value,
                      "the hub is the class's");
        size_t bytes = 0;
        D query(nullptr, bytes, d_keys, d_in, d_exc, SameTen{}, Plus{}, init, (unsigned)n, 0, ptx_version);
        cudaError_t e1 = Hub::MaxPolicy::Invoke(ptx_version, query);
        void *t = temp_for(bytes);
        D run(t, bytes, d_keys, d_in, d_exc, SameTen{}, Plus{}, init, (unsigned)n, 0, ptx_version);
        cudaError_t e2 = Hub::MaxPolicy::Invoke(ptx_version, run);
        std::vector<long long> exc(n);
        long long acc = 0;
        for (int i = 0; i < n; i++) {
            if (i == 0 || !SameTen{}(keys[i - 1], keys[i]))
                acc = init;
            exc[i] = acc;
            acc += h[i];
        }
        report("DispatchScanByKey exclusive", e1, bytes, e2, fetch(d_exc, n) == exc, digest_values(exc));
        cudaFree(t);
        cudaFree(d_exc);
    }

    // Adjacent difference, left, in place.
    {
        int *d_io = upload(h);
        using D = cub::DispatchAdjacentDifference<int *, int *, Minus, unsigned, cub::MayAlias::Yes,
                                                  cub::ReadOption::Left>;
        using Hub = cub::detail::adjacent_difference::policy_hub<int *, true>;
        static_assert(std::is_same<D, cub::DispatchAdjacentDifference<int *, int *, Minus, unsigned, cub::MayAlias::Yes,
                                                                      cub::ReadOption::Left, Hub>>::value,
                      "the hub is the class's");
        size_t bytes = 0;
        D query(nullptr, bytes, d_io, d_io, (unsigned)n, Minus{}, 0);
        cudaError_t e1 = Hub::MaxPolicy::Invoke(ptx_version, query);
        void *t = temp_for(bytes);
        D run(t, bytes, d_io, d_io, (unsigned)n, Minus{}, 0);
        cudaError_t e2 = Hub::MaxPolicy::Invoke(ptx_version, run);
        std::vector<int> left(n);
        for (int i = 0; i < n; i++)
            left[i] = i == 0 ? h[0] : h[i] - h[i - 1];
        report("DispatchAdjacentDifference left, in place", e1, bytes, e2, fetch(d_io, n) == left,
               digest_values(left));
        cudaFree(t);
        cudaFree(d_io);
    }

    std::printf("last error: %d\n", (int)cudaDeviceSynchronize());
    cudaFree(d_in);
    cudaFree(d_keys);
    cudaFree(d_runs);
    cudaFree(d_flags);
    cudaFree(d_out);
    cudaFree(d_count);
    return 0;
}
