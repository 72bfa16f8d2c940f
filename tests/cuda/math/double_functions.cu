// double_functions.cu: every double-precision function of the CUDA Math API
// over fixed arguments (inputs.h), printed as bit patterns.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <cstdio>
#include <cmath>
#include <cstdlib>
#include <cmath>
#include "inputs.h"

#define UNARY(X) \
    X(acos) X(acosh) X(asin) X(asinh) X(atan) X(atanh) X(cbrt) X(ceil) X(cos) X(cosh) \
    X(cospi) X(cyl_bessel_i0) X(cyl_bessel_i1) X(erfc) X(erfcinv) X(erfcx) X(erf) X(erfinv) \
    X(exp10) X(exp2) X(exp) X(expm1) X(fabs) X(floor) X(j0) X(j1) X(lgamma) X(log10) \
    X(log1p) X(log2) X(logb) X(log) X(nearbyint) X(normcdf) X(normcdfinv) X(rcbrt) X(rint) \
    X(round) X(rsqrt) X(sin) X(sinh) X(sinpi) X(sqrt) X(tan) X(tanh) X(tgamma) X(trunc) \
    X(y0) X(y1) X(sincos_s) X(sincos_c) X(sincospi_s) X(sincospi_c) X(jn3) X(yn2)
#define BINARY(X) \
    X(atan2) X(copysign) X(fdim) X(fmax) X(fmin) X(fmod) X(hypot) X(nextafter) X(pow) \
    X(remainder) X(rhypot) X(fdivide) X(remquo_r) X(fma_1) X(norm3d) X(rnorm3d) X(norm4d) \
    X(rnorm4d) X(min_ovl) X(max_ovl)

#define ENUM(n) F_##n,
enum { UNARY(ENUM) N_UNARY };
enum { BINARY(ENUM) N_BINARY };
#define NAME(n) #n,
static const char *unary_names[] = {UNARY(NAME)};
static const char *binary_names[] = {BINARY(NAME)};

__device__ double sincos_s(double x) { double s, c; sincos(x, &s, &c); return s; }
__device__ double sincos_c(double x) { double s, c; sincos(x, &s, &c); return c; }
__device__ double sincospi_s(double x) { double s, c; sincospi(x, &s, &c); return s; }
__device__ double sincospi_c(double x) { double s, c; sincospi(x, &s, &c); return c; }
__device__ double jn3(double x) { return jn(3, x); }
__device__ double yn2(double x) { return yn(2, x); }
__device__ double remquo_r(double x, double y) { int q; double r = remquo(x, y, &q); return r + (double)(q & 7) * 0.0; }
__device__ double fma_1(double x, double y) { return fma(x, y, 1.0); }
__device__ double norm3d(double x, double y) { return norm3d(x, y, 0.5); }
__device__ double rnorm3d(double x, double y) { return rnorm3d(x, y, -2.0); }
__device__ double norm4d(double x, double y) { return norm4d(x, y, 1.0, 3.0); }
__device__ double rnorm4d(double x, double y) { return rnorm4d(x, y, 1.0, 3.0); }
__device__ double min_ovl(double x, double y) { return min(x, y); }
__device__ double max_ovl(double x, double y) { return max(x, y); }

__global__ void unary(int f, const double *in, double *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    double x = in[i], r = 0.0;
    switch (f) {
#define CASE(n) case F_##n: r = n(x); break;
        UNARY(CASE)
#undef CASE
    }
    out[i] = r;
}
__global__ void binary(int f, const double *a, const double *b, double *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    double x = a[i], y = b[i], r = 0.0;
    switch (f) {
#define CASE(n) case F_##n: r = n(x, y); break;
        BINARY(CASE)
#undef CASE
    }
    out[i] = r;
}

typedef double T;

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
        {"acos", 8},
        {"acosh", 8},
        {"asin", 8},
        {"asinh", 8},
        {"atan", 8},
        {"atanh", 8},
        {"cbrt", 8},
        {"cos", 8},
        {"cosh", 8},
        {"cospi", 8},
        {"cyl_bessel_i0", 8},
        {"cyl_bessel_i1", 8},
        {"erfc", 8},
        {"erfcinv", 8},
        {"erfcx", 8},
        {"erf", 8},
        {"erfinv", 8},
        {"exp10", 8},
        {"exp2", 8},
        {"exp", 8},
        {"expm1", 8},
        {"j0", 7},
        {"j1", 6},
        {"lgamma", 8},
        {"log10", 8},
        {"log1p", 8},
        {"log2", 8},
        {"normcdf", 8},
        {"normcdfinv", 8},
        {"sin", 8},
        {"sinh", 8},
        {"sinpi", 8},
        {"tan", 8},
        {"tanh", 8},
        {"tgamma", 8},
        {"y0", 7},
        {"y1", 6},
        {"sincos_s", 8},
        {"sincos_c", 8},
        {"sincospi_s", 8},
        {"sincospi_c", 8},
        {"jn3", 6},
        {"yn2", 7},
        {"atan2", 8},
        {"hypot", 8},
        {"pow", 8},
        {"norm3d", 8},
        {"rnorm3d", 8},
        {"norm4d", 8},
        {"rnorm4d", 8},
    };
    for (unsigned i = 0; i < sizeof rounded / sizeof rounded[0]; i++)
        if (strcmp(rounded[i].name, name) == 0)
            return rounded[i].digits;
    return 0;
}
static void print(const char *name, const double *r, int n)
{
    int p = precision(name);
    printf("%s:", name);
    for (int i = 0; i < n; i++) {
        if (p)
            put_rounded(r[i], p);
        else
            printf(" %016llx", dbits(r[i]));
    }
    printf("\n");
}

int main()
{
    if (const char *dir = getenv("MATH_DUMP")) {
        enum { ND = 16384 };
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
        for (int f = 0; f < N_UNARY; f++) {
            unary<<<ND / 256, 256>>>(f, g_a, g_r, ND);
            cudaMemcpy(dr, g_r, ND * sizeof(T), cudaMemcpyDeviceToHost);
            dump(dir, "double", unary_names[f], dr, ND * sizeof(T));
        }
        for (int f = 0; f < N_BINARY; f++) {
            binary<<<ND / 256, 256>>>(f, g_a, g_b, g_r, ND);
            cudaMemcpy(dr, g_r, ND * sizeof(T), cudaMemcpyDeviceToHost);
            dump(dir, "double", binary_names[f], dr, ND * sizeof(T));
        }
    }
    double in[NF];
    make_double_inputs(in);
    // pairs: 14 x 14 arguments
    const int pick[14] = {0, 1, 5, 7, 8, 10, 12, 16, 17, 18, 31, 44, 70, 90};
    enum { NP = 14 * 14 };
    double pa[NP], pb[NP];
    for (int i = 0; i < 14; i++)
        for (int j = 0; j < 14; j++) {
            pa[i * 14 + j] = in[pick[i]];
            pb[i * 14 + j] = in[pick[j]];
        }
    double *d_in, *d_a, *d_b, *d_out, out[NP];
    cudaMalloc(&d_in, sizeof in);
    cudaMalloc(&d_a, sizeof pa);
    cudaMalloc(&d_b, sizeof pb);
    cudaMalloc(&d_out, sizeof out);
    cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice);
    cudaMemcpy(d_a, pa, sizeof pa, cudaMemcpyHostToDevice);
    cudaMemcpy(d_b, pb, sizeof pb, cudaMemcpyHostToDevice);
    for (int f = 0; f < N_UNARY; f++) {
        unary<<<1, NF>>>(f, d_in, d_out, NF);
        cudaMemcpy(out, d_out, NF * sizeof(double), cudaMemcpyDeviceToHost);
        print(unary_names[f], out, NF);
    }
    for (int f = 0; f < N_BINARY; f++) {
        binary<<<1, NP>>>(f, d_a, d_b, d_out, NP);
        cudaMemcpy(out, d_out, NP * sizeof(double), cudaMemcpyDeviceToHost);
        print(binary_names[f], out, NP);
    }
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
