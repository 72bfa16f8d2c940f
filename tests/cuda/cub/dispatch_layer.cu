// CUB's dispatch classes called directly, as programs that choose their own
// offset, accumulator or initial-value types do: DispatchReduce (with a
// wider accumulator), DispatchTransformReduce, DispatchSegmentedReduce,
// DispatchScan (inclusive, exclusive from a value and from a FutureValue,
// inclusive with an initial value), DispatchRadixSort (keys, pairs,
// descending, a bit range, overwriting or not) and
// DispatchSegmentedRadixSort.  Each is called twice (size, then work).
#include <cub/device/dispatch/dispatch_radix_sort.cuh>
#include <cub/device/dispatch/dispatch_reduce.cuh>
#include <cub/device/dispatch/dispatch_scan.cuh>

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
struct Square {
    __host__ __device__ long long operator()(int x) const { return (long long)x * x; }
};

int main()
{
    const int n = 100000;
    std::vector<int> h(n);
    for (int i = 0; i < n; i++)
        h[i] = (int)((i * 2654435761u) >> 7) % 100003 - 50000;
    int *d_in;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);

    // Reduce: int items summed into long long (the caller's accumulator).
    {
        long long *d_out;
        cudaMalloc(&d_out, sizeof(long long));
        using D = cub::DispatchReduce<const int *, long long *, long long, Plus, long long, long long>;
        size_t bytes = 0;
        cudaError_t e1 = D::Dispatch(nullptr, bytes, d_in, d_out, (long long)n, Plus{}, 7LL, 0);
        void *t = temp_for(bytes);
        cudaError_t e2 = D::Dispatch(t, bytes, d_in, d_out, (long long)n, Plus{}, 7LL, 0);
        long long want = 7;
        for (int x : h)
            want += x;
        std::printf("DispatchReduce: %d %d sum %lld (%s)\n", (int)e1, (int)e2, fetch(d_out, 1)[0],
                    fetch(d_out, 1)[0] == want ? "ok" : "WRONG");
        cudaError_t e3 = D::Dispatch(t, bytes, d_in, d_out, 0LL, Plus{}, 7LL, 0);
        std::printf("DispatchReduce of no items: %d -> %lld\n", (int)e3, fetch(d_out, 1)[0]);

        using T = cub::DispatchTransformReduce<const int *, long long *, int, Plus, Square, long long>;
        bytes = 0;
        e1 = T::Dispatch(nullptr, bytes, d_in, d_out, n, Plus{}, 0LL, 0, Square{});
        cudaFree(t);
        t = temp_for(bytes);
        e2 = T::Dispatch(t, bytes, d_in, d_out, n, Plus{}, 0LL, 0, Square{});
        long long sq = 0;
        for (int x : h)
            sq += (long long)x * x;
        std::printf("DispatchTransformReduce: %d %d sum of squares %lld (%s)\n", (int)e1, (int)e2,
                    fetch(d_out, 1)[0], fetch(d_out, 1)[0] == sq ? "ok" : "WRONG");
        cudaFree(t);
        cudaFree(d_out);
    }

    // Segmented reduce: a running max over uneven segments, an empty one.
    {
        const int segs = 6;
        int offs[segs + 1] = {0, 10, 10, 4000, 4001, 70000, n};
        int *d_offs, *d_out;
        cudaMalloc(&d_offs, sizeof offs);
        cudaMalloc(&d_out, segs * sizeof(int));
        cudaMemcpy(d_offs, offs, sizeof offs, cudaMemcpyHostToDevice);
        using D = cub::DispatchSegmentedReduce<const int *, int *, const int *, const int *, int, Max, int>;
        size_t bytes = 0;
        cudaError_t e1 = D::Dispatch(nullptr, bytes, d_in, d_out, segs, d_offs, d_offs + 1, Max{}, -1000000, 0);
        void *t = temp_for(bytes);
        cudaError_t e2 = D::Dispatch(t, bytes, d_in, d_out, segs, d_offs, d_offs + 1, Max{}, -1000000, 0);
        std::vector<int> got = fetch(d_out, segs);
        std::printf("DispatchSegmentedReduce: %d %d", (int)e1, (int)e2);
        for (int s = 0; s < segs; s++)
            std::printf(" %d", got[s]);
        std::printf("\n");
        size_t kept = 12345;
        cudaError_t e3 = D::Dispatch(nullptr, kept, d_in, d_out, 0, d_offs, d_offs + 1, Max{}, 0, 0);
        std::printf("DispatchSegmentedReduce of no segments: %d, size left at %zu\n", (int)e3, kept);
        cudaFree(t);
        cudaFree(d_offs);
        cudaFree(d_out);
    }

    // Scans.
    {
        long long *d_out, *d_init;
        cudaMalloc(&d_out, n * sizeof(long long));
        cudaMalloc(&d_init, sizeof(long long));
        long long init = 1000000007LL;
        cudaMemcpy(d_init, &init, sizeof init, cudaMemcpyHostToDevice);
        std::vector<long long> inc(n), exc(n), incinit(n);
        long long acc = 0;
        for (int i = 0; i < n; i++) {
            exc[i] = init + acc;
            acc += h[i];
            inc[i] = acc;
            incinit[i] = init + acc;
        }
        size_t bytes = 0;
        void *t = nullptr;

        using Inc = cub::DispatchScan<const int *, long long *, Plus, cub::NullType, unsigned, long long>;
        cudaError_t e1 = Inc::Dispatch(nullptr, bytes, d_in, d_out, Plus{}, cub::NullType{}, (unsigned)n, 0);
        t = temp_for(bytes);
        cudaError_t e2 = Inc::Dispatch(t, bytes, d_in, d_out, Plus{}, cub::NullType{}, (unsigned)n, 0);
        std::printf("DispatchScan inclusive: %d %d %s\n", (int)e1, (int)e2, fetch(d_out, n) == inc ? "ok" : "WRONG");
        cudaFree(t);

        using IV = cub::detail::InputValue<long long>;
        using Exc = cub::DispatchScan<const int *, long long *, Plus, IV, unsigned, long long>;
        bytes = 0;
        e1 = Exc::Dispatch(nullptr, bytes, d_in, d_out, Plus{}, IV(init), (unsigned)n, 0);
        t = temp_for(bytes);
        e2 = Exc::Dispatch(t, bytes, d_in, d_out, Plus{}, IV(init), (unsigned)n, 0);
        std::printf("DispatchScan exclusive: %d %d %s\n", (int)e1, (int)e2, fetch(d_out, n) == exc ? "ok" : "WRONG");
        cudaMemset(d_out, 0, n * sizeof(long long));
        cudaError_t e3 = Exc::Dispatch(t, bytes, d_in, d_out, Plus{}, IV(cub::FutureValue<long long>(d_init)), (unsigned)n, 0);
        std::printf("DispatchScan exclusive from a FutureValue: %d %s\n", (int)e3,
                    fetch(d_out, n) == exc ? "ok" : "WRONG");
        cudaFree(t);

        using IncInit = cub::DispatchScan<const int *, long long *, Plus, IV, unsigned, long long, cub::ForceInclusive::Yes>;
        bytes = 0;
        e1 = IncInit::Dispatch(nullptr, bytes, d_in, d_out, Plus{}, IV(init), (unsigned)n, 0);
        t = temp_for(bytes);
        e2 = IncInit::Dispatch(t, bytes, d_in, d_out, Plus{}, IV(init), (unsigned)n, 0);
        std::printf("DispatchScan inclusive with init: %d %d %s\n", (int)e1, (int)e2,
                    fetch(d_out, n) == incinit ? "ok" : "WRONG");
        cudaFree(t);
        cudaFree(d_out);
        cudaFree(d_init);
    }

    // Radix sorts.
    {
        unsigned *d_k0, *d_k1;
        int *d_v0, *d_v1;
        cudaMalloc(&d_k0, n * sizeof(unsigned));
        cudaMalloc(&d_k1, n * sizeof(unsigned));
        cudaMalloc(&d_v0, n * sizeof(int));
        cudaMalloc(&d_v1, n * sizeof(int));
        std::vector<unsigned> keys(n);
        std::vector<int> vals(n);
        for (int i = 0; i < n; i++) {
            keys[i] = (unsigned)h[i] * 2246822519u;
            vals[i] = i;
        }
        auto reset = [&] {
            cudaMemcpy(d_k0, keys.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice);
            cudaMemcpy(d_v0, vals.data(), n * sizeof(int), cudaMemcpyHostToDevice);
            cudaMemset(d_k1, 0, n * sizeof(unsigned));
            cudaMemset(d_v1, 0, n * sizeof(int));
        };

        // Keys, ascending, not overwriting: the input stays, Current() is the output.
        reset();
        {
            cub::DoubleBuffer<unsigned> k(d_k0, d_k1);
            cub::DoubleBuffer<cub::NullType> v;
            using D = cub::DispatchRadixSort<cub::SortOrder::Ascending, unsigned, cub::NullType, int>;
            size_t bytes = 0;
            cudaError_t e1 = D::Dispatch(nullptr, bytes, k, v, n, 0, 32, false, 0);
            void *t = temp_for(bytes);
            cudaError_t e2 = D::Dispatch(t, bytes, k, v, n, 0, 32, false, 0);
            std::vector<unsigned> out = fetch(k.Current(), n), in = fetch(d_k0, n);
            bool sorted = true;
            for (int i = 1; i < n; i++)
                sorted &= out[i - 1] <= out[i];
            std::printf("DispatchRadixSort keys: %d %d, current is the output %d, sorted %d, input kept %d, digest %llx\n",
                        (int)e1, (int)e2, (int)(k.Current() == d_k1), (int)sorted, (int)(in == keys), digest_values(out));
            cudaFree(t);
        }

        // Pairs, descending over bits [8, 24), overwriting: stable order.
        reset();
        {
            cub::DoubleBuffer<unsigned> k(d_k0, d_k1);
            cub::DoubleBuffer<int> v(d_v0, d_v1);
            using D = cub::DispatchRadixSort<cub::SortOrder::Descending, unsigned, int, unsigned long long>;
            size_t bytes = 0;
            cudaError_t e1 = D::Dispatch(nullptr, bytes, k, v, (unsigned long long)n, 8, 24, true, 0);
            void *t = temp_for(bytes);
            cudaError_t e2 = D::Dispatch(t, bytes, k, v, (unsigned long long)n, 8, 24, true, 0);
            std::vector<unsigned> ko = fetch(k.Current(), n);
            std::vector<int> vo = fetch(v.Current(), n);
            bool ok = true;
            for (int i = 1; i < n; i++) {
                unsigned a = ko[i - 1] >> 8 & 0xffff, b = ko[i] >> 8 & 0xffff;
                ok &= a > b || (a == b && vo[i - 1] < vo[i]);
            }
            for (int i = 0; i < n; i++)
                ok &= keys[vo[i]] == ko[i];
            std::printf("DispatchRadixSort pairs, descending, bits 8-24: %d %d %s, keys %llx, values %llx\n", (int)e1,
                        (int)e2, ok ? "ok" : "WRONG", digest_values(ko), digest_values(vo));
            cudaFree(t);
        }

        // Segmented pairs, ascending, not overwriting.
        reset();
        {
            const int segs = 5;
            int offs[segs + 1] = {0, 1, 500, 500, 60000, n};
            int *d_offs;
            cudaMalloc(&d_offs, sizeof offs);
            cudaMemcpy(d_offs, offs, sizeof offs, cudaMemcpyHostToDevice);
            cub::DoubleBuffer<unsigned> k(d_k0, d_k1);
            cub::DoubleBuffer<int> v(d_v0, d_v1);
            using D = cub::DispatchSegmentedRadixSort<cub::SortOrder::Ascending, unsigned, int, const int *,
                                                      const int *, int>;
            size_t bytes = 0;
            cudaError_t e1 = D::Dispatch(nullptr, bytes, k, v, n, segs, d_offs, d_offs + 1, 0, 32, false, 0);
            void *t = temp_for(bytes);
            cudaError_t e2 = D::Dispatch(t, bytes, k, v, n, segs, d_offs, d_offs + 1, 0, 32, false, 0);
            std::vector<unsigned> ko = fetch(k.Current(), n);
            std::vector<int> vo = fetch(v.Current(), n);
            bool ok = true;
            for (int s = 0; s < segs; s++)
                for (int i = offs[s] + 1; i < offs[s + 1]; i++)
                    ok &= ko[i - 1] <= ko[i];
            for (int i = 0; i < n; i++)
                ok &= keys[vo[i]] == ko[i];
            std::printf("DispatchSegmentedRadixSort: %d %d, current is the output %d %d, %s, keys %llx, values %llx\n",
                        (int)e1, (int)e2, (int)(k.Current() == d_k1), (int)(v.Current() == d_v1), ok ? "ok" : "WRONG",
                        digest_values(ko), digest_values(vo));
            cudaFree(t);
            cudaFree(d_offs);
        }
        cudaFree(d_k0);
        cudaFree(d_k1);
        cudaFree(d_v0);
        cudaFree(d_v1);
    }
    cudaFree(d_in);
    return 0;
}
