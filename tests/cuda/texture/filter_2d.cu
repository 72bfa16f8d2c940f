// filter_2d.cu: a 2D float array sampled with tex2D in every combination
// of filter mode, address mode and coordinate normalization, with mixed
// address modes per axis; then bilinear filtering of random texels (one
// and four channels) at random weights.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include "tex_common.h"

template <class T>
static cudaArray_t make_array(const std::vector<T> &v, int w, int h)
{
    cudaArray_t a;
    cudaChannelFormatDesc d = cudaCreateChannelDesc<T>();
    CHECK(cudaMallocArray(&a, &d, w, h));
    CHECK(cudaMemcpy2DToArray(a, 0, 0, v.data(), w * sizeof(T), w * sizeof(T), h,
                              cudaMemcpyHostToDevice));
    return a;
}

static cudaTextureObject_t texture2(cudaArray_t a, cudaTextureFilterMode f,
                                    cudaTextureAddressMode mx, cudaTextureAddressMode my,
                                    int norm)
{
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = mx;
    td.addressMode[1] = my;
    td.filterMode = f;
    td.normalizedCoords = norm;
    td.borderColor[0] = 0.5f;
    cudaTextureObject_t t = 0;
    CHECK(cudaCreateTextureObject(&t, &rd, &td, NULL));
    return t;
}

int main()
{
    const int W = 6, H = 5;
    std::vector<float> ramp(W * H);
    for (int j = 0; j < H; j++)
        for (int i = 0; i < W; i++)
            ramp[j * W + i] = (float)(1 + i + 16 * j);
    cudaArray_t a = make_array(ramp, W, H);

    std::vector<float4> un, nn;
    for (int j = 0; j < 2 * H + 8; j++)
        for (int i = 0; i < 2 * W + 8; i++) {
            float x = -1.75f + 0.5f * i, y = -1.75f + 0.5f * j;
            un.push_back(P(x, y));
            nn.push_back(P(x / W, y / H));
        }
    for (int f = 0; f < 2; f++)
        for (int m = 0; m < 4; m++)
            for (int norm = 0; norm < 2; norm++) {
                cudaTextureObject_t t = texture2(a, (cudaTextureFilterMode)f,
                                                 (cudaTextureAddressMode)m,
                                                 (cudaTextureAddressMode)m, norm);
                char label[96];
                snprintf(label, sizeof label, "%s %s %s", f ? "linear" : "point", mode_name(m),
                         norm ? "normalized" : "unnormalized");
                run<float>(label, t, OP_2D, norm ? nn : un, 4, 16);
                CHECK(cudaDestroyTextureObject(t));
            }
    static const int mixed[4][2] = {{cudaAddressModeWrap, cudaAddressModeMirror},
                                    {cudaAddressModeBorder, cudaAddressModeClamp},
                                    {cudaAddressModeClamp, cudaAddressModeWrap},
                                    {cudaAddressModeMirror, cudaAddressModeBorder}};
    for (int k = 0; k < 4; k++) {
        cudaTextureObject_t t = texture2(a, cudaFilterModeLinear,
                                         (cudaTextureAddressMode)mixed[k][0],
                                         (cudaTextureAddressMode)mixed[k][1], 1);
        char label[96];
        snprintf(label, sizeof label, "linear x %s y %s normalized", mode_name(mixed[k][0]),
                 mode_name(mixed[k][1]));
        run<float>(label, t, OP_2D, nn, 4, 16);
        CHECK(cudaDestroyTextureObject(t));
    }

    // Bilinear arithmetic on random texels at random weights.
    {
        const int M = 5;
        std::vector<float> v(M * M);
        for (int i = 0; i < M * M; i++)
            v[i] = rand_float(10, 10);
        v[0] = 1.0f;
        v[1] = -1.0f;
        v[M] = 1.0e-3f;
        v[M + 1] = 3.0e5f;
        cudaArray_t b = make_array(v, M, M);
        cudaTextureObject_t t = texture2(b, cudaFilterModeLinear, cudaAddressModeClamp,
                                         cudaAddressModeClamp, 0);
        std::vector<float4> c;
        for (int k = 0; k < 1024; k++) {
            int i = rng() % (M - 1), j = rng() % (M - 1), wa = rng() % 257, wb = rng() % 257;
            c.push_back(P(i + 0.5f + wa / 256.0f, j + 0.5f + wb / 256.0f));
        }
        run<float>("random texels, random weights", t, OP_2D, c, 4, 16);
        CHECK(cudaDestroyTextureObject(t));
        CHECK(cudaFreeArray(b));

        std::vector<float4> v4(M * M);
        for (int i = 0; i < M * M; i++)
            {
                float w = rand_float(8, 8), z = rand_float(8, 8), y = rand_float(8, 8);
                v4[i] = make_float4(rand_float(8, 8), y, z, w);
            }
        cudaArray_t b4 = make_array(v4, M, M);
        t = texture2(b4, cudaFilterModeLinear, cudaAddressModeClamp, cudaAddressModeClamp, 0);
        c.clear();
        for (int k = 0; k < 256; k++) {
            int i = rng() % (M - 1), j = rng() % (M - 1), wa = rng() % 256, wb = rng() % 256;
            c.push_back(P(i + 0.5f + wa / 256.0f, j + 0.5f + wb / 256.0f));
        }
        run<float4>("float4 texels, random weights", t, OP_2D, c, 4, 4);
        CHECK(cudaDestroyTextureObject(t));
        CHECK(cudaFreeArray(b4));
    }
    CHECK(cudaFreeArray(a));
    return 0;
}
