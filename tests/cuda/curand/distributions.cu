// distributions.cu: the device API's uniform, normal and log-normal
// distributions for XORWOW, Philox4x32-10 and MRG32k3a: the single, pair
// and quadruple forms, float and double, and what curand_normal and
// curand_log_normal keep in the state between calls.
// Uniform values print as bit patterns; values that pass through the GPU's
// special function unit (sin, cos, exp) print rounded (docs/COMPATIBILITY.md).
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <curand_kernel.h>
#include "common.h"

const int T = 256, K = 512;

template <class S> __global__ void uniforms(float *f, double *d)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    S s;
    curand_init(1234, t, 0, &s);
    for (int i = 0; i < K; i++)
        f[t * K + i] = curand_uniform(&s);
    for (int i = 0; i < K / 4; i++)
        d[t * K / 4 + i] = curand_uniform_double(&s);
}

template <class S> __global__ void normals(float *f, double *d)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    S s;
    curand_init(1234, t, 7, &s);
    for (int i = 0; i < K; i++)
        f[t * K + i] = curand_normal(&s);
    for (int i = 0; i < K / 4; i++)
        d[t * K / 4 + i] = curand_normal_double(&s);
}

// Every call that touches the kept values, in an order that mixes them.
template <class S> __global__ void sequence(double *o)
{
    int t = threadIdx.x;
    S s;
    curand_init(99, t, 0, &s);
    double *q = o + 20 * t;
    q[0] = curand_normal(&s);
    q[1] = curand_normal_double(&s);
    q[2] = curand_normal(&s);
    q[3] = curand_log_normal(&s, 0.25f, 0.5f);
    q[4] = curand_normal(&s);
    q[5] = curand_normal(&s);
    q[6] = curand_log_normal(&s, 0.25f, 0.5f);
    q[7] = curand_log_normal(&s, 1.0f, 2.0f);
    q[8] = curand_uniform(&s);
    q[9] = curand_normal_double(&s);
    q[10] = curand_log_normal_double(&s, 0.5, 0.75);
    q[11] = curand_normal_double(&s);
    q[12] = curand_log_normal_double(&s, 0.5, 0.75);
    q[13] = curand_uniform_double(&s);
    float2 a = curand_normal2(&s);
    q[14] = a.x;
    q[15] = a.y;
    double2 b = curand_normal2_double(&s);
    q[16] = b.x;
    q[17] = b.y;
    float2 c = curand_log_normal2(&s, -1.0f, 0.25f);
    q[18] = c.x;
    double2 e = curand_log_normal2_double(&s, -1.0, 0.25);
    q[19] = e.y;
}

__global__ void philox4(float4 *f, double2 *d, float4 *n, float4 *l)
{
    int t = threadIdx.x;
    curandStatePhilox4_32_10_t s;
    curand_init(77, t, t, &s);
    for (int i = 0; i < 4; i++) {
        f[4 * t + i] = curand_uniform4(&s);
        d[4 * t + i] = curand_uniform2_double(&s);
        n[4 * t + i] = curand_normal4(&s);
        l[4 * t + i] = curand_log_normal4(&s, 0.5f, 0.5f);
    }
}

static void stats(const char *what, const float *f, size_t n)
{
    double s = 0, s2 = 0;
    float lo = f[0], hi = f[0];
    for (size_t i = 0; i < n; i++) {
        s += f[i];
        s2 += (double)f[i] * f[i];
        lo = f[i] < lo ? f[i] : lo;
        hi = f[i] > hi ? f[i] : hi;
    }
    printf("  %s: mean %.4f var %.4f min %.2f max %.2f\n", what, s / n, s2 / n - (s / n) * (s / n), lo, hi);
}

template <class S> static void run(const char *name)
{
    printf("%s\n", name);
    Buf<float> f(T * K);
    Buf<double> d(T * K / 4);
    uniforms<S><<<T / 64, 64>>>(f.d, d.d);
    float *fh = f.get();
    double *dh = d.get();
    printf("  uniform: checksum %016llx first", fnv(fh, f.n * 4));
    for (int i = 0; i < 6; i++)
        printf(" %08x", fbits(fh[i]));
    printf("\n  uniform double: checksum %016llx first", fnv(dh, d.n * 8));
    for (int i = 0; i < 3; i++)
        printf(" %016llx", dbits(dh[i]));
    printf("\n");
    normals<S><<<T / 64, 64>>>(f.d, d.d);
    fh = f.get();
    dh = d.get();
    printf("  normal:");
    for (int i = 0; i < 8; i++)
        printf(" %.3f", fh[i * 33]);
    printf("\n");
    stats("normal", fh, f.n);
    printf("  normal double:");
    for (int i = 0; i < 4; i++)
        printf(" %.9f", dh[i * 17]);
    printf("\n");
    double s = 0;
    for (size_t i = 0; i < d.n; i++)
        s += dh[i];
    printf("  normal double mean %.6f\n", s / d.n);
    Buf<double> q(20 * 4);
    sequence<S><<<1, 4>>>(q.d);
    double *qh = q.get();
    for (int t = 0; t < 4; t++) {
        const double *v = qh + 20 * t;
        printf("  sequence %d: %.3f %.9f %.3f %.3g %.3f %.3f %.3g %.3g %08x %.9f %.9g %.9f %.9g %016llx\n", t, v[0],
               v[1], v[2], v[3], v[4], v[5], v[6], v[7], fbits((float)v[8]), v[9], v[10], v[11], v[12], dbits(v[13]));
        printf("    pairs: %.3f %.3f %.9f %.9f %.3g %.9g\n", v[14], v[15], v[16], v[17], v[18], v[19]);
    }
}

int main()
{
    run<curandStateXORWOW_t>("XORWOW");
    run<curandStatePhilox4_32_10_t>("Philox4_32_10");
    run<curandStateMRG32k3a_t>("MRG32k3a");

    const int P = 8;
    Buf<float4> f(4 * P), n(4 * P), l(4 * P);
    Buf<double2> d(4 * P);
    philox4<<<1, P>>>(f.d, d.d, n.d, l.d);
    float4 *fh = f.get(), *nh = n.get(), *lh = l.get();
    double2 *dh = d.get();
    for (int i = 0; i < 4 * P; i++)
        printf("philox4 %2d: u %08x %08x %08x %08x | d %016llx %016llx | n %.3f %.3f %.3f %.3f | ln %.3g %.3g %.3g %.3g\n",
               i, fbits(fh[i].x), fbits(fh[i].y), fbits(fh[i].z), fbits(fh[i].w), dbits(dh[i].x), dbits(dh[i].y),
               nh[i].x, nh[i].y, nh[i].z, nh[i].w, lh[i].x, lh[i].y, lh[i].z, lh[i].w);
    return 0;
}
