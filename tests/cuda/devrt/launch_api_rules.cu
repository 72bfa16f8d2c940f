// The device runtime's launch API and named streams at their edges, as an
// H100 answers: cudaLaunchDevice into the fire-and-forget stream
// (cudaErrorInvalidValue), parameter buffers' placement whatever the
// alignment asked and beyond 4 KiB, launches through the API into
// cudaStreamPerThread and a device stream, a set into the tail launch
// stream, device cudaMalloc of 0 bytes, cudaFree(0).
#include <cstdio>
#include <cuda_device_runtime_api.h>
__global__ void note(int *p, int v) { *p = v; }
__global__ void bare() {}
__global__ void k(int *codes, int *p)
{
    char *b = (char *)cudaGetParameterBuffer(64, 16);
    *(int **)b = p;
    *(int *)(b + 8) = 7;
    codes[0] = cudaLaunchDevice((void *)note, b, dim3(1), dim3(1), 0, cudaStreamFireAndForget);
    char *c = (char *)cudaGetParameterBuffer(8, 16);
    codes[1] = (int)((unsigned long long)c % 64);
    char *d = (char *)cudaGetParameterBuffer(256, 16);
    codes[2] = (int)((unsigned long long)d % 256);
    void *e = cudaGetParameterBuffer(64, 8192);
    codes[3] = e != 0;
    codes[4] = cudaGetLastError();
    codes[5] = cudaLaunchDevice((void *)bare, 0, dim3(1), dim3(1), 0, cudaStreamPerThread);
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    codes[6] = cudaLaunchDevice((void *)bare, 0, dim3(1), dim3(1), 0, s);
    codes[7] = cudaMemsetAsync(p + 1, 0, 4, cudaStreamTailLaunch);
    codes[8] = cudaGetLastError();
    int *q = 0;
    codes[9] = cudaMalloc(&q, 0);
    codes[10] = q != 0;
    codes[11] = cudaFree(0);
}
int main()
{
    int *codes, *p;
    cudaMallocManaged(&codes, 16 * sizeof(int));
    cudaMallocManaged(&p, 16 * sizeof(int));
    p[0] = p[1] = -1;
    k<<<1, 1>>>(codes, p);
    printf("sync %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    for (int i = 0; i < 12; i++)
        printf("code %d: %d %s\n", i, codes[i], cudaGetErrorName((cudaError_t)codes[i]));
    printf("p0 %d p1 %d\n", p[0], p[1]);
    return 0;
}
