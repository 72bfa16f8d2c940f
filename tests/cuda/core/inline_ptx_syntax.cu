// inline_ptx_syntax.cu: the shapes inline PTX takes in real code: scoped
// .reg declarations (r<N> arrays, predicates), guards @p/@!p, labels and
// branches in a loop, immediates in every base and 0f/0d floats, comments,
// templates split over literals, "+r" read-write and "n" immediate
// operands, outputs to array elements and casts, asm in __host__
// __device__ functions under __CUDA_ARCH__, in templates, in loops and in
// branches without braces.  Results print as hex.
#include <cstdio>

typedef unsigned long long u64;

// Population count of a word by a PTX loop.
__device__ unsigned loop_popc(unsigned x)
{
    unsigned n;
    asm("{\n\t"
        "  .reg .pred p;\n\t"
        "  .reg .u32 v, bit;\n\t"
        "  mov.u32 %0, 0;\n\t"
        "  mov.u32 v, %1;\n\t"
        "LOOP:\n\t"
        "  setp.eq.u32 p, v, 0;\n\t"
        "  @p bra DONE;\n\t"
        "  and.b32 bit, v, 1;\n\t"
        "  add.u32 %0, %0, bit; // count it\n\t"
        "  shr.u32 v, v, 1;\n\t"
        "  bra.uni LOOP;\n\t"
        "DONE:\n\t"
        "}"
        : "=r"(n)
        : "r"(x));
    return n;
}

template <class T> __device__ T twice(T x)
{
    T r;
    if constexpr (sizeof(T) == 8)
        asm("add.u64 %0, %1, %1;" : "=l"(r) : "l"((u64)x));
    else
        asm("add.u32 %0, %1, %1;" : "=r"(r) : "r"((unsigned)x));
    return r;
}

__host__ __device__ unsigned lane_or_host()
{
#ifdef __CUDA_ARCH__
    unsigned lane;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    return lane;
#else
    return 0xabcu;
#endif
}

__global__ void syntax(const unsigned *v, u64 *out)
{
    int t = threadIdx.x;
    unsigned x = v[t];
    u64 *o = out + t * 32;
    int k = 0;
    o[k++] = loop_popc(x);
    unsigned r;
    asm("{\n\t"
        ".reg .u32 t<4>;\n\t"
        "add.u32 t0, %1, 0x10;\n\t"
        "add.u32 t1, t0, 017;\n\t"
        "add.u32 t2, t1, 0b101;\n\t"
        "sub.u32 t3, t2, -3;\n\t"
        "mul.lo.u32 %0, t3, 3U;\n\t"
        "}"
        : "=r"(r)
        : "r"(x));
    o[k++] = r;
    float f;
    asm("mov.b32 %0, 0f3FC00000;\n\t"
        "add.f32 %0, %0, 0fBF800000;"
        : "=f"(f));
    o[k++] = __float_as_uint(f);
    double d;
    asm("add.f64 %0, %1, 0d4000000000000000;" : "=d"(d) : "d"((double)x));
    o[k++] = (u64)__double_as_longlong(d);
    unsigned acc = x;
    asm("add.u32 %0, %0, %1;" : "+r"(acc) : "n"(100));
    o[k++] = acc;
    asm("{ .reg .pred p;"
        "  setp.gt.u32 p, %1, 0x80000000;"
        "  @p mov.u32 %0, 1;"
        "  @!p mov.u32 %0, 2; }"
        : "=r"(r)
        : "r"(x));
    o[k++] = r;
    unsigned arr[3];
    for (int i = 0; i < 3; i++)
        asm("xor.b32 %0, %1, %2;" : "=r"(arr[i]) : "r"(x), "r"(i * 0x1111));
    o[k++] = arr[0] + arr[1] + arr[2];
    if (x & 1)
        asm("not.b32 %0, %1;" : "=r"(r) : "r"(x));
    else
        asm("neg.s32 %0, %1;" : "=r"(r) : "r"(x));
    o[k++] = r;
    o[k++] = twice<unsigned>(x);
    o[k++] = twice<u64>((u64)x << 31);
    o[k++] = lane_or_host();
    int s;
    asm("cvt.s32.s16 %0, %1;" : "=r"(s) : "h"((unsigned short)x));
    o[k++] = (unsigned)s;
    asm volatile("" ::: "memory");
    o[31] = k;
}

int main()
{
    unsigned hv[40], *dv;
    for (int i = 0; i < 40; i++)
        hv[i] = (i * 0x9e3779b9u) >> (i % 7);
    u64 *out, h[40 * 32];
    cudaMalloc(&dv, sizeof hv);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(dv, hv, sizeof hv, cudaMemcpyHostToDevice);
    cudaMemset(out, 0, sizeof h);
    syntax<<<1, 40>>>(dv, out);
    printf("syntax: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < 40; t += 3) {
        printf("x=%x:", hv[t]);
        for (int k = 0; k < (int)h[t * 32 + 31]; k++)
            printf(" %llx", h[t * 32 + k]);
        printf("\n");
    }
    cudaFree(dv);
    cudaFree(out);
    return 0;
}
