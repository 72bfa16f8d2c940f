// filter_1d.cu: a 1D float array sampled with tex1D in every combination
// of filter mode (point, linear), address mode (wrap, clamp, mirror,
// border) and coordinates (unnormalized, normalized); then the linear
// filter's weights at 1/4096 texel steps, at the edges of the normalized
// coordinates' rounding, and its arithmetic on random texel values.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include "tex_common.h"

static cudaArray_t make_array(const std::vector<float> &v)
{
    cudaArray_t a;
    cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
    CHECK(cudaMallocArray(&a, &d, v.size()));
    CHECK(cudaMemcpy2DToArray(a, 0, 0, v.data(), v.size() * 4, v.size() * 4, 1,
                              cudaMemcpyHostToDevice));
    return a;
}

int main()
{
    const int N = 10;
    std::vector<float> ramp(N);
    for (int i = 0; i < N; i++)
        ramp[i] = (float)(i + 1);
    cudaArray_t a = make_array(ramp);
    const float border[4] = {-7.0f, 0, 0, 0};

    // Every mode: unnormalized x in [-3, N+3] by 1/4, normalized x in
    // [-1.5, 2.5] by 1/(4N) (0.3/N off: no sample on a texel centre).
    std::vector<float4> un, nn;
    for (int k = -12; k <= (N + 3) * 4; k++)
        un.push_back(P(k / 4.0f));
    for (int k = -6 * N; k <= 10 * N; k++)
        nn.push_back(P((k + 0.3f) / (4.0f * N)));
    for (int f = 0; f < 2; f++)
        for (int m = 0; m < 4; m++)
            for (int norm = 0; norm < 2; norm++) {
                cudaTextureObject_t t = array_texture(a, (cudaTextureFilterMode)f,
                                                      (cudaTextureAddressMode)m, norm,
                                                      cudaReadModeElementType, border);
                char label[96];
                snprintf(label, sizeof label, "%s %s %s", f ? "linear" : "point", mode_name(m),
                         norm ? "normalized" : "unnormalized");
                run<float>(label, t, OP_1D, norm ? nn : un);
                CHECK(cudaDestroyTextureObject(t));
            }

    // The weights: x = 2.5 + k/4096 over one texel (ramp: the result is
    // texel + weight).
    {
        cudaTextureObject_t t = array_texture(a, cudaFilterModeLinear, cudaAddressModeClamp, 0);
        std::vector<float4> c;
        for (int k = 0; k <= 4096; k++)
            c.push_back(P(2.5f + k / 4096.0f));
        run<float>("weights by 1/4096", t, OP_1D, c, 4, 16);
        // Just below and above texel centres and weight steps.
        c.clear();
        for (int j = 0; j <= 256; j += 4)
            for (int d = -2; d <= 2; d++) {
                float x = 3.5f + j / 256.0f + 1.0f / 512.0f;
                unsigned bits;
                memcpy(&bits, &x, 4);
                bits += d;
                memcpy(&x, &bits, 4);
                c.push_back(P(x));
            }
        run<float>("weights at half steps, +-2 ulp", t, OP_1D, c);
        // Negative coordinates (the fixed-point floor).
        c.clear();
        for (int k = -600; k <= 200; k += 3)
            c.push_back(P(k / 512.0f));
        run<float>("weights near 0", t, OP_1D, c);
        CHECK(cudaDestroyTextureObject(t));
    }

    // Normalized coordinates of a non-power-of-two width near the
    // boundaries of texels (point) and of weights (linear), +-3 ulp.
    {
        cudaTextureObject_t tp = array_texture(a, cudaFilterModePoint, cudaAddressModeClamp, 1);
        cudaTextureObject_t tl = array_texture(a, cudaFilterModeLinear, cudaAddressModeClamp, 1);
        std::vector<float4> c;
        for (int i = 0; i <= N; i++)
            for (int d = -3; d <= 3; d++) {
                float x = (float)i / N;
                unsigned bits;
                memcpy(&bits, &x, 4);
                if (bits + d < 0x7f800000u && (int)bits + d >= 0)
                    bits += d;
                memcpy(&x, &bits, 4);
                c.push_back(P(x));
            }
        run<float>("normalized point at texel edges", tp, OP_1D, c);
        c.clear();
        static const int js[] = {0, 1, 2, 64, 127, 128, 129, 255};
        for (int i = 0; i < N - 1; i++)
            for (int jj = 0; jj < 8; jj++)
                for (int half = 0; half < 2; half++)
                    for (int d = -2; d <= 2; d++) {
                        float x = (i + 0.5f + (js[jj] + 0.5f * half) / 256.0f) / N;
                        unsigned bits;
                        memcpy(&bits, &x, 4);
                        bits += d;
                        memcpy(&x, &bits, 4);
                        c.push_back(P(x));
                    }
        run<float>("normalized linear at weight edges", tl, OP_1D, c);
        // Random normalized coordinates.
        c.clear();
        for (int k = 0; k < 512; k++)
            c.push_back(P((rng() % 1000000) / 1000000.0f * 1.2f - 0.1f));
        run<float>("normalized linear random", tl, OP_1D, c);
        CHECK(cudaDestroyTextureObject(tp));
        CHECK(cudaDestroyTextureObject(tl));
    }

    // The arithmetic: random texels, every weight between each pair.
    {
        const int M = 16;
        std::vector<float> v(M);
        for (int i = 0; i < M; i++)
            v[i] = rand_float(12, 12);
        // Special pairs: opposite signs, far exponents, equal values,
        // one ulp apart, zero and a subnormal.
        v[3] = 1.0f;
        v[4] = -1.0f;
        v[5] = 3.0e7f;
        v[6] = 1.5e-7f;
        v[7] = 1.5e-7f;
        v[8] = 0.1f;
        v[9] = 0.10000001f;
        v[10] = 0.0f;
        v[11] = 1.0e-40f;
        cudaArray_t b = make_array(v);
        cudaTextureObject_t t = array_texture(b, cudaFilterModeLinear, cudaAddressModeClamp, 0);
        std::vector<float4> c;
        for (int i = 0; i < M - 1; i++)
            for (int k = 0; k < 256; k++)
                c.push_back(P(i + 0.5f + k / 256.0f));
        run<float>("random pairs, every weight", t, OP_1D, c, 4, 16);
        CHECK(cudaDestroyTextureObject(t));
        CHECK(cudaFreeArray(b));
    }
    CHECK(cudaFreeArray(a));
    return 0;
}
