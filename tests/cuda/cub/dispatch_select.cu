// CUB's selection dispatch classes called directly: DispatchSelectIf (by a
// predicate, by flags, by a predicate on the flags, unique with CUB's own
// and a custom equality, each kind of partition including distinct
// outputs, in place and potentially-in-place on separate memory, no
// items, too little temporary storage), DispatchThreeWayPartitionIf,
// DispatchUniqueByKey (unsigned offsets, as CUB uses) and
// DeviceRleDispatch (the non-trivial runs, which is what it serves; CUB's
// Encode goes through DispatchReduceByKey).  Each is called twice (size,
// then work) and checked against the same result computed here.
#include <cub/device/dispatch/dispatch_rle.cuh>
#include <cub/device/dispatch/dispatch_select_if.cuh>
#include <cub/device/dispatch/dispatch_three_way_partition.cuh>
#include <cub/device/dispatch/dispatch_unique_by_key.cuh>

#include "cub_test.h"

#include <cstdio>
#include <vector>

struct Third {
    __host__ __device__ bool operator()(int x) const { return x % 3 == 0; }
};
struct FlagIsOne {
    __host__ __device__ bool operator()(int f) const { return f % 5 == 1; }
};
struct Equal {
    __host__ __device__ bool operator()(int a, int b) const { return a == b; }
};
// Equal when in the same group of four.
struct SameQuarter {
    __host__ __device__ bool operator()(int a, int b) const { return (a >> 2) == (b >> 2); }
};
struct Low {
    __host__ __device__ bool operator()(int x) const { return x < -20000; }
};
struct High {
    __host__ __device__ bool operator()(int x) const { return x > 20000; }
};

// The expected selection, and the partition: selected first in order,
// then the rejected ones from the back.
static std::vector<int> selected(const std::vector<int> &in, const std::vector<bool> &pick)
{
    std::vector<int> out;
    for (size_t i = 0; i < in.size(); i++)
        if (pick[i])
            out.push_back(in[i]);
    return out;
}
static std::vector<int> rejected(const std::vector<int> &in, const std::vector<bool> &pick)
{
    std::vector<int> out;
    for (size_t i = 0; i < in.size(); i++)
        if (!pick[i])
            out.push_back(in[i]);
    return out;
}
static std::vector<int> partitioned(const std::vector<int> &in, const std::vector<bool> &pick)
{
    std::vector<int> out = selected(in, pick), rej = rejected(in, pick);
    for (size_t i = rej.size(); i-- > 0;)
        out.push_back(rej[i]);
    return out;
}

static void report(const char *what, cudaError_t e1, cudaError_t e2, long long count, long long want_count,
                   const std::vector<int> &got, const std::vector<int> &want)
{
    std::printf("%s: %d %d, %lld items, digest %llx (%s)\n", what, (int)e1, (int)e2, count, digest_values(got),
                count == want_count && got == want ? "ok" : "WRONG");
}

int main()
{
    const int n = 100000;
    std::vector<int> h(n), flags(n), runs(n);
    std::vector<char> cflags(n);
    unsigned s = 12345;
    for (int i = 0; i < n; i++) {
        h[i] = (int)((i * 2654435761u) >> 7) % 100003 - 50000;
        flags[i] = (int)((i * 40503u) >> 5) % 7;
        cflags[i] = (char)(flags[i] & 1);
    }
    // Runs of 1 to 6 equal values.
    for (int i = 0; i < n;) {
        s = s * 1103515245u + 12345u;
        int len = 1 + (int)(s >> 16) % 6, v = (int)(s >> 8) % 1000;
        for (int j = 0; j < len && i < n; j++)
            runs[i++] = v;
    }
    int *d_in = upload(h), *d_flags = upload(flags), *d_runs = upload(runs);
    char *d_cflags = upload(cflags);
    int *d_out, *d_rej;
    long long *d_count;
    cudaMalloc(&d_out, n * sizeof(int));
    cudaMalloc(&d_rej, n * sizeof(int));
    cudaMalloc(&d_count, 2 * sizeof(long long));

    std::vector<bool> by_op(n), by_flag(n), by_flag_op(n), heads(n), quarter_heads(n);
    for (int i = 0; i < n; i++) {
        by_op[i] = Third{}(h[i]);
        by_flag[i] = cflags[i] != 0;
        by_flag_op[i] = FlagIsOne{}(flags[i]);
        heads[i] = i == 0 || runs[i - 1] != runs[i];
        quarter_heads[i] = i == 0 || !SameQuarter{}(runs[i - 1], runs[i]);
    }

    using Null = cub::NullType;
    using Offset = long long;

    // Selection by a predicate (into an int count, which CUB converts to).
    {
        int *d_n;
        cudaMalloc(&d_n, sizeof(int));
        using D = cub::DispatchSelectIf<const int *, Null *, int *, int *, Third, Null, Offset, cub::SelectImpl::Select>;
        size_t bytes = 0;
        cudaError_t e1 = D::Dispatch(nullptr, bytes, d_in, nullptr, d_out, d_n, Third{}, Null{}, n, 0);
        void *t = temp_for(bytes);
        cudaError_t e2 = D::Dispatch(t, bytes, d_in, nullptr, d_out, d_n, Third{}, Null{}, n, 0);
        std::vector<int> want = selected(h, by_op);
        int got = get1(d_n);
        report("DispatchSelectIf by predicate", e1, e2, got, (long long)want.size(), fetch(d_out, got), want);

        // No items: the count is still written.
        int seventy = 77;
        cudaMemcpy(d_n, &seventy, sizeof(int), cudaMemcpyHostToDevice);
        size_t bytes0 = 0;
        e1 = D::Dispatch(nullptr, bytes0, d_in, nullptr, d_out, d_n, Third{}, Null{}, 0, 0);
        void *t0 = temp_for(bytes0);
        e2 = D::Dispatch(t0, bytes0, d_in, nullptr, d_out, d_n, Third{}, Null{}, 0, 0);
        std::printf("DispatchSelectIf of no items: %d %d, count %d\n", (int)e1, (int)e2, get1(d_n));
        cudaFree(t0);

        // Temporary storage smaller than asked for.
        size_t small = 1;
        cudaError_t e3 = D::Dispatch(t, small, d_in, nullptr, d_out, d_n, Third{}, Null{}, n, 0);
        std::printf("DispatchSelectIf with too little storage: %d\n", (int)e3);
        cudaGetLastError();
        cudaFree(t);
        cudaFree(d_n);
    }

    // Selection by flags (char), and by a predicate on int flags.
    {
        using D = cub::DispatchSelectIf<const int *, const char *, int *, long long *, Null, Null, Offset,
                                        cub::SelectImpl::Select>;
        size_t bytes = 0;
        cudaError_t e1 = D::Dispatch(nullptr, bytes, d_in, d_cflags, d_out, d_count, Null{}, Null{}, n, 0);
        void *t = temp_for(bytes);
        cudaError_t e2 = D::Dispatch(t, bytes, d_in, d_cflags, d_out, d_count, Null{}, Null{}, n, 0);
        std::vector<int> want = selected(h, by_flag);
        long long got = get1(d_count);
        report("DispatchSelectIf by flags", e1, e2, got, (long long)want.size(), fetch(d_out, got), want);
        cudaFree(t);

        using F = cub::DispatchSelectIf<const int *, const int *, int *, long long *, FlagIsOne, Null, Offset,
                                        cub::SelectImpl::Select>;
        bytes = 0;
        e1 = F::Dispatch(nullptr, bytes, d_in, d_flags, d_out, d_count, FlagIsOne{}, Null{}, n, 0);
        t = temp_for(bytes);
        e2 = F::Dispatch(t, bytes, d_in, d_flags, d_out, d_count, FlagIsOne{}, Null{}, n, 0);
        want = selected(h, by_flag_op);
        got = get1(d_count);
        report("DispatchSelectIf by a predicate on flags", e1, e2, got, (long long)want.size(), fetch(d_out, got),
               want);
        cudaFree(t);
    }

    // Unique: CUB's equality, then a custom one.
    {
        using D = cub::DispatchSelectIf<const int *, Null *, int *, long long *, Null, Equal, Offset,
                                        cub::SelectImpl::Select>;
        size_t bytes = 0;
        cudaError_t e1 = D::Dispatch(nullptr, bytes, d_runs, nullptr, d_out, d_count, Null{}, Equal{}, n, 0);
        void *t = temp_for(bytes);
        cudaError_t e2 = D::Dispatch(t, bytes, d_runs, nullptr, d_out, d_count, Null{}, Equal{}, n, 0);
        std::vector<int> want = selected(runs, heads);
        long long got = get1(d_count);
        report("DispatchSelectIf unique", e1, e2, got, (long long)want.size(), fetch(d_out, got), want);
        cudaFree(t);

        using Q = cub::DispatchSelectIf<const int *, Null *, int *, long long *, Null, SameQuarter, Offset,
                                        cub::SelectImpl::Select>;
        bytes = 0;
        e1 = Q::Dispatch(nullptr, bytes, d_runs, nullptr, d_out, d_count, Null{}, SameQuarter{}, n, 0);
        t = temp_for(bytes);
        e2 = Q::Dispatch(t, bytes, d_runs, nullptr, d_out, d_count, Null{}, SameQuarter{}, n, 0);
        want = selected(runs, quarter_heads);
        got = get1(d_count);
        report("DispatchSelectIf unique by quarters", e1, e2, got, (long long)want.size(), fetch(d_out, got), want);
        cudaFree(t);
    }

    // Partitions: by a predicate, by flags, by discontinuity; the rejected
    // items follow the selected ones, from the back.
    {
        using P = cub::DispatchSelectIf<const int *, Null *, int *, long long *, Third, Null, Offset,
                                        cub::SelectImpl::Partition>;
        size_t bytes = 0;
        cudaError_t e1 = P::Dispatch(nullptr, bytes, d_in, nullptr, d_out, d_count, Third{}, Null{}, n, 0);
        void *t = temp_for(bytes);
        cudaError_t e2 = P::Dispatch(t, bytes, d_in, nullptr, d_out, d_count, Third{}, Null{}, n, 0);
        std::vector<int> want = partitioned(h, by_op);
        report("DispatchSelectIf partition by predicate", e1, e2, get1(d_count), (long long)selected(h, by_op).size(),
               fetch(d_out, n), want);
        cudaFree(t);

        using F = cub::DispatchSelectIf<const int *, const char *, int *, long long *, Null, Null, Offset,
                                        cub::SelectImpl::Partition>;
        bytes = 0;
        e1 = F::Dispatch(nullptr, bytes, d_in, d_cflags, d_out, d_count, Null{}, Null{}, n, 0);
        t = temp_for(bytes);
        e2 = F::Dispatch(t, bytes, d_in, d_cflags, d_out, d_count, Null{}, Null{}, n, 0);
        want = partitioned(h, by_flag);
        report("DispatchSelectIf partition by flags", e1, e2, get1(d_count), (long long)selected(h, by_flag).size(),
               fetch(d_out, n), want);
        cudaFree(t);

        using U = cub::DispatchSelectIf<const int *, Null *, int *, long long *, Null, Equal, Offset,
                                        cub::SelectImpl::Partition>;
        bytes = 0;
        e1 = U::Dispatch(nullptr, bytes, d_runs, nullptr, d_out, d_count, Null{}, Equal{}, n, 0);
        t = temp_for(bytes);
        e2 = U::Dispatch(t, bytes, d_runs, nullptr, d_out, d_count, Null{}, Equal{}, n, 0);
        want = partitioned(runs, heads);
        report("DispatchSelectIf partition by discontinuity", e1, e2, get1(d_count),
               (long long)selected(runs, heads).size(), fetch(d_out, n), want);
        cudaFree(t);
    }

    // A partition into two outputs: both keep input order.
    {
        using Out = cub::detail::select::partition_distinct_output_t<int *, int *>;
        using P = cub::DispatchSelectIf<const int *, const int *, Out, long long *, FlagIsOne, Null, Offset,
                                        cub::SelectImpl::Partition>;
        Out out{d_out, d_rej};
        size_t bytes = 0;
        cudaError_t e1 = P::Dispatch(nullptr, bytes, d_in, d_flags, out, d_count, FlagIsOne{}, Null{}, n, 0);
        void *t = temp_for(bytes);
        cudaError_t e2 = P::Dispatch(t, bytes, d_in, d_flags, out, d_count, FlagIsOne{}, Null{}, n, 0);
        std::vector<int> sel = selected(h, by_flag_op), rej = rejected(h, by_flag_op);
        long long got = get1(d_count);
        std::vector<int> got_sel = fetch(d_out, got), got_rej = fetch(d_rej, n - got);
        std::printf("DispatchSelectIf partition into two outputs: %d %d, %lld + %lld items, digests %llx %llx (%s)\n",
                    (int)e1, (int)e2, got, n - got, digest_values(got_sel), digest_values(got_rej),
                    got == (long long)sel.size() && got_sel == sel && got_rej == rej ? "ok" : "WRONG");
        cudaFree(t);
    }

    // In place: by a predicate, by flags, unique; then potentially in place
    // on separate memory.
    {
        int *d_buf;
        cudaMalloc(&d_buf, n * sizeof(int));
        using I = cub::DispatchSelectIf<int *, Null *, int *, long long *, Third, Null, Offset,
                                        cub::SelectImpl::SelectPotentiallyInPlace>;
        cudaMemcpy(d_buf, d_in, n * sizeof(int), cudaMemcpyDeviceToDevice);
        size_t bytes = 0;
        cudaError_t e1 = I::Dispatch(nullptr, bytes, d_buf, nullptr, d_buf, d_count, Third{}, Null{}, n, 0);
        void *t = temp_for(bytes);
        cudaError_t e2 = I::Dispatch(t, bytes, d_buf, nullptr, d_buf, d_count, Third{}, Null{}, n, 0);
        std::vector<int> want = selected(h, by_op);
        long long got = get1(d_count);
        report("DispatchSelectIf in place by predicate", e1, e2, got, (long long)want.size(), fetch(d_buf, got), want);
        cudaFree(t);

        using F = cub::DispatchSelectIf<int *, const char *, int *, long long *, Null, Null, Offset,
                                        cub::SelectImpl::SelectPotentiallyInPlace>;
        cudaMemcpy(d_buf, d_in, n * sizeof(int), cudaMemcpyDeviceToDevice);
        bytes = 0;
        e1 = F::Dispatch(nullptr, bytes, d_buf, d_cflags, d_buf, d_count, Null{}, Null{}, n, 0);
        t = temp_for(bytes);
        e2 = F::Dispatch(t, bytes, d_buf, d_cflags, d_buf, d_count, Null{}, Null{}, n, 0);
        want = selected(h, by_flag);
        got = get1(d_count);
        report("DispatchSelectIf in place by flags", e1, e2, got, (long long)want.size(), fetch(d_buf, got), want);
        cudaFree(t);

        using U = cub::DispatchSelectIf<int *, Null *, int *, long long *, Null, Equal, Offset,
                                        cub::SelectImpl::SelectPotentiallyInPlace>;
        cudaMemcpy(d_buf, d_runs, n * sizeof(int), cudaMemcpyDeviceToDevice);
        bytes = 0;
        e1 = U::Dispatch(nullptr, bytes, d_buf, nullptr, d_buf, d_count, Null{}, Equal{}, n, 0);
        t = temp_for(bytes);
        e2 = U::Dispatch(t, bytes, d_buf, nullptr, d_buf, d_count, Null{}, Equal{}, n, 0);
        want = selected(runs, heads);
        got = get1(d_count);
        report("DispatchSelectIf in place unique", e1, e2, got, (long long)want.size(), fetch(d_buf, got), want);
        cudaFree(t);

        // Potentially in place, but the output is elsewhere: the input stays.
        cudaMemcpy(d_buf, d_in, n * sizeof(int), cudaMemcpyDeviceToDevice);
        bytes = 0;
        e1 = I::Dispatch(nullptr, bytes, d_buf, nullptr, d_out, d_count, Third{}, Null{}, n, 0);
        t = temp_for(bytes);
        e2 = I::Dispatch(t, bytes, d_buf, nullptr, d_out, d_count, Third{}, Null{}, n, 0);
        want = selected(h, by_op);
        got = get1(d_count);
        bool kept = fetch(d_buf, n) == h;
        std::printf("DispatchSelectIf potentially in place, separate output: %d %d, %lld items, input kept %d, "
                    "digest %llx (%s)\n",
                    (int)e1, (int)e2, got, (int)kept, digest_values(fetch(d_out, got)),
                    got == (long long)want.size() && fetch(d_out, got) == want ? "ok" : "WRONG");
        cudaFree(t);
        cudaFree(d_buf);
    }

    // Three-way partition.
    {
        int *d_first, *d_second, *d_rest, *d_two;
        cudaMalloc(&d_first, n * sizeof(int));
        cudaMalloc(&d_second, n * sizeof(int));
        cudaMalloc(&d_rest, n * sizeof(int));
        cudaMalloc(&d_two, 2 * sizeof(int));
        using D = cub::DispatchThreeWayPartitionIf<const int *, int *, int *, int *, int *, Low, High, int>;
        size_t bytes = 0;
        cudaError_t e1 = D::Dispatch(nullptr, bytes, d_in, d_first, d_second, d_rest, d_two, Low{}, High{}, n, 0);
        void *t = temp_for(bytes);
        cudaError_t e2 = D::Dispatch(t, bytes, d_in, d_first, d_second, d_rest, d_two, Low{}, High{}, n, 0);
        std::vector<int> first, second, rest;
        for (int x : h)
            (Low{}(x) ? first : High{}(x) ? second : rest).push_back(x);
        std::vector<int> counts = fetch(d_two, 2);
        int a = counts[0], b = counts[1];
        std::vector<int> g1 = fetch(d_first, a), g2 = fetch(d_second, b), g3 = fetch(d_rest, n - a - b);
        std::printf("DispatchThreeWayPartitionIf: %d %d, %d %d %d items, digests %llx %llx %llx (%s)\n", (int)e1,
                    (int)e2, a, b, n - a - b, digest_values(g1), digest_values(g2), digest_values(g3),
                    g1 == first && g2 == second && g3 == rest ? "ok" : "WRONG");

        int zeros[2] = {55, 66};
        cudaMemcpy(d_two, zeros, sizeof zeros, cudaMemcpyHostToDevice);
        size_t bytes0 = 0;
        e1 = D::Dispatch(nullptr, bytes0, d_in, d_first, d_second, d_rest, d_two, Low{}, High{}, 0, 0);
        void *t0 = temp_for(bytes0);
        e2 = D::Dispatch(t0, bytes0, d_in, d_first, d_second, d_rest, d_two, Low{}, High{}, 0, 0);
        counts = fetch(d_two, 2);
        std::printf("DispatchThreeWayPartitionIf of no items: %d %d, counts %d %d\n", (int)e1, (int)e2, counts[0],
                    counts[1]);
        cudaFree(t0);
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
        size_t bytes = 0;
        cudaError_t e1 = D::Dispatch(nullptr, bytes, d_runs, d_vals, d_out, d_vout, d_n, Equal{}, (unsigned)n, 0);
        void *t = temp_for(bytes);
        cudaError_t e2 = D::Dispatch(t, bytes, d_runs, d_vals, d_out, d_vout, d_n, Equal{}, (unsigned)n, 0);
        std::vector<int> wk;
        std::vector<long long> wv;
        for (int i = 0; i < n; i++)
            if (heads[i]) {
                wk.push_back(runs[i]);
                wv.push_back(vals[i]);
            }
        unsigned got = get1(d_n);
        std::vector<int> gk = fetch(d_out, got);
        std::vector<long long> gv = fetch(d_vout, got);
        std::printf("DispatchUniqueByKey: %d %d, %u items, keys %llx, values %llx (%s)\n", (int)e1, (int)e2, got,
                    digest_values(gk), digest_values(gv), gk == wk && gv == wv ? "ok" : "WRONG");

        using Q = cub::DispatchUniqueByKey<const int *, const long long *, int *, long long *, unsigned *,
                                           SameQuarter, unsigned>;
        bytes = 0;
        cudaFree(t);
        e1 = Q::Dispatch(nullptr, bytes, d_runs, d_vals, d_out, d_vout, d_n, SameQuarter{}, (unsigned)n, 0);
        t = temp_for(bytes);
        e2 = Q::Dispatch(t, bytes, d_runs, d_vals, d_out, d_vout, d_n, SameQuarter{}, (unsigned)n, 0);
        wk.clear();
        wv.clear();
        for (int i = 0; i < n; i++)
            if (quarter_heads[i]) {
                wk.push_back(runs[i]);
                wv.push_back(vals[i]);
            }
        got = get1(d_n);
        gk = fetch(d_out, got);
        gv = fetch(d_vout, got);
        std::printf("DispatchUniqueByKey by quarters: %d %d, %u items, keys %llx, values %llx (%s)\n", (int)e1,
                    (int)e2, got, digest_values(gk), digest_values(gv), gk == wk && gv == wv ? "ok" : "WRONG");

        unsigned seventy = 77;
        cudaMemcpy(d_n, &seventy, sizeof seventy, cudaMemcpyHostToDevice);
        size_t bytes0 = 0;
        e1 = D::Dispatch(nullptr, bytes0, d_runs, d_vals, d_out, d_vout, d_n, Equal{}, 0u, 0);
        void *t0 = temp_for(bytes0);
        e2 = D::Dispatch(t0, bytes0, d_runs, d_vals, d_out, d_vout, d_n, Equal{}, 0u, 0);
        std::printf("DispatchUniqueByKey of no items: %d %d, count %u\n", (int)e1, (int)e2, get1(d_n));
        cudaFree(t0);
        cudaFree(t);
        cudaFree(d_vals);
        cudaFree(d_vout);
        cudaFree(d_n);
    }

    // Non-trivial runs: int lengths, then long long lengths by quarters.
    {
        int *d_offs, *d_lens, *d_nr;
        long long *d_llens;
        cudaMalloc(&d_offs, n * sizeof(int));
        cudaMalloc(&d_lens, n * sizeof(int));
        cudaMalloc(&d_llens, n * sizeof(long long));
        cudaMalloc(&d_nr, sizeof(int));
        using D = cub::DeviceRleDispatch<const int *, int *, int *, int *, Equal, int>;
        size_t bytes = 0;
        cudaError_t e1 = D::Dispatch(nullptr, bytes, d_runs, d_offs, d_lens, d_nr, Equal{}, n, 0);
        void *t = temp_for(bytes);
        cudaError_t e2 = D::Dispatch(t, bytes, d_runs, d_offs, d_lens, d_nr, Equal{}, n, 0);
        auto expect = [&](const std::vector<bool> &hd, std::vector<int> &offs, std::vector<long long> &lens) {
            for (int i = 0; i < n;) {
                int j = i + 1;
                while (j < n && !hd[j])
                    j++;
                if (j - i > 1) {
                    offs.push_back(i);
                    lens.push_back(j - i);
                }
                i = j;
            }
        };
        std::vector<int> wo;
        std::vector<long long> wl;
        expect(heads, wo, wl);
        int got = get1(d_nr);
        std::vector<int> go = fetch(d_offs, got), gl = fetch(d_lens, got);
        std::vector<long long> gll(gl.begin(), gl.end());
        std::printf("DeviceRleDispatch: %d %d, %d runs, offsets %llx, lengths %llx (%s)\n", (int)e1, (int)e2, got,
                    digest_values(go), digest_values(gl), go == wo && gll == wl ? "ok" : "WRONG");
        cudaFree(t);

        using Q = cub::DeviceRleDispatch<const int *, int *, long long *, int *, SameQuarter, int>;
        bytes = 0;
        e1 = Q::Dispatch(nullptr, bytes, d_runs, d_offs, d_llens, d_nr, SameQuarter{}, n, 0);
        t = temp_for(bytes);
        e2 = Q::Dispatch(t, bytes, d_runs, d_offs, d_llens, d_nr, SameQuarter{}, n, 0);
        wo.clear();
        wl.clear();
        expect(quarter_heads, wo, wl);
        got = get1(d_nr);
        go = fetch(d_offs, got);
        gll = fetch(d_llens, got);
        std::printf("DeviceRleDispatch by quarters: %d %d, %d runs, offsets %llx, lengths %llx (%s)\n", (int)e1,
                    (int)e2, got, digest_values(go), digest_values(gll), go == wo && gll == wl ? "ok" : "WRONG");

        int seventy = 77;
        cudaMemcpy(d_nr, &seventy, sizeof seventy, cudaMemcpyHostToDevice);
        size_t bytes0 = 0;
        e1 = D::Dispatch(nullptr, bytes0, d_runs, d_offs, d_lens, d_nr, Equal{}, 0, 0);
        void *t0 = temp_for(bytes0);
        e2 = D::Dispatch(t0, bytes0, d_runs, d_offs, d_lens, d_nr, Equal{}, 0, 0);
        std::printf("DeviceRleDispatch of no items: %d %d, count %d\n", (int)e1, (int)e2, get1(d_nr));
        cudaFree(t0);
        cudaFree(t);
        cudaFree(d_offs);
        cudaFree(d_lens);
        cudaFree(d_llens);
        cudaFree(d_nr);
    }

    std::printf("last error: %d\n", (int)cudaDeviceSynchronize());
    cudaFree(d_in);
    cudaFree(d_flags);
    cudaFree(d_runs);
    cudaFree(d_cflags);
    cudaFree(d_out);
    cudaFree(d_rej);
    cudaFree(d_count);
    return 0;
}
