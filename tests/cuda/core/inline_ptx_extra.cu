// inline_ptx_extra.cu: inline PTX forms newer or rarer than the others:
// decimal floating-point immediates, cvt to .f16/.bf16 rounding down and
// up and with .satfinite, lop3 with a predicate result, cache eviction
// hints on loads and stores, and the async-proxy fence.  Results print as hex.
#include <cstdio>

#define NV 8

typedef unsigned long long u64;

__global__ void extra(const float *v, u64 *out)
{
    int t = threadIdx.x;
    float x = v[t], y = v[(t + 3) % NV];
    u64 *o = out + t * 16;
    int k = 0;
    float f;
    asm("mov.f32 %0, 1.5;\n\tadd.f32 %0, %0, %1;\n\tmul.rn.f32 %0, %0, 0.25;" : "=f"(f) : "f"(x));
    o[k++] = __float_as_uint(f);
    double d;
    asm("add.f64 %0, %1, 1e-3;" : "=d"(d) : "d"((double)x));
    o[k++] = (u64)__double_as_longlong(d);
    unsigned short h;
    asm("cvt.rm.f16.f32 %0, %1;" : "=h"(h) : "f"(x));
    o[k++] = h;
    asm("cvt.rp.f16.f32 %0, %1;" : "=h"(h) : "f"(x));
    o[k++] = h;
    asm("cvt.rn.satfinite.f16.f32 %0, %1;" : "=h"(h) : "f"(x));
    o[k++] = h;
    asm("cvt.rz.satfinite.bf16.f32 %0, %1;" : "=h"(h) : "f"(x));
    o[k++] = h;
    unsigned a = __float_as_uint(x), b = __float_as_uint(y), r, p;
    asm("{\n\t.reg .pred p, q;\n\t"
        "setp.ne.u32 q, %3, 0x3f800000;\n\t"
        "lop3.or.b32 %0|p, %2, %3, %2, 0x3c, q;\n\t"
        "selp.u32 %1, 1, 0, p;\n\t}"
        : "=r"(r), "=r"(p)
        : "r"(a), "r"(b));
    o[k++] = ((u64)p << 32) | r;
    unsigned w;
    asm volatile("ld.global.L1::evict_last.u32 %0, [%1];" : "=r"(w) : "l"(v + t));
    asm volatile("st.global.L1::no_allocate.u32 [%0+4], %1;" ::"l"(out + t * 16 + 14), "r"(w) : "memory");
    asm volatile("fence.proxy.async;" ::: "memory");
    o[15] = k;
}

int main()
{
    const unsigned hv[NV] = {0x3f800000u, 0x477ff000u, 0x7f800000u, 0xc77fffffu, 0x33800001u,
                             0x3f7fffffu, 0x7fc00000u, 0x00400000u};
    float *dv;
    u64 *out, h[NV * 16];
    cudaMalloc(&dv, sizeof hv);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(dv, hv, sizeof hv, cudaMemcpyHostToDevice);
    cudaMemset(out, 0, sizeof h);
    extra<<<1, NV>>>(dv, out);
    printf("extra: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < NV; t++) {
        printf("x=%x:", hv[t]);
        for (int k = 0; k < (int)h[t * 16 + 15]; k++)
            printf(" %llx", h[t * 16 + k]);
        printf(" %llx\n", h[t * 16 + 14]);
    }
    cudaFree(dv);
    cudaFree(out);
    return 0;
}
