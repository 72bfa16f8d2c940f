// Thrust's reductions, scans, extrema and finds over 2^20 and more items
// in device memory (sizes that run them on all of simt's workers), with
// thrust::device, thrust::cuda::par, par.on(stream) and no policy; every
// result an integer, so the order of operations cannot show.  (CUB, which
// Thrust's CUDA system reduces with, does not define the order in which a
// reduction applies an operator that is not commutative: first_of's
// result, init, holds for any order that applies init first, as CUB's
// op(init, aggregate) does; a composition of affine maps differed.)
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/extrema.h>
#include <thrust/find.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <thrust/transform_scan.h>
#include <cstdio>

struct square {
    __host__ __device__ long long operator()(int x) const { return (long long)x * x; }
};
struct is_odd {
    __host__ __device__ bool operator()(int x) const { return x & 1; }
};
struct above {
    int lim;
    __host__ __device__ bool operator()(int x) const { return x > lim; }
};
struct odd_part {
    __host__ __device__ int operator()(int x) const { return x | 1; }
};
struct negate_int {
    __host__ __device__ int operator()(int x) const { return -x; }
};
// Not commutative: the first of two (a scan of it copies item 0).
struct first_of {
    __host__ __device__ int operator()(int a, int) const { return a; }
};
__global__ void fill(int *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = (int)(((unsigned)i * 2654435761u + 12345u) >> 12) % 100000 - 30000;
}

static unsigned long long checksum(const thrust::device_vector<int> &d)
{
    thrust::host_vector<int> h = d;
    unsigned long long s = 1469598103934665603ull;
    for (size_t i = 0; i < h.size(); i++)
        s = (s ^ (unsigned)h[i]) * 1099511628211ull;
    return s;
}

int main()
{
    for (int n : {1 << 20, (1 << 20) + 37, 40000}) {
        printf("n = %d\n", n);
        thrust::device_vector<int> d(n);
        fill<<<(n + 255) / 256, 256>>>(thrust::raw_pointer_cast(d.data()), n);

        // Reductions (a kernel just before: stream order).
        printf("reduce %d, %lld (cuda::par), max %d (device), min %d\n", thrust::reduce(d.begin(), d.end()),
               thrust::reduce(thrust::cuda::par, d.begin(), d.end(), 0LL),
               thrust::reduce(thrust::device, d.begin(), d.end(), -1 << 30, thrust::maximum<int>()),
               thrust::reduce(d.begin(), d.end(), 1 << 30, thrust::minimum<int>()));
        printf("product %d, first %d\n",
               thrust::transform_reduce(d.begin(), d.end(), odd_part(), 1, thrust::multiplies<int>()),
               thrust::reduce(d.begin(), d.end(), 7, first_of()));
        printf("sum of squares %lld\n",
               thrust::transform_reduce(thrust::device, d.begin(), d.end(), square(), 0LL, thrust::plus<long long>()));
        printf("count %d, odd %d, above 60000 %d\n", (int)thrust::count(d.begin(), d.end(), 1234),
               (int)thrust::count_if(thrust::cuda::par, d.begin(), d.end(), is_odd()),
               (int)thrust::count_if(d.begin(), d.end(), above{60000}));
        printf("counting sum %lld\n", thrust::reduce(thrust::device, thrust::counting_iterator<long long>(0),
                                                      thrust::counting_iterator<long long>(n)));

        // Extrema: ties go to the first.
        auto mn = thrust::min_element(d.begin(), d.end());
        auto mx = thrust::max_element(thrust::device, d.begin(), d.end());
        auto mm = thrust::minmax_element(d.begin(), d.end());
        printf("min %d at %d, max %d at %d, minmax at %d %d\n", (int)*mn, (int)(mn - d.begin()), (int)*mx,
               (int)(mx - d.begin()), (int)(mm.first - d.begin()), (int)(mm.second - d.begin()));
        auto mx2 = thrust::max_element(d.begin(), d.end(), thrust::greater<int>());
        printf("max under greater at %d\n", (int)(mx2 - d.begin()));

        // Finds: early, late, absent.
        d[n - 5] = 123456789;
        int late = 123456789;
        auto f1 = thrust::find(d.begin(), d.end(), late);
        auto f2 = thrust::find_if(thrust::device, d.begin(), d.end(), above{69990});
        auto f3 = thrust::find(d.begin(), d.end(), 1 << 30);
        auto f4 = thrust::find_if_not(d.begin(), d.end(), is_odd());
        printf("find late at %d, above 69990 at %d, absent at %d, first even at %d\n", (int)(f1 - d.begin()),
               (int)(f2 - d.begin()), (int)(f3 - d.begin()), (int)(f4 - d.begin()));

        // Scans: out of place, in place, with init, transformed, by key.
        thrust::device_vector<int> s(n);
        thrust::inclusive_scan(d.begin(), d.end(), s.begin());
        printf("inclusive_scan %d %llx\n", (int)s[n - 1], checksum(s));
        thrust::exclusive_scan(thrust::device, d.begin(), d.end(), s.begin(), 5);
        printf("exclusive_scan %d %llx\n", (int)s[n - 1], checksum(s));
        thrust::exclusive_scan(d.begin(), d.end(), s.begin());
        printf("exclusive_scan no init %d %llx\n", (int)s[n - 1], checksum(s));
        thrust::inclusive_scan(d.begin(), d.end(), s.begin(), thrust::maximum<int>());
        printf("running max %llx\n", checksum(s));
        s = d;
        thrust::inclusive_scan(thrust::cuda::par, s.begin(), s.end(), s.begin());
        printf("in-place inclusive_scan %llx\n", checksum(s));
        s = d;
        thrust::exclusive_scan(s.begin(), s.end(), s.begin(), -3);
        printf("in-place exclusive_scan %llx\n", checksum(s));
        thrust::transform_inclusive_scan(d.begin(), d.end(), s.begin(), negate_int(), thrust::plus<int>());
        printf("transform_inclusive_scan %llx\n", checksum(s));
        thrust::transform_exclusive_scan(d.begin(), d.end(), s.begin(), negate_int(), 11, thrust::plus<int>());
        printf("transform_exclusive_scan %llx\n", checksum(s));

        // Keys: runs of 1 to 1500 items, so some cross the chunks' bounds.
        thrust::host_vector<int> hk(n);
        for (int i = 0, key = 0, left = 1; i < n; i++) {
            if (--left == 0) {
                key++;
                left = 1 + (int)(((unsigned)key * 2246822519u) >> 8) % 1500;
            }
            hk[i] = key / 3;
        }
        thrust::device_vector<int> k = hk;
        thrust::inclusive_scan_by_key(k.begin(), k.end(), d.begin(), s.begin());
        printf("inclusive_scan_by_key %llx\n", checksum(s));
        thrust::exclusive_scan_by_key(thrust::device, k.begin(), k.end(), d.begin(), s.begin(), 100);
        printf("exclusive_scan_by_key %llx\n", checksum(s));
        thrust::exclusive_scan_by_key(k.begin(), k.end(), d.begin(), s.begin());
        printf("exclusive_scan_by_key no init %llx\n", checksum(s));
        thrust::inclusive_scan_by_key(k.begin(), k.end(), d.begin(), s.begin(), thrust::equal_to<int>(),
                                      thrust::maximum<int>());
        printf("max by key %llx\n", checksum(s));

        // A stream.
        cudaStream_t st;
        cudaStreamCreate(&st);
        fill<<<(n + 255) / 256, 256, 0, st>>>(thrust::raw_pointer_cast(s.data()), n);
        thrust::inclusive_scan(thrust::cuda::par.on(st), s.begin(), s.end(), s.begin());
        long long total = thrust::reduce(thrust::cuda::par.on(st), d.begin(), d.end(), 0LL);
        printf("on stream: scan %llx, reduce %lld\n", checksum(s), total);
        cudaStreamDestroy(st);
    }
    return 0;
}
