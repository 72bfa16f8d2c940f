// normalized_filter.cu: linear filtering of integer texels read as
// normalized floats (unsigned 8- and 16-bit, signed 16-bit; signed 8-bit
// in snorm8_filter.cu) and of half floats: every weight between neighbouring texels of chosen values, and
// bilinear filtering of 8-bit texels at random weights.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include "tex_common.h"

template <class T>
static cudaArray_t make_array(const std::vector<T> &v, cudaChannelFormatDesc d, int w, int h = 0)
{
    cudaArray_t a;
    CHECK(cudaMallocArray(&a, &d, w, h));
    CHECK(cudaMemcpy2DToArray(a, 0, 0, v.data(), w * sizeof(T), w * sizeof(T), h ? h : 1,
                              cudaMemcpyHostToDevice));
    return a;
}

template <class T>
static void every_weight(const char *label, const std::vector<T> &v, cudaChannelFormatDesc d,
                         cudaTextureReadMode read)
{
    int n = (int)v.size();
    cudaArray_t a = make_array(v, d, n);
    cudaTextureObject_t t = array_texture(a, cudaFilterModeLinear, cudaAddressModeClamp, 0, read);
    std::vector<float4> c;
    for (int i = 0; i < n - 1; i++)
        for (int k = 0; k < 256; k++)
            c.push_back(P(i + 0.5f + k / 256.0f));
    run<float>(label, t, OP_1D, c, 4, 16);
    CHECK(cudaDestroyTextureObject(t));
    CHECK(cudaFreeArray(a));
}

int main()
{
    every_weight<unsigned char>("unsigned char", {0, 255, 1, 2, 37, 200, 128, 127},
                                cudaCreateChannelDesc<unsigned char>(), cudaReadModeNormalizedFloat);
    every_weight<unsigned short>("unsigned short", {0, 65535, 1, 32768, 12345, 54321},
                                 cudaCreateChannelDesc<unsigned short>(),
                                 cudaReadModeNormalizedFloat);
    every_weight<short>("short", {-32768, 32767, -1, 0, 1000, -20000},
                        cudaCreateChannelDesc<short>(), cudaReadModeNormalizedFloat);
    std::vector<unsigned short> h = {0x3c00, 0xc000, 0x0001, 0x3555, 0x7bff, 0x0400, 0xb123, 0x2e66};
    every_weight<unsigned short>("half", h, cudaCreateChannelDescHalf(), cudaReadModeElementType);

    // Bilinear on 8-bit texels at random weights.
    {
        const int M = 6;
        std::vector<unsigned char> v(M * M);
        for (auto &x : v)
            x = (unsigned char)rng();
        cudaArray_t a = make_array(v, cudaCreateChannelDesc<unsigned char>(), M, M);
        cudaTextureObject_t t = array_texture(a, cudaFilterModeLinear, cudaAddressModeClamp, 0,
                                              cudaReadModeNormalizedFloat);
        std::vector<float4> c;
        for (int k = 0; k < 512; k++)
        {
            // Drawn in the order the recorded run drew them.
            int yi = rng() % (M - 1), yk = rng() % 257;
            int xi = rng() % (M - 1), xk = rng() % 257;
            c.push_back(P(xi + 0.5f + xk / 256.0f, yi + 0.5f + yk / 256.0f));
        }
        run<float>("unsigned char bilinear", t, OP_2D, c, 4, 16);
        CHECK(cudaDestroyTextureObject(t));
        CHECK(cudaFreeArray(a));
    }
    // Normalized reads with point sampling and wrap, on a 2D short4 array.
    {
        const int M = 4;
        std::vector<short4> v(M * M);
        for (auto &x : v)
        {
            short w = rng(), z = rng(), y = rng();
            x = make_short4(rng(), y, z, w);
        }
        cudaArray_t a = make_array(v, cudaCreateChannelDesc<short4>(), M, M);
        cudaTextureObject_t t = array_texture(a, cudaFilterModePoint, cudaAddressModeWrap, 1,
                                              cudaReadModeNormalizedFloat);
        std::vector<float4> c;
        for (int j = -2; j < M + 2; j++)
            for (int i = -2; i < M + 2; i++)
                c.push_back(P((i + 0.5f) / M, (j + 0.5f) / M));
        run<float4>("short4 normalized point wrap", t, OP_2D, c, 4, 4);
        CHECK(cudaDestroyTextureObject(t));
        CHECK(cudaFreeArray(a));
    }
    return 0;
}
