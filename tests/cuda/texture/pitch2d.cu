// pitch2d.cu: textures over pitched linear memory (cudaMallocPitch,
// cudaResourceTypePitch2D) read with tex2D: point and linear filtering in
// each address mode, unnormalized and normalized; uchar4 texels read as
// normalized floats with bilinear filtering; short2 element reads.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include "tex_common.h"

template <class T>
static cudaTextureObject_t pitch_texture(const std::vector<T> &v, int w, int h,
                                         cudaTextureFilterMode f, cudaTextureAddressMode m,
                                         int norm, cudaTextureReadMode read, void **dev_out)
{
    void *dev;
    size_t pitch;
    CHECK(cudaMallocPitch(&dev, &pitch, w * sizeof(T), h));
    CHECK(cudaMemcpy2D(dev, pitch, v.data(), w * sizeof(T), w * sizeof(T), h,
                       cudaMemcpyHostToDevice));
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypePitch2D;
    rd.res.pitch2D.devPtr = dev;
    rd.res.pitch2D.desc = cudaCreateChannelDesc<T>();
    rd.res.pitch2D.width = w;
    rd.res.pitch2D.height = h;
    rd.res.pitch2D.pitchInBytes = pitch;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = m;
    td.filterMode = f;
    td.readMode = read;
    td.normalizedCoords = norm;
    td.borderColor[0] = 2.5f;
    cudaTextureObject_t t = 0;
    CHECK(cudaCreateTextureObject(&t, &rd, &td, NULL));
    *dev_out = dev;
    return t;
}

int main()
{
    const int W = 5, H = 4;
    std::vector<float> ramp(W * H);
    for (int j = 0; j < H; j++)
        for (int i = 0; i < W; i++)
            ramp[j * W + i] = (float)(1 + i + 16 * j);
    std::vector<float4> un, nn;
    for (int j = 0; j < 2 * H + 6; j++)
        for (int i = 0; i < 2 * W + 6; i++) {
            float x = -1.3f + 0.5f * i, y = -1.2f + 0.5f * j;
            un.push_back(P(x, y));
            nn.push_back(P(x / W, y / H));
        }
    for (int f = 0; f < 2; f++)
        for (int m = 0; m < 4; m++)
            for (int norm = 0; norm < 2; norm++) {
                void *dev;
                cudaTextureObject_t t = pitch_texture(ramp, W, H, (cudaTextureFilterMode)f,
                                                      (cudaTextureAddressMode)m, norm,
                                                      cudaReadModeElementType, &dev);
                char label[96];
                snprintf(label, sizeof label, "%s %s %s", f ? "linear" : "point", mode_name(m),
                         norm ? "normalized" : "unnormalized");
                run<float>(label, t, OP_2D, norm ? nn : un, 4, 16);
                CHECK(cudaDestroyTextureObject(t));
                CHECK(cudaFree(dev));
            }
    {
        const int M = 6;
        std::vector<uchar4> v(M * M);
        for (auto &x : v)
        {
            unsigned char w = rng(), z = rng(), y = rng();
            x = make_uchar4(rng(), y, z, w);
        }
        void *dev;
        cudaTextureObject_t t = pitch_texture(v, M, M, cudaFilterModeLinear, cudaAddressModeClamp,
                                              0, cudaReadModeNormalizedFloat, &dev);
        std::vector<float4> c;
        for (int k = 0; k < 256; k++)
        {
            // Drawn in the order the recorded run drew them.
            int yi = rng() % (M - 1), yk = rng() % 257;
            int xi = rng() % (M - 1), xk = rng() % 257;
            c.push_back(P(xi + 0.5f + xk / 256.0f, yi + 0.5f + yk / 256.0f));
        }
        run<float4>("uchar4 normalized bilinear", t, OP_2D, c, 4, 4);
        CHECK(cudaDestroyTextureObject(t));
        CHECK(cudaFree(dev));
    }
    {
        const int M = 7;
        std::vector<short2> v(M * M);
        for (auto &x : v)
        {
            short y = rng();
            x = make_short2(rng(), y);
        }
        void *dev;
        cudaTextureObject_t t = pitch_texture(v, M, M, cudaFilterModePoint, cudaAddressModeBorder,
                                              0, cudaReadModeElementType, &dev);
        std::vector<float4> c;
        for (int j = -1; j <= M; j++)
            for (int i = -1; i <= M; i++)
                c.push_back(P(i + 0.5f, j + 0.5f));
        run<short2>("short2 point border", t, OP_2D, c, 2, 9);
        CHECK(cudaDestroyTextureObject(t));
        CHECK(cudaFree(dev));
    }
    return 0;
}
