// mrg32k3a_subsequence.cu: MRG32k3a subsequences at and above 2^51, where
// cuRAND documents the valid range to end (curand_init and
// skipahead_subsequence), next to the last valid ones.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <curand_kernel.h>
#include "common.h"

__global__ void run(const unsigned long long *subs, int n, unsigned *out)
{
    int i = threadIdx.x;
    if (i >= n)
        return;
    curandStateMRG32k3a_t s;
    curand_init(2024, subs[i], 3, &s);
    unsigned *o = out + 12 * i;
    for (int k = 0; k < 3; k++) {
        o[k] = s.s1[k];
        o[3 + k] = s.s2[k];
    }
    o[6] = curand(&s);
    o[7] = curand(&s);
    float f = curand_uniform(&s);
    memcpy(&o[8], &f, 4);
    curand_init(2024, 0, 0, &s);
    skipahead_subsequence(subs[i], &s);
    o[9] = curand(&s);
    skipahead_subsequence(1, &s);
    o[10] = curand(&s);
    o[11] = s.s1[2];
}

int main()
{
    const unsigned long long subs[] = {(1ull << 51) - 2, (1ull << 51) - 1, 1ull << 51, (1ull << 51) + 5,
                                       1ull << 52, (1ull << 53) + 12345, (1ull << 55) + 7};
    const int n = sizeof subs / sizeof subs[0];
    unsigned long long *d;
    CK(cudaMalloc(&d, sizeof subs));
    CK(cudaMemcpy(d, subs, sizeof subs, cudaMemcpyHostToDevice));
    Buf<unsigned> o(12 * n);
    run<<<1, 32>>>(d, n, o.d);
    unsigned *r = o.get();
    for (int i = 0; i < n; i++) {
        const unsigned *q = r + 12 * i;
        printf("subsequence %llx: s1 %u %u %u s2 %u %u %u -> %08x %08x uniform %08x | skip %08x, +1 %08x (%u)\n",
               subs[i], q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7], q[8], q[9], q[10], q[11]);
    }
    CK(cudaFree(d));
    return 0;
}
