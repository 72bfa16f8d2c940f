// Floating-point atomicAdd's bits on global and shared memory: subnormal
// operands (the value in memory and the added value), subnormal results,
// signed zeros, NaN payloads, infinities; float and double.
#include <cstdio>
#include <cstring>

#define N 12

__device__ float fbits(unsigned u) { return __uint_as_float(u); }

// Pairs (memory value, added value) as bits.
__constant__ unsigned pairs[N][2] = {
    {0x00000001u, 0x00000000u}, // subnormal in memory + 0
    {0x00000000u, 0x00000001u}, // 0 + subnormal
    {0x00400000u, 0x00400000u}, // two subnormals adding to FLT_MIN
    {0x00800000u, 0x80000001u}, // FLT_MIN - tiny subnormal: subnormal result
    {0x00800001u, 0x80800000u}, // a normal minus a normal: subnormal result
    {0x80000000u, 0x80000000u}, // -0 + -0
    {0x80000001u, 0x00000000u}, // -subnormal + 0
    {0x7fc12345u, 0x3f800000u}, // NaN with payload + 1
    {0x3f800000u, 0xffc00001u}, // 1 + negative NaN with payload
    {0x7f800000u, 0xff800000u}, // inf + -inf
    {0x3f800000u, 0x00000001u}, // 1 + subnormal
    {0x00000003u, 0x80000001u}, // subnormal - subnormal: subnormal result
};

__global__ void global_add(float *mem, float *old)
{
    int i = threadIdx.x;
    if (i < N) {
        mem[i] = fbits(pairs[i][0]);
        old[i] = atomicAdd(&mem[i], fbits(pairs[i][1]));
    }
}

__global__ void shared_add(float *out, float *old)
{
    __shared__ float s[N];
    int i = threadIdx.x;
    if (i < N)
        s[i] = fbits(pairs[i][0]);
    __syncthreads();
    if (i < N)
        old[i] = atomicAdd(&s[i], fbits(pairs[i][1]));
    __syncthreads();
    if (i < N)
        out[i] = s[i];
}

__global__ void double_add(double *g, double *out)
{
    __shared__ double s[4];
    int i = threadIdx.x;
    const unsigned long long a[4] = {0x7ff8000000001234ull, 0x0000000000000001ull,
                                     0x7ff0000000000000ull, 0x8000000000000000ull};
    const unsigned long long b[4] = {0x3ff0000000000000ull, 0x0000000000000001ull,
                                     0xfff0000000000000ull, 0x8000000000000000ull};
    if (i < 4) {
        g[i] = __longlong_as_double(a[i]);
        s[i] = __longlong_as_double(a[i]);
        __syncwarp(0xf);
        atomicAdd(&g[i], __longlong_as_double(b[i]));
        atomicAdd(&s[i], __longlong_as_double(b[i]));
        __syncwarp(0xf);
        out[i] = s[i];
    }
}

static unsigned bits(float f)
{
    unsigned u;
    memcpy(&u, &f, 4);
    return u;
}
static unsigned long long dbits(double d)
{
    unsigned long long u;
    memcpy(&u, &d, 8);
    return u;
}

int main()
{
    float *mem, *old, *out, *sold;
    double *g, *dout;
    cudaMallocManaged(&mem, N * sizeof(float));
    cudaMallocManaged(&old, N * sizeof(float));
    cudaMallocManaged(&out, N * sizeof(float));
    cudaMallocManaged(&sold, N * sizeof(float));
    cudaMallocManaged(&g, 4 * sizeof(double));
    cudaMallocManaged(&dout, 4 * sizeof(double));
    global_add<<<1, 32>>>(mem, old);
    shared_add<<<1, 32>>>(out, sold);
    double_add<<<1, 32>>>(g, dout);
    cudaDeviceSynchronize();
    for (int i = 0; i < N; i++)
        printf("f32 %2d global %08x (old %08x) shared %08x (old %08x)\n", i, bits(mem[i]),
               bits(old[i]), bits(out[i]), bits(sold[i]));
    for (int i = 0; i < 4; i++)
        printf("f64 %d global %016llx shared %016llx\n", i, dbits(g[i]), dbits(dout[i]));
    return 0;
}
