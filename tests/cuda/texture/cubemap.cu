// cubemap.cu: cubemap and layered cubemap arrays (cudaMalloc3DArray with
// cudaArrayCubemap, cudaArrayCubemap | cudaArrayLayered): extents that
// fail, cudaArrayGetInfo, cudaMemcpy3D of faces; texCubemap and its
// pointer, Lod, Grad and layered forms: face selection along each axis,
// ties between axes, faces' edges, point and linear filtering under each
// address mode, normalized reads of uchar4 texels, unnormalized
// coordinates; surfCubemap and surfCubemapLayered reads and writes.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include "tex_common.h"

enum { C_CUBE, C_CUBE_PTR, C_LOD, C_GRAD, C_LAYERED, C_LAYERED_PTR, C_LAYERED_LOD,
       C_LAYERED_GRAD };

// c[i] = (x, y, z, layer).
template <class T>
__global__ void cube_kernel(cudaTextureObject_t t, int op, const float4 *c, T *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float4 p = c[i];
    float4 g = make_float4(0.25f, 0, 0, 0);
    T r;
    switch (op) {
    case C_CUBE: r = texCubemap<T>(t, p.x, p.y, p.z); break;
    case C_CUBE_PTR: texCubemap(&r, t, p.x, p.y, p.z); break;
    case C_LOD: r = texCubemapLod<T>(t, p.x, p.y, p.z, 0.0f); break;
    case C_GRAD: r = texCubemapGrad<T>(t, p.x, p.y, p.z, g, g); break;
    case C_LAYERED: r = texCubemapLayered<T>(t, p.x, p.y, p.z, (int)p.w); break;
    case C_LAYERED_PTR: texCubemapLayered(&r, t, p.x, p.y, p.z, (int)p.w); break;
    case C_LAYERED_LOD: r = texCubemapLayeredLod<T>(t, p.x, p.y, p.z, (int)p.w, 0.0f); break;
    default: r = texCubemapLayeredGrad<T>(t, p.x, p.y, p.z, (int)p.w, g, g); break;
    }
    out[i] = r;
}

template <class T>
static std::vector<T> fetch(cudaTextureObject_t t, int op, const std::vector<float4> &c)
{
    int n = (int)c.size();
    float4 *dc;
    T *dout;
    CHECK(cudaMalloc(&dc, n * sizeof(float4)));
    CHECK(cudaMalloc(&dout, n * sizeof(T)));
    CHECK(cudaMemcpy(dc, c.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
    cube_kernel<T><<<(n + 63) / 64, 64>>>(t, op, dc, dout, n);
    CHECK(cudaGetLastError());
    std::vector<T> out(n);
    CHECK(cudaMemcpy(out.data(), dout, n * sizeof(T), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(dc));
    CHECK(cudaFree(dout));
    return out;
}

// Point-sampled texels hold small integers: printed as such.
static void print_values(const char *label, const std::vector<float> &v, int per_line)
{
    printf("%s (%d)\n", label, (int)v.size());
    for (size_t i = 0; i < v.size(); i++) {
        if (i % per_line == 0)
            printf("%4d:", (int)i);
        printf(" %g", v[i]);
        if ((int)(i % per_line) == per_line - 1 || i + 1 == v.size())
            printf("\n");
    }
}

static const int W = 4;

static void run_print(const char *label, const std::vector<float> &v)
{
    printf("%s (%d)\n", label, (int)v.size());
    for (size_t i = 0; i < v.size(); i++) {
        if (i % 8 == 0)
            printf("%4d:", (int)i);
        printf(" %.9g", v[i]);
        if (i % 8 == 7 || i + 1 == v.size())
            printf("\n");
    }
}

// A W x W cubemap (layers cubemaps when layered) of floats: texel (i, j)
// of face f of cubemap l holds 1000 l + 100 f + 10 j + i.
static cudaArray_t float_cubemap(int layers, unsigned extra_flags = 0)
{
    std::vector<float> v(W * W * 6 * layers);
    for (int l = 0; l < layers; l++)
        for (int f = 0; f < 6; f++)
            for (int j = 0; j < W; j++)
                for (int i = 0; i < W; i++)
                    v[((l * 6 + f) * W + j) * W + i] = (float)(1000 * l + 100 * f + 10 * j + i);
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
    cudaArray_t a = 0;
    unsigned flags = cudaArrayCubemap | (layers > 1 ? cudaArrayLayered : 0) | extra_flags;
    CHECK(cudaMalloc3DArray(&a, &desc, make_cudaExtent(W, W, 6 * layers), flags));
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(v.data(), W * 4, W, W);
    p.dstArray = a;
    p.extent = make_cudaExtent(W, W, 6 * layers);
    p.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&p));
    return a;
}

static void extents()
{
    printf("== cudaMalloc3DArray extents\n");
    struct Case { size_t w, h, d; unsigned flags; } cases[] = {
        {4, 4, 6, cudaArrayCubemap},
        {4, 8, 6, cudaArrayCubemap},
        {8, 4, 6, cudaArrayCubemap},
        {4, 4, 5, cudaArrayCubemap},
        {4, 4, 12, cudaArrayCubemap},
        {4, 4, 0, cudaArrayCubemap},
        {4, 0, 6, cudaArrayCubemap},
        {1, 1, 6, cudaArrayCubemap},
        {4, 4, 6, cudaArrayCubemap | cudaArraySurfaceLoadStore},
        {4, 4, 6, cudaArrayCubemap | cudaArrayTextureGather},
        {4, 4, 6, cudaArrayCubemap | cudaArrayLayered},
        {4, 4, 12, cudaArrayCubemap | cudaArrayLayered},
        {4, 4, 9, cudaArrayCubemap | cudaArrayLayered},
        {4, 4, 0, cudaArrayCubemap | cudaArrayLayered},
        {4, 2, 12, cudaArrayCubemap | cudaArrayLayered},
        {1, 1, 6 * 341, cudaArrayCubemap | cudaArrayLayered},
        {1, 1, 6 * 342, cudaArrayCubemap | cudaArrayLayered},
        {1, 1, 6 * 2046, cudaArrayCubemap | cudaArrayLayered},
        {1, 1, 6 * 2047, cudaArrayCubemap | cudaArrayLayered},
    };
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<unsigned char>();
    for (auto &c : cases) {
        cudaArray_t a = 0;
        cudaError_t e = cudaMalloc3DArray(&a, &desc, make_cudaExtent(c.w, c.h, c.d), c.flags);
        printf("%zux%zux%zu flags %#x: %s", c.w, c.h, c.d, c.flags, cudaGetErrorName(e));
        if (e == cudaSuccess) {
            cudaChannelFormatDesc d;
            cudaExtent x;
            unsigned f = 0;
            CHECK(cudaArrayGetInfo(&d, &x, &f, a));
            printf(" -> extent %zu %zu %zu flags %#x", x.width, x.height, x.depth, f);
            CHECK(cudaFreeArray(a));
        }
        printf("\n");
    }
    cudaArray_t a = 0;
    printf("cudaMallocArray 4x4 cubemap: %s\n",
           cudaGetErrorName(cudaMallocArray(&a, &desc, 4, 4, cudaArrayCubemap)));
    cudaGetLastError();
}

static cudaTextureObject_t cube_texture(cudaArray_t a, cudaTextureFilterMode f,
                                        cudaTextureAddressMode m, int normalized,
                                        cudaTextureReadMode read = cudaReadModeElementType)
{
    const float border[4] = {-1.0f, -2.0f, -3.0f, -4.0f};
    return array_texture(a, f, m, normalized, read, border);
}

static void faces(cudaArray_t a)
{
    printf("== face selection, point sampling\n");
    cudaTextureObject_t t = cube_texture(a, cudaFilterModePoint, cudaAddressModeClamp, 1);
    // Every direction of a grid: strict majors and all kinds of ties.
    const float g[6] = {-1.0f, -0.6f, -0.2f, 0.2f, 0.6f, 1.0f};
    std::vector<float4> c;
    for (int k = 0; k < 6; k++)
        for (int j = 0; j < 6; j++)
            for (int i = 0; i < 6; i++)
                c.push_back(P(g[i], g[j], g[k]));
    print_values("grid x fastest, then y, then z", fetch<float>(t, C_CUBE, c), 12);

    // Ties among the axes with -1, 0, +1 components, and the zero vectors.
    c.clear();
    for (int k = -1; k <= 1; k++)
        for (int j = -1; j <= 1; j++)
            for (int i = -1; i <= 1; i++)
                c.push_back(P((float)i, (float)j, (float)k));
    c.push_back(P(-0.0f, 0, 0));
    c.push_back(P(0, -0.0f, 0));
    c.push_back(P(0, 0, -0.0f));
    c.push_back(P(-0.0f, -0.0f, -0.0f));
    c.push_back(P(1e-30f, 0, 0));
    c.push_back(P(0, -1e-30f, 0));
    c.push_back(P(1e30f, 1e30f, 0));
    c.push_back(P(3.0f, -3.0f, 3.0f));
    print_values("unit ties x fastest, then signed zeros, tiny, huge", fetch<float>(t, C_CUBE, c),
                 9);

    // On each face, the major axis scaled (ma 1, 2.5, 0.3) and s, t at
    // texel boundaries and at the face's edges.
    const float sc[9] = {-1.0f, -0.75f, -0.5f, -0.25f, 0.0f, 0.25f, 0.5f, 0.75f, 1.0f};
    const float ma[3] = {1.0f, 2.5f, 0.3f};
    c.clear();
    for (int f = 0; f < 6; f++)
        for (int m = 0; m < 3; m++)
            for (int k = 0; k < 9; k++) {
                // s runs along sc[k]; t along sc[8 - k].
                float s = sc[k] * ma[m], tt = sc[8 - k] * ma[m], M = ma[m];
                float4 p;
                switch (f) {
                case 0: p = P(M, -tt, -s); break;
                case 1: p = P(-M, -tt, s); break;
                case 2: p = P(s, M, tt); break;
                case 3: p = P(s, -M, -tt); break;
                case 4: p = P(s, -tt, M); break;
                default: p = P(-s, -tt, -M); break;
                }
                c.push_back(p);
            }
    print_values("faces: 9 (s, t) at boundaries for ma 1, 2.5, 0.3", fetch<float>(t, C_CUBE, c),
                 9);
    print_values("same through the pointer form", fetch<float>(t, C_CUBE_PTR, c), 9);
    CHECK(cudaDestroyTextureObject(t));

    // Unnormalized coordinates.
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModePoint;
    td.readMode = cudaReadModeElementType;
    td.normalizedCoords = 0;
    cudaTextureObject_t u = 0;
    cudaError_t e = cudaCreateTextureObject(&u, &rd, &td, NULL);
    printf("unnormalized cubemap texture: %s\n", cudaGetErrorName(e));
    if (e == cudaSuccess) {
        c.clear();
        for (int i = 0; i < 9; i++)
            c.push_back(P(1.0f, sc[i], 0.5f * sc[8 - i]));
        print_values("unnormalized, face 0", fetch<float>(u, C_CUBE, c), 9);
        CHECK(cudaDestroyTextureObject(u));
    }
}

static void linear(cudaArray_t a)
{
    printf("== linear filtering\n");
    // Along s across face 4 (+z) and face 1 (-x), t fixed, and at the
    // corners: the filter's footprint leaves the face.
    std::vector<float4> c;
    for (int k = 0; k <= 16; k++) {
        float s = -1.0f + k / 8.0f;
        c.push_back(P(s, -0.3125f, 1.0f));
    }
    for (int k = 0; k <= 16; k++) {
        float s = -1.0f + k / 8.0f;
        c.push_back(P(-2.0f, 0.875f * 2.0f, s * 2.0f));
    }
    c.push_back(P(1, 1, 1));
    c.push_back(P(-0.96875f, 0.96875f, 1));
    c.push_back(P(0.96875f, -0.96875f, -1));
    c.push_back(P(0.999f, 0.999f, 1));
    const cudaTextureAddressMode modes[4] = {cudaAddressModeWrap, cudaAddressModeClamp,
                                             cudaAddressModeMirror, cudaAddressModeBorder};
    for (int m = 0; m < 4; m++) {
        cudaTextureObject_t t = cube_texture(a, cudaFilterModeLinear, modes[m], 1);
        char label[96];
        snprintf(label, sizeof label, "linear %s: face 4 along s, face 1 along s, corners",
                 mode_name(modes[m]));
        run_print(label, fetch<float>(t, C_CUBE, c));
        CHECK(cudaDestroyTextureObject(t));
    }

    // Directions of no particular shape: the face coordinates' rounding.
    c.clear();
    for (int i = 0; i < 48; i++) {
        /* One draw after another, in the order the GPU run's host compiler
         * (g++) evaluated the three arguments: right to left. */
        float z = rand_float(3, 2), y = rand_float(3, 2), x = rand_float(3, 2);
        c.push_back(P(x, y, z));
    }
    cudaTextureObject_t t = cube_texture(a, cudaFilterModeLinear, cudaAddressModeClamp, 1);
    std::vector<float> v = fetch<float>(t, C_CUBE, c);
    dump("linear clamp, random directions (bits)", v.data(), (int)v.size(), 4, 4, 8);
    v = fetch<float>(t, C_LOD, c);
    dump("texCubemapLod level 0", v.data(), (int)v.size(), 4, 4, 8);
    v = fetch<float>(t, C_GRAD, c);
    dump("texCubemapGrad", v.data(), (int)v.size(), 4, 4, 8);
    CHECK(cudaDestroyTextureObject(t));
    t = cube_texture(a, cudaFilterModePoint, cudaAddressModeClamp, 1);
    v = fetch<float>(t, C_CUBE, c);
    print_values("point clamp, random directions", v, 12);
    CHECK(cudaDestroyTextureObject(t));
}

static void normalized_uchar4()
{
    printf("== uchar4, cudaReadModeNormalizedFloat\n");
    std::vector<uchar4> v(W * W * 6);
    for (int f = 0; f < 6; f++)
        for (int j = 0; j < W; j++)
            for (int i = 0; i < W; i++)
                v[(f * W + j) * W + i] =
                    make_uchar4(40 * f + 3 * i, 60 * j + 7, 255 - 17 * i - 5 * j, 42 * f);
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<uchar4>();
    cudaArray_t a = 0;
    CHECK(cudaMalloc3DArray(&a, &desc, make_cudaExtent(W, W, 6), cudaArrayCubemap));
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(v.data(), W * 4, W, W);
    p.dstArray = a;
    p.extent = make_cudaExtent(W, W, 6);
    p.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&p));
    std::vector<float4> c;
    for (int f = 0; f < 6; f++)
        for (int k = 0; k < 3; k++) {
            float s = -0.8125f + 0.5625f * k, tt = 0.4375f - 0.375f * k;
            float4 d;
            switch (f) {
            case 0: d = P(1, -tt, -s); break;
            case 1: d = P(-1, -tt, s); break;
            case 2: d = P(s, 1, tt); break;
            case 3: d = P(s, -1, -tt); break;
            case 4: d = P(s, -tt, 1); break;
            default: d = P(-s, -tt, -1); break;
            }
            c.push_back(d);
        }
    for (int f = 0; f < 2; f++) {
        cudaTextureObject_t t = cube_texture(a, f ? cudaFilterModeLinear : cudaFilterModePoint,
                                             cudaAddressModeClamp, 1, cudaReadModeNormalizedFloat);
        std::vector<float4> r = fetch<float4>(t, C_CUBE, c);
        printf("%s (%d)\n", f ? "linear" : "point", (int)r.size());
        for (size_t i = 0; i < r.size(); i++)
            printf("%4d: %.9g %.9g %.9g %.9g\n", (int)i, r[i].x, r[i].y, r[i].z, r[i].w);
        CHECK(cudaDestroyTextureObject(t));
    }
    cudaTextureObject_t t = cube_texture(a, cudaFilterModePoint, cudaAddressModeClamp, 1);
    std::vector<uchar4> r = fetch<uchar4>(t, C_CUBE, c);
    printf("element type (%d)\n", (int)r.size());
    for (size_t i = 0; i < r.size(); i++)
        printf("%s%d,%d,%d,%d", i % 6 ? " " : i ? "\n" : "", r[i].x, r[i].y, r[i].z, r[i].w);
    printf("\n");
    CHECK(cudaDestroyTextureObject(t));
    CHECK(cudaFreeArray(a));
}

static void layered_cubemaps()
{
    printf("== layered cubemaps\n");
    cudaArray_t a = float_cubemap(3);
    cudaChannelFormatDesc d;
    cudaExtent x;
    unsigned f = 0;
    CHECK(cudaArrayGetInfo(&d, &x, &f, a));
    printf("extent %zu %zu %zu flags %#x\n", x.width, x.height, x.depth, f);
    std::vector<float4> c;
    const float4 dirs[7] = {P(1, 0.3f, -0.4f), P(-1, 0.3f, -0.4f), P(0.3f, 1, -0.4f),
                            P(0.3f, -1, -0.4f), P(0.3f, -0.4f, 1), P(0.3f, -0.4f, -1),
                            P(0.5f, 0.5f, 0.5f)};
    for (int l = -1; l <= 3; l++)
        for (int i = 0; i < 7; i++)
            c.push_back(make_float4(dirs[i].x, dirs[i].y, dirs[i].z, (float)l));
    cudaTextureObject_t t = cube_texture(a, cudaFilterModePoint, cudaAddressModeClamp, 1);
    print_values("texCubemapLayered point, layers -1..3", fetch<float>(t, C_LAYERED, c), 7);
    print_values("pointer form", fetch<float>(t, C_LAYERED_PTR, c), 7);
    print_values("texCubemapLayeredLod", fetch<float>(t, C_LAYERED_LOD, c), 7);
    print_values("texCubemapLayeredGrad", fetch<float>(t, C_LAYERED_GRAD, c), 7);
    CHECK(cudaDestroyTextureObject(t));
    t = cube_texture(a, cudaFilterModeLinear, cudaAddressModeClamp, 1);
    run_print("texCubemapLayered linear", fetch<float>(t, C_LAYERED, c));
    CHECK(cudaDestroyTextureObject(t));

    // Faces are layers to cudaMemcpy3D: a box across cubemaps 0 and 1.
    std::vector<float> box(2 * 3 * 4);
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcArray = a;
    p.srcPos = make_cudaPos(1, 1, 4);
    p.dstPtr = make_cudaPitchedPtr(box.data(), 2 * 4, 2, 3);
    p.extent = make_cudaExtent(2, 3, 4);
    p.kind = cudaMemcpyDeviceToHost;
    CHECK(cudaMemcpy3D(&p));
    print_values("cudaMemcpy3D out of faces 4..7", box, 6);
    p.srcPos = make_cudaPos(1, 1, 16);
    printf("box past the last face: %s\n", cudaGetErrorName(cudaMemcpy3D(&p)));
    cudaGetLastError();
    CHECK(cudaFreeArray(a));
}

__global__ void surf_fill(cudaSurfaceObject_t s)
{
    int x = threadIdx.x, y = threadIdx.y, f = threadIdx.z;
    surfCubemapwrite(0.5f + 100 * f + 10 * y + x, s, x * 4, y, f);
}

__global__ void surf_read(cudaSurfaceObject_t s, float *out)
{
    int x = threadIdx.x, y = threadIdx.y, f = threadIdx.z;
    int i = (f * W + y) * W + x;
    out[i] = surfCubemapread<float>(s, x * 4, y, f);
    surfCubemapread(&out[96 + i], s, x * 4 + 8, y, f, cudaBoundaryModeZero);
    out[192 + i] = surfCubemapread<float>(s, x * 4 - 4, y + 1, f, cudaBoundaryModeClamp);
}

__global__ void surf_layered(cudaSurfaceObject_t s, float *out)
{
    int x = threadIdx.x, y = threadIdx.y, lf = threadIdx.z;
    surfCubemapLayeredwrite(-(float)(1000 * lf + 10 * y + x), s, x * 4, y, lf);
    __syncthreads();
    int i = (lf * W + y) * W + x;
    out[i] = surfCubemapLayeredread<float>(s, x * 4, y, lf);
    surfCubemapLayeredread(&out[W * W * 12 + i], s, x * 4, 3 - y, 11 - lf);
}

static void surfaces()
{
    printf("== surfaces\n");
    cudaArray_t a = float_cubemap(1, cudaArraySurfaceLoadStore);
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a;
    cudaSurfaceObject_t s = 0;
    CHECK(cudaCreateSurfaceObject(&s, &rd));
    surf_fill<<<1, dim3(W, W, 6)>>>(s);
    CHECK(cudaGetLastError());
    float *d;
    CHECK(cudaMalloc(&d, 3 * 96 * sizeof(float)));
    surf_read<<<1, dim3(W, W, 6)>>>(s, d);
    CHECK(cudaGetLastError());
    std::vector<float> v(3 * 96);
    CHECK(cudaMemcpy(v.data(), d, v.size() * sizeof(float), cudaMemcpyDeviceToHost));
    print_values("surfCubemapread: plain, zero past x, clamp before x", v, 16);
    // The texture sees what the surface wrote.
    cudaTextureObject_t t = cube_texture(a, cudaFilterModePoint, cudaAddressModeClamp, 1);
    std::vector<float4> c = {P(1, 0, 0), P(-1, 0, 0), P(0, 1, 0), P(0, -1, 0), P(0, 0, 1),
                             P(0, 0, -1)};
    print_values("texCubemap after surfCubemapwrite", fetch<float>(t, C_CUBE, c), 6);
    CHECK(cudaDestroyTextureObject(t));
    CHECK(cudaDestroySurfaceObject(s));
    CHECK(cudaFreeArray(a));
    CHECK(cudaFree(d));

    a = float_cubemap(2, cudaArraySurfaceLoadStore);
    rd.res.array.array = a;
    CHECK(cudaCreateSurfaceObject(&s, &rd));
    CHECK(cudaMalloc(&d, 2 * W * W * 12 * sizeof(float)));
    surf_layered<<<1, dim3(W, W, 12)>>>(s, d);
    CHECK(cudaGetLastError());
    v.resize(2 * W * W * 12);
    CHECK(cudaMemcpy(v.data(), d, v.size() * sizeof(float), cudaMemcpyDeviceToHost));
    print_values("surfCubemapLayeredread: own texel, mirrored texel", v, 16);
    // The second cubemap's faces through cudaMemcpy3D.
    std::vector<float> host(W * W * 6);
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcArray = a;
    p.srcPos = make_cudaPos(0, 0, 6);
    p.dstPtr = make_cudaPitchedPtr(host.data(), W * 4, W, W);
    p.extent = make_cudaExtent(W, W, 6);
    p.kind = cudaMemcpyDeviceToHost;
    CHECK(cudaMemcpy3D(&p));
    print_values("cubemap 1 after surfCubemapLayeredwrite", host, 16);
    CHECK(cudaDestroySurfaceObject(s));
    CHECK(cudaFreeArray(a));
    CHECK(cudaFree(d));
}

int main()
{
    extents();
    cudaArray_t a = float_cubemap(1);
    // One face replaced through cudaMemcpy3D at z = 3.
    std::vector<float> face(W * W);
    for (int i = 0; i < W * W; i++)
        face[i] = 300.0f + 10 * (i / W) + (i % W) + 0.5f;
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(face.data(), W * 4, W, W);
    p.dstArray = a;
    p.dstPos = make_cudaPos(0, 0, 3);
    p.extent = make_cudaExtent(W, W, 1);
    p.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&p));
    p.dstPos = make_cudaPos(0, 0, 6);
    printf("copy to face 6 of a cubemap: %s\n", cudaGetErrorName(cudaMemcpy3D(&p)));
    cudaGetLastError();
    std::vector<float> all(W * W * 6);
    memset(&p, 0, sizeof p);
    p.srcArray = a;
    p.dstPtr = make_cudaPitchedPtr(all.data(), W * 4, W, W);
    p.extent = make_cudaExtent(W, W, 6);
    p.kind = cudaMemcpyDeviceToHost;
    CHECK(cudaMemcpy3D(&p));
    print_values("cubemap read back", all, 16);

    faces(a);
    linear(a);
    CHECK(cudaFreeArray(a));
    normalized_uchar4();
    layered_cubemaps();
    surfaces();
    return 0;
}
