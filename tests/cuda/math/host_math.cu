// host_math.cu: the C names of math functions in a .cu file mean the GPU's
// functions in kernels and the host C library's (through CUDA's host
// overloads) in host code, as nvcc compiles them: the same calls are made
// on both sides over a range of arguments and the bit patterns printed,
// with NaN signs (a host NaN and the GPU's canonical NaN differ).
#include <cmath>
#include <cstdio>
#include <cstring>

#define NF 12
#define NX 64

__host__ __device__ void eval(float x, double dx, float *f, double *d)
{
    f[0] = sinf(x);
    f[1] = cosf(x);
    f[2] = expf(x * 0.25f);
    f[3] = logf(fabsf(x) + 0.5f);
    f[4] = powf(fabsf(x), 1.37f);
    f[5] = sqrtf(x);              // NaN for negative x
    f[6] = tanf(x);
    f[7] = exp(x * 0.1f);         // the float overload
    f[8] = atan2f(x, 3.0f);
    f[9] = tanhf(x * 0.3f);
    f[10] = erff(x * 0.2f);
    f[11] = log1pf(fabsf(x));
    d[0] = sin(dx);
    d[1] = exp(dx * 0.25);
    d[2] = pow(fabs(dx), 1.37);
    d[3] = log(dx);               // NaN for negative x
}

__global__ void device_side(float *f, double *d)
{
    int i = threadIdx.x;
    float x = (float)(i - NX / 2) * 0.731f;
    eval(x, (double)x, f + i * NF, d + i * 4);
}

static unsigned long long mix(unsigned long long h, unsigned long long v)
{
    return (h ^ v) * 1099511628211ull;
}

static void report(const char *side, const float *f, const double *d, int hashes)
{
    unsigned long long hf = 1469598103934665603ull, hd = hf;
    int fnan_neg = 0, fnan_pos = 0, dnan_neg = 0, dnan_pos = 0;
    for (int i = 0; i < NX * NF; i++) {
        unsigned u;
        memcpy(&u, &f[i], 4);
        hf = mix(hf, u);
        if (f[i] != f[i])
            (u >> 31 ? fnan_neg : fnan_pos)++;
    }
    for (int i = 0; i < NX * 4; i++) {
        unsigned long long u;
        memcpy(&u, &d[i], 8);
        hd = mix(hd, u);
        if (d[i] != d[i])
            (u >> 63 ? dnan_neg : dnan_pos)++;
    }
    // The device's functions are compared with the GPU's in the other
    // tests of this folder; here only their NaNs.
    if (hashes)
        printf("%s: float %016llx double %016llx\n", side, hf, hd);
    printf("%s: NaNs float -%d +%d double -%d +%d; sqrtf(-1.462) %f log(-1.462) %f\n", side,
           fnan_neg, fnan_pos, dnan_neg, dnan_pos, f[(NX / 2 - 2) * NF + 5], d[(NX / 2 - 2) * 4 + 3]);
}

int main()
{
    static float hf[NX * NF];
    static double hd[NX * 4];
    for (int i = 0; i < NX; i++) {
        float x = (float)(i - NX / 2) * 0.731f;
        eval(x, (double)x, hf + i * NF, hd + i * 4);
    }
    float *df;
    double *dd;
    cudaMalloc(&df, sizeof hf);
    cudaMalloc(&dd, sizeof hd);
    device_side<<<1, NX>>>(df, dd);
    static float gf[NX * NF];
    static double gd[NX * 4];
    cudaMemcpy(gf, df, sizeof gf, cudaMemcpyDeviceToHost);
    cudaMemcpy(gd, dd, sizeof gd, cudaMemcpyDeviceToHost);
    report("host", hf, hd, 1);
    report("device", gf, gd, 0);
    return 0;
}
