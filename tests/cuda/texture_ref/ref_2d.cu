// ref_2d.cu: 2D texture references: one bound to an array
// (cudaBindTextureToArray), one to pitched memory (cudaBindTexture2D),
// one reading uchar4 texels as normalized floats; their filter and
// address modes changed between launches (a reference's fields are read
// at each launch).  Expected output: what the texture-object twin
// (../texture/twin_ref_2d.cu) printed on a GPU.
#include <cstdio>
#include <cstring>

texture<float, 2, cudaReadModeElementType> t2;
texture<float, cudaTextureType2D> tp;
texture<uchar4, 2, cudaReadModeNormalizedFloat> tn;

const int W = 5, H = 4;

__global__ void sample(const float2 *c, int n, float *out, float4 *outn)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    out[i] = tex2D(t2, c[i].x, c[i].y);
    out[n + i] = tex2D(tp, c[i].x, c[i].y);
    outn[i] = tex2D(tn, c[i].x / W, c[i].y / H);
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

    printf("bind array: %s\n", cudaGetErrorName(cudaBindTextureToArray(t2, a)));
    size_t off = 99;
    cudaError_t e = cudaBindTexture2D(&off, tp, p, fd, W, H, pitch);
    printf("bind pitched: %s offset %zu\n", cudaGetErrorName(e), off);
    tn.filterMode = cudaFilterModeLinear;
    tn.normalized = true;
    tn.addressMode[0] = cudaAddressModeWrap;
    tn.addressMode[1] = cudaAddressModeWrap;
    printf("bind uchar4 array: %s\n", cudaGetErrorName(cudaBindTextureToArray(tn, b, ud)));

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
        sample<<<1, n>>>(dc, n, out, outn);
        printf("launch %d: %s\n", round, cudaGetErrorName(cudaDeviceSynchronize()));
        cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
        cudaMemcpy(hn, outn, sizeof hn, cudaMemcpyDeviceToHost);
        words("array", h, n);
        words("pitched", h + n, n);
        words("uchar4 normalized", hn, 4 * n);
        t2.filterMode = cudaFilterModeLinear;
        t2.addressMode[0] = cudaAddressModeBorder;
        t2.addressMode[1] = cudaAddressModeClamp;
        tp.filterMode = cudaFilterModeLinear;
        tn.addressMode[0] = cudaAddressModeMirror;
        tn.addressMode[1] = cudaAddressModeMirror;
    }
    cudaUnbindTexture(t2);
    cudaUnbindTexture(tp);
    cudaUnbindTexture(tn);
    return 0;
}
