// inline_ptx_mem.cu: inline PTX memory instructions: ld/st in the global
// and shared spaces (addresses through cvta), vectors, sign extension,
// .volatile/.relaxed/.acquire/.release and cache hints; atom and red (every
// operation, cas on 16-bit words, f32 adds of subnormals in global and
// shared memory); mov packing and unpacking; fences, prefetch, isspacep;
// bar.sync and bar.red.  Results print as hex.
#include <cstdio>
#include <cstring>

#define NT 64

typedef unsigned long long u64;

__global__ void loads(const int *g, u64 *out)
{
    __shared__ int sh[NT];
    __shared__ float4 sv[NT / 4];
    int t = threadIdx.x;
    u64 base64;
    asm("cvta.to.shared.u64 %0, %1;" : "=l"(base64) : "l"(sh));
    unsigned base = (unsigned)base64;
    asm volatile("st.shared.u32 [%0], %1;" ::"r"(base + 4 * t), "r"(g[t] * 3) : "memory");
    asm volatile("bar.sync 0;" ::: "memory");
    int x, y;
    asm volatile("ld.shared.u32 %0, [%1+4];" : "=r"(x) : "r"(base + 4 * (t % (NT - 1))));
    asm volatile("ld.volatile.shared.s32 %0, [%1];" : "=r"(y) : "r"(base + 4 * ((t + 7) % NT)));
    u64 *o = out + t * 24;
    int k = 0;
    o[k++] = (unsigned)x;
    o[k++] = (unsigned)y;
    // Vectors through shared memory.
    unsigned vbase = (unsigned)__cvta_generic_to_shared(sv);
    if (t < NT / 4)
        asm volatile("st.shared.v4.f32 [%0], {%1, %2, %3, %4};" ::"r"(vbase + 16 * t),
                     "f"((float)t), "f"(0.5f), "f"(-2.0f * t), "f"(1.0f / (t + 1))
                     : "memory");
    asm volatile("barrier.sync 0;" ::: "memory");
    float a, b, c, d;
    asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];"
                 : "=f"(a), "=f"(b), "=f"(c), "=f"(d)
                 : "r"(vbase + 16 * ((t * 5) % (NT / 4))));
    o[k++] = __float_as_uint(a);
    o[k++] = __float_as_uint(b);
    o[k++] = __float_as_uint(c);
    o[k++] = __float_as_uint(d);
    // Global loads: sign extension, vectors, .nc, orderings.
    int s8, u8v;
    asm("ld.global.s8 %0, [%1];" : "=r"(s8) : "l"((const char *)g + t));
    asm("ld.global.u8 %0, [%1];" : "=r"(u8v) : "l"((const char *)g + t));
    o[k++] = (unsigned)s8;
    o[k++] = (unsigned)u8v;
    unsigned short h;
    asm("ld.global.nc.b16 %0, [%1+2];" : "=h"(h) : "l"(g + t));
    o[k++] = h;
    int v0, v1;
    asm("ld.global.nc.v2.s32 {%0, %1}, [%2];" : "=r"(v0), "=r"(v1) : "l"(g + (t & ~1)));
    o[k++] = (unsigned)(v0 - v1);
    int r0, r1, r2;
    asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(r0) : "l"(g + (t ^ 1)));
    asm volatile("ld.acquire.sys.u32 %0, [%1];" : "=r"(r1) : "l"(g + (t ^ 2)));
    asm volatile("ld.global.cg.L2::128B.u32 %0, [%1];" : "=r"(r2) : "l"(g + (t ^ 3)));
    o[k++] = (unsigned)(r0 + r1 + r2);
    u64 w;
    asm("ld.global.u64 %0, [%1];" : "=l"(w) : "l"(g + (t & ~1)));
    unsigned lo, hi;
    asm("mov.b64 {%0, %1}, %2;" : "=r"(lo), "=r"(hi) : "l"(w));
    o[k++] = lo;
    o[k++] = hi;
    u64 back;
    asm("mov.b64 %0, {%1, %2};" : "=l"(back) : "r"(hi), "r"(lo));
    o[k++] = back;
    unsigned packed;
    asm("mov.b32 %0, {%1, %2};" : "=r"(packed) : "h"((unsigned short)t), "h"((unsigned short)~t));
    o[k++] = packed;
    unsigned is_sh;
    asm("{\n\t.reg .pred p;\n\tisspacep.shared p, %1;\n\tselp.u32 %0, 1, 0, p;\n\t}"
        : "=r"(is_sh)
        : "l"(t & 1 ? (const void *)sh : (const void *)g));
    o[k++] = is_sh;
    void *gen;
    asm("cvta.shared.u64 %0, %1;" : "=l"(gen) : "l"((u64)base + 8));
    o[k++] = gen == (void *)(sh + 2);
    asm volatile("prefetch.global.L2 [%0];" ::"l"(g + t));
    asm volatile("membar.gl;\n\tmembar.cta;\n\tmembar.sys;\n\tfence.acq_rel.gpu;\n\tfence.sc.cta;" ::: "memory");
    o[23] = k;
}

__global__ void stores(int *g, u64 *out)
{
    int t = threadIdx.x;
    asm volatile("st.global.u32 [%0], %1;" ::"l"(g + t), "r"(t * t) : "memory");
    asm volatile("st.volatile.global.u16 [%0+2], %1;" ::"l"(g + t), "h"((unsigned short)0xabcd)
                 : "memory");
    asm volatile("st.release.gpu.global.u8 [%0+1], %1;" ::"l"(g + t), "h"((unsigned short)(0x100 + t))
                 : "memory");
    if (t < NT / 2)
        asm volatile("st.global.wb.v2.u32 [%0], {%1, %2};" ::"l"(g + NT + 2 * t), "r"(t), "r"(~t)
                     : "memory");
    asm volatile("st.relaxed.sys.global.b64 [%0], %1;" ::"l"(out + t), "l"(0x1122334455667788ull + t)
                 : "memory");
}

__global__ void atomics(int *g, float *f, u64 *out)
{
    __shared__ float sf[2];
    __shared__ unsigned su[2];
    int t = threadIdx.x;
    if (t == 0) {
        sf[0] = 0;
        sf[1] = 0;
        su[0] = 0;
        su[1] = 0xffffffffu;
    }
    __syncthreads();
    unsigned old;
    asm volatile("atom.global.add.u32 %0, [%1], %2;" : "=r"(old) : "l"(g + 0), "r"(t + 1) : "memory");
    asm volatile("red.global.add.u32 [%0], %1;" ::"l"(g + 1), "r"(2 * t) : "memory");
    asm volatile("red.global.min.s32 [%0], %1;" ::"l"(g + 2), "r"(t - 20) : "memory");
    asm volatile("red.global.max.u32 [%0], %1;" ::"l"(g + 3), "r"(t * 7) : "memory");
    asm volatile("atom.global.inc.u32 %0, [%1], %2;" : "=r"(old) : "l"(g + 4), "r"(9) : "memory");
    asm volatile("atom.global.dec.u32 %0, [%1], %2;" : "=r"(old) : "l"(g + 5), "r"(17) : "memory");
    asm volatile("red.global.and.b32 [%0], %1;" ::"l"(g + 6), "r"(~(1u << (t % 32))) : "memory");
    asm volatile("red.global.or.b32 [%0], %1;" ::"l"(g + 7), "r"(1u << (t % 16)) : "memory");
    asm volatile("red.global.xor.b32 [%0], %1;" ::"l"(g + 8), "r"(t) : "memory");
    u64 o64;
    if (t == 0)
        asm volatile("atom.global.exch.b64 %0, [%1], %2;" : "=l"(o64) : "l"(out + NT), "l"((u64)t + 100) : "memory");
    asm volatile("atom.global.max.s64 %0, [%1], %2;" : "=l"(o64) : "l"(out + NT + 1), "l"((long long)t - 30) : "memory");
    asm volatile("atom.global.add.u64 %0, [%1], %2;" : "=l"(o64) : "l"(out + NT + 2), "l"(1ull << 40) : "memory");
    // A lock through cas: every thread adds under it.
    if (t < 8) {
        unsigned got;
        do {
            asm volatile("atom.global.cas.b32 %0, [%1], %2, %3;" : "=r"(got) : "l"(g + 9), "r"(0), "r"(1) : "memory");
        } while (got != 0);
        asm volatile("ld.volatile.global.u32 %0, [%1];" : "=r"(old) : "l"(g + 10));
        asm volatile("st.volatile.global.u32 [%0], %1;" ::"l"(g + 10), "r"(old + t) : "memory");
        asm volatile("fence.acq_rel.gpu;\n\tatom.global.exch.b32 %0, [%1], 0;" : "=r"(got) : "l"(g + 9) : "memory");
    }
    unsigned short c16;
    asm volatile("atom.global.cas.b16 %0, [%1], %2, %3;" : "=h"(c16) : "l"((unsigned short *)(g + 11)), "h"((unsigned short)5), "h"((unsigned short)0x1234) : "memory");
    // f32 adds of a subnormal: global memory flushes it, shared does not.
    float fo;
    asm volatile("atom.global.add.f32 %0, [%1], %2;" : "=f"(fo) : "l"(f), "f"(1e-40f) : "memory");
    asm volatile("red.global.add.f32 [%0], %1;" ::"l"(f + 1), "f"(0.5f) : "memory");
    double dold;
    asm volatile("atom.global.add.f64 %0, [%1], %2;" : "=d"(dold) : "l"(out + NT + 4), "d"(0.25) : "memory");
    unsigned sbase = (unsigned)__cvta_generic_to_shared(sf);
    asm volatile("atom.shared.add.f32 %0, [%1], %2;" : "=f"(fo) : "r"(sbase), "f"(1e-40f) : "memory");
    unsigned ubase = (unsigned)__cvta_generic_to_shared(su);
    asm volatile("red.shared.add.u32 [%0], %1;" ::"r"(ubase), "r"(t) : "memory");
    asm volatile("atom.shared.min.u32 %0, [%1], %2;" : "=r"(old) : "r"(ubase + 4), "r"(1000 - t) : "memory");
    asm volatile("atom.add.f32 %0, [%1], %2;" : "=f"(fo) : "l"(sf + 1), "f"(1e-40f) : "memory");
    __syncthreads();
    if (t == 0) {
        out[NT + 5] = __float_as_uint(sf[0]);
        out[NT + 6] = __float_as_uint(sf[1]);
        out[NT + 7] = su[0];
        out[NT + 8] = su[1];
    }
}

// bar.sync with the block's thread count, and the reductions of bar.red.
__global__ void barriers(u64 *out)
{
    int t = threadIdx.x;
    unsigned n, all, any;
    asm volatile("bar.sync 1, %0;" ::"r"(NT));
    asm volatile("{\n\t.reg .pred p, q;\n\t"
                 "setp.lt.u32 p, %3, 40;\n\t"
                 "bar.red.popc.u32 %0, 0, p;\n\t"
                 "bar.red.and.pred q, 0, p;\n\t"
                 "selp.u32 %1, 1, 0, q;\n\t"
                 "bar.red.or.pred q, 0, !p;\n\t"
                 "selp.u32 %2, 1, 0, q;\n\t"
                 "}"
                 : "=r"(n), "=r"(all), "=r"(any)
                 : "r"(t));
    if (t == 0) {
        out[0] = n;
        out[1] = all;
        out[2] = any;
    }
}

int main()
{
    int *g, hg[3 * NT];
    float *f;
    u64 *out, h[32 * NT];
    for (int i = 0; i < NT; i++)
        hg[i] = (i * 0x01020304) ^ (i & 1 ? -1 : 0x5a5a);
    cudaMalloc(&g, sizeof hg);
    cudaMalloc(&f, 2 * sizeof(float));
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(g, hg, NT * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(out, 0, sizeof h);
    loads<<<1, NT>>>(g, out);
    printf("loads: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < NT; t += 3) {
        printf("t=%d:", t);
        for (int k = 0; k < (int)h[t * 24 + 23]; k++)
            printf(" %llx", h[t * 24 + k]);
        printf("\n");
    }

    cudaMemset(g, 0, sizeof hg);
    stores<<<1, NT>>>(g, out);
    printf("stores: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(hg, g, sizeof hg, cudaMemcpyDeviceToHost);
    cudaMemcpy(h, out, NT * sizeof(u64), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 2 * NT; i += 5)
        printf(" %x", hg[i]);
    printf("\n %llx %llx\n", h[0], h[NT - 1]);

    const int init[12] = {0, 0, 0, 0, 0, 3, -1, 0, 0, 0, 0, 5};
    cudaMemset(g, 0, sizeof hg);
    cudaMemcpy(g, init, sizeof init, cudaMemcpyHostToDevice);
    const float finit[2] = {1e-40f, 1.0f};
    cudaMemcpy(f, finit, sizeof finit, cudaMemcpyHostToDevice);
    cudaMemset(out, 0, sizeof h);
    atomics<<<1, NT>>>(g, f, out);
    printf("atomics: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(hg, g, 12 * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(h, out, (NT + 9) * sizeof(u64), cudaMemcpyDeviceToHost);
    float hf[2];
    cudaMemcpy(hf, f, sizeof hf, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 12; i++)
        printf(" %x", hg[i]);
    printf("\n");
    for (int i = NT; i < NT + 9; i++)
        printf(" %llx", h[i]);
    unsigned fb[2];
    memcpy(fb, hf, sizeof fb);
    printf("\n %x %x\n", fb[0], fb[1]);

    cudaMemset(out, 0, sizeof h);
    barriers<<<1, NT>>>(out);
    printf("barriers: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, out, 3 * sizeof(u64), cudaMemcpyDeviceToHost);
    printf(" %llx %llx %llx\n", h[0], h[1], h[2]);
    cudaFree(g);
    cudaFree(f);
    cudaFree(out);
    return 0;
}
