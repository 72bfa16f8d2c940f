// thrust::complex in host and device code, and the C math names used the
// ways C++ code uses them: std-qualified, through "using std::sqrt;" in a
// namespace with its own overloads, as member functions of a class.
#include <thrust/complex.h>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/transform.h>
#include <cmath>
#include <complex>
#include <cstdio>

namespace geom {
struct vec2 {
    float x, y;
};
__host__ __device__ inline vec2 sqrt(vec2 v) { return {std::sqrt(v.x), std::sqrt(v.y)}; }
template <class T> __host__ __device__ T norm(T a, T b)
{
    using std::sqrt;
    return sqrt(a * a + b * b);
}
} // namespace geom

struct accumulator {
    double total = 0;
    __host__ __device__ void log(double v) { total += v; }
    __host__ __device__ double exp() const { return total * 2; }
};

struct cexp_op {
    __host__ __device__ thrust::complex<float> operator()(const thrust::complex<float> &z) const
    {
        return thrust::exp(z) + thrust::sqrt(z) * thrust::log(z + 2.0f);
    }
};

__global__ void kernel(float *out)
{
    thrust::complex<float> z(0.75f, -0.5f);
    thrust::complex<float> w = thrust::pow(z, 2.5f) / thrust::conj(z);
    geom::vec2 v = geom::sqrt(geom::vec2{9.0f, 16.0f});
    accumulator a;
    a.log(1.25);
    a.log(2.0);
    out[0] = w.real();
    out[1] = w.imag();
    out[2] = thrust::abs(z);
    out[3] = thrust::arg(z);
    out[4] = v.x + v.y;
    out[5] = geom::norm(3.0f, 4.0f);
    out[6] = (float)a.exp();
}

int main()
{
    float *d;
    cudaMalloc(&d, 7 * sizeof(float));
    kernel<<<1, 1>>>(d);
    float h[7];
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("device: %.4f %.4f %.4f %.4f %.1f %.1f %.1f\n", h[0], h[1], h[2], h[3], h[4], h[5], h[6]);

    thrust::complex<double> z(0.75, -0.5);
    thrust::complex<double> w = thrust::pow(z, 2.5) / thrust::conj(z);
    std::complex<double> s = std::exp(std::complex<double>(1.0, 2.0));
    accumulator a;
    a.log(4.5);
    printf("host: %.6f %.6f %.6f %.6f %.6f %.1f %.1f\n", w.real(), w.imag(), thrust::abs(z),
           s.real(), s.imag(), geom::norm(6.0, 8.0), a.exp());

    thrust::device_vector<thrust::complex<float>> dz(64);
    for (int i = 0; i < 64; i++)
        dz[i] = thrust::complex<float>(0.03125f * (float)i, 1.0f - 0.0625f * (float)i);
    thrust::transform(dz.begin(), dz.end(), dz.begin(), cexp_op());
    thrust::host_vector<thrust::complex<float>> hz = dz;
    double re = 0, im = 0;
    for (int i = 0; i < 64; i++) {
        re += hz[i].real();
        im += hz[i].imag();
    }
    printf("transform sum %.3f %.3f, [5] %.4f %.4f\n", re, im, hz[5].real(), hz[5].imag());
    printf("%s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
