// xorwow.cu: the device API's XORWOW generator (curandState): seeding,
// subsequences and offsets up to 2^64 - 1, skipahead and
// skipahead_sequence, and curand_init in a 65536-thread grid.
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
    curandState s;
    curand_init(c[i].seed, c[i].sub, c[i].off, &s);
    unsigned *o = out + 10 * i;
    o[0] = s.d;
    for (int k = 0; k < 5; k++)
        o[1 + k] = s.v[k];
    for (int k = 0; k < 4; k++)
        o[6 + k] = curand(&s);
}

// Skips against starting there: thread i skips n[i] values (or, with
// seq, n[i] subsequences) after one draw.
__global__ void skips(const unsigned long long *n, int count, int seq, unsigned *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count)
        return;
    curandStateXORWOW_t a, b;
    curand_init(1234, 0, 0, &a);
    unsigned first = curand(&a);
    if (seq) {
        skipahead_sequence(n[i], &a);
        curand_init(1234, n[i], 1, &b);
    } else {
        skipahead(n[i], &a);
        curand_init(1234, 0, n[i] + 1, &b);
    }
    unsigned x = curand(&a), y = curand(&b);
    out[3 * i] = first;
    out[3 * i + 1] = x;
    out[3 * i + 2] = x == y;
}

// The common pattern: one state per thread, subsequence = thread index.
__global__ void grid_init(unsigned long long seed, int mode, unsigned *out)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    curandState s;
    if (mode == 0)
        curand_init(seed, t, 0, &s);
    else if (mode == 1)
        curand_init(seed + t, 0, 0, &s);
    else
        curand_init(seed, t, 1000ull * t + (1ull << 40), &s);
    out[2 * t] = curand(&s);
    out[2 * t + 1] = curand(&s);
}

int main()
{
    printf("sizeof curandState %zu, curandStateXORWOW_t %zu\n", sizeof(curandState), sizeof(curandStateXORWOW_t));
    const unsigned long long big[] = {0, 1, 4095, (1ull << 32) + 3, (1ull << 40) + 7, (1ull << 63) + 5,
                                      0xfffffffffffffffeull, ~0ull};
    const unsigned long long seeds[] = {0, 1, 1234, 0xfedcba9876543210ull};
    Case hc[40];
    int n = 0;
    for (int s = 0; s < 4; s++)
        for (int k = 0; k < 8; k += 3) {
            hc[n++] = Case{seeds[s], big[k], big[(k + 5) % 8]};
            if (n < 40 && s == 2)
                hc[n++] = Case{seeds[s], big[(k + 1) % 8], 0};
        }
    Case *dc;
    CK(cudaMalloc(&dc, sizeof hc));
    CK(cudaMemcpy(dc, hc, sizeof hc, cudaMemcpyHostToDevice));
    Buf<unsigned> o(10 * n);
    init_cases<<<1, 64>>>(dc, n, o.d);
    unsigned *r = o.get();
    for (int i = 0; i < n; i++) {
        printf("init(%llx, %llx, %llx): d=%08x v=", hc[i].seed, hc[i].sub, hc[i].off, r[10 * i]);
        for (int k = 1; k < 6; k++)
            printf("%08x%s", r[10 * i + k], k < 5 ? "." : "");
        printf(" ->");
        for (int k = 6; k < 10; k++)
            printf(" %08x", r[10 * i + k]);
        printf("\n");
    }
    CK(cudaFree(dc));

    const unsigned long long ns[] = {0, 1, 2, 3, 4, 1000, 4294967295ull, 4294967296ull, (1ull << 40) + 7,
                                     (1ull << 63), 0x123456789abcdefull, ~0ull - 1};
    const int nn = sizeof ns / sizeof ns[0];
    unsigned long long *dn;
    CK(cudaMalloc(&dn, sizeof ns));
    CK(cudaMemcpy(dn, ns, sizeof ns, cudaMemcpyHostToDevice));
    for (int seq = 0; seq < 2; seq++) {
        Buf<unsigned> s(3 * nn);
        skips<<<1, 32>>>(dn, nn, seq, s.d);
        unsigned *q = s.get();
        for (int i = 0; i < nn; i++)
            printf("%s(%llu): %08x then %08x, as curand_init: %s\n", seq ? "skipahead_sequence" : "skipahead", ns[i],
                   q[3 * i], q[3 * i + 1], q[3 * i + 2] ? "same" : "DIFFERENT");
    }
    CK(cudaFree(dn));

    const int threads = 65536;
    for (int mode = 0; mode < 3; mode++) {
        Buf<unsigned> g(2 * threads);
        grid_init<<<threads / 256, 256>>>(1234, mode, g.d);
        unsigned *q = g.get();
        printf("grid mode %d: checksum %016llx, thread 0 %08x %08x, thread 4097 %08x, thread 65535 %08x\n", mode,
               fnv(q, g.n * 4), q[0], q[1], q[2 * 4097], q[2 * 65535 + 1]);
    }
    return 0;
}
