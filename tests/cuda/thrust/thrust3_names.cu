// Names of Thrust 3 that Thrust's own unit-test framework and CCCL-era
// code use: thrust::detail::it_value_t and its siblings (an iterator's
// traits), thrust::iterator_traversal_t and iterator_system_t,
// thrust::universal_host_pinned_vector (pinned host memory that
// kernels reach) and universal vectors built from initializer lists.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/iterator_traits.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/universal_vector.h>

#include <cstdio>
#include <type_traits>

using DevIt = thrust::device_vector<float>::iterator;
using CountIt = thrust::counting_iterator<long long>;
static_assert(std::is_same<thrust::detail::it_value_t<DevIt>, float>::value, "it_value_t");
static_assert(std::is_same<thrust::detail::it_difference_t<DevIt>, std::ptrdiff_t>::value, "it_difference_t");
static_assert(std::is_same<thrust::detail::it_value_t<CountIt>, long long>::value, "it_value_t");
static_assert(std::is_same<thrust::detail::it_value_t<const int *>, int>::value, "it_value_t");
static_assert(std::is_same<thrust::detail::it_reference_t<int *>, int &>::value, "it_reference_t");
static_assert(std::is_same<thrust::detail::it_pointer_t<int *>, int *>::value, "it_pointer_t");
static_assert(std::is_same<thrust::iterator_traversal_t<CountIt>, thrust::random_access_traversal_tag>::value,
              "iterator_traversal_t");
static_assert(std::is_same<thrust::iterator_system_t<DevIt>, thrust::device_system_tag>::value, "iterator_system_t");

__global__ void square(int *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = p[i] * p[i];
}

// The distance between two iterators, in the iterator's own difference type.
template <typename It> thrust::detail::it_difference_t<It> span(It first, It last)
{
    thrust::detail::it_difference_t<It> d = last - first;
    return d;
}

int main()
{
    thrust::universal_host_pinned_vector<int> p(1000);
    thrust::sequence(p.begin(), p.end(), 1);
    square<<<4, 256>>>(thrust::raw_pointer_cast(p.data()), (int)p.size());
    cudaError_t e = cudaDeviceSynchronize();
    long long s = thrust::reduce(p.begin(), p.end(), 0LL);
    cudaPointerAttributes attr;
    cudaPointerGetAttributes(&attr, thrust::raw_pointer_cast(p.data()));
    printf("pinned: %s, size %d, p[0] %d, p[999] %d, sum %lld, memory type %s\n", cudaGetErrorName(e),
           (int)p.size(), (int)p[0], (int)p[999], s, attr.type == cudaMemoryTypeHost ? "host" : "other");

    thrust::universal_vector<int> u{5, 3, 9, 1, 7};
    thrust::sort(u.begin(), u.end());
    printf("universal_vector from a list, sorted:");
    for (int x : u)
        printf(" %d", x);
    printf("\n");
    u = {4, 2};
    printf("assigned a list: size %d, %d %d\n", (int)u.size(), (int)u[0], (int)u[1]);

    thrust::universal_host_pinned_vector<double> q{0.5, 1.5, 2.5};
    thrust::host_vector<double> h(q.begin(), q.end());
    printf("pinned from a list: %g %g %g, span %d\n", h[0], h[1], h[2], (int)span(q.begin(), q.end()));

    // transform's (and gather's) end of the output, also into a discard
    // iterator (Thrust's unit tests gather.cu): silent unless wrong.
    thrust::device_vector<int> in(1000, 3), out(1000);
    if (thrust::transform(in.begin(), in.end(), out.begin(), thrust::negate<int>()) != out.end() ||
        thrust::transform(in.begin(), in.end(), thrust::make_discard_iterator(), thrust::negate<int>()) -
                thrust::make_discard_iterator() != 1000)
        printf("transform: wrong end of the output\n");

    thrust::device_vector<float> d(17, 2.0f);
    printf("device span %d, sum %g\n", (int)span(d.begin(), d.end()), (double)thrust::reduce(d.begin(), d.end()));
    return 0;
}
