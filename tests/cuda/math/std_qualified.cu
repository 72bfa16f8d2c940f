// Math functions named with std:: and :: in host code and in kernels: host
// code calls the C++ library's, kernels the GPU's.
#include <cmath>
#include <cstdio>
#include <cstring>

static unsigned long long bits(double x)
{
    unsigned long long b;
    memcpy(&b, &x, sizeof b);
    return b;
}

static unsigned bitsf(float x)
{
    unsigned b;
    memcpy(&b, &x, sizeof b);
    return b;
}

__device__ __host__ void compute(double x, float y, double *d, float *f)
{
    d[0] = std::sqrt(x);
    d[1] = std::fma(x, 3.0, 0.1);
    d[2] = std::fmod(x, 0.3);
    d[3] = std::floor(x);
    d[4] = std::ceil(x);
    d[5] = std::trunc(-x);
    d[6] = std::fabs(-x);
    d[7] = std::fmax(x, 2.0);
    d[8] = ::fmin(x, 2.0);
    d[9] = ::copysign(x, -1.0);
    f[0] = std::sqrt(y);
    f[1] = std::log(y);
    f[2] = std::log2(y);
    f[3] = std::log10(y);
    f[4] = std::sin(y);
    f[5] = std::cos(y);
    f[6] = std::log1p(y);
    f[7] = std::fmax(y, 1.0f);
    f[8] = ::logf(y);
    f[9] = ::sinf(y);
}

__global__ void kernel(double x, float y, double *d, float *f)
{
    compute(x, y, d, f);
}

int main()
{
    const double xs[] = {0.7, 2.5, 31.25};
    const float ys[] = {0.3f, 1.7f, 12.5f};
    double *dd;
    float *df;
    cudaMalloc(&dd, 10 * sizeof(double));
    cudaMalloc(&df, 10 * sizeof(float));
    for (int k = 0; k < 3; k++) {
        double hd[10], gd[10];
        float hf[10], gf[10];
        compute(xs[k], ys[k], hd, hf);
        kernel<<<1, 1>>>(xs[k], ys[k], dd, df);
        cudaMemcpy(gd, dd, sizeof gd, cudaMemcpyDeviceToHost);
        cudaMemcpy(gf, df, sizeof gf, cudaMemcpyDeviceToHost);
        for (int i = 0; i < 10; i++)
            printf("x=%g d%d host %016llx device %016llx\n", xs[k], i, bits(hd[i]), bits(gd[i]));
        for (int i = 0; i < 10; i++)
            printf("y=%g f%d host %08x device %08x\n", ys[k], i, bitsf(hf[i]), bitsf(gf[i]));
    }
    printf("%s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
