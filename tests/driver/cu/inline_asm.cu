// Inline asm where device code holds it (PTX, translated by simtcc) and
// where host code does (the host's own, left as written).
#include <cstdio>

struct Lane {
    unsigned id;
    __device__ Lane() : id(0) { asm("mov.u32 %0, %%laneid;" : "=r"(id)); }
    __device__ unsigned operator()(unsigned x) const
    {
        unsigned r;
        asm volatile("add.u32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(id));
        return r;
    }
    __host__ __device__ bool operator==(const Lane &o) const
    {
#ifdef __CUDA_ARCH__
        unsigned eq;
        asm("{\n\t.reg .pred p;\n\tsetp.eq.u32 p, %1, %2;\n\tselp.u32 %0, 1, 0, p;\n\t}"
            : "=r"(eq)
            : "r"(id), "r"(o.id));
        return eq != 0;
#else
        return id == o.id;
#endif
    }
};

template <int N> struct Shift {
    __device__ static unsigned left(unsigned x)
    {
        unsigned r;
        __asm__ __volatile__("shl.b32 %0, %1, %2;" : "=r"(r) : "r"(x), "n"(N));
        return r;
    }
};

__device__ __forceinline__ float twice(float x)
{
    float r;
    asm("add.rn.f32 %0, %1, %1;" : "=f"(r) : "f"(x));
    return r;
}

__device__ int counter;

__global__ void kernel(unsigned *out, const unsigned long long *in)
{
    Lane lane;
    unsigned long long w = in[threadIdx.x];
    unsigned lo, hi;
    asm("mov.b64 {%0, %1}, %2;" : "=r"(lo), "=r"(hi) : "l"(w));
    if (lane == lane)
        asm volatile("red.global.add.u32 [%0], 1;" ::"l"(&counter) : "memory");
    out[threadIdx.x] = lane(lo) + Shift<3>::left(hi) + (unsigned)twice(1.5f);
}

static unsigned long long host_timestamp()
{
    unsigned lo, hi;
#if defined(__x86_64__)
    __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
#else
    lo = hi = 0;
#endif
    asm volatile("" ::: "memory");
    return ((unsigned long long)hi << 32) | lo;
}

int main()
{
    unsigned *out;
    unsigned long long *in;
    cudaMalloc(&out, 32 * sizeof(unsigned));
    cudaMalloc(&in, 32 * sizeof(unsigned long long));
    cudaMemset(in, 0, 32 * sizeof(unsigned long long));
    kernel<<<1, 32>>>(out, in);
    cudaDeviceSynchronize();
    printf("%d\n", host_timestamp() != 0);
    return 0;
}
