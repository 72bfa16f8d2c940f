// cubemap_seamless.cu: cudaTextureDesc::seamlessCubemap: linear filtering
// near and across the faces' edges of cubemaps and layered cubemaps (the
// footprint takes texels of the neighbouring faces; never the cube's
// corners, where simt's mean of three texels is not the GPU's), point
// sampling unchanged, and what cudaCreateTextureObject says to the flag
// on arrays that are not cubemaps.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include "tex_common.h"

static const int W = 4;

__global__ void cube(cudaTextureObject_t t, const float4 *c, float *out, int n, int layered)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float4 p = c[i];
    out[i] = layered ? texCubemapLayered<float>(t, p.x, p.y, p.z, (int)p.w)
                     : texCubemap<float>(t, p.x, p.y, p.z);
}

static std::vector<float> fetch(cudaTextureObject_t t, const std::vector<float4> &c, int layered)
{
    int n = (int)c.size();
    float4 *dc;
    float *dout;
    CHECK(cudaMalloc(&dc, n * sizeof(float4)));
    CHECK(cudaMalloc(&dout, n * sizeof(float)));
    CHECK(cudaMemcpy(dc, c.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
    cube<<<(n + 63) / 64, 64>>>(t, dc, dout, n, layered);
    CHECK(cudaGetLastError());
    std::vector<float> out(n);
    CHECK(cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(dc));
    CHECK(cudaFree(dout));
    return out;
}

static void print_values(const char *label, const std::vector<float> &v, int per_line)
{
    printf("%s (%d)\n", label, (int)v.size());
    for (size_t i = 0; i < v.size(); i++) {
        if (i % per_line == 0)
            printf("%4d:", (int)i);
        printf(" %.9g", v[i]);
        if ((int)(i % per_line) == per_line - 1 || i + 1 == v.size())
            printf("\n");
    }
}

// Texel (i, j) of face f of cubemap l: 1000 l + 100 f + 10 j + i, or
// for `spread`, values far apart so that each texel's share shows.
static cudaArray_t cubemap(int layers, int spread)
{
    std::vector<float> v(W * W * 6 * layers);
    for (int l = 0; l < layers; l++)
        for (int f = 0; f < 6; f++)
            for (int j = 0; j < W; j++)
                for (int i = 0; i < W; i++)
                    v[((l * 6 + f) * W + j) * W + i] =
                        spread ? (float)((f * 7 + j * 3 + i * 5) % 11) * 64.0f + 1000 * l
                               : (float)(1000 * l + 100 * f + 10 * j + i);
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
    cudaArray_t a = 0;
    CHECK(cudaMalloc3DArray(&a, &desc, make_cudaExtent(W, W, 6 * layers),
                            cudaArrayCubemap | (layers > 1 ? cudaArrayLayered : 0)));
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(v.data(), W * 4, W, W);
    p.dstArray = a;
    p.extent = make_cudaExtent(W, W, 6 * layers);
    p.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&p));
    return a;
}

static cudaError_t make(cudaTextureObject_t *t, cudaArray_t a, cudaTextureFilterMode f,
                        cudaTextureAddressMode m, int seamless)
{
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = m;
    td.filterMode = f;
    td.readMode = cudaReadModeElementType;
    td.normalizedCoords = 1;
    td.seamlessCubemap = seamless;
    td.borderColor[0] = -1.0f;
    return cudaCreateTextureObject(t, &rd, &td, NULL);
}

// Direction of face coordinates (s, t) in [-1, 1] on face f, major axis m.
static float4 dir(int f, float s, float t, float m = 1.0f, int layer = 0)
{
    s *= m;
    t *= m;
    switch (f) {
    case 0: return P(m, -t, -s, (float)layer);
    case 1: return P(-m, -t, s, (float)layer);
    case 2: return P(s, m, t, (float)layer);
    case 3: return P(s, -m, -t, (float)layer);
    case 4: return P(s, -t, m, (float)layer);
    default: return P(-s, -t, -m, (float)layer);
    }
}

int main()
{
    // Arrays that are not cubemaps.
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
    cudaArray_t a2, a3;
    CHECK(cudaMallocArray(&a2, &desc, 4, 4));
    CHECK(cudaMalloc3DArray(&a3, &desc, make_cudaExtent(4, 4, 6), cudaArrayLayered));
    cudaTextureObject_t t = 0;
    cudaError_t e = make(&t, a2, cudaFilterModeLinear, cudaAddressModeClamp, 1);
    printf("seamless on a 2D array: %s\n", cudaGetErrorName(e));
    if (e == cudaSuccess)
        CHECK(cudaDestroyTextureObject(t));
    e = make(&t, a3, cudaFilterModeLinear, cudaAddressModeClamp, 1);
    printf("seamless on a 2D layered array: %s\n", cudaGetErrorName(e));
    if (e == cudaSuccess)
        CHECK(cudaDestroyTextureObject(t));
    cudaGetLastError();
    CHECK(cudaFreeArray(a2));
    CHECK(cudaFreeArray(a3));

    // Across one edge at a time: one coordinate within 0.625 of the centre.
    const float g[7] = {-1.0f, -0.875f, -0.75f, 0.0f, 0.75f, 0.875f, 1.0f};
    const float h[3] = {-0.5f, 0.25f, 0.625f};
    std::vector<float4> c;
    for (int f = 0; f < 6; f++)
        for (int j = 0; j < 3; j++)
            for (int i = 0; i < 7; i++) {
                c.push_back(dir(f, g[i], h[j]));
                c.push_back(dir(f, h[j], g[i]));
            }
    for (int spread = 0; spread < 2; spread++) {
        cudaArray_t a = cubemap(1, spread);
        const cudaTextureAddressMode modes[2] = {cudaAddressModeClamp, cudaAddressModeBorder};
        for (int m = 0; m < (spread ? 1 : 2); m++) {
            CHECK(make(&t, a, cudaFilterModeLinear, modes[m], 1));
            char label[96];
            snprintf(label, sizeof label, "%s seamless linear %s: 42 per face",
                     spread ? "spread" : "plain", mode_name(modes[m]));
            print_values(label, fetch(t, c, 0), 7);
            CHECK(cudaDestroyTextureObject(t));
        }
        if (!spread) {
            CHECK(make(&t, a, cudaFilterModePoint, cudaAddressModeClamp, 1));
            print_values("seamless point", fetch(t, c, 0), 14);
            CHECK(cudaDestroyTextureObject(t));
        }
        // Directions of no particular shape, nearer the edges.
        std::vector<float4> r;
        for (int i = 0; i < 48; i++) {
            float s = rand_float(6, 1), tt = rand_float(6, 1);
            s = s < 0 ? -1.0f - s / 16 : 1.0f - s / 16;
            r.push_back(dir(i % 6, s, tt / 4, rand_float(2, 2) * (i & 1 ? 1 : -1) > 0 ? 1.5f : 0.75f));
        }
        CHECK(make(&t, a, cudaFilterModeLinear, cudaAddressModeClamp, 1));
        std::vector<float> v = fetch(t, r, 0);
        dump(spread ? "spread, near edges (bits)" : "plain, near edges (bits)", v.data(),
             (int)v.size(), 4, 4, 8);
        CHECK(cudaDestroyTextureObject(t));
        CHECK(cudaFreeArray(a));
    }

    cudaArray_t a = cubemap(2, 0);
    c.clear();
    for (int l = 0; l < 3; l++)
        for (int f = 0; f < 6; f++)
            for (int k = 0; k < 4; k++)
                c.push_back(dir(f, k & 1 ? 1.0f : -0.9375f, k & 2 ? 0.5f : -0.25f, 2.0f, l));
    CHECK(make(&t, a, cudaFilterModeLinear, cudaAddressModeClamp, 1));
    print_values("layered seamless linear, layers 0..2", fetch(t, c, 1), 8);
    CHECK(cudaDestroyTextureObject(t));
    CHECK(cudaFreeArray(a));
    return 0;
}
