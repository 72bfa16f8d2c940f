// intrinsics.cu: the CUDA Math API's intrinsics over fixed arguments
// (inputs.h): the fast single-precision functions, arithmetic with a
// rounding mode, and conversions, printed as bit patterns.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include "inputs.h"

#define F1(X) \
    X(__expf) X(__exp10f) X(__logf) X(__log2f) X(__log10f) X(__sinf) X(__cosf) X(__tanf) \
    X(__saturatef) X(__frsqrt_rn) X(__frcp_rn) X(__frcp_rz) X(__frcp_ru) X(__frcp_rd) \
    X(__fsqrt_rn) X(__fsqrt_rz) X(__fsqrt_ru) X(__fsqrt_rd) X(sincos_fast_s) X(sincos_fast_c) \
    X(d2f_rn) X(d2f_rz) X(d2f_ru) X(d2f_rd) X(__drcp_rz_f) X(__dsqrt_ru_f)
#define F2(X) \
    X(__fadd_rn) X(__fadd_rz) X(__fadd_ru) X(__fadd_rd) X(__fsub_rn) X(__fsub_rz) X(__fsub_ru) \
    X(__fsub_rd) X(__fmul_rn) X(__fmul_rz) X(__fmul_ru) X(__fmul_rd) X(__fdiv_rn) X(__fdiv_rz) \
    X(__fdiv_ru) X(__fdiv_rd) X(__fdividef) X(__powf) X(fma_rn) X(fma_rz) X(fma_ru) X(fma_rd) \
    X(dadd_rz) X(dadd_ru) X(dmul_rd) X(dmul_ru) X(ddiv_rz) X(ddiv_rd) X(dfma_rz) X(dfma_ru) \
    X(dsub_rd) X(dsub_rn)
#define I1(X) \
    X(__float2int_rn) X(__float2int_rz) X(__float2int_ru) X(__float2int_rd) X(__float2uint_rn) \
    X(__float2uint_rz) X(__float2uint_ru) X(__float2uint_rd) X(__float_as_int) X(__float_as_uint) \
    X(ll_rn_hi) X(ll_rn_lo) X(ll_rz_lo) X(ll_ru_lo) X(ll_rd_lo) X(ull_rn_hi) X(ull_rn_lo) X(ull_rz_lo) \
    X(d2i_rn) X(d2i_rz) X(d2i_ru) X(d2i_rd) X(d2u_rn) X(d2ll_rz_hi) X(d2ull_ru_hi) X(i2f_rn) \
    X(i2f_rz) X(i2f_ru) X(i2f_rd) X(u2f_rz) X(u2f_ru) X(ll2f_rn) X(ll2f_rz) X(ll2f_ru) X(ll2f_rd) \
    X(ull2f_rn) X(ull2f_rz) X(ull2f_ru) X(ull2f_rd) X(ll2d_rz_hi) X(ll2d_ru_lo) X(ull2d_rd_lo) \
    X(hiint) X(loint) X(hilo) X(i2d_lo) X(u2d_lo)

#define ENUM(n) E_##n,
enum { F1(ENUM) N_F1 };
enum { F2(ENUM) N_F2 };
enum { I1(ENUM) N_I1 };
#define NAME(n) #n,
static const char *f1_names[] = {F1(NAME)};
static const char *f2_names[] = {F2(NAME)};
static const char *i1_names[] = {I1(NAME)};

__device__ float sincos_fast_s(float x) { float s, c; __sincosf(x, &s, &c); return s; }
__device__ float sincos_fast_c(float x) { float s, c; __sincosf(x, &s, &c); return c; }
__device__ float d2f_rn(float x) { return __double2float_rn((double)x * 1.0000001); }
__device__ float d2f_rz(float x) { return __double2float_rz((double)x * 1.0000001); }
__device__ float d2f_ru(float x) { return __double2float_ru((double)x * 1.0000001); }
__device__ float d2f_rd(float x) { return __double2float_rd((double)x * -1.0000001); }
__device__ float __drcp_rz_f(float x) { return (float)(__drcp_rz((double)x) * 1e-3); }
__device__ float __dsqrt_ru_f(float x) { return __double2float_rz(__dsqrt_ru((double)x)); }
__device__ float fma_rn(float a, float b) { return __fmaf_rn(a, b, 1.5f); }
__device__ float fma_rz(float a, float b) { return __fmaf_rz(a, b, -1.5f); }
__device__ float fma_ru(float a, float b) { return __fmaf_ru(a, b, 1e-30f); }
__device__ float fma_rd(float a, float b) { return __fmaf_rd(a, b, -3.0f); }
__device__ float dadd_rz(float a, float b) { return (float)(__dadd_rz((double)a, (double)b * 1e-9) - (double)a); }
__device__ float dadd_ru(float a, float b) { return (float)(__dadd_ru((double)a, (double)b * 1e-9) - (double)a); }
__device__ float dmul_rd(float a, float b) { return __double2float_rz(__dmul_rd((double)a * 1.1, (double)b)); }
__device__ float dmul_ru(float a, float b) { return __double2float_rz(__dmul_ru((double)a * 1.1, (double)b)); }
__device__ float ddiv_rz(float a, float b) { return __double2float_rz(__ddiv_rz((double)a, (double)b * 3.0)); }
__device__ float ddiv_rd(float a, float b) { return __double2float_rz(__ddiv_rd((double)a, (double)b * 3.0)); }
__device__ float dfma_rz(float a, float b) { return __double2float_rz(__fma_rz((double)a, (double)b, 0.1)); }
__device__ float dfma_ru(float a, float b) { return __double2float_rz(__fma_ru((double)a, (double)b, 0.1)); }
__device__ float dsub_rd(float a, float b) { return (float)(__dsub_rd((double)a, (double)b * 1e-9) - (double)a); }
__device__ float dsub_rn(float a, float b) { return (float)(__dsub_rn((double)a, (double)b * 1e-9) - (double)a); }

__device__ unsigned int ll_rn_hi(float x) { return (unsigned int)(__float2ll_rn(x) >> 32); }
__device__ unsigned int ll_rn_lo(float x) { return (unsigned int)__float2ll_rn(x); }
__device__ unsigned int ll_rz_lo(float x) { return (unsigned int)__float2ll_rz(x); }
__device__ unsigned int ll_ru_lo(float x) { return (unsigned int)__float2ll_ru(x); }
__device__ unsigned int ll_rd_lo(float x) { return (unsigned int)__float2ll_rd(x); }
__device__ unsigned int ull_rn_hi(float x) { return (unsigned int)(__float2ull_rn(x) >> 32); }
__device__ unsigned int ull_rn_lo(float x) { return (unsigned int)__float2ull_rn(x); }
__device__ unsigned int ull_rz_lo(float x) { return (unsigned int)__float2ull_rz(x); }
__device__ unsigned int d2i_rn(float x) { return __double2int_rn((double)x * 1.5); }
__device__ unsigned int d2i_rz(float x) { return __double2int_rz((double)x * 1.5); }
__device__ unsigned int d2i_ru(float x) { return __double2int_ru((double)x * 1.5); }
__device__ unsigned int d2i_rd(float x) { return __double2int_rd((double)x * 1.5); }
__device__ unsigned int d2u_rn(float x) { return __double2uint_rn((double)x * 1.5); }
__device__ unsigned int d2ll_rz_hi(float x) { return (unsigned int)(__double2ll_rz((double)x * 1e10) >> 32); }
__device__ unsigned int d2ull_ru_hi(float x) { return (unsigned int)(__double2ull_ru((double)x * 1e10) >> 32); }
__device__ unsigned int i2f_rn(float x) { return __float_as_uint(__int2float_rn(__float_as_int(x))); }
__device__ unsigned int i2f_rz(float x) { return __float_as_uint(__int2float_rz(__float_as_int(x))); }
__device__ unsigned int i2f_ru(float x) { return __float_as_uint(__int2float_ru(__float_as_int(x))); }
__device__ unsigned int i2f_rd(float x) { return __float_as_uint(__int2float_rd(__float_as_int(x))); }
__device__ unsigned int u2f_rz(float x) { return __float_as_uint(__uint2float_rz(__float_as_uint(x))); }
__device__ unsigned int u2f_ru(float x) { return __float_as_uint(__uint2float_ru(__float_as_uint(x))); }
__device__ long long wide(float x) { return (long long)(((unsigned long long)__float_as_uint(x) << 31) ^ 0x5bd1e9955bd1e995ull); }
__device__ unsigned int ll2f_rn(float x) { return __float_as_uint(__ll2float_rn(wide(x))); }
__device__ unsigned int ll2f_rz(float x) { return __float_as_uint(__ll2float_rz(wide(x))); }
__device__ unsigned int ll2f_ru(float x) { return __float_as_uint(__ll2float_ru(wide(x))); }
__device__ unsigned int ll2f_rd(float x) { return __float_as_uint(__ll2float_rd(wide(x))); }
__device__ unsigned int ull2f_rn(float x) { return __float_as_uint(__ull2float_rn((unsigned long long)wide(x))); }
__device__ unsigned int ull2f_rz(float x) { return __float_as_uint(__ull2float_rz((unsigned long long)wide(x))); }
__device__ unsigned int ull2f_ru(float x) { return __float_as_uint(__ull2float_ru((unsigned long long)wide(x))); }
__device__ unsigned int ull2f_rd(float x) { return __float_as_uint(__ull2float_rd((unsigned long long)wide(x))); }
__device__ unsigned int ll2d_rz_hi(float x) { return (unsigned int)(__double_as_longlong(__ll2double_rz(wide(x))) >> 32); }
__device__ unsigned int ll2d_ru_lo(float x) { return (unsigned int)__double_as_longlong(__ll2double_ru(wide(x))); }
__device__ unsigned int ull2d_rd_lo(float x) { return (unsigned int)__double_as_longlong(__ull2double_rd((unsigned long long)wide(x))); }
__device__ unsigned int hiint(float x) { return __double2hiint((double)x / 3.0); }
__device__ unsigned int loint(float x) { return __double2loint((double)x / 3.0); }
__device__ unsigned int hilo(float x) { return __double2hiint(__hiloint2double(__float_as_int(x), 0x12345678) * 2.0); }
__device__ unsigned int i2d_lo(float x) { return __double2hiint(__int2double_rn(__float_as_int(x))); }
__device__ unsigned int u2d_lo(float x) { return __double2hiint(__uint2double_rn(__float_as_uint(x))); }

__global__ void run_f1(int f, const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = in[i], r = 0.0f;
    switch (f) {
#define CASE(n) case E_##n: r = n(x); break;
        F1(CASE)
#undef CASE
    }
    out[i] = r;
}
__global__ void run_f2(int f, const float *a, const float *b, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = a[i], y = b[i], r = 0.0f;
    switch (f) {
#define CASE(n) case E_##n: r = n(x, y); break;
        F2(CASE)
#undef CASE
    }
    out[i] = r;
}
__global__ void run_i1(int f, const float *in, unsigned int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = in[i];
    unsigned int r = 0;
    switch (f) {
#define CASE(n) case E_##n: r = (unsigned int)n(x); break;
        I1(CASE)
#undef CASE
    }
    out[i] = r;
}

typedef float T;

// With MATH_DUMP=dir set, the functions also run over a dense random set
// of arguments and dir/NAME.bin receives the raw results (used to study
// differences, not by the test).
static void make_dense(T *v, int n)
{
    unsigned long long s = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < n; i++) {
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        double u = (double)(s >> 11) / 9007199254740992.0;
        switch (i % 4) {
        case 0: { unsigned long long b = s; T t; if (sizeof(T) == 4) { unsigned int w = (unsigned int)(b >> 32); memcpy(&t, &w, 4); } else memcpy(&t, &b, 8); v[i] = t; break; }
        case 1: v[i] = (T)(u * 20.0 - 10.0); break;
        case 2: v[i] = (T)(u * 2.0 - 1.0); break;
        default: v[i] = (T)(ldexp(1.0 + u, (int)(s % 41) - 20) * ((s >> 40) & 1 ? -1 : 1)); break;
        }
    }
}
static void dump(const char *dir, const char *prog, const char *name, const void *v, size_t bytes)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s_%s.bin", dir, prog, name);
    FILE *f = fopen(path, "wb");
    if (f) {
        fwrite(v, 1, bytes, f);
        fclose(f);
    }
}

static const double scale[] = {1, 10, 100, 1000, 10000, 100000, 1000000};
// Prints v: as a bit pattern (digits 0), as %.*e (digits > 0), or as v
// scaled by 10^-digits and rounded to an integer (digits < 0: absolute
// precision, for the functions whose error is absolute); a NaN's sign and
// payload are not compared in the rounded forms.
static void put_rounded(double v, int digits)
{
    if (v != v)
        printf(" nan");
    else if (digits > 0)
        printf(" %.*e", digits, v);
    else if (v - v != 0 || v >= 1e6 || v <= -1e6)
        printf(" %.3e", v);
    else
        printf(" %lld", (long long)llrint(v * scale[-digits]));
}
// Digits printed per function: 0 prints the bit pattern.
static int precision(const char *name)
{
    // These functions are not bit-exact in simt (docs/COMPATIBILITY.md,
    // "Math"): their results are compared to the digits given here.
    static const struct { const char *name; int digits; } rounded[] = {
        {"__expf", 5},
        {"__exp10f", 4},
        {"__logf", -4},
        {"__log2f", -4},
        {"__log10f", -5},
        {"__sinf", -5},
        {"__cosf", -5},
        {"__tanf", -4},
        {"sincos_fast_s", -5},
        {"sincos_fast_c", -5},
        {"__drcp_rz_f", 8},
        {"__dsqrt_ru_f", 8},
        {"__powf", 4},
    };
    for (unsigned i = 0; i < sizeof rounded / sizeof rounded[0]; i++)
        if (strcmp(rounded[i].name, name) == 0)
            return rounded[i].digits;
    return 0;
}
// __tanf's absolute error grows without bound near its poles: compared
// away from them only.
static bool shown(const char *name, float arg)
{
    return (strcmp(name, "__tanf") != 0 && strcmp(name, "tanf") != 0) || (arg > -1.2f && arg < 1.2f);
}
static void print(const char *name, const float *r, int n, const float *args = 0)
{
    int p = precision(name);
    printf("%s:", name);
    for (int i = 0; i < n; i++) {
        if (p && args && !shown(name, args[i]))
            printf(" -");
        else if (p)
            put_rounded(r[i], p);
        else
            printf(" %08x", fbits(r[i]));
    }
    printf("\n");
}

int main()
{
    if (const char *dir = getenv("MATH_DUMP")) {
        enum { ND = 65536 };
        T *dv = (T *)malloc(ND * sizeof(T)), *dw = (T *)malloc(ND * sizeof(T)), *dr = (T *)malloc(ND * sizeof(T));
        make_dense(dv, ND);
        for (int i = 0; i < ND; i++)
            dw[i] = dv[(i * 7919 + 13) % ND];
        T *g_a, *g_b, *g_r;
        cudaMalloc(&g_a, ND * sizeof(T));
        cudaMalloc(&g_b, ND * sizeof(T));
        cudaMalloc(&g_r, ND * sizeof(T));
        cudaMemcpy(g_a, dv, ND * sizeof(T), cudaMemcpyHostToDevice);
        cudaMemcpy(g_b, dw, ND * sizeof(T), cudaMemcpyHostToDevice);
        for (int f = 0; f < N_F1; f++) {
            run_f1<<<ND / 256, 256>>>(f, g_a, g_r, ND);
            cudaMemcpy(dr, g_r, ND * sizeof(T), cudaMemcpyDeviceToHost);
            dump(dir, "intr", f1_names[f], dr, ND * sizeof(T));
        }
        for (int f = 0; f < N_F2; f++) {
            run_f2<<<ND / 256, 256>>>(f, g_a, g_b, g_r, ND);
            cudaMemcpy(dr, g_r, ND * sizeof(T), cudaMemcpyDeviceToHost);
            dump(dir, "intr", f2_names[f], dr, ND * sizeof(T));
        }
        for (int f = 0; f < N_I1; f++) {
            run_i1<<<ND / 256, 256>>>(f, g_a, (unsigned int *)g_r, ND);
            cudaMemcpy(dr, g_r, ND * sizeof(T), cudaMemcpyDeviceToHost);
            dump(dir, "intr", i1_names[f], dr, ND * sizeof(T));
        }
    }
    float in[NF];
    make_float_inputs(in);
    const int pick[14] = {0, 1, 4, 7, 8, 11, 14, 16, 17, 22, 31, 45, 70, 95};
    enum { NP = 14 * 14 };
    float pa[NP], pb[NP];
    for (int i = 0; i < 14; i++)
        for (int j = 0; j < 14; j++) {
            pa[i * 14 + j] = in[pick[i]];
            pb[i * 14 + j] = in[pick[j]];
        }
    float *d_in, *d_a, *d_b, *d_out, out[NP];
    unsigned int *d_iout, iout[NF];
    cudaMalloc(&d_in, sizeof in);
    cudaMalloc(&d_a, sizeof pa);
    cudaMalloc(&d_b, sizeof pb);
    cudaMalloc(&d_out, sizeof out);
    cudaMalloc(&d_iout, sizeof iout);
    cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice);
    cudaMemcpy(d_a, pa, sizeof pa, cudaMemcpyHostToDevice);
    cudaMemcpy(d_b, pb, sizeof pb, cudaMemcpyHostToDevice);
    for (int f = 0; f < N_F1; f++) {
        run_f1<<<1, NF>>>(f, d_in, d_out, NF);
        cudaMemcpy(out, d_out, NF * sizeof(float), cudaMemcpyDeviceToHost);
        print(f1_names[f], out, NF, in);
    }
    for (int f = 0; f < N_F2; f++) {
        run_f2<<<1, NP>>>(f, d_a, d_b, d_out, NP);
        cudaMemcpy(out, d_out, NP * sizeof(float), cudaMemcpyDeviceToHost);
        print(f2_names[f], out, NP);
    }
    for (int f = 0; f < N_I1; f++) {
        run_i1<<<1, NF>>>(f, d_in, d_iout, NF);
        cudaMemcpy(iout, d_iout, sizeof iout, cudaMemcpyDeviceToHost);
        printf("%s:", i1_names[f]);
        for (int i = 0; i < NF; i++)
            printf(" %08x", iout[i]);
        printf("\n");
    }
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
