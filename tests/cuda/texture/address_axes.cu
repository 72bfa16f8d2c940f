// address_axes.cu: address modes set per axis: a 1D array filtered
// linearly with its second axis's mode differing from its first (a 1D
// texture filters as 2D of height 1), a 1D layered array likewise, and a
// 2D array whose third axis's mode is border.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include "tex_common.h"

static cudaTextureObject_t texture3(cudaArray_t a, int m0, int m1, int m2, int norm)
{
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = (cudaTextureAddressMode)m0;
    td.addressMode[1] = (cudaTextureAddressMode)m1;
    td.addressMode[2] = (cudaTextureAddressMode)m2;
    td.filterMode = cudaFilterModeLinear;
    td.normalizedCoords = norm;
    td.borderColor[0] = -8.0f;
    cudaTextureObject_t t = 0;
    CHECK(cudaCreateTextureObject(&t, &rd, &td, NULL));
    return t;
}

int main()
{
    const int N = 6;
    std::vector<float> v(N * 2 * 3);
    for (int i = 0; i < N * 2 * 3; i++)
        v[i] = (float)(1 + i);
    cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
    cudaArray_t a1, l1, a2;
    CHECK(cudaMallocArray(&a1, &d, N));
    CHECK(cudaMemcpy2DToArray(a1, 0, 0, v.data(), N * 4, N * 4, 1, cudaMemcpyHostToDevice));
    CHECK(cudaMalloc3DArray(&l1, &d, make_cudaExtent(N, 0, 2), cudaArrayLayered));
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(v.data(), N * 4, N, 1);
    p.dstArray = l1;
    p.extent = make_cudaExtent(N, 1, 2);
    p.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&p));
    CHECK(cudaMallocArray(&a2, &d, N, 2));
    CHECK(cudaMemcpy2DToArray(a2, 0, 0, v.data(), N * 4, N * 4, 2, cudaMemcpyHostToDevice));
    std::vector<float4> x, xl, xy;
    for (int k = -4; k <= 4 * N + 4; k++) {
        x.push_back(P(k / 4.0f));
        xl.push_back(P(k / 4.0f, 0, 0, (float)(k & 1)));
        xy.push_back(P(k / 4.0f, 0.75f + (k & 3) * 0.25f));
    }
    static const int modes[][3] = {{cudaAddressModeClamp, cudaAddressModeBorder, cudaAddressModeClamp},
                                   {cudaAddressModeBorder, cudaAddressModeClamp, cudaAddressModeClamp},
                                   {cudaAddressModeClamp, cudaAddressModeClamp, cudaAddressModeBorder},
                                   {cudaAddressModeBorder, cudaAddressModeBorder, cudaAddressModeClamp}};
    for (auto &m : modes) {
        char label[96];
        cudaTextureObject_t t = texture3(a1, m[0], m[1], m[2], 0);
        snprintf(label, sizeof label, "1D, modes %s %s %s", mode_name(m[0]), mode_name(m[1]),
                 mode_name(m[2]));
        run<float>(label, t, OP_1D, x, 4, 16);
        CHECK(cudaDestroyTextureObject(t));
        t = texture3(l1, m[0], m[1], m[2], 0);
        snprintf(label, sizeof label, "1D layered, modes %s %s %s", mode_name(m[0]),
                 mode_name(m[1]), mode_name(m[2]));
        run<float>(label, t, OP_1DL, xl, 4, 16);
        CHECK(cudaDestroyTextureObject(t));
        t = texture3(a2, m[0], m[1], m[2], 0);
        snprintf(label, sizeof label, "2D, modes %s %s %s", mode_name(m[0]), mode_name(m[1]),
                 mode_name(m[2]));
        run<float>(label, t, OP_2D, xy, 4, 16);
        CHECK(cudaDestroyTextureObject(t));
    }
    CHECK(cudaFreeArray(a1));
    CHECK(cudaFreeArray(l1));
    CHECK(cudaFreeArray(a2));
    return 0;
}
