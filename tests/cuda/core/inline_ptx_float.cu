// inline_ptx_float.cu: inline PTX floating point on edge values (zeros,
// subnormals, the largest and smallest normals, infinities, NaNs, values
// whose results round): add/sub/mul/fma/div/rcp/sqrt in every rounding
// mode, .ftz and .sat, abs/neg/min/max (.NaN) and copysign, testp, every
// setp comparison, selp and slct, in .f32 and .f64; the .approx functions
// at arguments where their results are exact.  Results print as hex.
#include <cstdio>
#include <cstring>

#define NV 14
#define NOUT 96

typedef unsigned long long u64;

__device__ u64 fbits(float f)
{
    return __float_as_uint(f);
}

__device__ u64 dbits(double d)
{
    return (u64)__double_as_longlong(d);
}

// Bit k: setp comparison k (eq ne lt le gt ge equ neu ltu leu gtu geu num
// nan) of a and b.
#define SETP_ALL(T, C, a, b, r)                                                   \
    asm("{\n\t.reg .pred p;\n\t.reg .u32 x;\n\tmov.u32 %0, 0;\n\t"               \
        "setp.eq." T " p, %1, %2;\n\tselp.u32 x, 1, 0, p;\n\tor.b32 %0, %0, x;\n\t"   \
        "setp.ne." T " p, %1, %2;\n\tselp.u32 x, 2, 0, p;\n\tor.b32 %0, %0, x;\n\t"   \
        "setp.lt." T " p, %1, %2;\n\tselp.u32 x, 4, 0, p;\n\tor.b32 %0, %0, x;\n\t"   \
        "setp.le." T " p, %1, %2;\n\tselp.u32 x, 8, 0, p;\n\tor.b32 %0, %0, x;\n\t"   \
        "setp.gt." T " p, %1, %2;\n\tselp.u32 x, 16, 0, p;\n\tor.b32 %0, %0, x;\n\t"  \
        "setp.ge." T " p, %1, %2;\n\tselp.u32 x, 32, 0, p;\n\tor.b32 %0, %0, x;\n\t"  \
        "setp.equ." T " p, %1, %2;\n\tselp.u32 x, 64, 0, p;\n\tor.b32 %0, %0, x;\n\t" \
        "setp.neu." T " p, %1, %2;\n\tselp.u32 x, 128, 0, p;\n\tor.b32 %0, %0, x;\n\t" \
        "setp.ltu." T " p, %1, %2;\n\tselp.u32 x, 256, 0, p;\n\tor.b32 %0, %0, x;\n\t" \
        "setp.leu." T " p, %1, %2;\n\tselp.u32 x, 512, 0, p;\n\tor.b32 %0, %0, x;\n\t" \
        "setp.gtu." T " p, %1, %2;\n\tselp.u32 x, 1024, 0, p;\n\tor.b32 %0, %0, x;\n\t" \
        "setp.geu." T " p, %1, %2;\n\tselp.u32 x, 2048, 0, p;\n\tor.b32 %0, %0, x;\n\t" \
        "setp.num." T " p, %1, %2;\n\tselp.u32 x, 4096, 0, p;\n\tor.b32 %0, %0, x;\n\t" \
        "setp.nan." T " p, %1, %2;\n\tselp.u32 x, 8192, 0, p;\n\tor.b32 %0, %0, x;\n\t" \
        "}"                                                                       \
        : "=r"(r)                                                                 \
        : C(a), C(b))

// Bit k: testp k (finite infinite number notanumber normal subnormal).
#define TESTP_ALL(T, C, a, r)                                                     \
    asm("{\n\t.reg .pred p;\n\t.reg .u32 x;\n\tmov.u32 %0, 0;\n\t"               \
        "testp.finite." T " p, %1;\n\tselp.u32 x, 1, 0, p;\n\tor.b32 %0, %0, x;\n\t"  \
        "testp.infinite." T " p, %1;\n\tselp.u32 x, 2, 0, p;\n\tor.b32 %0, %0, x;\n\t" \
        "testp.number." T " p, %1;\n\tselp.u32 x, 4, 0, p;\n\tor.b32 %0, %0, x;\n\t"  \
        "testp.notanumber." T " p, %1;\n\tselp.u32 x, 8, 0, p;\n\tor.b32 %0, %0, x;\n\t" \
        "testp.normal." T " p, %1;\n\tselp.u32 x, 16, 0, p;\n\tor.b32 %0, %0, x;\n\t" \
        "testp.subnormal." T " p, %1;\n\tselp.u32 x, 32, 0, p;\n\tor.b32 %0, %0, x;\n\t" \
        "}"                                                                       \
        : "=r"(r)                                                                 \
        : C(a))

#define F2(op, a, b)                                                              \
    do {                                                                          \
        float d_;                                                                 \
        asm(op " %0, %1, %2;" : "=f"(d_) : "f"(a), "f"(b));                       \
        o[k++] = fbits(d_);                                                       \
    } while (0)
#define F1(op, a)                                                                 \
    do {                                                                          \
        float d_;                                                                 \
        asm(op " %0, %1;" : "=f"(d_) : "f"(a));                                   \
        o[k++] = fbits(d_);                                                       \
    } while (0)
#define F3(op, a, b, c)                                                           \
    do {                                                                          \
        float d_;                                                                 \
        asm(op " %0, %1, %2, %3;" : "=f"(d_) : "f"(a), "f"(b), "f"(c));           \
        o[k++] = fbits(d_);                                                       \
    } while (0)
#define D2(op, a, b)                                                              \
    do {                                                                          \
        double d_;                                                                \
        asm(op " %0, %1, %2;" : "=d"(d_) : "d"(a), "d"(b));                       \
        o[k++] = dbits(d_);                                                       \
    } while (0)
#define D1(op, a)                                                                 \
    do {                                                                          \
        double d_;                                                                \
        asm(op " %0, %1;" : "=d"(d_) : "d"(a));                                   \
        o[k++] = dbits(d_);                                                       \
    } while (0)
#define D3(op, a, b, c)                                                           \
    do {                                                                          \
        double d_;                                                                \
        asm(op " %0, %1, %2, %3;" : "=d"(d_) : "d"(a), "d"(b), "d"(c));           \
        o[k++] = dbits(d_);                                                       \
    } while (0)

__global__ void f32(const float *v, u64 *out)
{
    float a = v[threadIdx.x], b = v[(threadIdx.x + 3) % NV], c = v[(threadIdx.x + 5) % NV];
    u64 *o = out + threadIdx.x * NOUT;
    int k = 0;
    unsigned r;
    F2("add.rn.f32", a, b);
    F2("add.rz.f32", a, b);
    F2("add.rm.f32", a, b);
    F2("add.rp.f32", a, b);
    F2("add.ftz.f32", a, b);
    F2("add.sat.f32", a, b);
    F2("sub.rn.f32", a, b);
    F2("sub.rm.ftz.f32", a, b);
    F2("mul.rn.f32", a, b);
    F2("mul.rz.f32", a, b);
    F2("mul.rm.f32", a, b);
    F2("mul.rp.f32", a, b);
    F2("mul.rn.ftz.sat.f32", a, b);
    F3("fma.rn.f32", a, b, c);
    F3("fma.rz.f32", a, b, c);
    F3("fma.rm.f32", a, b, c);
    F3("fma.rp.f32", a, b, c);
    F3("fma.rn.ftz.sat.f32", a, b, c);
    F3("mad.rn.f32", a, b, c);
    F2("div.rn.f32", a, b);
    F2("div.rz.f32", a, b);
    F2("div.rm.f32", a, b);
    F2("div.rp.f32", a, b);
    F2("div.rn.ftz.f32", a, b);
    F1("rcp.rn.f32", a);
    F1("rcp.rz.f32", a);
    F1("rcp.rn.ftz.f32", a);
    F1("sqrt.rn.f32", a);
    F1("sqrt.rz.f32", a);
    F1("sqrt.rm.f32", a);
    F1("sqrt.rp.f32", a);
    F1("sqrt.rn.ftz.f32", a);
    F1("abs.f32", a);
    F1("abs.ftz.f32", a);
    F1("neg.f32", a);
    F1("neg.ftz.f32", a);
    F2("min.f32", a, b);
    F2("max.f32", a, b);
    F2("min.ftz.f32", a, b);
    F2("max.NaN.f32", a, b);
    F2("min.NaN.f32", a, b);
    F2("copysign.f32", a, b);
    TESTP_ALL("f32", "f", a, r);
    o[k++] = r;
    SETP_ALL("f32", "f", a, b, r);
    o[k++] = r;
    SETP_ALL("ftz.f32", "f", a, b, r);
    o[k++] = r;
    float d;
    asm("{\n\t.reg .pred p;\n\tsetp.lt.f32 p, %1, %2;\n\tselp.f32 %0, %1, %2, p;\n\t}"
        : "=f"(d)
        : "f"(a), "f"(b));
    o[k++] = fbits(d);
    F3("slct.f32.f32", a, b, c);
    F3("slct.ftz.f32.f32", a, b, c);
    asm("set.gtu.f32.f32 %0, %1, %2;" : "=f"(d) : "f"(a), "f"(b));
    o[k++] = fbits(d);
    o[NOUT - 1] = k;
}

__global__ void f64(const double *v, u64 *out)
{
    double a = v[threadIdx.x], b = v[(threadIdx.x + 3) % NV], c = v[(threadIdx.x + 5) % NV];
    u64 *o = out + threadIdx.x * NOUT;
    int k = 0;
    unsigned r;
    D2("add.rn.f64", a, b);
    D2("add.rz.f64", a, b);
    D2("add.rm.f64", a, b);
    D2("add.rp.f64", a, b);
    D2("sub.rz.f64", a, b);
    D2("mul.rn.f64", a, b);
    D2("mul.rz.f64", a, b);
    D2("mul.rm.f64", a, b);
    D2("mul.rp.f64", a, b);
    D3("fma.rn.f64", a, b, c);
    D3("fma.rz.f64", a, b, c);
    D3("fma.rm.f64", a, b, c);
    D3("fma.rp.f64", a, b, c);
    D2("div.rn.f64", a, b);
    D2("div.rz.f64", a, b);
    D2("div.rm.f64", a, b);
    D2("div.rp.f64", a, b);
    D1("rcp.rn.f64", a);
    D1("rcp.rp.f64", a);
    D1("sqrt.rn.f64", a);
    D1("sqrt.rz.f64", a);
    D1("sqrt.rp.f64", a);
    D1("abs.f64", a);
    D1("neg.f64", a);
    D2("min.f64", a, b);
    D2("max.f64", a, b);
    D2("copysign.f64", a, b);
    TESTP_ALL("f64", "d", a, r);
    o[k++] = r;
    SETP_ALL("f64", "d", a, b, r);
    o[k++] = r;
    o[NOUT - 1] = k;
}

// The approximations at arguments where they are exact; d is the
// argument index.
__global__ void approx(u64 *out)
{
    int t = threadIdx.x;
    float x = (float)(t - 8);          // -8 .. 7
    float p = __int_as_float((127 + 2 * (t - 8)) << 23); // 4^(t-8)
    u64 *o = out + t * NOUT;
    int k = 0;
    F1("ex2.approx.f32", x);
    F1("ex2.approx.ftz.f32", x * 20.0f);
    F1("lg2.approx.f32", p);
    F1("lg2.approx.ftz.f32", p);
    F1("rsqrt.approx.f32", p);
    F1("rsqrt.approx.ftz.f32", p);
    F1("rcp.approx.f32", p);
    F1("rcp.approx.ftz.f32", p);
    F1("sqrt.approx.f32", p);
    F1("sqrt.approx.ftz.f32", p);
    float z = t < 4 ? __int_as_float(t == 0 ? 0 : t == 1 ? 0x80000000 : t == 2 ? 0x7f800000 : 0xff800000) : 0.0f;
    F1("sin.approx.f32", z);
    F1("cos.approx.ftz.f32", z);
    F1("lg2.approx.f32", z);
    F1("ex2.approx.f32", z);
    F1("rsqrt.approx.f32", z);
    F2("div.approx.f32", p, 4.0f);
    F2("div.full.f32", p, 2.0f);
    o[NOUT - 1] = k;
}

int main()
{
    const unsigned fv[NV] = {0x00000000u, 0x80000000u, 0x3f800000u, 0xbfc00000u, 0x40400000u,
                             0x00800000u, 0x00000001u, 0x806fffffu, 0x7f7fffffu, 0x7f800000u,
                             0xff800000u, 0x7fffffffu, 0x3eaaaaabu, 0x33800001u};
    const u64 dv[NV] = {0, 0x8000000000000000ull, 0x3ff0000000000000ull, 0xbff8000000000000ull,
                        0x4008000000000000ull, 0x0010000000000000ull, 1, 0x800fffffffffffffull,
                        0x7fefffffffffffffull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
                        0x7ff8000000000000ull, 0x3fd5555555555555ull, 0x3ca0000000000001ull};
    float *df;
    double *dd;
    u64 *out, h[16 * NOUT];
    cudaMalloc(&df, sizeof fv);
    cudaMalloc(&dd, sizeof dv);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(df, fv, sizeof fv, cudaMemcpyHostToDevice);
    cudaMemcpy(dd, dv, sizeof dv, cudaMemcpyHostToDevice);

    cudaMemset(out, 0, sizeof h);
    f32<<<1, NV>>>(df, out);
    printf("f32: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < NV; t++) {
        printf("a=%x b=%x c=%x:", fv[t], fv[(t + 3) % NV], fv[(t + 5) % NV]);
        for (int k = 0; k < (int)h[t * NOUT + NOUT - 1]; k++)
            printf(" %llx", h[t * NOUT + k]);
        printf("\n");
    }

    cudaMemset(out, 0, sizeof h);
    f64<<<1, NV>>>(dd, out);
    printf("f64: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < NV; t++) {
        printf("a=%llx b=%llx c=%llx:", dv[t], dv[(t + 3) % NV], dv[(t + 5) % NV]);
        for (int k = 0; k < (int)h[t * NOUT + NOUT - 1]; k++)
            printf(" %llx", h[t * NOUT + k]);
        printf("\n");
    }

    cudaMemset(out, 0, sizeof h);
    approx<<<1, 16>>>(out);
    printf("approx: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, out, 16 * NOUT * sizeof(u64), cudaMemcpyDeviceToHost);
    for (int t = 0; t < 16; t++) {
        printf("t=%d:", t);
        for (int k = 0; k < (int)h[t * NOUT + NOUT - 1]; k++)
            printf(" %llx", h[t * NOUT + k]);
        printf("\n");
    }
    cudaFree(df);
    cudaFree(dd);
    cudaFree(out);
    return 0;
}
