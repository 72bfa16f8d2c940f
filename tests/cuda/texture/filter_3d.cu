// filter_3d.cu: a 3D float array (cudaMalloc3DArray) sampled with tex3D in
// every combination of filter mode, address mode and coordinate
// normalization (trilinear.cu has the filter's weights and arithmetic).
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include "tex_common.h"

static cudaArray_t make_array(const std::vector<float> &v, int w, int h, int d)
{
    cudaArray_t a;
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
    CHECK(cudaMalloc3DArray(&a, &desc, make_cudaExtent(w, h, d)));
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr((void *)v.data(), w * 4, w, h);
    p.dstArray = a;
    p.extent = make_cudaExtent(w, h, d);
    p.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&p));
    return a;
}

int main()
{
    const int W = 4, H = 3, D = 3;
    std::vector<float> ramp(W * H * D);
    for (int k = 0; k < D; k++)
        for (int j = 0; j < H; j++)
            for (int i = 0; i < W; i++)
                ramp[(k * H + j) * W + i] = (float)(1 + i + 4 * j + 16 * k);
    cudaArray_t a = make_array(ramp, W, H, D);
    const float border[4] = {0.25f, 0, 0, 0};

    std::vector<float4> un, nn;
    for (int s = 0; s < 160; s++) {
        float x = -1.25f + 0.5f * (rng() % (2 * W + 6));
        float y = -1.25f + 0.5f * (rng() % (2 * H + 6));
        float z = -1.25f + 0.5f * (rng() % (2 * D + 6));
        un.push_back(P(x, y, z));
        nn.push_back(P(x / W, y / H, z / D));
    }
    for (int f = 0; f < 2; f++)
        for (int m = 0; m < 4; m++)
            for (int norm = 0; norm < 2; norm++) {
                cudaTextureObject_t t = array_texture(a, (cudaTextureFilterMode)f,
                                                      (cudaTextureAddressMode)m, norm,
                                                      cudaReadModeElementType, border);
                char label[96];
                snprintf(label, sizeof label, "%s %s %s", f ? "linear" : "point", mode_name(m),
                         norm ? "normalized" : "unnormalized");
                run<float>(label, t, OP_3D, norm ? nn : un, 4, 16);
                CHECK(cudaDestroyTextureObject(t));
            }

    CHECK(cudaFreeArray(a));
    return 0;
}
