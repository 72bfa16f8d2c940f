// Names simtcc maps to its own (the C math functions, printf) keep working
// however the program spells them: std::-qualified, ::-qualified, through
// using-declarations, and as the names of local variables, parameters,
// members and namespace functions of the program's own.
#include <cmath>
#include <cstdio>
#include <vector>

namespace fast {
__host__ __device__ float sqrt(float x) { return x * 0.5f; } // not the square root
__host__ __device__ float half_root(float x) { return sqrt(x); }
} // namespace fast

struct Stats {
    float exp;
    int printf;
    __host__ __device__ float log(float x) const { return x + exp; }
    __host__ __device__ float twice(float x) const;
};
__host__ __device__ float Stats::twice(float x) const { return log(x) * 2.0f; }

struct Derived : Stats {
    __host__ __device__ float thrice(float x) const { return log(x) * 3.0f; }
};

template <class F> __host__ __device__ float apply(F exp, float x) { return exp(x); }

struct Doubler {
    __host__ __device__ float operator()(float x) const { return 2.0f * x; }
};

__global__ void kernel(float *out)
{
    using std::exp;
    std::printf("device std::printf %d\n", (int)threadIdx.x);
    ::printf("device ::printf %d\n", (int)threadIdx.x);
    out[0] = std::exp(1.0f);
    out[1] = exp(2.0f);
    out[2] = ::sqrtf(16.0f);
    out[3] = fast::half_root(10.0f);
    Stats s{1.0f, 7};
    out[4] = s.log(2.0f) + s.exp + s.printf;
    out[5] = s.twice(1.0f);
    Derived d;
    d.exp = 0.5f;
    out[6] = d.thrice(1.0f);
    out[7] = apply(Doubler(), 4.0f);
    auto log = [](float v) { return v - 1.0f; };
    out[8] = log(10.0f) + std::log(1.0f);
    float pow = 3.0f;
    out[9] = std::pow(pow, 2.0f);
}

int main()
{
    int n = 5;
    std::vector<long long> exp(n);
    for (int i = 0; i < n; i++)
        exp[i] = 10 * i;
    std::printf("host std::printf %lld %lld\n", exp[1], exp[n - 1]);
    using std::sqrt;
    printf("host sqrt %g %g %g\n", sqrt(2.0), std::sqrt(9.0), fast::sqrt(9.0f));
    int printf_count = 0;
    auto printf = [&](const char *s) { printf_count++; return std::printf("%s", s); };
    printf("host lambda named printf\n");
    float *out;
    cudaMallocManaged(&out, 10 * sizeof(float));
    kernel<<<1, 1>>>(out);
    cudaDeviceSynchronize();
    for (int i = 0; i < 10; i++)
        std::printf("out[%d] = %.6g\n", i, out[i]);
    std::printf("printf lambda called %d\n", printf_count);
    return 0;
}
