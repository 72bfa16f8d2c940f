// Thrust's algorithms on device_vector and device_ptr, mixed with kernels
// that read and write the same memory through raw pointers.
#include <thrust/adjacent_difference.h>
#include <thrust/binary_search.h>
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/device_free.h>
#include <thrust/device_malloc.h>
#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/extrema.h>
#include <thrust/fill.h>
#include <thrust/find.h>
#include <thrust/functional.h>
#include <thrust/gather.h>
#include <thrust/host_vector.h>
#include <thrust/inner_product.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/reduce.h>
#include <thrust/remove.h>
#include <thrust/replace.h>
#include <thrust/reverse.h>
#include <thrust/scan.h>
#include <thrust/scatter.h>
#include <thrust/sequence.h>
#include <thrust/set_operations.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <thrust/tuple.h>
#include <thrust/unique.h>
#include <cstdio>

struct square {
    __host__ __device__ long long operator()(int x) const { return (long long)x * x; }
};

struct is_odd {
    __host__ __device__ bool operator()(int x) const { return x & 1; }
};

struct saxpy {
    float a;
    __host__ __device__ float operator()(float x, float y) const { return a * x + y; }
};

struct tuple_sum {
    __host__ __device__ int operator()(const thrust::tuple<int, int> &t) const
    {
        return thrust::get<0>(t) * 3 + thrust::get<1>(t);
    }
};

__global__ void fill_pattern(int *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = (int)(((unsigned)i * 2654435761u) >> 16) % 1000 - 300;
}

__global__ void add_index(int *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] += i;
}

static unsigned long long checksum(const thrust::host_vector<int> &h)
{
    unsigned long long s = 1469598103934665603ull;
    for (size_t i = 0; i < h.size(); i++)
        s = (s ^ (unsigned)h[i]) * 1099511628211ull;
    return s;
}

int main()
{
    const int n = 100003;
    thrust::device_vector<int> d(n);
    fill_pattern<<<(n + 255) / 256, 256>>>(thrust::raw_pointer_cast(d.data()), n);

    // Algorithms right after a kernel, in the default stream.
    long long sum = thrust::reduce(d.begin(), d.end(), 0LL);
    int mx = thrust::reduce(d.begin(), d.end(), -1000000, thrust::maximum<int>());
    printf("reduce %lld max %d\n", sum, mx);
    long long sq = thrust::transform_reduce(d.begin(), d.end(), square(), 0LL, thrust::plus<long long>());
    printf("sum of squares %lld\n", sq);
    printf("count 7: %d odd: %d\n", (int)thrust::count(d.begin(), d.end(), 7),
           (int)thrust::count_if(d.begin(), d.end(), is_odd()));
    auto mm = thrust::minmax_element(d.begin(), d.end());
    printf("min %d at %d, max %d at %d\n", (int)*mm.first, (int)(mm.first - d.begin()),
           (int)*mm.second, (int)(mm.second - d.begin()));
    auto f = thrust::find(d.begin(), d.end(), 500);
    printf("find 500 at %d\n", f == d.end() ? -1 : (int)(f - d.begin()));

    // Scans.
    thrust::device_vector<int> s(n);
    thrust::inclusive_scan(d.begin(), d.end(), s.begin());
    thrust::host_vector<int> h = s;
    printf("inclusive_scan last %d checksum %llx\n", h[n - 1], checksum(h));
    thrust::exclusive_scan(d.begin(), d.end(), s.begin(), 5);
    h = s;
    printf("exclusive_scan [1] %d [n-1] %d checksum %llx\n", h[1], h[n - 1], checksum(h));

    // Sorting, with a kernel in between that changes the keys.
    thrust::device_vector<int> keys = d;
    thrust::device_vector<int> vals(n);
    thrust::sequence(vals.begin(), vals.end());
    thrust::stable_sort_by_key(keys.begin(), keys.end(), vals.begin());
    h = vals;
    printf("stable_sort_by_key vals checksum %llx first %d %d %d\n", checksum(h), h[0], h[1], h[2]);
    add_index<<<(n + 255) / 256, 256>>>(thrust::raw_pointer_cast(keys.data()), n);
    thrust::sort(keys.begin(), keys.end(), thrust::greater<int>());
    h = keys;
    printf("sort greater checksum %llx first %d last %d sorted %d\n", checksum(h), h[0], h[n - 1],
           (int)thrust::is_sorted(keys.begin(), keys.end(), thrust::greater<int>()));

    // Unique, copy_if, remove_if, reduce_by_key.
    thrust::device_vector<int> u = d;
    thrust::sort(u.begin(), u.end());
    int nu = (int)(thrust::unique(u.begin(), u.end()) - u.begin());
    printf("unique %d\n", nu);
    thrust::device_vector<int> odd(n);
    int no = (int)(thrust::copy_if(d.begin(), d.end(), odd.begin(), is_odd()) - odd.begin());
    printf("copy_if odd %d\n", no);
    thrust::device_vector<int> r = d;
    int nr = (int)(thrust::remove_if(r.begin(), r.end(), is_odd()) - r.begin());
    printf("remove_if odd leaves %d\n", nr);
    thrust::device_vector<int> bykey(n), ksum(n), kout(n);
    thrust::transform(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(n),
                      thrust::constant_iterator<int>(1000), bykey.begin(), thrust::divides<int>());
    auto ends = thrust::reduce_by_key(bykey.begin(), bykey.end(), d.begin(), kout.begin(), ksum.begin());
    int nk = (int)(ends.first - kout.begin());
    thrust::host_vector<int> hk(ksum.begin(), ksum.begin() + nk);
    printf("reduce_by_key %d segments, checksum %llx\n", nk, checksum(hk));

    // Floats: transform with a functor, inner product (exact values).
    thrust::device_vector<float> x(100), y(100);
    thrust::sequence(x.begin(), x.end(), 0.0f, 0.5f);
    thrust::fill(y.begin(), y.end(), 2.0f);
    thrust::transform(x.begin(), x.end(), y.begin(), y.begin(), saxpy{4.0f});
    float ip = thrust::inner_product(x.begin(), x.end(), y.begin(), 0.0f);
    printf("saxpy y[99] %.1f inner_product %.1f\n", (float)y[99], ip);

    // Zip and transform iterators.
    thrust::device_vector<int> zsum(n);
    thrust::transform(thrust::make_zip_iterator(thrust::make_tuple(d.begin(), vals.begin())),
                      thrust::make_zip_iterator(thrust::make_tuple(d.end(), vals.end())),
                      zsum.begin(), tuple_sum());
    h = zsum;
    printf("zip transform checksum %llx\n", checksum(h));
    long long tsum = thrust::reduce(thrust::make_transform_iterator(d.begin(), square()),
                                    thrust::make_transform_iterator(d.end(), square()), 0LL);
    printf("transform_iterator sum %lld\n", tsum);

    // Gather, scatter, reverse, replace, adjacent_difference.
    thrust::device_vector<int> g(n), sc(n);
    thrust::gather(vals.begin(), vals.end(), d.begin(), g.begin());
    thrust::scatter(d.begin(), d.end(), vals.begin(), sc.begin());
    thrust::reverse(sc.begin(), sc.end());
    thrust::replace(sc.begin(), sc.end(), 7, -7);
    thrust::adjacent_difference(g.begin(), g.end(), g.begin());
    thrust::host_vector<int> hg = g, hs = sc;
    printf("gather/adjacent_difference %llx scatter/reverse/replace %llx\n", checksum(hg), checksum(hs));

    // Binary search and set operations on sorted data.
    thrust::device_vector<int> a(200), b(200), out(400);
    thrust::sequence(a.begin(), a.end(), 0, 3);
    thrust::sequence(b.begin(), b.end(), 0, 5);
    int ni = (int)(thrust::set_intersection(a.begin(), a.end(), b.begin(), b.end(), out.begin()) - out.begin());
    int nun = (int)(thrust::set_union(a.begin(), a.end(), b.begin(), b.end(), out.begin()) - out.begin());
    printf("binary_search 300: %d 301: %d lower_bound 301: %d intersection %d union %d\n",
           (int)thrust::binary_search(a.begin(), a.end(), 300),
           (int)thrust::binary_search(a.begin(), a.end(), 301),
           (int)(thrust::lower_bound(a.begin(), a.end(), 301) - a.begin()), ni, nun);

    // device_ptr over cudaMalloc memory, device_malloc, and cudaMemcpy from
    // a device_vector's storage.
    int *raw;
    cudaMalloc(&raw, n * sizeof(int));
    thrust::device_ptr<int> p(raw);
    thrust::copy(d.begin(), d.end(), p);
    thrust::sort(p, p + n);
    thrust::device_ptr<int> m = thrust::device_malloc<int>(n);
    thrust::copy(p, p + n, m);
    int first[3];
    cudaError_t e = cudaMemcpy(first, thrust::raw_pointer_cast(m), sizeof first, cudaMemcpyDeviceToHost);
    printf("device_malloc + cudaMemcpy: %s %d %d %d\n", cudaGetErrorName(e), first[0], first[1], first[2]);
    e = cudaMemcpy(first, thrust::raw_pointer_cast(d.data()) + 10, sizeof first, cudaMemcpyDeviceToHost);
    printf("device_vector + cudaMemcpy: %s %d %d %d\n", cudaGetErrorName(e), first[0], first[1], first[2]);
    cudaPointerAttributes attr;
    cudaPointerGetAttributes(&attr, thrust::raw_pointer_cast(d.data()));
    printf("device_vector memory type %d\n", (int)attr.type);
    thrust::device_free(m);
    cudaFree(raw);
    printf("last error %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
