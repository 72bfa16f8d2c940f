// tex_common.h: helpers shared by the texture tests: error checks, a
// reproducible generator, one sampling kernel for every fetch form, and
// printing of results as bit patterns (interpolation is compared bit for
// bit with the GPU).
#ifndef TEX_COMMON_H
#define TEX_COMMON_H
#include <cstdio>
#include <cstring>
#include <vector>

#define CHECK(call)                                                                     \
    do {                                                                                \
        cudaError_t e_ = (call);                                                        \
        if (e_ != cudaSuccess)                                                          \
            printf("line %d: %s\n", __LINE__, cudaGetErrorName(e_));                    \
    } while (0)

static unsigned rng_state = 12345u;
static unsigned rng()
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return rng_state >> 8;
}
// A float of random sign, exponent in [-lo, hi) and mantissa.
static float rand_float(int lo, int hi)
{
    unsigned m = rng() & 0x7fffff;
    int e = (int)(rng() % (unsigned)(lo + hi)) - lo;
    unsigned s = rng() & 1;
    unsigned bits = (s << 31) | ((unsigned)(e + 127) << 23) | m;
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

enum Op {
    OP_FETCH, OP_1D, OP_2D, OP_3D, OP_1DL, OP_2DL, OP_2DLOD, OP_2DGRAD, OP_1DLOD, OP_3DLOD,
    OP_GATHER0, OP_GATHER1, OP_GATHER2, OP_GATHER3
};

// c[i] = (x, y, z, layer): the coordinates of fetch i.
template <class T>
__global__ void sample_kernel(cudaTextureObject_t t, int op, const float4 *c, T *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float4 p = c[i];
    T r;
    switch (op) {
    case OP_FETCH: r = tex1Dfetch<T>(t, (int)p.x); break;
    case OP_1D: r = tex1D<T>(t, p.x); break;
    case OP_2D: r = tex2D<T>(t, p.x, p.y); break;
    case OP_3D: r = tex3D<T>(t, p.x, p.y, p.z); break;
    case OP_1DL: r = tex1DLayered<T>(t, p.x, (int)p.w); break;
    case OP_2DL: r = tex2DLayered<T>(t, p.x, p.y, (int)p.w); break;
    case OP_2DLOD: r = tex2DLod<T>(t, p.x, p.y, p.z); break;
    case OP_2DGRAD: r = tex2DGrad<T>(t, p.x, p.y, make_float2(p.z, 0), make_float2(0, p.z)); break;
    case OP_1DLOD: r = tex1DLod<T>(t, p.x, p.z); break;
    case OP_3DLOD: r = tex3DLod<T>(t, p.x, p.y, p.z, p.w); break;
    default: memset(&r, 0, sizeof r); break;
    }
    out[i] = r;
}

template <class T>
__global__ void gather_kernel(cudaTextureObject_t t, int comp, const float4 *c, T *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float4 p = c[i];
    T r;
    switch (comp) {
    case 0: r = tex2Dgather<T>(t, p.x, p.y, 0); break;
    case 1: r = tex2Dgather<T>(t, p.x, p.y, 1); break;
    case 2: r = tex2Dgather<T>(t, p.x, p.y, 2); break;
    default: r = tex2Dgather<T>(t, p.x, p.y, 3); break;
    }
    out[i] = r;
}

// Prints n results of `size` bytes as hex, one scalar of `scalar` bytes
// at a time, `per_line` results a line, each line starting with its index.
static void dump(const char *label, const void *data, int n, size_t size, size_t scalar,
                 int per_line)
{
    const unsigned char *p = (const unsigned char *)data;
    printf("%s (%d)\n", label, n);
    for (int i = 0; i < n; i++) {
        if (i % per_line == 0)
            printf("%4d:", i);
        printf(" ");
        for (size_t s = 0; s < size; s += scalar) {
            unsigned long long v = 0;
            memcpy(&v, p + i * size + s, scalar);
            printf(s ? ",%0*llx" : "%0*llx", (int)(2 * scalar), v);
        }
        if (i % per_line == per_line - 1 || i == n - 1)
            printf("\n");
    }
}

// Fetches coords through t with op (gather: a four-channel T) and prints
// the results.
template <class T, bool gather = false>
static void run(const char *label, cudaTextureObject_t t, int op,
                const std::vector<float4> &coords, size_t scalar = 4, int per_line = 8)
{
    int n = (int)coords.size();
    float4 *dc;
    T *dout;
    CHECK(cudaMalloc(&dc, n * sizeof(float4)));
    CHECK(cudaMalloc(&dout, n * sizeof(T)));
    CHECK(cudaMemcpy(dc, coords.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
    if constexpr (gather)
        gather_kernel<T><<<(n + 127) / 128, 128>>>(t, op - OP_GATHER0, dc, dout, n);
    else
        sample_kernel<T><<<(n + 127) / 128, 128>>>(t, op, dc, dout, n);
    CHECK(cudaGetLastError());
    std::vector<T> out(n);
    CHECK(cudaMemcpy(out.data(), dout, n * sizeof(T), cudaMemcpyDeviceToHost));
    dump(label, out.data(), n, sizeof(T), scalar, per_line);
    CHECK(cudaFree(dc));
    CHECK(cudaFree(dout));
}

static float4 P(float x, float y = 0, float z = 0, float w = 0)
{
    return make_float4(x, y, z, w);
}

// A texture over an array, with the given modes.
static cudaTextureObject_t array_texture(cudaArray_t a, cudaTextureFilterMode f,
                                         cudaTextureAddressMode m, int normalized,
                                         cudaTextureReadMode read = cudaReadModeElementType,
                                         const float *border = 0)
{
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = m;
    td.filterMode = f;
    td.readMode = read;
    td.normalizedCoords = normalized;
    if (border)
        memcpy(td.borderColor, border, sizeof td.borderColor);
    cudaTextureObject_t t = 0;
    CHECK(cudaCreateTextureObject(&t, &rd, &td, NULL));
    return t;
}

static const char *mode_name(int m)
{
    static const char *names[] = {"wrap", "clamp", "mirror", "border"};
    return names[m];
}
#endif
