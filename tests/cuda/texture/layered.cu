// layered.cu: 1D and 2D layered arrays (cudaMalloc3DArray with
// cudaArrayLayered) read with tex1DLayered and tex2DLayered: point and
// linear filtering, clamp, border and normalized wrap, layers in and out
// of range.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include "tex_common.h"

static cudaArray_t layered(const std::vector<float> &v, int w, int h, int layers)
{
    cudaArray_t a;
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
    CHECK(cudaMalloc3DArray(&a, &desc, make_cudaExtent(w, h, layers), cudaArrayLayered));
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr((void *)v.data(), w * 4, w, h ? h : 1);
    p.dstArray = a;
    p.extent = make_cudaExtent(w, h ? h : 1, layers);
    p.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&p));
    return a;
}

int main()
{
    const int N = 6, L = 3, W = 4, H = 3;
    std::vector<float> v1(N * L), v2(W * H * L);
    for (int l = 0; l < L; l++)
        for (int i = 0; i < N; i++)
            v1[l * N + i] = (float)(100 * l + i + 1);
    for (int l = 0; l < L; l++)
        for (int j = 0; j < H; j++)
            for (int i = 0; i < W; i++)
                v2[(l * H + j) * W + i] = (float)(100 * l + 10 * j + i + 1);
    cudaArray_t a1 = layered(v1, N, 0, L), a2 = layered(v2, W, H, L);
    cudaExtent e;
    cudaChannelFormatDesc d;
    unsigned flags;
    CHECK(cudaArrayGetInfo(&d, &e, &flags, a1));
    printf("1D layered: extent %zu %zu %zu flags %u\n", e.width, e.height, e.depth, flags);
    CHECK(cudaArrayGetInfo(&d, &e, &flags, a2));
    printf("2D layered: extent %zu %zu %zu flags %u\n", e.width, e.height, e.depth, flags);
    const float border[4] = {-1.0f, 0, 0, 0};

    struct Cfg { int f, m, norm; } cfgs[] = {
        {0, cudaAddressModeClamp, 0}, {1, cudaAddressModeClamp, 0},
        {0, cudaAddressModeBorder, 0}, {1, cudaAddressModeBorder, 0},
        {1, cudaAddressModeWrap, 1}, {1, cudaAddressModeMirror, 1}};
    for (auto &cfg : cfgs) {
        char label[96];
        std::vector<float4> c;
        for (int l = -1; l <= L; l++)
            for (int i = 0; i < 2 * N + 6; i++) {
                float x = -1.25f + 0.5f * i;
                c.push_back(P(cfg.norm ? x / N : x, 0, 0, (float)l));
            }
        cudaTextureObject_t t = array_texture(a1, (cudaTextureFilterMode)cfg.f,
                                              (cudaTextureAddressMode)cfg.m, cfg.norm,
                                              cudaReadModeElementType, border);
        snprintf(label, sizeof label, "tex1DLayered %s %s %s", cfg.f ? "linear" : "point",
                 mode_name(cfg.m), cfg.norm ? "normalized" : "unnormalized");
        run<float>(label, t, OP_1DL, c, 4, 16);
        CHECK(cudaDestroyTextureObject(t));

        c.clear();
        for (int l = -1; l <= L; l++)
            for (int j = 0; j < 2 * H + 4; j++)
                for (int i = 0; i < 2 * W + 4; i++) {
                    float x = -0.75f + 0.5f * i, y = -0.75f + 0.5f * j;
                    c.push_back(cfg.norm ? P(x / W, y / H, 0, (float)l) : P(x, y, 0, (float)l));
                }
        t = array_texture(a2, (cudaTextureFilterMode)cfg.f, (cudaTextureAddressMode)cfg.m,
                          cfg.norm, cudaReadModeElementType, border);
        snprintf(label, sizeof label, "tex2DLayered %s %s %s", cfg.f ? "linear" : "point",
                 mode_name(cfg.m), cfg.norm ? "normalized" : "unnormalized");
        run<float>(label, t, OP_2DL, c, 4, 16);
        CHECK(cudaDestroyTextureObject(t));
    }
    CHECK(cudaFreeArray(a1));
    CHECK(cudaFreeArray(a2));
    return 0;
}
