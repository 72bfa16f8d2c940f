// fast_math.cu: with -use_fast_math (fast_math.flags) the library
// functions become the fast intrinsics, as nvcc maps them.  Arguments and
// results stay in the normal range (fast math flushes subnormals).
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include "inputs.h"

#define UNARY(X) \
    X(sinf) X(cosf) X(tanf) X(expf) X(exp10f) X(logf) X(log2f) X(log10f) X(pow_y) X(sincos_s) \
    X(sincos_c) X(sqrtf) X(rsqrtf) X(exp2f) X(fdividef_y)

#define ENUM(n) F_##n,
enum { UNARY(ENUM) N_UNARY };
#define NAME(n) #n,
static const char *names[] = {UNARY(NAME)};
__device__ float pow_y(float x) { return powf(fabsf(x), 1.75f); }
__device__ float sincos_s(float x) { float s, c; sincosf(x, &s, &c); return s; }
__device__ float sincos_c(float x) { float s, c; sincosf(x, &s, &c); return c; }
__device__ float fdividef_y(float x) { return fdividef(3.0f, x); }

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
        {"sinf", -4},
        {"cosf", -5},
        {"tanf", -4},
        {"expf", 4},
        {"exp10f", 4},
        {"logf", -3},
        {"log2f", -5},
        {"log10f", -5},
        {"pow_y", 4},
        {"sincos_s", -4},
        {"sincos_c", -5},
        {"sqrtf", 6},
        {"rsqrtf", 5},
        {"exp2f", 5},
        {"fdividef_y", 5},
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

int main()
{
    float all[NF], in[64];
    make_float_inputs(all);
    int n = 0;
    for (int i = 0; i < NF && n < 64; i++) {
        float a = fabsf(all[i]);
        if (a > 1e-6f && a < 30.0f)
            in[n++] = all[i];
    }
    float *d_in, *d_out, out[64];
    cudaMalloc(&d_in, sizeof in);
    cudaMalloc(&d_out, sizeof out);
    cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice);
    for (int f = 0; f < N_UNARY; f++) {
        unary<<<1, n>>>(f, d_in, d_out, n);
        cudaMemcpy(out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
        int p = precision(names[f]);
        printf("%s:", names[f]);
        for (int i = 0; i < n; i++) {
            if (p && !shown(names[f], in[i]))
                printf(" -");
            else if (p)
                put_rounded(out[i], p);
            else
                printf(" %08x", fbits(out[i]));
        }
        printf("\n");
    }
    printf("%d arguments, %s\n", n, cudaGetErrorString(cudaGetLastError()));
    return 0;
}
