// Thrust's sorts and vectorized searches over 2^20 items in device memory
// (sizes that run them on all of simt's workers): stable sorts of keys with
// many duplicates, and lower_bound, upper_bound and binary_search of every
// value of one range in another, ascending and descending.
#include <thrust/binary_search.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <cstdio>

__global__ void fill(int *p, int n, int range)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = (int)((((unsigned)i * 2654435761u + 777u) >> 8) % (unsigned)range) - range / 3;
}

template <class T> static unsigned long long checksum(const thrust::device_vector<T> &d)
{
    thrust::host_vector<T> h = d;
    unsigned long long s = 1469598103934665603ull;
    for (size_t i = 0; i < h.size(); i++)
        s = (s ^ (unsigned long long)(long long)h[i]) * 1099511628211ull;
    return s;
}

int main()
{
    for (int n : {1 << 20, (1 << 20) - 3}) {
        printf("n = %d\n", n);
        thrust::device_vector<int> keys(n), vals(n), sorted(n), queries(n + 1000);
        fill<<<(n + 255) / 256, 256>>>(thrust::raw_pointer_cast(keys.data()), n, 50000);
        fill<<<(n + 1255) / 256, 256>>>(thrust::raw_pointer_cast(queries.data()), n + 1000, 70000);

        // Sorts: equal keys keep their order.
        sorted = keys;
        thrust::sequence(vals.begin(), vals.end());
        thrust::sort_by_key(thrust::device, sorted.begin(), sorted.end(), vals.begin());
        printf("sort_by_key keys %llx values %llx\n", checksum(sorted), checksum(vals));
        thrust::device_vector<int> down = keys;
        thrust::sequence(vals.begin(), vals.end());
        thrust::stable_sort_by_key(down.begin(), down.end(), vals.begin(), thrust::greater<int>());
        printf("stable_sort_by_key greater keys %llx values %llx\n", checksum(down), checksum(vals));
        thrust::device_vector<int> plain = keys;
        thrust::sort(thrust::cuda::par, plain.begin(), plain.end());
        printf("sort %llx same %d\n", checksum(plain), (int)(plain == sorted));

        // Vectorized searches, ascending.
        thrust::device_vector<int> at(n + 1000);
        thrust::device_vector<bool> found(n + 1000);
        thrust::lower_bound(sorted.begin(), sorted.end(), queries.begin(), queries.end(), at.begin());
        printf("lower_bound %llx first %d %d\n", checksum(at), (int)at[0], (int)at[1]);
        thrust::upper_bound(thrust::device, sorted.begin(), sorted.end(), queries.begin(), queries.end(),
                            at.begin());
        printf("upper_bound %llx\n", checksum(at));
        thrust::binary_search(sorted.begin(), sorted.end(), queries.begin(), queries.end(), found.begin());
        printf("binary_search %llx\n", checksum(found));

        // Descending, searched under greater; a range of one item; nothing.
        thrust::lower_bound(thrust::cuda::par, down.begin(), down.end(), queries.begin(), queries.end(),
                            at.begin(), thrust::greater<int>());
        printf("lower_bound greater %llx\n", checksum(at));
        thrust::upper_bound(down.begin(), down.end(), queries.begin(), queries.end(), at.begin(),
                            thrust::greater<int>());
        printf("upper_bound greater %llx\n", checksum(at));
        thrust::binary_search(down.begin(), down.end(), queries.begin(), queries.end(), found.begin(),
                              thrust::greater<int>());
        printf("binary_search greater %llx\n", checksum(found));
        thrust::upper_bound(sorted.begin(), sorted.begin() + 1, queries.begin(), queries.end(), at.begin());
        printf("upper_bound in one item %llx\n", checksum(at));
        thrust::lower_bound(sorted.begin(), sorted.begin(), queries.begin(), queries.end(), at.begin());
        printf("lower_bound in none %llx\n", checksum(at));

        // Scalar searches stay scalar.
        printf("scalar lower_bound of 0 at %d, binary_search 0 %d\n",
               (int)(thrust::lower_bound(sorted.begin(), sorted.end(), 0) - sorted.begin()),
               (int)thrust::binary_search(sorted.begin(), sorted.end(), 0));
    }
    return 0;
}
