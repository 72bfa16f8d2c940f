// mrg32k3a.cu: the device API's MRG32k3a generator: seeding (seed 0 keeps
// the published state), subsequences (2^76 values) below 2^51, offsets up
// to 2^64 - 1, skipahead, skipahead_subsequence and skipahead_sequence
// (2^127 values), curand's scaling to 32 bits.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <curand_kernel.h>
#include "common.h"

struct Case {
    unsigned long long seed, sub, off;
};

__global__ void init_cases(const Case *c, int n, unsigned *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    curandStateMRG32k3a_t s;
    curand_init(c[i].seed, c[i].sub, c[i].off, &s);
    unsigned *o = out + 10 * i;
    for (int k = 0; k < 3; k++) {
        o[k] = s.s1[k];
        o[3 + k] = s.s2[k];
    }
    for (int k = 0; k < 4; k++)
        o[6 + k] = curand(&s);
}

// After one draw, skip n[i] by each of the three skips, in turn.
__global__ void skips(const unsigned long long *n, int count, unsigned *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count)
        return;
    curandStateMRG32k3a_t a, b, c;
    curand_init(99, 0, 0, &a);
    b = a;
    c = a;
    out[5 * i] = curand(&a);
    curand(&b);
    curand(&c);
    skipahead(n[i], &a);
    skipahead_subsequence(n[i] & ((1ull << 51) - 1), &b);
    skipahead_sequence(n[i], &c);
    curandStateMRG32k3a_t d;
    curand_init(99, 0, n[i] + 1, &d);
    unsigned x = curand(&a);
    out[5 * i + 1] = x;
    out[5 * i + 2] = x == curand(&d);
    out[5 * i + 3] = curand(&b);
    out[5 * i + 4] = curand(&c);
}

__global__ void grid_init(unsigned *out)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    curandStateMRG32k3a_t s;
    curand_init(555, t, 0, &s);
    out[2 * t] = curand(&s);
    out[2 * t + 1] = curand(&s);
}

int main()
{
    printf("sizeof curandStateMRG32k3a_t %zu\n", sizeof(curandStateMRG32k3a_t));
    const unsigned long long seeds[] = {0, 1, 1234, 0x55555555ull, 0xAAAAAAAA00000000ull, 0xfedcba9876543210ull};
    const unsigned long long subs[] = {0, 1, 255, (1ull << 32) + 1, (1ull << 40) + 7, (1ull << 51) - 1};
    const unsigned long long offs[] = {0, 1, 1000, (1ull << 32) + 3, (1ull << 63) + 5, ~0ull};
    Case hc[36];
    int n = 0;
    for (int s = 0; s < 6; s++)
        for (int k = 0; k < 6; k++)
            hc[n++] = Case{seeds[s], subs[(k + s) % 6], offs[(k * 5 + s) % 6]};
    Case *dc;
    CK(cudaMalloc(&dc, sizeof hc));
    CK(cudaMemcpy(dc, hc, sizeof hc, cudaMemcpyHostToDevice));
    Buf<unsigned> o(10 * n);
    init_cases<<<1, 64>>>(dc, n, o.d);
    unsigned *r = o.get();
    for (int i = 0; i < n; i++) {
        const unsigned *q = r + 10 * i;
        printf("init(%llx, %llx, %llx): s1 %u %u %u s2 %u %u %u -> %08x %08x %08x %08x\n", hc[i].seed, hc[i].sub,
               hc[i].off, q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7], q[8], q[9]);
    }
    CK(cudaFree(dc));

    const unsigned long long ns[] = {0, 1, 2, 3, 1000, 4294967295ull, (1ull << 40) + 7, (1ull << 50) + 3,
                                     (1ull << 63), 0x123456789abcdefull, ~0ull - 1};
    const int nn = sizeof ns / sizeof ns[0];
    unsigned long long *dn;
    CK(cudaMalloc(&dn, sizeof ns));
    CK(cudaMemcpy(dn, ns, sizeof ns, cudaMemcpyHostToDevice));
    Buf<unsigned> s(5 * nn);
    skips<<<1, 32>>>(dn, nn, s.d);
    unsigned *q = s.get();
    for (int i = 0; i < nn; i++)
        printf("n=%llu: %08x, skipahead %08x (as curand_init: %s), subsequence %08x, sequence %08x\n", ns[i],
               q[5 * i], q[5 * i + 1], q[5 * i + 2] ? "same" : "DIFFERENT", q[5 * i + 3], q[5 * i + 4]);
    CK(cudaFree(dn));

    const int threads = 65536;
    Buf<unsigned> g(2 * threads);
    grid_init<<<threads / 256, 256>>>(g.d);
    unsigned *gh = g.get();
    printf("grid: checksum %016llx, thread 0 %08x %08x, thread 65535 %08x %08x\n", fnv(gh, g.n * 4), gh[0], gh[1],
           gh[2 * 65535], gh[2 * 65535 + 1]);
    return 0;
}
