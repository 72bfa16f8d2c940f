// twin_ref_2d.cu: the texture-object twin of ../texture_ref/ref_2d.cu: the
// same samples through texture objects made with the settings the
// reference has at each launch (a reference's border color is 0).
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <cstdio>
#include <cstring>

const int W = 5, H = 4;

static cudaTextureObject_t make_texture(cudaResourceDesc rd, cudaTextureFilterMode f,
                                   cudaTextureAddressMode mx, cudaTextureAddressMode my, int norm,
                                   cudaTextureReadMode read, cudaError_t *e)
{
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.filterMode = f;
    td.addressMode[0] = mx;
    td.addressMode[1] = my;
    td.addressMode[2] = cudaAddressModeClamp;
    td.normalizedCoords = norm;
    td.readMode = read;
    cudaTextureObject_t t = 0;
    *e = cudaCreateTextureObject(&t, &rd, &td, NULL);
    return t;
}

__global__ void sample(cudaTextureObject_t t2, cudaTextureObject_t tp, cudaTextureObject_t tn,
                       const float2 *c, int n, float *out, float4 *outn)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    out[i] = tex2D<float>(t2, c[i].x, c[i].y);
    out[n + i] = tex2D<float>(tp, c[i].x, c[i].y);
    outn[i] = tex2D<float4>(tn, c[i].x / W, c[i].y / H);
}

static void words(const char *label, const void *p, int n)
{
    const unsigned *w = (const unsigned *)p;
    printf("%s:", label);
    for (int k = 0; k < n; k++)
        printf("%s%08x", k % 12 ? " " : "\n  ", w[k]);
    printf("\n");
}

int main()
{
    float v[W * H];
    uchar4 u[W * H];
    for (int k = 0; k < W * H; k++) {
        v[k] = (float)(k * k) / 7.0f;
        u[k] = make_uchar4(k * 13, 255 - k * 11, k * 29, k);
    }
    cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
    cudaChannelFormatDesc ud = cudaCreateChannelDesc<uchar4>();
    cudaArray_t a, b;
    cudaMallocArray(&a, &fd, W, H);
    cudaMallocArray(&b, &ud, W, H);
    cudaMemcpy2DToArray(a, 0, 0, v, W * 4, W * 4, H, cudaMemcpyHostToDevice);
    cudaMemcpy2DToArray(b, 0, 0, u, W * 4, W * 4, H, cudaMemcpyHostToDevice);
    float *p;
    size_t pitch;
    cudaMallocPitch(&p, &pitch, W * 4, H);
    cudaMemcpy2D(p, pitch, v, W * 4, W * 4, H, cudaMemcpyHostToDevice);

    cudaResourceDesc ra, rb, rp;
    memset(&ra, 0, sizeof ra);
    ra.resType = cudaResourceTypeArray;
    ra.res.array.array = a;
    rb = ra;
    rb.res.array.array = b;
    memset(&rp, 0, sizeof rp);
    rp.resType = cudaResourceTypePitch2D;
    rp.res.pitch2D.devPtr = p;
    rp.res.pitch2D.desc = fd;
    rp.res.pitch2D.width = W;
    rp.res.pitch2D.height = H;
    rp.res.pitch2D.pitchInBytes = pitch;
    cudaError_t e;
    cudaTextureObject_t t2 = make_texture(ra, cudaFilterModePoint, cudaAddressModeClamp,
                                     cudaAddressModeClamp, 0, cudaReadModeElementType, &e);
    printf("bind array: %s\n", cudaGetErrorName(e));
    cudaTextureObject_t tp = make_texture(rp, cudaFilterModePoint, cudaAddressModeClamp,
                                     cudaAddressModeClamp, 0, cudaReadModeElementType, &e);
    printf("bind pitched: %s offset %zu\n", cudaGetErrorName(e), (size_t)0);
    cudaTextureObject_t tn = make_texture(rb, cudaFilterModeLinear, cudaAddressModeWrap,
                                     cudaAddressModeWrap, 1, cudaReadModeNormalizedFloat, &e);
    printf("bind uchar4 array: %s\n", cudaGetErrorName(e));

    const int n = 96;
    float2 c[n];
    for (int k = 0; k < n; k++)
        c[k] = make_float2(-1.3f + (k % 12) * 0.6f, -1.1f + (k / 12) * 0.8f);
    float2 *dc;
    float *out;
    float4 *outn;
    cudaMalloc(&dc, sizeof c);
    cudaMalloc(&out, 2 * n * 4);
    cudaMalloc(&outn, n * 16);
    cudaMemcpy(dc, c, sizeof c, cudaMemcpyHostToDevice);
    static float h[2 * n];
    static float4 hn[n];
    for (int round = 0; round < 2; round++) {
        sample<<<1, n>>>(t2, tp, tn, dc, n, out, outn);
        printf("launch %d: %s\n", round, cudaGetErrorName(cudaDeviceSynchronize()));
        cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
        cudaMemcpy(hn, outn, sizeof hn, cudaMemcpyDeviceToHost);
        words("array", h, n);
        words("pitched", h + n, n);
        words("uchar4 normalized", hn, 4 * n);
        cudaDestroyTextureObject(t2);
        cudaDestroyTextureObject(tp);
        cudaDestroyTextureObject(tn);
        t2 = make_texture(ra, cudaFilterModeLinear, cudaAddressModeBorder, cudaAddressModeClamp, 0,
                     cudaReadModeElementType, &e);
        tp = make_texture(rp, cudaFilterModeLinear, cudaAddressModeClamp, cudaAddressModeClamp, 0,
                     cudaReadModeElementType, &e);
        tn = make_texture(rb, cudaFilterModeLinear, cudaAddressModeMirror, cudaAddressModeMirror, 1,
                     cudaReadModeNormalizedFloat, &e);
    }
    return 0;
}
