// bench/thrust.cu: Thrust's reduce, scan, sort and vectorized search of N
// ints (default 2^24) in device memory; best of R runs after one warm-up,
// in ms, and the speed-up over the figures simt had before these
// algorithms ran on the worker pool (docs/PERFORMANCE.md, "Thrust":
// 16-core device CPU, 16 workers, 2^24 ints, d68b3ac).
//
//   build/bin/simtcc -O2 bench/thrust.cu -o build/bench/thrust
//   build/bench/thrust [filter [N [R]]]      (SIMT_WORKERS=k to vary workers)
//
// Valid CUDA: nvcc -O2 bench/thrust.cu gives the GPU's figures (the ratios
// then mean nothing).  `sort` sorts a fresh copy each run: its figure
// includes the copy, as the old figure did; `copy` alone is printed too.
#include <thrust/binary_search.h>
#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

struct scramble {
    __host__ __device__ int operator()(int i) const { return (int)(((unsigned)i * 2654435761u) >> 4); }
};

static double now()
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

static bool full_size;

// before: simt's figure for 2^24 ints before the parallel algorithms (ms).
template <class F> static void timeit(const char *name, int reps, double before, F f)
{
    f();
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        double t = now();
        f();
        t = now() - t;
        if (t < best)
            best = t;
    }
    if (full_size && before > 0)
        printf("%-24s %10.2f ms   before %8.2f ms   %6.1fx\n", name, best, before, before / best);
    else
        printf("%-24s %10.2f ms\n", name, best);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    long n = 1L << 24;
    int reps = 3;
    const char *only = argc > 1 ? argv[1] : "";
    if (argc > 2)
        n = atol(argv[2]);
    if (argc > 3)
        reps = atoi(argv[3]);
    full_size = n == 1L << 24;
    thrust::device_vector<int> a(n), b(n), c(n);
    thrust::device_vector<long> out(n);
    thrust::sequence(c.begin(), c.end());
    thrust::transform(c.begin(), c.end(), a.begin(), scramble());
    volatile long long sink = 0;
#define T(name, before, body) \
    if (!*only || strstr(name, only)) \
    timeit(name, reps, before, [&] { body; })
    T("reduce", 8.54, sink += thrust::reduce(a.begin(), a.end()));
    T("inclusive_scan", 18.26, thrust::inclusive_scan(a.begin(), a.end(), b.begin()));
    T("copy", 11.44, thrust::copy(a.begin(), a.end(), b.begin()));
    T("sort (copy + sort)", 100.70, {
        thrust::copy(a.begin(), a.end(), b.begin());
        thrust::sort(b.begin(), b.end());
    });
    thrust::copy(a.begin(), a.end(), b.begin());
    thrust::sort(b.begin(), b.end());
    // the keys, sorted: c is a's keys in order, so the searches below can
    // be checked and timed on sorted queries too
    T("lower_bound (vector)", 641.93, thrust::lower_bound(b.begin(), b.end(), a.begin(), a.end(), out.begin()));
    sink += out[n / 3];
    T("binary_search (vector)", 658.56,
      thrust::binary_search(b.begin(), b.end(), a.begin(), a.end(), c.begin()));
    sink += c[n / 2];
    T("lower_bound (sorted q)", 0, thrust::lower_bound(b.begin(), b.end(), b.begin(), b.end(), out.begin()));
    // checks: the sort is ordered and lower_bound found each key
    bool ok = thrust::is_sorted(b.begin(), b.end());
    int probe = a[n / 7];
    long at = (long)(thrust::lower_bound(b.begin(), b.end(), probe) - b.begin());
    thrust::lower_bound(b.begin(), b.end(), a.begin(), a.end(), out.begin());
    ok = ok && out[n / 7] == at && b[at] == probe;
    printf("%s (sink %lld)\n", ok ? "checks pass" : "CHECK FAILED", (long long)sink);
    return ok ? 0 : 1;
}
