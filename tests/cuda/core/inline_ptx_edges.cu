// inline_ptx_edges.cu: inline PTX where a GPU's results go beyond the PTX
// ISA's text: mad.hi.sat.s32 overflowing either way, set with .f32 and
// .f64 sources, NaN payloads through f32 and f64 arithmetic, neg, abs,
// min/max and cvt, bfe and bfi with positions and lengths of 256 and more.
// Results print as hex.
#include <cstdio>

#define NV 8
#define NOUT 40

typedef unsigned long long u64;

__global__ void edges(const unsigned *v, const u64 *w, u64 *out)
{
    int t = threadIdx.x;
    unsigned a = v[t], b = v[(t + 1) % NV], c = v[(t + 2) % NV];
    u64 x = w[t], y = w[(t + 1) % NV];
    u64 *o = out + t * NOUT;
    int k = 0;
    unsigned d;
    asm("mad.hi.sat.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("mad.hi.sat.s32 %0, %1, %1, %2;" : "=r"(d) : "r"(a), "r"(c));
    o[k++] = d;
    asm("mad24.hi.sat.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    float fa = __uint_as_float(a), fb = __uint_as_float(b), f;
    double da = __longlong_as_double((long long)x), db = __longlong_as_double((long long)y), dd;
    asm("set.lt.f32.f64 %0, %1, %2;" : "=f"(f) : "d"(da), "d"(db));
    o[k++] = __float_as_uint(f);
    asm("set.ltu.u32.f32 %0, %1, %2;" : "=r"(d) : "f"(fa), "f"(fb));
    o[k++] = d;
    asm("{\n\t.reg .pred p;\n\tsetp.eq.u32 p, %3, %3;\n\tset.ge.and.f32.f32 %0, %1, %2, p;\n\t}"
        : "=f"(f)
        : "f"(fa), "f"(fb), "r"(a));
    o[k++] = __float_as_uint(f);
    asm("set.eq.f32.s32 %0, %1, %2;" : "=f"(f) : "r"(a), "r"(a));
    o[k++] = __float_as_uint(f);
    asm("add.f32 %0, %1, %2;" : "=f"(f) : "f"(fa), "f"(fb));
    o[k++] = __float_as_uint(f);
    asm("mul.rz.f32 %0, %1, %2;" : "=f"(f) : "f"(fa), "f"(fb));
    o[k++] = __float_as_uint(f);
    asm("neg.f32 %0, %1;" : "=f"(f) : "f"(fa));
    o[k++] = __float_as_uint(f);
    asm("abs.f32 %0, %1;" : "=f"(f) : "f"(fa));
    o[k++] = __float_as_uint(f);
    asm("min.f32 %0, %1, %2;" : "=f"(f) : "f"(fa), "f"(fb));
    o[k++] = __float_as_uint(f);
    asm("copysign.f32 %0, %1, %2;" : "=f"(f) : "f"(fb), "f"(fa));
    o[k++] = __float_as_uint(f);
    asm("cvt.rzi.f32.f32 %0, %1;" : "=f"(f) : "f"(fa));
    o[k++] = __float_as_uint(f);
    asm("add.f64 %0, %1, %2;" : "=d"(dd) : "d"(da), "d"(db));
    o[k++] = (u64)__double_as_longlong(dd);
    asm("fma.rn.f64 %0, %1, %2, %1;" : "=d"(dd) : "d"(db), "d"(da));
    o[k++] = (u64)__double_as_longlong(dd);
    asm("min.f64 %0, %1, %2;" : "=d"(dd) : "d"(da), "d"(db));
    o[k++] = (u64)__double_as_longlong(dd);
    asm("max.f64 %0, %1, %2;" : "=d"(dd) : "d"(da), "d"(db));
    o[k++] = (u64)__double_as_longlong(dd);
    asm("neg.f64 %0, %1;" : "=d"(dd) : "d"(da));
    o[k++] = (u64)__double_as_longlong(dd);
    asm("abs.f64 %0, %1;" : "=d"(dd) : "d"(da));
    o[k++] = (u64)__double_as_longlong(dd);
    asm("cvt.rn.f32.f64 %0, %1;" : "=f"(f) : "d"(da));
    o[k++] = __float_as_uint(f);
    unsigned short h;
    asm("cvt.rn.bf16.f64 %0, %1;" : "=h"(h) : "d"(da));
    o[k++] = h;
    asm("cvt.rn.f16.f64 %0, %1;" : "=h"(h) : "d"(da));
    o[k++] = h;
    asm("cvt.rzi.u8.f64 %0, %1;" : "=h"(h) : "d"(da));
    o[k++] = h;
    asm("cvt.rzi.s8.f32 %0, %1;" : "=h"(h) : "f"(fa));
    o[k++] = h;
    asm("cvt.f64.f16 %0, %1;" : "=d"(dd) : "h"((unsigned short)a));
    o[k++] = (u64)__double_as_longlong(dd);
    asm("bfe.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b & 0x11f), "r"(c & 0x31f));
    o[k++] = d;
    asm("bfe.u64 %0, %1, %2, %3;" : "=l"(x) : "l"(y), "r"(b & 0x13f), "r"(c & 0x13f));
    o[k++] = x;
    asm("bfe.s64 %0, %1, %2, %3;" : "=l"(x) : "l"(y), "r"(b & 0x33f), "r"(c & 0x7f));
    o[k++] = x;
    asm("bfi.b64 %0, %1, %2, %3, %4;" : "=l"(x) : "l"(y), "l"(~y), "r"(b & 0x13f), "r"(c & 0x17f));
    o[k++] = x;
    o[NOUT - 1] = k;
}

int main()
{
    const unsigned hv[NV] = {0x7fffffffu, 0x7fc00001u, 0xffc00000u, 0x80000000u, 0x00000123u,
                             0x7fa00000u, 0x40000001u, 0x7e01u};
    const u64 hw[NV] = {0x7ff4000000000001ull, 0x7ff8000000000003ull, 0xfff8000000000000ull,
                        0x3ff0000000000000ull, 0xfff0000000000001ull, 0x0000000000000001ull,
                        0x7ff0000000000000ull, 0xfffc000000000007ull};
    unsigned *dv;
    u64 *dw, *out, h[NV * NOUT];
    cudaMalloc(&dv, sizeof hv);
    cudaMalloc(&dw, sizeof hw);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(dv, hv, sizeof hv, cudaMemcpyHostToDevice);
    cudaMemcpy(dw, hw, sizeof hw, cudaMemcpyHostToDevice);
    cudaMemset(out, 0, sizeof h);
    edges<<<1, NV>>>(dv, dw, out);
    printf("edges: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < NV; t++) {
        printf("a=%x b=%x c=%x x=%llx y=%llx:", hv[t], hv[(t + 1) % NV], hv[(t + 2) % NV], hw[t],
               hw[(t + 1) % NV]);
        for (int k = 0; k < (int)h[t * NOUT + NOUT - 1]; k++)
            printf(" %llx", h[t * NOUT + k]);
        printf("\n");
    }
    cudaFree(dv);
    cudaFree(dw);
    cudaFree(out);
    return 0;
}
