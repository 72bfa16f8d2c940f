// ref_fetch.cu: texture references over linear memory (cudaBindTexture):
// tex1Dfetch of float, float4, int, short2 and normalized-float 8-bit
// texels, out of range, an offset binding, rebinding and unbinding.
// Texture references are gone from nvcc 13: the expected output is what
// the texture-object twin (../texture/twin_ref_fetch.cu) printed on a GPU.
#include <cstdio>
#include <cstring>

texture<float, 1, cudaReadModeElementType> tf;
texture<float4, 1> tf4;
texture<int, 1> ti;
texture<short2, cudaTextureType1D, cudaReadModeElementType> ts2;
texture<unsigned char, 1, cudaReadModeNormalizedFloat> tu;
texture<uchar4, 1, cudaReadModeNormalizedFloat> tu4;

__global__ void fetch_all(int shift, float *f, float4 *f4, int *i, short2 *s2, float *u, float4 *u4)
{
    int k = threadIdx.x - 2;
    // Past the bound size the two ways of counting an offset binding
    // differ; stay inside.
    f[threadIdx.x] = k + shift < 20 ? tex1Dfetch(tf, k + shift) : -1.0f;
    f4[threadIdx.x] = tex1Dfetch(tf4, k);
    i[threadIdx.x] = tex1Dfetch(ti, k);
    s2[threadIdx.x] = tex1Dfetch(ts2, k);
    u[threadIdx.x] = tex1Dfetch(tu, k);
    u4[threadIdx.x] = tex1Dfetch(tu4, k);
}

static void words(const char *label, const void *p, int n)
{
    unsigned w[256];
    memcpy(w, p, n * 4);
    printf("%s:", label);
    for (int k = 0; k < n; k++)
        printf(" %08x", w[k]);
    printf("\n");
}

int main()
{
    const int N = 20, T = 24;
    unsigned char host[1024];
    for (int k = 0; k < 1024; k++)
        host[k] = (unsigned char)(k * 37 + 11);
    char *dev, *other;
    cudaMalloc(&dev, 1024);
    cudaMalloc(&other, 1024);
    cudaMemcpy(dev, host, 1024, cudaMemcpyHostToDevice);
    for (int k = 0; k < 1024; k++)
        host[k] = (unsigned char)(k * 5 + 1);
    cudaMemcpy(other, host, 1024, cudaMemcpyHostToDevice);

    size_t off = 99;
    cudaError_t e = cudaBindTexture(&off, tf, dev + 4, N * 4);
    printf("bind float at +4: %s offset %zu\n", cudaGetErrorName(e), off);
    e = cudaBindTexture(0, tf4, dev, cudaCreateChannelDesc<float4>(), N * 16);
    printf("bind float4: %s\n", cudaGetErrorName(e));
    printf("bind int: %s\n", cudaGetErrorName(cudaBindTexture(0, ti, dev, N * 4)));
    printf("bind short2: %s\n", cudaGetErrorName(cudaBindTexture(0, ts2, dev, N * 4)));
    printf("bind uchar: %s\n", cudaGetErrorName(cudaBindTexture(0, tu, dev, N)));
    printf("bind uchar4: %s\n", cudaGetErrorName(cudaBindTexture(0, tu4, dev, N * 4)));
    size_t align = 99;
    e = cudaGetTextureAlignmentOffset(&align, tf);
    printf("alignment offset: %s %zu\n", cudaGetErrorName(e), align);

    float *f, *u;
    float4 *f4, *u4;
    int *i;
    short2 *s2;
    cudaMalloc(&f, T * 4);
    cudaMalloc(&f4, T * 16);
    cudaMalloc(&i, T * 4);
    cudaMalloc(&s2, T * 4);
    cudaMalloc(&u, T * 4);
    cudaMalloc(&u4, T * 16);
    static unsigned char out[T * 16];
    for (int round = 0; round < 2; round++) {
        fetch_all<<<1, T>>>((int)(off / 4), f, f4, i, s2, u, u4);
        printf("launch %d: %s\n", round, cudaGetErrorName(cudaDeviceSynchronize()));
        cudaMemcpy(out, f, T * 4, cudaMemcpyDeviceToHost);
        words("float", out, T);
        cudaMemcpy(out, f4, T * 16, cudaMemcpyDeviceToHost);
        words("float4", out, T * 4);
        cudaMemcpy(out, i, T * 4, cudaMemcpyDeviceToHost);
        words("int", out, T);
        cudaMemcpy(out, s2, T * 4, cudaMemcpyDeviceToHost);
        words("short2", out, T);
        cudaMemcpy(out, u, T * 4, cudaMemcpyDeviceToHost);
        words("uchar normalized", out, T);
        cudaMemcpy(out, u4, T * 16, cudaMemcpyDeviceToHost);
        words("uchar4 normalized", out, T * 4);
        // Rebind everything to the other buffer, with fewer texels.
        off = 0;
        cudaUnbindTexture(tf);
        cudaBindTexture(0, tf, other, N * 2);
        cudaBindTexture(0, tf4, other, N * 8);
        cudaBindTexture(0, ti, other, N * 2);
        cudaBindTexture(0, ts2, other, N * 2);
        cudaBindTexture(0, tu, other, N / 2);
        cudaBindTexture(0, tu4, other, N * 2);
    }
    printf("unbind: %s\n", cudaGetErrorName(cudaUnbindTexture(tf)));
    e = cudaBindTexture(0, tf, dev + 4, N * 4);
    printf("misaligned without offset: %s\n", cudaGetErrorName(e));
    cudaGetLastError();
    return 0;
}
