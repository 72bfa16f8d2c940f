// twin_legacy.cu: the twin of ../cub_legacy/legacy.cu, which uses CUB 2's
// names (cub::Sum, cub::Max, cub::Min, CountingInputIterator,
// ConstantInputIterator, TransformInputIterator, DiscardOutputIterator)
// that CUB 3 removed and nvcc 13 rejects.  This program computes the same
// with CUB 3's names and materialized inputs, and prints what that one
// must print.
#include <cub/cub.cuh>
#include "cub_test.h"

__global__ void block_sum(int *out)
{
    typedef cub::BlockReduce<int, 64> R;
    __shared__ typename R::TempStorage temp;
    int s = R(temp).Reduce((int)threadIdx.x * 3, cuda::std::plus<>());
    if (threadIdx.x == 0)
        out[0] = s;
}

int main()
{
    const int n = 100000;
    std::vector<int> count(n), seven(n), sq(n), keys(n);
    for (int i = 0; i < n; i++) {
        count[i] = 10 + i;
        seven[i] = 7;
        sq[i] = (int)((long long)(10 + i) * (10 + i) % 1000) - 500;
        keys[i] = i / 10;
    }
    int *d_count = upload(count), *d_seven = upload(seven), *d_sq = upload(sq), *d_keys = upload(keys);
    long long *d_ll;
    int *d_i, *d_agg, *d_uk, *d_num;
    cudaMalloc(&d_ll, sizeof(long long));
    cudaMalloc(&d_i, sizeof(int));
    cudaMalloc(&d_agg, n * sizeof(int));
    cudaMalloc(&d_uk, n * sizeof(int));
    cudaMalloc(&d_num, sizeof(int));
    cub_call("Reduce Sum over 10, 11, ...", [&](void *t, size_t &b) {
        return cub::DeviceReduce::Reduce(t, b, d_count, d_ll, n, cuda::std::plus<>(), 0ll);
    });
    printf("  %lld\n", get1(d_ll));
    cub_call("Reduce Max over 7, 7, ...", [&](void *t, size_t &b) {
        return cub::DeviceReduce::Reduce(t, b, d_seven, d_i, n, cuda::maximum<>(), 0);
    });
    printf("  %d\n", get1(d_i));
    cub_call("Reduce Min over transformed", [&](void *t, size_t &b) {
        return cub::DeviceReduce::Reduce(t, b, d_sq, d_i, n, cuda::minimum<>(), 1 << 30);
    });
    printf("  %d\n", get1(d_i));
    cub_call("ReduceByKey, keys discarded", [&](void *t, size_t &b) {
        return cub::DeviceReduce::ReduceByKey(t, b, d_keys, d_uk, d_count, d_agg, d_num, cuda::std::plus<>(), n);
    });
    int runs = get1(d_num);
    printf("  %d %016llx\n", runs, (unsigned long long)digest(d_agg, runs));
    block_sum<<<1, 64>>>(d_i);
    CK(cudaDeviceSynchronize());
    printf("BlockReduce: %d\n", get1(d_i));
    return 0;
}
