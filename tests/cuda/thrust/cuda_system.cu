// Thrust's CUDA system by name: thrust::cuda::vector and universal_vector,
// thrust::cuda::malloc/free and pointer, a memory resource of the CUDA
// system, its error category, and sorts of vectors of the C++ and CUDA
// systems large enough for Thrust's radix sort (keys only, and keys with
// values that are not trivially copyable, which take Thrust's own sort).
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <thrust/system/cpp/vector.h>
#include <thrust/system/cuda/error.h>
#include <thrust/system/cuda/execution_policy.h>
#include <thrust/system/cuda/memory.h>
#include <thrust/system/cuda/memory_resource.h>
#include <thrust/system/cuda/vector.h>
#include <thrust/system_error.h>
#include <algorithm>
#include <cstdio>

struct tagged {
    int v;
    __host__ __device__ tagged() : v(0) {}
    __host__ __device__ tagged(int x) : v(x) {}
    __host__ __device__ tagged(const tagged &o) : v(o.v) {}
    __host__ __device__ tagged &operator=(const tagged &o)
    {
        v = o.v;
        return *this;
    }
};

static unsigned lcg(unsigned &s)
{
    s = s * 1664525u + 1013904223u;
    return s >> 8;
}

template <typename Vec> static void sort_keys(const char *name, int n)
{
    unsigned s = 7;
    thrust::host_vector<int> h(n);
    for (int i = 0; i < n; i++)
        h[i] = (int)(lcg(s) % 100000) - 50000;
    int bad = 0;
    Vec d(n);
    for (int round = 0; round < 20; round++) {
        d = h;
        thrust::sort(d.begin(), d.end());
        thrust::host_vector<int> back = d;
        bad += !std::is_sorted(back.begin(), back.end());
    }
    thrust::host_vector<int> back = d;
    long long sum = 0;
    for (int i = 0; i < n; i += 997)
        sum += back[i];
    printf("%s: %d items, 20 sorts, unsorted %d, first %d last %d, sample sum %lld\n", name, n, bad,
           (int)back[0], (int)back[n - 1], sum);
}

template <typename KV, typename VV> static void sort_pairs(const char *name, int n)
{
    unsigned s = 11;
    thrust::host_vector<int> hk(n);
    thrust::host_vector<tagged> hv(n);
    for (int i = 0; i < n; i++) {
        hk[i] = (int)(lcg(s) % 1000);
        hv[i] = tagged(i);
    }
    KV k = hk;
    VV v = hv;
    thrust::sort_by_key(k.begin(), k.end(), v.begin());
    thrust::host_vector<int> bk = k;
    thrust::host_vector<tagged> bv = v;
    int bad = 0;
    for (int i = 0; i < n; i++) {
        if (hk[bv[i].v] != bk[i])
            bad++;
        if (i && bk[i - 1] == bk[i] && bv[i - 1].v > bv[i].v)
            bad++;
    }
    printf("%s: %d pairs, misplaced or unstable %d, first (%d, %d) last (%d, %d)\n", name, n, bad, (int)bk[0],
           bv[0].v, (int)bk[n - 1], bv[n - 1].v);
}

int main()
{
    sort_keys<thrust::cuda::vector<int>>("cuda::vector", 40000);
    sort_keys<thrust::device_vector<int>>("device_vector", 40000);
    sort_pairs<thrust::cpp::vector<int>, thrust::cpp::vector<tagged>>("cpp::vector", 40000);
    sort_pairs<thrust::device_vector<int>, thrust::device_vector<tagged>>("device_vector", 40000);

    thrust::cuda::universal_vector<int> u(4, 3);
    printf("universal_vector: %d %d\n", (int)u.size(), (int)u[2]);

    thrust::cuda::pointer<int> p = thrust::cuda::malloc<int>(16);
    cudaMemset(thrust::raw_pointer_cast(p), 0, 16 * sizeof(int));
    int zero = -1;
    cudaMemcpy(&zero, thrust::raw_pointer_cast(p) + 15, sizeof(int), cudaMemcpyDeviceToHost);
    thrust::cuda::free(p);
    printf("cuda::malloc: %d\n", zero);

    thrust::system::cuda::memory_resource mr;
    void *q = thrust::raw_pointer_cast(mr.allocate(1024));
    printf("memory_resource: %s\n", cudaMemset(q, 1, 1024) == cudaSuccess ? "device memory" : "not device memory");
    mr.deallocate(thrust::system::cuda::pointer<void>(q), 1024);

    thrust::system_error e(cudaErrorInvalidValue, thrust::cuda_category());
    printf("cuda_category: %s, %d\n", e.code().category().name(), e.code().value() == (int)cudaErrorInvalidValue);

    thrust::cuda::vector<int> sorted(thrust::host_vector<int>(3, 1));
    cudaStream_t st;
    cudaStreamCreate(&st);
    thrust::sort(thrust::cuda::par.on(st), sorted.begin(), sorted.end());
    cudaStreamDestroy(st);
    printf("par.on(stream) sort: %d\n", (int)sorted[1]);
    return 0;
}
