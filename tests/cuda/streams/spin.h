// spin.h: kernels that wait for one another, shared by the stream tests.
//
// Every wait is bounded: a kernel that waits for a flag gives up after
// about a second (clock64 cycles) and reports whether the flag came, so a
// wrong order shows in the output instead of hanging.  The tests' .env
// sets CUDA_MODULE_LOADING=EAGER: with lazy loading, the first launch of a
// kernel may wait for the kernels already running, which would serialize
// what the tests expect to overlap.
#ifndef STREAMS_SPIN_H
#define STREAMS_SPIN_H

#include <cstdio>

#define SPIN_LIMIT 2000000000LL

#define CHECK(x)                                                                      \
    do {                                                                              \
        cudaError_t e_ = (x);                                                         \
        if (e_ != cudaSuccess) {                                                      \
            printf("%s:%d: %s failed: %s\n", __FILE__, __LINE__, #x,                  \
                   cudaGetErrorName(e_));                                             \
            return 1;                                                                 \
        }                                                                             \
    } while (0)

// Waits until *flag != 0 (or gives up); *saw = 1 if the flag came.
__global__ void wait_flag(volatile int *flag, int *saw)
{
    long long t0 = clock64();
    while (*flag == 0 && clock64() - t0 < SPIN_LIMIT)
        __nanosleep(1000);
    *saw = *flag != 0;
}

__global__ void set_flag(volatile int *flag, int v)
{
    __threadfence_system();
    *flag = v;
    __threadfence_system();
}

// Busy for about `cycles` clock cycles, then stores v (if out).
__global__ void busy_store(long long cycles, int *out, int v)
{
    long long t0 = clock64();
    while (clock64() - t0 < cycles)
        __nanosleep(500);
    __threadfence();
    if (out)
        *out = v;
}

// out[i] = in[i] * mul + add for n elements (grid-stride).
__global__ void affine(const int *in, int *out, int n, int mul, int add)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        out[i] = in[i] * mul + add;
}

// Makes the kernels above loaded (CUDA lazy loading) before they are
// needed concurrently.
static inline void preload_spin_kernels()
{
    cudaFuncAttributes a;
    cudaFuncGetAttributes(&a, wait_flag);
    cudaFuncGetAttributes(&a, set_flag);
    cudaFuncGetAttributes(&a, busy_store);
    cudaFuncGetAttributes(&a, affine);
}

#endif
