// inline_ptx_bits.cu: inline PTX bit manipulation and selection on edge
// values: popc, clz, bfind (.shiftamt, signed), brev, bfe, bfi, prmt (every
// mode), lop3, shf, shl/shr past the width, and/or/xor/not/cnot, dp4a and
// dp2a, integer setp (every comparison, combined with and/or/xor and
// written to p|q), selp, set and slct.  Results print as hex.
#include <cstdio>

#define NV 8
#define NOUT 80

typedef unsigned long long u64;

__device__ unsigned setp_all(unsigned a, unsigned b, unsigned c)
{
    unsigned r;
    // Bit k of r: comparison k of a and b (signed for lt..ge, unsigned for
    // lo..hs), and p|q combined with c != 0.
    asm("{\n\t"
        ".reg .pred p, q, t;\n\t"
        ".reg .u32 x;\n\t"
        "mov.u32 %0, 0;\n\t"
        "setp.eq.s32 p, %1, %2;\n\tselp.u32 x, 1, 0, p;\n\tor.b32 %0, %0, x;\n\t"
        "setp.ne.s32 p, %1, %2;\n\tselp.u32 x, 2, 0, p;\n\tor.b32 %0, %0, x;\n\t"
        "setp.lt.s32 p, %1, %2;\n\tselp.u32 x, 4, 0, p;\n\tor.b32 %0, %0, x;\n\t"
        "setp.le.s32 p, %1, %2;\n\tselp.u32 x, 8, 0, p;\n\tor.b32 %0, %0, x;\n\t"
        "setp.gt.s32 p, %1, %2;\n\tselp.u32 x, 16, 0, p;\n\tor.b32 %0, %0, x;\n\t"
        "setp.ge.s32 p, %1, %2;\n\tselp.u32 x, 32, 0, p;\n\tor.b32 %0, %0, x;\n\t"
        "setp.lo.u32 p, %1, %2;\n\tselp.u32 x, 64, 0, p;\n\tor.b32 %0, %0, x;\n\t"
        "setp.ls.u32 p, %1, %2;\n\tselp.u32 x, 128, 0, p;\n\tor.b32 %0, %0, x;\n\t"
        "setp.hi.u32 p, %1, %2;\n\tselp.u32 x, 256, 0, p;\n\tor.b32 %0, %0, x;\n\t"
        "setp.hs.u32 p, %1, %2;\n\tselp.u32 x, 512, 0, p;\n\tor.b32 %0, %0, x;\n\t"
        "setp.ne.b32 t, %3, 0;\n\t"
        "setp.lt.and.s32 p|q, %1, %2, t;\n\t"
        "selp.u32 x, 0x1000, 0, p;\n\tor.b32 %0, %0, x;\n\t"
        "selp.u32 x, 0x2000, 0, q;\n\tor.b32 %0, %0, x;\n\t"
        "setp.lt.or.s32 p|q, %1, %2, !t;\n\t"
        "selp.u32 x, 0x4000, 0, p;\n\tor.b32 %0, %0, x;\n\t"
        "selp.u32 x, 0x8000, 0, q;\n\tor.b32 %0, %0, x;\n\t"
        "setp.gt.xor.u32 p, %1, %2, t;\n\t"
        "selp.u32 x, 0x10000, 0, p;\n\tor.b32 %0, %0, x;\n\t"
        "and.pred p, p, t;\n\t"
        "not.pred q, p;\n\t"
        "xor.pred p, p, q;\n\t"
        "@p or.b32 %0, %0, 0x20000;\n\t"
        "@!t or.b32 %0, %0, 0x40000;\n\t"
        "}"
        : "=r"(r)
        : "r"(a), "r"(b), "r"(c));
    return r;
}

__global__ void bits(const unsigned *v, const u64 *v64, u64 *out)
{
    unsigned a = v[threadIdx.x], b = v[(threadIdx.x + 3) % NV], c = v[(threadIdx.x + 5) % NV];
    u64 l = v64[threadIdx.x], m = v64[(threadIdx.x + 2) % NV];
    u64 *o = out + threadIdx.x * NOUT;
    unsigned d;
    u64 w;
    int k = 0;
    asm("popc.b32 %0, %1;" : "=r"(d) : "r"(a));
    o[k++] = d;
    asm("popc.b64 %0, %1;" : "=r"(d) : "l"(l));
    o[k++] = d;
    asm("clz.b32 %0, %1;" : "=r"(d) : "r"(a));
    o[k++] = d;
    asm("clz.b64 %0, %1;" : "=r"(d) : "l"(l));
    o[k++] = d;
    asm("bfind.u32 %0, %1;" : "=r"(d) : "r"(a));
    o[k++] = d;
    asm("bfind.s32 %0, %1;" : "=r"(d) : "r"(a));
    o[k++] = d;
    asm("bfind.shiftamt.u32 %0, %1;" : "=r"(d) : "r"(a));
    o[k++] = d;
    asm("bfind.s64 %0, %1;" : "=r"(d) : "l"(l));
    o[k++] = d;
    asm("bfind.shiftamt.u64 %0, %1;" : "=r"(d) : "l"(l));
    o[k++] = d;
    asm("brev.b32 %0, %1;" : "=r"(d) : "r"(a));
    o[k++] = d;
    asm("brev.b64 %0, %1;" : "=l"(w) : "l"(l));
    o[k++] = w;
    unsigned pos = b & 63, len = c & 63;
    asm("bfe.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(pos), "r"(len));
    o[k++] = d;
    asm("bfe.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(pos), "r"(len));
    o[k++] = d;
    asm("bfe.s32 %0, %1, 4, 8;" : "=r"(d) : "r"(a));
    o[k++] = d;
    asm("bfe.u64 %0, %1, %2, %3;" : "=l"(w) : "l"(l), "r"(pos), "r"(len));
    o[k++] = w;
    asm("bfe.s64 %0, %1, %2, %3;" : "=l"(w) : "l"(l), "r"(b), "r"(c));
    o[k++] = w;
    // Positions and lengths of 256 and more (only their low 8 bits count).
    asm("bfe.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("bfe.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(c), "r"(b));
    o[k++] = d;
    asm("bfe.u64 %0, %1, %2, %3;" : "=l"(w) : "l"(l), "r"(c), "r"(b));
    o[k++] = w;
    asm("bfe.s64 %0, %1, %2, %3;" : "=l"(w) : "l"(m), "r"(pos), "r"(len | 0x100));
    o[k++] = w;
    asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(d) : "r"(a), "r"(b), "r"(c), "r"(pos | 0x300));
    o[k++] = d;
    asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(d) : "r"(a), "r"(b), "r"(pos), "r"(len));
    o[k++] = d;
    asm("bfi.b64 %0, %1, %2, %3, %4;" : "=l"(w) : "l"(l), "l"(m), "r"(pos), "r"(len));
    o[k++] = w;
    asm("prmt.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("prmt.b32 %0, %1, %2, 0x8a3f;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    asm("prmt.b32.f4e %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("prmt.b32.b4e %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("prmt.b32.rc8 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("prmt.b32.ecl %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("prmt.b32.ecr %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("prmt.b32.rc16 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("lop3.b32 %0, %1, %2, %3, 0xe8;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(d) : "r"(a), "r"(b), "r"(c), "n"(0x1b));
    o[k++] = d;
    asm("shf.l.wrap.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("shf.l.clamp.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("shf.r.wrap.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("shf.r.clamp.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("shl.b32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(len));
    o[k++] = d;
    asm("shr.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(len));
    o[k++] = d;
    asm("shr.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(len));
    o[k++] = d;
    asm("shl.b64 %0, %1, %2;" : "=l"(w) : "l"(l), "r"(c & 127));
    o[k++] = w;
    asm("shr.s64 %0, %1, %2;" : "=l"(w) : "l"(l), "r"(c & 127));
    o[k++] = w;
    unsigned short h = (unsigned short)a, hd;
    asm("shr.s16 %0, %1, %2;" : "=h"(hd) : "h"(h), "r"(len));
    o[k++] = hd;
    asm("shl.b16 %0, %1, %2;" : "=h"(hd) : "h"(h), "r"(len));
    o[k++] = hd;
    asm("and.b32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    asm("or.b64 %0, %1, %2;" : "=l"(w) : "l"(l), "l"(m));
    o[k++] = w;
    asm("xor.b32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    asm("not.b32 %0, %1;" : "=r"(d) : "r"(a));
    o[k++] = d;
    asm("cnot.b32 %0, %1;" : "=r"(d) : "r"(a));
    o[k++] = d;
    asm("not.b16 %0, %1;" : "=h"(hd) : "h"(h));
    o[k++] = hd;
    asm("dp4a.u32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("dp4a.s32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("dp4a.s32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("dp2a.lo.u32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("dp2a.hi.s32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    o[k++] = setp_all(a, b, c);
    asm("set.lt.u32.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    asm("set.hi.s32.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    float f;
    asm("set.ne.f32.u32 %0, %1, %2;" : "=f"(f) : "r"(a), "r"(b));
    o[k++] = __float_as_uint(f);
    asm("slct.u32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("slct.b64.s32 %0, %1, %2, %3;" : "=l"(w) : "l"(l), "l"(m), "r"(a));
    o[k++] = w;
    asm("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %3, 0;\n\tselp.b64 %0, %1, %2, p;\n\t}"
        : "=l"(w)
        : "l"(l), "l"(m), "r"(a & 1));
    o[k++] = w;
    o[NOUT - 1] = k;
}

int main()
{
    const unsigned hv[NV] = {0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0x12345678u, 0xf0e1d2c3u, 40};
    const u64 h64[NV] = {0, 1, ~0ull, 1ull << 63, 0x123456789abcdef0ull, 0xfedcba9876543210ull, 0xffull << 30, 77};
    unsigned *dv;
    u64 *d64, *out, h[NV * NOUT];
    cudaMalloc(&dv, sizeof hv);
    cudaMalloc(&d64, sizeof h64);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(dv, hv, sizeof hv, cudaMemcpyHostToDevice);
    cudaMemcpy(d64, h64, sizeof h64, cudaMemcpyHostToDevice);
    cudaMemset(out, 0, sizeof h);
    bits<<<1, NV>>>(dv, d64, out);
    printf("bits: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < NV; t++) {
        printf("a=%x b=%x c=%x l=%llx m=%llx:", hv[t], hv[(t + 3) % NV], hv[(t + 5) % NV], h64[t],
               h64[(t + 2) % NV]);
        for (int k = 0; k < (int)h[t * NOUT + NOUT - 1]; k++)
            printf(" %llx", h[t * NOUT + k]);
        printf("\n");
    }
    cudaFree(dv);
    cudaFree(d64);
    cudaFree(out);
    return 0;
}
