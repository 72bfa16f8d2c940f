// ref_3d.cu: a texture reference of a 3D array (tex3D) with linear
// filtering and border addressing on two axes.  Expected output: what the
// texture-object twin (../texture/twin_ref_3d.cu) printed on a GPU.
#include <cstdio>
#include <cstring>

texture<float, 3> t3;
texture<float, cudaTextureType1DLayered> t1l;
texture<float, cudaTextureType2DLayered, cudaReadModeElementType> t2l;
texture<short, 1, cudaReadModeNormalizedFloat> ts;

__global__ void sample(const float4 *c, int n, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float4 p = c[i];
    out[i] = tex3D(t3, p.x, p.y, p.z);
    out[n + i] = tex1DLayered(t1l, p.x, (int)p.w);
    out[2 * n + i] = tex2DLayered(t2l, p.x, p.y, (int)p.w);
    out[3 * n + i] = tex1D(ts, p.x / 3.0f);
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

    t3.filterMode = cudaFilterModeLinear;
    t3.addressMode[0] = cudaAddressModeBorder;
    t3.addressMode[1] = cudaAddressModeClamp;
    t3.addressMode[2] = cudaAddressModeBorder;
    t1l.filterMode = cudaFilterModeLinear;
    t1l.addressMode[0] = cudaAddressModeBorder;
    t2l.filterMode = cudaFilterModeLinear;
    t2l.addressMode[0] = cudaAddressModeClamp;
    t2l.addressMode[1] = cudaAddressModeBorder;
    ts.normalized = 1;
    ts.filterMode = cudaFilterModeLinear;
    ts.addressMode[0] = cudaAddressModeWrap;
    printf("bind 3D: %s\n", cudaGetErrorName(cudaBindTextureToArray(t3, a3)));
    printf("bind 1D layered: %s\n", cudaGetErrorName(cudaBindTextureToArray(t1l, a1l)));
    printf("bind 2D layered: %s\n", cudaGetErrorName(cudaBindTextureToArray(t2l, a2l, fd)));
    printf("bind short: %s\n", cudaGetErrorName(cudaBindTextureToArray(ts, as)));

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
    sample<<<1, n>>>(dc, n, out);
    printf("launch: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    static unsigned h[4 * n];
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    const char *names[4] = {"tex3D", "tex1DLayered", "tex2DLayered", "tex1D short normalized"};
    for (int q = 0; q < 1; q++) {
        printf("%s:", names[q]);
        for (int k = 0; k < n; k++)
            printf("%s%08x", k % 16 ? " " : "\n  ", h[q * n + k]);
        printf("\n");
    }
    return 0;
}
