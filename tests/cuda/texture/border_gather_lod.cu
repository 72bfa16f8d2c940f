// border_gather_lod.cu: border colors for float, integer and normalized
// textures (with point and linear filtering, and the channels a format
// lacks); tex2Dgather of each channel; tex1DLod, tex2DLod and tex2DGrad
// on arrays without mipmaps (level 0).
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include "tex_common.h"

template <class T>
static cudaArray_t make_array(const std::vector<T> &v, int w, int h = 0, unsigned flags = 0)
{
    cudaArray_t a;
    cudaChannelFormatDesc d = cudaCreateChannelDesc<T>();
    CHECK(cudaMallocArray(&a, &d, w, h, flags));
    CHECK(cudaMemcpy2DToArray(a, 0, 0, v.data(), w * sizeof(T), w * sizeof(T), h ? h : 1,
                              cudaMemcpyHostToDevice));
    return a;
}

int main()
{
    const int N = 4;
    std::vector<float4> xs;
    for (int k = -8; k <= 4 * N + 8; k++)
        xs.push_back(P(k / 4.0f));
    const float border[4] = {1.5f, -2.25f, 3.0f, 0.125f};
    {
        std::vector<float4> v(N);
        for (int i = 0; i < N; i++)
            v[i] = make_float4(i + 1.0f, -(i + 1.0f), 10.0f * i, 0.5f);
        cudaArray_t a = make_array(v, N);
        for (int f = 0; f < 2; f++) {
            cudaTextureObject_t t = array_texture(a, (cudaTextureFilterMode)f,
                                                  cudaAddressModeBorder, 0,
                                                  cudaReadModeElementType, border);
            run<float4>(f ? "float4 border linear" : "float4 border point", t, OP_1D, xs, 4, 4);
            CHECK(cudaDestroyTextureObject(t));
        }
        CHECK(cudaFreeArray(a));
    }
    {
        std::vector<float> v = {1, 2, 3, 4};
        cudaArray_t a = make_array(v, N);
        for (int f = 0; f < 2; f++) {
            cudaTextureObject_t t = array_texture(a, (cudaTextureFilterMode)f,
                                                  cudaAddressModeBorder, 0,
                                                  cudaReadModeElementType, border);
            run<float4>(f ? "float border linear as float4" : "float border point as float4", t,
                        OP_1D, xs, 4, 4);
            CHECK(cudaDestroyTextureObject(t));
        }
        CHECK(cudaFreeArray(a));
    }
    {
        const float ib[4] = {7.0f, -3.0f, 1.0e10f, 0.5f};
        std::vector<int> v = {10, 20, 30, 40};
        cudaArray_t a = make_array(v, N);
        cudaTextureObject_t t = array_texture(a, cudaFilterModePoint, cudaAddressModeBorder, 0,
                                              cudaReadModeElementType, ib);
        run<int4>("int border point as int4", t, OP_1D, xs, 4, 4);
        CHECK(cudaDestroyTextureObject(t));
        CHECK(cudaFreeArray(a));
        std::vector<uchar4> u = {make_uchar4(1, 2, 3, 4), make_uchar4(5, 6, 7, 8),
                                 make_uchar4(9, 10, 11, 12), make_uchar4(13, 14, 15, 16)};
        const float ub[4] = {100.0f, 2.5f, 300.0f, -1.0f};
        a = make_array(u, N);
        t = array_texture(a, cudaFilterModePoint, cudaAddressModeBorder, 0,
                          cudaReadModeElementType, ub);
        run<uchar4>("uchar4 border point", t, OP_1D, xs, 1, 8);
        CHECK(cudaDestroyTextureObject(t));
        const float nb[4] = {0.3f, -0.5f, 1.5f, 0.0f};
        for (int f = 0; f < 2; f++) {
            t = array_texture(a, (cudaTextureFilterMode)f, cudaAddressModeBorder, 0,
                              cudaReadModeNormalizedFloat, nb);
            run<float4>(f ? "uchar4 normalized border linear" : "uchar4 normalized border point",
                        t, OP_1D, xs, 4, 4);
            CHECK(cudaDestroyTextureObject(t));
        }
        CHECK(cudaFreeArray(a));
    }

    // Gather: the four texels of bilinear filtering, one channel each.
    {
        const int M = 4;
        std::vector<uchar4> v(M * M);
        for (int i = 0; i < M * M; i++)
            v[i] = make_uchar4(i, 16 + i, 32 + i, 48 + i);
        cudaArray_t a = make_array(v, M, M, cudaArrayTextureGather);
        std::vector<float4> c;
        for (int j = -1; j <= 2 * M + 1; j++)
            for (int i = -1; i <= 2 * M + 1; i++)
                c.push_back(P(i * 0.5f + 0.1f, j * 0.5f + 0.2f));
        cudaTextureObject_t t = array_texture(a, cudaFilterModePoint, cudaAddressModeClamp, 0);
        for (int comp = 0; comp < 4; comp++) {
            char label[64];
            snprintf(label, sizeof label, "gather uchar4 clamp comp %d", comp);
            run<uchar4, true>(label, t, OP_GATHER0 + comp, c, 1, 10);
        }
        CHECK(cudaDestroyTextureObject(t));
        t = array_texture(a, cudaFilterModeLinear, cudaAddressModeWrap, 1,
                          cudaReadModeNormalizedFloat);
        std::vector<float4> cn;
        for (auto p : c)
            cn.push_back(P(p.x / M, p.y / M));
        run<float4, true>("gather uchar4 normalized wrap comp 1", t, OP_GATHER1, cn, 4, 4);
        CHECK(cudaDestroyTextureObject(t));
        CHECK(cudaFreeArray(a));

        std::vector<float> f(M * M);
        for (int i = 0; i < M * M; i++)
            f[i] = i + 0.5f;
        a = make_array(f, M, M, cudaArrayTextureGather);
        t = array_texture(a, cudaFilterModePoint, cudaAddressModeBorder, 0,
                          cudaReadModeElementType, border);
        run<float4, true>("gather float border comp 0", t, OP_GATHER0, c, 4, 4);
        CHECK(cudaDestroyTextureObject(t));
        CHECK(cudaFreeArray(a));
    }

    // Lod and Grad read level 0 of an array without mipmaps.
    {
        const int M = 5;
        std::vector<float> v(M * M);
        for (auto &x : v)
            x = rand_float(4, 4);
        cudaArray_t a = make_array(v, M, M);
        cudaTextureObject_t t = array_texture(a, cudaFilterModeLinear, cudaAddressModeClamp, 0);
        std::vector<float4> c;
        for (int k = 0; k < 64; k++)
        {
            // Drawn in the order the recorded run drew them.
            float y = (rng() % 1000) / 150.0f - 0.5f;
            float x = (rng() % 1000) / 150.0f - 0.5f;
            c.push_back(P(x, y, (float)(k % 4) * 0.75f));
        }
        run<float>("tex2D", t, OP_2D, c, 4, 16);
        run<float>("tex2DLod", t, OP_2DLOD, c, 4, 16);
        run<float>("tex2DGrad", t, OP_2DGRAD, c, 4, 16);
        CHECK(cudaDestroyTextureObject(t));
        CHECK(cudaFreeArray(a));
        std::vector<float> w(8);
        for (auto &x : w)
            x = rand_float(4, 4);
        a = make_array(w, 8);
        t = array_texture(a, cudaFilterModeLinear, cudaAddressModeMirror, 1);
        c.clear();
        for (int k = 0; k < 32; k++)
            c.push_back(P(k / 12.0f - 0.4f, 0, (float)(k % 3)));
        run<float>("tex1DLod mirror", t, OP_1DLOD, c, 4, 16);
        CHECK(cudaDestroyTextureObject(t));
        CHECK(cudaFreeArray(a));
    }
    return 0;
}
