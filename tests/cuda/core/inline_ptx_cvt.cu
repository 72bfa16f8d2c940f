// inline_ptx_cvt.cu: inline PTX cvt on edge values: integer to integer
// (truncation, sign extension, .sat), float to integer in every integer
// rounding mode (NaN, infinities, halves, out of range), integer to float
// in every rounding mode (values that round), f32 <-> f64 (.ftz, .sat,
// rounding to integral values), and the half types: f16 and bf16 to and
// from f32, f64 and integers, f16x2/bf16x2 packing, .relu.  Results print
// as hex.
#include <cstdio>

#define NV 16
#define NOUT 96

typedef unsigned long long u64;

#define CVT(op, dc, sc, T, x)                                                    \
    do {                                                                         \
        T d_;                                                                    \
        asm(op " %0, %1;" : dc(d_) : sc(x));                                     \
        o[k++] = (u64)d_;                                                        \
    } while (0)
#define CVTF(op, sc, x)                                                          \
    do {                                                                         \
        float d_;                                                                \
        asm(op " %0, %1;" : "=f"(d_) : sc(x));                                   \
        o[k++] = __float_as_uint(d_);                                            \
    } while (0)
#define CVTD(op, sc, x)                                                          \
    do {                                                                         \
        double d_;                                                               \
        asm(op " %0, %1;" : "=d"(d_) : sc(x));                                   \
        o[k++] = (u64)__double_as_longlong(d_);                                  \
    } while (0)

__global__ void ints(const long long *v, u64 *out)
{
    long long l = v[threadIdx.x];
    unsigned r = (unsigned)l;
    u64 *o = out + threadIdx.x * NOUT;
    int k = 0;
    unsigned short s = (unsigned short)l;
    CVT("cvt.u8.u32", "=h", "r", unsigned short, r);
    CVT("cvt.s8.u32", "=h", "r", unsigned short, r);
    CVT("cvt.sat.u8.s32", "=h", "r", unsigned short, r);
    CVT("cvt.sat.s8.s32", "=h", "r", unsigned short, r);
    CVT("cvt.sat.u8.u32", "=h", "r", unsigned short, r);
    CVT("cvt.u16.u32", "=h", "r", unsigned short, r);
    CVT("cvt.sat.s16.s32", "=h", "r", unsigned short, r);
    CVT("cvt.sat.u16.s64", "=h", "l", unsigned short, l);
    CVT("cvt.s32.s16", "=r", "h", unsigned, s);
    CVT("cvt.u32.u16", "=r", "h", unsigned, s);
    CVT("cvt.s32.s8", "=r", "h", unsigned, s);
    CVT("cvt.u32.u64", "=r", "l", unsigned, l);
    CVT("cvt.sat.s32.s64", "=r", "l", unsigned, l);
    CVT("cvt.sat.u32.s64", "=r", "l", unsigned, l);
    CVT("cvt.sat.s32.u32", "=r", "r", unsigned, r);
    CVT("cvt.sat.u32.s32", "=r", "r", unsigned, r);
    CVT("cvt.s64.s32", "=l", "r", u64, r);
    CVT("cvt.u64.u32", "=l", "r", u64, r);
    CVT("cvt.s64.s8", "=l", "h", u64, s);
    CVT("cvt.sat.s64.u64", "=l", "l", u64, l);
    CVT("cvt.sat.u64.s64", "=l", "l", u64, l);
    // Integers to floating point.
    CVTF("cvt.rn.f32.s32", "r", r);
    CVTF("cvt.rz.f32.s32", "r", r);
    CVTF("cvt.rm.f32.u32", "r", r);
    CVTF("cvt.rp.f32.u32", "r", r);
    CVTF("cvt.rn.f32.s64", "l", l);
    CVTF("cvt.rz.f32.s64", "l", l);
    CVTF("cvt.rm.f32.s64", "l", l);
    CVTF("cvt.rp.f32.u64", "l", l);
    CVTD("cvt.rn.f64.s64", "l", l);
    CVTD("cvt.rz.f64.u64", "l", l);
    CVTD("cvt.rm.f64.s64", "l", l);
    CVTD("cvt.rp.f64.s64", "l", l);
    CVTD("cvt.rn.f64.u32", "r", r);
    CVT("cvt.rn.f16.s32", "=h", "r", unsigned short, r);
    CVT("cvt.rz.f16.u32", "=h", "r", unsigned short, r);
    CVT("cvt.rn.f16.s64", "=h", "l", unsigned short, l);
    CVT("cvt.rn.f16.s16", "=h", "h", unsigned short, s);
    CVT("cvt.rn.bf16.s32", "=h", "r", unsigned short, r);
    o[NOUT - 1] = k;
}

__global__ void floats(const float *vf, const double *vd, const unsigned short *vh, u64 *out)
{
    float f = vf[threadIdx.x];
    double d = vd[threadIdx.x];
    unsigned short h = vh[threadIdx.x];
    u64 *o = out + threadIdx.x * NOUT;
    int k = 0;
    CVT("cvt.rni.s32.f32", "=r", "f", unsigned, f);
    CVT("cvt.rzi.s32.f32", "=r", "f", unsigned, f);
    CVT("cvt.rmi.s32.f32", "=r", "f", unsigned, f);
    CVT("cvt.rpi.s32.f32", "=r", "f", unsigned, f);
    CVT("cvt.rni.u32.f32", "=r", "f", unsigned, f);
    CVT("cvt.rzi.ftz.s32.f32", "=r", "f", unsigned, f);
    CVT("cvt.rni.s64.f32", "=l", "f", u64, f);
    CVT("cvt.rzi.u64.f32", "=l", "f", u64, f);
    CVT("cvt.rni.s16.f32", "=h", "f", unsigned short, f);
    CVT("cvt.rzi.u8.f32", "=h", "f", unsigned short, f);
    CVT("cvt.rni.s32.f64", "=r", "d", unsigned, d);
    CVT("cvt.rzi.u32.f64", "=r", "d", unsigned, d);
    CVT("cvt.rmi.s64.f64", "=l", "d", u64, d);
    CVT("cvt.rpi.u64.f64", "=l", "d", u64, d);
    CVT("cvt.rzi.s16.f64", "=h", "d", unsigned short, d);
    CVTD("cvt.f64.f32", "f", f);
    CVTD("cvt.ftz.f64.f32", "f", f);
    CVTF("cvt.rn.f32.f64", "d", d);
    CVTF("cvt.rz.f32.f64", "d", d);
    CVTF("cvt.rm.f32.f64", "d", d);
    CVTF("cvt.rp.f32.f64", "d", d);
    CVTF("cvt.rn.ftz.f32.f64", "d", d);
    CVTF("cvt.rn.sat.f32.f64", "d", d);
    CVTF("cvt.rni.f32.f32", "f", f);
    CVTF("cvt.rzi.f32.f32", "f", f);
    CVTF("cvt.rmi.ftz.f32.f32", "f", f);
    CVTF("cvt.rpi.f32.f32", "f", f);
    CVTF("cvt.ftz.f32.f32", "f", f);
    CVTF("cvt.sat.f32.f32", "f", f);
    CVTD("cvt.rni.f64.f64", "d", d);
    CVTD("cvt.rmi.f64.f64", "d", d);
    // The half types.
    CVT("cvt.rn.f16.f32", "=h", "f", unsigned short, f);
    CVT("cvt.rz.f16.f32", "=h", "f", unsigned short, f);
    CVT("cvt.rn.relu.f16.f32", "=h", "f", unsigned short, f);
    CVT("cvt.rn.f16.f64", "=h", "d", unsigned short, d);
    CVT("cvt.rn.bf16.f32", "=h", "f", unsigned short, f);
    CVT("cvt.rz.bf16.f32", "=h", "f", unsigned short, f);
    CVT("cvt.rn.relu.bf16.f32", "=h", "f", unsigned short, f);
    CVTF("cvt.f32.f16", "h", h);
    CVTD("cvt.f64.f16", "h", h);
    CVTF("cvt.f32.bf16", "h", h);
    CVT("cvt.rni.s32.f16", "=r", "h", unsigned, h);
    CVT("cvt.rzi.u16.f16", "=h", "h", unsigned short, h);
    unsigned p;
    float g = vf[(threadIdx.x + 5) % NV];
    asm("cvt.rn.f16x2.f32 %0, %1, %2;" : "=r"(p) : "f"(f), "f"(g));
    o[k++] = p;
    asm("cvt.rz.bf16x2.f32 %0, %1, %2;" : "=r"(p) : "f"(f), "f"(g));
    o[k++] = p;
    asm("cvt.rn.relu.f16x2.f32 %0, %1, %2;" : "=r"(p) : "f"(f), "f"(g));
    o[k++] = p;
    o[NOUT - 1] = k;
}

int main()
{
    const long long hl[NV] = {0, 1, -1, 127, 128, -129, 255, 256, 32767, -32769, 65535,
                              0x7fffffffll, -0x80000001ll, 0x1000001ll, 0x123456789abcdefll,
                              (long long)0x8000000000000001ull};
    const unsigned hf[NV] = {0x00000000u, 0x80000000u, 0x3f000000u, 0xbfc00000u, 0x40200000u,
                             0x477fefffu, 0x477ff000u, 0x4f000000u, 0xcf000001u, 0x5f800000u,
                             0x7f800000u, 0xff800000u, 0x7fc00001u, 0x00400000u, 0x33800001u,
                             0xc2fe0000u};
    const u64 hd[NV] = {0, 0x8000000000000000ull, 0x3fe0000000000000ull, 0xc004000000000000ull,
                        0x41e0000000000000ull, 0xc1e0000000200000ull, 0x43f0000000000000ull,
                        0x36a0000000000000ull, 0x3ff0000010000000ull, 0x3ff0000030000000ull,
                        0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff4000000000001ull,
                        0x47efffffe0000000ull, 0x47efffffffffffffull, 0xc0fe240000000000ull};
    const unsigned short hh[NV] = {0x0000, 0x8000, 0x3c00, 0xbe00, 0x0001, 0x83ff, 0x7bff, 0x7c00,
                                   0xfc00, 0x7e01, 0x4248, 0xc248, 0x3f80, 0x7f80, 0x7fc1, 0x5640};
    long long *dl;
    float *df;
    double *dd;
    unsigned short *dh;
    u64 *out, h[NV * NOUT];
    cudaMalloc(&dl, sizeof hl);
    cudaMalloc(&df, sizeof hf);
    cudaMalloc(&dd, sizeof hd);
    cudaMalloc(&dh, sizeof hh);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(dl, hl, sizeof hl, cudaMemcpyHostToDevice);
    cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
    cudaMemcpy(dd, hd, sizeof hd, cudaMemcpyHostToDevice);
    cudaMemcpy(dh, hh, sizeof hh, cudaMemcpyHostToDevice);

    cudaMemset(out, 0, sizeof h);
    ints<<<1, NV>>>(dl, out);
    printf("ints: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < NV; t++) {
        printf("%llx:", (u64)hl[t]);
        for (int k = 0; k < (int)h[t * NOUT + NOUT - 1]; k++)
            printf(" %llx", h[t * NOUT + k]);
        printf("\n");
    }

    cudaMemset(out, 0, sizeof h);
    floats<<<1, NV>>>(df, dd, dh, out);
    printf("floats: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < NV; t++) {
        printf("%x %llx %x:", hf[t], hd[t], hh[t]);
        for (int k = 0; k < (int)h[t * NOUT + NOUT - 1]; k++)
            printf(" %llx", h[t * NOUT + k]);
        printf("\n");
    }
    cudaFree(dl);
    cudaFree(df);
    cudaFree(dd);
    cudaFree(dh);
    cudaFree(out);
    return 0;
}
