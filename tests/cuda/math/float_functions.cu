// float_functions.cu: every single-precision function of the CUDA Math API
// over fixed arguments (inputs.h), printed as bit patterns.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <cstdio>
#include <cmath>
#include <cstdlib>
#include <cmath>
#include "inputs.h"

#define UNARY(X) \
    X(acosf) X(acoshf) X(asinf) X(asinhf) X(atanf) X(atanhf) X(cbrtf) X(ceilf) X(cosf) X(coshf) \
    X(cospif) X(cyl_bessel_i0f) X(cyl_bessel_i1f) X(erfcf) X(erfcinvf) X(erfcxf) X(erff) X(erfinvf) \
    X(exp10f) X(exp2f) X(expf) X(expm1f) X(fabsf) X(floorf) X(j0f) X(j1f) X(lgammaf) X(log10f) \
    X(log1pf) X(log2f) X(logbf) X(logf) X(nearbyintf) X(normcdff) X(normcdfinvf) X(rcbrtf) X(rintf) \
    X(roundf) X(rsqrtf) X(sinf) X(sinhf) X(sinpif) X(sqrtf) X(tanf) X(tanhf) X(tgammaf) X(truncf) \
    X(y0f) X(y1f) X(sincosf_s) X(sincosf_c) X(sincospif_s) X(sincospif_c) X(jn3f) X(yn2f) \
    X(sqrt_ovl) X(exp_ovl) X(sin_ovl) X(pow_ovl)
#define BINARY(X) \
    X(atan2f) X(copysignf) X(fdimf) X(fmaxf) X(fminf) X(fmodf) X(hypotf) X(nextafterf) X(powf) \
    X(remainderf) X(rhypotf) X(fdividef) X(remquof_r) X(fmaf_1) X(norm3df) X(rnorm3df) X(norm4df) \
    X(rnorm4df) X(min_ovl) X(max_ovl)

#define ENUM(n) F_##n,
enum { UNARY(ENUM) N_UNARY };
enum { BINARY(ENUM) N_BINARY };
#define NAME(n) #n,
static const char *unary_names[] = {UNARY(NAME)};
static const char *binary_names[] = {BINARY(NAME)};

__device__ float sincosf_s(float x) { float s, c; sincosf(x, &s, &c); return s; }
__device__ float sincosf_c(float x) { float s, c; sincosf(x, &s, &c); return c; }
__device__ float sincospif_s(float x) { float s, c; sincospif(x, &s, &c); return s; }
__device__ float sincospif_c(float x) { float s, c; sincospif(x, &s, &c); return c; }
__device__ float jn3f(float x) { return jnf(3, x); }
__device__ float yn2f(float x) { return ynf(2, x); }
__device__ float sqrt_ovl(float x) { return sqrt(x); }
__device__ float exp_ovl(float x) { return exp(x); }
__device__ float sin_ovl(float x) { return sin(x); }
__device__ float pow_ovl(float x) { return pow(x, 2.5f); }
__device__ float remquof_r(float x, float y) { int q; float r = remquof(x, y, &q); return r + (float)(q & 7) * 0.0f; }
__device__ float fmaf_1(float x, float y) { return fmaf(x, y, 1.0f); }
__device__ float norm3df(float x, float y) { return norm3df(x, y, 0.5f); }
__device__ float rnorm3df(float x, float y) { return rnorm3df(x, y, -2.0f); }
__device__ float norm4df(float x, float y) { return norm4df(x, y, 1.0f, 3.0f); }
__device__ float rnorm4df(float x, float y) { return rnorm4df(x, y, 1.0f, 3.0f); }
__device__ float min_ovl(float x, float y) { return min(x, y); }
__device__ float max_ovl(float x, float y) { return max(x, y); }

__global__ void unary(int f, const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = in[i], r = 0.0f;
    switch (f) {
#define CASE(n) case F_##n: r = n(x); break;
        UNARY(CASE)
#undef CASE
    }
    out[i] = r;
}
__global__ void binary(int f, const float *a, const float *b, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = a[i], y = b[i], r = 0.0f;
    switch (f) {
#define CASE(n) case F_##n: r = n(x, y); break;
        BINARY(CASE)
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
        {"acosf", 5},
        {"acoshf", 5},
        {"asinf", 5},
        {"asinhf", 5},
        {"atanf", 5},
        {"atanhf", 5},
        {"cbrtf", 5},
        {"coshf", 5},
        {"cyl_bessel_i0f", 5},
        {"cyl_bessel_i1f", 5},
        {"erfcf", 4},
        {"erfcinvf", 5},
        {"erfcxf", 4},
        {"erff", 5},
        {"erfinvf", 4},
        {"exp10f", 4},
        {"exp2f", 5},
        {"expf", 4},
        {"expm1f", 5},
        {"j0f", 2},
        {"j1f", 3},
        {"lgammaf", 4},
        {"normcdff", 5},
        {"normcdfinvf", 4},
        {"rcbrtf", 5},
        {"rsqrtf", 4},
        {"sinhf", 5},
        {"tanf", 6},
        {"tanhf", 5},
        {"tgammaf", 5},
        {"y0f", 2},
        {"y1f", 2},
        {"jn3f", 2},
        {"yn2f", 2},
        {"exp_ovl", 4},
        {"pow_ovl", 5},
        {"atan2f", 5},
        {"rhypotf", 5},
        {"norm3df", 5},
        {"rnorm3df", 5},
        {"norm4df", 6},
        {"rnorm4df", 5},
    };
    for (unsigned i = 0; i < sizeof rounded / sizeof rounded[0]; i++)
        if (strcmp(rounded[i].name, name) == 0)
            return rounded[i].digits;
    return 0;
}
static void print(const char *name, const float *r, int n)
{
    int p = precision(name);
    printf("%s:", name);
    for (int i = 0; i < n; i++) {
        if (p)
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
        for (int f = 0; f < N_UNARY; f++) {
            unary<<<ND / 256, 256>>>(f, g_a, g_r, ND);
            cudaMemcpy(dr, g_r, ND * sizeof(T), cudaMemcpyDeviceToHost);
            dump(dir, "float", unary_names[f], dr, ND * sizeof(T));
        }
        for (int f = 0; f < N_BINARY; f++) {
            binary<<<ND / 256, 256>>>(f, g_a, g_b, g_r, ND);
            cudaMemcpy(dr, g_r, ND * sizeof(T), cudaMemcpyDeviceToHost);
            dump(dir, "float", binary_names[f], dr, ND * sizeof(T));
        }
    }
    float in[NF];
    make_float_inputs(in);
    // pairs: 14 x 14 arguments
    const int pick[14] = {0, 1, 5, 7, 8, 10, 12, 16, 17, 18, 31, 44, 70, 90};
    enum { NP = 14 * 14 };
    float pa[NP], pb[NP];
    for (int i = 0; i < 14; i++)
        for (int j = 0; j < 14; j++) {
            pa[i * 14 + j] = in[pick[i]];
            pb[i * 14 + j] = in[pick[j]];
        }
    float *d_in, *d_a, *d_b, *d_out, out[NP];
    cudaMalloc(&d_in, sizeof in);
    cudaMalloc(&d_a, sizeof pa);
    cudaMalloc(&d_b, sizeof pb);
    cudaMalloc(&d_out, sizeof out);
    cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice);
    cudaMemcpy(d_a, pa, sizeof pa, cudaMemcpyHostToDevice);
    cudaMemcpy(d_b, pb, sizeof pb, cudaMemcpyHostToDevice);
    for (int f = 0; f < N_UNARY; f++) {
        unary<<<1, NF>>>(f, d_in, d_out, NF);
        cudaMemcpy(out, d_out, NF * sizeof(float), cudaMemcpyDeviceToHost);
        print(unary_names[f], out, NF);
    }
    for (int f = 0; f < N_BINARY; f++) {
        binary<<<1, NP>>>(f, d_a, d_b, d_out, NP);
        cudaMemcpy(out, d_out, NP * sizeof(float), cudaMemcpyDeviceToHost);
        print(binary_names[f], out, NP);
    }
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
