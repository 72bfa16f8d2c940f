// CUB's thread-level searches and sort and its radix-sort key operations
// (cub/thread/thread_search.cuh, thread_sort.cuh,
// block/radix_rank_sort_operations.cuh) in a kernel.
#include <cub/block/radix_rank_sort_operations.cuh>
#include <cub/thread/thread_search.cuh>
#include <cub/thread/thread_sort.cuh>
#include <cstdio>
#include <cstring>

struct by_tens {
    __device__ bool operator()(int a, int b) const { return a / 10 < b / 10; }
};

__global__ void run(int *out)
{
    int t = threadIdx.x;
    // Searches of a sorted array with duplicates.
    const int sorted[10] = {1, 3, 3, 3, 5, 8, 8, 13, 21, 34};
    int q = t - 2;
    out[t * 8 + 0] = cub::LowerBound(sorted, 10, q);
    out[t * 8 + 1] = cub::UpperBound(sorted, 10, q);
    // A thread's keys and values sorted stably (equal tens keep order).
    int keys[7], vals[7];
    for (int i = 0; i < 7; i++) {
        keys[i] = (int)(((unsigned)(t * 7 + i) * 2654435761u) >> 25);
        vals[i] = i;
    }
    cub::StableOddEvenSort(keys, vals, by_tens());
    int packed = 0;
    for (int i = 0; i < 7; i++)
        packed = packed * 7 + vals[i];
    out[t * 8 + 2] = packed;
    out[t * 8 + 3] = keys[0] * 1000 + keys[6];
    // Digits of twiddled float keys: -0.0 reads as +0.0.
    const float fk[4] = {-0.0f, 0.0f, -1.5f, 2.25f};
    float f = fk[t & 3] * (float)(t / 4 + 1);
    unsigned bits;
    memcpy(&bits, &f, 4);
    unsigned tw = cub::RadixSortTwiddle<false, float>::In(bits);
    cub::BFEDigitExtractor<float> bfe(24, 8);
    cub::ShiftDigitExtractor<float> shift(20, 6);
    out[t * 8 + 4] = (int)bfe.Digit(tw) * 100 + (int)shift.Digit(tw);
    out[t * 8 + 5] = cub::RadixSortTwiddle<false, float>::Out(tw) == bits;
    // Descending signed keys and the key that sorts last.
    int k = t * 1000 - 16000;
    unsigned d = cub::RadixSortTwiddle<true, int>::In((unsigned)k);
    out[t * 8 + 6] = (int)(d ^ (d >> 13));
    out[t * 8 + 7] = (int)(cub::RadixSortTwiddle<true, int>::Out(d) == (unsigned)k) +
                     2 * (int)(cub::RadixSortTwiddle<true, int>::DefaultKey() == 0x80000000u) +
                     4 * (int)(cub::RadixSortTwiddle<false, int>::DefaultKey() == 0x7fffffffu);
}

int main()
{
    const int threads = 32;
    int *d;
    cudaMalloc(&d, threads * 8 * sizeof(int));
    run<<<1, threads>>>(d);
    int h[threads * 8];
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < threads; t++) {
        printf("thread %2d:", t);
        for (int i = 0; i < 8; i++)
            printf(" %d", h[t * 8 + i]);
        printf("\n");
    }
    cudaFree(d);
    return 0;
}
