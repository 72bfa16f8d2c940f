// exact_functions.cu: the exactly defined functions of the CUDA Math API
// that return integers or several results (frexp, modf, ilogb, lrint,
// remquo's quotient, ...) and norm/rnorm over arrays of doubles, printed
// exactly.  (normf/rnormf use the special function unit's rsqrt on the GPU:
// float_functions.cu covers that family to a rounded precision.)
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <cstdio>
#include <cmath>
#include "inputs.h"

enum { NR = 24 };
__global__ void run_float(const float *in, long long *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = in[i], ip;
    int e, q;
    long long *o = out + i * NR;
    float m = frexpf(x, &e);
    o[0] = __float_as_int(m);
    o[1] = e;
    o[2] = __float_as_int(ldexpf(x, 5));
    o[3] = __float_as_int(ldexpf(x, -140));
    o[4] = __float_as_int(scalbnf(x, 100));
    o[5] = __float_as_int(scalblnf(x, -3L));
    o[6] = ilogbf(x);
    o[7] = __float_as_int(modff(x, &ip));
    o[8] = __float_as_int(ip);
    o[9] = (x == x && fabsf(x) < 1e9f) ? lrintf(x) : 0;
    o[10] = (x == x && fabsf(x) < 1e18f) ? llrintf(x) : 0;
    o[11] = (x == x && fabsf(x) < 1e9f) ? lroundf(x) : 0;
    o[12] = (x == x && fabsf(x) < 1e18f) ? llroundf(x) : 0;
    o[13] = __float_as_int(remquof(x, 0.75f, &q));
    o[14] = q;
    o[15] = isnan(x) * 8 + isinf(x) * 4 + isfinite(x) * 2 + (signbit(x) != 0);
    double d = (double)x * 1.25;
    o[16] = __double_as_longlong(frexp(d, &e));
    o[17] = e;
    o[18] = ilogb(d);
    o[19] = __double_as_longlong(modf(d, (double *)&o[20]));
    o[21] = (d == d && fabs(d) < 1e18) ? llround(d) : 0;
    o[22] = __double_as_longlong(remquo(d, 1.5, &q));
    o[23] = q;
}
__global__ void run_norms(const float *in, int n, float *f, double *d)
{
    double dv[8];
    for (int i = 0; i < 8; i++)
        dv[i] = (double)in[40 + i] * 3.0;
    f[0] = normf(8, in + 40);
    f[1] = rnormf(8, in + 40);
    f[2] = normf(3, in + 64);
    f[3] = rnormf(5, in + 70);
    d[0] = norm(8, dv);
    d[1] = rnorm(8, dv);
    d[2] = norm(2, dv + 3);
    d[3] = rnorm(1, dv + 6);
    f[4] = nanf("");
    d[4] = nan("");
}

int main()
{
    float in[NF];
    make_float_inputs(in);
    float *d_in, *d_f, f[5];
    long long *d_out, *out = new long long[NF * NR];
    double *d_d, d[5];
    cudaMalloc(&d_in, sizeof in);
    cudaMalloc(&d_out, NF * NR * sizeof(long long));
    cudaMalloc(&d_f, sizeof f);
    cudaMalloc(&d_d, sizeof d);
    cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice);
    run_float<<<1, NF>>>(d_in, d_out, NF);
    run_norms<<<1, 1>>>(d_in, NF, d_f, d_d);
    cudaMemcpy(out, d_out, NF * NR * sizeof(long long), cudaMemcpyDeviceToHost);
    cudaMemcpy(f, d_f, sizeof f, cudaMemcpyDeviceToHost);
    cudaMemcpy(d, d_d, sizeof d, cudaMemcpyDeviceToHost);
    for (int k = 0; k < NR; k++) {
        printf("%d:", k);
        for (int i = 0; i < NF; i++)
            printf(" %llx", (unsigned long long)out[i * NR + k]);
        printf("\n");
    }
    printf("norms: %016llx %016llx %016llx %016llx %016llx\n", dbits(d[0]), dbits(d[1]), dbits(d[2]), dbits(d[3]), dbits(d[4]));
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
