// inline_ptx_int.cu: inline PTX integer arithmetic on edge values: add/sub
// (.sat, carries across words), mul and mad (.lo/.hi/.wide, .sat, carries),
// mul24/mad24, sad, div/rem (by zero, MIN / -1), abs/neg, min/max (.relu),
// in 16, 32 and 64 bits.  The operands come from memory, so nothing is
// folded at compile time; results print as hex.
#include <climits>
#include <cstdio>

#define NV 8
#define NOUT 64

typedef unsigned long long u64;

__device__ unsigned add_sat(int a, int b)
{
    int d;
    asm("add.sat.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    return d;
}

__device__ unsigned sub_sat(int a, int b)
{
    int d;
    asm("sub.sat.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    return d;
}

// 96-bit add and subtract through the carry flag.
__device__ void add96(const unsigned *a, const unsigned *b, unsigned *d)
{
    asm("add.cc.u32 %0, %3, %6;\n\t"
        "addc.cc.u32 %1, %4, %7;\n\t"
        "addc.u32 %2, %5, %8;"
        : "=r"(d[0]), "=r"(d[1]), "=r"(d[2])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(b[0]), "r"(b[1]), "r"(b[2]));
}

__device__ void sub96(const unsigned *a, const unsigned *b, unsigned *d)
{
    asm("sub.cc.u32 %0, %3, %6;\n\t"
        "subc.cc.u32 %1, %4, %7;\n\t"
        "subc.u32 %2, %5, %8;"
        : "=r"(d[0]), "=r"(d[1]), "=r"(d[2])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(b[0]), "r"(b[1]), "r"(b[2]));
}

// The carry out of a 64-bit add, as a 0/1 word.
__device__ unsigned carry64(u64 a, u64 b)
{
    u64 s;
    unsigned c;
    asm("add.cc.u64 %0, %2, %3;\n\t"
        "addc.u32 %1, 0, 0;"
        : "=l"(s), "=r"(c)
        : "l"(a), "l"(b));
    return c;
}

// A 64x64 -> 128-bit product from 32-bit mad.cc/madc.
__device__ void mul64x64(u64 a, u64 b, u64 *lo, u64 *hi)
{
    unsigned a0 = (unsigned)a, a1 = (unsigned)(a >> 32), b0 = (unsigned)b, b1 = (unsigned)(b >> 32);
    unsigned r0, r1, r2, r3;
    asm("mul.lo.u32 %0, %4, %6;\n\t"
        "mul.hi.u32 %1, %4, %6;\n\t"
        "mad.lo.cc.u32 %1, %5, %6, %1;\n\t"
        "madc.hi.u32 %2, %5, %6, 0;\n\t"
        "mad.lo.cc.u32 %1, %4, %7, %1;\n\t"
        "madc.hi.cc.u32 %2, %4, %7, %2;\n\t"
        "addc.u32 %3, 0, 0;\n\t"
        "mad.lo.cc.u32 %2, %5, %7, %2;\n\t"
        "madc.hi.u32 %3, %5, %7, %3;"
        : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
        : "r"(a0), "r"(a1), "r"(b0), "r"(b1));
    *lo = ((u64)r1 << 32) | r0;
    *hi = ((u64)r3 << 32) | r2;
}

__global__ void int32(const int *v, u64 *out)
{
    int a = v[threadIdx.x], b = v[(threadIdx.x + 3) % NV], c = v[(threadIdx.x + 5) % NV];
    u64 *o = out + threadIdx.x * NOUT;
    unsigned d;
    int k = 0;
    o[k++] = add_sat(a, b);
    o[k++] = sub_sat(a, b);
    asm("mul.lo.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    asm("mul.hi.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    asm("mul.hi.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    u64 w;
    asm("mul.wide.s32 %0, %1, %2;" : "=l"(w) : "r"(a), "r"(b));
    o[k++] = w;
    asm("mul.wide.u32 %0, %1, %2;" : "=l"(w) : "r"(a), "r"(b));
    o[k++] = w;
    asm("mad.lo.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("mad.hi.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("mad.hi.sat.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("mad.wide.s32 %0, %1, %2, %3;" : "=l"(w) : "r"(a), "r"(b), "l"((long long)c << 20));
    o[k++] = w;
    asm("mul24.lo.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    asm("mul24.hi.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    asm("mul24.hi.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    asm("mad24.lo.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("mad24.hi.sat.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("sad.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("sad.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    o[k++] = d;
    asm("div.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    asm("rem.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    asm("div.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    asm("rem.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    asm("abs.s32 %0, %1;" : "=r"(d) : "r"(a));
    o[k++] = d;
    asm("neg.s32 %0, %1;" : "=r"(d) : "r"(a));
    o[k++] = d;
    asm("min.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    asm("min.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    asm("max.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    asm("max.relu.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    asm("min.relu.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    unsigned x[3] = {(unsigned)a, (unsigned)b, (unsigned)c}, y[3] = {(unsigned)c, (unsigned)a, (unsigned)b}, z[3];
    add96(x, y, z);
    o[k++] = z[0];
    o[k++] = z[1];
    o[k++] = z[2];
    sub96(x, y, z);
    o[k++] = z[0];
    o[k++] = z[1];
    o[k++] = z[2];
    // 16-bit forms.
    unsigned short ha = (unsigned short)a, hb = (unsigned short)b, hd;
    asm("add.u16 %0, %1, %2;" : "=h"(hd) : "h"(ha), "h"(hb));
    o[k++] = hd;
    asm("mul.lo.s16 %0, %1, %2;" : "=h"(hd) : "h"(ha), "h"(hb));
    o[k++] = hd;
    asm("mul.hi.s16 %0, %1, %2;" : "=h"(hd) : "h"(ha), "h"(hb));
    o[k++] = hd;
    asm("mul.wide.u16 %0, %1, %2;" : "=r"(d) : "h"(ha), "h"(hb));
    o[k++] = d;
    asm("mul.wide.s16 %0, %1, %2;" : "=r"(d) : "h"(ha), "h"(hb));
    o[k++] = d;
    asm("div.s16 %0, %1, %2;" : "=h"(hd) : "h"(ha), "h"(hb));
    o[k++] = hd;
    asm("rem.u16 %0, %1, %2;" : "=h"(hd) : "h"(ha), "h"(hb));
    o[k++] = hd;
    asm("abs.s16 %0, %1;" : "=h"(hd) : "h"(ha));
    o[k++] = hd;
    asm("max.s16 %0, %1, %2;" : "=h"(hd) : "h"(ha), "h"(hb));
    o[k++] = hd;
    o[NOUT - 1] = k;
}

__global__ void int64(const long long *v, u64 *out)
{
    long long a = v[threadIdx.x], b = v[(threadIdx.x + 3) % NV], c = v[(threadIdx.x + 5) % NV];
    u64 *o = out + threadIdx.x * NOUT;
    u64 d;
    int k = 0;
    asm("add.s64 %0, %1, %2;" : "=l"(d) : "l"(a), "l"(b));
    o[k++] = d;
    asm("sub.u64 %0, %1, %2;" : "=l"(d) : "l"(a), "l"(b));
    o[k++] = d;
    asm("mul.lo.u64 %0, %1, %2;" : "=l"(d) : "l"(a), "l"(b));
    o[k++] = d;
    asm("mul.hi.u64 %0, %1, %2;" : "=l"(d) : "l"(a), "l"(b));
    o[k++] = d;
    asm("mul.hi.s64 %0, %1, %2;" : "=l"(d) : "l"(a), "l"(b));
    o[k++] = d;
    asm("mad.lo.s64 %0, %1, %2, %3;" : "=l"(d) : "l"(a), "l"(b), "l"(c));
    o[k++] = d;
    asm("mad.hi.u64 %0, %1, %2, %3;" : "=l"(d) : "l"(a), "l"(b), "l"(c));
    o[k++] = d;
    asm("div.s64 %0, %1, %2;" : "=l"(d) : "l"(a), "l"(b));
    o[k++] = d;
    asm("rem.s64 %0, %1, %2;" : "=l"(d) : "l"(a), "l"(b));
    o[k++] = d;
    asm("div.u64 %0, %1, %2;" : "=l"(d) : "l"(a), "l"(b));
    o[k++] = d;
    asm("rem.u64 %0, %1, %2;" : "=l"(d) : "l"(a), "l"(b));
    o[k++] = d;
    asm("abs.s64 %0, %1;" : "=l"(d) : "l"(a));
    o[k++] = d;
    asm("neg.s64 %0, %1;" : "=l"(d) : "l"(a));
    o[k++] = d;
    asm("min.s64 %0, %1, %2;" : "=l"(d) : "l"(a), "l"(b));
    o[k++] = d;
    asm("max.u64 %0, %1, %2;" : "=l"(d) : "l"(a), "l"(b));
    o[k++] = d;
    asm("sad.u64 %0, %1, %2, %3;" : "=l"(d) : "l"(a), "l"(b), "l"(c));
    o[k++] = d;
    o[k++] = carry64(a, b);
    u64 lo, hi;
    mul64x64(a, b, &lo, &hi);
    o[k++] = lo;
    o[k++] = hi;
    o[NOUT - 1] = k;
}

int main()
{
    const int h32[NV] = {0, 1, -1, INT_MAX, INT_MIN, 0x12345678, -0x7654321, 100000};
    const long long h64[NV] = {0, -1, LLONG_MAX, LLONG_MIN, 0x123456789abcdefll, -987654321012345ll, 7, 1ll << 40};
    int *d32;
    long long *d64;
    u64 *out, h[NV * NOUT];
    cudaMalloc(&d32, sizeof h32);
    cudaMalloc(&d64, sizeof h64);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(d32, h32, sizeof h32, cudaMemcpyHostToDevice);
    cudaMemcpy(d64, h64, sizeof h64, cudaMemcpyHostToDevice);

    cudaMemset(out, 0, sizeof h);
    int32<<<1, NV>>>(d32, out);
    printf("int32: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < NV; t++) {
        printf("a=%x b=%x c=%x:", h32[t], h32[(t + 3) % NV], h32[(t + 5) % NV]);
        for (int k = 0; k < (int)h[t * NOUT + NOUT - 1]; k++)
            printf(" %llx", h[t * NOUT + k]);
        printf("\n");
    }

    cudaMemset(out, 0, sizeof h);
    int64<<<1, NV>>>(d64, out);
    printf("int64: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < NV; t++) {
        printf("a=%llx b=%llx c=%llx:", (u64)h64[t], (u64)h64[(t + 3) % NV], (u64)h64[(t + 5) % NV]);
        for (int k = 0; k < (int)h[t * NOUT + NOUT - 1]; k++)
            printf(" %llx", h[t * NOUT + k]);
        printf("\n");
    }
    cudaFree(d32);
    cudaFree(d64);
    cudaFree(out);
    return 0;
}
