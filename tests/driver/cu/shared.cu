// Every __shared__ form; compiled after rewriting by tests/driver/run.sh.
#include <stddef.h>

namespace cubish {
template <class T, int N> struct BlockReduce { struct TempStorage { T v[N]; }; };
}

__shared__ int file_scope[4];
extern __shared__ float file_dynamic[];
namespace inner { __shared__ float in_ns[8]; }

template <class T, int N>
__global__ void forms(T *out)
{
    __shared__ float a[16][16];
    volatile __shared__ int flag;
    static __shared__ T buf[N], *ptr;
    __shared__ __align__(16) float aligned[4];
    __shared__ float (*rows)[16];
    __shared__ typename cubish::BlockReduce<T, N>::TempStorage temp;
    __shared__ unsigned long long counter;
    extern __shared__ __attribute__((aligned(16))) char smem[];
    __shared__ struct { int x, y; } point;
    a[0][0] = 1;
    flag = 1;
    buf[0] = T();
    ptr = buf;
    aligned[0] = 2;
    rows = a;
    temp.v[0] = T();
    counter = 0;
    smem[0] = 0;
    point.x = file_scope[0] + (int)inner::in_ns[0] + (int)file_dynamic[0];
    out[0] = buf[0] + (T)rows[0][0] + (T)point.x;
    static_assert(sizeof(aligned) == 16, "size");
    static_assert(sizeof(temp) == sizeof(T) * N, "temp");
}

__global__ void dynamic_only(float *out)
{
    extern __shared__ float s[];
    s[threadIdx.x] = (float)threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}

__device__ int helper(void)
{
    __shared__ int in_device_function;
    return in_device_function;
}

void run(void)
{
    float *f = NULL;
    forms<float, 32><<<1, 32, 64>>>(f);
    forms<int, 8><<<1, 8>>>((int *)NULL);
    dynamic_only<<<1, 64, 64 * sizeof(float)>>>(f);
}
