// twin_legacy.cu: the twin of ../texture_ref/legacy.cu written with the
// current API (cudaDeviceSynchronize, cudaDeviceSetLimit, device
// attributes, 2D array copies, cudaDeviceReset): the same work and the
// same lines, so that its GPU-recorded output is the legacy program's
// expected output too.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <cstdio>

__global__ void triple(int *p)
{
    p[threadIdx.x] = 3 * threadIdx.x + 1;
}

static void floats(const char *label, const float *v, int n)
{
    printf("%s:", label);
    for (int k = 0; k < n; k++)
        printf(" %g", v[k]);
    printf("\n");
}

int main()
{
    printf("set flags: %s\n", cudaGetErrorName(cudaSetDeviceFlags(cudaDeviceMapHost)));
    int clock = 0, engines = 0;
    cudaDeviceGetAttribute(&clock, cudaDevAttrClockRate, 0);
    cudaDeviceGetAttribute(&engines, cudaDevAttrAsyncEngineCount, 0);
    printf("clock rate positive: %d, device overlap: %d\n", clock > 0, engines > 0);

    int *h, *d;
    printf("host alloc: %s\n", cudaGetErrorName(cudaHostAlloc(&h, 64 * 4, cudaHostAllocMapped)));
    printf("device pointer: %s\n", cudaGetErrorName(cudaHostGetDevicePointer(&d, h, 0)));
    triple<<<1, 64>>>(d);
    printf("thread synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    printf("mapped: %d %d %d\n", h[0], h[17], h[63]);

    printf("thread set limit: %s\n",
           cudaGetErrorName(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 24)));
    size_t heap = 0;
    cudaError_t e = cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize);
    printf("thread get limit: %s %d\n", cudaGetErrorName(e), heap == (1 << 24));

    float src[32], back[32];
    for (int k = 0; k < 32; k++)
        src[k] = k * 0.5f;
    cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
    cudaArray_t a, b;
    cudaMallocArray(&a, &fd, 8, 4);
    cudaMallocArray(&b, &fd, 8, 4);
    printf("to array: %s\n",
           cudaGetErrorName(cudaMemcpy2DToArray(a, 0, 0, src, 32, 32, 4, cudaMemcpyHostToDevice)));
    float three[3] = {-1, -2, -3};
    printf("to array, part of a row: %s\n",
           cudaGetErrorName(cudaMemcpy2DToArray(a, 8, 2, three, 12, 12, 1, cudaMemcpyHostToDevice)));
    printf("from array: %s\n",
           cudaGetErrorName(cudaMemcpy2DFromArray(back, 32, a, 0, 0, 32, 4, cudaMemcpyDeviceToHost)));
    floats("array", back, 32);
    float zero[32] = {0};
    cudaMemcpy2DToArray(b, 0, 0, zero, 32, 32, 4, cudaMemcpyHostToDevice);
    printf("array to array: %s\n",
           cudaGetErrorName(cudaMemcpy2DArrayToArray(b, 4, 1, a, 0, 2, 16, 1, cudaMemcpyDeviceToDevice)));
    cudaMemcpy2DFromArray(back, 32, b, 0, 0, 32, 4, cudaMemcpyDeviceToHost);
    floats("copied", back, 32);
    cudaStream_t s;
    cudaStreamCreate(&s);
    float *pin;
    cudaMallocHost(&pin, sizeof src);
    for (int k = 0; k < 32; k++)
        pin[k] = 100.0f + k;
    cudaMemcpy2DToArrayAsync(b, 0, 0, pin, 32, 32, 4, cudaMemcpyHostToDevice, s);
    cudaMemcpy2DFromArrayAsync(pin, 8, b, 16, 3, 8, 1, cudaMemcpyDeviceToHost, s);
    printf("async: %s\n", cudaGetErrorName(cudaStreamSynchronize(s)));
    floats("async", pin, 4);
    // The deprecated call's 64 bytes from row 3 of a 4-row array: past the end.
    printf("past the end: %s\n",
           cudaGetErrorName(cudaMemcpy2DToArray(a, 0, 3, src, 32, 32, 2, cudaMemcpyHostToDevice)));
    cudaGetLastError();

    cudaStreamDestroy(s);
    cudaFreeHost(pin);
    cudaFreeArray(a);
    cudaFreeArray(b);
    cudaFreeHost(h);
    printf("thread exit: %s\n", cudaGetErrorName(cudaDeviceReset()));
    return 0;
}
