// bench/cub.cu: simt's CUB device-wide algorithms against the obvious
// single-threaded CPU code on the same machine.  Not a test: it prints
// figures (median of 5 runs, after a warm-up).
//
//   sort     cub::DeviceRadixSort::SortKeys of 2^24 random uint32 keys,
//            against std::sort of the same keys
//   pairs    cub::DeviceRadixSort::SortPairs of 2^24 uint32 keys with
//            uint32 values, against std::sort of (key, value) pairs
//   reduce   cub::DeviceReduce::Sum of 2^26 ints into a long long, against
//            a plain loop
//   scan     cub::DeviceScan::InclusiveSum of 2^26 ints, against a plain
//            loop
//
// Usage: cub [sort|pairs|reduce|scan] (all by default).
#include <cub/cub.cuh>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <utility>
#include <vector>
#include <time.h>

static double now()
{
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static double median(std::function<void()> f)
{
    f();
    std::vector<double> t;
    for (int i = 0; i < 5; i++) {
        double t0 = now();
        f();
        t.push_back(now() - t0);
    }
    std::sort(t.begin(), t.end());
    return t[2];
}

static std::vector<uint32_t> random_keys(size_t n)
{
    std::vector<uint32_t> v(n);
    uint64_t s = 12345;
    for (auto &x : v) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        x = (uint32_t)(s >> 32);
    }
    return v;
}

template <class F> static void *temp_for(F f)
{
    size_t bytes = 0;
    f(nullptr, bytes);
    void *t;
    cudaMalloc(&t, bytes);
    return t;
}

int main(int argc, char **argv)
{
    const char *which = argc > 1 ? argv[1] : "all";
    int workers = 0;
    cudaDeviceGetAttribute(&workers, cudaDevAttrMultiProcessorCount, 0);
    bool all = !strcmp(which, "all");
    if (all || !strcmp(which, "sort") || !strcmp(which, "pairs")) {
        const size_t n = 1u << 24;
        std::vector<uint32_t> h = random_keys(n);
        uint32_t *in, *out, *vin, *vout;
        cudaMallocManaged(&in, n * 4);
        cudaMallocManaged(&out, n * 4);
        cudaMallocManaged(&vin, n * 4);
        cudaMallocManaged(&vout, n * 4);
        memcpy(in, h.data(), n * 4);
        for (size_t i = 0; i < n; i++)
            vin[i] = (uint32_t)i;
        if (all || !strcmp(which, "sort")) {
            size_t bytes = 0;
            cub::DeviceRadixSort::SortKeys(nullptr, bytes, in, out, (int)n);
            void *t;
            cudaMalloc(&t, bytes);
            double simt = median([&] {
                cub::DeviceRadixSort::SortKeys(t, bytes, in, out, (int)n);
                cudaDeviceSynchronize();
            });
            std::vector<uint32_t> c(n);
            double ref = median([&] {
                c = h;
                std::sort(c.begin(), c.end());
            });
            printf("sort   2^24 uint32: cub %.1f ms, std::sort %.1f ms (%d workers): %.2fx faster, same %d\n",
                   simt * 1e3, ref * 1e3, workers, ref / simt, memcmp(c.data(), out, n * 4) == 0);
            cudaFree(t);
        }
        if (all || !strcmp(which, "pairs")) {
            size_t bytes = 0;
            cub::DeviceRadixSort::SortPairs(nullptr, bytes, in, out, vin, vout, (int)n);
            void *t;
            cudaMalloc(&t, bytes);
            double simt = median([&] {
                cub::DeviceRadixSort::SortPairs(t, bytes, in, out, vin, vout, (int)n);
                cudaDeviceSynchronize();
            });
            std::vector<std::pair<uint32_t, uint32_t>> p(n);
            double ref = median([&] {
                for (size_t i = 0; i < n; i++)
                    p[i] = {h[i], (uint32_t)i};
                std::sort(p.begin(), p.end());
            });
            printf("pairs  2^24 uint32: cub %.1f ms, std::sort %.1f ms (%d workers): %.2fx faster\n", simt * 1e3,
                   ref * 1e3, workers, ref / simt);
            cudaFree(t);
        }
    }
    if (all || !strcmp(which, "reduce") || !strcmp(which, "scan")) {
        const size_t n = 1u << 26;
        int *in, *outv;
        long long *out;
        cudaMallocManaged(&in, n * 4);
        cudaMallocManaged(&outv, n * 4);
        cudaMallocManaged(&out, 8);
        for (size_t i = 0; i < n; i++)
            in[i] = (int)(i % 1001) - 500;
        if (all || !strcmp(which, "reduce")) {
            size_t bytes = 0;
            cub::DeviceReduce::Sum(nullptr, bytes, in, out, (int)n);
            void *t;
            cudaMalloc(&t, bytes);
            double simt = median([&] {
                cub::DeviceReduce::Sum(t, bytes, in, out, (int)n);
                cudaDeviceSynchronize();
            });
            volatile long long sink = 0;
            double ref = median([&] {
                long long s = 0;
                for (size_t i = 0; i < n; i++)
                    s += in[i];
                sink = s;
            });
            printf("reduce 2^26 int:    cub %.1f ms, loop %.1f ms (%d workers): %.2fx faster, same %d\n",
                   simt * 1e3, ref * 1e3, workers, ref / simt, *out == sink);
            cudaFree(t);
        }
        if (all || !strcmp(which, "scan")) {
            size_t bytes = 0;
            cub::DeviceScan::InclusiveSum(nullptr, bytes, in, outv, (int)n);
            void *t;
            cudaMalloc(&t, bytes);
            double simt = median([&] {
                cub::DeviceScan::InclusiveSum(t, bytes, in, outv, (int)n);
                cudaDeviceSynchronize();
            });
            std::vector<int> c(n);
            double ref = median([&] {
                int s = 0;
                for (size_t i = 0; i < n; i++)
                    c[i] = s += in[i];
            });
            printf("scan   2^26 int:    cub %.1f ms, loop %.1f ms (%d workers): %.2fx faster, same %d\n",
                   simt * 1e3, ref * 1e3, workers, ref / simt, memcmp(c.data(), outv, n * 4) == 0);
            cudaFree(t);
        }
    }
    return 0;
}
