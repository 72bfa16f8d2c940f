// destroy_after_launch.cu: texture and surface objects destroyed right
// after the asynchronous launches that read and write them (as NVIDIA's
// NV12toBGRandResize sample does): the kernels, still queued behind a long
// one when the objects go, see them whole; and again with an object made
// after the first two were destroyed.
#include <cstdio>

__global__ void busy(float *x, int steps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = x[i];
    for (int k = 0; k < steps; k++)
        v = v * 0.999f + 0.5f;
    x[i] = v;
}

__global__ void gather(cudaTextureObject_t t, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex1Dfetch<float>(t, (i * 7) % n) * 2.0f;
}

__global__ void paint(cudaSurfaceObject_t s, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x < w && y < h)
        surf2Dwrite(x * 3 + y * 5, s, x * (int)sizeof(int), y);
}

static double sum_of(const float *d, int n)
{
    float *h = new float[n];
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h[i] * (1 + i % 5);
    delete[] h;
    return s;
}

int main()
{
    const int N = 4096, W = 96, H = 40;
    float *src, *out, *spin;
    cudaMalloc(&src, N * sizeof(float));
    cudaMalloc(&out, N * sizeof(float));
    cudaMalloc(&spin, 64 * 256 * sizeof(float));
    cudaMemset(spin, 0, 64 * 256 * sizeof(float));
    float *h = new float[N];
    for (int i = 0; i < N; i++)
        h[i] = (float)(i % 97) * 0.5f;
    cudaMemcpy(src, h, N * sizeof(float), cudaMemcpyHostToDevice);

    cudaStream_t st;
    cudaStreamCreate(&st);

    cudaResourceDesc rd = {};
    rd.resType = cudaResourceTypeLinear;
    rd.res.linear.devPtr = src;
    rd.res.linear.desc = cudaCreateChannelDesc<float>();
    rd.res.linear.sizeInBytes = N * sizeof(float);
    cudaTextureDesc td = {};
    td.readMode = cudaReadModeElementType;
    cudaTextureObject_t tex;
    printf("create texture: %s\n", cudaGetErrorName(cudaCreateTextureObject(&tex, &rd, &td, NULL)));

    cudaChannelFormatDesc cd = cudaCreateChannelDesc<int>();
    cudaArray_t arr;
    cudaMallocArray(&arr, &cd, W, H, cudaArraySurfaceLoadStore);
    cudaResourceDesc sd = {};
    sd.resType = cudaResourceTypeArray;
    sd.res.array.array = arr;
    cudaSurfaceObject_t surf;
    printf("create surface: %s\n", cudaGetErrorName(cudaCreateSurfaceObject(&surf, &sd)));

    // A long kernel first, so that the next two are still queued when the
    // objects are destroyed.
    busy<<<64, 256, 0, st>>>(spin, 20000);
    gather<<<(N + 255) / 256, 256, 0, st>>>(tex, out, N);
    paint<<<dim3((W + 63) / 64, H), 64, 0, st>>>(surf, W, H);
    printf("destroy texture: %s\n", cudaGetErrorName(cudaDestroyTextureObject(tex)));
    printf("destroy surface: %s\n", cudaGetErrorName(cudaDestroySurfaceObject(surf)));
    printf("synchronize: %s\n", cudaGetErrorName(cudaStreamSynchronize(st)));
    printf("gathered: %.1f\n", sum_of(out, N));
    int *pix = new int[W * H];
    cudaMemcpy2DFromArray(pix, W * sizeof(int), arr, 0, 0, W * sizeof(int), H, cudaMemcpyDeviceToHost);
    long long ps = 0;
    for (int i = 0; i < W * H; i++)
        ps += (long long)pix[i] * (1 + i % 3);
    printf("painted: %lld\n", ps);

    // A new object over the same memory, destroyed the same way again.
    cudaTextureObject_t tex2;
    printf("create again: %s\n", cudaGetErrorName(cudaCreateTextureObject(&tex2, &rd, &td, NULL)));
    busy<<<64, 256, 0, st>>>(spin, 20000);
    gather<<<(N + 255) / 256, 256, 0, st>>>(tex2, out, N);
    printf("destroy again: %s\n", cudaGetErrorName(cudaDestroyTextureObject(tex2)));
    printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    printf("gathered again: %.1f\n", sum_of(out, N));
    printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));

    delete[] h;
    delete[] pix;
    cudaFreeArray(arr);
    cudaFree(src);
    cudaFree(out);
    cudaFree(spin);
    cudaStreamDestroy(st);
    return 0;
}
