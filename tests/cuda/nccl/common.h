// Helpers for the NCCL tests: error checks that end the program, and the
// value of an element of any ncclDataType_t as a double (the 16- and
// 8-bit floating types decoded from their bits).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <nccl.h>

#define CUDA_OK(x)                                                                   \
    do {                                                                             \
        cudaError_t e_ = (x);                                                        \
        if (e_ != cudaSuccess) {                                                     \
            printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));       \
            exit(2);                                                                 \
        }                                                                            \
    } while (0)

#define NCCL_OK(x)                                                                   \
    do {                                                                             \
        ncclResult_t r_ = (x);                                                       \
        if (r_ != ncclSuccess) {                                                     \
            printf("%s:%d: NCCL result %d\n", __FILE__, __LINE__, (int)r_);          \
            exit(2);                                                                 \
        }                                                                            \
    } while (0)

static const ncclDataType_t all_types[] = {ncclInt8,    ncclUint8,   ncclInt32,     ncclUint32,
                                           ncclInt64,   ncclUint64,  ncclFloat16,   ncclFloat32,
                                           ncclFloat64, ncclBfloat16, ncclFloat8e4m3, ncclFloat8e5m2};
static const int ntypes = sizeof all_types / sizeof *all_types;

static size_t type_size(ncclDataType_t t)
{
    switch (t) {
    case ncclInt8: case ncclUint8: case ncclFloat8e4m3: case ncclFloat8e5m2: return 1;
    case ncclFloat16: case ncclBfloat16: return 2;
    case ncclInt32: case ncclUint32: case ncclFloat32: return 4;
    default: return 8;
    }
}

// A finite value of a binary floating format with e exponent and m
// fraction bits.
static double minifloat(unsigned bits, int e, int m)
{
    int bias = (1 << (e - 1)) - 1;
    unsigned frac = bits & ((1u << m) - 1), exp = (bits >> m) & ((1u << e) - 1);
    double v = exp ? std::ldexp(1.0 + std::ldexp((double)frac, -m), (int)exp - bias)
                   : std::ldexp((double)frac, 1 - bias - m);
    return (bits >> (e + m)) & 1 ? -v : v;
}

static double get(const void *p, size_t i, ncclDataType_t t)
{
    const unsigned char *b = (const unsigned char *)p + i * type_size(t);
    switch (t) {
    case ncclInt8: return *(const signed char *)b;
    case ncclUint8: return *b;
    case ncclInt32: { int v; memcpy(&v, b, 4); return v; }
    case ncclUint32: { unsigned v; memcpy(&v, b, 4); return v; }
    case ncclInt64: { long long v; memcpy(&v, b, 8); return (double)v; }
    case ncclUint64: { unsigned long long v; memcpy(&v, b, 8); return (double)v; }
    case ncclFloat32: { float v; memcpy(&v, b, 4); return v; }
    case ncclFloat64: { double v; memcpy(&v, b, 8); return v; }
    case ncclFloat16: { unsigned short v; memcpy(&v, b, 2); return minifloat(v, 5, 10); }
    case ncclBfloat16: { unsigned short v; memcpy(&v, b, 2); return minifloat(v, 8, 7); }
    case ncclFloat8e4m3: return minifloat(*b, 4, 3);
    default: return minifloat(*b, 5, 2);
    }
}

// Stores a value exactly representable in t (small multiples of 1/4).
static void put(void *p, size_t i, ncclDataType_t t, double v)
{
    unsigned char *b = (unsigned char *)p + i * type_size(t);
    switch (t) {
    case ncclInt8: *(signed char *)b = (signed char)v; return;
    case ncclUint8: *b = (unsigned char)v; return;
    case ncclInt32: { int x = (int)v; memcpy(b, &x, 4); return; }
    case ncclUint32: { unsigned x = (unsigned)v; memcpy(b, &x, 4); return; }
    case ncclInt64: { long long x = (long long)v; memcpy(b, &x, 8); return; }
    case ncclUint64: { unsigned long long x = (unsigned long long)v; memcpy(b, &x, 8); return; }
    case ncclFloat32: { float x = (float)v; memcpy(b, &x, 4); return; }
    case ncclFloat64: memcpy(b, &v, 8); return;
    default: break;
    }
    // The small floating types: v is 0 or a normal number of the type.
    int e = t == ncclFloat16 ? 5 : t == ncclBfloat16 ? 8 : t == ncclFloat8e4m3 ? 4 : 5;
    int m = t == ncclFloat16 ? 10 : t == ncclBfloat16 ? 7 : t == ncclFloat8e4m3 ? 3 : 2;
    unsigned bits = v < 0 ? 1u << (e + m) : 0;
    double a = std::fabs(v);
    if (a != 0) {
        int ex;
        std::frexp(a, &ex);
        double frac = std::ldexp(a, 1 - ex) - 1.0;
        bits |= (unsigned)(ex - 1 + (1 << (e - 1)) - 1) << m | (unsigned)std::ldexp(frac, m);
    }
    if (minifloat(bits, e, m) == v) {
        if (e + m == 7)
            *b = (unsigned char)bits;
        else
            memcpy(b, &bits, 2);
        return;
    }
    printf("put: %g is not exact in type %d\n", v, (int)t);
    exit(2);
}

// The all-reduce tests' operations, rank r's element i (0..2, 1..2 for
// products, so that sums, products and averages of four stay exact in an
// 8-bit float) and the result every rank must hold.
static const ncclRedOp_t allreduce_ops[] = {ncclSum, ncclProd, ncclMax, ncclMin, ncclAvg};

static inline double allreduce_input(int r, size_t i, ncclRedOp_t op)
{
    int v = (int)((i * 7 + (size_t)r * 3) % 3);
    return op == ncclProd ? (v == 0 ? 1 : v) : v;
}

static inline double allreduce_result(int nranks, size_t i, ncclRedOp_t op, ncclDataType_t t)
{
    double want = op == ncclProd ? 1 : op == ncclMax ? -1e9 : op == ncclMin ? 1e9 : 0;
    for (int q = 0; q < nranks; q++) {
        double x = allreduce_input(q, i, op);
        want = op == ncclProd ? want * x
               : op == ncclMax ? (x > want ? x : want)
               : op == ncclMin ? (x < want ? x : want)
                               : want + x;
    }
    if (op == ncclAvg)
        want = t <= ncclUint64 ? (double)((long long)want / nranks) : want / nranks;
    return want;
}
