// legacy.cu: the runtime API that CUDA 12 and 13 removed and classic
// programs still call: cudaThreadSynchronize, cudaThreadSetLimit,
// cudaThreadGetLimit, cudaThreadExit, cudaDeviceProp::clockRate and
// deviceOverlap, the 1D array copies (cudaMemcpyToArray, FromArray,
// ArrayToArray and the Async forms), and mapped host memory through
// cudaSetDeviceFlags(cudaDeviceMapHost) and cudaHostGetDevicePointer.
// Expected output: what the twin (../texture/twin_legacy.cu), written
// with the current API, printed on a GPU.
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
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    printf("clock rate positive: %d, device overlap: %d\n", prop.clockRate > 0, prop.deviceOverlap);

    int *h, *d;
    printf("host alloc: %s\n", cudaGetErrorName(cudaHostAlloc(&h, 64 * 4, cudaHostAllocMapped)));
    printf("device pointer: %s\n", cudaGetErrorName(cudaHostGetDevicePointer(&d, h, 0)));
    triple<<<1, 64>>>(d);
    printf("thread synchronize: %s\n", cudaGetErrorName(cudaThreadSynchronize()));
    printf("mapped: %d %d %d\n", h[0], h[17], h[63]);

    printf("thread set limit: %s\n",
           cudaGetErrorName(cudaThreadSetLimit(cudaLimitMallocHeapSize, 1 << 24)));
    size_t heap = 0;
    cudaError_t e = cudaThreadGetLimit(&heap, cudaLimitMallocHeapSize);
    printf("thread get limit: %s %d\n", cudaGetErrorName(e), heap == (1 << 24));

    float src[32], back[32];
    for (int k = 0; k < 32; k++)
        src[k] = k * 0.5f;
    cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
    cudaArray_t a, b;
    cudaMallocArray(&a, &fd, 8, 4);
    cudaMallocArray(&b, &fd, 8, 4);
    printf("to array: %s\n",
           cudaGetErrorName(cudaMemcpyToArray(a, 0, 0, src, sizeof src, cudaMemcpyHostToDevice)));
    float three[3] = {-1, -2, -3};
    printf("to array, part of a row: %s\n",
           cudaGetErrorName(cudaMemcpyToArray(a, 8, 2, three, 12, cudaMemcpyHostToDevice)));
    printf("from array: %s\n",
           cudaGetErrorName(cudaMemcpyFromArray(back, a, 0, 0, sizeof back, cudaMemcpyDeviceToHost)));
    floats("array", back, 32);
    float zero[32] = {0};
    cudaMemcpyToArray(b, 0, 0, zero, sizeof zero, cudaMemcpyHostToDevice);
    printf("array to array: %s\n",
           cudaGetErrorName(cudaMemcpyArrayToArray(b, 4, 1, a, 0, 2, 16, cudaMemcpyDeviceToDevice)));
    cudaMemcpyFromArray(back, b, 0, 0, sizeof back, cudaMemcpyDeviceToHost);
    floats("copied", back, 32);
    cudaStream_t s;
    cudaStreamCreate(&s);
    float *pin;
    cudaMallocHost(&pin, sizeof src);
    for (int k = 0; k < 32; k++)
        pin[k] = 100.0f + k;
    cudaMemcpyToArrayAsync(b, 0, 0, pin, sizeof src, cudaMemcpyHostToDevice, s);
    cudaMemcpyFromArrayAsync(pin, b, 16, 3, 8, cudaMemcpyDeviceToHost, s);
    printf("async: %s\n", cudaGetErrorName(cudaStreamSynchronize(s)));
    floats("async", pin, 4);
    printf("past the end: %s\n",
           cudaGetErrorName(cudaMemcpyToArray(a, 0, 3, src, 64, cudaMemcpyHostToDevice)));
    cudaGetLastError();

    cudaStreamDestroy(s);
    cudaFreeHost(pin);
    cudaFreeArray(a);
    cudaFreeArray(b);
    cudaFreeHost(h);
    printf("thread exit: %s\n", cudaGetErrorName(cudaThreadExit()));
    return 0;
}
