// Host code sees the host's view and device code the device's, as nvcc
// compiles a .cu file twice: a __host__ __device__ function branches on
// __CUDA_ARCH__, and each caller gets its own side's version.
#include <cstdio>
#include <cstddef>

__host__ __device__ int side()
{
#ifdef __CUDA_ARCH__
    return 1;
#else
    return 0;
#endif
}

__host__ __device__ int arch()
{
#ifdef __CUDA_ARCH__
    return __CUDA_ARCH__ >= 700 ? 700 : 1;
#else
    return 0;
#endif
}

// Thrust's pattern: a 64-bit count of leading zeros, with the device's
// intrinsic in device code and the host's builtin in host code.
__host__ __device__ int log2_floor(size_t x)
{
#ifdef __CUDA_ARCH__
    return 63 - __clzll((long long)x);
#else
    return 63 - __builtin_clzll(x);
#endif
}

template <class T> __host__ __device__ T scaled(T x)
{
#ifdef __CUDA_ARCH__
    return x * 100;
#else
    return x * 2;
#endif
}

// A host function: nvcc compiles its body in the host pass only.
static const char *banner()
{
#ifndef __CUDA_ARCH__
    return "host view";
#else
    return "device view";
#endif
}

__global__ void probe(int *out)
{
    out[0] = side();
    out[1] = arch();
    out[2] = log2_floor((size_t)1 << 40);
    out[3] = scaled(3);
    out[4] = (int)scaled(2.5f);
}

int main()
{
    int *out;
    cudaMallocManaged(&out, 8 * sizeof(int));
    probe<<<1, 1>>>(out);
    cudaDeviceSynchronize();
    printf("%s\n", banner());
    printf("host:   side %d arch %d log2 %d scaled %d %g\n", side(), arch(),
           log2_floor((size_t)1 << 40), scaled(3), (double)scaled(2.5f));
    printf("device: side %d arch %d log2 %d scaled %d %d\n", out[0], out[1], out[2], out[3], out[4]);
    cudaFree(out);
    return 0;
}
