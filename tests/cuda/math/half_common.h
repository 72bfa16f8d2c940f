// half_common.h: the half and bfloat16 tests (half.cu, bfloat16.cu) share
// this body; the including file defines H, H2, TO_F, FROM_F, AS_U, FROM_U
// and the type-specific conversion names.
//
// Unary operations run over all 65536 bit patterns, binary ones over
// 65536 pairs; each prints an FNV-1a hash of all results and a sample.
// With MATH_DUMP=dir set, the raw results are also written to
// dir/NAME.bin (used to study differences, not by the test).
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define UNARY(X) \
    X(to_float, (unsigned short)0, FB(TO_F(a))) X(hsqrt, hsqrt(a), 0) X(hrsqrt, hrsqrt(a), 0) X(hrcp, hrcp(a), 0) \
    X(hexp, hexp(a), 0) X(hexp2, hexp2(a), 0) X(hexp10, hexp10(a), 0) X(hlog, hlog(a), 0) X(hlog2, hlog2(a), 0) \
    X(hlog10, hlog10(a), 0) X(hsin, hsin(a), 0) X(hcos, hcos(a), 0) X(htanh, htanh(a), 0) X(hceil, hceil(a), 0) \
    X(hfloor, hfloor(a), 0) X(htrunc, htrunc(a), 0) X(hrint, hrint(a), 0) X(hneg, __hneg(a), 0) X(habs, __habs(a), 0) \
    X(isnan_isinf, (unsigned short)0, (unsigned)(__hisnan(a) * 4 + __hisinf(a) + 1)) \
    X(to_int_rn, (unsigned short)0, (unsigned)CVT(int, rn)(a)) X(to_int_rz, (unsigned short)0, (unsigned)CVT(int, rz)(a)) \
    X(to_int_ru, (unsigned short)0, (unsigned)CVT(int, ru)(a)) X(to_int_rd, (unsigned short)0, (unsigned)CVT(int, rd)(a)) \
    X(to_uint_rn, (unsigned short)0, CVT(uint, rn)(a)) X(to_short_rz, (unsigned short)0, (unsigned)(unsigned short)CVT(short, rz)(a)) \
    X(to_ushort_rn, (unsigned short)0, (unsigned)CVT(ushort, rn)(a)) X(to_ll_rn_hi, (unsigned short)0, (unsigned)(CVT(ll, rn)(a) >> 32)) \
    X(to_ll_rd, (unsigned short)0, (unsigned)CVT(ll, rd)(a)) X(to_ull_ru_hi, (unsigned short)0, (unsigned)(CVT(ull, ru)(a) >> 32)) \
    X(op_int, (unsigned short)0, (unsigned)(int)a) X(op_bool, (unsigned short)0, (unsigned)(bool)a) \
    X(from_int_rn, FROMI(int, rn)((int)AS_U(a) - 32768), 0) X(from_int_rz, FROMI(int, rz)((int)AS_U(a) * 4099 - 134000000), 0) \
    X(from_int_ru, FROMI(int, ru)((int)AS_U(a) * 4099 - 134000000), 0) X(from_int_rd, FROMI(int, rd)((int)AS_U(a) * 4099 - 134000000), 0) \
    X(from_uint_rn, FROMI(uint, rn)(AS_U(a) * 65537u), 0) X(from_short_rn, FROMI(short, rn)((short)AS_U(a)), 0) \
    X(from_ushort_rz, FROMI(ushort, rz)(AS_U(a)), 0) X(from_ll_rn, FROMI(ll, rn)((long long)AS_U(a) * 0x2000000000001ll), 0) \
    X(from_ull_rd, FROMI(ull, rd)((unsigned long long)AS_U(a) * 0x1000000000003ull), 0) \
    X(ctor_int, H((int)AS_U(a) - 30000), 0) X(ctor_double, H((double)AS_U(a) * 1.0001), 0) \
    X(inc, h_inc(a), 0) X(h2sqrt_lo, LOW(h2sqrt(H2(a, a))), 0) X(h2exp_hi, HIGH(h2exp(H2(a, a))), 0)
#define BINARY(X) \
    X(hadd, __hadd(a, b), 0) X(hsub, __hsub(a, b), 0) X(hmul, __hmul(a, b), 0) X(hdiv, __hdiv(a, b), 0) \
    X(hfma, __hfma(a, b, c), 0) X(hadd_sat, __hadd_sat(a, b), 0) X(hmul_sat, __hmul_sat(a, b), 0) \
    X(hfma_sat, __hfma_sat(a, b, c), 0) X(hfma_relu, __hfma_relu(a, b, c), 0) X(hmax, __hmax(a, b), 0) \
    X(hmin, __hmin(a, b), 0) X(hmax_nan, __hmax_nan(a, b), 0) X(hmin_nan, __hmin_nan(a, b), 0) \
    X(cmp, (unsigned short)0, (unsigned)(__heq(a, b) | __hne(a, b) << 1 | __hlt(a, b) << 2 | __hle(a, b) << 3 | __hgt(a, b) << 4 | __hge(a, b) << 5 | __hequ(a, b) << 6 | __hneu(a, b) << 7 | __hltu(a, b) << 8 | __hleu(a, b) << 9 | __hgtu(a, b) << 10 | __hgeu(a, b) << 11)) \
    X(ops, (unsigned short)0, (unsigned)((a == b) | (a != b) << 1 | (a < b) << 2 | (a <= b) << 3 | (a > b) << 4 | (a >= b) << 5)) \
    X(op_arith, (H)((a + b) * c - a / b), 0) X(hadd2, LOW(__hadd2(H2(a, b), H2(b, a))), 0) \
    X(hmul2_hi, HIGH(__hmul2(H2(a, b), H2(c, a))), 0) X(hfma2_lo, LOW(__hfma2(H2(a, b), H2(b, c), H2(c, a))), 0) \
    X(h2div_hi, HIGH(__h2div(H2(a, b), H2(c, a))), 0) X(hcmadd_lo, LOW(__hcmadd(H2(a, b), H2(c, a), H2(b, c))), 0) \
    X(hcmadd_hi, HIGH(__hcmadd(H2(a, b), H2(c, a), H2(b, c))), 0) \
    X(cmp2, (unsigned short)0, (unsigned)(__hbeq2(H2(a, b), H2(c, b)) | __hblt2(H2(a, b), H2(c, a)) << 1 | __hbgeu2(H2(a, c), H2(b, b)) << 2) ^ (__hlt2_mask(H2(a, b), H2(b, c)) & 0x10001u)) \
    X(hlt2, HIGH(__hlt2(H2(a, b), H2(c, a))), 0) X(hmax2, LOW(__hmax2(H2(a, b), H2(c, a))), 0)
#define FB(f) (fbits_d(f))
__device__ __host__ inline unsigned int fbits_d(float f) { unsigned int u; memcpy(&u, &f, 4); return u; }
__device__ inline H h_inc(H a) { H b = a; b++; return ++b; }

#define ENUM(n, e, f) E_##n,
enum { UNARY(ENUM) N_UNARY };
enum { BINARY(ENUM) N_BINARY };
#define NAME(n, e, f) #n,
static const char *unary_names[] = {UNARY(NAME)};
static const char *binary_names[] = {BINARY(NAME)};

// Results are 32-bit: a 16-bit result, or the 32-bit value of f.
__global__ void run_unary(int op, unsigned int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= 65536)
        return;
    H a = FROM_U((unsigned short)i);
    unsigned int r = 0;
    switch (op) {
#define CASE(n, e, f) case E_##n: { H h = e; r = (f) ? (unsigned)(f) : AS_U(h); if (!(f) && #f[0] != '0') r = (unsigned)(f); } break;
        UNARY(CASE)
#undef CASE
    }
    out[i] = r;
}
__global__ void run_binary(int op, const unsigned short *pa, const unsigned short *pb,
                           const unsigned short *pc, unsigned int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= 65536)
        return;
    H a = FROM_U(pa[i]), b = FROM_U(pb[i]), c = FROM_U(pc[i]);
    unsigned int r = 0;
    switch (op) {
#define CASE(n, e, f) case E_##n: { H h = e; r = (f) ? (unsigned)(f) : AS_U(h); if (!(f) && #f[0] != '0') r = (unsigned)(f); } break;
        BINARY(CASE)
#undef CASE
    }
    out[i] = r;
}
// Conversions from float, four rounding modes, and float2 pairs.
__global__ void run_from_float(const float *in, unsigned int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= 65536)
        return;
    float x = in[i];
    out[i] = AS_U(FROMF(rn)(x)) | (unsigned)AS_U(FROMF(rz)(x)) << 16;
    out[65536 + i] = AS_U(FROMF(ru)(x)) | (unsigned)AS_U(FROMF(rd)(x)) << 16;
    out[2 * 65536 + i] = AS_U(H(x)) | (unsigned)AS_U(HIGH(PAIR_F(x, -x))) << 16;
    out[3 * 65536 + i] = AS_U(FROMD((double)x * 1.00000001)) | (unsigned)AS_U(H((double)x * 0.99999999)) << 16;
}
// Atomics: every partial sum is exact, so the result is order-free.
__global__ void run_atomics(H *h, H2 *h2)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    atomicAdd(&h[i & 3], H(1.0f));
    atomicAdd(&h[4 + (i & 1)], H(i & 8 ? 0.5f : 0.25f));
    atomicAdd(&h2[i & 1], H2(H(1.0f), H(-2.0f)));
}

static unsigned long long fnv(const unsigned int *v, int n)
{
    unsigned long long h = 1469598103934665603ull;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 4; k++) {
            h ^= (v[i] >> (8 * k)) & 0xff;
            h *= 1099511628211ull;
        }
    return h;
}
static void report(const char *name, const unsigned int *v, const char *dump)
{
    printf("%s: %016llx", name, fnv(v, 65536));
    for (int i = 0; i < 65536; i += 4099)
        printf(" %x", v[i]);
    printf("\n");
    if (dump) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s_%s.bin", dump, TYPE_NAME, name);
        FILE *f = fopen(path, "wb");
        if (f) {
            fwrite(v, 4, 65536, f);
            fclose(f);
        }
    }
}

int main()
{
    const char *dump = getenv("MATH_DUMP");
    unsigned int *d_out, *out = (unsigned int *)malloc(4 * 65536 * 4);
    unsigned short *pa = (unsigned short *)malloc(3 * 65536 * 2), *d_p;
    float *fin = (float *)malloc(65536 * 4), *d_f;
    unsigned int s = 88172645u;
    for (int i = 0; i < 3 * 65536; i++) {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        pa[i] = (unsigned short)(s >> 7);
        // a third of the pairs share the exponent range of their partner
        if (i >= 65536 && i % 3 == 0)
            pa[i] = (unsigned short)((pa[i - 65536] & 0xfc00u) ^ (s & 0x83ffu));
    }
    for (int i = 0; i < 65536; i++) {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        unsigned int bits = i < 32768 ? ((s & 0x80000000u) | (((s >> 23) % 48u + 96u) << 23) | (s & 0x7fffffu))
                                      : ((unsigned int)i << 16) | (i & 1 ? 0x8000u : (s & 0xffffu));
        memcpy(&fin[i], &bits, 4);
    }
    cudaMalloc(&d_out, 4 * 65536 * 4);
    cudaMalloc(&d_p, 3 * 65536 * 2);
    cudaMalloc(&d_f, 65536 * 4);
    cudaMemcpy(d_p, pa, 3 * 65536 * 2, cudaMemcpyHostToDevice);
    cudaMemcpy(d_f, fin, 65536 * 4, cudaMemcpyHostToDevice);
    for (int op = 0; op < N_UNARY; op++) {
        run_unary<<<256, 256>>>(op, d_out);
        cudaMemcpy(out, d_out, 65536 * 4, cudaMemcpyDeviceToHost);
        report(unary_names[op], out, dump);
    }
    for (int op = 0; op < N_BINARY; op++) {
        run_binary<<<256, 256>>>(op, d_p, d_p + 65536, d_p + 2 * 65536, d_out);
        cudaMemcpy(out, d_out, 65536 * 4, cudaMemcpyDeviceToHost);
        report(binary_names[op], out, dump);
    }
    run_from_float<<<256, 256>>>(d_f, d_out);
    cudaMemcpy(out, d_out, 4 * 65536 * 4, cudaMemcpyDeviceToHost);
    report("from_float_rn_rz", out, dump);
    report("from_float_ru_rd", out + 65536, dump);
    report("ctor_float_pair", out + 2 * 65536, dump);
    report("from_double", out + 3 * 65536, dump);
    H *d_h, h[6];
    H2 *d_h2, h2[2];
    cudaMalloc(&d_h, sizeof h);
    cudaMalloc(&d_h2, sizeof h2);
    cudaMemset(d_h, 0, sizeof h);
    cudaMemset(d_h2, 0, sizeof h2);
    run_atomics<<<4, 256>>>(d_h, d_h2);
    cudaMemcpy(h, d_h, sizeof h, cudaMemcpyDeviceToHost);
    cudaMemcpy(h2, d_h2, sizeof h2, cudaMemcpyDeviceToHost);
    printf("atomics:");
    for (int i = 0; i < 6; i++)
        printf(" %g", TO_F(h[i]));
    printf(" %g %g %g %g\n", TO_F(LOW(h2[0])), TO_F(HIGH(h2[0])), TO_F(LOW(h2[1])),
           TO_F(HIGH(h2[1])));
    printf("sizes: %d %d\n", (int)sizeof(H), (int)sizeof(H2));
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
