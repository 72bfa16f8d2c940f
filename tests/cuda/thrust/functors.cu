// Functors in Thrust's element-wise algorithms: on device_vector they run
// as device code (the GPU's sinf and logf), on host_vector as host code.
// (No a * b + c in them: nvcc fuses it in device code, g++ does not.)
#include <thrust/device_vector.h>
#include <thrust/for_each.h>
#include <thrust/generate.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/sequence.h>
#include <thrust/tabulate.h>
#include <thrust/transform.h>
#include <cmath>
#include <cstdio>
#include <cstring>

struct wave {
    __host__ __device__ float operator()(float x) const { return sinf(x) - logf(x + 1.0f); }
};

struct scaled_index {
    __host__ __device__ float operator()(int i) const { return (float)i * 0.375f; }
};

// Writes through a raw pointer it carries, as for_each bodies often do.
struct scatter_square {
    int *out;
    __host__ __device__ void operator()(int i) const { out[i] = i * i - 7; }
};

static unsigned long long checksum_bits(const float *p, size_t n)
{
    unsigned long long s = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) {
        unsigned b;
        memcpy(&b, &p[i], sizeof b);
        s = (s ^ b) * 1099511628211ull;
    }
    return s;
}

int main()
{
    const int n = 5000;
    thrust::device_vector<float> x(n);
    thrust::tabulate(x.begin(), x.end(), scaled_index());
    thrust::device_vector<float> y(n);
    thrust::transform(x.begin(), x.end(), y.begin(), wave());
    thrust::host_vector<float> hy = y;
    thrust::host_vector<float> hx = x;
    thrust::host_vector<float> hh(n);
    thrust::transform(hx.begin(), hx.end(), hh.begin(), wave());
    printf("device transform checksum %llx\n", checksum_bits(hy.data(), n));
    printf("host transform checksum %llx\n", checksum_bits(hh.data(), n));
    for (int i : {1, 77, 4999}) {
        unsigned a, b;
        memcpy(&a, &hy[i], 4);
        memcpy(&b, &hh[i], 4);
        printf("x[%d] %08x device %08x host %08x\n", i, *(unsigned *)&hx[i], a, b);
    }

    int *raw;
    cudaMalloc(&raw, n * sizeof(int));
    thrust::for_each(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(n),
                     scatter_square{raw});
    int h[4];
    cudaMemcpy(h, raw + 1000, sizeof h, cudaMemcpyDeviceToHost);
    printf("for_each through a raw pointer: %d %d %d %d\n", h[0], h[1], h[2], h[3]);
    cudaFree(raw);
    printf("last error %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
