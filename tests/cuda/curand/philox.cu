// philox.cu: the device API's Philox4x32-10 generator: seeding, offsets
// at every position in a block of four, subsequences with counter carries,
// curand and curand4 mixed, skipahead and skipahead_sequence, and the
// counter-based function curand_Philox4x32_10 itself.
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
    curandStatePhilox4_32_10_t s;
    curand_init(c[i].seed, c[i].sub, c[i].off, &s);
    unsigned *o = out + 12 * i;
    o[0] = s.ctr.x;
    o[1] = s.ctr.y;
    o[2] = s.ctr.z;
    o[3] = s.ctr.w;
    o[4] = s.key.x;
    o[5] = s.key.y;
    o[6] = s.STATE;
    o[7] = curand(&s);
    uint4 v = curand4(&s);
    o[8] = v.x;
    o[9] = v.y;
    o[10] = v.z;
    o[11] = v.w;
}

// Thread i draws i % 4 values, then alternates curand4, curand and
// skipahead (n = 5 i + k), so every STATE meets every operation.
__global__ void mixed(unsigned *out, int rounds)
{
    int i = threadIdx.x;
    curandStatePhilox4_32_10_t s;
    curand_init(42, i, 0, &s);
    unsigned *o = out + i * rounds * 6;
    for (int k = 0; k < i % 4; k++)
        curand(&s);
    for (int r = 0; r < rounds; r++) {
        uint4 v = curand4(&s);
        o[6 * r] = v.x;
        o[6 * r + 1] = v.y;
        o[6 * r + 2] = v.z;
        o[6 * r + 3] = v.w;
        o[6 * r + 4] = curand(&s);
        skipahead((unsigned long long)(5 * i + r), &s);
        o[6 * r + 5] = curand(&s);
        if (r % 3 == 2)
            skipahead_sequence((unsigned long long)r << 31, &s);
    }
}

__global__ void raw(uint4 *out)
{
    int i = threadIdx.x;
    uint4 c = make_uint4(i, 0xffffffffu - i, i * 0x9E3779B9u, 0x80000000u ^ i);
    uint2 k = make_uint2(0x12345678u * i, ~0u - i);
    out[i] = curand_Philox4x32_10(c, k);
}

__global__ void grid_init(unsigned *out)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    curandStatePhilox4_32_10_t s;
    curand_init(2024, t, 0, &s);
    uint4 v = curand4(&s);
    out[4 * t] = v.x;
    out[4 * t + 1] = v.y;
    out[4 * t + 2] = curand(&s);
    out[4 * t + 3] = v.w;
}

int main()
{
    printf("sizeof curandStatePhilox4_32_10_t %zu\n", sizeof(curandStatePhilox4_32_10_t));
    Case hc[32];
    int n = 0;
    for (unsigned long long off = 0; off < 8; off++)
        hc[n++] = Case{1234, 3, off};
    const unsigned long long odd[] = {(1ull << 32) - 1, (1ull << 32), (1ull << 32) + 3, (1ull << 34) + 6,
                                      (1ull << 40) + 7, 0xfffffffffffffffcull, 0xfffffffffffffffdull, ~0ull};
    for (int i = 0; i < 8; i++)
        hc[n++] = Case{0xfedcba9876543210ull, odd[i], odd[7 - i]};
    for (int i = 0; i < 8; i++)
        hc[n++] = Case{(unsigned long long)i, 0, odd[i]};
    Case *dc;
    CK(cudaMalloc(&dc, sizeof hc));
    CK(cudaMemcpy(dc, hc, sizeof hc, cudaMemcpyHostToDevice));
    Buf<unsigned> o(12 * n);
    init_cases<<<1, 32>>>(dc, n, o.d);
    unsigned *r = o.get();
    for (int i = 0; i < n; i++) {
        const unsigned *q = r + 12 * i;
        printf("init(%llx, %llx, %llx): ctr %08x.%08x.%08x.%08x key %08x.%08x STATE %u -> %08x, %08x %08x %08x %08x\n",
               hc[i].seed, hc[i].sub, hc[i].off, q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7], q[8], q[9], q[10],
               q[11]);
    }
    CK(cudaFree(dc));

    const int rounds = 6, threads = 12;
    Buf<unsigned> m(threads * rounds * 6);
    mixed<<<1, threads>>>(m.d, rounds);
    unsigned *q = m.get();
    for (int i = 0; i < threads; i++) {
        printf("mixed %2d:", i);
        for (int k = 0; k < rounds * 6; k++)
            printf("%s%08x", k % 6 ? " " : " | ", q[i * rounds * 6 + k]);
        printf("\n");
    }

    Buf<uint4> w(8);
    raw<<<1, 8>>>(w.d);
    uint4 *v = w.get();
    for (int i = 0; i < 8; i++)
        printf("curand_Philox4x32_10 %d: %08x %08x %08x %08x\n", i, v[i].x, v[i].y, v[i].z, v[i].w);

    const int threads_all = 65536;
    Buf<unsigned> g(4 * threads_all);
    grid_init<<<threads_all / 128, 128>>>(g.d);
    unsigned *gh = g.get();
    printf("grid: checksum %016llx, thread 65535: %08x %08x %08x %08x\n", fnv(gh, g.n * 4), gh[4 * 65535],
           gh[4 * 65535 + 1], gh[4 * 65535 + 2], gh[4 * 65535 + 3]);
    return 0;
}
