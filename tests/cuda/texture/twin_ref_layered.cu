// twin_ref_layered.cu: the texture-object twin of
// ../texture_ref/ref_layered.cu: the same arrays, modes and samples (a
// reference's border color is 0).
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <cstdio>
#include <cstring>

__global__ void sample(cudaTextureObject_t t3, cudaTextureObject_t t1l, cudaTextureObject_t t2l,
                       cudaTextureObject_t ts, const float4 *c, int n, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float4 p = c[i];
    out[i] = tex3D<float>(t3, p.x, p.y, p.z);
    out[n + i] = tex1DLayered<float>(t1l, p.x, (int)p.w);
    out[2 * n + i] = tex2DLayered<float>(t2l, p.x, p.y, (int)p.w);
    out[3 * n + i] = tex1D<float>(ts, p.x / 3.0f);
}

static cudaArray_t array3(int w, int h, int d, unsigned flags, cudaChannelFormatDesc desc,
                          const void *src, int elem)
{
    cudaArray_t a;
    cudaMalloc3DArray(&a, &desc, make_cudaExtent(w, h, d), flags);
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr((void *)src, w * elem, w, h ? h : 1);
    p.dstArray = a;
    p.extent = make_cudaExtent(w, h ? h : 1, d ? d : 1);
    p.kind = cudaMemcpyHostToDevice;
    cudaMemcpy3D(&p);
    return a;
}

static cudaTextureObject_t object(cudaArray_t a, int m0, int m1, int m2, int norm,
                                  cudaTextureReadMode read, cudaError_t *e)
{
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.filterMode = cudaFilterModeLinear;
    td.addressMode[0] = (cudaTextureAddressMode)m0;
    td.addressMode[1] = (cudaTextureAddressMode)m1;
    td.addressMode[2] = (cudaTextureAddressMode)m2;
    td.normalizedCoords = norm;
    td.readMode = read;
    cudaTextureObject_t t = 0;
    *e = cudaCreateTextureObject(&t, &rd, &td, NULL);
    return t;
}

int main()
{
    float v[4 * 3 * 3];
    for (int k = 0; k < 36; k++)
        v[k] = 1.0f + k * 0.375f - (k % 5) * (k % 3);
    short s[6] = {-32768, -100, 0, 12345, 32767, 7};
    cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
    cudaChannelFormatDesc sd = cudaCreateChannelDesc<short>();
    cudaArray_t a3 = array3(4, 3, 3, 0, fd, v, 4);
    cudaArray_t a1l = array3(6, 0, 3, cudaArrayLayered, fd, v, 4);
    cudaArray_t a2l = array3(4, 3, 3, cudaArrayLayered, fd, v, 4);
    cudaArray_t as;
    cudaMallocArray(&as, &sd, 6);
    cudaMemcpy2DToArray(as, 0, 0, s, 12, 12, 1, cudaMemcpyHostToDevice);

    cudaError_t e;
    cudaTextureObject_t t3 = object(a3, cudaAddressModeBorder, cudaAddressModeClamp,
                                    cudaAddressModeBorder, 0, cudaReadModeElementType, &e);
    printf("bind 3D: %s\n", cudaGetErrorName(e));
    cudaTextureObject_t t1l = object(a1l, cudaAddressModeBorder, cudaAddressModeClamp,
                                     cudaAddressModeClamp, 0, cudaReadModeElementType, &e);
    printf("bind 1D layered: %s\n", cudaGetErrorName(e));
    cudaTextureObject_t t2l = object(a2l, cudaAddressModeClamp, cudaAddressModeBorder,
                                     cudaAddressModeClamp, 0, cudaReadModeElementType, &e);
    printf("bind 2D layered: %s\n", cudaGetErrorName(e));
    cudaTextureObject_t ts = object(as, cudaAddressModeWrap, cudaAddressModeClamp,
                                    cudaAddressModeClamp, 1, cudaReadModeNormalizedFloat, &e);
    printf("bind short: %s\n", cudaGetErrorName(e));

    const int n = 128;
    float4 c[n];
    for (int k = 0; k < n; k++)
        c[k] = make_float4(-1.2f + (k % 16) * 0.45f, -0.9f + (k / 16) * 0.5f,
                           -0.7f + (k % 7) * 0.6f, (float)(k % 3));
    float4 *dc;
    float *out;
    cudaMalloc(&dc, sizeof c);
    cudaMalloc(&out, 4 * n * 4);
    cudaMemcpy(dc, c, sizeof c, cudaMemcpyHostToDevice);
    sample<<<1, n>>>(t3, t1l, t2l, ts, dc, n, out);
    printf("launch: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    static unsigned h[4 * n];
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    const char *names[4] = {"tex3D", "tex1DLayered", "tex2DLayered", "tex1D short normalized"};
    for (int q = 1; q < 4; q++) {
        printf("%s:", names[q]);
        for (int k = 0; k < n; k++)
            printf("%s%08x", k % 16 ? " " : "\n  ", h[q * n + k]);
        printf("\n");
    }
    return 0;
}
