// Variables are one object in both views: __device__, static __device__,
// __constant__ and __managed__ variables written on one side are read on
// the other.  A template used on one side only, a static kernel and one in
// an anonymous namespace, launched by <<<>>> and by cudaLaunchKernel; a
// kernel's launch bounds are the device pass's.
#include <cstdio>

#ifdef __CUDA_ARCH__
#define BOUND 256
#else
#define BOUND 64
#endif
__global__ void __launch_bounds__(BOUND) bounded(int *out) { out[threadIdx.x] = (int)threadIdx.x; }

__device__ int counter;
static __device__ int hidden;
__constant__ int factor;
__managed__ int shared_total;
namespace {
__device__ int anon_value;
}

__host__ __device__ int side()
{
#ifdef __CUDA_ARCH__
    return 1;
#else
    return 0;
#endif
}

template <class T> __device__ T device_only(T x) { return x + side(); }
template <class T> __host__ T host_only(T x) { return x * 10 + side(); }

__global__ void add(int n)
{
    atomicAdd(&counter, n * factor);
    atomicAdd(&hidden, 1);
    atomicAdd(&shared_total, device_only(n));
    atomicAdd(&anon_value, side());
}

static __global__ void static_kernel(int *out) { out[threadIdx.x] = side() * 10 + (int)threadIdx.x; }

namespace {
__global__ void anon_kernel(int *out) { out[4] = side() + 100; }
}

int main()
{
    int f = 3, start = 5;
    cudaMemcpyToSymbol(factor, &f, sizeof f);
    cudaMemcpyToSymbol(counter, &start, sizeof start);
    shared_total = 1000;
    add<<<2, 4>>>(2);
    cudaDeviceSynchronize();
    int c = 0, h = 0, a = 0;
    cudaMemcpyFromSymbol(&c, counter, sizeof c);
    cudaMemcpyFromSymbol(&h, hidden, sizeof h);
    cudaMemcpyFromSymbol(&a, anon_value, sizeof a);
    printf("counter %d hidden %d managed %d anon %d host_only %d\n", c, h, shared_total, a, host_only(4));

    int *out;
    cudaMallocManaged(&out, 8 * sizeof(int));
    static_kernel<<<1, 3>>>(out);
    void *args[] = {&out};
    cudaLaunchKernel((const void *)anon_kernel, dim3(1), dim3(1), args, 0, 0);
    cudaDeviceSynchronize();
    cudaFuncAttributes attr;
    cudaError_t e = cudaFuncGetAttributes(&attr, static_kernel);
    printf("static %d %d %d anon %d attributes %s\n", out[0], out[1], out[2], out[4], cudaGetErrorString(e));
    cudaFree(out);

    cudaMallocManaged(&out, 256 * sizeof(int));
    cudaFuncGetAttributes(&attr, bounded);
    bounded<<<1, 256>>>(out);
    e = cudaDeviceSynchronize();
    printf("bounded: max threads %d, launch of 256: %s, last %d\n", attr.maxThreadsPerBlock,
           cudaGetErrorString(e), out[255]);
    cudaFree(out);
    return 0;
}
