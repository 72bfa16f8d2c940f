// twin_ref_fetch.cu: the texture-object twin of ../texture_ref/ref_fetch.cu
// (which uses texture references, gone from nvcc 13): the same fetches,
// and the same lines, so that its GPU-recorded output is the reference
// program's expected output too.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <cstdio>
#include <cstring>

static cudaTextureObject_t linear(void *p, cudaChannelFormatDesc d, size_t bytes,
                                  cudaTextureReadMode read, cudaError_t *e)
{
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeLinear;
    rd.res.linear.devPtr = p;
    rd.res.linear.desc = d;
    rd.res.linear.sizeInBytes = bytes;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.readMode = read;
    cudaTextureObject_t t = 0;
    *e = cudaCreateTextureObject(&t, &rd, &td, NULL);
    return t;
}

__global__ void fetch_all(cudaTextureObject_t tf, cudaTextureObject_t tf4, cudaTextureObject_t ti,
                          cudaTextureObject_t ts2, cudaTextureObject_t tu, cudaTextureObject_t tu4,
                          int shift, float *f, float4 *f4, int *i, short2 *s2, float *u, float4 *u4)
{
    int k = threadIdx.x - 2;
    f[threadIdx.x] = k + shift < 20 ? tex1Dfetch<float>(tf, k + shift) : -1.0f;
    f4[threadIdx.x] = tex1Dfetch<float4>(tf4, k);
    i[threadIdx.x] = tex1Dfetch<int>(ti, k);
    s2[threadIdx.x] = tex1Dfetch<short2>(ts2, k);
    u[threadIdx.x] = tex1Dfetch<float>(tu, k);
    u4[threadIdx.x] = tex1Dfetch<float4>(tu4, k);
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

    // A reference bound at dev + 4 reads from dev, 4 bytes (one float) on:
    // the offset the binding reports.
    int align;
    cudaDeviceGetAttribute(&align, cudaDevAttrTextureAlignment, 0);
    size_t off = 4 % align;
    cudaError_t e;
    cudaTextureObject_t tf = linear(dev, cudaCreateChannelDesc<float>(), N * 4 + 4,
                                    cudaReadModeElementType, &e);
    printf("bind float at +4: %s offset %zu\n", cudaGetErrorName(e), off);
    cudaTextureObject_t tf4 = linear(dev, cudaCreateChannelDesc<float4>(), N * 16,
                                     cudaReadModeElementType, &e);
    printf("bind float4: %s\n", cudaGetErrorName(e));
    cudaTextureObject_t ti = linear(dev, cudaCreateChannelDesc<int>(), N * 4,
                                    cudaReadModeElementType, &e);
    printf("bind int: %s\n", cudaGetErrorName(e));
    cudaTextureObject_t ts2 = linear(dev, cudaCreateChannelDesc<short2>(), N * 4,
                                     cudaReadModeElementType, &e);
    printf("bind short2: %s\n", cudaGetErrorName(e));
    cudaTextureObject_t tu = linear(dev, cudaCreateChannelDesc<unsigned char>(), N,
                                    cudaReadModeNormalizedFloat, &e);
    printf("bind uchar: %s\n", cudaGetErrorName(e));
    cudaTextureObject_t tu4 = linear(dev, cudaCreateChannelDesc<uchar4>(), N * 4,
                                     cudaReadModeNormalizedFloat, &e);
    printf("bind uchar4: %s\n", cudaGetErrorName(e));
    printf("alignment offset: %s %zu\n", cudaGetErrorName(cudaSuccess), off);

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
        fetch_all<<<1, T>>>(tf, tf4, ti, ts2, tu, tu4, (int)(off / 4), f, f4, i, s2, u, u4);
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
        off = 0;
        cudaDestroyTextureObject(tf);
        cudaDestroyTextureObject(tf4);
        cudaDestroyTextureObject(ti);
        cudaDestroyTextureObject(ts2);
        cudaDestroyTextureObject(tu);
        cudaDestroyTextureObject(tu4);
        tf = linear(other, cudaCreateChannelDesc<float>(), N * 2, cudaReadModeElementType, &e);
        tf4 = linear(other, cudaCreateChannelDesc<float4>(), N * 8, cudaReadModeElementType, &e);
        ti = linear(other, cudaCreateChannelDesc<int>(), N * 2, cudaReadModeElementType, &e);
        ts2 = linear(other, cudaCreateChannelDesc<short2>(), N * 2, cudaReadModeElementType, &e);
        tu = linear(other, cudaCreateChannelDesc<unsigned char>(), N / 2,
                    cudaReadModeNormalizedFloat, &e);
        tu4 = linear(other, cudaCreateChannelDesc<uchar4>(), N * 2, cudaReadModeNormalizedFloat, &e);
    }
    printf("unbind: %s\n", cudaGetErrorName(cudaDestroyTextureObject(tf)));
    // Binding a reference at a misaligned address without asking for the
    // offset fails, as creating a texture object there does.
    cudaTextureObject_t bad = linear(dev + 4, cudaCreateChannelDesc<float>(), N * 4,
                                     cudaReadModeElementType, &e);
    if (bad)
        cudaDestroyTextureObject(bad);
    printf("misaligned without offset: %s\n", cudaGetErrorName(e));
    cudaGetLastError();
    return 0;
}
