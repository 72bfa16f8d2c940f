// float_order.cu: floating-point sums whose rounding depends on the order
// of the additions, printed exactly (%a): cub::BlockReduce with its
// default algorithm (each warp's shuffle tree, then the warps in order),
// with num_valid, cub::WarpReduce and cub::WarpScan (shuffle trees).  The
// inputs are not exactly representable, so only the GPU's association
// reproduces these bits.
#include <cub/cub.cuh>
#include "cub_test.h"

__global__ void sums(const float *in, float *out)
{
    typedef cub::BlockReduce<float, 256> R;
    typedef cub::WarpReduce<float> WR;
    typedef cub::WarpScan<float> WS;
    typedef cub::WarpReduce<float, 8> WR8;
    __shared__ typename R::TempStorage rt;
    __shared__ typename WR::TempStorage wrt[8];
    __shared__ typename WS::TempStorage wst[8];
    __shared__ typename WR8::TempStorage w8t[32];
    float x = in[threadIdx.x];
    float s = R(rt).Sum(x);
    __syncthreads();
    float v = R(rt).Sum(x, 77);
    if (threadIdx.x == 0) {
        out[0] = s;
        out[1] = v;
    }
    int w = threadIdx.x / 32;
    float ws = WR(wrt[w]).Sum(x);
    if (threadIdx.x % 32 == 0)
        out[2 + w] = ws;
    float w8 = WR8(w8t[threadIdx.x / 8]).Sum(x);
    if (threadIdx.x % 8 == 0)
        out[16 + threadIdx.x / 8] = w8;
    float incl, excl;
    WS(wst[w]).InclusiveSum(x, incl);
    out[64 + threadIdx.x] = incl;
    WS(wst[w]).ExclusiveSum(x, excl);
    out[320 + threadIdx.x] = excl;
}

int main()
{
    std::vector<float> h(256);
    for (int i = 0; i < 256; i++)
        h[i] = 0.1f * (float)(i % 97) + 1.0e-3f * (float)i + 1.0f / (float)(i + 3);
    float *d_in = upload(h), *d_out;
    cudaMalloc(&d_out, 600 * sizeof(float));
    sums<<<1, 256>>>(d_in, d_out);
    CK(cudaDeviceSynchronize());
    std::vector<float> o = fetch(d_out, 576);
    printf("BlockReduce: %a num_valid 77: %a\n", o[0], o[1]);
    printf("WarpReduce:");
    for (int i = 0; i < 8; i++)
        printf(" %a", o[2 + i]);
    printf("\nWarpReduce<8>:");
    for (int i = 0; i < 32; i += 5)
        printf(" %a", o[16 + i]);
    printf("\nWarpScan inclusive: %016llx %a %a\n", (unsigned long long)digest_host(&o[64], 256), o[64 + 31], o[64 + 255]);
    printf("WarpScan exclusive: %016llx %a %a\n", (unsigned long long)digest_host(&o[320], 256), o[320 + 31],
           o[320 + 255]);
    return 0;
}
