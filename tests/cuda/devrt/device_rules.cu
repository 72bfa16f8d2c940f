// What the device runtime refuses or does differently from the host
// (CUDA guide 5.6.4.6): events of device code must disable timing; copies
// and sets may go fire-and-forget; copy kinds in device code; a kernel
// launched from device code into a stream the host created; and, last,
// cudaFree in device code of memory the host allocated.
#include <cstdio>

__global__ void add(int *p, int v) { atomicAdd(p, v); }

__global__ void rules(int *codes, int *a, int *b)
{
    cudaEvent_t e;
    codes[0] = cudaEventCreateWithFlags(&e, cudaEventDefault);
    codes[1] = cudaEventCreateWithFlags(&e, cudaEventDisableTiming);
    codes[2] = cudaEventDestroy(e);
    // Copies and sets of device memory, fire-and-forget.
    codes[3] = cudaMemsetAsync(b, 0, 2 * sizeof(int), cudaStreamFireAndForget);
    codes[4] = cudaMemcpyAsync(b + 2, a + 2, 2 * sizeof(int), cudaMemcpyDeviceToDevice,
                               cudaStreamFireAndForget);
    // Other copy kinds between device pointers, in the NULL stream.
    codes[5] = cudaMemcpyAsync(b + 4, a + 4, sizeof(int), cudaMemcpyDefault, 0);
    codes[6] = cudaMemcpyAsync(b + 5, a + 5, sizeof(int), cudaMemcpyHostToDevice, 0);
    codes[7] = cudaMemcpyAsync(b + 6, a + 6, sizeof(int), cudaMemcpyHostToHost, 0);
    codes[8] = cudaGetLastError();
}

// A stream handle of the host's.
__global__ void into_host_stream(int *codes, int *a, cudaStream_t host_stream)
{
    add<<<1, 1, 0, host_stream>>>(a + 7, 1);
    codes[9] = cudaGetLastError();
}

__global__ void free_host_memory(int *codes, int *host_mem)
{
    codes[0] = cudaFree(host_mem);
    codes[1] = cudaGetLastError();
}

int main()
{
    int *codes, *a, *b, *host_mem;
    cudaMallocManaged(&codes, 16 * sizeof(int));
    cudaMalloc(&a, 8 * sizeof(int));
    cudaMalloc(&b, 8 * sizeof(int));
    cudaMalloc(&host_mem, 64);
    int init[8] = {5, 6, 7, 8, 9, 10, 11, 0};
    cudaMemcpy(a, init, sizeof init, cudaMemcpyHostToDevice);
    cudaMemset(b, 0xff, 8 * sizeof(int));
    cudaStream_t st;
    cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking);
    for (int i = 0; i < 16; i++)
        codes[i] = -1;
    rules<<<1, 1>>>(codes, a, b);
    printf("rules: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    fflush(stdout);
    into_host_stream<<<1, 1>>>(codes, a, st);
    printf("into a host stream: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    const char *what[10] = {"event, timing on", "event, timing off", "event destroy",
                            "memset fire-and-forget", "memcpy fire-and-forget",
                            "memcpy default kind", "memcpy host-to-device kind",
                            "memcpy host-to-host kind", "last error",
                            "launch into a host stream"};
    for (int i = 0; i < 10; i++)
        printf("%-27s %s\n", what[i], cudaGetErrorName((cudaError_t)codes[i]));
    int hb[8], ha[8];
    cudaMemcpy(hb, b, sizeof hb, cudaMemcpyDeviceToHost);
    cudaMemcpy(ha, a, sizeof ha, cudaMemcpyDeviceToHost);
    printf("b:");
    for (int i = 0; i < 7; i++)
        printf(" %d", hb[i]);
    printf("\na[7] after the launch into a host stream: %d\n", ha[7]);
    fflush(stdout);

    codes[0] = codes[1] = -1;
    free_host_memory<<<1, 1>>>(codes, host_mem);
    cudaError_t e = cudaDeviceSynchronize();
    printf("device frees host-allocated memory: %s, %s (sync %s)\n",
           cudaGetErrorName((cudaError_t)codes[0]), cudaGetErrorName((cudaError_t)codes[1]),
           cudaGetErrorName(e));
    printf("host frees it after: %s\n", cudaGetErrorName(cudaFree(host_mem)));
    return 0;
}
