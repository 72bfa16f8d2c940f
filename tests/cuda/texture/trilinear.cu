// trilinear.cu: trilinear filtering of 3D float arrays: the weight of
// each of the 8 texels (a texture holding 1 at that texel and 0 elsewhere)
// for chosen and random fractional positions, then random texels at the
// same positions, texels of far apart magnitudes in the two slices, and
// tex3DLod at level 0.
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
    // Fractional positions a, b, c (in 256ths) along x, y, z.
    std::vector<float4> c;
    static const int pick[] = {0, 1, 2, 3, 64, 96, 127, 128, 129, 160, 192, 255};
    for (int i = 0; i < 12; i += 1)
        for (int j = 0; j < 12; j += 3)
            for (int k = 0; k < 12; k += 2)
                c.push_back(P(0.5f + pick[i] / 256.0f, 0.5f + pick[j] / 256.0f,
                              0.5f + pick[k] / 256.0f));
    for (int n = 0; n < 400; n++) {
        int a = rng() % 256;
        int b = rng() % 256;
        int d = rng() % 256;
        c.push_back(P(0.5f + a / 256.0f, 0.5f + b / 256.0f, 0.5f + d / 256.0f));
    }
    for (int corner = 0; corner < 8; corner++) {
        std::vector<float> v(8, 0.0f);
        v[corner] = 1.0f;
        cudaArray_t a = make_array(v, 2, 2, 2);
        cudaTextureObject_t t = array_texture(a, cudaFilterModeLinear, cudaAddressModeClamp, 0);
        char label[64];
        snprintf(label, sizeof label, "weight of texel %d (x %d, y %d, z %d)", corner,
                 corner & 1, (corner >> 1) & 1, corner >> 2);
        run<float>(label, t, OP_3D, c, 4, 16);
        CHECK(cudaDestroyTextureObject(t));
        CHECK(cudaFreeArray(a));
    }
    for (int set = 0; set < 3; set++) {
        std::vector<float> v(8);
        for (int q = 0; q < 8; q++)
            v[q] = rand_float(10, 10);
        if (set == 1)           // slice z = 1 much smaller than slice z = 0
            for (int q = 4; q < 8; q++)
                v[q] *= 1.0e-6f;
        if (set == 2)           // one texel far larger than the rest
            v[5] = 3.0e6f;
        cudaArray_t a = make_array(v, 2, 2, 2);
        cudaTextureObject_t t = array_texture(a, cudaFilterModeLinear, cudaAddressModeClamp, 0);
        char label[64];
        snprintf(label, sizeof label, "random texels, set %d", set);
        run<float>(label, t, OP_3D, c, 4, 16);
        if (set == 0) {
            std::vector<float4> lod = c;
            for (auto &p : lod)
                p.w = 1.5f;     // the level of tex3DLod: one level, level 0 is read
            run<float>("tex3DLod", t, OP_3DLOD, lod, 4, 16);
        }
        CHECK(cudaDestroyTextureObject(t));
        CHECK(cudaFreeArray(a));
    }
    return 0;
}
