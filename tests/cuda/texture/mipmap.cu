// mipmap.cu: mipmapped arrays: allocation and its errors, the levels'
// extents, texture objects of them, and the level a fetch reads:
// tex*Lod at LODs between levels (point and linear mipmap filtering), the
// descriptor's bias and clamps, negative LODs, tex*Grad with gradients of
// several sizes along the axes, and the 1D, 3D, layered and cubemap forms.
// Level L of most textures holds 256 * L everywhere, so a linear fetch
// prints 256 times the LOD the hardware used.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <cstdio>
#include <cstring>
#include <vector>

#define CHECK(call)                                                                     \
    do {                                                                                \
        cudaError_t e_ = (call);                                                        \
        if (e_ != cudaSuccess)                                                          \
            printf("line %d: %s\n", __LINE__, cudaGetErrorName(e_));                    \
    } while (0)

enum Op {
    OP_2DLOD, OP_2DGRAD, OP_1DLOD, OP_1DGRAD, OP_3DLOD, OP_3DGRAD, OP_1DLLOD, OP_2DLLOD,
    OP_CUBELOD
};

// c[i] = (x, y, z, w), g[i] = (dPdx, dPdy) or more coordinates.
__global__ void fetch_kernel(cudaTextureObject_t t, int op, const float4 *c, const float4 *g,
                             float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float4 p = c[i], q = g[i];
    float r = 0;
    switch (op) {
    case OP_2DLOD: r = tex2DLod<float>(t, p.x, p.y, p.z); break;
    case OP_2DGRAD:
        r = tex2DGrad<float>(t, p.x, p.y, make_float2(q.x, q.y), make_float2(q.z, q.w));
        break;
    case OP_1DLOD: r = tex1DLod<float>(t, p.x, p.z); break;
    case OP_1DGRAD: r = tex1DGrad<float>(t, p.x, q.x, q.z); break;
    case OP_3DLOD: r = tex3DLod<float>(t, p.x, p.y, p.w, p.z); break;
    case OP_3DGRAD:
        r = tex3DGrad<float>(t, p.x, p.y, p.w, make_float4(q.x, q.y, 0, 0),
                             make_float4(q.z, q.w, 0, 0));
        break;
    case OP_1DLLOD: r = tex1DLayeredLod<float>(t, p.x, (int)p.w, p.z); break;
    case OP_2DLLOD: r = tex2DLayeredLod<float>(t, p.x, p.y, (int)p.w, p.z); break;
    case OP_CUBELOD: r = texCubemapLod<float>(t, p.x, p.y, p.w, p.z); break;
    }
    out[i] = r;
}

static std::vector<float> run(cudaTextureObject_t t, int op, const std::vector<float4> &c,
                              const std::vector<float4> &g)
{
    int n = (int)c.size();
    float4 *dc, *dg;
    float *dout;
    CHECK(cudaMalloc(&dc, n * sizeof(float4)));
    CHECK(cudaMalloc(&dg, n * sizeof(float4)));
    CHECK(cudaMalloc(&dout, n * sizeof(float)));
    CHECK(cudaMemcpy(dc, c.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dg, g.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
    fetch_kernel<<<(n + 127) / 128, 128>>>(t, op, dc, dg, dout, n);
    CHECK(cudaGetLastError());
    std::vector<float> out(n);
    CHECK(cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(dc));
    CHECK(cudaFree(dg));
    CHECK(cudaFree(dout));
    return out;
}

// Prints eight results a line, as %.6f.
static void show(const char *label, const std::vector<float> &v)
{
    printf("%s:\n", label);
    for (size_t i = 0; i < v.size(); i++)
        printf("%s%.6f", i % 8 ? " " : "  ", v[i]);
    printf("\n");
}

// The extent of level `level` of m (through a level array).
static void show_levels(const char *label, cudaMipmappedArray_t m, int n)
{
    printf("%s:", label);
    for (int l = 0; l < n; l++) {
        cudaArray_t a;
        cudaError_t e = cudaGetMipmappedArrayLevel(&a, m, l);
        if (e != cudaSuccess) {
            printf(" [%d] %s", l, cudaGetErrorName(e));
            continue;
        }
        cudaChannelFormatDesc d;
        cudaExtent x;
        unsigned flags;
        CHECK(cudaArrayGetInfo(&d, &x, &flags, a));
        printf(" [%d] %zux%zux%zu f%u", l, x.width, x.height, x.depth, flags);
    }
    printf("\n");
}

// Fills every level of m with `value(level, x, y, z)` (z: slices or layers).
template <class F>
static void fill(cudaMipmappedArray_t m, int levels, F value)
{
    for (int l = 0; l < levels; l++) {
        cudaArray_t a;
        CHECK(cudaGetMipmappedArrayLevel(&a, m, l));
        cudaChannelFormatDesc d;
        cudaExtent x;
        unsigned flags;
        CHECK(cudaArrayGetInfo(&d, &x, &flags, a));
        size_t w = x.width, h = x.height ? x.height : 1, dd = x.depth ? x.depth : 1;
        std::vector<float> v(w * h * dd);
        for (size_t k = 0; k < dd; k++)
            for (size_t j = 0; j < h; j++)
                for (size_t i = 0; i < w; i++)
                    v[(k * h + j) * w + i] = value(l, (int)i, (int)j, (int)k);
        cudaMemcpy3DParms p;
        memset(&p, 0, sizeof p);
        p.srcPtr = make_cudaPitchedPtr(v.data(), w * 4, w, h);
        p.dstArray = a;
        p.extent = make_cudaExtent(w, h, dd);
        p.kind = cudaMemcpyHostToDevice;
        CHECK(cudaMemcpy3D(&p));
    }
}

static cudaTextureObject_t mip_texture(cudaMipmappedArray_t m, cudaTextureFilterMode f,
                                       cudaTextureFilterMode mf, float bias, float lo, float hi)
{
    cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeMipmappedArray;
    r.res.mipmap.mipmap = m;
    cudaTextureDesc t;
    memset(&t, 0, sizeof t);
    t.addressMode[0] = t.addressMode[1] = t.addressMode[2] = cudaAddressModeClamp;
    t.filterMode = f;
    t.readMode = cudaReadModeElementType;
    t.normalizedCoords = 1;
    t.mipmapFilterMode = mf;
    t.mipmapLevelBias = bias;
    t.minMipmapLevelClamp = lo;
    t.maxMipmapLevelClamp = hi;
    cudaTextureObject_t o = 0;
    CHECK(cudaCreateTextureObject(&o, &r, &t, NULL));
    return o;
}

static float4 P(float x, float y, float z, float w = 0) { return make_float4(x, y, z, w); }

static float level_value(int l, int, int, int) { return 256.0f * l; }

int main()
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    cudaChannelFormatDesc fdesc = cudaCreateChannelDesc<float>();
    cudaMipmappedArray_t m = NULL;

    // ---- allocation, levels and errors ----
    printf("2D 16x8, 5 levels: %s\n",
           cudaGetErrorName(cudaMallocMipmappedArray(&m, &fdesc, make_cudaExtent(16, 8, 0), 5)));
    show_levels("  levels", m, 6);
    cudaArray_t a0 = NULL, a0b = NULL;
    CHECK(cudaGetMipmappedArrayLevel(&a0, m, 0));
    CHECK(cudaGetMipmappedArrayLevel(&a0b, m, 0));
    printf("  level 0 twice: same handle %d\n", a0 == a0b);
    printf("  get level, NULL mipmap: %s\n",
           cudaGetErrorName(cudaGetMipmappedArrayLevel(&a0, NULL, 0)));
    cudaGetLastError();
    printf("  free: %s\n", cudaGetErrorName(cudaFreeMipmappedArray(m)));
    printf("free NULL: %s\n", cudaGetErrorName(cudaFreeMipmappedArray(NULL)));
    cudaGetLastError();

    struct Shape {
        const char *label;
        size_t w, h, d;
        unsigned levels, flags;
    } shapes[] = {
        {"2D 16x8, 6 levels (one too many)", 16, 8, 0, 6, 0},
        {"2D 16x8, 0 levels", 16, 8, 0, 0, 0},
        {"2D 5x3, 3 levels", 5, 3, 0, 3, 0},
        {"1D 32, 6 levels", 32, 0, 0, 6, 0},
        {"3D 8x4x2, 4 levels", 8, 4, 2, 4, 0},
        {"1D layered 8 x 3 layers, 4 levels", 8, 0, 3, 4, cudaArrayLayered},
        {"2D layered 8x8 x 2 layers, 4 levels", 8, 8, 2, 4, cudaArrayLayered},
        {"cubemap 8, 4 levels", 8, 8, 6, 4, cudaArrayCubemap},
        {"width 0", 0, 8, 0, 1, 0},
        {"2D 1x1, 1 level", 1, 1, 0, 1, 0},
        {"2D 1x1, 2 levels", 1, 1, 0, 2, 0},
    };
    for (const Shape &s : shapes) {
        cudaMipmappedArray_t mm = NULL;
        cudaError_t e = cudaMallocMipmappedArray(&mm, &fdesc, make_cudaExtent(s.w, s.h, s.d),
                                                 s.levels, s.flags);
        cudaGetLastError();
        printf("%s: %s\n", s.label, cudaGetErrorName(e));
        if (e == cudaSuccess) {
            show_levels("  levels", mm, (int)s.levels + 1);
            cudaGetLastError();
            CHECK(cudaFreeMipmappedArray(mm));
        }
    }
    printf("NULL desc: %s\n", cudaGetErrorName(cudaMallocMipmappedArray(
                                   &m, NULL, make_cudaExtent(16, 16, 0), 2)));
    cudaGetLastError();

    // ---- texture objects ----
    CHECK(cudaMallocMipmappedArray(&m, &fdesc, make_cudaExtent(16, 16, 0), 5));
    fill(m, 5, level_value);
    {
        cudaTextureObject_t t = mip_texture(m, cudaFilterModeLinear, cudaFilterModeLinear, 0, 0, 4);
        cudaResourceDesc r;
        CHECK(cudaGetTextureObjectResourceDesc(&r, t));
        printf("resource desc: type %d, same mipmap %d\n", (int)r.resType, r.res.mipmap.mipmap == m);
        CHECK(cudaDestroyTextureObject(t));
    }
    {
        // Unnormalized coordinates.
        cudaResourceDesc r;
        memset(&r, 0, sizeof r);
        r.resType = cudaResourceTypeMipmappedArray;
        r.res.mipmap.mipmap = m;
        cudaTextureDesc t;
        memset(&t, 0, sizeof t);
        t.filterMode = cudaFilterModeLinear;
        t.mipmapFilterMode = cudaFilterModeLinear;
        t.maxMipmapLevelClamp = 4;
        cudaTextureObject_t o = 0;
        cudaError_t e = cudaCreateTextureObject(&o, &r, &t, NULL);
        cudaGetLastError();
        printf("unnormalized coordinates: %s\n", cudaGetErrorName(e));
        if (e == cudaSuccess)
            CHECK(cudaDestroyTextureObject(o));
        t.normalizedCoords = 1;
        // Integer texels with linear mipmap filtering.
        cudaChannelFormatDesc idesc = cudaCreateChannelDesc<int>();
        cudaMipmappedArray_t im;
        CHECK(cudaMallocMipmappedArray(&im, &idesc, make_cudaExtent(4, 4, 0), 3));
        r.res.mipmap.mipmap = im;
        t.filterMode = cudaFilterModePoint;
        t.mipmapFilterMode = cudaFilterModeLinear;
        e = cudaCreateTextureObject(&o, &r, &t, NULL);
        cudaGetLastError();
        printf("int texels, linear mipmap filter: %s\n", cudaGetErrorName(e));
        if (e == cudaSuccess)
            CHECK(cudaDestroyTextureObject(o));
        CHECK(cudaFreeMipmappedArray(im));
    }

    std::vector<float4> c, g;
    // ---- tex2DLod, linear mipmap filter: the LOD's fraction ----
    {
        cudaTextureObject_t t = mip_texture(m, cudaFilterModeLinear, cudaFilterModeLinear, 0, 0, 4);
        c.clear();
        for (int k = -16; k <= 5 * 16 + 8; k++)
            c.push_back(P(0.5f, 0.5f, k / 16.0f));
        g.assign(c.size(), P(0, 0, 0));
        show("2D linear/linear, lod -1 .. 5.5 by 1/16", run(t, OP_2DLOD, c, g));
        c.clear();
        for (int k = 0; k <= 96; k++)
            c.push_back(P(0.5f, 0.5f, 1.0f + k / 1024.0f));
        c.push_back(P(0.5f, 0.5f, 1.0f + 1.0f / 512 - 1e-6f));
        c.push_back(P(0.5f, 0.5f, 1.0f + 1.0f / 256 - 1e-6f));
        c.push_back(P(0.5f, 0.5f, 2.0f - 1e-6f));
        c.push_back(P(0.5f, 0.5f, 0.999f));
        c.push_back(P(0.5f, 0.5f, 0.333333f));
        c.push_back(P(0.5f, 0.5f, 2.71828f));
        c.push_back(P(0.5f, 0.5f, -0.001f));
        c.push_back(P(0.5f, 0.5f, 3.99f));
        c.push_back(P(0.5f, 0.5f, 4.01f));
        c.push_back(P(0.5f, 0.5f, 100.0f));
        c.push_back(P(0.5f, 0.5f, -100.0f));
        g.assign(c.size(), P(0, 0, 0));
        show("2D linear/linear, lod 1 + k/1024 and odd values", run(t, OP_2DLOD, c, g));
        CHECK(cudaDestroyTextureObject(t));
    }
    // ---- point mipmap filter ----
    {
        cudaTextureObject_t t = mip_texture(m, cudaFilterModeLinear, cudaFilterModePoint, 0, 0, 4);
        c.clear();
        for (int k = -16; k <= 5 * 16 + 8; k++)
            c.push_back(P(0.5f, 0.5f, k / 16.0f));
        const float odd[] = {0.5f - 1e-6f, 0.5f + 1e-6f, 1.5f - 1.0f / 1024, 1.5f + 1.0f / 1024,
                             0.498f, 0.502f, -0.5f, -0.49f, 3.5f, 4.5f, 1.0f / 512, 0.4999f};
        for (float f : odd)
            c.push_back(P(0.5f, 0.5f, f));
        g.assign(c.size(), P(0, 0, 0));
        show("2D linear/point, lod -1 .. 5.5 by 1/16 and near halves", run(t, OP_2DLOD, c, g));
        CHECK(cudaDestroyTextureObject(t));
    }
    // ---- bias and clamps ----
    {
        struct { float bias, lo, hi; } d[] = {
            {0.5f, 0, 4}, {-0.75f, 0, 4}, {0, 1.0f, 3.0f}, {0, 1.25f, 2.5f}, {0.25f, 0.5f, 3.75f},
            {0, 0, 0}, {0, 3.0f, 1.0f}, {0, 0, 10.0f}, {0, -2.0f, 4}};
        c.clear();
        for (int k = -4; k <= 24; k++)
            c.push_back(P(0.5f, 0.5f, k / 4.0f));
        g.assign(c.size(), P(0, 0, 0));
        for (auto &s : d) {
            cudaTextureObject_t t =
                mip_texture(m, cudaFilterModeLinear, cudaFilterModeLinear, s.bias, s.lo, s.hi);
            char label[128];
            snprintf(label, sizeof label, "bias %g, clamp [%g, %g], lod -1 .. 6 by 1/4", s.bias,
                     s.lo, s.hi);
            show(label, run(t, OP_2DLOD, c, g));
            CHECK(cudaDestroyTextureObject(t));
        }
    }
    // ---- gradients ----
    // Gradients along the axes whose longer one is a power of two texels
    // long give whole LODs; the point mipmap filter rounds LODs that lie
    // well away from halves.
    {
        cudaTextureObject_t t = mip_texture(m, cudaFilterModeLinear, cudaFilterModeLinear, 0, 0, 4);
        struct { const char *label; float ax, ay, bx, by; } shapes[] = {
            {"dPdx (s, 0), dPdy 0", 1, 0, 0, 0},
            {"dPdx 0, dPdy (0, s)", 0, 0, 0, 1},
            {"dPdx (s, 0), dPdy (0, s)", 1, 0, 0, 1},
            {"dPdx (s, 0), dPdy (0, s/2)", 1, 0, 0, 0.5f},
            {"dPdx (0, s/4), dPdy (s, 0)", 0, 0.25f, 1, 0},
            {"dPdx (-s, 0), dPdy (0, -s/8)", -1, 0, 0, -0.125f},
        };
        for (auto &s : shapes) {
            c.clear();
            g.clear();
            for (int k = -3; k <= 7; k++) {
                float sz = exp2f((float)k) / 16.0f;
                c.push_back(P(0.5f, 0.5f, 0));
                g.push_back(P(s.ax * sz, s.ay * sz, s.bx * sz, s.by * sz));
            }
            c.push_back(P(0.5f, 0.5f, 0));
            g.push_back(P(0, 0, 0, 0));
            char label[128];
            snprintf(label, sizeof label, "tex2DGrad %s, s = 2^k / 16, k -3 .. 7, then 0", s.label);
            show(label, run(t, OP_2DGRAD, c, g));
        }
        CHECK(cudaDestroyTextureObject(t));
        t = mip_texture(m, cudaFilterModeLinear, cudaFilterModePoint, 0, 0, 4);
        c.clear();
        g.clear();
        for (int k = -8; k <= 40; k++) {
            if ((k & 7) == 4)
                continue;
            float sz = exp2f(k / 8.0f) / 16.0f;
            c.push_back(P(0.5f, 0.5f, 0));
            g.push_back(P(sz, 0, 0, sz));
        }
        show("tex2DGrad point mipmap filter, dPdx (s, 0), dPdy (0, s), s = 2^(k/8) / 16, "
             "k -8 .. 40 but 4 mod 8", run(t, OP_2DGRAD, c, g));
        CHECK(cudaDestroyTextureObject(t));
        t = mip_texture(m, cudaFilterModeLinear, cudaFilterModeLinear, 0.5f, 0.0f, 3.0f);
        c.clear();
        g.clear();
        for (int k = -2; k <= 5; k++) {
            float sz = exp2f((float)k) / 16.0f;
            c.push_back(P(0.5f, 0.5f, 0));
            g.push_back(P(sz, 0, 0, sz));
        }
        show("tex2DGrad bias 0.5, clamp [0, 3], s = 2^k / 16", run(t, OP_2DGRAD, c, g));
        CHECK(cudaDestroyTextureObject(t));
    }
    CHECK(cudaFreeMipmappedArray(m));

    // ---- a non-square texture: the gradient counts texels per axis ----
    CHECK(cudaMallocMipmappedArray(&m, &fdesc, make_cudaExtent(32, 8, 0), 6));
    fill(m, 6, level_value);
    {
        cudaTextureObject_t t = mip_texture(m, cudaFilterModeLinear, cudaFilterModeLinear, 0, 0, 5);
        c.clear();
        g.clear();
        for (int k = -2; k <= 6; k++) {
            float sz = exp2f((float)k) / 32.0f;
            c.push_back(P(0.5f, 0.5f, 0));
            g.push_back(P(sz, 0, 0, sz));
        }
        show("32x8 tex2DGrad dPdx (s, 0), dPdy (0, s), s = 2^k / 32", run(t, OP_2DGRAD, c, g));
        c.clear();
        g.clear();
        for (int k = -2; k <= 6; k++) {
            float sz = exp2f((float)k) / 32.0f;
            c.push_back(P(0.5f, 0.5f, 0));
            g.push_back(P(0, sz, 0, 0));
        }
        show("32x8 tex2DGrad dPdx (0, s), dPdy 0, s = 2^k / 32", run(t, OP_2DGRAD, c, g));
        c.clear();
        for (int k = -4; k <= 24; k++)
            c.push_back(P(0.5f, 0.5f, k / 4.0f));
        g.assign(c.size(), P(0, 0, 0));
        show("32x8 tex2DLod -1 .. 6 by 1/4 (6 levels)", run(t, OP_2DLOD, c, g));
        CHECK(cudaDestroyTextureObject(t));
    }
    CHECK(cudaFreeMipmappedArray(m));

    // ---- texels of each level: point filtering, then trilinear ----
    CHECK(cudaMallocMipmappedArray(&m, &fdesc, make_cudaExtent(16, 16, 0), 5));
    fill(m, 5, [](int l, int i, int j, int) { return 1000.0f * l + 16 * j + i; });
    {
        cudaTextureObject_t t = mip_texture(m, cudaFilterModePoint, cudaFilterModePoint, 0, 0, 4);
        c.clear();
        const float xs[] = {0.0f, 0.1f, 0.3f, 0.5f, 0.77f, 0.99f};
        for (int l = 0; l <= 4; l++)
            for (float x : xs)
                c.push_back(P(x, 1.0f - x, (float)l));
        g.assign(c.size(), P(0, 0, 0));
        show("texels, point/point, levels 0 .. 4 at 6 points", run(t, OP_2DLOD, c, g));
        CHECK(cudaDestroyTextureObject(t));
        t = mip_texture(m, cudaFilterModeLinear, cudaFilterModeLinear, 0, 0, 4);
        c.clear();
        const float lods[] = {0.0f, 0.5f, 1.0f};
        for (float l : lods)
            for (float x : xs)
                c.push_back(P(x, 0.3f + 0.5f * x, l));
        g.assign(c.size(), P(0, 0, 0));
        show("texels, linear/linear at 3 LODs, 6 points", run(t, OP_2DLOD, c, g));
        CHECK(cudaDestroyTextureObject(t));
    }
    CHECK(cudaFreeMipmappedArray(m));

    // ---- 1D, 3D, layered, cubemap ----
    {
        c.clear();
        for (int k = -4; k <= 24; k++)
            c.push_back(P(0.5f, 0.5f, k / 4.0f, 0.5f));
        std::vector<float4> cl = c;
        for (auto &p : cl)
            p.w = 1;
        std::vector<float4> zero(c.size(), P(0, 0, 0));

        CHECK(cudaMallocMipmappedArray(&m, &fdesc, make_cudaExtent(32, 0, 0), 6));
        fill(m, 6, level_value);
        cudaTextureObject_t t = mip_texture(m, cudaFilterModeLinear, cudaFilterModeLinear, 0, 0, 5);
        show("1D 32, tex1DLod -1 .. 6 by 1/4", run(t, OP_1DLOD, c, zero));
        g.clear();
        std::vector<float4> c1;
        for (int k = -2; k <= 7; k++) {
            c1.push_back(P(0.5f, 0, 0));
            g.push_back(P(exp2f((float)k) / 32.0f, 0, 0, 0));
        }
        show("1D 32, tex1DGrad dPdx s, dPdy 0, s = 2^k / 32", run(t, OP_1DGRAD, c1, g));
        for (auto &q : g)
            q = P(0, 0, -q.x, 0);
        show("1D 32, tex1DGrad dPdx 0, dPdy -s", run(t, OP_1DGRAD, c1, g));
        CHECK(cudaDestroyTextureObject(t));
        CHECK(cudaFreeMipmappedArray(m));

        CHECK(cudaMallocMipmappedArray(&m, &fdesc, make_cudaExtent(16, 8, 4), 5));
        fill(m, 5, level_value);
        t = mip_texture(m, cudaFilterModeLinear, cudaFilterModeLinear, 0, 0, 4);
        show("3D 16x8x4, tex3DLod -1 .. 6 by 1/4", run(t, OP_3DLOD, c, zero));
        g.clear();
        c1.clear();
        for (int k = -2; k <= 6; k++) {
            float sz = exp2f((float)k) / 16.0f;
            c1.push_back(P(0.5f, 0.5f, 0, 0.5f));
            g.push_back(P(sz, 0, 0, sz));
        }
        show("3D 16x8x4, tex3DGrad dPdx (s, 0, 0), dPdy (0, s, 0), s = 2^k / 16",
             run(t, OP_3DGRAD, c1, g));
        CHECK(cudaDestroyTextureObject(t));
        CHECK(cudaFreeMipmappedArray(m));

        CHECK(cudaMallocMipmappedArray(&m, &fdesc, make_cudaExtent(16, 0, 3), 5,
                                       cudaArrayLayered));
        fill(m, 5, [](int l, int, int, int k) { return 256.0f * l + 4096.0f * k; });
        t = mip_texture(m, cudaFilterModeLinear, cudaFilterModeLinear, 0, 0, 4);
        show("1D layered 16 x 3, layer 1, tex1DLayeredLod", run(t, OP_1DLLOD, cl, zero));
        CHECK(cudaDestroyTextureObject(t));
        CHECK(cudaFreeMipmappedArray(m));

        CHECK(cudaMallocMipmappedArray(&m, &fdesc, make_cudaExtent(16, 16, 2), 5,
                                       cudaArrayLayered));
        fill(m, 5, [](int l, int, int, int k) { return 256.0f * l + 4096.0f * k; });
        t = mip_texture(m, cudaFilterModeLinear, cudaFilterModeLinear, 0, 0, 4);
        show("2D layered 16x16 x 2, layer 1, tex2DLayeredLod", run(t, OP_2DLLOD, cl, zero));
        CHECK(cudaDestroyTextureObject(t));
        CHECK(cudaFreeMipmappedArray(m));

        CHECK(cudaMallocMipmappedArray(&m, &fdesc, make_cudaExtent(8, 8, 6), 4,
                                       cudaArrayCubemap));
        fill(m, 4, [](int l, int, int, int k) { return 256.0f * l + 4096.0f * k; });
        t = mip_texture(m, cudaFilterModeLinear, cudaFilterModeLinear, 0, 0, 3);
        std::vector<float4> cc;
        for (auto p : c) {
            cc.push_back(P(1.0f, 0.2f, p.z, -0.3f));
            cc.push_back(P(0.1f, -1.0f, p.z, 0.4f));
        }
        show("cubemap 8, 4 levels, texCubemapLod on +x and -y", run(t, OP_CUBELOD, cc,
             std::vector<float4>(cc.size(), P(0, 0, 0))));
        CHECK(cudaDestroyTextureObject(t));
        CHECK(cudaFreeMipmappedArray(m));
    }
    CHECK(cudaDeviceSynchronize());
    printf("done\n");
    return 0;
}
