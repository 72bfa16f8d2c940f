// fetch_linear.cu: tex1Dfetch from textures over linear memory, for each
// channel format: element reads (in range, and out of range, which reads
// 0), channels the format lacks, normalized-float reads of every 8-bit
// value and of 16-bit values, half floats; and the descriptors the
// getters return.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include "tex_common.h"

static cudaTextureObject_t linear_texture(const void *host, size_t bytes, cudaChannelFormatDesc d,
                                          cudaTextureReadMode read = cudaReadModeElementType,
                                          void **dev_out = 0)
{
    void *dev;
    CHECK(cudaMalloc(&dev, bytes));
    CHECK(cudaMemcpy(dev, host, bytes, cudaMemcpyHostToDevice));
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeLinear;
    rd.res.linear.devPtr = dev;
    rd.res.linear.desc = d;
    rd.res.linear.sizeInBytes = bytes;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.readMode = read;
    cudaTextureObject_t t = 0;
    CHECK(cudaCreateTextureObject(&t, &rd, &td, NULL));
    if (dev_out)
        *dev_out = dev;
    return t;
}

static std::vector<float4> indices(int lo, int hi)
{
    std::vector<float4> c;
    for (int i = lo; i <= hi; i++)
        c.push_back(P((float)i));
    return c;
}

template <class T> static std::vector<T> random_bytes(int n)
{
    std::vector<T> v(n);
    unsigned char *p = (unsigned char *)v.data();
    for (size_t i = 0; i < n * sizeof(T); i++)
        p[i] = (unsigned char)rng();
    return v;
}

int main()
{
    // Element reads, in and out of range.
    {
        std::vector<float> v(64);
        for (auto &x : v)
            x = rand_float(20, 20);
        cudaTextureObject_t t = linear_texture(v.data(), 256, cudaCreateChannelDesc<float>());
        run<float>("float", t, OP_FETCH, indices(-3, 67));
        run<float4>("float as float4", t, OP_FETCH, indices(-1, 4), 4, 4);
        run<float2>("float as float2", t, OP_FETCH, indices(-1, 4), 4, 4);
        CHECK(cudaDestroyTextureObject(t));
    }
    {
        auto v = random_bytes<float2>(16);
        cudaTextureObject_t t = linear_texture(v.data(), v.size() * 8, cudaCreateChannelDesc<float2>());
        run<float2>("float2", t, OP_FETCH, indices(-1, 17), 4, 4);
        run<float4>("float2 as float4", t, OP_FETCH, indices(-1, 3), 4, 4);
        run<float>("float2 as float", t, OP_FETCH, indices(0, 3), 4, 4);
        CHECK(cudaDestroyTextureObject(t));
    }
    {
        std::vector<float4> v(16);
        for (auto &x : v)
        {
            float w = rand_float(5, 5), z = rand_float(5, 5), y = rand_float(5, 5);
            x = make_float4(rand_float(5, 5), y, z, w);
        }
        cudaTextureObject_t t = linear_texture(v.data(), v.size() * 16, cudaCreateChannelDesc<float4>());
        run<float4>("float4", t, OP_FETCH, indices(-1, 17), 4, 4);
        CHECK(cudaDestroyTextureObject(t));
    }
    {
        auto v = random_bytes<int>(32);
        cudaTextureObject_t t = linear_texture(v.data(), v.size() * 4, cudaCreateChannelDesc<int>());
        run<int>("int", t, OP_FETCH, indices(-2, 33));
        run<int4>("int as int4", t, OP_FETCH, indices(0, 3), 4, 4);
        CHECK(cudaDestroyTextureObject(t));
    }
    {
        auto v = random_bytes<uint2>(16);
        cudaTextureObject_t t = linear_texture(v.data(), v.size() * 8, cudaCreateChannelDesc<uint2>());
        run<uint2>("uint2", t, OP_FETCH, indices(-1, 16), 4, 4);
        CHECK(cudaDestroyTextureObject(t));
    }
    {
        auto v = random_bytes<short>(32);
        cudaTextureObject_t t = linear_texture(v.data(), v.size() * 2, cudaCreateChannelDesc<short>());
        run<short>("short", t, OP_FETCH, indices(-1, 32), 2, 16);
        run<int>("short as int", t, OP_FETCH, indices(0, 15), 4, 16);
        CHECK(cudaDestroyTextureObject(t));
    }
    {
        auto v = random_bytes<ushort4>(16);
        cudaTextureObject_t t = linear_texture(v.data(), v.size() * 8, cudaCreateChannelDesc<ushort4>());
        run<ushort4>("ushort4", t, OP_FETCH, indices(-1, 16), 2, 4);
        CHECK(cudaDestroyTextureObject(t));
    }
    {
        auto v = random_bytes<signed char>(64);
        cudaTextureObject_t t = linear_texture(v.data(), v.size(), cudaCreateChannelDesc<signed char>());
        run<signed char>("signed char", t, OP_FETCH, indices(-1, 64), 1, 16);
        run<int>("signed char as int", t, OP_FETCH, indices(0, 15), 4, 16);
        run<uint4>("signed char as uint4", t, OP_FETCH, indices(0, 3), 4, 4);
        CHECK(cudaDestroyTextureObject(t));
    }
    {
        auto v = random_bytes<uchar4>(32);
        cudaTextureObject_t t = linear_texture(v.data(), v.size() * 4, cudaCreateChannelDesc<uchar4>());
        run<uchar4>("uchar4", t, OP_FETCH, indices(-1, 32), 1, 8);
        CHECK(cudaDestroyTextureObject(t));
    }
    {
        auto v = random_bytes<uchar2>(16);
        cudaTextureObject_t t = linear_texture(v.data(), v.size() * 2, cudaCreateChannelDesc<uchar2>());
        run<uchar2>("uchar2", t, OP_FETCH, indices(-1, 16), 1, 8);
        run<uchar4>("uchar2 as uchar4", t, OP_FETCH, indices(0, 3), 1, 4);
        CHECK(cudaDestroyTextureObject(t));
    }

    // Normalized-float reads: every 8-bit value, 16-bit values at both ends
    // and random ones.
    {
        std::vector<unsigned char> u(256);
        for (int i = 0; i < 256; i++)
            u[i] = (unsigned char)i;
        cudaTextureObject_t t = linear_texture(u.data(), 256, cudaCreateChannelDesc<unsigned char>(),
                                               cudaReadModeNormalizedFloat);
        run<float>("unsigned char normalized", t, OP_FETCH, indices(-1, 256));
        run<float4>("unsigned char normalized as float4", t, OP_FETCH, indices(0, 3), 4, 4);
        CHECK(cudaDestroyTextureObject(t));
        t = linear_texture(u.data(), 256, cudaCreateChannelDesc<signed char>(),
                           cudaReadModeNormalizedFloat);
        run<float>("signed char normalized", t, OP_FETCH, indices(0, 255));
        CHECK(cudaDestroyTextureObject(t));
        t = linear_texture(u.data(), 256, cudaCreateChannelDesc<uchar4>(),
                           cudaReadModeNormalizedFloat);
        run<float4>("uchar4 normalized", t, OP_FETCH, indices(0, 63), 4, 4);
        CHECK(cudaDestroyTextureObject(t));
        t = linear_texture(u.data(), 256, cudaCreateChannelDesc<char2>(),
                           cudaReadModeNormalizedFloat);
        run<float2>("char2 normalized", t, OP_FETCH, indices(0, 127), 4, 8);
        CHECK(cudaDestroyTextureObject(t));
    }
    {
        std::vector<unsigned short> u;
        for (int i = 0; i < 128; i++)
            u.push_back((unsigned short)i);
        for (int i = 32640; i < 32896; i++)
            u.push_back((unsigned short)i);
        for (int i = 65408; i < 65536; i++)
            u.push_back((unsigned short)i);
        for (int i = 0; i < 512; i++)
            u.push_back((unsigned short)rng());
        int n = (int)u.size();
        cudaTextureObject_t t = linear_texture(u.data(), n * 2, cudaCreateChannelDesc<unsigned short>(),
                                               cudaReadModeNormalizedFloat);
        run<float>("unsigned short normalized", t, OP_FETCH, indices(0, n - 1));
        CHECK(cudaDestroyTextureObject(t));
        t = linear_texture(u.data(), n * 2, cudaCreateChannelDesc<short>(), cudaReadModeNormalizedFloat);
        run<float>("short normalized", t, OP_FETCH, indices(0, n - 1));
        CHECK(cudaDestroyTextureObject(t));
        t = linear_texture(u.data(), n * 2, cudaCreateChannelDesc<ushort2>(), cudaReadModeNormalizedFloat);
        run<float2>("ushort2 normalized", t, OP_FETCH, indices(0, 31), 4, 8);
        CHECK(cudaDestroyTextureObject(t));
    }

    // Half floats: special values and random ones.
    {
        std::vector<unsigned short> h = {0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3c00,
                                         0xbc00, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x7c01,
                                         0xfe00, 0x3555};
        for (int i = 0; i < 112; i++)
            h.push_back((unsigned short)rng());
        int n = (int)h.size();
        cudaTextureObject_t t = linear_texture(h.data(), n * 2, cudaCreateChannelDescHalf());
        run<float>("half", t, OP_FETCH, indices(-1, n));
        CHECK(cudaDestroyTextureObject(t));
        t = linear_texture(h.data(), n * 2, cudaCreateChannelDescHalf2());
        run<float2>("half2", t, OP_FETCH, indices(0, n / 2 - 1), 4, 8);
        CHECK(cudaDestroyTextureObject(t));
        t = linear_texture(h.data(), n * 2, cudaCreateChannelDescHalf4());
        run<float4>("half4", t, OP_FETCH, indices(0, n / 4 - 1), 4, 4);
        CHECK(cudaDestroyTextureObject(t));
    }

    // What the getters return.
    {
        std::vector<float> v(100);
        void *dev;
        cudaTextureObject_t t = linear_texture(v.data(), 400, cudaCreateChannelDesc<float2>(),
                                               cudaReadModeElementType, &dev);
        cudaResourceDesc rd;
        memset(&rd, 0x55, sizeof rd);
        CHECK(cudaGetTextureObjectResourceDesc(&rd, t));
        printf("resource: type %d same pointer %d desc %d %d %d %d %d size %zu flags %u\n",
               (int)rd.resType, rd.res.linear.devPtr == dev, rd.res.linear.desc.x,
               rd.res.linear.desc.y, rd.res.linear.desc.z, rd.res.linear.desc.w,
               (int)rd.res.linear.desc.f, rd.res.linear.sizeInBytes, rd.flags);
        cudaTextureDesc td;
        memset(&td, 0x55, sizeof td);
        CHECK(cudaGetTextureObjectTextureDesc(&td, t));
        printf("texture: address %d %d %d filter %d read %d srgb %d border %a %a %a %a "
               "normalized %d aniso %u mipfilter %d bias %a min %a max %a trilinear %d "
               "seamless %d\n",
               (int)td.addressMode[0], (int)td.addressMode[1], (int)td.addressMode[2],
               (int)td.filterMode, (int)td.readMode, td.sRGB, td.borderColor[0],
               td.borderColor[1], td.borderColor[2], td.borderColor[3], td.normalizedCoords,
               td.maxAnisotropy, (int)td.mipmapFilterMode, td.mipmapLevelBias,
               td.minMipmapLevelClamp, td.maxMipmapLevelClamp, td.disableTrilinearOptimization,
               td.seamlessCubemap);
        cudaResourceViewDesc vd;
        memset(&vd, 0x55, sizeof vd);
        cudaError_t e = cudaGetTextureObjectResourceViewDesc(&vd, t);
        printf("view: %s format %d %zu %zu %zu\n", cudaGetErrorName(e), (int)vd.format,
               vd.width, vd.height, vd.depth);
        cudaGetLastError();
        CHECK(cudaDestroyTextureObject(t));
    }
    return 0;
}
