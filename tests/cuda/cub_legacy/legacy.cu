// legacy.cu: CUB 2 code: cub::Sum, cub::Max and cub::Min as reduction
// operators and CUB's own iterators, which CUB 3 removed.  simt keeps
// them; the output must be that of ../cub/twin_legacy.cu, which computes
// the same with CUB 3's names on a GPU.
#include <cub/cub.cuh>
#include "../cub/cub_test.h"

struct SqMod {
    __host__ __device__ int operator()(int x) const { return (int)((long long)x * x % 1000) - 500; }
};

__global__ void block_sum(int *out)
{
    typedef cub::BlockReduce<int, 64> R;
    __shared__ typename R::TempStorage temp;
    int s = R(temp).Reduce((int)threadIdx.x * 3, cub::Sum());
    if (threadIdx.x == 0)
        out[0] = s;
}

int main()
{
    const int n = 100000;
    cub::CountingInputIterator<int> count(10);
    cub::ConstantInputIterator<int> seven(7);
    cub::TransformInputIterator<int, SqMod, cub::CountingInputIterator<int>> sq(count, SqMod());
    long long *d_ll;
    int *d_i, *d_agg, *d_num;
    cudaMalloc(&d_ll, sizeof(long long));
    cudaMalloc(&d_i, sizeof(int));
    cudaMalloc(&d_agg, n * sizeof(int));
    cudaMalloc(&d_num, sizeof(int));
    cub_call("Reduce Sum over 10, 11, ...", [&](void *t, size_t &b) {
        return cub::DeviceReduce::Reduce(t, b, count, d_ll, n, cub::Sum(), 0ll);
    });
    printf("  %lld\n", get1(d_ll));
    cub_call("Reduce Max over 7, 7, ...", [&](void *t, size_t &b) {
        return cub::DeviceReduce::Reduce(t, b, seven, d_i, n, cub::Max(), 0);
    });
    printf("  %d\n", get1(d_i));
    cub_call("Reduce Min over transformed", [&](void *t, size_t &b) {
        return cub::DeviceReduce::Reduce(t, b, sq, d_i, n, cub::Min(), 1 << 30);
    });
    printf("  %d\n", get1(d_i));
    struct Tenth {
        __host__ __device__ int operator()(int i) const { return i / 10; }
    };
    cub::TransformInputIterator<int, Tenth, cub::CountingInputIterator<int>> keys(cub::CountingInputIterator<int>(0),
                                                                                  Tenth());
    cub_call("ReduceByKey, keys discarded", [&](void *t, size_t &b) {
        return cub::DeviceReduce::ReduceByKey(t, b, keys, cub::DiscardOutputIterator<>(), count, d_agg, d_num,
                                              cub::Sum(), n);
    });
    int runs = get1(d_num);
    printf("  %d %016llx\n", runs, (unsigned long long)digest(d_agg, runs));
    block_sum<<<1, 64>>>(d_i);
    CK(cudaDeviceSynchronize());
    printf("BlockReduce: %d\n", get1(d_i));
    return 0;
}
